<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
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
        <source>Cluster sizes up to</source>
        <translation>集群规模上限</translation>
    </message>
    <message>
        <source>GPUs</source>
        <translation>GPU 数</translation>
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
        <source>No estimate at %1 GPUs: %2</source>
        <translation>%1 张 GPU 时无法估算：%2</translation>
    </message>
</context>
<context>
    <name>cp::ui::HeadlineTiles</name>
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
        <source>%1 months billed</source>
        <translation>计费 %1 个月</translation>
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
        <source>Size</source>
        <translation>参数量</translation>
    </message>
    <message>
        <source> B parameters</source>
        <translation> B 参数</translation>
    </message>
    <message>
        <source>Layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>Hidden size</source>
        <translation>隐藏维度</translation>
    </message>
    <message>
        <source>Attention heads</source>
        <translation>注意力头数</translation>
    </message>
    <message>
        <source>Key/value heads</source>
        <translation>KV 头数</translation>
    </message>
    <message>
        <source>FFN size</source>
        <translation>FFN 维度</translation>
    </message>
    <message>
        <source>Vocabulary</source>
        <translation>词表大小</translation>
    </message>
    <message>
        <source>Experts (0: dense)</source>
        <translation>专家数（0：稠密）</translation>
    </message>
    <message>
        <source>Training</source>
        <translation>训练</translation>
    </message>
    <message>
        <source>Sequence length</source>
        <translation>序列长度</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> token</translation>
    </message>
    <message>
        <source>Micro-batch</source>
        <translation>微批次</translation>
    </message>
    <message>
        <source> sequences</source>
        <translation> 条序列</translation>
    </message>
    <message>
        <source>Global batch</source>
        <translation>全局批次</translation>
    </message>
    <message>
        <source>Token budget</source>
        <translation>训练 token 数</translation>
    </message>
    <message>
        <source> B tokens</source>
        <translation> B token</translation>
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
        <source>Recomputation</source>
        <translation>重计算</translation>
    </message>
    <message>
        <source>ZeRO</source>
        <translation>ZeRO</translation>
    </message>
    <message>
        <source>Flash attention</source>
        <translation>Flash Attention</translation>
    </message>
    <message>
        <source>Dropout</source>
        <translation>Dropout</translation>
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
        <source>Tensor parallel (TP)</source>
        <translation>张量并行（TP）</translation>
    </message>
    <message>
        <source>Pipeline parallel (PP)</source>
        <translation>流水线并行（PP）</translation>
    </message>
    <message>
        <source>Interleaved chunks (VPP)</source>
        <translation>交错分块（VPP）</translation>
    </message>
    <message>
        <source>Data parallel (DP)</source>
        <translation>数据并行（DP）</translation>
    </message>
    <message>
        <source>auto (from the GPU count)</source>
        <translation>自动（按 GPU 数）</translation>
    </message>
    <message>
        <source>Context parallel (CP)</source>
        <translation>上下文并行（CP）</translation>
    </message>
    <message>
        <source>Expert parallel (EP)</source>
        <translation>专家并行（EP）</translation>
    </message>
    <message>
        <source>Sequence parallel (SP)</source>
        <translation>序列并行（SP）</translation>
    </message>
    <message>
        <source>Hardware</source>
        <translation>硬件</translation>
    </message>
    <message>
        <source>GPU</source>
        <translation>GPU</translation>
    </message>
    <message>
        <source>GPUs per node</source>
        <translation>每节点 GPU</translation>
    </message>
    <message>
        <source> GPUs</source>
        <translation> 张</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点数</translation>
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
        <source>Topology</source>
        <translation>拓扑</translation>
    </message>
    <message>
        <source>Oversubscription</source>
        <translation>收敛比</translation>
    </message>
    <message>
        <source> : 1</source>
        <translation> : 1</translation>
    </message>
    <message>
        <source>NICs per node</source>
        <translation>每节点网卡</translation>
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
        <source>PUE</source>
        <translation>PUE</translation>
    </message>
    <message>
        <source>Average GPU draw</source>
        <translation>GPU 平均功耗</translation>
    </message>
    <message>
        <source> % of TDP</source>
        <translation> % TDP</translation>
    </message>
    <message>
        <source>Rack power limit</source>
        <translation>机柜功率上限</translation>
    </message>
    <message>
        <source> kW</source>
        <translation> kW</translation>
    </message>
    <message>
        <source>Payment</source>
        <translation>付费方式</translation>
    </message>
    <message>
        <source>Currency</source>
        <translation>货币</translation>
    </message>
    <message>
        <source>Exchange rate</source>
        <translation>汇率</translation>
    </message>
    <message>
        <source> CNY per USD</source>
        <translation> 人民币/美元</translation>
    </message>
    <message>
        <source>Electricity price</source>
        <translation>电价</translation>
    </message>
    <message>
        <source> USD per kWh</source>
        <translation> 美元/千瓦时</translation>
    </message>
    <message>
        <source>Budget headroom</source>
        <translation>预算余量</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>VAT</source>
        <translation>增值税</translation>
    </message>
    <message>
        <source>Amortisation</source>
        <translation>折旧年限</translation>
    </message>
    <message>
        <source> years</source>
        <translation> 年</translation>
    </message>
    <message>
        <source>Failure rate</source>
        <translation>故障率</translation>
    </message>
    <message>
        <source> per million GPU-hours</source>
        <translation> 次/百万 GPU 小时</translation>
    </message>
    <message>
        <source>Checkpoint write bandwidth</source>
        <translation>检查点写入带宽</translation>
    </message>
    <message>
        <source> GB/s</source>
        <translation> GB/s</translation>
    </message>
    <message>
        <source>Restart after a failure</source>
        <translation>故障后重启</translation>
    </message>
    <message>
        <source> min</source>
        <translation> 分钟</translation>
    </message>
