<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
<context>
    <name>cp::ui::MainWindow</name>
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
</context>
<context>
    <name>cp::ui::MemoryChart</name>
    <message>
        <source>Memory per GPU</source>
        <translation>每块 GPU 的显存占用</translation>
    </message>
    <message>
        <source>GPU memory (GiB)</source>
        <translation>显存 (GiB)</translation>
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
        <source>Loss and logits buffers, communication buffers, CUDA context and allocator fragmentation</source>
        <translation>损失与 logits 缓冲区、通信缓冲区、CUDA 上下文以及显存分配器碎片</translation>
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
        <source>No published run backs this GPU, fabric or model family: the uncertainty band is doubled</source>
        <translation>没有公开的训练实测覆盖该 GPU、网络或模型系列：不确定区间加倍</translation>
    </message>
    <message>
        <source>Step time scaled by %1 from a measured pilot step (site calibration)</source>
        <translation>按试运行实测的单步时间，将单步时间乘以 %1（现场校准）</translation>
    </message>
</context>
</TS>
