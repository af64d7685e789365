// The field table's English texts (engine/fields.h), listed for lupdate so that the GUI can
// translate them (context "cp::ui::Fields"): every row's label and help, and the units. Generated
// from the table; tst_inputpanel checks that every row's label and help has a translation.
#include "ui/text/fieldtext.h"

#include <QCoreApplication>
#include <string>

namespace cp::ui {
namespace {

[[maybe_unused]] const char* const kTexts[] = {
    // name
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Name"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "The scenario's name, as charts, reports and saved files show it; empty: derived from what it is."),
    // model.id
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Model"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "A model preset from the catalog; its shape sets the model's sizes."),
    // model.size
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Size"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Total parameters; a standard Llama-style shape of that size is derived."),
    // model.layers
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Layers"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Transformer blocks, each an attention layer and an MLP."),
    // model.hidden
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Hidden size"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Width of each token's vector between the layers (the model dimension)."),
    // model.heads
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Attention heads"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Query heads of each attention layer."),
    // model.kv_heads
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Key/value heads"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Key/value heads: as many as the attention heads for multi-head attention, fewer for grouped-query (GQA), one for multi-query (MQA)."),
    // model.head_dim
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Head size"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Size of each attention head; 0: hidden size / attention heads."),
    // model.ffn
    QT_TRANSLATE_NOOP("cp::ui::Fields", "FFN size"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Inner size of each MLP (feed-forward) block."),
    // model.ffn_type
    QT_TRANSLATE_NOOP("cp::ui::Fields", "MLP type"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "SwiGLU (three matrices, gated) or GELU (two matrices)."),
    // model.vocab
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Vocabulary"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Tokens the tokenizer knows: the rows of the embedding and of the output layer."),
    // model.tied_embeddings
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Tied embeddings"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "The output layer shares the input embedding's weights."),
    // model.norm
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Normalisation"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "LayerNorm (with a bias) or RMSNorm."),
    // model.linear_biases
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Linear biases"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "The linear layers carry bias vectors."),
    // model.learned_positions
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Learned positions"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Positions of a learned position embedding (GPT-2, OPT); 0: rotary or none."),
    // model.attention
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Attention"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Multi-head, grouped-query or multi-head latent attention (MLA)."),
    // model.experts
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Experts"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Routed experts of each mixture-of-experts (MoE) layer; 0: a dense model."),
    // model.experts_per_token
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Experts per token"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Routed experts each token is sent to (top-k)."),
    // model.shared_experts
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Shared experts"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Experts every token uses besides the routed ones (DeepSeek)."),
    // model.moe_ffn
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Expert FFN size"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Inner size of each expert's MLP; 0: the FFN size."),
    // model.dense_layers
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Dense layers"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Leading layers with a dense MLP instead of experts."),
    // training.seq
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Sequence length"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Tokens in each training sequence (the context length)."),
    // training.micro_batch
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Micro-batch"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Sequences one GPU runs through one forward and backward pass."),
    // training.global_batch
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Global batch"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Sequences per optimizer step, over every data-parallel replica and micro-batch."),
    // training.precision
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Precision"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Number format of the matrix multiplications; bf16 and fp16 keep fp32 master weights."),
    // training.optimizer
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Optimizer"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Adam (AdamW) keeps two fp32 moments per parameter, SGD one momentum, 8-bit Adam two 1-byte moments."),
    // training.grad_dtype
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Gradient type"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Type in which gradients are accumulated and reduced; auto: fp32 for bf16, fp8 and fp32 training, 16-bit for fp16, as the frameworks do by default."),
    // training.optimizer_dtype
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Optimizer state type"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Type of the optimizer's moments: fp32 with an fp32 master copy, or bf16 updating the 16-bit weights."),
    // training.recompute
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Recomputation"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Activations computed again in the backward pass instead of stored: none, selective (attention) or full (every layer)."),
    // training.selective_op
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Selective-op recomputation"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Selective recomputation as torchtitan's op policy: every op but the attention kernel and every other matmul runs again."),
    // training.recompute_modules
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Recomputed modules"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "What selective recomputation also recomputes: none, or the norms, the MLP activation and the MLA up-projections."),
    // training.zero
    QT_TRANSLATE_NOOP("cp::ui::Fields", "ZeRO"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "How data-parallel replicas share the model state: stage 1 splits the optimizer states, 2 also the gradients, 3 (FSDP) also the weights; distopt is Megatron-LM's distributed optimizer."),
    // training.dropout
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Dropout"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Dropout layers; their masks are kept for the backward pass."),
    // training.flash_attention
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Flash attention"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Fused attention kernels that never store the attention matrix."),
    // training.tokens
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Token budget"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Tokens the whole run trains on; sets its time and cost (0: no budget)."),
    // training.tp_comm_overlap
    QT_TRANSLATE_NOOP("cp::ui::Fields", "TP communication overlap"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Hides tensor-parallel collectives behind the matrix multiplications (Megatron-Core)."),
    // training.tp_async_grad
    QT_TRANSLATE_NOOP("cp::ui::Fields", "TP asynchronous gradient"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Sends the TP backward's input-gradient all-reduce while the weight-gradient GEMM runs (Megatron)."),
    // training.grad_accum_fusion
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Gradient accumulation fusion"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "The weight-gradient GEMM adds into the gradient buffer itself (Megatron since 2022); off, a separate kernel adds each micro-batch's gradient."),
    // training.fused_cross_entropy
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Fused cross-entropy"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "The loss and its gradient in one kernel over the 16-bit logits (flash-attn, llm-foundry); off, Megatron-LM's unfused fp32 cross-entropy."),
    // training.ep_comm_overlap
    QT_TRANSLATE_NOOP("cp::ui::Fields", "EP communication overlap"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Hides one micro-batch's expert all-to-alls behind another's compute (Megatron-Core's EP A2A overlap, DeepSeek-V3's DualPipe)."),
    // training.dp_overlap
    QT_TRANSLATE_NOOP("cp::ui::Fields", "DP overlap"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Reduces gradients during the backward pass instead of after it."),
    // training.dp_bucket_params
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Gradient bucket"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Parameters per gradient all-reduce bucket."),
    // training.moe_dispatch
    QT_TRANSLATE_NOOP("cp::ui::Fields", "MoE dispatch type"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Element type of the expert-parallel dispatch all-to-all (the combine stays bf16)."),
    // training.moe_max_nodes
    QT_TRANSLATE_NOOP("cp::ui::Fields", "MoE node limit"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Node-limited routing: the most nodes a token is sent to (0: no limit; DeepSeek-V3: 4)."),
    // training.stack
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Software stack"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "The training framework: its kernel fusion, launch overhead and pipeline engine."),
    // training.deployment
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Deployment"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Where the job runs: typical (anyone's cluster and software) or vendor (NVIDIA's own published recipes on its reference clusters); the Megatron stacks reach less outside them."),
    // training.fp8_attention
    QT_TRANSLATE_NOOP("cp::ui::Fields", "FP8 attention"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "With fp8 precision, the attention core runs in fp8 too (fp8 recipes keep it in bf16)."),
    // training.attention_kernel
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Attention kernel"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "The flash-attention kernel: auto (the stack's own), native (the GPU's newest), FlashAttention-2, the 2022-23 Triton kernel or FlashAttention 1."),
    // parallelism.tp
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Tensor parallel (TP)"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Tensor parallelism: each layer's matrices are split across this many GPUs, usually inside one node."),
    // parallelism.pp
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Pipeline parallel (PP)"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Pipeline parallelism: the layers are split into this many stages that pass activations on."),
    // parallelism.vpp
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Interleaved chunks (VPP)"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Virtual pipeline parallelism: model chunks per pipeline stage (interleaved schedule); a smaller pipeline bubble for more communication."),
    // parallelism.dp
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Data parallel (DP)"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Data parallelism: copies of the model, each training on its share of the batch; 0: derived from the GPU count."),
    // parallelism.cp
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Context parallel (CP)"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Context parallelism: each sequence is split across this many GPUs (for long sequences)."),
    // parallelism.ep
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Expert parallel (EP)"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Expert parallelism: a mixture-of-experts layer's experts are split across this many GPUs (with ETP, over TP x DP x CP)."),
    // parallelism.etp
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Expert tensor parallel (ETP)"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Expert tensor parallelism: each expert's matrices are split across this many GPUs; EP x ETP divides TP x DP x CP. 0: TP where EP fits inside DP x CP, else 1."),
    // parallelism.sp
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Sequence parallel (SP)"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Sequence parallelism: with TP, the norms and dropout are split along the sequence too."),
    // cluster.gpu
    QT_TRANSLATE_NOOP("cp::ui::Fields", "GPU"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "The accelerator, from the catalog: memory, peak FLOP/s and power."),
    // cluster.gpus_per_node
    QT_TRANSLATE_NOOP("cp::ui::Fields", "GPUs per node"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "GPUs in each server, joined by NVLink (or PCIe)."),
    // cluster.nodes
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Nodes"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Servers in the cluster."),
    // cluster.fabric
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Fabric"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "The scale-out network between the nodes: InfiniBand or RoCE, its speed and tuning."),
    // cluster.nics_per_node
    QT_TRANSLATE_NOOP("cp::ui::Fields", "NICs per node"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Scale-out network cards per server (usually one per GPU)."),
    // cluster.topology
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Topology"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "How the switches are wired: one switch, a two- or three-tier fat tree, or rail-optimised."),
    // cluster.oversubscription
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Oversubscription"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Leaf switches' down:up port ratio; 1 is non-blocking, 2 halves each node's bandwidth across the spine."),
    // cluster.gpu_spec.memory_bytes
    QT_TRANSLATE_NOOP("cp::ui::Fields", "GPU memory"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Memory capacity of one GPU."),
    // cluster.gpu_spec.bf16_flops
    QT_TRANSLATE_NOOP("cp::ui::Fields", "BF16 peak"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Dense BF16 peak of one GPU."),
    // cluster.gpu_spec.fp8_flops
    QT_TRANSLATE_NOOP("cp::ui::Fields", "FP8 peak"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Dense FP8 peak of one GPU; 0: as BF16."),
    // cluster.gpu_spec.fp32_flops
    QT_TRANSLATE_NOOP("cp::ui::Fields", "FP32 peak"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "FP32 peak of one GPU; 0: half of BF16."),
    // cluster.gpu_spec.memory_bw_bytes_per_s
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Memory bandwidth"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Bandwidth of one GPU's memory."),
    // cluster.gpu_spec.link_bw_bytes_per_s
    QT_TRANSLATE_NOOP("cp::ui::Fields", "NVLink bandwidth"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Bandwidth of one GPU into the node's NVLink domain; 0: PCIe."),
    // cluster.gpu_spec.tdp_w
    QT_TRANSLATE_NOOP("cp::ui::Fields", "TDP"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Board power of one GPU."),
    // cluster.gpu_spec.mamf_fraction
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Achievable matmul fraction"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Share of the peak the best large matrix multiplication reaches (MAMF)."),
    // cluster.gpu_spec.fa2_fraction_of_fa3
    QT_TRANSLATE_NOOP("cp::ui::Fields", "FlashAttention-2 rate"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Share of FlashAttention-3's rate that PyTorch's FlashAttention-2 kernels reach on this GPU."),
    // cluster.gpu_spec.tile_n
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Tile size"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Matrix tile edge of the GPU's GEMM kernels; 0: no tile quantisation."),
    // cluster.gpu_spec.sm_count
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Streaming multiprocessors"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Streaming multiprocessors of one GPU; 0: no wave quantisation."),
    // cluster.fabric_spec.nic_gbps
    QT_TRANSLATE_NOOP("cp::ui::Fields", "NIC line rate"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Line rate of one scale-out NIC."),
    // cluster.fabric_spec.nic_busbw_bytes_per_s
    QT_TRANSLATE_NOOP("cp::ui::Fields", "NIC bus bandwidth"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Bandwidth one NIC delivers to NCCL collectives."),
    // cluster.fabric_spec.base_latency_s
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Base latency"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Latency of one message end to end."),
    // cluster.fabric_spec.switch_latency_s
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Switch latency"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Latency added by each switch hop."),
    // cluster.fabric_spec.switch_ports
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Switch ports"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Ports of one switch."),
    // cluster.fabric_spec.qps_per_connection
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Queue pairs"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "RDMA queue pairs per connection, over which traffic is spread."),
    // cluster.fabric_spec.balance_efficiency
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Load-balance efficiency"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Share of the bandwidth left by uneven spreading over the spine."),
    // cluster.fabric_spec.cc_efficiency
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Congestion-control efficiency"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Share of the bandwidth left by congestion control."),
    // cluster.fabric_spec.channels_per_nic
    QT_TRANSLATE_NOOP("cp::ui::Fields", "NCCL channels"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "NCCL channels per NIC."),
    // overheads.framework_bytes
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Framework memory"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Memory the framework and CUDA context take on each GPU."),
    // overheads.comm_buffer_bytes
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Communication buffers"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Memory of NCCL's buffers on each GPU."),
    // overheads.fragmentation
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Fragmentation"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Share of the memory lost to the allocator's fragmentation."),
    // overheads.headroom_fraction
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Memory headroom"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Share of the memory kept free as a margin."),
    // calibration.step_time_factor
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Site calibration"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Measured step time of a pilot run over the modelled one; scales every time."),
    // calibration.note
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Calibration note"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Where the site calibration comes from."),
    // assumptions.pue
    QT_TRANSLATE_NOOP("cp::ui::Fields", "PUE"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Power usage effectiveness: facility power over IT power."),
    // assumptions.gpu_power_factor
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Average GPU draw"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Average GPU power while training, as a fraction of its TDP."),
    // assumptions.node_overhead_w
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Node overhead"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Power of a node besides its GPUs (CPUs, memory, fans); unset: calibrated to the DGX maximum."),
    // assumptions.switch_w
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Switch power"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Power of one switch without its optics; unset: by port rate."),
    // assumptions.optic_w
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Transceiver power"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Power of one optical transceiver; unset: 16 W per 800G, scaled by rate."),
    // assumptions.storage_w_per_node
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Storage power"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Power of the shared storage, per compute node."),
    // assumptions.rack_limit_w
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Rack power limit"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Power one rack can be fed and cooled with; sets how many nodes share a rack."),
    // assumptions.grid_kg_co2_per_kwh
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Grid carbon intensity"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "CO2 the grid emits per kWh drawn."),
    // assumptions.currency
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Currency"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Currency of the results."),
    // assumptions.cny_per_usd
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Exchange rate"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "CNY per USD, set by you and never fetched; converts prices given in the other currency."),
    // assumptions.power_price_per_kwh
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Electricity price"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Price of one kWh of electricity (paid separately only when purchasing)."),
    // assumptions.power_price_currency
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Electricity price currency"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Currency the electricity price is given in."),
    // assumptions.payment
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Payment"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "How the cluster is paid for: rent per server-month, cloud per GPU-hour, or purchase."),
    // assumptions.headroom
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Budget headroom"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Margin added to each budget category, as a fraction."),
    // assumptions.vat
    QT_TRANSLATE_NOOP("cp::ui::Fields", "VAT"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Value-added tax on prices, as a fraction."),
    // assumptions.amortisation_years
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Amortisation"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Years a purchase is paid off over."),
    // assumptions.facility_per_kw_month
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Facility (colocation)"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Rent of the data-centre space, power and cooling per kW of IT load and month (colocation)."),
    // assumptions.facility_capex_per_mw
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Facility build cost"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Cost of building the data centre per MW of IT load; unset: colocation at the monthly rate."),
    // assumptions.facility_years
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Facility life"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Years a built data centre is paid off over."),
    // assumptions.facility_price_currency
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Facility price currency"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Currency the two facility prices are given in."),
    // assumptions.support_per_year
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Support and maintenance"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Support and maintenance contracts per year, as a share of the hardware's price."),
    // assumptions.storage_capex_share
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Storage share"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Shared storage's share of the cluster's capital cost (servers, network and storage)."),
    // assumptions.discount_rate
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Cost of capital"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Interest a year on the money the hardware ties up (debt or the return forgone)."),
    // assumptions.residual_value
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Residual value"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Share of the purchase price the hardware is still worth at the end of the amortisation."),
    // assumptions.failure_rate_per_gpu_hour
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Failure rate"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Job interruptions per GPU-hour; with the restart time and checkpoints, sets the time lost to failures."),
    // assumptions.checkpoint_bytes_per_s
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Checkpoint write bandwidth"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Bandwidth at which the whole cluster writes a checkpoint to storage; unset: the per-GPU figure times the GPUs."),
    // assumptions.checkpoint_bytes_per_s_per_gpu
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Checkpoint bandwidth per GPU"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Share of the storage's write bandwidth each GPU brings: the storage grows with the cluster."),
    // assumptions.checkpoint_mode
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Checkpoint mode"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Sync stops training while the checkpoint is written; async only while it is copied to host memory; in-memory keeps it in peers' host memory."),
    // assumptions.checkpoint_bytes_per_param
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Checkpoint size"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Bytes saved per parameter; unset: weights and optimizer states."),
    // assumptions.restart_s
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Restart after a failure"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Time to detect a failure, reschedule and reload the last checkpoint."),
    // assumptions.checkpoint_interval_s
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Checkpoint interval"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Time between checkpoints; unset: the Young/Daly optimum."),
    // Units.
    QT_TRANSLATE_NOOP("cp::ui::Fields", "CNY per USD"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "FLOP/s"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "GPUs"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "Gb/s"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "NICs"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "W"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "W per node"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "billion parameters"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "per kW-month"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "per MW"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "of the hardware a year"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "of the capital cost"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "a year"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "of the price"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "bytes/s per GPU"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "bytes"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "bytes per parameter"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "bytes/s"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "chunks per stage"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "kg CO2 per kWh"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "layers"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "nodes"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "of TDP"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "parameters"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "per GPU-hour"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "per NIC"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "per connection"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "per kWh"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "ports"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "positions"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "replicas"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "s"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "sequences"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "stages"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "tokens"),
    QT_TRANSLATE_NOOP("cp::ui::Fields", "years"),
};

QString translated(std::string_view text) {
  if (text.empty()) return {};
  return QCoreApplication::translate("cp::ui::Fields", std::string(text).c_str());
}

}  // namespace

QString fieldLabel(const cp::FieldInfo& f) { return translated(f.label); }
QString fieldHelp(const cp::FieldInfo& f) { return translated(f.help); }
QString fieldUnit(const cp::FieldInfo& f) { return translated(f.unit); }

}  // namespace cp::ui