</context>
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
    <message>
        <source>The file is not a JSON object.</source>
        <translation>文件不是 JSON 对象。</translation>
    </message>
    <message>
        <source>Restore unsaved edits?</source>
        <translation>恢复未保存的修改？</translation>
    </message>
    <message>
        <source>clusterplan did not close cleanly last time. Restore the unsaved edits of that session?</source>
        <translation>clusterplan 上次未正常关闭。要恢复那次未保存的修改吗？</translation>
    </message>
    <message>
        <source>Restore unsaved edits</source>
        <translation>恢复未保存的修改</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的修改</translation>
    </message>
    <message>
        <source>Save the changes to this scenario?</source>
        <translation>保存对此方案的修改吗？</translation>
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
    <name>cp::ui::PlanPage</name>
    <message>
        <source>The scenario has problems (marked in the inputs). Showing the last valid result, greyed, until they are fixed.</source>
        <translation>方案有问题（已在输入中标出）。修正之前，以灰色显示上一次有效的结果。</translation>
    </message>
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
        <source>kW, average while training</source>
        <translation>kW，训练时平均</translation>
    </message>
    <message>
        <source>Budget per month</source>
        <translation>每月预算</translation>
    </message>
    <message>
        <source>%1 per month (%2)</source>
        <translation>%1/月（%2）</translation>
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
        <source>%1 %2 bn</source>
        <translation>%1 %2 十亿</translation>
    </message>
    <message>
        <source>%1 %2 M</source>
        <translation>%1 %2 百万</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 M tokens/s</source>
        <translation>%1 百万 token/秒</translation>
    </message>
    <message>
        <source>%1 k tokens/s</source>
        <translation>%1 千 token/秒</translation>
    </message>
    <message>
        <source>%1 tokens/s</source>
        <translation>%1 token/秒</translation>
    </message>
    <message>
        <source>%1%</source>
        <translation>%1%</translation>
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
        <source>%1 switches, %2 links, %3 transceivers in all; longest path %4 switch hops</source>
        <translation>共 %1 台交换机、%2 条链路、%3 个光模块；最长路径经过 %4 台交换机</translation>
    </message>
</context>
</TS>
