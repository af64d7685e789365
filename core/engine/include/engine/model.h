// The architecture of a decoder-only transformer (dense or mixture-of-experts) and its
// parameter count, derived tensor by tensor from the shape.
#pragma once

#include <string>
#include <span>
#include <string_view>

#include "engine/enums.h"

namespace cp {

// Multi-head latent attention (DeepSeek-V2/V3): low-rank query and key/value projections.
struct MlaShape {
  friend bool operator==(const MlaShape&, const MlaShape&) = default;
  int q_lora_rank = 0;
  int kv_lora_rank = 0;
  int qk_nope_head_dim = 0;
  int qk_rope_head_dim = 0;
  int v_head_dim = 0;
};

struct ModelShape {
  // Equal shapes estimate alike (core/plan shares layer work between sweep points by it).
  friend bool operator==(const ModelShape&, const ModelShape&) = default;
  int layers = 0;
  int hidden = 0;
  int heads = 0;
  int kv_heads = 0;     // == heads for MHA, 1 for MQA, in between for GQA
  int head_dim = 0;     // 0: hidden / heads
  int ffn = 0;          // dense MLP inner size
  FfnType ffn_type = FfnType::SwiGlu;
  int vocab = 0;
  bool tied_embeddings = false;
  NormType norm = NormType::RmsNorm;
  bool linear_biases = false;   // GPT-2/3 and Megatron GPT have biases on every linear layer
  int learned_positions = 0;    // learned absolute position embeddings (GPT); 0 for rotary
  AttentionType attention = AttentionType::Mha;
  MlaShape mla;
  // Mixture of experts. experts == 0 means dense.
  int experts = 0;
  int experts_per_token = 0;
  int shared_experts = 0;
  int moe_ffn = 0;       // inner size of one expert; 0: ffn
  int dense_layers = 0;  // the first dense_layers layers keep a dense MLP (DeepSeek-V3: 3)

  bool is_moe() const { return experts > 0; }
  int moe_layers() const { return is_moe() ? layers - dense_layers : 0; }
  int effective_head_dim() const { return head_dim > 0 ? head_dim : (heads > 0 ? hidden / heads : 0); }
  int expert_ffn() const { return moe_ffn > 0 ? moe_ffn : ffn; }
  // Key/value heads over a TP group of `tp` ranks: the model's, or `tp` when it has fewer (each
  // rank then holds a copy of one head: StarCoder's single K/V head under TP 4, BigCode's
  // Megatron-LM; validate() admits tp a multiple of kv_heads). Its replicated K/V projection
  // weights (2 h d per layer and rank, under 0.5% of a 15B model's weights) are not counted.
  int kv_heads_for_tp(int tp) const { return kv_heads < tp ? tp : kv_heads; }
};

// Parameter counts, exact from the shape. All are counts (not bytes).
struct ParamCounts {
  double attention = 0;       // one layer's attention block (projections, their biases)
  double norms_per_layer = 0; // the layer's norms
  double dense_mlp = 0;       // one dense MLP
  double expert = 0;          // one expert's MLP
  double router = 0;          // one MoE layer's router
  double embedding = 0;       // input token embedding (plus learned positions)
  double output = 0;          // output projection (0 when tied)
  double final_norm = 0;
  double dense_layer = 0;     // attention + norms + dense MLP
  double moe_layer = 0;       // attention + norms + router + all experts
  double moe_layer_active = 0;// attention + norms + router + (top-k + shared) experts
  double total = 0;
  double active = 0;          // parameters a token passes through (embeddings included)
};

ParamCounts count_params(const ModelShape& m);

// Built-in architectures, each with its source.
struct ModelPreset {
  std::string_view id;            // CLI spelling, e.g. "llama-2-70b"
  std::string_view name;          // display name
  std::string_view source;        // paper or config it comes from
  ModelShape shape;
  double published_params = 0;    // the exact published count where one exists, else 0
  double published_active = 0;    // for MoE
  int default_seq = 2048;         // the training sequence length of the source
};

std::span<const ModelPreset> model_presets();
const ModelPreset* find_model_preset(std::string_view id);

// A standard Llama-style shape for a model of about `params` parameters (for users who only
// know "a 30B model"). The result is labelled as derived wherever it is shown.
ModelShape derive_shape_from_size(double params);

}  // namespace cp
