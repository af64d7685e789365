#include "io/hf_config.h"

#include <algorithm>
#include <iterator>

#include <climits>
#include <cmath>
#include <string>

namespace cp {
namespace {

using nlohmann::json;

// Reads typed keys of one config object. A key that is absent or null counts as not given
// (transformers writes null for unused options, e.g. DeepSeek-V2-Lite's q_lora_rank).
class ConfigReader {
 public:
  ConfigReader(const json& obj, std::string prefix, std::vector<Problem>& problems)
      : obj_(obj), prefix_(std::move(prefix)), problems_(problems) {}

  bool has(const char* key) const {
    auto it = obj_.find(key);
    return it != obj_.end() && !it->is_null();
  }

  void fail(const char* key, std::string message) { problems_.push_back({prefix_ + key, std::move(message)}); }

  // A whole number of at least `min`; `fallback` when absent, or a problem if `required`.
  int integer(const char* key, int min, bool required, int fallback = 0) {
    auto it = obj_.find(key);
    if (it == obj_.end() || it->is_null()) {
      if (required) fail(key, "is missing");
      return fallback;
    }
    long long v = 0;
    if (it->is_number_integer()) {
      v = it->get<long long>();
    } else if (it->is_number_unsigned()) {
      if (it->get<unsigned long long>() > (unsigned long long)INT_MAX) {
        fail(key, "is out of range");
        return fallback;
      }
      v = (long long)it->get<unsigned long long>();
    } else if (it->is_number_float() && std::floor(it->get<double>()) == it->get<double>()) {
      if (std::abs(it->get<double>()) > double(INT_MAX)) {
        fail(key, "is out of range");
        return fallback;
      }
      v = (long long)it->get<double>();  // 4096.0 is written by some exporters
    } else {
      fail(key, "must be a whole number, got " + it->dump());
      return fallback;
    }
    if (v < min) {
      fail(key, "must be at least " + std::to_string(min) + ", got " + std::to_string(v));
      return fallback;
    }
    if (v > INT_MAX) {
      fail(key, "is out of range");
      return fallback;
    }
    return int(v);
  }

  bool boolean(const char* key, bool fallback) {
    auto it = obj_.find(key);
    if (it == obj_.end() || it->is_null()) return fallback;
    if (!it->is_boolean()) {
      fail(key, "must be true or false, got " + it->dump());
      return fallback;
    }
    return it->get<bool>();
  }

  std::string string(const char* key, const std::string& fallback) {
    auto it = obj_.find(key);
    if (it == obj_.end() || it->is_null()) return fallback;
    if (!it->is_string()) {
      fail(key, "must be a string, got " + it->dump());
      return fallback;
    }
    return it->get<std::string>();
  }

