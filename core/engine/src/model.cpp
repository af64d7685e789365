#include "engine/model.h"

#include <array>
#include <cmath>

namespace cp {
namespace {

// One MLP's weights. GeLU: up h->f and down f->h (2hf); SwiGLU: gate and up h->f, down f->h
// (3hf). Biases, where the architecture has them: one per output feature.
double mlp_params(const ModelShape& m, int f) {
  const double h = m.hidden;
  if (m.ffn_type == FfnType::SwiGlu) return 3.0 * h * f + (m.linear_biases ? 2.0 * f + h : 0.0);
  return 2.0 * h * f + (m.linear_biases ? double(f) + h : 0.0);
}

double norm_params(const ModelShape& m, double width) {
  return m.norm == NormType::LayerNorm ? 2.0 * width : width;  // scale (+ bias for LayerNorm)
}

double attention_params(const ModelShape& m) {
  const double h = m.hidden;
  const double a = m.heads;
  if (m.attention == AttentionType::Mla) {
    // DeepSeek-V2 section 2.1: W_DQ (h x q_lora), W_UQ (q_lora x a*(nope+rope)),
    // W_DKV+W_KR (h x (kv_lora+rope)), W_UK/W_UV (kv_lora x a*(nope+v)), W_O (a*v x h),
    // plus RMSNorms on the two latent vectors.
    const MlaShape& x = m.mla;
    const double qk = x.qk_nope_head_dim + x.qk_rope_head_dim;
    const double q = x.q_lora_rank > 0
                         ? h * x.q_lora_rank + x.q_lora_rank * a * qk + norm_params(m, x.q_lora_rank)
                         : h * a * qk;
    const double kv = h * (x.kv_lora_rank + x.qk_rope_head_dim) +
                      x.kv_lora_rank * a * (x.qk_nope_head_dim + x.v_head_dim) +
                      norm_params(m, x.kv_lora_rank);
    const double o = a * x.v_head_dim * h;
    return q + kv + o;
  }
  // Q (h x a*d), K and V (h x k*d each), O (a*d x h): Megatron-LM / Llama layout.
  const double d = m.effective_head_dim();
  const double k = m.kv_heads;
  const double weights = h * a * d + 2.0 * h * k * d + a * d * h;
  const double biases = m.linear_biases ? a * d + 2.0 * k * d + h : 0.0;
  return weights + biases;
}

}  // namespace

ParamCounts count_params(const ModelShape& m) {
  ParamCounts p;
  const double h = m.hidden;
  p.attention = attention_params(m);
  p.norms_per_layer = 2.0 * norm_params(m, h);  // pre-attention and pre-MLP norms
  p.dense_mlp = mlp_params(m, m.ffn);
  p.embedding = double(m.vocab) * h + double(m.learned_positions) * h;
  p.output = m.tied_embeddings ? 0.0 : double(m.vocab) * h;
  p.final_norm = norm_params(m, h);
  p.dense_layer = p.attention + p.norms_per_layer + p.dense_mlp;
  if (m.is_moe()) {
    p.expert = mlp_params(m, m.expert_ffn());
    p.router = h * m.experts;
    const double base = p.attention + p.norms_per_layer + p.router;
    p.moe_layer = base + (m.experts + m.shared_experts) * p.expert;
    p.moe_layer_active = base + (m.experts_per_token + m.shared_experts) * p.expert;
  }
  const int dense = m.layers - m.moe_layers();
  const double outer = p.embedding + p.output + p.final_norm;
  p.total = outer + dense * p.dense_layer + m.moe_layers() * p.moe_layer;
  p.active = outer + dense * p.dense_layer + m.moe_layers() * p.moe_layer_active;
  return p;
}

namespace {

ModelShape gpt(int layers, int hidden, int heads, int vocab = 51200, int positions = 2048) {
  // Megatron-LM GPT: GeLU MLP with f = 4h, LayerNorm, biases, learned positions, tied
  // embeddings (Narayanan et al. 2021; Megatron-LM gpt model).
  ModelShape m;
  m.layers = layers;
  m.hidden = hidden;
  m.heads = heads;
  m.kv_heads = heads;
  m.ffn = 4 * hidden;
  m.ffn_type = FfnType::Gelu;
  m.vocab = vocab;
  m.tied_embeddings = true;
  m.norm = NormType::LayerNorm;
  m.linear_biases = true;
  m.learned_positions = positions;
  return m;
}

ModelShape llama(int layers, int hidden, int heads, int kv_heads, int ffn, int vocab) {
  // Llama family: SwiGLU, RMSNorm, rotary positions, no biases, untied output layer.
  ModelShape m;
  m.layers = layers;
  m.hidden = hidden;
  m.heads = heads;
  m.kv_heads = kv_heads;
  m.ffn = ffn;
  m.ffn_type = FfnType::SwiGlu;
  m.vocab = vocab;
  m.tied_embeddings = false;
  m.norm = NormType::RmsNorm;
  return m;
}

ModelShape mixtral_8x7b() {
  ModelShape m = llama(32, 4096, 32, 8, 14336, 32000);
  m.experts = 8;
  m.experts_per_token = 2;
  return m;
}

ModelShape deepseek_v3() {
  // DeepSeek-V3 technical report (2024) and its config.json: 61 layers, h = 7168, MLA with
  // 128 heads, first 3 layers dense (f = 18432), then 256 routed experts (f = 2048, 8 per
  // token) and 1 shared expert. The multi-token-prediction module (14B) is not counted, as
  // the 671B figure does not count it.
  ModelShape m = llama(61, 7168, 128, 128, 18432, 129280);
  m.attention = AttentionType::Mla;
  m.mla = MlaShape{1536, 512, 128, 64, 128};
  m.head_dim = 192;
  m.experts = 256;
  m.experts_per_token = 8;
  m.shared_experts = 1;
  m.moe_ffn = 2048;
  m.dense_layers = 3;
  return m;
}

const std::array kPresets = {
    ModelPreset{"gpt3-175b", "GPT-3 175B", "Brown et al. 2020, Table 2.1; V = 51,200 as Megatron-LM pads it",
                gpt(96, 12288, 96), 174.6e9, 0, 2048},
    ModelPreset{"llama-65b", "LLaMA-65B", "Touvron et al. 2023 (LLaMA), Table 2", llama(80, 8192, 64, 64, 22016, 32000),
                65.2e9, 0, 2048},
    ModelPreset{"llama-2-7b", "Llama 2 7B", "Touvron et al. 2023 (Llama 2); Hugging Face config.json",
                llama(32, 4096, 32, 32, 11008, 32000), 6.74e9, 0, 4096},
    ModelPreset{"llama-2-13b", "Llama 2 13B", "Touvron et al. 2023 (Llama 2); Hugging Face config.json",
                llama(40, 5120, 40, 40, 13824, 32000), 13.02e9, 0, 4096},
    ModelPreset{"llama-2-70b", "Llama 2 70B", "Touvron et al. 2023 (Llama 2); Hugging Face config.json",
                llama(80, 8192, 64, 8, 28672, 32000), 68.98e9, 0, 4096},
    ModelPreset{"llama-3-8b", "Llama 3 8B", "Llama 3 herd of models (2024), Table 3; config.json",
                llama(32, 4096, 32, 8, 14336, 128256), 8.03e9, 0, 8192},
    ModelPreset{"llama-3-70b", "Llama 3 70B", "Llama 3 herd of models (2024), Table 3; config.json",
                llama(80, 8192, 64, 8, 28672, 128256), 70.55e9, 0, 8192},
    ModelPreset{"llama-3-405b", "Llama 3 405B", "Llama 3 herd of models (2024), Table 3",
                llama(126, 16384, 128, 8, 53248, 128256), 405.0e9, 0, 8192},
    ModelPreset{"mixtral-8x7b", "Mixtral 8x7B", "Jiang et al. 2024 (Mixtral of Experts); config.json",
                mixtral_8x7b(), 46.7e9, 12.9e9, 4096},
    ModelPreset{"deepseek-v3", "DeepSeek-V3 (671B MoE)", "DeepSeek-V3 technical report (2024); config.json",
                deepseek_v3(), 671.0e9, 37.0e9, 4096},
    // Narayanan et al. 2021, Table 1 (weak-scaling GPT family); nominal sizes are rounded.
    ModelPreset{"megatron-1.7b", "Megatron GPT 1.7B", "Narayanan et al. 2021, Table 1", gpt(24, 2304, 24), 0, 0, 2048},
    ModelPreset{"megatron-3.6b", "Megatron GPT 3.6B", "Narayanan et al. 2021, Table 1", gpt(30, 3072, 32), 0, 0, 2048},
    ModelPreset{"megatron-7.5b", "Megatron GPT 7.5B", "Narayanan et al. 2021, Table 1", gpt(36, 4096, 32), 0, 0, 2048},
    ModelPreset{"megatron-18.4b", "Megatron GPT 18.4B", "Narayanan et al. 2021, Table 1", gpt(40, 6144, 48), 0, 0, 2048},
    ModelPreset{"megatron-39.1b", "Megatron GPT 39.1B", "Narayanan et al. 2021, Table 1", gpt(48, 8192, 64), 0, 0, 2048},
    ModelPreset{"megatron-76.1b", "Megatron GPT 76.1B", "Narayanan et al. 2021, Table 1", gpt(60, 10240, 80), 0, 0, 2048},
    ModelPreset{"megatron-145.6b", "Megatron GPT 145.6B", "Narayanan et al. 2021, Table 1", gpt(80, 12288, 96), 0, 0, 2048},
    ModelPreset{"megatron-310.1b", "Megatron GPT 310.1B", "Narayanan et al. 2021, Table 1", gpt(96, 16384, 128), 0, 0, 2048},
    ModelPreset{"megatron-529.6b", "Megatron GPT 529.6B", "Narayanan et al. 2021, Table 1", gpt(105, 20480, 128), 0, 0, 2048},
    ModelPreset{"megatron-1t", "Megatron GPT 1T", "Narayanan et al. 2021, Table 1", gpt(128, 25600, 160), 0, 0, 2048},
    ModelPreset{"megatron-22b", "Megatron GPT 22B", "Korthikanti et al. 2022, Table 3", gpt(48, 6144, 64), 0, 0, 2048},
};

}  // namespace

std::span<const ModelPreset> model_presets() { return kPresets; }

const ModelPreset* find_model_preset(std::string_view id) {
  for (const auto& p : kPresets)
    if (p.id == id) return &p;
  return nullptr;
}

ModelShape derive_shape_from_size(double params) {
  // Llama-style shapes keep hidden / layers near 128 (Llama 2 7B: 4096/32, 13B: 5120/40,
  // Llama 3 405B: 16384/126). For each standard width, take the depth that gives the
  // requested size; keep the width whose aspect ratio is closest to 128.
  static constexpr std::array kWidths = {512,  768,  1024, 1536, 2048, 2560,  3072,  4096,  5120,
                                         6144, 7168, 8192, 10240, 12288, 16384, 20480, 25600, 32768};
  constexpr int kVocab = 32000;
  ModelShape best;
  double best_score = 1e300;
  for (int h : kWidths) {
    const int heads = h / 128;
    const int kv = h >= 8192 ? 8 : heads;                     // GQA at 70B scale and above
    const int ffn = ((8 * h / 3 + 255) / 256) * 256;         // SwiGLU: 8h/3 rounded up to 256
    ModelShape m = llama(1, h, heads, kv, ffn, kVocab);
    const ParamCounts one = count_params(m);
    const double per_layer = one.dense_layer;
    const double outer = one.embedding + one.output + one.final_norm;
    const int layers = int(std::lround((params - outer) / per_layer));
    if (layers < 2) continue;
    m.layers = layers;
    const double score = std::abs(std::log((double(h) / layers) / 128.0));
    if (score < best_score) {
      best_score = score;
      best = m;
    }
  }
  return best;
}

}  // namespace cp
