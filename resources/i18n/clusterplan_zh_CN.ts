<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>cp::engine</name>
    <message>
        <source>must be at least %1, got %2</source>
        <translation>必须至少为 %1，输入为 %2</translation>
    </message>
    <message>
        <source>must be at most %1, got %2</source>
        <translation>必须至多为 %1，输入为 %2</translation>
    </message>
    <message>
        <source>must be from %1 to %2, got %3</source>
        <translation>必须在 %1 到 %2 之间，输入为 %3</translation>
    </message>
    <message>
        <source>must be above %1 and at most %2, got %3</source>
        <translation>必须大于 %1 且至多为 %2，输入为 %3</translation>
    </message>
    <message>
        <source>must be from %1 to below %2, got %3</source>
        <translation>必须在 %1 到 %2（不含）之间，输入为 %3</translation>
    </message>
    <message>
        <source>must be above %1 and below %2, got %3</source>
        <translation>必须大于 %1 且小于 %2，输入为 %3</translation>
    </message>
    <message>
        <source>must be %1, from %2 to %3, got %4</source>
        <translation>必须是%1，范围 %2 到 %3，输入为 %4</translation>
    </message>
    <message>
        <source>must be %1, above %2 to %3, got %4</source>
        <translation>必须是%1，大于 %2 且不超过 %3，输入为 %4</translation>
    </message>
    <message>
        <source>must be %1 from %2 to %3, got %4</source>
        <translation>必须是%1，范围 %2 到 %3，输入为 %4</translation>
    </message>
    <message>
        <source>%1 does not divide %2 %3</source>
        <translation>%1 不能整除 %2 个%3</translation>
    </message>
    <message>
        <source>must be a finite price from 0 to %1, got %2</source>
        <translation>必须是 0 到 %1 之间的有限价格，输入为 %2</translation>
    </message>
    <message>
        <source>must be a line rate in Gb/s, zero (any) to %1, got %2</source>
        <translation>必须是以 Gb/s 计的线速率，0（任意）到 %1，输入为 %2</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not one of: infiniband, roce, or empty (any)</source>
        <translation>“%1”不是以下之一：infiniband、roce 或留空（任意）</translation>
    </message>
    <message>
        <source>must be at least %1 and at most %2, got %3</source>
        <translation>必须至少为 %1、至多为 %2，输入为 %3</translation>
    </message>
    <message>
        <source>must be a fraction of TDP above %1 and at most %2, got %3</source>
        <translation>必须是 TDP 的比例，大于 %1 且不超过 %2，输入为 %3</translation>
    </message>
    <message>
        <source>must be zero or more watts, got %1</source>
        <translation>必须为 0 瓦或以上，输入为 %1</translation>
    </message>
    <message>
        <source>must be more than 0 watts, got %1</source>
        <translation>必须大于 0 瓦，输入为 %1</translation>
    </message>
    <message>
        <source>must be zero or more kg CO2 per kWh, got %1</source>
        <translation>必须为每千瓦时 0 千克 CO2 或以上，输入为 %1</translation>
    </message>
    <message>
        <source>must be an exchange rate above 0, got %1</source>
        <translation>必须是大于 0 的汇率，输入为 %1</translation>
    </message>
    <message>
        <source>must be a price of zero or more per kWh, got %1</source>
        <translation>必须是每千瓦时 0 或以上的价格，输入为 %1</translation>
    </message>
    <message>
        <source>must be a fraction from %1 to %2, got %3</source>
        <translation>必须是 %1 到 %2 之间的比例，输入为 %3</translation>
    </message>
    <message>
        <source>must be a fraction from %1 to below %2, got %3</source>
        <translation>必须是从 %1 到小于 %2 的比例，输入为 %3</translation>
    </message>
    <message>
        <source>must be above 0 and at most %1 years, got %2</source>
        <translation>必须大于 0 且不超过 %1 年，输入为 %2</translation>
    </message>
    <message>
        <source>must be from %1 to below %2 per GPU-hour, got %3</source>
        <translation>必须为每 GPU 小时 %1 到小于 %2，输入为 %3</translation>
    </message>
    <message>
        <source>must be 0 (no failures) or from %1 to below %2 per GPU-hour, got %3</source>
        <translation>必须为 0（无故障）或每 GPU 小时 %1 到小于 %2，输入为 %3</translation>
    </message>
    <message>
        <source>must be more than 0 bytes/s, got %1</source>
        <translation>必须大于 0 字节/秒，输入为 %1</translation>
    </message>
    <message>
        <source>must be more than 0 bytes per parameter, got %1</source>
        <translation>每个参数必须大于 0 字节，输入为 %1</translation>
    </message>
    <message>
        <source>must be zero or more seconds, got %1</source>
        <translation>必须为 0 秒或以上，输入为 %1</translation>
    </message>
    <message>
        <source>must be more than 0 seconds, got %1</source>
        <translation>必须大于 0 秒，输入为 %1</translation>
    </message>
    <message>
        <source>must be &apos;%1&apos; in the %1 slot</source>
        <translation>在“%1”位置必须为“%1”</translation>
    </message>
    <message>
        <source>must not exceed %1 attention heads, got %2</source>
        <translation>不得超过 %1 个注意力头，输入为 %2</translation>
    </message>
    <message>
        <source>is set but the model has no experts (set model.experts)</source>
        <translation>已设置，但模型没有专家（请设置 model.experts）</translation>
    </message>
    <message>
        <source>must be a finite number of tokens, zero or more (0: none, else at least 1) and at most %1, got %2</source>
        <translation>必须是有限的 token 数，0 或以上（0：无，否则至少为 1）且至多为 %1，输入为 %2</translation>
    </message>
    <message>
        <source>the GPU &apos;%1&apos; has no memory capacity</source>
        <translation>GPU“%1”没有显存容量</translation>
    </message>
    <message>
        <source>must be zero or more bytes, at most %1, got %2</source>
        <translation>必须为 0 字节或以上、至多 %1，输入为 %2</translation>
    </message>
    <message>
        <source>must be a ratio from %1 (non-blocking) to %2, got %3</source>
        <translation>必须是 %1（无阻塞）到 %2 之间的比率，输入为 %3</translation>
    </message>
    <message>
        <source>must be a positive bandwidth, got %1</source>
        <translation>必须是正的带宽，输入为 %1</translation>
    </message>
    <message>
        <source>latencies must be zero or more seconds</source>
        <translation>延迟必须为 0 秒或以上</translation>
    </message>
    <message>
        <source>efficiencies must be fractions above 0 and at most 1</source>
        <translation>效率必须是大于 0 且不超过 1 的比例</translation>
    </message>
    <message>
        <source>must be at least 1</source>
        <translation>必须至少为 1</translation>
    </message>
    <message>
        <source>must be %1 to %2 NCCL channels per NIC, got %3</source>
        <translation>每个网卡必须有 %1 到 %2 个 NCCL 通道，输入为 %3</translation>
    </message>
    <message>
        <source>a GPU needs a positive BF16 peak and memory bandwidth</source>
        <translation>GPU 需要正的 BF16 峰值算力和显存带宽</translation>
    </message>
    <message>
        <source>must be a fraction above %1 and at most %2, got %3</source>
        <translation>必须是大于 %1 且不超过 %2 的比例，输入为 %3</translation>
    </message>
    <message>
        <source>must be 0 (no limit) or a number of nodes per token, at most %1, got %2</source>
        <translation>必须为 0（不限）或每个 token 的节点数，至多 %1，输入为 %2</translation>
    </message>
    <message>
        <source>must be a positive number of parameters, at most %1, got %2</source>
        <translation>必须是正的参数数量，至多 %1，输入为 %2</translation>
    </message>
    <message>
        <source>must be a positive ratio of measured to modelled step time, got %1</source>
        <translation>必须是实测与模型步长时间之比（正数），输入为 %1</translation>
    </message>
    <message>
        <source>must be a ratio of measured to modelled step time from %1 to below %2, got %3</source>
        <translation>必须是实测与模型步长时间之比，从 %1 到小于 %2，输入为 %3</translation>
    </message>
    <message>
        <source>must be valid UTF-8 text: byte 0x%1 at offset %2 is not (typed in a Latin-1 terminal? use a UTF-8 locale, e.g. LANG=C.UTF-8)</source>
        <translation>必须是有效的 UTF-8 文本：偏移 %2 处的字节 0x%1 不是（是否在 Latin-1 终端中输入？请使用 UTF-8 区域设置，例如 LANG=C.UTF-8）</translation>
    </message>
    <message>
        <source>TP x PP x CP x DP = %1 x %2 x %3 x %4 = %5 does not equal the %6 GPUs of the cluster</source>
        <translation>TP × PP × CP × DP = %1 × %2 × %3 × %4 = %5，不等于集群的 %6 块 GPU</translation>
    </message>
    <message>
        <source>cannot be derived: TP x PP x CP = %1 does not divide the %2 GPUs of the cluster; DP can be derived with nodes in multiples of %3</source>
        <translation>无法推导：TP × PP × CP = %1 不能整除集群的 %2 块 GPU；节点数为 %3 的倍数时可推导 DP</translation>
    </message>
    <message>
        <source>cannot be derived: TP x PP x CP = %1 does not divide the %2 GPUs of the cluster; DP can be derived with TP %3 (PP %4), or nodes in multiples of %5</source>
        <translation>无法推导：TP × PP × CP = %1 不能整除集群的 %2 块 GPU；TP 为 %3（PP %4）或节点数为 %5 的倍数时可推导 DP</translation>
    </message>
    <message>
        <source>cannot be derived: TP x PP x CP = %1 does not divide the %2 GPUs of the cluster; DP can be derived with PP %3 (TP %4), or nodes in multiples of %5</source>
        <translation>无法推导：TP × PP × CP = %1 不能整除集群的 %2 块 GPU；PP 为 %3（TP %4）或节点数为 %5 的倍数时可推导 DP</translation>
    </message>
    <message>
        <source>cannot be derived: TP x PP x CP = %1 does not divide the %2 GPUs of the cluster; DP can be derived with TP %3 (PP %4), PP %5 (TP %6), or nodes in multiples of %7</source>
        <translation>无法推导：TP × PP × CP = %1 不能整除集群的 %2 块 GPU；TP 为 %3（PP %4）、PP 为 %5（TP %6）或节点数为 %7 的倍数时可推导 DP</translation>
    </message>
    <message>
        <source>%1 sequences is not a multiple of DP x micro-batch = %2 x %3</source>
        <translation>%1 条序列不是 DP × 微批次 = %2 × %3 的倍数</translation>
    </message>
    <message>
        <source>%1 pipeline stages exceed the %2 layers</source>
        <translation>%1 个流水线阶段超过了 %2 层</translation>
    </message>
    <message>
        <source>interleaving needs more than one pipeline stage (PP &gt; 1)</source>
        <translation>交错调度需要多于一个流水线阶段（PP &gt; 1）</translation>
    </message>
    <message>
        <source>%1 chunks per stage x %2 stages exceed the %3 layers</source>
        <translation>每阶段 %1 个块 × %2 个阶段超过了 %3 层</translation>
    </message>
    <message>
        <source>expert parallelism needs a mixture-of-experts model</source>
        <translation>专家并行需要混合专家（MoE）模型</translation>
    </message>
    <message>
        <source>hidden size (set head_dim for other head sizes)</source>
        <translation>隐藏维度（其他头维度请设置 head_dim）</translation>
    </message>
    <message>
        <source>attention heads</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>key/value heads</source>
        <translation>键/值头</translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation>FFN 维度</translation>
    </message>
    <message>
        <source>expert FFN size</source>
        <translation>专家 FFN 维度</translation>
    </message>
    <message>
        <source>tokens per sequence (CP needs 2 x CP chunks)</source>
        <translation>每序列 token（CP 需要 2 × CP 个块）</translation>
    </message>
    <message>
        <source>experts</source>
        <translation>专家</translation>
    </message>
    <message>
        <source>ranks of DP x CP (EP splits experts inside DP x CP)</source>
        <translation>DP × CP 的秩（EP 在 DP × CP 内划分专家）</translation>
    </message>
    <message>
        <source>GPUs of a pipeline stage, TP x DP x CP (EP x ETP must divide them)</source>
        <translation>一个流水线阶段的 GPU，即 TP × DP × CP（EP × ETP 须整除它）</translation>
    </message>
    <message>
        <source>a bandwidth in bytes/s</source>
        <translation>以字节/秒计的带宽</translation>
    </message>
    <message>
        <source>a line rate in Gb/s</source>
        <translation>以 Gb/s 计的线速率</translation>
    </message>
    <message>
        <source>a latency in seconds</source>
        <translation>以秒计的延迟</translation>
    </message>
    <message>
        <source>a capacity in bytes</source>
        <translation>以字节计的容量</translation>
    </message>
    <message>
        <source>a peak in FLOP/s</source>
        <translation>以 FLOP/s 计的峰值</translation>
    </message>
    <message>
        <source>0 (half of BF16) or a peak in FLOP/s</source>
        <translation>0（BF16 的一半）或以 FLOP/s 计的峰值</translation>
    </message>
    <message>
        <source>0 (PCIe) or a bandwidth in bytes/s</source>
        <translation>0（PCIe）或以字节/秒计的带宽</translation>
    </message>
    <message>
        <source>a power in watts</source>
        <translation>以瓦计的功率</translation>
    </message>
    <message>
        <source>kg CO2 per kWh</source>
        <translation>千克 CO2/千瓦时</translation>
    </message>
    <message>
        <source>an exchange rate</source>
        <translation>汇率</translation>
    </message>
    <message>
        <source>a price per kWh</source>
        <translation>每千瓦时价格</translation>
    </message>
    <message>
        <source>a time in years</source>
        <translation>以年计的时间</translation>
    </message>
    <message>
        <source>a size in bytes</source>
        <translation>以字节计的大小</translation>
    </message>
    <message>
        <source>a time in seconds</source>
        <translation>以秒计的时间</translation>
    </message>
    <message>
        <source>rent</source>
        <translation>租用</translation>
    </message>
    <message>
        <source>cloud</source>
        <translation>云</translation>
    </message>
    <message>
        <source>purchase</source>
        <translation>购买</translation>
    </message>
    <message>
        <source>memory = weights + gradients + optimizer states + activations + loss/logits + ZeRO-3 working set + communication buffers + fp8 weight copies + TP-overlap buffers + CP ring buffers + cuBLAS workspaces + framework + fragmentation</source>
        <translation>显存 = 权重 + 梯度 + 优化器状态 + 激活 + 损失/logits + ZeRO-3 工作集 + 通信缓冲区 + fp8 权重副本 + TP 重叠缓冲区 + CP 环形缓冲区 + cuBLAS 工作区 + 框架 + 碎片</translation>
    </message>
    <message>
        <source>headroom = GPU capacity - memory per GPU (negative: does not fit)</source>
        <translation>余量 = GPU 容量 − 每 GPU 显存（负值：放不下）</translation>
    </message>
    <message>
        <source>step = (compute + exposed TP + PP + DP + EP + CP + bubble + optimizer) x site calibration</source>
        <translation>步长 = （计算 + 暴露的 TP + PP + DP + EP + CP + 气泡 + 优化器）× 站点校准</translation>
    </message>
    <message>
        <source>tokens/s = global batch x sequence length / step time</source>
        <translation>token/秒 = 全局批次 × 序列长度 / 步长时间</translation>
    </message>
    <message>
        <source>MFU = model FLOPs per step / (step time x GPUs x peak FLOP/s per GPU)</source>
        <translation>MFU = 每步模型 FLOPs / （步长时间 × GPU 数 × 每 GPU 峰值 FLOP/s）</translation>
    </message>
    <message>
        <source>time = token budget / tokens/s / goodput (0 without a token budget)</source>
        <translation>时间 = token 预算 / token/秒 / 有效产出率（无 token 预算时为 0）</translation>
    </message>
    <message>
        <source>IT = nodes x (GPUs per node x TDP x draw factor + node overhead) + switches + optics + storage</source>
        <translation>IT = 节点数 × （每节点 GPU 数 × TDP × 功耗系数 + 节点开销）+ 交换机 + 光模块 + 存储</translation>
    </message>
    <message>
        <source>facility = IT power x PUE</source>
        <translation>设施 = IT 功率 × PUE</translation>
    </message>
    <message>
        <source>per run = months billed x cost per month; months = real time to train / 730 h (whole months when the list bills by the month)</source>
        <translation>每次训练 = 计费月数 × 每月费用；月数 = 实际训练时间 / 730 小时（价目表按月计费时取整月）</translation>
    </message>
    <message>
        <source> or </source>
        <extracomment>joins the last two numbers of a list in a validation message: &quot;TP 1, 2 or 4&quot;</extracomment>
        <translation> 或 </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>a validation problem: the key in the scenario file, then what is wrong with it</extracomment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>unknown fabric &apos;%1&apos;</source>
        <translation>未知的网络“%1”</translation>
    </message>
    <message>
        <source>%1 GPUs are not a whole number of %2-GPU nodes</source>
        <translation>%1 块 GPU 不是整数个 %2 卡节点</translation>
    </message>
    <message>
        <source>weak scaling gives %1 x %2 / %3, not a whole number of sequences</source>
        <translation>弱扩展得到 %1 × %2 / %3，不是整数条序列</translation>
    </message>
    <message>
        <source>needs %1 GiB per GPU, capacity %2 GiB</source>
        <translation>每 GPU 需要 %1 GiB，容量为 %2 GiB</translation>
    </message>
    <message>
        <source>no layout is feasible</source>
        <translation>没有可行的布局</translation>
    </message>
    <message>
        <source>%1 — %2: %3</source>
        <extracomment>a validation problem: the input&apos;s label, its key in the scenario file, what is wrong with it</extracomment>
        <translation>%1 — %2：%3</translation>
    </message>
    <message>
        <source>must be an object</source>
        <translation>必须是对象</translation>
    </message>
    <message>
        <source>is out of range</source>
        <translation>超出范围</translation>
    </message>
    <message>
        <source>must be a whole number</source>
        <translation>必须是整数</translation>
    </message>
    <message>
        <source>must be a number</source>
        <translation>必须是数字</translation>
    </message>
    <message>
        <source>must be true or false</source>
        <translation>必须是 true 或 false</translation>
    </message>
    <message>
        <source>&apos;%1&apos; is not one of: %2</source>
        <translation>“%1”不是以下之一：%2</translation>
    </message>
    <message>
        <source>must be a string</source>
        <translation>必须是字符串</translation>
    </message>
    <message>
        <source>unknown model preset &apos;%1&apos; (see &apos;clusterplan-cli catalog models&apos;)</source>
        <translation>未知的模型预设“%1”（见 clusterplan-cli catalog models）</translation>
    </message>
    <message>
        <source>must be a size in billions of parameters, above 0 and at most 100000</source>
        <translation>必须是以十亿参数计的规模，大于 0 且不超过 100000</translation>
    </message>
    <message>
        <source>unknown GPU &apos;%1&apos; (see &apos;clusterplan-cli catalog gpus&apos;)</source>
        <translation>未知的 GPU“%1”（见 clusterplan-cli catalog gpus）</translation>
    </message>
    <message>
        <source>must be a positive number of bytes</source>
        <translation>必须是正的字节数</translation>
    </message>
    <message>
        <source>unknown fabric &apos;%1&apos; (see &apos;clusterplan-cli catalog fabrics&apos;)</source>
        <translation>未知的网络“%1”（见 clusterplan-cli catalog fabrics）</translation>
    </message>
    <message>
        <source>a scenario must be a JSON object</source>
        <translation>方案必须是 JSON 对象</translation>
    </message>
    <message>
        <source>unknown key (did you mean &apos;%1&apos;?)</source>
        <translation>未知的键（是否想输入“%1”？）</translation>
    </message>
    <message>
        <source>unknown key (valid keys here: %1)</source>
        <translation>未知的键（此处有效的键：%1）</translation>
    </message>
    <message>
        <source>is a directory, not a file</source>
        <translation>是目录，不是文件</translation>
    </message>
    <message>
        <source>is a named pipe (FIFO), not a regular file</source>
        <translation>是命名管道（FIFO），不是普通文件</translation>
    </message>
    <message>
        <source>is a character device (such as /dev/zero), not a regular file</source>
        <translation>是字符设备（如 /dev/zero），不是普通文件</translation>
    </message>
    <message>
        <source>is a block device, not a regular file</source>
        <translation>是块设备，不是普通文件</translation>
    </message>
    <message>
        <source>is a socket, not a regular file</source>
        <translation>是套接字，不是普通文件</translation>
    </message>
    <message>
        <source>is not a regular file</source>
        <translation>不是普通文件</translation>
    </message>
    <message>
        <source>is %1 MiB, more than the limit of %2 MiB for this file</source>
        <translation>大小为 %1 MiB，超过此类文件 %2 MiB 的上限</translation>
    </message>
    <message>
        <source>grew past the limit of %1 MiB for this file while it was read</source>
        <translation>在读取过程中增长，超过了此类文件 %1 MiB 的上限</translation>
    </message>
    <message>
        <source>cannot read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>line %1, column %2</source>
        <translation>第 %1 行第 %2 列</translation>
    </message>
    <message>
        <source>not valid JSON: syntax error while parsing %1 - %2; last read: &apos;%3&apos;</source>
        <translation>不是有效的 JSON：解析%1时出现语法错误 - %2；最后读到：“%3”</translation>
    </message>
    <message>
        <source>not valid JSON: syntax error while parsing %1 - %2; last read: &apos;%3&apos;; expected %4</source>
        <translation>不是有效的 JSON：解析%1时出现语法错误 - %2；最后读到：“%3”；应为%4</translation>
    </message>
    <message>
        <source>not valid JSON: syntax error while parsing %1 - unexpected %2</source>
        <translation>不是有效的 JSON：解析%1时出现语法错误 - 意外的%2</translation>
    </message>
    <message>
        <source>not valid JSON: syntax error while parsing %1 - unexpected %2; expected %3</source>
        <translation>不是有效的 JSON：解析%1时出现语法错误 - 意外的%2；应为%3</translation>
    </message>
    <message>
        <source>not valid JSON: syntax error while parsing %1 - invalid string: control character %2 must be escaped to %3; last read: &apos;%4&apos;</source>
        <translation>不是有效的 JSON：解析%1时出现语法错误 - 无效字符串：控制字符 %2 必须转义为 %3；最后读到：“%4”</translation>
    </message>
    <message>
        <source>not valid JSON: syntax error while parsing %1 - invalid string: control character %2 must be escaped to %3; last read: &apos;%4&apos;; expected %5</source>
        <translation>不是有效的 JSON：解析%1时出现语法错误 - 无效字符串：控制字符 %2 必须转义为 %3；最后读到：“%4”；应为%5</translation>
    </message>
    <message>
        <source>not valid JSON: %1</source>
        <translation>不是有效的 JSON：%1</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>object key</source>
        <translation>对象键</translation>
    </message>
    <message>
        <source>object separator</source>
        <translation>对象分隔符</translation>
    </message>
    <message>
        <source>object</source>
        <translation>对象</translation>
    </message>
    <message>
        <source>array</source>
        <translation>数组</translation>
    </message>
    <message>
        <source>true literal</source>
        <translation>true 字面量</translation>
    </message>
    <message>
        <source>false literal</source>
        <translation>false 字面量</translation>
    </message>
    <message>
        <source>null literal</source>
        <translation>null 字面量</translation>
    </message>
    <message>
        <source>string literal</source>
        <translation>字符串</translation>
    </message>
    <message>
        <source>number literal</source>
        <translation>数字</translation>
    </message>
    <message>
        <source>end of input</source>
        <translation>输入结尾</translation>
    </message>
    <message>
        <source>&apos;[&apos;, &apos;{&apos;, or a literal</source>
        <translation>“[”、“{”或字面量</translation>
    </message>
    <message>
        <source>unknown token</source>
        <translation>未知记号</translation>
    </message>
    <message>
        <source>invalid literal</source>
        <translation>无效的字面量</translation>
    </message>
    <message>
        <source>invalid string: missing closing quote</source>
        <translation>无效字符串：缺少右引号</translation>
    </message>
    <message>
        <source>invalid string: ill-formed UTF-8 byte</source>
        <translation>无效字符串：UTF-8 字节格式错误</translation>
    </message>
    <message>
        <source>invalid string: &apos;\u&apos; must be followed by 4 hex digits</source>
        <translation>无效字符串：“\u”后必须跟 4 位十六进制数字</translation>
    </message>
    <message>
        <source>invalid string: surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF</source>
        <translation>无效字符串：代理项 U+D800..U+DBFF 之后必须跟 U+DC00..U+DFFF</translation>
    </message>
    <message>
        <source>invalid string: surrogate U+DC00..U+DFFF must follow U+D800..U+DBFF</source>
        <translation>无效字符串：代理项 U+DC00..U+DFFF 必须跟在 U+D800..U+DBFF 之后</translation>
    </message>
    <message>
        <source>invalid string: forbidden character after backslash</source>
        <translation>无效字符串：反斜杠后是不允许的字符</translation>
    </message>
    <message>
        <source>invalid comment; missing closing &apos;*/&apos;</source>
        <translation>无效注释；缺少结尾的“*/”</translation>
    </message>
    <message>
        <source>invalid comment; expecting &apos;/&apos; or &apos;*&apos; after &apos;/&apos;</source>
        <translation>无效注释；“/”之后应为“/”或“*”</translation>
    </message>
    <message>
        <source>invalid number; expected digit after &apos;-&apos;</source>
        <translation>无效数字；“-”之后应为数字</translation>
    </message>
    <message>
        <source>invalid number; expected digit after &apos;.&apos;</source>
        <translation>无效数字；“.”之后应为数字</translation>
    </message>
    <message>
        <source>invalid number; expected &apos;+&apos;, &apos;-&apos;, or digit after exponent</source>
        <translation>无效数字；指数之后应为“+”、“-”或数字</translation>
    </message>
    <message>
        <source>invalid number; expected digit after exponent sign</source>
        <translation>无效数字；指数符号之后应为数字</translation>
    </message>
    <message>
        <source>invalid BOM; must be 0xEF 0xBB 0xBF if given</source>
        <translation>无效的 BOM；如有，必须为 0xEF 0xBB 0xBF</translation>
    </message>
    <message>
        <source>No such file or directory</source>
        <translation>没有那个文件或目录</translation>
    </message>
    <message>
        <source>Permission denied</source>
        <translation>权限不够</translation>
    </message>
    <message>
        <source>Not a directory</source>
        <translation>不是目录</translation>
    </message>
    <message>
        <source>Too many levels of symbolic links</source>
        <translation>符号链接的层数过多</translation>
    </message>
    <message>
        <source>File name too long</source>
        <translation>文件名过长</translation>
    </message>
    <message>
        <source>Input/output error</source>
        <translation>输入/输出错误</translation>
    </message>
    <message>
        <source>Is a directory</source>
        <translation>是一个目录</translation>
    </message>
    <message>
        <source>%1 model (derived)</source>
        <extracomment>a scenario&apos;s derived name: a standard shape derived from a size alone, e.g. &quot;70B model (derived)&quot;</extracomment>
        <translation>%1参数模型（由规模推导）</translation>
    </message>
    <message>
        <source>Custom %1 model</source>
        <extracomment>a scenario&apos;s derived name: a model shape typed by the user, by its size, e.g. &quot;Custom 70.6B model&quot;</extracomment>
        <translation>自定义 %1参数模型</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>fabric and tuning</comment>
        <extracomment>a fabric in a scenario&apos;s derived name: its short name, then its tuning: &quot;RoCE 400G tuned&quot;</extracomment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 on %2x %3, %4</source>
        <extracomment>a scenario&apos;s derived name: model, GPU count, GPU, fabric: &quot;LLaMA-65B on 32x A100 80GB SXM, IB HDR&quot;</extracomment>
        <translation>%1，%2 块 %3，%4</translation>
    </message>
    <message>
        <source>%1 on %2x %3</source>
        <extracomment>a scenario&apos;s derived name on one node (no fabric): &quot;Llama 3 8B on 8x H100 SXM 80GB&quot;</extracomment>
        <translation>%1，%2 块 %3</translation>
    </message>
    <message>
        <source>per month = (hardware + network and storage + capital + support + facility + bandwidth + storage + services + electricity) x (1 + VAT)</source>
        <translation>每月 = （硬件 + 网络与存储 + 资金成本 + 支持 + 机房 + 带宽 + 存储 + 服务 + 电费）× （1 + 增值税）</translation>
    </message>
    <message>
        <source>fp8 needs FP8 tensor cores, which the %1 does not have</source>
        <translation>fp8 训练需要 FP8 张量核心，而 %1 没有</translation>
    </message>
    <message>
        <source>0 (no FP8 units) or a peak in FLOP/s</source>
        <translation>0（无 FP8 单元）或以 FLOP/s 计的峰值</translation>
    </message>
</context>
<context>
    <name>cp::ui::BreakdownChart</name>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1
%2 of the total</source>
        <extracomment>Hover read-out of a part of a bar: its name and value, then its share of the whole bar</extracomment>
        <translation>%1
占总量 %2</translation>
    </message>
</context>
<context>
    <name>cp::ui::ChartExport</name>
    <message>
        <source>The size must be %1 to %2 pixels a side and the resolution 24 to 2400 DPI.</source>
        <translation>每边尺寸须为 %1 到 %2 像素，分辨率须为 24 到 2400 DPI。</translation>
    </message>
    <message>
        <source>%1 — clusterplan</source>
        <translation>%1 — clusterplan</translation>
    </message>
    <message>
        <source>Scenario: %1 — %2 — clusterplan</source>
        <extracomment>Footer of an exported chart: the scenario&apos;s name, then the date</extracomment>
        <translation>方案：%1 — %2 — clusterplan</translation>
    </message>
    <message>
        <source>Unknown chart format: use a .png, .svg or .pdf file name.</source>
        <translation>未知的图表格式：请使用 .png、.svg 或 .pdf 文件名。</translation>
    </message>
    <message>
        <source>Unknown table format: use a .csv or .json file name.</source>
        <translation>未知的表格格式：请使用 .csv 或 .json 文件名。</translation>
    </message>
    <message>
        <source>Export as PNG</source>
        <translation>导出为 PNG</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source> DPI</source>
        <translation> DPI</translation>
    </message>
    <message>
        <source>Width</source>
        <translation>宽度</translation>
    </message>
    <message>
        <source>Height</source>
        <translation>高度</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>分辨率</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>SVG drawings (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Cannot export the chart</source>
        <translation>无法导出图表</translation>
    </message>
    <message>
        <source>CSV tables (*.csv)</source>
        <translation>CSV 表格 (*.csv)</translation>
    </message>
    <message>
        <source>JSON files (*.json)</source>
        <translation>JSON 文件 (*.json)</translation>
    </message>
    <message>
        <source>Cannot export the data</source>
        <translation>无法导出数据</translation>
    </message>
    <message>
        <source>Export as PNG…</source>
        <translation>导出为 PNG…</translation>
    </message>
    <message>
        <source>Export as SVG…</source>
        <translation>导出为 SVG…</translation>
    </message>
    <message>
        <source>Export as PDF…</source>
        <translation>导出为 PDF…</translation>
    </message>
    <message>
        <source>Copy chart</source>
        <translation>复制图表</translation>
    </message>
    <message>
        <source>Export data as CSV…</source>
        <translation>导出数据为 CSV…</translation>
    </message>
    <message>
        <source>Export data as JSON…</source>
        <translation>导出数据为 JSON…</translation>
    </message>
    <message>
        <source>Export table as CSV…</source>
        <translation>将表格导出为 CSV…</translation>
    </message>
    <message>
        <source>Export table as JSON…</source>
        <translation>将表格导出为 JSON…</translation>
    </message>
    <message>
        <source>Cannot export the table</source>
        <translation>无法导出表格</translation>
    </message>
    <message>
        <source>Unknown picture format: use a .png or .svg file name.</source>
        <translation>未知的图片格式：请使用 .png 或 .svg 文件名。</translation>
    </message>
    <message>
        <source>Cannot export the picture</source>
        <translation>无法导出图片</translation>
    </message>
    <message>
        <source>Chart</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>表格</translation>
    </message>
    <message>
        <source>Picture</source>
        <translation>图片</translation>
    </message>
    <message>
        <source>Nothing on this page to export</source>
        <translation>本页没有可导出的内容</translation>
    </message>
</context>
<context>
    <name>cp::ui::ComparePage</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>+%1</source>
        <translation>+%1</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>%1 (shape derived from its size)</source>
        <translation>%1（由规模推导的结构）</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Layers × hidden size</source>
        <translation>层数 × 隐藏层维度</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>GPUs (nodes × GPUs per node)</source>
        <translation>GPU 数（节点 × 每节点 GPU）</translation>
    </message>
    <message>
        <source>%1 (%2 × %3)</source>
        <translation>%1（%2 × %3）</translation>
    </message>
    <message>
        <source>%1:1</source>
        <translation>%1:1</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个 token</translation>
    </message>
    <message>
        <source>%1 sequences</source>
        <translation>%1 条序列</translation>
    </message>
    <message>
        <source>Activation recomputation</source>
        <translation>激活重计算</translation>
    </message>
    <message>
        <source>Virtual pipeline (VPP)</source>
        <translation>虚拟流水线（VPP）</translation>
    </message>
    <message>
        <source>%1 (derived)</source>
        <translation>%1（推导）</translation>
    </message>
    <message>
        <source>Training tokens</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>Fits in GPU memory</source>
        <translation>显存是否够用</translation>
    </message>
    <message>
        <source>✓ fits, %1 to spare</source>
        <translation>✓ 够用，余 %1</translation>
    </message>
    <message>
        <source>✗ %1 short</source>
        <translation>✗ 差 %1</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Edited scenario</source>
        <translation>正在编辑的方案</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>%1 (baseline)</source>
        <translation>%1（基准）</translation>
    </message>
    <message>
        <source>%1 (invalid)</source>
        <translation>%1（无效）</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>%1  (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>Seconds per optimizer step</source>
        <translation>每个优化步的秒数</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每块 GPU 的显存占用</translation>
    </message>
    <message>
        <source>GiB, the peak pipeline stage</source>
        <translation>GiB，占用最高的流水线阶段</translation>
    </message>
    <message>
        <source>GPU capacity</source>
        <translation>显存容量</translation>
    </message>
    <message>
        <source>Compare:</source>
        <translation>对比：</translation>
    </message>
    <message>
        <source>Only differences</source>
        <translation>只看差异</translation>
    </message>
    <message>
        <source>Hide the rows where every scenario has the same value</source>
        <translation>隐藏所有方案取值相同的行</translation>
    </message>
    <message>
        <source>Pick two to four scenarios from the library (or the edited one) in the boxes above, or select them in the library and press Compare. Cells that differ from the first scenario (the baseline) are highlighted.</source>
        <translation>在上方的下拉框中从方案库（或正在编辑的方案）选两到四个方案，或在方案库中选中后点“对比”。与第一个方案（基准）不同的单元格会高亮显示。</translation>
    </message>
    <message>
        <source>A scenario to compare; the first is the baseline</source>
        <translation>要对比的方案；第一个为基准</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>“%1” cannot be read from the library: %2</source>
        <translation>无法从方案库读取“%1”：%2</translation>
    </message>
    <message>
        <source>“%1” is no longer in the library (it was deleted) and was taken out of the comparison.</source>
        <translation>“%1”已不在方案库中（已被删除），已从对比中移除。</translation>
    </message>
    <message>
        <source>built-in rule</source>
        <translation>内置规则</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
</context>
<context>
    <name>cp::ui::ExplainDialog</name>
    <message>
        <source>Why this number: %1</source>
        <translation>数字从何而来：%1</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入项</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Unit</source>
        <translation>单位</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
</context>
<context>
    <name>cp::ui::FabricCharts</name>
    <message>
        <source>Seed article&apos;s claims</source>
        <translation>原文说法</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Throughput (M tokens/s)</source>
        <translation>吞吐（百万 token/秒）</translation>
    </message>
    <message>
        <source>MFU (%)</source>
        <translation>算力利用率 MFU（%）</translation>
    </message>
    <message>
        <source>Scaling efficiency (%)</source>
        <translation>扩展效率（%）</translation>
    </message>
    <message>
        <source>Time to train (days)</source>
        <translation>训练时长（天）</translation>
    </message>
    <message>
        <source>Cost per run</source>
        <translation>单次训练成本</translation>
    </message>
    <message>
        <source>Advantage of the first fabric (%)</source>
        <translation>第一种网络的领先幅度（%）</translation>
    </message>
    <message>
        <source>Cost per run (M %1)</source>
        <translation>单次训练成本（百万 %1）</translation>
    </message>
    <message>
        <source>gap %1%2</source>
        <translation>差距 %1%2</translation>
    </message>
    <message>
        <source>seed: %1</source>
        <translation>原文：%1</translation>
    </message>
    <message>
        <source>the job runs inside one node, on NVLink, so the fabric carries none of its traffic</source>
        <translation>作业在单个节点内经 NVLink 通信，网络不承载任何流量</translation>
    </message>
    <message>
        <source>the job fits under one leaf switch, so ECMP has nothing to collide on</source>
        <translation>作业只用到一台叶交换机，ECMP 没有可以冲突的上行链路</translation>
    </message>
    <message>
        <source>its network traffic hides behind compute on both fabrics</source>
        <translation>两种网络上的通信都被计算掩盖</translation>
    </message>
    <message>
        <source>%1 moves its traffic as fast as %2 here</source>
        <translation>此规模下 %1 的通信与 %2 一样快</translation>
    </message>
    <message>
        <source>Equal within 0.5% at %1 GPUs: %2</source>
        <extracomment>%1 GPU count, %2 the reason</extracomment>
        <translation>%1 张 GPU：相差不到 0.5%，%2</translation>
    </message>
    <message>
        <source>the best layouts differ, and compute, bubble and optimizer time change by %1 per step on %2</source>
        <translation>两者的最佳布局不同，%2 上每步的计算、气泡和优化器时间变化 %1</translation>
    </message>
    <message>
        <source>data-parallel</source>
        <translation>数据并行</translation>
    </message>
    <message>
        <source>expert all-to-all</source>
        <translation>专家 all-to-all </translation>
    </message>
    <message>
        <source>context-parallel</source>
        <translation>上下文并行</translation>
    </message>
    <message>
        <source>pipeline</source>
        <translation>流水线</translation>
    </message>
    <message>
        <source>tensor-parallel</source>
        <translation>张量并行</translation>
    </message>
    <message>
        <source>mostly exposed %1 traffic, %2 per step on %3</source>
        <extracomment>%1 kind of traffic, %2 extra time per step, %3 the slower fabric</extracomment>
        <translation>主要是未被掩盖的%1通信：%3 上每步 %2</translation>
    </message>
    <message>
        <source>%1 is %2 faster at %3 GPUs: %4</source>
        <extracomment>%1 the faster fabric, %2 its lead, %3 GPU count, %4 the reason</extracomment>
        <translation>%3 张 GPU：%1 快 %2，%4</translation>
    </message>
    <message>
        <source>%1 saves %2 per month</source>
        <translation>%1 每月节省 %2</translation>
    </message>
    <message>
        <source>%1 costs %2 more per month</source>
        <translation>%1 每月多花 %2</translation>
    </message>
    <message>
        <source>both cost the same per month</source>
        <translation>两者每月费用相同</translation>
    </message>
    <message>
        <source>%1; %2.</source>
        <extracomment>a verdict, then what the fabric does to the monthly bill</extracomment>
        <translation>%1；%2。</translation>
    </message>
    <message>
        <source>Why: extra time per step, by cause</source>
        <translation>差距来源：每步多出的时间（按原因）</translation>
    </message>
    <message>
        <source>Why: extra %1 per step on %2 vs %3, by cause</source>
        <extracomment>%1 the unit (seconds, milliseconds), %2 the compared fabric, %3 the reference fabric</extracomment>
        <translation>差距来源：%2 相对 %3 每步多出的%1（按原因）</translation>
    </message>
    <message>
        <source>Does not fit in GPU memory</source>
        <translation>GPU 显存放不下</translation>
    </message>
    <message>
        <source>Your layout, while the best one is searched</source>
        <translation>你的布局（最优布局仍在搜索中）</translation>
    </message>
    <message>
        <source>Layout: %1</source>
        <extracomment>A point&apos;s layout in a chart&apos;s hover text</extracomment>
        <translation>布局：%1</translation>
    </message>
    <message>
        <source>latency</source>
        <translation>时延</translation>
    </message>
    <message>
        <source>layout change</source>
        <translation>布局变化</translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>milliseconds</source>
        <translation>毫秒</translation>
    </message>
    <message>
        <source>microseconds</source>
        <translation>微秒</translation>
    </message>
    <message>
        <source>Extra %1 per step</source>
        <translation>每步多出的时间（%1）</translation>
    </message>
    <message>
        <source>the best layouts differ (%1 on %2, %3 on %4), %5 per step on %6 from the change of layout</source>
        <extracomment>%1 the reference&apos;s layout, %2 the reference fabric, %3 the other layout, %4 the other fabric, %5 extra time per step, %6 the slower fabric</extracomment>
        <translation>最优布局不同（%2 上为 %1，%4 上为 %3），布局变化使 %6 每步多 %5</translation>
    </message>
    <message>
        <source>mostly latency (per message %1, per switch hop %2), %3 per step on %4; more bandwidth or tuning does not shorten it</source>
        <extracomment>%1 per-message latency, %2 per-hop latency, %3 the sum per step, %4 the slower fabric</extracomment>
        <translation>主要是时延（每条消息 %1，每跳交换机 %2），%4 每步多 %3；增加带宽或调优都无法缩短</translation>
    </message>
    <message>
        <source>mostly compute slowed by hidden %1 traffic, %2 per step on %3</source>
        <extracomment>%1 kind of traffic, %2 extra time per step, %3 the slower fabric</extracomment>
        <translation>主要是被隐藏的%1通信拖慢了计算，%3 每步多 %2</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>micro-batch %1</source>
        <translation>微批次 %1</translation>
    </message>
    <message>
        <source>%1 −%2</source>
        <extracomment>a step part and how much less GPU time per token it takes, e.g. &quot;TP communication −93%&quot;</extracomment>
        <translation>%1 −%2</translation>
    </message>
    <message>
        <source>is not a valid layout on %1 GPUs</source>
        <extracomment>why the larger size&apos;s layout does not run at the smallest size: a rule of the layout</extracomment>
        <translation>在 %1 张 GPU 上不是有效布局</translation>
    </message>
    <message>
        <source>needs %1 per GPU on %2 GPUs</source>
        <extracomment>why the larger size&apos;s layout does not run at the smallest size: memory, e.g. &quot;needs 95.2 GiB per GPU on 16 GPUs&quot;</extracomment>
        <translation>在 %2 张 GPU 上每卡需要 %1</translation>
    </message>
    <message>
        <source>Above 100%: at %1 GPUs the same work takes less GPU time per token than at %2 GPUs: %3.</source>
        <translation>超过 100%：%1 张 GPU 时每个 token 所需的 GPU 时间少于 %2 张 GPU 时：%3。</translation>
    </message>
    <message>
        <source>Above 100%: less GPU time per token at %1 GPUs.</source>
        <translation>超过 100%：%1 张 GPU 时每个 token 所需的 GPU 时间更少。</translation>
    </message>
    <message>
        <source>Scaling efficiency is tokens/s per GPU against the smallest size that runs (%1 GPUs). It reaches %2 at %3 GPUs (%4), where per token %5 take less GPU time.</source>
        <translation>扩展效率是每张 GPU 的 token/秒，相对于能运行的最小规模（%1 张 GPU）。在 %3 张 GPU（%4）时达到 %2，此时每个 token 的 %5 所需 GPU 时间更少。</translation>
    </message>
    <message>
        <source>Above 100%: at %1 GPUs the best layout is %2; it %3, where the best that fits is %4. Per token: %5.</source>
        <translation>超过 100%：%1 张 GPU 时最佳布局是 %2；它%3，而那里放得下的最佳布局是 %4。每个 token：%5。</translation>
    </message>
    <message>
        <source>Above 100%: %1 (%2 GPUs) does not run on %3 GPUs, which run the slower %4.</source>
        <translation>超过 100%：%1（%2 张 GPU）在 %3 张 GPU 上无法运行，那里只能运行较慢的 %4。</translation>
    </message>
    <message>
        <source>Scaling efficiency is tokens/s per GPU against the smallest size that runs (%1 GPUs), where the fastest layout that fits is %2. At %3 GPUs the best layout is %4 (it %5), reaching %6; per token, %7 take less GPU time.</source>
        <translation>扩展效率是每张 GPU 的 token/秒，相对于能运行的最小规模（%1 张 GPU），在那里放得下的最快布局是 %2。在 %3 张 GPU 时最佳布局是 %4（它%5），达到 %6；每个 token 的 %7 所需 GPU 时间更少。</translation>
    </message>
    <message>
        <source>Above 100%: why? Hover over the chart</source>
        <translation>超过 100%：原因？将鼠标悬停在图上</translation>
    </message>
    <message>
        <source>%1 (your fabric)</source>
        <extracomment>a fabric&apos;s name, marked as the one the scenario uses</extracomment>
        <translation>%1（您的网络）</translation>
    </message>
    <message>
        <source>Only %1 is swept: there is nothing to compare it with.</source>
        <translation>只扫描了 %1：没有可比较的对象。</translation>
    </message>
    <message>
        <source>%1 has no size where it and %2 both have a valid result</source>
        <translation>%1 与 %2 没有都有有效结果的规模</translation>
    </message>
    <message>
        <source>%1 matches %2 up to %3 GPUs</source>
        <extracomment>%1 a fabric, %2 the reference fabric, %3 GPU count</extracomment>
        <translation>%1 在 %3 张 GPU 以内与 %2 持平</translation>
    </message>
    <message>
        <source>matches it again at %1 GPUs</source>
        <translation>在 %1 张 GPU 时再次持平</translation>
    </message>
    <message>
        <source>loses %1 at %2 GPUs</source>
        <translation>在 %2 张 GPU 时慢 %1</translation>
    </message>
    <message>
        <source>gains %1 at %2 GPUs</source>
        <translation>在 %2 张 GPU 时快 %1</translation>
    </message>
    <message>
        <source>%1 matches %2 up to %3 GPUs, then %4</source>
        <extracomment>%1 a fabric, %2 the reference, %3 GPU count, %4 what happens at the largest size</extracomment>
        <translation>%1 在 %3 张 GPU 以内与 %2 持平，之后%4</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1%2</translation>
    </message>
    <message>
        <source>costs %1 less per month</source>
        <translation>每月便宜 %1</translation>
    </message>
    <message>
        <source>costs %1 more per month</source>
        <translation>每月贵 %1</translation>
    </message>
    <message>
        <source>costs the same</source>
        <translation>费用相同</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <extracomment>what a fabric does for the job, then what it costs</extracomment>
        <translation>%1，并且%2</translation>
    </message>
    <message>
        <source>; %1 saves enough time to pay its higher price from %2 GPUs on</source>
        <extracomment>%1 the dearer fabric, %2 GPU count</extracomment>
        <translation>；从 %2 张 GPU 起，%1 节省的时间足以抵消其更高的价格</translation>
    </message>
    <message>
        <source>For this job, %1.</source>
        <extracomment>the bottom line of the fabric comparison; %1 what each fabric does, separated by semicolons</extracomment>
        <translation>对这个作业：%1。</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>Best layout found for each size and fabric</source>
        <translation>每个规模和网络各取搜索到的最佳并行布局</translation>
    </message>
    <message>
        <source>Your layout held: TP, PP, CP and EP as in the plan, DP follows the size</source>
        <translation>保持您的并行布局：TP、PP、CP、EP 与方案相同，DP 随规模变化</translation>
    </message>
</context>
<context>
    <name>cp::ui::FabricComparisonPage</name>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 张 GPU</translation>
    </message>
    <message>
        <source>Fabrics</source>
        <translation>网络方案</translation>
    </message>
    <message>
        <source>Seed article&apos;s claims</source>
        <translation>原文说法</translation>
    </message>
    <message>
        <source>Overlay the seed article&apos;s IB-vs-RoCE claims as reference points</source>
        <translation>将原文关于 IB 与 RoCE 的说法作为参考点叠加显示</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>The scenario has problems: fix the marked inputs to compare fabrics.</source>
        <translation>方案有问题：请先修正标出的输入，再比较组网方案。</translation>
    </message>
    <message>
        <source>Running %1 estimates…</source>
        <translation>正在计算 %1 个估算…</translation>
    </message>
    <message>
        <source>Canceled.</source>
        <translation>已取消。</translation>
    </message>
    <message>
        <source>Best layout per size</source>
        <translation>每个规模取最佳并行布局</translation>
    </message>
    <message>
        <source>Hold my layout</source>
        <translation>保持我的并行布局</translation>
    </message>
    <message>
        <source>Best: for each size and fabric, the planner&apos;s fastest feasible layout. Hold: TP, PP, CP and EP as in the scenario, DP follows the GPU count.</source>
        <translation>最佳：每个规模和网络方案下，规划器找到的最快可行布局。保持：TP、PP、CP、EP 与方案一致，DP 随 GPU 数变化。</translation>
    </message>
    <message>
        <source>Strong scaling</source>
        <translation>强扩展</translation>
    </message>
    <message>
        <source>Weak scaling</source>
        <translation>弱扩展</translation>
    </message>
    <message>
        <source>Strong: the global batch is held. Weak: the batch per GPU is held.</source>
        <translation>强扩展：全局批量不变。弱扩展：每张 GPU 的批量不变。</translation>
    </message>
    <message>
        <source>Log time axis</source>
        <translation>时间轴用对数刻度</translation>
    </message>
    <message>
        <source>Cluster sizes from</source>
        <translation>集群规模从</translation>
    </message>
    <message>
        <source>up to</source>
        <translation>到</translation>
    </message>
    <message>
        <source>Searching the best layout at %1 points…</source>
        <translation>正在为 %1 个点搜索最佳布局…</translation>
    </message>
    <message>
        <source>Best layout found at %1 of %2 sizes; the others show the held layout (dotted) until their search ends.</source>
        <extracomment>while the best layout is searched size by size</extracomment>
        <translation>已为 %2 个规模中的 %1 个找到最佳并行布局；其余规模在搜索结束前显示保持的布局（点线）。</translation>
    </message>
    <message>
        <source>No estimate at %1 GPUs: the held layout does not divide them (choose &quot;Best layout per size&quot;).</source>
        <translation>%1 张 GPU 时无法估算：保持的并行布局无法整除这些 GPU（可选择“每个规模取最佳并行布局”）。</translation>
    </message>
    <message>
        <source>No feasible layout at %1 GPUs.</source>
        <translation>%1 张 GPU 时没有可行的布局。</translation>
    </message>
    <message>
        <source>Does not fit in GPU memory at %1 GPUs: drawn hollow, not a valid result.</source>
        <translation>%1 张 GPU 时显存放不下：以空心点表示，不是有效结果。</translation>
    </message>
    <message>
        <source>The seed article&apos;s claims are about A100/H100 clusters of 8-32 GPUs; this scenario is not of that class.</source>
        <translation>原文说法针对 8-32 张 A100/H100 的集群；当前方案不属于此类。</translation>
    </message>
    <message>
        <source>The verdicts follow when every size has its best layout.</source>
        <translation>每个规模都找到最佳并行布局后给出结论。</translation>
    </message>
    <message>
        <source>No size where both fabrics have a valid result.</source>
        <translation>没有两种网络都有有效结果的规模。</translation>
    </message>
    <message>
        <source>%1 against %2, size by size</source>
        <translation>%1 对比 %2（逐个规模）</translation>
    </message>
    <message>
        <source>%1, %2 GPUs: %3</source>
        <extracomment>a size of the comparison without a result: the fabric, the number of GPUs, why</extracomment>
        <translation>%1，%2 块 GPU：%3</translation>
    </message>
</context>
<context>
    <name>cp::ui::Fields</name>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>The scenario&apos;s name, as charts, reports and saved files show it; empty: derived from what it is.</source>
        <translation>场景名称，显示在图表、报告和保存的文件中；留空：按场景内容自动生成。</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>A model preset from the catalog; its shape sets the model&apos;s sizes.</source>
        <translation>目录中的预设模型；其结构决定模型的各项尺寸。</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Total parameters; a standard Llama-style shape of that size is derived.</source>
        <translation>参数总量；据此推导出该规模的标准 Llama 式结构。</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Transformer blocks, each an attention layer and an MLP.</source>
        <translation>Transformer 块的数量，每块包含一个注意力层和一个 MLP。</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <source>Width of each token&apos;s vector between the layers (the model dimension).</source>
        <translation>各层之间每个 token 向量的宽度（模型维度）。</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>Query heads of each attention layer.</source>
        <translation>每个注意力层的查询头数。</translation>
    </message>
    <message>
        <source>Key/value heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <source>Key/value heads: as many as the attention heads for multi-head attention, fewer for grouped-query (GQA), one for multi-query (MQA).</source>
        <translation>键/值头数：多头注意力与注意力头数相同，分组查询（GQA）更少，多查询（MQA）为 1。</translation>
    </message>
    <message>
        <source>Head size</source>
        <translation>头维度</translation>
    </message>
    <message>
        <source>Size of each attention head; 0: hidden size / attention heads.</source>
        <translation>每个注意力头的维度；0：隐藏维度 / 注意力头数。</translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation>FFN 维度</translation>
    </message>
    <message>
        <source>Inner size of each MLP (feed-forward) block.</source>
        <translation>每个 MLP（前馈）块的中间维度。</translation>
    </message>
    <message>
        <source>MLP type</source>
        <translation>MLP 类型</translation>
    </message>
    <message>
        <source>SwiGLU (three matrices, gated) or GELU (two matrices).</source>
        <translation>SwiGLU（三个矩阵，门控）或 GELU（两个矩阵）。</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>Tokens the tokenizer knows: the rows of the embedding and of the output layer.</source>
        <translation>分词器的词表大小：嵌入层和输出层的行数。</translation>
    </message>
    <message>
        <source>Tied embeddings</source>
        <translation>共享嵌入</translation>
    </message>
    <message>
        <source>The output layer shares the input embedding&apos;s weights.</source>
        <translation>输出层与输入嵌入共享权重。</translation>
    </message>
    <message>
        <source>Normalisation</source>
        <translation>归一化</translation>
    </message>
    <message>
        <source>LayerNorm (with a bias) or RMSNorm.</source>
        <translation>LayerNorm（带偏置）或 RMSNorm。</translation>
    </message>
    <message>
        <source>Linear biases</source>
        <translation>线性层偏置</translation>
    </message>
    <message>
        <source>The linear layers carry bias vectors.</source>
        <translation>线性层带有偏置向量。</translation>
    </message>
    <message>
        <source>Learned positions</source>
        <translation>可学习位置</translation>
    </message>
    <message>
        <source>Positions of a learned position embedding (GPT-2, OPT); 0: rotary or none.</source>
        <translation>可学习位置嵌入的位置数（GPT-2、OPT）；0：旋转位置编码或无。</translation>
    </message>
    <message>
        <source>Attention</source>
        <translation>注意力</translation>
    </message>
    <message>
        <source>Multi-head, grouped-query or multi-head latent attention (MLA).</source>
        <translation>多头、分组查询或多头潜在注意力（MLA）。</translation>
    </message>
    <message>
        <source>Experts</source>
        <translation>专家数</translation>
    </message>
    <message>
        <source>Routed experts of each mixture-of-experts (MoE) layer; 0: a dense model.</source>
        <translation>每个混合专家（MoE）层的路由专家数；0：稠密模型。</translation>
    </message>
    <message>
        <source>Experts per token</source>
        <translation>每 token 专家数</translation>
    </message>
    <message>
        <source>Routed experts each token is sent to (top-k).</source>
        <translation>每个 token 被路由到的专家数（top-k）。</translation>
    </message>
    <message>
        <source>Shared experts</source>
        <translation>共享专家</translation>
    </message>
    <message>
        <source>Experts every token uses besides the routed ones (DeepSeek).</source>
        <translation>除路由专家外每个 token 都使用的专家（DeepSeek）。</translation>
    </message>
    <message>
        <source>Expert FFN size</source>
        <translation>专家 FFN 维度</translation>
    </message>
    <message>
        <source>Inner size of each expert&apos;s MLP; 0: the FFN size.</source>
        <translation>每个专家 MLP 的中间维度；0：与 FFN 维度相同。</translation>
    </message>
    <message>
        <source>Dense layers</source>
        <translation>稠密层</translation>
    </message>
    <message>
        <source>Leading layers with a dense MLP instead of experts.</source>
        <translation>开头几层使用稠密 MLP 而非专家。</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Tokens in each training sequence (the context length).</source>
        <translation>每个训练序列的 token 数（上下文长度）。</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Sequences one GPU runs through one forward and backward pass.</source>
        <translation>一块 GPU 在一次前向和反向传播中处理的序列数。</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批次</translation>
    </message>
    <message>
        <source>Sequences per optimizer step, over every data-parallel replica and micro-batch.</source>
        <translation>每个优化器步的序列数，涵盖所有数据并行副本和微批次。</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Number format of the matrix multiplications; bf16 and fp16 keep fp32 master weights.</source>
        <translation>矩阵乘法的数值格式；bf16 和 fp16 保留 fp32 主权重。</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>Adam (AdamW) keeps two fp32 moments per parameter, SGD one momentum, 8-bit Adam two 1-byte moments.</source>
        <translation>Adam（AdamW）每个参数保存两个 fp32 矩，SGD 保存一个动量，8 位 Adam 保存两个 1 字节的矩。</translation>
    </message>
    <message>
        <source>Gradient type</source>
        <translation>梯度类型</translation>
    </message>
    <message>
        <source>Recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>Activations computed again in the backward pass instead of stored: none, selective (attention) or full (every layer).</source>
        <translation>在反向传播中重新计算而非保存的激活：无、选择性（注意力）或完全（每一层）。</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>How data-parallel replicas share the model state: stage 1 splits the optimizer states, 2 also the gradients, 3 (FSDP) also the weights; distopt is Megatron-LM&apos;s distributed optimizer.</source>
        <translation>数据并行副本如何分摊模型状态：阶段 1 切分优化器状态，阶段 2 还切分梯度，阶段 3（FSDP）还切分权重；distopt 为 Megatron-LM 的分布式优化器。</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout</translation>
    </message>
    <message>
        <source>Dropout layers; their masks are kept for the backward pass.</source>
        <translation>Dropout 层；其掩码保存到反向传播使用。</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>Flash Attention</translation>
    </message>
    <message>
        <source>Fused attention kernels that never store the attention matrix.</source>
        <translation>融合的注意力内核，从不保存注意力矩阵。</translation>
    </message>
    <message>
        <source>Token budget</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>Tokens the whole run trains on; sets its time and cost (0: no budget).</source>
        <translation>整个训练所用的 token 数；决定训练时间和成本（0：无预算）。</translation>
    </message>
    <message>
        <source>TP communication overlap</source>
        <translation>TP 通信重叠</translation>
    </message>
    <message>
        <source>Hides tensor-parallel collectives behind the matrix multiplications (Megatron-Core).</source>
        <translation>将张量并行的集合通信隐藏在矩阵乘法之后（Megatron-Core）。</translation>
    </message>
    <message>
        <source>DP overlap</source>
        <translation>DP 重叠</translation>
    </message>
    <message>
        <source>Reduces gradients during the backward pass instead of after it.</source>
        <translation>在反向传播过程中而非之后归约梯度。</translation>
    </message>
    <message>
        <source>Gradient bucket</source>
        <translation>梯度桶</translation>
    </message>
    <message>
        <source>Parameters per gradient all-reduce bucket.</source>
        <translation>每个梯度 all-reduce 桶的参数数。</translation>
    </message>
    <message>
        <source>NCCL buffer size</source>
        <translation>NCCL 缓冲区大小</translation>
    </message>
    <message>
        <source>NCCL_BUFFSIZE: NCCL&apos;s buffer for each channel and peer; it counts in memory, not in speed.</source>
        <translation>NCCL_BUFFSIZE：NCCL 为每个通道和每个对端分配的缓冲区；只计入显存，不影响速度估算。</translation>
    </message>
    <message>
        <source>MoE dispatch type</source>
        <translation>MoE 分发类型</translation>
    </message>
    <message>
        <source>Element type of the expert-parallel dispatch all-to-all (the combine stays bf16).</source>
        <translation>专家并行分发 all-to-all 的元素类型（合并仍为 bf16）。</translation>
    </message>
    <message>
        <source>MoE node limit</source>
        <translation>MoE 节点上限</translation>
    </message>
    <message>
        <source>Node-limited routing: the most nodes a token is sent to (0: no limit; DeepSeek-V3: 4).</source>
        <translation>节点受限路由：一个 token 最多发往的节点数（0：不限；DeepSeek-V3：4）。</translation>
    </message>
    <message>
        <source>Software stack</source>
        <translation>软件栈</translation>
    </message>
    <message>
        <source>The training framework: its kernel fusion, launch overhead and pipeline engine.</source>
        <translation>训练框架：其内核融合、启动开销和流水线引擎。</translation>
    </message>
    <message>
        <source>Deployment</source>
        <translation>部署</translation>
    </message>
    <message>
        <source>Where the job runs: typical (anyone&apos;s cluster and software) or vendor (NVIDIA&apos;s own published recipes on its reference clusters); the Megatron stacks reach less outside them.</source>
        <translation>作业运行在哪里：typical（任何人的集群和软件）或 vendor（NVIDIA 在其参考集群上发布的配方）；在参考集群之外，Megatron 系列框架达到的速度更低。</translation>
    </message>
    <message>
        <source>FP8 attention</source>
        <translation>FP8 注意力</translation>
    </message>
    <message>
        <source>With fp8 precision, the attention core runs in fp8 too (fp8 recipes keep it in bf16).</source>
        <translation>在 fp8 精度下，注意力核心也以 fp8 运行（fp8 方案通常保持 bf16）。</translation>
    </message>
    <message>
        <source>Tensor parallel (TP)</source>
        <translation>张量并行（TP）</translation>
    </message>
    <message>
        <source>Tensor parallelism: each layer&apos;s matrices are split across this many GPUs, usually inside one node.</source>
        <translation>张量并行：每层的矩阵切分到这么多块 GPU 上，通常在一个节点内。</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP)</source>
        <translation>流水线并行（PP）</translation>
    </message>
    <message>
        <source>Pipeline parallelism: the layers are split into this many stages that pass activations on.</source>
        <translation>流水线并行：各层分成这么多个依次传递激活的阶段。</translation>
    </message>
    <message>
        <source>Interleaved chunks (VPP)</source>
        <translation>交错分块（VPP）</translation>
    </message>
    <message>
        <source>Virtual pipeline parallelism: model chunks per pipeline stage (interleaved schedule); a smaller pipeline bubble for more communication.</source>
        <translation>虚拟流水线并行：每个流水线阶段的模型块数（交错调度）；以更多通信换取更小的流水线气泡。</translation>
    </message>
    <message>
        <source>Data parallel (DP)</source>
        <translation>数据并行（DP）</translation>
    </message>
    <message>
        <source>Data parallelism: copies of the model, each training on its share of the batch; 0: derived from the GPU count.</source>
        <translation>数据并行：模型的副本数，每个副本训练批次中的一部分；0：由 GPU 数推导。</translation>
    </message>
    <message>
        <source>Context parallel (CP)</source>
        <translation>上下文并行（CP）</translation>
    </message>
    <message>
        <source>Context parallelism: each sequence is split across this many GPUs (for long sequences).</source>
        <translation>上下文并行：每个序列切分到这么多块 GPU 上（用于长序列）。</translation>
    </message>
    <message>
        <source>Expert parallel (EP)</source>
        <translation>专家并行（EP）</translation>
    </message>
    <message>
        <source>Expert parallelism: a mixture-of-experts layer&apos;s experts are split across this many GPUs (with ETP, over TP x DP x CP).</source>
        <translation>专家并行：混合专家层的专家分布到这么多块 GPU 上（与 ETP 一起，分布在 TP × DP × CP 上）。</translation>
    </message>
    <message>
        <source>Expert tensor parallel (ETP)</source>
        <translation>专家张量并行（ETP）</translation>
    </message>
    <message>
        <source>Expert tensor parallelism: each expert&apos;s matrices are split across this many GPUs; EP x ETP divides TP x DP x CP. 0: TP where EP fits inside DP x CP, else 1.</source>
        <translation>专家张量并行：每个专家的矩阵分布到这么多块 GPU 上；EP × ETP 须整除 TP × DP × CP。0：EP 能放进 DP × CP 时取 TP，否则取 1。</translation>
    </message>
    <message>
        <source>Sequence parallel (SP)</source>
        <translation>序列并行（SP）</translation>
    </message>
    <message>
        <source>Sequence parallelism: with TP, the norms and dropout are split along the sequence too.</source>
        <translation>序列并行：配合 TP，归一化和 dropout 也沿序列维切分。</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>The accelerator, from the catalog: memory, peak FLOP/s and power.</source>
        <translation>目录中的加速器：显存、峰值 FLOP/s 和功耗。</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU</translation>
    </message>
    <message>
        <source>GPUs in each server, joined by NVLink (or PCIe).</source>
        <translation>每台服务器中的 GPU 数，通过 NVLink（或 PCIe）互连。</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>Servers in the cluster.</source>
        <translation>集群中的服务器数。</translation>
    </message>
    <message>
        <source>Fabric</source>
        <translation>组网</translation>
    </message>
    <message>
        <source>The scale-out network between the nodes: InfiniBand or RoCE, its speed and tuning.</source>
        <translation>节点之间的横向扩展网络：InfiniBand 或 RoCE，及其速率和调优。</translation>
    </message>
    <message>
        <source>NICs per node</source>
        <translation>每节点网卡</translation>
    </message>
    <message>
        <source>Scale-out network cards per server (usually one per GPU).</source>
        <translation>每台服务器的横向扩展网卡数（通常每块 GPU 一张）。</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>How the switches are wired: one switch, a two- or three-tier fat tree, or rail-optimised.</source>
        <translation>交换机的连接方式：单交换机、两层或三层胖树，或轨道优化。</translation>
    </message>
    <message>
        <source>Oversubscription</source>
        <translation>收敛比</translation>
    </message>
    <message>
        <source>Leaf switches&apos; down:up port ratio; 1 is non-blocking, 2 halves each node&apos;s bandwidth across the spine.</source>
        <translation>叶交换机下行与上行端口之比；1 为无阻塞，2 使每个节点跨脊交换机的带宽减半。</translation>
    </message>
    <message>
        <source>GPU memory</source>
        <translation>GPU 显存</translation>
    </message>
    <message>
        <source>Memory capacity of one GPU.</source>
        <translation>单块 GPU 的显存容量。</translation>
    </message>
    <message>
        <source>BF16 peak</source>
        <translation>BF16 峰值</translation>
    </message>
    <message>
        <source>Dense BF16 peak of one GPU.</source>
        <translation>单块 GPU 的稠密 BF16 峰值。</translation>
    </message>
    <message>
        <source>FP8 peak</source>
        <translation>FP8 峰值</translation>
    </message>
    <message>
        <source>FP32 peak</source>
        <translation>FP32 峰值</translation>
    </message>
    <message>
        <source>FP32 peak of one GPU; 0: half of BF16.</source>
        <translation>单块 GPU 的 FP32 峰值；0：BF16 的一半。</translation>
    </message>
    <message>
        <source>Memory bandwidth</source>
        <translation>显存带宽</translation>
    </message>
    <message>
        <source>Bandwidth of one GPU&apos;s memory.</source>
        <translation>单块 GPU 的显存带宽。</translation>
    </message>
    <message>
        <source>NVLink bandwidth</source>
        <translation>NVLink 带宽</translation>
    </message>
    <message>
        <source>Bandwidth of one GPU into the node&apos;s NVLink domain; 0: PCIe.</source>
        <translation>单块 GPU 接入节点 NVLink 域的带宽；0：PCIe。</translation>
    </message>
    <message>
        <source>TDP</source>
        <translation>TDP</translation>
    </message>
    <message>
        <source>Board power of one GPU.</source>
        <translation>单块 GPU 的板卡功耗。</translation>
    </message>
    <message>
        <source>Achievable matmul fraction</source>
        <translation>可达矩阵乘法比例</translation>
    </message>
    <message>
        <source>Share of the peak the best large matrix multiplication reaches (MAMF).</source>
        <translation>最优大矩阵乘法所能达到的峰值比例（MAMF）。</translation>
    </message>
    <message>
        <source>Tile size</source>
        <translation>分块大小</translation>
    </message>
    <message>
        <source>Matrix tile edge of the GPU&apos;s GEMM kernels; 0: no tile quantisation.</source>
        <translation>GPU GEMM 内核的矩阵分块边长；0：不计分块量化。</translation>
    </message>
    <message>
        <source>Streaming multiprocessors</source>
        <translation>流式多处理器</translation>
    </message>
    <message>
        <source>Streaming multiprocessors of one GPU; 0: no wave quantisation.</source>
        <translation>单块 GPU 的流式多处理器数；0：不计波次量化。</translation>
    </message>
    <message>
        <source>NIC line rate</source>
        <translation>网卡线速</translation>
    </message>
    <message>
        <source>Line rate of one scale-out NIC.</source>
        <translation>单张横向扩展网卡的线速。</translation>
    </message>
    <message>
        <source>NIC bus bandwidth</source>
        <translation>网卡总线带宽</translation>
    </message>
    <message>
        <source>Bandwidth one NIC delivers to NCCL collectives.</source>
        <translation>单张网卡为 NCCL 集合通信提供的带宽。</translation>
    </message>
    <message>
        <source>Base latency</source>
        <translation>基础延迟</translation>
    </message>
    <message>
        <source>Latency of one message end to end.</source>
        <translation>一条消息的端到端延迟。</translation>
    </message>
    <message>
        <source>Switch latency</source>
        <translation>交换机延迟</translation>
    </message>
    <message>
        <source>Latency added by each switch hop.</source>
        <translation>每经过一跳交换机增加的延迟。</translation>
    </message>
    <message>
        <source>Switch ports</source>
        <translation>交换机端口</translation>
    </message>
    <message>
        <source>Ports of one switch.</source>
        <translation>单台交换机的端口数。</translation>
    </message>
    <message>
        <source>Queue pairs</source>
        <translation>队列对</translation>
    </message>
    <message>
        <source>RDMA queue pairs per connection, over which traffic is spread.</source>
        <translation>每个连接的 RDMA 队列对数，流量分散在其上。</translation>
    </message>
    <message>
        <source>Load-balance efficiency</source>
        <translation>负载均衡效率</translation>
    </message>
    <message>
        <source>Share of the bandwidth left by uneven spreading over the spine.</source>
        <translation>脊交换机上流量分布不均后剩余的带宽比例。</translation>
    </message>
    <message>
        <source>Congestion-control efficiency</source>
        <translation>拥塞控制效率</translation>
    </message>
    <message>
        <source>Share of the bandwidth left by congestion control.</source>
        <translation>拥塞控制后剩余的带宽比例。</translation>
    </message>
    <message>
        <source>NCCL channels</source>
        <translation>NCCL 通道</translation>
    </message>
    <message>
        <source>NCCL channels per NIC.</source>
        <translation>每张网卡的 NCCL 通道数。</translation>
    </message>
    <message>
        <source>Framework memory</source>
        <translation>框架显存</translation>
    </message>
    <message>
        <source>Memory the framework and CUDA context take on each GPU.</source>
        <translation>框架和 CUDA 上下文在每块 GPU 上占用的显存。</translation>
    </message>
    <message>
        <source>Communication buffers</source>
        <translation>通信缓冲区</translation>
    </message>
    <message>
        <source>Memory of NCCL&apos;s buffers on each GPU.</source>
        <translation>NCCL 缓冲区在每块 GPU 上占用的显存。</translation>
    </message>
    <message>
        <source>Fragmentation</source>
        <translation>碎片</translation>
    </message>
    <message>
        <source>Share of the memory lost to the allocator&apos;s fragmentation.</source>
        <translation>因分配器碎片而损失的显存比例。</translation>
    </message>
    <message>
        <source>Memory headroom</source>
        <translation>显存余量</translation>
    </message>
    <message>
        <source>Share of the memory kept free as a margin.</source>
        <translation>作为余量保留的空闲显存比例。</translation>
    </message>
    <message>
        <source>Site calibration</source>
        <translation>现场校准</translation>
    </message>
    <message>
        <source>Measured step time of a pilot run over the modelled one; scales every time.</source>
        <translation>试运行实测步时与模型步时之比；按此缩放所有时间。</translation>
    </message>
    <message>
        <source>Calibration note</source>
        <translation>校准说明</translation>
    </message>
    <message>
        <source>Where the site calibration comes from.</source>
        <translation>现场校准的来源。</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <source>Power usage effectiveness: facility power over IT power.</source>
        <translation>电能使用效率：设施总功率与 IT 功率之比。</translation>
    </message>
    <message>
        <source>Average GPU draw</source>
        <translation>GPU 平均功耗</translation>
    </message>
    <message>
        <source>Average GPU power while training, as a fraction of its TDP.</source>
        <translation>训练期间 GPU 的平均功耗，占其 TDP 的比例。</translation>
    </message>
    <message>
        <source>Node overhead</source>
        <translation>节点其余功耗</translation>
    </message>
    <message>
        <source>Power of a node besides its GPUs (CPUs, memory, fans); unset: calibrated to the DGX maximum.</source>
        <translation>节点除 GPU 以外的功耗（CPU、内存、风扇）；未设置：按 DGX 最大功耗校准。</translation>
    </message>
    <message>
        <source>Switch power</source>
        <translation>交换机功耗</translation>
    </message>
    <message>
        <source>Power of one switch without its optics; unset: by port rate.</source>
        <translation>单台交换机（不含光模块）的功耗；未设置：按端口速率估算。</translation>
    </message>
    <message>
        <source>Transceiver power</source>
        <translation>光模块功耗</translation>
    </message>
    <message>
        <source>Power of one optical transceiver; unset: 16 W per 800G, scaled by rate.</source>
        <translation>单个光模块的功耗；未设置：800G 为 16 瓦，按速率缩放。</translation>
    </message>
    <message>
        <source>Storage power</source>
        <translation>存储功耗</translation>
    </message>
    <message>
        <source>Power of the shared storage, per compute node.</source>
        <translation>共享存储的功耗，按每个计算节点计。</translation>
    </message>
    <message>
        <source>Rack power limit</source>
        <translation>机柜功率上限</translation>
    </message>
    <message>
        <source>Power one rack can be fed and cooled with; sets how many nodes share a rack.</source>
        <translation>单个机柜可供电和散热的功率；决定每个机柜容纳的节点数。</translation>
    </message>
    <message>
        <source>Grid carbon intensity</source>
        <translation>电网碳强度</translation>
    </message>
    <message>
        <source>CO2 the grid emits per kWh drawn.</source>
        <translation>电网每供应 1 千瓦时电排放的 CO2。</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <source>Currency of the results.</source>
        <translation>结果使用的货币。</translation>
    </message>
    <message>
        <source>Exchange rate</source>
        <translation>汇率</translation>
    </message>
    <message>
        <source>CNY per USD, set by you and never fetched; converts prices given in the other currency.</source>
        <translation>每美元兑人民币的汇率，由您设定、从不联网获取；用于换算以另一种货币给出的价格。</translation>
    </message>
    <message>
        <source>Electricity price</source>
        <translation>电价</translation>
    </message>
    <message>
        <source>Price of one kWh of electricity (paid separately only when purchasing).</source>
        <translation>每千瓦时电价（仅在购买时单独支付）。</translation>
    </message>
    <message>
        <source>Electricity price currency</source>
        <translation>电价货币</translation>
    </message>
    <message>
        <source>Currency the electricity price is given in.</source>
        <translation>电价所用的货币。</translation>
    </message>
    <message>
        <source>Payment</source>
        <translation>付费方式</translation>
    </message>
    <message>
        <source>How the cluster is paid for: rent per server-month, cloud per GPU-hour, or purchase.</source>
        <translation>集群的付费方式：按服务器·月租用、按 GPU·小时云服务，或购买。</translation>
    </message>
    <message>
        <source>Budget headroom</source>
        <translation>预算余量</translation>
    </message>
    <message>
        <source>Margin added to each budget category, as a fraction.</source>
        <translation>加到每个预算类别上的余量比例。</translation>
    </message>
    <message>
        <source>VAT</source>
        <translation>增值税</translation>
    </message>
    <message>
        <source>Value-added tax on prices, as a fraction.</source>
        <translation>价格上的增值税税率（比例）。</translation>
    </message>
    <message>
        <source>Amortisation</source>
        <translation>折旧年限</translation>
    </message>
    <message>
        <source>Years a purchase is paid off over.</source>
        <translation>购买成本分摊的年数。</translation>
    </message>
    <message>
        <source>Failure rate</source>
        <translation>故障率</translation>
    </message>
    <message>
        <source>Job interruptions per GPU-hour; with the restart time and checkpoints, sets the time lost to failures.</source>
        <translation>每 GPU·小时的作业中断次数；与重启时间和检查点一起决定因故障损失的时间。</translation>
    </message>
    <message>
        <source>Checkpoint write bandwidth</source>
        <translation>检查点写入带宽</translation>
    </message>
    <message>
        <source>Checkpoint size</source>
        <translation>检查点大小</translation>
    </message>
    <message>
        <source>Bytes saved per parameter; unset: weights and optimizer states.</source>
        <translation>每个参数保存的字节数；未设置：权重和优化器状态。</translation>
    </message>
    <message>
        <source>Restart after a failure</source>
        <translation>故障后重启</translation>
    </message>
    <message>
        <source>Time to detect a failure, reschedule and reload the last checkpoint.</source>
        <translation>检测故障、重新调度并加载最近检查点所需的时间。</translation>
    </message>
    <message>
        <source>Checkpoint interval</source>
        <translation>检查点间隔</translation>
    </message>
    <message>
        <source>Time between checkpoints; unset: the Young/Daly optimum.</source>
        <translation>两次检查点之间的时间；未设置：Young/Daly 最优值。</translation>
    </message>
    <message>
        <source>CNY per USD</source>
        <translation>美元兑人民币汇率</translation>
    </message>
    <message>
        <source>FLOP/s</source>
        <translation>FLOP/s</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Gb/s</source>
        <translation>Gb/s</translation>
    </message>
    <message>
        <source>NICs</source>
        <translation>张网卡</translation>
    </message>
    <message>
        <source>W</source>
        <translation>瓦</translation>
    </message>
    <message>
        <source>W per node</source>
        <translation>瓦/节点</translation>
    </message>
    <message>
        <source>billion parameters</source>
        <translation>十亿参数</translation>
    </message>
    <message>
        <source>bytes</source>
        <translation>字节</translation>
    </message>
    <message>
        <source>bytes per parameter</source>
        <translation>字节/参数</translation>
    </message>
    <message>
        <source>bytes/s</source>
        <translation>字节/秒</translation>
    </message>
    <message>
        <source>chunks per stage</source>
        <translation>块/阶段</translation>
    </message>
    <message>
        <source>kg CO2 per kWh</source>
        <translation>千克 CO2/千瓦时</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>层</translation>
    </message>
    <message>
        <source>nodes</source>
        <translation>个节点</translation>
    </message>
    <message>
        <source>of TDP</source>
        <translation>TDP 占比</translation>
    </message>
    <message>
        <source>parameters</source>
        <translation>个参数</translation>
    </message>
    <message>
        <source>per GPU-hour</source>
        <translation>每 GPU·小时</translation>
    </message>
    <message>
        <source>per NIC</source>
        <translation>每网卡</translation>
    </message>
    <message>
        <source>per connection</source>
        <translation>每连接</translation>
    </message>
    <message>
        <source>per kWh</source>
        <translation>每千瓦时</translation>
    </message>
    <message>
        <source>ports</source>
        <translation>个端口</translation>
    </message>
    <message>
        <source>positions</source>
        <translation>个位置</translation>
    </message>
    <message>
        <source>replicas</source>
        <translation>个副本</translation>
    </message>
    <message>
        <source>s</source>
        <translation>秒</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>条序列</translation>
    </message>
    <message>
        <source>stages</source>
        <translation>个阶段</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>years</source>
        <translation>年</translation>
    </message>
    <message>
        <source>TP asynchronous gradient</source>
        <translation>TP 异步梯度</translation>
    </message>
    <message>
        <source>Sends the TP backward&apos;s input-gradient all-reduce while the weight-gradient GEMM runs (Megatron).</source>
        <translation>在计算权重梯度 GEMM 的同时发送 TP 反向传播的输入梯度 all-reduce（Megatron）。</translation>
    </message>
    <message>
        <source>FlashAttention-2 rate</source>
        <translation>FlashAttention-2 速率</translation>
    </message>
    <message>
        <source>Share of FlashAttention-3&apos;s rate that PyTorch&apos;s FlashAttention-2 kernels reach on this GPU.</source>
        <translation>PyTorch 的 FlashAttention-2 内核在此 GPU 上达到的 FlashAttention-3 速率的比例。</translation>
    </message>
    <message>
        <source>Selective-op recomputation</source>
        <translation>算子级选择性重计算</translation>
    </message>
    <message>
        <source>Selective recomputation as torchtitan&apos;s op policy: every op but the attention kernel and every other matmul runs again.</source>
        <translation>按 torchtitan 的算子策略进行选择性重计算：除注意力内核和每隔一个的矩阵乘法外，所有算子都重新计算。</translation>
    </message>
    <message>
        <source>Recomputed modules</source>
        <translation>重计算的模块</translation>
    </message>
    <message>
        <source>What selective recomputation also recomputes: none, or the norms, the MLP activation and the MLA up-projections.</source>
        <translation>选择性重计算额外重算的部分：无，或归一化层、MLP 激活函数和 MLA 上投影。</translation>
    </message>
    <message>
        <source>Optimizer state type</source>
        <translation>优化器状态类型</translation>
    </message>
    <message>
        <source>Type of the optimizer&apos;s moments: fp32 with an fp32 master copy, or bf16 updating the 16-bit weights.</source>
        <translation>优化器动量的数据类型：fp32（另存 fp32 主权重），或 bf16（直接更新 16 位权重）。</translation>
    </message>
    <message>
        <source>Gradient accumulation fusion</source>
        <translation>梯度累加融合</translation>
    </message>
    <message>
        <source>The weight-gradient GEMM adds into the gradient buffer itself (Megatron since 2022); off, a separate kernel adds each micro-batch&apos;s gradient.</source>
        <translation>权重梯度 GEMM 直接累加到梯度缓冲区（Megatron 自 2022 年起）；关闭时，每个微批次的梯度由单独的内核累加。</translation>
    </message>
    <message>
        <source>Attention kernel</source>
        <translation>注意力内核</translation>
    </message>
    <message>
        <source>The flash-attention kernel: auto (the stack&apos;s own), native (the GPU&apos;s newest), FlashAttention-2, the 2022-23 Triton kernel or FlashAttention 1.</source>
        <translation>Flash Attention 内核：auto（软件栈自带的）、native（GPU 最新的）、FlashAttention-2、2022-23 年的 Triton 内核或 FlashAttention 1。</translation>
    </message>
    <message>
        <source>Fused cross-entropy</source>
        <translation>融合交叉熵</translation>
    </message>
    <message>
        <source>The loss and its gradient in one kernel over the 16-bit logits (flash-attn, llm-foundry); off, Megatron-LM&apos;s unfused fp32 cross-entropy.</source>
        <translation>在一个内核中对 16 位 logits 计算损失及其梯度（flash-attn、llm-foundry）；关闭时为 Megatron-LM 未融合的 fp32 交叉熵。</translation>
    </message>
    <message>
        <source>EP communication overlap</source>
        <translation>EP 通信重叠</translation>
    </message>
    <message>
        <source>Hides one micro-batch&apos;s expert all-to-alls behind another&apos;s compute (Megatron-Core&apos;s EP A2A overlap, DeepSeek-V3&apos;s DualPipe).</source>
        <translation>将一个微批次的专家 all-to-all 通信隐藏在另一个微批次的计算之后（Megatron-Core 的 EP A2A 重叠、DeepSeek-V3 的 DualPipe）。</translation>
    </message>
    <message>
        <source>Facility (colocation)</source>
        <translation>机房（托管）</translation>
    </message>
    <message>
        <source>Rent of the data-centre space, power and cooling per kW of IT load and month (colocation).</source>
        <translation>数据中心空间、供电与制冷的租金，按每 kW IT 负载每月计（托管）。</translation>
    </message>
    <message>
        <source>Facility build cost</source>
        <translation>机房建设成本</translation>
    </message>
    <message>
        <source>Cost of building the data centre per MW of IT load; unset: colocation at the monthly rate.</source>
        <translation>按每 MW IT 负载计的数据中心建设成本；未设置：按月租托管。</translation>
    </message>
    <message>
        <source>Facility life</source>
        <translation>机房寿命</translation>
    </message>
    <message>
        <source>Years a built data centre is paid off over.</source>
        <translation>自建数据中心的摊销年数。</translation>
    </message>
    <message>
        <source>Facility price currency</source>
        <translation>机房价格币种</translation>
    </message>
    <message>
        <source>Currency the two facility prices are given in.</source>
        <translation>两项机房价格所用的币种。</translation>
    </message>
    <message>
        <source>Support and maintenance</source>
        <translation>支持与维保</translation>
    </message>
    <message>
        <source>Support and maintenance contracts per year, as a share of the hardware&apos;s price.</source>
        <translation>每年的支持与维保合同费用，占硬件价格的比例。</translation>
    </message>
    <message>
        <source>Storage share</source>
        <translation>存储占比</translation>
    </message>
    <message>
        <source>Shared storage&apos;s share of the cluster&apos;s capital cost (servers, network and storage).</source>
        <translation>共享存储在集群资本成本（服务器、网络和存储）中的占比。</translation>
    </message>
    <message>
        <source>Cost of capital</source>
        <translation>资金成本</translation>
    </message>
    <message>
        <source>Interest a year on the money the hardware ties up (debt or the return forgone).</source>
        <translation>硬件占用资金每年的利息（借款利息或放弃的收益）。</translation>
    </message>
    <message>
        <source>Residual value</source>
        <translation>残值</translation>
    </message>
    <message>
        <source>Share of the purchase price the hardware is still worth at the end of the amortisation.</source>
        <translation>摊销期结束时硬件仍值的购买价格比例。</translation>
    </message>
    <message>
        <source>Bandwidth at which the whole cluster writes a checkpoint to storage; unset: the per-GPU figure times the GPUs.</source>
        <translation>整个集群将检查点写入存储的带宽；未设置：每 GPU 带宽乘以 GPU 数。</translation>
    </message>
    <message>
        <source>Checkpoint bandwidth per GPU</source>
        <translation>每 GPU 检查点带宽</translation>
    </message>
    <message>
        <source>Share of the storage&apos;s write bandwidth each GPU brings: the storage grows with the cluster.</source>
        <translation>每块 GPU 分得的存储写入带宽：存储随集群一起扩展。</translation>
    </message>
    <message>
        <source>Checkpoint mode</source>
        <translation>检查点模式</translation>
    </message>
    <message>
        <source>Sync stops training while the checkpoint is written; async only while it is copied to host memory; in-memory keeps it in peers&apos; host memory.</source>
        <translation>同步：写检查点期间训练暂停；异步：仅在复制到主机内存时暂停；内存：保存在对等节点的主机内存中。</translation>
    </message>
    <message>
        <source>per kW-month</source>
        <translation>每 kW·月</translation>
    </message>
    <message>
        <source>per MW</source>
        <translation>每 MW</translation>
    </message>
    <message>
        <source>of the hardware a year</source>
        <translation>硬件价格/年</translation>
    </message>
    <message>
        <source>of the capital cost</source>
        <translation>占资本成本</translation>
    </message>
    <message>
        <source>a year</source>
        <translation>每年</translation>
    </message>
    <message>
        <source>of the price</source>
        <translation>占价格</translation>
    </message>
    <message>
        <source>bytes/s per GPU</source>
        <translation>字节/秒/GPU</translation>
    </message>
    <message>
        <source>Type in which gradients are accumulated and reduced; auto: fp32 for bf16, fp8 and fp32 training, 16-bit for fp16, as the frameworks do by default.</source>
        <translation>梯度累加与归约所用的类型；auto：bf16、fp8 和 fp32 训练用 fp32，fp16 训练用 16 位，与各框架的默认做法一致。</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>auto (from the GPU count)</source>
        <translation>自动（按 GPU 数）</translation>
    </message>
    <message>
        <source>half of BF16</source>
        <translation>BF16 的一半</translation>
    </message>
    <message>
        <source>no budget</source>
        <translation>无预算</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>none (dense)</source>
        <translation>无（稠密模型）</translation>
    </message>
    <message>
        <source>the FFN size</source>
        <translation>同 FFN 大小</translation>
    </message>
    <message>
        <source>Dense FP8 peak of one GPU; 0: none (the GPU has no FP8 units).</source>
        <translation>单块 GPU 的稠密 FP8 峰值；0：无（该 GPU 没有 FP8 单元）。</translation>
    </message>
</context>
<context>
    <name>cp::ui::HeadlineTiles</name>
    <message>
        <source>no estimate: the scenario has problems</source>
        <translation>无估算：方案有问题</translation>
    </message>
    <message>
        <source>upfront capital %1; with headroom %2/month</source>
        <translation>前期资本支出 %1；含余量 %2/月</translation>
    </message>
    <message>
        <source>✓ Fits</source>
        <translation>✓ 放得下</translation>
    </message>
    <message>
        <source>%1 to spare</source>
        <translation>余量 %1</translation>
    </message>
    <message>
        <source>✗ Does not fit</source>
        <translation>✗ 放不下</translation>
    </message>
    <message>
        <source>%1 short</source>
        <translation>缺 %1</translation>
    </message>
    <message>
        <source>of %1 on %2</source>
        <translation>%2 共 %1</translation>
    </message>
    <message>
        <source>%1 micro-batches, DP %2</source>
        <translation>%1 个微批次，数据并行 %2</translation>
    </message>
    <message>
        <source>band %1 – %2</source>
        <translation>区间 %1 – %2</translation>
    </message>
    <message>
        <source>%1 TFLOP/s per GPU</source>
        <translation>每卡 %1 TFLOP/s</translation>
    </message>
    <message>
        <source>goodput %1 after failures</source>
        <translation>计入故障后有效率 %1</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>no token budget set</source>
        <translation>未设定训练 token 数</translation>
    </message>
    <message>
        <source>peak %1</source>
        <translation>峰值 %1</translation>
    </message>
    <message>
        <source>PUE %1, racks: %2</source>
        <translation>PUE %1，机柜：%2</translation>
    </message>
    <message>
        <source>budget with headroom %1</source>
        <translation>含余量预算 %1</translation>
    </message>
    <message>
        <source>%1 months billed; prices of %2</source>
        <translation>计费 %1 个月；%2 的价格</translation>
    </message>
</context>
<context>
    <name>cp::ui::HelpWindow</name>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>clusterplan user guide</source>
        <translation>clusterplan 用户指南</translation>
    </message>
    <message>
        <source>en</source>
        <comment>guide language</comment>
        <extracomment>The language code of the user guide that goes with this translation: resources/guide/guide.&lt;code&gt;.md</extracomment>
        <translation>zh_CN</translation>
    </message>
    <message>
        <source>In a chart, a table or the topology: right-click for its export menu (or File &gt; Export). In the inputs: Ctrl+Z undoes the last edit, also while the field has the focus.</source>
        <translation>在图表、表格或拓扑图中：右键单击打开导出菜单（或使用“文件 &gt; 导出”）。在输入中：Ctrl+Z 撤销上一次编辑，输入框有焦点时也可以。</translation>
    </message>
    <message>
        <source>User guide</source>
        <translation>用户指南</translation>
    </message>
    <message>
        <source>Reference (in English)</source>
        <extracomment>Help: the heading over the reference pages of docs/, which are in English</extracomment>
        <translation>参考资料（英文）</translation>
    </message>
</context>
<context>
    <name>cp::ui::InputPanel</name>
    <message>
        <source>Change %1</source>
        <translation>修改%1</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Custom shape</source>
        <translation>自定义结构</translation>
    </message>
    <message>
        <source>Derived from a size</source>
        <translation>按参数量推导</translation>
    </message>
    <message>
        <source> B parameters</source>
        <translation> B 参数</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> token</translation>
    </message>
    <message>
        <source> sequences</source>
        <translation> 条序列</translation>
    </message>
    <message>
        <source>Parallelism</source>
        <translation>并行</translation>
    </message>
    <message>
        <source> ×</source>
        <translation> ×</translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <source> GPUs</source>
        <translation> 张</translation>
    </message>
    <message>
        <source> nodes</source>
        <translation> 台</translation>
    </message>
    <message>
        <source>Fabric</source>
        <translation>组网</translation>
    </message>
    <message>
        <source> : 1</source>
        <translation> : 1</translation>
    </message>
    <message>
        <source> NICs</source>
        <translation> 块</translation>
    </message>
    <message>
        <source>Assumptions</source>
        <translation>假设</translation>
    </message>
    <message>
        <source> % of TDP</source>
        <translation> % TDP</translation>
    </message>
    <message>
        <source> kW</source>
        <translation> kW</translation>
    </message>
    <message>
        <source> CNY per USD</source>
        <translation> 人民币/美元</translation>
    </message>
    <message>
        <source> USD per kWh</source>
        <translation> 美元/千瓦时</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source> years</source>
        <translation> 年</translation>
    </message>
    <message>
        <source> per million GPU-hours</source>
        <translation> 次/百万 GPU 小时</translation>
    </message>
    <message>
        <source> GB/s</source>
        <translation> GB/s</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
    <message>
        <source>Scenario</source>
        <translation>场景</translation>
    </message>
    <message>
        <source>Notes</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>What this scenario is for, where its figures come from…</source>
        <translation>此场景的用途、数据来源……</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Unit: %1</source>
        <translation>单位：%1</translation>
    </message>
    <message>
        <source>Above %1 and below %2</source>
        <translation>大于 %1 且小于 %2</translation>
    </message>
    <message>
        <source>Above %1, up to %2</source>
        <translation>大于 %1，至多 %2</translation>
    </message>
    <message>
        <source>From %1 to below %2</source>
        <translation>%1 至小于 %2</translation>
    </message>
    <message>
        <source>From %1 to %2</source>
        <translation>%1 至 %2</translation>
    </message>
    <message>
        <source>Software stack</source>
        <translation>软件栈</translation>
    </message>
    <message>
        <source> USD per kW-month</source>
        <translation> 美元/kW·月</translation>
    </message>
    <message>
        <source> % a year</source>
        <translation> %/年</translation>
    </message>
    <message>
        <source> GB/s per GPU</source>
        <translation> GB/s/GPU</translation>
    </message>
    <message>
        <source>auto (per GPU x GPUs)</source>
        <translation>自动（每 GPU × GPU 数）</translation>
    </message>
    <message>
        <source> sequence</source>
        <translation> 条序列</translation>
    </message>
    <message>
        <source> GPU</source>
        <translation> 张</translation>
    </message>
    <message>
        <source> node</source>
        <translation> 台</translation>
    </message>
    <message>
        <source> NIC</source>
        <translation> 块</translation>
    </message>
    <message>
        <source> token</source>
        <translation> token</translation>
    </message>
</context>
<context>
    <name>cp::ui::LibraryController</name>
    <message>
        <source>The scenario library was damaged. It was moved aside, not deleted, to %1, and a new, empty library was started.</source>
        <translation>方案库已损坏。它已被移到 %1（没有删除），并新建了一个空的方案库。</translation>
    </message>
    <message>
        <source>The scenario library %1 is open read-only: scenarios can be opened and compared but not saved, renamed or deleted.</source>
        <translation>方案库 %1 以只读方式打开：可以打开和对比方案，但不能保存、重命名或删除。</translation>
    </message>
    <message>
        <source>The scenario library %1 cannot be opened. Nothing in it was changed.</source>
        <translation>无法打开方案库 %1。其中的内容没有任何改动。</translation>
    </message>
    <message>
        <source>The scenario library cannot be read.</source>
        <translation>无法读取方案库。</translation>
    </message>
    <message>
        <source>No library</source>
        <translation>没有方案库</translation>
    </message>
    <message>
        <source>Scenarios: %1</source>
        <translation>方案：%1 个</translation>
    </message>
    <message>
        <source>Matching scenarios: %1</source>
        <translation>匹配的方案：%1 个</translation>
    </message>
    <message>
        <source>%1 · read-only</source>
        <translation>%1 · 只读</translation>
    </message>
    <message>
        <source>Saved “%1” to the library %2 (revision %3)</source>
        <translation>已将“%1”保存到方案库 %2（第 %3 版）</translation>
    </message>
    <message>
        <source>No library is open.</source>
        <translation>没有打开方案库。</translation>
    </message>
    <message>
        <source>The scenario is no longer in the library.</source>
        <translation>该方案已不在方案库中。</translation>
    </message>
    <message>
        <source>There is no revision %1 of this scenario.</source>
        <translation>该方案没有第 %1 版。</translation>
    </message>
    <message>
        <source>A scenario needs a name.</source>
        <translation>方案需要一个名称。</translation>
    </message>
    <message>
        <source>Delete “%1”</source>
        <translation>删除“%1”</translation>
    </message>
    <message>
        <source>Delete %1 scenarios</source>
        <translation>删除 %1 个方案</translation>
    </message>
    <message>
        <source>Rename “%1” to “%2”</source>
        <translation>将“%1”重命名为“%2”</translation>
    </message>
    <message>
        <source>Change the tags of “%1”</source>
        <translation>修改“%1”的标签</translation>
    </message>
    <message>
        <source>Duplicate “%1”</source>
        <translation>复制“%1”</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n cannot be read (see its tooltip)</source>
        <translation>
            <numerusform>%1 · %n 个无法读取（见其提示）</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cp::ui::LibraryDock</name>
    <message>
        <source>Delete “%1” and its history from the library? Undo in the library brings it back.</source>
        <translation>从方案库中删除“%1”及其历史记录？在方案库中撤销可将其恢复。</translation>
    </message>
    <message>
        <source>Delete %1 scenarios and their history from the library? Undo in the library brings them back.</source>
        <translation>从方案库中删除 %1 个方案及其历史记录？在方案库中撤销可将其恢复。</translation>
    </message>
    <message>
        <source>Delete scenarios</source>
        <translation>删除方案</translation>
    </message>
    <message>
        <source>Save to the library as</source>
        <translation>另存到方案库</translation>
    </message>
    <message>
        <source>comma-separated, e.g. a100, baseline</source>
        <translation>以逗号分隔，例如 a100, baseline</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Tags:</source>
        <translation>标签：</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>All tags</source>
        <translation>全部标签</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Cannot save to the library</source>
        <translation>无法保存到方案库</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <source>The edited scenario has unsaved changes. Open “%1” anyway and drop them?</source>
        <translation>正在编辑的方案有未保存的修改。仍要打开“%1”并放弃这些修改吗？</translation>
    </message>
    <message>
        <source>Cannot open the scenario</source>
        <translation>无法打开方案</translation>
    </message>
    <message>
        <source>Rename scenario</source>
        <translation>重命名方案</translation>
    </message>
    <message>
        <source>New name:</source>
        <translation>新名称：</translation>
    </message>
    <message>
        <source>Cannot rename the scenario</source>
        <translation>无法重命名方案</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Tags of “%1”, comma-separated:</source>
        <translation>“%1”的标签，以逗号分隔：</translation>
    </message>
    <message>
        <source>Cannot change the tags</source>
        <translation>无法修改标签</translation>
    </message>
    <message>
        <source>Cannot duplicate the scenario</source>
        <translation>无法复制方案</translation>
    </message>
    <message>
        <source>Cannot delete</source>
        <translation>无法删除</translation>
    </message>
    <message>
        <source>Cannot read the history</source>
        <translation>无法读取历史版本</translation>
    </message>
    <message>
        <source>History of “%1”</source>
        <translation>“%1”的历史版本</translation>
    </message>
    <message>
        <source>Revision</source>
        <translation>版本</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Saved</source>
        <translation>保存时间</translation>
    </message>
    <message>
        <source>Engine</source>
        <translation>引擎</translation>
    </message>
    <message>
        <source>Open this revision</source>
        <translation>打开此版本</translation>
    </message>
    <message>
        <source>Every save is kept. Opening a revision loads it into the editor; saving it then makes it the newest revision.</source>
        <translation>每次保存都会保留。打开某个版本会把它载入编辑器；再保存后它就成为最新版本。</translation>
    </message>
    <message>
        <source>The edited scenario has unsaved changes. Open the revision anyway and drop them?</source>
        <translation>正在编辑的方案有未保存的修改。仍要打开该版本并放弃这些修改吗？</translation>
    </message>
    <message>
        <source>Cannot open the revision</source>
        <translation>无法打开该版本</translation>
    </message>
    <message>
        <source>Scenario library</source>
        <translation>方案库</translation>
    </message>
    <message>
        <source>Search names…</source>
        <translation>按名称搜索…</translation>
    </message>
    <message>
        <source>Show only the scenarios with this tag</source>
        <translation>只显示带有此标签的方案</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Save the edited scenario to the library: a new revision of the entry it came from</source>
        <translation>把正在编辑的方案保存到方案库：作为其来源条目的新版本</translation>
    </message>
    <message>
        <source>Save as…</source>
        <translation>另存为…</translation>
    </message>
    <message>
        <source>Save the edited scenario as a new library entry, with a name and tags</source>
        <translation>把正在编辑的方案另存为方案库中的新条目，并指定名称和标签</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>打开</translation>
    </message>
    <message>
        <source>Open the selected scenario in the editor</source>
        <translation>在编辑器中打开选中的方案</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <source>Tags…</source>
        <translation>标签…</translation>
    </message>
    <message>
        <source>Edit the tags of the selected scenario</source>
        <translation>编辑选中方案的标签</translation>
    </message>
    <message>
        <source>Duplicate</source>
        <translation>复制</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Delete the selected scenarios with their history (undo brings them back)</source>
        <translation>删除选中的方案及其历史版本（可撤销恢复）</translation>
    </message>
    <message>
        <source>History…</source>
        <translation>历史版本…</translation>
    </message>
    <message>
        <source>Every saved revision of the selected scenario</source>
        <translation>选中方案保存过的所有版本</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>对比</translation>
    </message>
    <message>
        <source>Compare two to four selected scenarios side by side</source>
        <translation>并排对比选中的两到四个方案</translation>
    </message>
    <message>
        <source>Save to the library</source>
        <translation>保存到方案库</translation>
    </message>
    <message>
        <source>“%1” is no longer in the library: it was deleted since you opened it. Save your edits as a new library entry?</source>
        <translation>“%1”已不在方案库中：在您打开它之后它被删除了。要把您的修改另存为方案库中的新条目吗？</translation>
    </message>
    <message>
        <source>Changed in the library</source>
        <translation>方案库中已有改动</translation>
    </message>
    <message>
        <source>“%1” was changed in the library since you opened it: revision %2, saved %3, is not the revision %4 your edits start from. Nothing has been saved yet.

Save your edits on top as revision %5 (revision %2 stays in the history), or as a copy?</source>
        <translation>在您打开“%1”之后，它在方案库中被修改了：第 %2 版（保存于 %3）不是您的修改所基于的第 %4 版。目前还没有保存任何内容。

要把您的修改保存为其上的第 %5 版（第 %2 版仍保留在历史中），还是另存为副本？</translation>
    </message>
    <message>
        <source>Save as revision %1</source>
        <translation>保存为第 %1 版</translation>
    </message>
    <message>
        <source>Save as a copy</source>
        <translation>另存为副本</translation>
    </message>
    <message>
        <source>%1 (copy)</source>
        <translation>%1（副本）</translation>
    </message>
    <message>
        <source>“%1” cannot be opened: %2</source>
        <translation>无法打开“%1”：%2</translation>
    </message>
    <message>
        <source>%1, revision %2</source>
        <translation>%1，第 %2 版</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1 %2 → %3</source>
        <translation>%1 %2 → %3</translation>
    </message>
    <message>
        <source>notes edited</source>
        <translation>备注已修改</translation>
    </message>
    <message>
        <source>renamed</source>
        <translation>已改名</translation>
    </message>
    <message>
        <source>no change</source>
        <translation>无改动</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>What changed</source>
        <translation>改动</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>token/s</translation>
    </message>
    <message>
        <source>Cost/month</source>
        <translation>每月费用</translation>
    </message>
    <message>
        <source>cannot be read: %1</source>
        <translation>无法读取：%1</translation>
    </message>
    <message>
        <source>first saved</source>
        <translation>首次保存</translation>
    </message>
    <message>
        <source>(the revision before cannot be read)</source>
        <translation>（上一版本无法读取）</translation>
    </message>
    <message>
        <source>Compare with the edited scenario</source>
        <translation>与正在编辑的方案比较</translation>
    </message>
    <message>
        <source>Shows this revision beside the scenario being edited on the Compare scenarios page</source>
        <translation>在“比较方案”页上把此版本与正在编辑的方案并排显示</translation>
    </message>
</context>
<context>
    <name>cp::ui::MainWindow</name>
    <message>
        <source>Saved “%1” to %2</source>
        <translation>已将“%1”保存到 %2</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About clusterplan</source>
        <translation>关于 clusterplan(&amp;A)</translation>
    </message>
    <message>
        <source>About clusterplan</source>
        <translation>关于 clusterplan</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;clusterplan&lt;/b&gt; %1&lt;/p&gt;&lt;p&gt;Plans GPU clusters for large-model distributed training: memory per GPU, parallel layout and networking.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;clusterplan&lt;/b&gt; %1&lt;/p&gt;&lt;p&gt;面向大模型分布式训练的 GPU 集群规划工具：每块 GPU 的显存、并行方式与组网。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Restore unsaved edits?</source>
        <translation>恢复未保存的修改？</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <source>Cannot open the scenario</source>
        <translation>无法打开方案</translation>
    </message>
    <message>
        <source>&amp;New scenario</source>
        <translation>新建方案(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>保存(&amp;S)</translation>
    </message>
    <message>
        <source>Save &amp;as…</source>
        <translation>另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>InfiniBand vs RoCE</source>
        <translation>InfiniBand 与 RoCE 对比</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>Open scenario</source>
        <translation>打开方案</translation>
    </message>
    <message>
        <source>Scenario files (*.json)</source>
        <translation>方案文件 (*.json)</translation>
    </message>
    <message>
        <source>Cannot save the scenario</source>
        <translation>无法保存方案</translation>
    </message>
    <message>
        <source>Save scenario</source>
        <translation>保存方案</translation>
    </message>
    <message>
        <source>Compare scenarios</source>
        <translation>方案对比</translation>
    </message>
    <message>
        <source>Save to &amp;library</source>
        <translation>保存到方案库(&amp;L)</translation>
    </message>
    <message>
        <source>Auto-planner</source>
        <translation>自动规划</translation>
    </message>
    <message>
        <source>clusterplan libraries (*.sqlite);;All files (*)</source>
        <translation>clusterplan 方案库 (*.sqlite);;所有文件 (*)</translation>
    </message>
    <message>
        <source>New library</source>
        <translation>新建方案库</translation>
    </message>
    <message>
        <source>Open library</source>
        <translation>打开方案库</translation>
    </message>
    <message>
        <source>Cannot open the library</source>
        <translation>无法打开方案库</translation>
    </message>
    <message>
        <source>%1 exists already: a new library needs a new file name (File &gt; Open library… opens an existing one).</source>
        <translation>%1 已存在：新建方案库需要一个新的文件名（“文件 &gt; 打开方案库…”可打开已有的方案库）。</translation>
    </message>
    <message>
        <source>%1 does not exist (File &gt; New library… starts one).</source>
        <translation>%1 不存在（“文件 &gt; 新建方案库…”可新建一个）。</translation>
    </message>
    <message>
        <source>Started the library %1</source>
        <translation>已新建方案库 %1</translation>
    </message>
    <message>
        <source>Opened the library %1</source>
        <translation>已打开方案库 %1</translation>
    </message>
    <message>
        <source>Open li&amp;brary…</source>
        <translation>打开方案库(&amp;B)…</translation>
    </message>
    <message>
        <source>New librar&amp;y…</source>
        <translation>新建方案库(&amp;Y)…</translation>
    </message>
    <message>
        <source>&amp;Find in the library</source>
        <translation>在方案库中查找(&amp;F)</translation>
    </message>
    <message>
        <source>User &amp;guide</source>
        <translation>用户指南(&amp;G)</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>from the library, revision %1</source>
        <translation>来自方案库，第 %1 版</translation>
    </message>
    <message>
        <source>from the file %1</source>
        <translation>来自文件 %1</translation>
    </message>
    <message>
        <source>never saved</source>
        <translation>从未保存</translation>
    </message>
    <message>
        <source>clusterplan did not close cleanly last time. Restore the unsaved edits of “%1” (%2), kept at %3?</source>
        <translation>clusterplan 上次未正常关闭。要恢复“%1”（%2）在 %3 保留的未保存修改吗？</translation>
    </message>
    <message>
        <source>The edits of “%1” belong to an entry of the library %2, which cannot be opened now. The edits are restored as a scenario that is not saved: File &gt; Save to library or Save as… keeps them.</source>
        <translation>“%1”的修改属于方案库 %2 中的一个条目，但该方案库现在无法打开。这些修改已恢复为未保存的方案：用“文件 &gt; 保存到方案库”或“另存为…”即可保留它们。</translation>
    </message>
    <message>
        <source>The library entry that the edits of “%1” belong to is no longer in the library %2. The edits are restored as a scenario that is not saved: File &gt; Save to library or Save as… keeps them.</source>
        <translation>“%1”的修改所属的条目已不在方案库 %2 中。这些修改已恢复为未保存的方案：用“文件 &gt; 保存到方案库”或“另存为…”即可保留它们。</translation>
    </message>
    <message>
        <source>Restored as not saved</source>
        <translation>已恢复为未保存</translation>
    </message>
    <message>
        <source>Save the changes to “%1”?</source>
        <translation>保存对“%1”的修改吗？</translation>
    </message>
    <message>
        <source>%1 cannot be opened:
%2</source>
        <translation>无法打开 %1：
%2</translation>
    </message>
    <message>
        <source>%1 (library, old revision %2 of %3)</source>
        <translation>%1（方案库，旧版本：第 %2 版，共 %3 版）</translation>
    </message>
    <message>
        <source>%1 (library)</source>
        <translation>%1（方案库）</translation>
    </message>
    <message>
        <source>Library: old revision %1 of %2 (saving makes it the newest)</source>
        <translation>方案库：旧版本，第 %1 版，共 %2 版（保存后成为最新版本）</translation>
    </message>
    <message>
        <source>Library: revision %1</source>
        <translation>方案库：第 %1 版</translation>
    </message>
    <message>
        <source>File: %1</source>
        <translation>文件：%1</translation>
    </message>
    <message>
        <source>%1 (not saved)</source>
        <translation>%1（未保存）</translation>
    </message>
    <message>
        <source>Not saved</source>
        <translation>未保存</translation>
    </message>
    <message>
        <source>%1 · modified</source>
        <translation>%1 · 已修改</translation>
    </message>
    <message>
        <source>%1 cannot be written:
%2</source>
        <translation>无法写入 %1：
%2</translation>
    </message>
    <message>
        <source>Scenarios compared (table)</source>
        <translation>方案对比（表格）</translation>
    </message>
    <message>
        <source>Ranked layouts (table)</source>
        <translation>并行方案排名（表格）</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Export a chart, table or picture of this page…</source>
        <translation>导出本页的图表、表格或图片…</translation>
    </message>
    <message>
        <source>&amp;Pages</source>
        <translation>页面(&amp;P)</translation>
    </message>
    <message>
        <source>Next page</source>
        <translation>下一页</translation>
    </message>
    <message>
        <source>Previous page</source>
        <translation>上一页</translation>
    </message>
</context>
<context>
    <name>cp::ui::MemoryChart</name>
    <message>
        <source>Memory per GPU</source>
        <translation>每块 GPU 的显存占用</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>Legend entry: a memory component and its size, e.g. &quot;Weights: 3.8 GiB&quot;</extracomment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 capacity: %2</source>
        <extracomment>The dashed line across the chart: the GPU model and its memory</extracomment>
        <translation>%1 显存容量：%2</translation>
    </message>
    <message>
        <source>Total %1</source>
        <translation>合计 %1</translation>
    </message>
    <message>
        <source>%1
peak pipeline stage %2 of %3</source>
        <extracomment>Key-axis label under the bar: the GPU model, then which pipeline stage the bar shows</extracomment>
        <translation>%1
峰值流水线阶段：第 %2 段（共 %3 段）</translation>
    </message>
    <message>
        <source>No estimate: the scenario has problems.</source>
        <translation>无法估算：方案存在问题。</translation>
    </message>
    <message>
        <source>GPU memory (%1)</source>
        <translation>显存 (%1)</translation>
    </message>
    <message>
        <source>%1
capacity: %2</source>
        <extracomment>The capacity label on two lines, where one is too wide</extracomment>
        <translation>%1
显存容量：%2</translation>
    </message>
    <message>
        <source>capacity: %1</source>
        <extracomment>The capacity label without the GPU&apos;s name, where the chart is narrow</extracomment>
        <translation>显存容量：%1</translation>
    </message>
    <message>
        <source>capacity
%1</source>
        <extracomment>The capacity label on two lines without the GPU&apos;s name, where the chart is narrower still</extracomment>
        <translation>显存容量
%1</translation>
    </message>
</context>
<context>
    <name>cp::ui::PlanCharts</name>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>No estimate: the scenario has problems.</source>
        <translation>无估算：方案有问题。</translation>
    </message>
    <message>
        <source>Power</source>
        <translation>功耗</translation>
    </message>
    <message>
        <source>Cost per month</source>
        <translation>每月成本</translation>
    </message>
    <message>
        <source>Seconds per optimizer step</source>
        <translation>每个优化步的秒数</translation>
    </message>
    <message>
        <source>Facility power</source>
        <translation>机房总功耗</translation>
    </message>
    <message>
        <source>Budget per month</source>
        <extracomment>Cost chart&apos;s axis: %1 currency, %2 the way to pay, %3 the price list&apos;s date (YYYY-MM)</extracomment>
        <translation>每月预算</translation>
    </message>
    <message>
        <source>%1, average while training</source>
        <translation>%1，训练时平均</translation>
    </message>
    <message>
        <source>%1 per month (%2, prices of %3)</source>
        <translation>%1/月（%2，%3 的价格）</translation>
    </message>
</context>
<context>
    <name>cp::ui::PlanPage</name>
    <message>
        <source>The scenario has problems (marked in the inputs). Showing the last valid result, greyed, until they are fixed.</source>
        <translation>方案有问题（已在输入中标出）。修正之前，以灰色显示上一次有效的结果。</translation>
    </message>
    <message>
        <source>Does not fit in GPU memory: its time and cost are greyed, as the run cannot start. Looking for the nearest layout that fits…</source>
        <translation>显存放不下：训练无法启动，因此时间和成本显示为灰色。正在寻找最接近的可放下的并行布局…</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>%1 nodes (now %2)</source>
        <translation>%1 个节点（当前 %2）</translation>
    </message>
    <message>
        <source>TP %1 (now %2)</source>
        <translation>TP %1（当前 %2）</translation>
    </message>
    <message>
        <source>PP %1 (now %2)</source>
        <translation>PP %1（当前 %2）</translation>
    </message>
    <message>
        <source>VPP %1 (now %2)</source>
        <translation>VPP %1（当前 %2）</translation>
    </message>
    <message>
        <source>CP %1 (now %2)</source>
        <translation>CP %1（当前 %2）</translation>
    </message>
    <message>
        <source>EP %1 (now %2)</source>
        <translation>EP %1（当前 %2）</translation>
    </message>
    <message>
        <source>micro-batch %1 (now %2)</source>
        <translation>微批次 %1（当前 %2）</translation>
    </message>
    <message>
        <source>%1 (now %2)</source>
        <translation>%1（当前 %2）</translation>
    </message>
    <message>
        <source>sequence parallelism %1</source>
        <translation>序列并行 %1</translation>
    </message>
    <message>
        <source>TP communication overlap %1</source>
        <translation>TP 通信重叠 %1</translation>
    </message>
    <message>
        <source>Does not fit in GPU memory: its time and cost are greyed, as the run cannot start. No layout of this cluster or of up to 16 times as many nodes fits: choose a GPU with more memory or a smaller model.</source>
        <translation>显存放不下：训练无法启动，因此时间和成本显示为灰色。本集群以及最多 16 倍节点数的集群上都没有可放下的并行布局：请选择显存更大的 GPU 或更小的模型。</translation>
    </message>
    <message>
        <source>%1 per GPU, %2</source>
        <translation>每 GPU %1，%2</translation>
    </message>
    <message>
        <source>%1, %2 to train</source>
        <translation>%1，训练需 %2</translation>
    </message>
    <message>
        <source>Does not fit in GPU memory: its time and cost are greyed, as the run cannot start. It would fit with %1: %2. &lt;a href=&quot;apply&quot;&gt;Apply&lt;/a&gt;</source>
        <translation>显存放不下：训练无法启动，因此时间和成本显示为灰色。改为 %1 即可放下：%2。&lt;a href=&quot;apply&quot;&gt;应用&lt;/a&gt;</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>Apply the layout that fits</source>
        <translation>应用可放下的并行布局</translation>
    </message>
    <message>
        <source>The scenario has problems (marked in the inputs): no estimate until they are fixed.</source>
        <translation>方案存在问题（已在输入中标出）：改正之前无法估算。</translation>
    </message>
    <message>
        <source>No estimate: the scenario has problems.
They are marked in the inputs and listed under Problems; the charts return when they are fixed.</source>
        <translation>无法估算：方案存在问题。
问题已在输入中标出，并列在“问题”下；改正之后图表会重新显示。</translation>
    </message>
</context>
<context>
    <name>cp::ui::PlannerFrontierChart</name>
    <message>
        <source>Pareto frontier: time to train against cost per run</source>
        <translation>帕累托前沿：训练时长与单次训练成本</translation>
    </message>
    <message>
        <source>Time to train (days)</source>
        <translation>训练时长（天）</translation>
    </message>
    <message>
        <source>Cost per run (M %1)</source>
        <translation>单次训练成本（百万 %1）</translation>
    </message>
    <message>
        <source>Cost per run (%1)</source>
        <translation>单次训练成本（%1）</translation>
    </message>
    <message>
        <source>Run a search to see the frontier.</source>
        <translation>运行一次搜索后显示前沿。</translation>
    </message>
    <message>
        <source>No frontier without a token budget: set one under Training in the inputs.</source>
        <translation>未设定训练 token 数，没有前沿：请在输入的“训练”部分设定。</translation>
    </message>
    <message>
        <source>No feasible layout: no frontier.</source>
        <translation>没有可行的并行方案，因此没有前沿。</translation>
    </message>
    <message>
        <source>%1 GPUs</source>
        <translation>%1 张 GPU</translation>
    </message>
</context>
<context>
    <name>cp::ui::PlannerPage</name>
    <message>
        <source>The winner stands where few or no published runs do (%1): its band is wider.</source>
        <translation>最优布局处在几乎没有已发表运行覆盖的区域（%1）：其区间更宽。</translation>
    </message>
    <message>
        <source>None of the listed layouts stands inside the evidence.</source>
        <translation>列出的布局都不在已有证据覆盖的范围内。</translation>
    </message>
    <message>
        <source>The best layout inside the evidence is #%1 (%2 slower as estimated).</source>
        <translation>证据范围内最好的布局是第 %1 名（按估算慢 %2）。</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Fabrics</source>
        <translation>网络方案</translation>
    </message>
    <message>
        <source>Objective</source>
        <translation>优化目标</translation>
    </message>
    <message>
        <source>Top</source>
        <translation>前 N 名</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>VPP</source>
        <translation>VPP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>SP</source>
        <translation>SP</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>Power limit</source>
        <translation>功耗上限</translation>
    </message>
    <message>
        <source>Budget per month</source>
        <translation>每月预算</translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation>截止期限</translation>
    </message>
    <message>
        <source>Spare nodes</source>
        <translation>备用节点</translation>
    </message>
    <message>
        <source>The scenario&apos;s (%1)</source>
        <translation>方案当前的（%1）</translation>
    </message>
    <message>
        <source>%1 fabrics</source>
        <translation>%1 种网络</translation>
    </message>
    <message>
        <source>Search on the scenario&apos;s fabric; pick others to compare them</source>
        <translation>在方案当前的网络上搜索；选择其他网络可一并比较</translation>
    </message>
    <message>
        <source>A search is running: wait for it or cancel it.</source>
        <translation>搜索正在进行：请等待完成或取消。</translation>
    </message>
    <message>
        <source>The scenario has problems: fix the marked inputs, then search.</source>
        <translation>方案有问题：请先修正标出的输入，再搜索。</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>正在搜索…</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Search cancelled: the table holds the best of the part that was searched.</source>
        <translation>搜索已取消：表中是已搜索部分中的最优方案。</translation>
    </message>
    <message>
        <source>No feasible layout. Binding constraint: %1.
%2</source>
        <translation>没有可行的并行方案。起决定作用的约束：%1。
%2</translation>
    </message>
    <message>
        <source>No feasible layout.</source>
        <translation>没有可行的并行方案。</translation>
    </message>
    <message>
        <source>Layouts considered</source>
        <translation>考察的并行方案</translation>
    </message>
    <message>
        <source>Every combination of the knobs&apos; lists, on every cluster size and fabric</source>
        <translation>各参数取值的全部组合，覆盖每种集群规模和网络</translation>
    </message>
    <message>
        <source>Rejected by the divisibility check</source>
        <translation>未通过整除检查</translation>
    </message>
    <message>
        <source>Estimated</source>
        <translation>已完整估算</translation>
    </message>
    <message>
        <source>Feasible</source>
        <translation>可行</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Apply planned layout</source>
        <translation>应用规划的并行方案</translation>
    </message>
    <message>
        <source>Applied rank %1 to the scenario: %2. Edit → Undo takes it back.</source>
        <translation>已将第 %1 名应用到方案：%2。可用“编辑 → 撤销”恢复。</translation>
    </message>
    <message>
        <source>The scenario has changed since this search: the results are for the scenario as it was then. Search again to update them.</source>
        <translation>搜索之后方案已更改：以下结果对应搜索时的方案。请重新搜索以更新。</translation>
    </message>
    <message>
        <source>Search space</source>
        <translation>搜索空间</translation>
    </message>
    <message>
        <source>e.g. 64, or 64,128, or 64-512</source>
        <translation>例如 64，或 64,128，或 64-512</translation>
    </message>
    <message>
        <source>Cluster sizes in GPUs, spare nodes included: one count, a list, or a range A-B (every whole number of nodes in it)</source>
        <translation>集群规模（GPU 数，含备用节点）：一个数、一个列表，或范围 A-B（其中每个整节点数）</translation>
    </message>
    <message>
        <source>every valid value</source>
        <translation>所有有效取值</translation>
    </message>
    <message>
        <source>Empty: every valid value. Or a list such as 1,2,4,8, or a range such as 1-8; one value holds the knob.</source>
        <translation>留空：所有有效取值。也可填列表如 1,2,4,8 或范围如 1-8；只填一个值则固定该参数。</translation>
    </message>
    <message>
        <source>derived: GPUs / (TP × PP × CP)</source>
        <translation>自动推导：GPU 数 / (TP × PP × CP)</translation>
    </message>
    <message>
        <source>Time, cost and cost per token need a token budget</source>
        <translation>训练时长、成本和每 token 成本需要设定训练 token 数</translation>
    </message>
    <message>
        <source>none</source>
        <translation>不做</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完全</translation>
    </message>
    <message>
        <source>distributed optimizer</source>
        <translation>分布式优化器</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>不限</translation>
    </message>
    <message>
        <source> kW</source>
        <translation> kW</translation>
    </message>
    <message>
        <source>Facility peak power (IT peak × PUE)</source>
        <translation>设施峰值功耗（IT 峰值 × PUE）</translation>
    </message>
    <message>
        <source>Monthly cost with headroom, in the scenario&apos;s currency</source>
        <translation>含余量的月度成本，以方案的货币计</translation>
    </message>
    <message>
        <source> days</source>
        <translation> 天</translation>
    </message>
    <message>
        <source>Only layouts that train the token budget within this many days</source>
        <translation>只保留能在这么多天内训练完设定 token 数的方案</translation>
    </message>
    <message>
        <source> nodes</source>
        <translation> 台</translation>
    </message>
    <message>
        <source>Nodes of each cluster held back from the job</source>
        <translation>每个集群中不参与训练任务的备用节点数</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>搜索</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Apply to the scenario</source>
        <translation>应用到方案</translation>
    </message>
    <message>
        <source>Sets the selected layout in the current scenario (also: double-click a row, or its Apply button); Edit → Undo takes it back</source>
        <translation>把选中的并行方案设到当前方案中（也可双击一行或点击其“应用”按钮）；可用“编辑 → 撤销”恢复</translation>
    </message>
    <message>
        <source>Ranked layouts</source>
        <translation>并行方案排名</translation>
    </message>
    <message>
        <source>Evaluated, feasible and rejected</source>
        <translation>估算、可行与排除</translation>
    </message>
    <message>
        <source>Layouts</source>
        <translation>并行方案</translation>
    </message>
    <message>
        <source>Count</source>
        <translation>数量</translation>
    </message>
    <message>
        <source>no deadline</source>
        <translation>无期限</translation>
    </message>
    <message>
        <source>Rejected after the estimate</source>
        <translation>估算后排除</translation>
    </message>
    <message>
        <source>%1 estimated, %2 feasible, in %3 (threads: %4)</source>
        <translation>估算 %1 个，可行 %2 个，用时 %3（线程数：%4）</translation>
    </message>
    <message>
        <source>The estimates cannot rank the first %1 layouts: each lies within the winner&apos;s uncertainty band (%2 to %3 tokens/s).</source>
        <translation>估算无法区分前 %1 个布局：每个都落在最优布局的不确定区间内（%2 至 %3 token/秒）。</translation>
    </message>
    <message>
        <source>The winner is also the one to prefer (%1 fitted corpus runs behind its TP degree and sharding, %2 of memory headroom).</source>
        <translation>首选仍是排名第一的布局（其 TP 度与分片方式背后有 %1 个拟合语料运行，显存余量 %2）。</translation>
    </message>
    <message>
        <source>Prefer #%1 (%2 fitted corpus runs behind its TP degree and sharding, %3 of memory headroom; %4 slower as estimated).</source>
        <translation>建议选第 %1 名（其 TP 度与分片方式背后有 %2 个拟合语料运行，显存余量 %3；按估算慢 %4）。</translation>
    </message>
    <message>
        <source>It is marked ★ and selected: Apply to the scenario applies it.</source>
        <translation>该行已标为 ★ 并选中：“应用到方案”会应用它。</translation>
    </message>
</context>
<context>
    <name>cp::ui::PlannerTableModel</name>
    <message>
        <source>none</source>
        <translation>不做</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>选择性</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完全</translation>
    </message>
    <message>
        <source>dist. optimizer</source>
        <translation>分布式优化器</translation>
    </message>
    <message>
        <source>Apply this layout to the current scenario (undo with Edit → Undo)</source>
        <translation>把该并行方案应用到当前方案（可用“编辑 → 撤销”恢复）</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>%1 (%2 in the job)</source>
        <translation>%1（任务用 %2）</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>Cluster size, spare nodes included</source>
        <translation>集群规模，含备用节点</translation>
    </message>
    <message>
        <source>Data parallel, derived: GPUs in the job / (TP × PP × CP)</source>
        <translation>数据并行，自动推导：任务 GPU 数 / (TP × PP × CP)</translation>
    </message>
    <message>
        <source>Virtual pipeline stages (model chunks per pipeline rank)</source>
        <translation>虚拟流水线阶段（每个流水线 rank 上的模型块数）</translation>
    </message>
    <message>
        <source>Real time to train the token budget, after goodput</source>
        <translation>计入有效训练比例后，训练完设定 token 数的实际时长</translation>
    </message>
    <message>
        <source>Cost of the run</source>
        <translation>单次训练的成本</translation>
    </message>
    <message>
        <source>Peak memory per GPU</source>
        <translation>每块 GPU 的峰值显存</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Fabric</source>
        <translation>组网</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>VPP</source>
        <translation>VPP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>DP</source>
        <translation>DP</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>SP</source>
        <translation>SP</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>算力利用率 MFU</translation>
    </message>
    <message>
        <source>Memory / GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>Time to train</source>
        <translation>训练时长</translation>
    </message>
    <message>
        <source>Micro-batch size (sequences)</source>
        <translation>微批次大小（条序列）</translation>
    </message>
    <message>
        <source>Throughput of the cluster, tokens per second</source>
        <translation>集群吞吐，每秒 token 数</translation>
    </message>
    <message>
        <source>Activation recomputation</source>
        <translation>激活重计算</translation>
    </message>
    <message>
        <source>Cost per million tokens trained</source>
        <translation>每训练一百万 token 的成本</translation>
    </message>
    <message>
        <source>MBS</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>token/秒</translation>
    </message>
    <message>
        <source>Run cost (%1)</source>
        <translation>单次成本（%1）</translation>
    </message>
    <message>
        <source>%1 / M tokens</source>
        <translation>%1/百万 token</translation>
    </message>
    <message>
        <source>The layout to prefer among the first %1, which the estimates cannot rank: more fitted corpus runs behind its TP degree and sharding, more memory headroom</source>
        <translation>估算无法区分前 %1 名，推荐选这一个：其 TP 度数和分片方式背后有更多拟合语料运行，显存余量也更大</translation>
    </message>
    <message>
        <source>★ %1</source>
        <translation>★ %1</translation>
    </message>
</context>
<context>
    <name>cp::ui::PlannerTerms</name>
    <message>
        <source>an empty item in the list “%1”</source>
        <translation>列表“%1”中有空项</translation>
    </message>
    <message>
        <source>“%1” is not a whole number of %2 or more</source>
        <translation>“%1”不是不小于 %2 的整数</translation>
    </message>
    <message>
        <source>“%1” is not a range A-B of whole numbers with %2 ≤ A ≤ B</source>
        <translation>“%1”不是满足 %2 ≤ A ≤ B 的整数范围 A-B</translation>
    </message>
    <message>
        <source>the list gives more than %1 values</source>
        <translation>列表展开后超过 %1 个取值</translation>
    </message>
    <message>
        <source>the range %1 holds no multiple of %2</source>
        <translation>范围 %1 中没有 %2 的倍数</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>give a GPU count, a list such as 64,128 or a range such as 64-512</source>
        <translation>请填写 GPU 数、列表（如 64,128）或范围（如 64-512）</translation>
    </message>
    <message>
        <source>%1 GPUs is not a whole number of %2-GPU nodes</source>
        <translation>%1 张 GPU 不是整数个 %2 卡节点</translation>
    </message>
    <message>
        <source>%1 spare nodes leave no node of the %2 for the job</source>
        <translation>%1 个备用节点之后，%2 个节点中没有留给任务的节点</translation>
    </message>
    <message>
        <source>unknown fabric “%1”</source>
        <translation>未知的网络“%1”</translation>
    </message>
    <message>
        <source>choose at least one</source>
        <translation>至少选择一项</translation>
    </message>
    <message>
        <source>must be 0 (none) or more</source>
        <translation>须为 0（不限）或更大</translation>
    </message>
    <message>
        <source>must be 0 or more</source>
        <translation>须为 0 或更大</translation>
    </message>
    <message>
        <source>must be 1 or more</source>
        <translation>须为 1 或更大</translation>
    </message>
    <message>
        <source>the objective “%1” and a deadline need a token budget: set it under Training in the inputs</source>
        <translation>优化目标“%1”和截止期限需要设定训练 token 数：请在输入的“训练”部分设定</translation>
    </message>
    <message>
        <source>Highest throughput</source>
        <translation>吞吐最高</translation>
    </message>
    <message>
        <source>Shortest time to train</source>
        <translation>训练时长最短</translation>
    </message>
    <message>
        <source>Lowest cost per run</source>
        <translation>单次训练成本最低</translation>
    </message>
    <message>
        <source>Lowest cost per token</source>
        <translation>每 token 成本最低</translation>
    </message>
    <message>
        <source>TP larger than a node</source>
        <translation>TP 超过单节点 GPU 数</translation>
    </message>
    <message>
        <source>TP does not divide the attention heads</source>
        <translation>TP 不能整除注意力头数</translation>
    </message>
    <message>
        <source>TP does not divide the KV heads</source>
        <translation>TP 不能整除 KV 头数</translation>
    </message>
    <message>
        <source>TP does not divide the FFN width</source>
        <translation>TP 不能整除 FFN 维度</translation>
    </message>
    <message>
        <source>TP does not divide the expert FFN width</source>
        <translation>TP 不能整除专家 FFN 维度</translation>
    </message>
    <message>
        <source>PP larger than the layers</source>
        <translation>PP 超过层数</translation>
    </message>
    <message>
        <source>2 × CP does not divide the sequence</source>
        <translation>2 × CP 不能整除序列长度</translation>
    </message>
    <message>
        <source>TP × PP × CP does not divide the GPUs</source>
        <translation>TP × PP × CP 不能整除 GPU 数</translation>
    </message>
    <message>
        <source>EP on a dense model</source>
        <translation>稠密模型使用了 EP</translation>
    </message>
    <message>
        <source>EP does not divide the experts</source>
        <translation>EP 不能整除专家数</translation>
    </message>
    <message>
        <source>EP does not divide DP × CP</source>
        <translation>EP 不能整除 DP × CP</translation>
    </message>
    <message>
        <source>VPP without PP (a duplicate)</source>
        <translation>没有 PP 的 VPP（重复方案）</translation>
    </message>
    <message>
        <source>VPP × PP larger than the layers</source>
        <translation>VPP × PP 超过层数</translation>
    </message>
    <message>
        <source>VPP does not divide the layers per stage</source>
        <translation>VPP 不能整除每阶段层数</translation>
    </message>
    <message>
        <source>DP × micro-batch does not divide the global batch</source>
        <translation>DP × 微批次不能整除全局批次</translation>
    </message>
    <message>
        <source>SP without TP (a duplicate)</source>
        <translation>没有 TP 的 SP（重复方案）</translation>
    </message>
    <message>
        <source>does not fit in GPU memory</source>
        <translation>显存放不下</translation>
    </message>
    <message>
        <source>makes no progress (goodput 0)</source>
        <translation>训练无进展（有效训练比例为 0）</translation>
    </message>
    <message>
        <source>above the power limit</source>
        <translation>超过功耗上限</translation>
    </message>
    <message>
        <source>above the monthly budget</source>
        <translation>超过每月预算</translation>
    </message>
    <message>
        <source>misses the deadline</source>
        <translation>超过截止期限</translation>
    </message>
    <message>
        <source>a cost the price list cannot give</source>
        <translation>价格表无法给出所需成本</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Fabrics</source>
        <translation>网络方案</translation>
    </message>
    <message>
        <source>TP</source>
        <translation>TP</translation>
    </message>
    <message>
        <source>PP</source>
        <translation>PP</translation>
    </message>
    <message>
        <source>VPP</source>
        <translation>VPP</translation>
    </message>
    <message>
        <source>CP</source>
        <translation>CP</translation>
    </message>
    <message>
        <source>EP</source>
        <translation>EP</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source>Recompute</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>SP</source>
        <translation>SP</translation>
    </message>
    <message>
        <source>Power limit</source>
        <translation>功耗上限</translation>
    </message>
    <message>
        <source>Budget per month</source>
        <translation>每月预算</translation>
    </message>
    <message>
        <source>Deadline</source>
        <translation>截止期限</translation>
    </message>
    <message>
        <source>Spare nodes</source>
        <translation>备用节点</translation>
    </message>
    <message>
        <source>Top</source>
        <translation>前 N 名</translation>
    </message>
    <message>
        <source>Token budget</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批次</translation>
    </message>
    <message>
        <source>TP overlap without SP (Megatron-Core needs SP)</source>
        <translation>TP 通信重叠但未开启 SP（Megatron-Core 需要 SP）</translation>
    </message>
</context>
<context>
    <name>cp::ui::PresentationWindow</name>
    <message>
        <source>Presentation — %1</source>
        <translation>演示 — %1</translation>
    </message>
    <message>
        <source>%1 / %2</source>
        <extracomment>Presentation mode: the page number and the number of pages</extracomment>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Theme</source>
        <translation>主题(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>No estimate: the scenario has problems.</source>
        <translation>无估算结果：场景存在问题。</translation>
    </message>
    <message>
        <source>InfiniBand or RoCE for this job</source>
        <translation>这个作业选 InfiniBand 还是 RoCE</translation>
    </message>
    <message>
        <source>The verdict follows when the fabric sweep ends.</source>
        <translation>网络扫描结束后给出结论。</translation>
    </message>
</context>
<context>
    <name>cp::ui::Report</name>
    <message>
        <source>Contents</source>
        <translation>目录</translation>
    </message>
    <message>
        <source>Page %1 of %2</source>
        <extracomment>Report footer: page number of page count</extracomment>
        <translation>第 %1 页，共 %2 页</translation>
    </message>
    <message>
        <source>on</source>
        <translation>开</translation>
    </message>
    <message>
        <source>off</source>
        <translation>关</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Micro-batch / global batch</source>
        <translation>微批次 / 全局批次</translation>
    </message>
    <message>
        <source>Precision</source>
        <translation>精度</translation>
    </message>
    <message>
        <source>Optimizer</source>
        <translation>优化器</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>Activation recomputation</source>
        <translation>激活重计算</translation>
    </message>
    <message>
        <source>Tensor / pipeline / data parallelism</source>
        <translation>张量并行 / 流水线并行 / 数据并行</translation>
    </message>
    <message>
        <source>Context / expert parallelism</source>
        <translation>上下文并行 / 专家并行</translation>
    </message>
    <message>
        <source>Sequence parallelism</source>
        <translation>序列并行</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数量</translation>
    </message>
    <message>
        <source>%1 (%2 nodes of %3)</source>
        <translation>%1（%2 个节点，每节点 %3 卡）</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>组网</translation>
    </message>
    <message>
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>Training tokens</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>not given</source>
        <translation>未给出</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>数值</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Formula</source>
        <translation>公式</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>PUE (facility power / IT power)</source>
        <translation>PUE（设施功耗 / IT 功耗）</translation>
    </message>
    <message>
        <source>Uptime Institute survey 2023</source>
        <translation>Uptime Institute 2023 年调查</translation>
    </message>
    <message>
        <source>GPU power while training, share of TDP</source>
        <translation>训练时 GPU 功耗占 TDP 的比例</translation>
    </message>
    <message>
        <source>Currency of results</source>
        <translation>结果货币</translation>
    </message>
    <message>
        <source>CNY per USD</source>
        <translation>美元兑人民币汇率</translation>
    </message>
    <message>
        <source>Electricity price per kWh</source>
        <translation>每千瓦时电价</translation>
    </message>
    <message>
        <source>Payment</source>
        <translation>付费方式</translation>
    </message>
    <message>
        <source>Assumption</source>
        <translation>假设</translation>
    </message>
    <message>
        <source>Price list</source>
        <extracomment>Report: the price list&apos;s row; %1 its date, %2 its source, %3 the appendix that lists its lines</extracomment>
        <translation>价格表</translation>
    </message>
    <message>
        <source>%1 (%2), %3</source>
        <translation>%1（%2），%3</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Price</source>
        <translation>价格</translation>
    </message>
    <message>
        <source>Key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>clusterplan %1 — %2</source>
        <translation>clusterplan %1 — %2</translation>
    </message>
    <message>
        <source>Scenario report: %1</source>
        <translation>方案报告：%1</translation>
    </message>
    <message>
        <source>Inputs</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>Headline figures</source>
        <translation>主要指标</translation>
    </message>
    <message>
        <source>Memory per GPU at the peak pipeline stage</source>
        <translation>峰值流水线阶段每 GPU 显存</translation>
    </message>
    <message>
        <source>Where the time of one optimizer step goes</source>
        <translation>一次优化器步的时间构成</translation>
    </message>
    <message>
        <source>Average facility power while training</source>
        <translation>训练时平均设施功耗</translation>
    </message>
    <message>
        <source>Monthly budget</source>
        <translation>月度预算</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>No estimate: the scenario has problems.</source>
        <translation>无估算：方案存在问题。</translation>
    </message>
    <message>
        <source>Assumptions and sources</source>
        <translation>假设与来源</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>No warnings.</source>
        <translation>无警告。</translation>
    </message>
    <message>
        <source>The fabric sweep did not finish.</source>
        <translation>组网扫描未完成。</translation>
    </message>
    <message>
        <source>InfiniBand vs RoCE: %1</source>
        <translation>InfiniBand 与 RoCE 对比：%1</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>算力利用率 MFU</translation>
    </message>
    <message>
        <source>Scaling</source>
        <translation>扩展效率</translation>
    </message>
    <message>
        <source>Time to train</source>
        <translation>训练时间</translation>
    </message>
    <message>
        <source>Cost per run</source>
        <translation>每次训练成本</translation>
    </message>
    <message>
        <source>Cannot draw on the output device.</source>
        <translation>无法在输出设备上绘制。</translation>
    </message>
    <message>
        <source>%1 on %2 × %3, %4</source>
        <translation>%1，%2 × %3，%4</translation>
    </message>
    <message>
        <source>%1, %2; its lines (%3) in %4</source>
        <translation>%1，%2；其条目（%3 项）见%4</translation>
    </message>
    <message>
        <source>Appendix A: price list</source>
        <translation>附录 A：价格表</translation>
    </message>
    <message>
        <source>Figures, formulas and sources</source>
        <translation>指标、公式与来源</translation>
    </message>
    <message>
        <source>Appendix B: every input</source>
        <translation>附录 B：全部输入</translation>
    </message>
    <message>
        <source>no token budget set</source>
        <translation>未设定训练 token 数</translation>
    </message>
    <message>
        <source>Fits: yes, %1 free</source>
        <extracomment>Report headline: whether the job fits in GPU memory, and the memory left over</extracomment>
        <translation>放得下：是，余量 %1</translation>
    </message>
    <message>
        <source>Fits: no, %1 short</source>
        <extracomment>Report headline: the job does not fit in GPU memory, and by how much</extracomment>
        <translation>放得下：否，缺 %1</translation>
    </message>
    <message>
        <source>Fits in memory</source>
        <translation>显存是否够用</translation>
    </message>
    <message>
        <source>peak pipeline stage %1 of %2</source>
        <translation>峰值流水线阶段：第 %1 段（共 %2 段）</translation>
    </message>
    <message>
        <source>of %1 on %2</source>
        <translation>%2 共 %1</translation>
    </message>
    <message>
        <source>%1 micro-batches, DP %2</source>
        <translation>%1 个微批次，数据并行 %2</translation>
    </message>
    <message>
        <source>band %1 – %2</source>
        <translation>区间 %1 – %2</translation>
    </message>
    <message>
        <source>%1 TFLOP/s per GPU</source>
        <translation>每卡 %1 TFLOP/s</translation>
    </message>
    <message>
        <source>goodput %1 after failures</source>
        <translation>计入故障后有效率 %1</translation>
    </message>
    <message>
        <source>peak %1</source>
        <translation>峰值 %1</translation>
    </message>
    <message>
        <source>PUE %1, racks: %2</source>
        <translation>PUE %1，机柜：%2</translation>
    </message>
    <message>
        <source>upfront capital %1</source>
        <translation>前期资本支出 %1</translation>
    </message>
    <message>
        <source>budget with headroom %1</source>
        <translation>含余量预算 %1</translation>
    </message>
    <message>
        <source>Export &amp;report…</source>
        <translation>导出报告(&amp;R)…</translation>
    </message>
    <message>
        <source>&amp;Print…</source>
        <translation>打印(&amp;P)…</translation>
    </message>
    <message>
        <source>PDF documents (*.pdf)</source>
        <translation>PDF 文档 (*.pdf)</translation>
    </message>
    <message>
        <source>Cannot write the report</source>
        <translation>无法写入报告</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <extracomment>Report, price list: %1 the kind of line (&quot;Server rent&quot;), %2 its name (a product, as the list writes it)</extracomment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Report written to %1 (pages: %2)</source>
        <extracomment>Status bar after File &gt; Export report: the file and its number of pages</extracomment>
        <translation>报告已写入 %1（共 %2 页）</translation>
    </message>
    <message>
        <source>Cannot print the report</source>
        <translation>无法打印报告</translation>
    </message>
    <message>
        <source>[est]</source>
        <extracomment>Report: marks an estimate in a source (&quot;[est] no list price found&quot;)</extracomment>
        <translation>[估计]</translation>
    </message>
    <message>
        <source>[sec]</source>
        <extracomment>Report: marks a secondary source in a source, short form</extracomment>
        <translation>[二手]</translation>
    </message>
    <message>
        <source>[secondary source]</source>
        <extracomment>Report: marks a secondary source in a source</extracomment>
        <translation>[二手来源]</translation>
    </message>
    <message>
        <source>seed article: </source>
        <extracomment>Report: the seed article (the Chinese article the workbench started from) cited as a price source</extracomment>
        <translation>种子文章：</translation>
    </message>
    <message>
        <source>(seed article, </source>
        <translation>(种子文章，</translation>
    </message>
    <message>
        <source>ZeRO model states (Rajbhandari et al. 2020, section 5); activations per layer (Korthikanti et al. 2022), for the micro-batches in flight on the peak pipeline stage; framework allowances as stated in the scenario</source>
        <translation>ZeRO 模型状态（Rajbhandari et al. 2020，第 5 节）；每层激活（Korthikanti et al. 2022），按峰值流水线阶段上在途的微批次计；框架开销按场景所述</translation>
    </message>
    <message>
        <source>GPU capacity from the catalog (%1); memory per GPU as explained</source>
        <translation>GPU 容量取自目录（%1）；每 GPU 显存如上所述</translation>
    </message>
    <message>
        <source>Compute per stage from the GEMM roofline; collectives with the alpha-beta model and NCCL bus bandwidth (nccl-tests PERFORMANCE.md); pipeline bubble (p - 1) / v micro-batch slots (Narayanan et al. 2021, section 2.2); see docs/model.md</source>
        <translation>每阶段计算按 GEMM 屋顶线模型；集合通信按 alpha-beta 模型与 NCCL 总线带宽（nccl-tests PERFORMANCE.md）；流水线气泡为 (p - 1) / v 个微批次时隙（Narayanan et al. 2021，第 2.2 节）；见 docs/model.md</translation>
    </message>
    <message>
        <source>Definition; step time as explained</source>
        <translation>定义；步时间如上所述</translation>
    </message>
    <message>
        <source>Chowdhery et al. 2022 (PaLM), appendix B; model FLOPs per Narayanan et al. 2021; peak from %1</source>
        <translation>Chowdhery et al. 2022（PaLM），附录 B；模型 FLOPs 按 Narayanan et al. 2021；峰值取自 %1</translation>
    </message>
    <message>
        <source>Goodput: Young 1974 and Daly 2006 checkpoint model; failure rate %1 per GPU-hour (Llama 3, Dubey et al. 2024)</source>
        <translation>有效产出：Young 1974 与 Daly 2006 检查点模型；故障率为每 GPU·小时 %1（Llama 3，Dubey et al. 2024）</translation>
    </message>
    <message>
        <source>GPU TDP from the datasheet x average draw factor (Epoch AI: 75% of peak); node overhead calibrated to the DGX system maximum; switches and optics by line rate [est]; see docs/power-cost.md</source>
        <translation>GPU TDP 取自数据手册 × 平均功耗系数（Epoch AI：峰值的 75%）；节点开销按 DGX 系统最大功耗校准；交换机与光模块按线速率 [估计]；见 docs/power-cost.md</translation>
    </message>
    <message>
        <source>PUE: Uptime Institute 2023 (industry average 1.58; modern sites 1.3 or less)</source>
        <translation>PUE：Uptime Institute 2023（行业平均 1.58；现代机房 1.3 或更低）</translation>
    </message>
    <message>
        <source>Price list &apos;%1&apos; (%2); month = 730 h</source>
        <translation>价格表“%1”（%2）；每月按 730 小时计</translation>
    </message>
    <message>
        <source>Price list &apos;%1&apos;; time to train as explained</source>
        <translation>价格表“%1”；训练时间如上所述</translation>
    </message>
    <message>
        <source>per server-month</source>
        <extracomment>Report, price list: a server&apos;s rent, per month</extracomment>
        <translation>每台服务器每月</translation>
    </message>
    <message>
        <source>per GPU-hour</source>
        <translation>每 GPU·小时</translation>
    </message>
    <message>
        <source>per month</source>
        <translation>每月</translation>
    </message>
    <message>
        <source>per link</source>
        <translation>每条链路</translation>
    </message>
    <message>
        <source>each</source>
        <translation>每件</translation>
    </message>
    <message>
        <source>Server rent</source>
        <translation>服务器租金</translation>
    </message>
    <message>
        <source>GPU-hour</source>
        <translation>GPU·小时</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Network card</source>
        <translation>网卡</translation>
    </message>
    <message>
        <source>Switch</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>Optical transceiver</source>
        <translation>光模块</translation>
    </message>
    <message>
        <source>Cable</source>
        <translation>线缆</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>Services</source>
        <translation>服务</translation>
    </message>
    <message>
        <source>%1 %2 %3</source>
        <extracomment>Report, price list: %1 currency, %2 amount, %3 what it is per (&quot;per GPU-hour&quot;)</extracomment>
        <translation>%1 %2（%3）</translation>
    </message>
    <message>
        <source> (stale: more than %1 months old)</source>
        <translation>（已过期：超过 %1 个月）</translation>
    </message>
    <message>
        <source>%1 per month</source>
        <translation>每月 %1</translation>
    </message>
    <message>
        <source>Owner&apos;s capital up front</source>
        <translation>自有前期资本</translation>
    </message>
    <message>
        <source>servers %1, network %2, storage %3; prices of %4 (%5)</source>
        <extracomment>Report: %1 servers, %2 network, %3 storage; %4 the purchase list and %5 its date</extracomment>
        <translation>服务器 %1，网络 %2，存储 %3；价格表 %4（%5）</translation>
    </message>
    <message>
        <source>Depreciation</source>
        <translation>折旧</translation>
    </message>
    <message>
        <source>%1 years to a residual value of %2; network and storage %3</source>
        <translation>%1 年折旧至残值 %2；其中网络与存储 %3</translation>
    </message>
    <message>
        <source>Cost of capital</source>
        <translation>资金成本</translation>
    </message>
    <message>
        <source>%1 a year (CoreWeave&apos;s 2025 debt 9-11%)</source>
        <translation>每年 %1（CoreWeave 2025 年债务利率 9-11%）</translation>
    </message>
    <message>
        <source>Support and maintenance</source>
        <translation>支持与维保</translation>
    </message>
    <message>
        <source>%1 of the hardware a year (hardware contracts 10-30%)</source>
        <translation>每年为硬件价格的 %1（硬件服务合同 10-30%）</translation>
    </message>
    <message>
        <source>Facility</source>
        <translation>机房</translation>
    </message>
    <message>
        <source>built, paid off over %1 years (Cushman &amp; Wakefield 2025)</source>
        <translation>自建，分 %1 年摊销（Cushman &amp; Wakefield 2025）</translation>
    </message>
    <message>
        <source>colocation per kW of IT peak (CBRE 2025)</source>
        <translation>按 IT 峰值每 kW 托管（CBRE 2025）</translation>
    </message>
    <message>
        <source>Electricity</source>
        <translation>电费</translation>
    </message>
    <message>
        <source>Owner&apos;s cost</source>
        <translation>自有成本</translation>
    </message>
    <message>
        <source>%1 per GPU-hour</source>
        <translation>每 GPU 小时 %1</translation>
    </message>
    <message>
        <source>Break-even (owning beats renting)</source>
        <translation>盈亏平衡（自有优于租用）</translation>
    </message>
    <message>
        <source>%1 months</source>
        <translation>%1 个月</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从不</translation>
    </message>
    <message>
        <source>against %1</source>
        <translation>对比 %1</translation>
    </message>
    <message>
        <source>%1 months billed; prices of %2</source>
        <translation>计费 %1 个月；%2 的价格</translation>
    </message>
    <message>
        <source>prices of %1</source>
        <translation>%1 的价格</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>Every input as the scenario file names it; the price list in use is in %1.</source>
        <translation>全部输入，按方案文件中的键名列出；所用价目表见%1。</translation>
    </message>
    <message>
        <source>The plan below, run on %1 GPUs (the plan&apos;s own size, %2 GPUs, included; the global batch is held), on: %3. Each point runs the best layout found for its size and fabric, not the plan&apos;s own layout; the table names each point&apos;s layout.</source>
        <translation>下述方案在 %1 张 GPU 上运行（包含方案自身规模 %2 张 GPU；全局批量保持不变），网络：%3。每个点使用针对其规模和网络搜索到的最佳并行布局，而非方案自身的布局；表中列出每个点的布局。</translation>
    </message>
    <message>
        <source>The plan below, run on %1 GPUs (the plan&apos;s own size, %2 GPUs, included; the global batch is held), on: %3. Your layout held: TP, PP, CP and EP as in the plan, DP follows the size.</source>
        <translation>下述方案在 %1 张 GPU 上运行（包含方案自身规模 %2 张 GPU；全局批量保持不变），网络：%3。保持您的并行布局：TP、PP、CP、EP 与方案相同，DP 随规模变化。</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>%1 (your plan)</source>
        <translation>%1（您的方案）</translation>
    </message>
    <message>
        <source>Layout</source>
        <translation>并行布局</translation>
    </message>
</context>
<context>
    <name>cp::ui::ScenarioDocument</name>
    <message>
        <source>Rename the scenario</source>
        <translation>重命名场景</translation>
    </message>
    <message>
        <source>Edit the notes</source>
        <translation>编辑备注</translation>
    </message>
</context>
<context>
    <name>cp::ui::ScenarioListModel</name>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1 — revision %2</source>
        <translation>%1 — 第 %2 版</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Tags</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>更新时间</translation>
    </message>
    <message>
        <source>Tokens/s</source>
        <translation>token/s</translation>
    </message>
    <message>
        <source>Cost/month</source>
        <translation>每月费用</translation>
    </message>
    <message>
        <source>cannot be read</source>
        <translation>无法读取</translation>
    </message>
    <message>
        <source>“%1” (revision %2) cannot be read: %3</source>
        <translation>无法读取“%1”（第 %2 版）：%3</translation>
    </message>
</context>
<context>
    <name>cp::ui::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>English</source>
        <translation>English</translation>
    </message>
    <message>
        <source>GiB (2^30 bytes)</source>
        <translation>GiB（2^30 字节）</translation>
    </message>
    <message>
        <source>GB (10^9 bytes)</source>
        <translation>GB（10^9 字节）</translation>
    </message>
    <message>
        <source>kW</source>
        <translation>千瓦</translation>
    </message>
    <message>
        <source>BTU/h</source>
        <translation>BTU/h</translation>
    </message>
    <message>
        <source>Tons of refrigeration</source>
        <translation>冷吨</translation>
    </message>
    <message>
        <source>CNY</source>
        <translation>人民币</translation>
    </message>
    <message>
        <source>USD</source>
        <translation>美元</translation>
    </message>
    <message>
        <source>Language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>Memory in</source>
        <translation>显存单位</translation>
    </message>
    <message>
        <source>Power and cooling in</source>
        <translation>功耗与制冷单位</translation>
    </message>
    <message>
        <source>Currency of this scenario</source>
        <translation>本方案货币</translation>
    </message>
    <message>
        <source>Change the currency</source>
        <translation>更改货币</translation>
    </message>
</context>
<context>
    <name>cp::ui::SummaryPanel</name>
    <message>
        <source>Scenario</source>
        <translation>方案</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每块 GPU 的显存</translation>
    </message>
    <message>
        <source>Warnings</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>No scenario.</source>
        <translation>尚无方案。</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>%1 (standard shape derived from its size)</source>
        <translation>%1（按参数规模推导的标准结构）</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>模型：</translation>
    </message>
    <message>
        <source>%1 in total, %2 active per token</source>
        <translation>共 %1，每个 token 激活 %2</translation>
    </message>
    <message>
        <source>Parameters:</source>
        <translation>参数量：</translation>
    </message>
    <message>
        <source>Tensor parallel (TP):</source>
        <translation>张量并行 (TP)：</translation>
    </message>
    <message>
        <source>%1, with sequence parallelism</source>
        <translation>%1，启用序列并行</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP):</source>
        <translation>流水线并行 (PP)：</translation>
    </message>
    <message>
        <source>%1, %2 interleaved chunks per stage</source>
        <translation>%1，每段 %2 个交错模型块</translation>
    </message>
    <message>
        <source>Data parallel (DP):</source>
        <translation>数据并行 (DP)：</translation>
    </message>
    <message>
        <source>%1, from the GPU count</source>
        <translation>%1，由 GPU 数量推得</translation>
    </message>
    <message>
        <source>Context parallel (CP):</source>
        <translation>上下文并行 (CP)：</translation>
    </message>
    <message>
        <source>Expert parallel (EP):</source>
        <translation>专家并行 (EP)：</translation>
    </message>
    <message>
        <source>GPUs:</source>
        <translation>GPU：</translation>
    </message>
    <message>
        <source>%1 × %2 (%3 servers × %4)</source>
        <translation>%1 × %2（%3 台服务器 × 每台 %4 卡）</translation>
    </message>
    <message>
        <source>Batch:</source>
        <translation>批大小：</translation>
    </message>
    <message>
        <source>sequence %1 tokens, micro-batch %2, global batch %3</source>
        <translation>序列长度 %1 token，微批次 %2，全局批次 %3</translation>
    </message>
    <message>
        <source>Training:</source>
        <translation>训练配置：</translation>
    </message>
    <message>
        <source>%1, %2, %3, %4</source>
        <translation>%1、%2、%3、%4</translation>
    </message>
    <message>
        <source>Cannot estimate: the scenario has problems.</source>
        <translation>无法估算：方案存在问题。</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Needed:</source>
        <translation>需要：</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>Peak stage:</source>
        <translation>峰值阶段：</translation>
    </message>
    <message>
        <source>stage %1 of %2: %3 layers, %4 micro-batches in flight</source>
        <translation>第 %1 段（共 %2 段）：%3 层，同时驻留 %4 个微批次的激活值</translation>
    </message>
    <message>
        <source>✓ Fits, %1 to spare</source>
        <translation>✓ 显存足够，余量 %1</translation>
    </message>
    <message>
        <source>✗ Does not fit by %1</source>
        <translation>✗ 显存不足，超出 %1</translation>
    </message>
    <message>
        <source>None.</source>
        <translation>无。</translation>
    </message>
    <message>
        <source>%1 in all:</source>
        <translation>共 %1：</translation>
    </message>
    <message>
        <source>CUDA context and framework %1</source>
        <translation>CUDA 上下文与框架 %1</translation>
    </message>
    <message>
        <source>communication buffers %1</source>
        <translation>通信缓冲区 %1</translation>
    </message>
    <message>
        <source>allocator fragmentation %1</source>
        <translation>显存分配器碎片 %1</translation>
    </message>
    <message>
        <source>loss and logits buffers %1</source>
        <translation>损失与 logits 缓冲区 %1</translation>
    </message>
    <message>
        <source>Other:</source>
        <translation>其他：</translation>
    </message>
    <message>
        <source>%1, %2; %3</source>
        <extracomment>Summary: %1 the price list&apos;s name, %2 its date (YYYY-MM), %3 its source</extracomment>
        <translation>%1，%2；%3</translation>
    </message>
    <message>
        <source> (stale: more than %1 months old)</source>
        <translation>（已过期：超过 %1 个月）</translation>
    </message>
    <message>
        <source>Prices:</source>
        <translation>价格：</translation>
    </message>
    <message>
        <source>%1 per GPU-hour</source>
        <translation>每 GPU 小时 %1</translation>
    </message>
    <message>
        <source>Owning:</source>
        <translation>自有：</translation>
    </message>
    <message>
        <source>%1; beats renting (%3) after %2 months</source>
        <translation>%1；%2 个月后比租用（%3）更省</translation>
    </message>
    <message>
        <source>%1; never beats renting (%2)</source>
        <translation>%1；始终不比租用（%2）更省</translation>
    </message>
    <message>
        <source>cuBLAS workspaces %1</source>
        <translation>cuBLAS 工作区 %1</translation>
    </message>
    <message>
        <source>fp8 weight copies %1</source>
        <translation>fp8 权重副本 %1</translation>
    </message>
    <message>
        <source>TP-overlap buffers %1</source>
        <translation>TP 重叠缓冲区 %1</translation>
    </message>
    <message>
        <source>CP ring buffers %1</source>
        <translation>CP 环形缓冲区 %1</translation>
    </message>
    <message>
        <source>ZeRO-3 working set %1</source>
        <translation>ZeRO-3 工作集 %1</translation>
    </message>
</context>
<context>
    <name>cp::ui::Terms</name>
    <message>
        <source>Weights</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Gradients</source>
        <translation>梯度</translation>
    </message>
    <message>
        <source>Optimizer states</source>
        <translation>优化器状态</translation>
    </message>
    <message>
        <source>Activations</source>
        <translation>激活值</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>The copy of the weights that the forward and backward passes read</source>
        <translation>前向与反向传播读取的权重副本</translation>
    </message>
    <message>
        <source>The gradient buffer</source>
        <translation>梯度缓冲区</translation>
    </message>
    <message>
        <source>Master weights and optimizer moments, after ZeRO sharding</source>
        <translation>主权重与优化器动量（ZeRO 切分之后）</translation>
    </message>
    <message>
        <source>Activations stored for the backward pass, for every micro-batch in flight</source>
        <translation>为反向传播保存的激活值，包括所有驻留中的微批次</translation>
    </message>
    <message>
        <source>fp32</source>
        <translation>fp32</translation>
    </message>
    <message>
        <source>bf16 mixed precision</source>
        <translation>bf16 混合精度</translation>
    </message>
    <message>
        <source>fp16 mixed precision</source>
        <translation>fp16 混合精度</translation>
    </message>
    <message>
        <source>fp8 with bf16 master weights</source>
        <translation>fp8（bf16 主权重）</translation>
    </message>
    <message>
        <source>Adam</source>
        <translation>Adam</translation>
    </message>
    <message>
        <source>SGD with momentum</source>
        <translation>带动量的 SGD</translation>
    </message>
    <message>
        <source>8-bit Adam</source>
        <translation>8 位 Adam</translation>
    </message>
    <message>
        <source>no recomputation</source>
        <translation>不做重计算</translation>
    </message>
    <message>
        <source>selective recomputation</source>
        <translation>选择性重计算</translation>
    </message>
    <message>
        <source>full recomputation</source>
        <translation>完全重计算</translation>
    </message>
    <message>
        <source>no ZeRO</source>
        <translation>不使用 ZeRO</translation>
    </message>
    <message>
        <source>ZeRO-1</source>
        <translation>ZeRO-1</translation>
    </message>
    <message>
        <source>ZeRO-2</source>
        <translation>ZeRO-2</translation>
    </message>
    <message>
        <source>ZeRO-3 (FSDP)</source>
        <translation>ZeRO-3 (FSDP)</translation>
    </message>
    <message>
        <source>Megatron distributed optimizer</source>
        <translation>Megatron 分布式优化器</translation>
    </message>
    <message>
        <source>%1 layers do not divide evenly over %2 pipeline stages: the heaviest stage sets memory and step time</source>
        <translation>%1 层无法均分到 %2 个流水线阶段：最重的阶段决定显存占用与单步时间</translation>
    </message>
    <message>
        <source>Only %1 micro-batches per step for %2 pipeline stages: the pipeline never fills</source>
        <translation>每步只有 %1 个微批次，而流水线有 %2 个阶段：流水线无法填满</translation>
    </message>
    <message>
        <source>Needs %1 per GPU but the GPU has %2</source>
        <translation>每块 GPU 需要 %1 显存，但 GPU 只有 %2</translation>
    </message>
    <message>
        <source>Sequence parallelism has no effect with TP = 1</source>
        <translation>张量并行 TP = 1 时序列并行不起作用</translation>
    </message>
    <message>
        <source>The architecture is a standard shape derived from a size of %1 parameters, not a published model</source>
        <translation>该架构是按 %1 参数规模推导的标准结构，并非已发布的模型</translation>
    </message>
    <message>
        <source>%1 layers per stage do not split evenly into %2 interleaved chunks</source>
        <translation>每个阶段的 %1 层无法均分为 %2 个交错模型块</translation>
    </message>
    <message>
        <source>%1 micro-batches is not a multiple of %2 stages: older Megatron-LM versions refuse this interleaved schedule</source>
        <translation>%1 个微批次不是 %2 个阶段的整数倍：旧版 Megatron-LM 不支持这种交错调度</translation>
    </message>
    <message>
        <source>A single switch has %1 ports but the cluster has %2 NIC ports: sized as a two-tier fat tree</source>
        <translation>单台交换机只有 %1 个端口，而集群共有 %2 个网卡端口：按两层胖树组网估算</translation>
    </message>
    <message>
        <source>Few or no published runs back this GPU, fabric or model family (the calibration set is A100 and H100 SXM on InfiniBand, dense models): the uncertainty band is doubled</source>
        <translation>该 GPU、网络或模型系列只有很少或没有公开的训练实测（校准集为 InfiniBand 上的 A100 与 H100 SXM 稠密模型）：不确定区间加倍</translation>
    </message>
    <message>
        <source>Step time scaled by %1 from a measured pilot step (site calibration)</source>
        <translation>按试运行实测的单步时间，将单步时间乘以 %1（现场校准）</translation>
    </message>
    <message>
        <source>Loss and logits</source>
        <translation>损失与 logits</translation>
    </message>
    <message>
        <source>Communication buffers</source>
        <translation>通信缓冲区</translation>
    </message>
    <message>
        <source>Framework and CUDA context</source>
        <translation>框架与 CUDA 上下文</translation>
    </message>
    <message>
        <source>Allocator fragmentation</source>
        <translation>分配器碎片</translation>
    </message>
    <message>
        <source>GPU capacity</source>
        <translation>显存容量</translation>
    </message>
    <message>
        <source>Memory per GPU</source>
        <translation>每卡显存</translation>
    </message>
    <message>
        <source>Compute</source>
        <translation>计算</translation>
    </message>
    <message>
        <source>Exposed TP communication</source>
        <translation>未被掩盖的张量并行通信</translation>
    </message>
    <message>
        <source>Exposed PP communication</source>
        <translation>未被掩盖的流水线并行通信</translation>
    </message>
    <message>
        <source>Exposed DP communication</source>
        <translation>未被掩盖的数据并行通信</translation>
    </message>
    <message>
        <source>Exposed EP communication</source>
        <translation>未被掩盖的专家并行通信</translation>
    </message>
    <message>
        <source>Exposed CP communication</source>
        <translation>未被掩盖的上下文并行通信</translation>
    </message>
    <message>
        <source>Pipeline bubble</source>
        <translation>流水线气泡</translation>
    </message>
    <message>
        <source>Optimizer step</source>
        <translation>优化器更新</translation>
    </message>
    <message>
        <source>Site calibration factor</source>
        <translation>现场校准系数</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批次</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source>Step time</source>
        <translation>单步时间</translation>
    </message>
    <message>
        <source>Model FLOPs per step</source>
        <translation>每步模型 FLOPs</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>Peak FLOP/s per GPU</source>
        <translation>每卡峰值 FLOP/s</translation>
    </message>
    <message>
        <source>Token budget</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐</translation>
    </message>
    <message>
        <source>Goodput</source>
        <translation>有效训练比例</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU</translation>
    </message>
    <message>
        <source>GPU TDP</source>
        <translation>GPU TDP</translation>
    </message>
    <message>
        <source>Average GPU draw / TDP</source>
        <translation>GPU 平均功耗 / TDP</translation>
    </message>
    <message>
        <source>Node overhead</source>
        <translation>节点其余功耗</translation>
    </message>
    <message>
        <source>Switches</source>
        <translation>交换机</translation>
    </message>
    <message>
        <source>Transceivers</source>
        <translation>光模块</translation>
    </message>
    <message>
        <source>Shared storage</source>
        <translation>共享存储</translation>
    </message>
    <message>
        <source>IT power</source>
        <translation>IT 功耗</translation>
    </message>
    <message>
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>Storage</source>
        <translation>存储</translation>
    </message>
    <message>
        <source>Services</source>
        <translation>服务</translation>
    </message>
    <message>
        <source>Electricity</source>
        <translation>电费</translation>
    </message>
    <message>
        <source>VAT rate</source>
        <translation>增值税率</translation>
    </message>
    <message>
        <source>Months billed</source>
        <translation>计费月数</translation>
    </message>
    <message>
        <source>Cost per month</source>
        <translation>每月成本</translation>
    </message>
    <message>
        <source>Real time to train</source>
        <translation>实际训练时长</translation>
    </message>
    <message>
        <source>TP communication</source>
        <translation>张量并行通信</translation>
    </message>
    <message>
        <source>PP communication</source>
        <translation>流水线并行通信</translation>
    </message>
    <message>
        <source>DP communication</source>
        <translation>数据并行通信</translation>
    </message>
    <message>
        <source>EP communication</source>
        <translation>专家并行通信</translation>
    </message>
    <message>
        <source>CP communication</source>
        <translation>上下文并行通信</translation>
    </message>
    <message>
        <source>Rest of the nodes</source>
        <translation>节点其余部分</translation>
    </message>
    <message>
        <source>Cooling and facility (PUE)</source>
        <translation>散热与机房（PUE）</translation>
    </message>
    <message>
        <source>VAT</source>
        <translation>增值税</translation>
    </message>
    <message>
        <source>Headroom</source>
        <translation>余量</translation>
    </message>
    <message>
        <source>Fits?</source>
        <translation>显存够吗？</translation>
    </message>
    <message>
        <source>MFU</source>
        <translation>算力利用率 MFU</translation>
    </message>
    <message>
        <source>Time to train</source>
        <translation>训练时长</translation>
    </message>
    <message>
        <source>Facility power</source>
        <translation>机房总功耗</translation>
    </message>
    <message>
        <source>Cost per run</source>
        <translation>单次训练成本</translation>
    </message>
    <message>
        <source>Single switch</source>
        <translation>单台交换机</translation>
    </message>
    <message>
        <source>Two-tier fat tree</source>
        <translation>两层胖树</translation>
    </message>
    <message>
        <source>Three-tier fat tree</source>
        <translation>三层胖树</translation>
    </message>
    <message>
        <source>Rail-optimised fat tree</source>
        <translation>轨道优化胖树</translation>
    </message>
    <message>
        <source>Rent (per server-month)</source>
        <translation>月租（按服务器·月）</translation>
    </message>
    <message>
        <source>Cloud (per GPU-hour)</source>
        <translation>云（按 GPU·小时）</translation>
    </message>
    <message>
        <source>Purchase (amortised)</source>
        <translation>购买（折旧摊销）</translation>
    </message>
    <message>
        <source>sequences</source>
        <translation>条序列</translation>
    </message>
    <message>
        <source>tokens</source>
        <translation>token</translation>
    </message>
    <message>
        <source>tokens/s</source>
        <translation>token/秒</translation>
    </message>
    <message>
        <source>months</source>
        <translation>月</translation>
    </message>
    <message>
        <source>—</source>
        <translation>—</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>%1 min</source>
        <translation>%1 分钟</translation>
    </message>
    <message>
        <source>%1 h</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>%1 days</source>
        <translation>%1 天</translation>
    </message>
    <message>
        <source>%1 W</source>
        <translation>%1 W</translation>
    </message>
    <message>
        <source>%1 kW</source>
        <translation>%1 kW</translation>
    </message>
    <message>
        <source>%1 MW</source>
        <translation>%1 MW</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 token/秒</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>%1 BTU/h</source>
        <translation>%1 BTU/h</translation>
    </message>
    <message>
        <source>%1 tons</source>
        <translation>%1 冷吨</translation>
    </message>
    <message>
        <source>untuned</source>
        <translation>未调优</translation>
    </message>
    <message>
        <source>tuned</source>
        <translation>已调优</translation>
    </message>
    <message>
        <source>tuned at hyperscale</source>
        <translation>超大规模调优</translation>
    </message>
    <message>
        <source>%1, %2</source>
        <translation>%1，%2</translation>
    </message>
    <message>
        <source>GB</source>
        <translation>GB</translation>
    </message>
    <message>
        <source>BTU/h</source>
        <translation>BTU/h</translation>
    </message>
    <message>
        <source>tons</source>
        <translation>冷吨</translation>
    </message>
    <message>
        <source>kW</source>
        <translation>kW</translation>
    </message>
    <message>
        <source>Megatron-Core</source>
        <translation>Megatron-Core</translation>
    </message>
    <message>
        <source>Megatron-LM (2021-23)</source>
        <translation>Megatron-LM（2021-23）</translation>
    </message>
    <message>
        <source>Megatron-DeepSpeed</source>
        <translation>Megatron-DeepSpeed</translation>
    </message>
    <message>
        <source>PyTorch, eager</source>
        <translation>PyTorch，eager 模式</translation>
    </message>
    <message>
        <source>PyTorch, torch.compile</source>
        <translation>PyTorch，torch.compile</translation>
    </message>
    <message>
        <source>Not stated (priced as Megatron-Core)</source>
        <translation>未说明（按 Megatron-Core 估算）</translation>
    </message>
    <message>
        <source>Typical (any cluster and software)</source>
        <translation>常规（任意集群与软件）</translation>
    </message>
    <message>
        <source>Vendor recipe (NVIDIA&apos;s reference clusters)</source>
        <translation>厂商配方（NVIDIA 参考集群）</translation>
    </message>
    <message>
        <source>the stack&apos;s own</source>
        <translation>软件栈自带</translation>
    </message>
    <message>
        <source>the GPU&apos;s newest</source>
        <translation>GPU 最新内核</translation>
    </message>
    <message>
        <source>FlashAttention-2</source>
        <translation>FlashAttention-2</translation>
    </message>
    <message>
        <source>Triton (2022-23)</source>
        <translation>Triton（2022-23）</translation>
    </message>
    <message>
        <source>FlashAttention 1</source>
        <translation>FlashAttention 1</translation>
    </message>
    <message>
        <source>Network and storage</source>
        <translation>网络与存储</translation>
    </message>
    <message>
        <source>Cost of capital</source>
        <translation>资金成本</translation>
    </message>
    <message>
        <source>Support and maintenance</source>
        <translation>支持与维保</translation>
    </message>
    <message>
        <source>Facility</source>
        <translation>机房</translation>
    </message>
    <message>
        <source>Synchronous (training waits)</source>
        <translation>同步（训练等待）</translation>
    </message>
    <message>
        <source>Asynchronous (written in the background)</source>
        <translation>异步（后台写入）</translation>
    </message>
    <message>
        <source>In memory (peers&apos; host memory)</source>
        <translation>内存（对等节点主机内存）</translation>
    </message>
    <message>
        <source>The price list for %1 has no date: its prices cannot be judged current</source>
        <translation>%1 的价格表没有日期：无法判断其价格是否仍然有效</translation>
    </message>
    <message>
        <source>The price list for %1 is dated %2, %3 months before this build (more than %4): its prices may no longer hold; choose a newer list</source>
        <translation>%1 的价格表日期为 %2，比本版本构建早 %3 个月（超过 %4 个月）：其价格可能已不适用；请选择更新的价格表</translation>
    </message>
    <message>
        <source>Loss and logits buffers, communication buffers, the frameworks&apos; buffers and workspaces, CUDA context and allocator fragmentation</source>
        <translation>损失与 logits 缓冲区、通信缓冲区、框架的缓冲区与工作区、CUDA 上下文以及显存分配器碎片</translation>
    </message>
    <message>
        <source>fp8 weight copies and transposes</source>
        <translation>fp8 权重副本及其转置</translation>
    </message>
    <message>
        <source>TP-overlap buffers</source>
        <translation>TP 重叠缓冲区</translation>
    </message>
    <message>
        <source>CP ring buffers</source>
        <translation>CP 环形缓冲区</translation>
    </message>
    <message>
        <source>cuBLAS workspaces</source>
        <translation>cuBLAS 工作区</translation>
    </message>
    <message>
        <source>as the frameworks do (fp32; 16-bit for fp16)</source>
        <translation>按框架默认（fp32；fp16 训练为 16 位）</translation>
    </message>
    <message>
        <source>none</source>
        <translation>无</translation>
    </message>
    <message>
        <source>norms</source>
        <translation>归一化层</translation>
    </message>
    <message>
        <source>MLP activation</source>
        <translation>MLP 激活</translation>
    </message>
    <message>
        <source>MLA up-projections</source>
        <translation>MLA 上投影</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
</context>
<context>
    <name>cp::ui::Theme</name>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Follow the system</source>
        <translation>跟随系统</translation>
    </message>
</context>
<context>
    <name>cp::ui::Tile</name>
    <message>
        <source>Click to see why this number: formula, inputs and source</source>
        <translation>点击查看数字从何而来：公式、输入与来源</translation>
    </message>
</context>
<context>
    <name>cp::ui::TopologyView</name>
    <message>
        <source>Servers: %1</source>
        <translation>服务器：%1</translation>
    </message>
    <message>
        <source>Leaf switches</source>
        <translation>叶交换机</translation>
    </message>
    <message>
        <source>Spine switches</source>
        <translation>脊交换机</translation>
    </message>
    <message>
        <source>Core switches</source>
        <translation>核心交换机</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>No estimate: the scenario has problems.</source>
        <translation>无估算：方案有问题。</translation>
    </message>
    <message>
        <source>Servers (%1 GPUs, %2 NICs each)</source>
        <translation>服务器（每台 %1 张 GPU、%2 块网卡）</translation>
    </message>
    <message>
        <source>%1 — %2, oversubscription %3 : 1</source>
        <translation>%1 — %2，收敛比 %3 : 1</translation>
    </message>
    <message>
        <source>… %1 more …</source>
        <translation>… 另有 %1 …</translation>
    </message>
    <message>
        <source>↕ %1 links, %2 transceivers</source>
        <translation>↕ %1 条链路，%2 个光模块</translation>
    </message>
    <message>
        <source>In all: switches %1, links %2, transceivers %3; switch hops on the longest path: %4</source>
        <translation>共 %1 台交换机、%2 条链路、%3 个光模块；最长路径经过 %4 台交换机</translation>
    </message>
</context>
</TS>