 private:
  const json& obj_;
  std::string prefix_;
  std::vector<Problem>& problems_;
};

// transformers' ACT2FN names: SiLU ("silu", "swish") in a gated MLP is SwiGLU; every GeLU
// variant ("gelu", "gelu_new", "gelu_pytorch_tanh", ...) is taken as a plain GeLU MLP.
void read_activation(ConfigReader& r, const char* key, const std::string& fallback, ModelShape& m) {
  const std::string act = r.string(key, fallback);
  if (act == "silu" || act == "swish") m.ffn_type = FfnType::SwiGlu;
  else if (act.rfind("gelu", 0) == 0) m.ffn_type = FfnType::Gelu;
  else r.fail(key, "'" + act + "' is not supported (silu or swish: swiglu; gelu*: gelu)");
}

// GPT-2 (GPT2Config): n_layer, n_embd, n_head, n_positions, n_inner (null: 4 x n_embd).
// Every linear layer has a bias, LayerNorm, learned positions, tied embeddings.
void read_gpt2(ConfigReader& r, ModelShape& m) {
  m.layers = r.integer("n_layer", 1, true);
  m.hidden = r.integer("n_embd", 1, true);
  m.heads = r.integer("n_head", 1, true);
  m.kv_heads = m.heads;
  m.ffn = r.integer("n_inner", 1, false, 4 * m.hidden);
  m.vocab = r.integer("vocab_size", 1, true);
  m.learned_positions = r.integer("n_positions", 1, false, 1024);  // GPT2Config's default
  read_activation(r, "activation_function", "gelu_new", m);
  m.tied_embeddings = r.boolean("tie_word_embeddings", true);  // PretrainedConfig's default
  m.norm = NormType::LayerNorm;
  m.linear_biases = true;
}

void read_moe(ConfigReader& r, ModelShape& m) {
  // The routed-expert count has a different key in each family.
  const char* experts_key = r.has("num_local_experts") ? "num_local_experts"  // Mixtral
                            : r.has("n_routed_experts") ? "n_routed_experts"  // DeepSeek-V2/V3
                            : r.has("num_experts")      ? "num_experts"       // Qwen2-MoE
                                                        : nullptr;
  if (!experts_key) return;
  m.experts = r.integer(experts_key, 1, true);
  m.experts_per_token = r.integer("num_experts_per_tok", 1, true);
  m.moe_ffn = r.integer("moe_intermediate_size", 1, false, 0);  // 0: experts use intermediate_size
  m.shared_experts = r.integer("n_shared_experts", 0, false, 0);
  m.dense_layers = r.integer("first_k_dense_replace", 0, false, 0);
  // Qwen2-MoE gives its shared expert as one wider MLP: count it in expert-sized units.
  if (r.has("shared_expert_intermediate_size")) {
    const int shared = r.integer("shared_expert_intermediate_size", 0, false, 0);
    const int unit = m.expert_ffn();
    if (unit > 0 && shared % unit != 0)
      r.fail("shared_expert_intermediate_size",
             std::to_string(shared) + " is not a multiple of the expert size " + std::to_string(unit));
    else if (unit > 0)
      m.shared_experts = shared / unit;
  }
  // Interleaved dense/MoE layers cannot be described by the shape (all MoE after the first
  // dense_layers): refuse them rather than count a different model.
  for (const char* key : {"moe_layer_freq", "decoder_sparse_step"})
    if (r.has(key) && r.integer(key, 1, false, 1) != 1) r.fail(key, "only 1 (every layer MoE) is supported");
}

void read_mla(ConfigReader& r, ModelShape& m) {
  // DeepSeek-V2/V3 multi-head latent attention; q_lora_rank null means a full-rank query.
  m.attention = AttentionType::Mla;
  m.mla.q_lora_rank = r.integer("q_lora_rank", 0, false, 0);
  m.mla.kv_lora_rank = r.integer("kv_lora_rank", 1, true);
  m.mla.qk_nope_head_dim = r.integer("qk_nope_head_dim", 1, true);
  m.mla.qk_rope_head_dim = r.integer("qk_rope_head_dim", 0, true);
  m.mla.v_head_dim = r.integer("v_head_dim", 1, true);
  m.head_dim = m.mla.qk_nope_head_dim + m.mla.qk_rope_head_dim;  // the query/key head size
}

// Llama, Mistral, Mixtral, Qwen2 and DeepSeek (LlamaConfig-like): RMSNorm, rotary positions.
void read_llama_like(ConfigReader& r, ModelShape& m) {
  m.layers = r.integer("num_hidden_layers", 1, true);
  m.hidden = r.integer("hidden_size", 1, true);
  m.heads = r.integer("num_attention_heads", 1, true);
  m.kv_heads = r.integer("num_key_value_heads", 1, false, m.heads);  // absent: multi-head attention
  m.head_dim = r.integer("head_dim", 1, false, 0);                   // absent: hidden / heads
  m.ffn = r.integer("intermediate_size", 1, true);
  m.vocab = r.integer("vocab_size", 1, true);
  read_activation(r, "hidden_act", "silu", m);
  // LlamaConfig, MistralConfig, Qwen2Config and DeepseekV3Config all default to untied.
  m.tied_embeddings = r.boolean("tie_word_embeddings", false);
  m.norm = r.has("layer_norm_eps") && !r.has("rms_norm_eps") ? NormType::LayerNorm : NormType::RmsNorm;
  // One flag covers every linear layer's bias; Llama's attention_bias/mlp_bias switch them on.
  // Qwen2's built-in Q/K/V biases (no config key) are left out: under 0.01% of its parameters.
  m.linear_biases = r.boolean("attention_bias", false) || r.boolean("mlp_bias", false);
  read_moe(r, m);
  if (r.has("kv_lora_rank")) read_mla(r, m);
}

// The model_type values whose layouts the readers above were written from (transformers'
// configuration classes); a multimodal wrapper's own type counts by its text_config's.
constexpr const char* kKnownModelTypes[] = {
    "llama",     "llama4_text", "mistral",     "mixtral",   "qwen2",     "qwen2_moe", "qwen3",
    "qwen3_moe", "deepseek_v2", "deepseek_v3", "gpt2",      "gpt_oss",   "granite",   "olmo",
    "olmo2",     "phi3",        "gemma",       "gemma2",    "gemma3_text", "ernie4_5", "glm4"};

}  // namespace

bool model_from_hf_config(const nlohmann::json& config, ModelShape& out, std::vector<Problem>& problems,
                          std::vector<std::string>* warnings) {
  if (!config.is_object()) {
    problems.push_back({"config.json", "must be a JSON object"});
    return false;
  }
  const std::size_t before = problems.size();
  // Multimodal wrappers (Llama 4, Mistral 3, ...) keep the language model in text_config.
  const json* c = &config;
  std::string prefix;
  if (!config.contains("num_hidden_layers") && !config.contains("n_layer")) {
    auto it = config.find("text_config");
    if (it != config.end() && it->is_object()) {
      c = &*it;
      prefix = "text_config.";
    }
  }
  ConfigReader r(*c, prefix, problems);
  ModelShape m;
  const bool gpt2 = !r.has("num_hidden_layers") && (r.has("n_layer") || r.has("n_embd"));
  if (gpt2) read_gpt2(r, m);
  else read_llama_like(r, m);
  if (problems.size() != before) return false;
  if (warnings) {
    const auto type = c->find("model_type");
    if (type != c->end() && type->is_string()) {
      const std::string t = type->get<std::string>();
      if (std::find(std::begin(kKnownModelTypes), std::end(kKnownModelTypes), t) == std::end(kKnownModelTypes))
        warnings->push_back(prefix + "model_type '" + t + "' is not one the importer knows; its keys were read as " +
                            (gpt2 ? "a GPT-2" : "a Llama-like") + " layout: check the shape it gave");
    }
  }
  out = m;
  return true;
}

}  // namespace cp
