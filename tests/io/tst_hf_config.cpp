// Hugging Face config.json import: each published config (tests/fixtures/hf_config, one file per
// Hugging Face repository, as transformers saves it, trimmed of keys the import ignores) must give
// the published parameter count through cp::count_params, and bad configs must name the offending
// key.
#include <QtTest>

#include <nlohmann/json.hpp>

#include "io/hf_config.h"
#include "engine/model.h"
#include "common/fixtures.h"

namespace {

// A published config.json: tests/fixtures/hf_config/<name>.json, named after its Hugging Face
// repository (tests/fixtures/README.md).
QByteArray hfConfig(const char* name) {
  return QByteArray::fromStdString(cp::test::fixture(std::string("hf_config/") + name + ".json"));
}

bool import(const char* text, cp::ModelShape& m, std::vector<cp::Problem>& problems) {
  return cp::model_from_hf_config(nlohmann::json::parse(text), m, problems);
}

}  // namespace

class TestHfConfig : public QObject {
  Q_OBJECT

 private slots:
  void paramCounts_data();
  void paramCounts();
  void shapeFields_data();
  void shapeFields();
  void errors_data();
  void errors();
};

void TestHfConfig::paramCounts_data() {
  QTest::addColumn<QByteArray>("config");
  QTest::addColumn<double>("total");           // exact, from the shape (worked out below)
  QTest::addColumn<double>("active");          // exact; equals total for dense models
  QTest::addColumn<double>("publishedTotal");  // the published count
  QTest::addColumn<double>("publishedActive"); // 0: none published to compare with

  // meta-llama/Llama-2-7b-hf.
  // Llama-2 7B, h = 4096: attention 4h^2 = 67,108,864; SwiGLU 3 x 4096 x 11008 =
  // 135,266,304; norms 2h = 8,192; layer 202,383,360 x 32 = 6,476,267,520; embedding and
  // output 2 x 32000 x 4096 = 262,144,000; final norm 4,096. Total 6,738,415,616 (6.74B).
  QTest::newRow("Llama-2-7B") << hfConfig("llama-2-7b-hf") << 6738415616.0 << 6738415616.0 << 6.74e9 << 0.0;
  // meta-llama/Meta-Llama-3-70B.
  // Llama-3 70B, h = 8192, 8 KV heads of 128: attention 2h^2 + 2 x 8192 x 1024 =
  // 150,994,944; SwiGLU 3 x 8192 x 28672 = 704,643,072; norms 16,384; layer 855,654,400 x 80
  // = 68,452,352,000; embedding and output 2 x 128256 x 8192 = 2,101,346,304; final norm
  // 8,192. Total 70,553,706,496 (70.55B).
  QTest::newRow("Llama-3-70B") << hfConfig("meta-llama-3-70b") << 70553706496.0 << 70553706496.0 << 70.55e9 << 0.0;
  // mistralai/Mixtral-8x7B-v0.1.
  // Mixtral 8x7B: attention 2 x 4096^2 + 2 x 4096 x 1024 = 41,943,040; norms 8,192; router
  // 4096 x 8 = 32,768; expert 3 x 4096 x 14336 = 176,160,768. MoE layer 41,984,000 + 8 experts
  // = 1,451,270,144 x 32 = 46,440,644,608, + 262,144,000 + 4,096 = 46,702,792,704 (46.7B).
  // Active: 41,984,000 + 2 experts = 394,305,536 x 32 = 12,617,777,152 + 262,148,096 =
  // 12,879,925,248 (12.9B).
  QTest::newRow("Mixtral-8x7B") << hfConfig("mixtral-8x7b-v0.1") << 46702792704.0 << 12879925248.0 << 46.7e9 << 12.9e9;
  // deepseek-ai/DeepSeek-V3.
  // DeepSeek-V3, h = 7168, 128 heads, MLA: W_DQ 7168 x 1536 + W_UQ 1536 x 128 x 192 + norm
  // 1536 = 48,760,320; W_DKV/W_KR 7168 x 576 + W_UK/W_UV 512 x 128 x 256 + norm 512 =
  // 20,906,496; W_O 128 x 128 x 7168 = 117,440,512; attention 187,107,328; norms 14,336.
  // 3 dense layers: + 3 x 7168 x 18432 = 396,361,728 -> 583,483,392 x 3 = 1,750,450,176.
  // 58 MoE layers: + router 7168 x 256 = 1,835,008 + 257 experts x (3 x 7168 x 2048 =
  // 44,040,192) -> 11,507,286,016 x 58 = 667,422,588,928. Embedding and output 2 x 129280 x
  // 7168 = 1,853,358,080, final norm 7,168. Total 671,026,404,352 (671B). Active: MoE layer
  // 188,956,672 + 9 experts = 585,318,400 x 58 = 33,948,467,200, + 1,750,450,176 +
  // 1,853,365,248 = 37,552,282,624 (the published 37B rounds differently: not compared).
  QTest::newRow("DeepSeek-V3") << hfConfig("deepseek-v3") << 671026404352.0 << 37552282624.0 << 671e9 << 0.0;
  // openai-community/gpt2 (GPT-2 small).
  // GPT-2 small, h = 768, biases everywhere, LayerNorm: attention 4h^2 + 4h = 2,362,368;
  // MLP 8h^2 + 5h = 4,722,432; norms 2 x 2h = 3,072; layer 7,087,872 x 12 = 85,054,464;
  // tied embedding 50257 x 768 = 38,597,376 + positions 1024 x 768 = 786,432; final norm
  // 1,536. Total 124,439,808 (124M).
  QTest::newRow("GPT-2") << hfConfig("gpt2") << 124439808.0 << 124439808.0 << 124e6 << 0.0;
}

void TestHfConfig::paramCounts() {
  QFETCH(QByteArray, config);
  QFETCH(double, total);
  QFETCH(double, active);
  QFETCH(double, publishedTotal);
  QFETCH(double, publishedActive);
  cp::ModelShape m;
  std::vector<cp::Problem> problems;
  QVERIFY(import(config.constData(), m, problems));
  QVERIFY(problems.empty());
  const cp::ParamCounts c = cp::count_params(m);
  QCOMPARE(c.total, total);  // whole numbers below 2^53: exact in a double
  QCOMPARE(c.active, active);
  QVERIFY2(std::abs(c.total / publishedTotal - 1) < 0.005, qPrintable(QString::number(c.total, 'f', 0)));
  if (publishedActive > 0)
    QVERIFY2(std::abs(c.active / publishedActive - 1) < 0.005, qPrintable(QString::number(c.active, 'f', 0)));
}

void TestHfConfig::shapeFields_data() {
  QTest::addColumn<QByteArray>("config");
  QTest::addColumn<QString>("field");
  QTest::addColumn<int>("expected");

  QTest::newRow("llama swiglu") << hfConfig("llama-2-7b-hf") << "ffn_type" << int(cp::FfnType::SwiGlu);
  QTest::newRow("llama untied") << hfConfig("llama-2-7b-hf") << "tied" << 0;
  QTest::newRow("llama rmsnorm") << hfConfig("llama-2-7b-hf") << "norm" << int(cp::NormType::RmsNorm);
  QTest::newRow("llama-3 gqa") << hfConfig("meta-llama-3-70b") << "kv_heads" << 8;
  QTest::newRow("mixtral experts") << hfConfig("mixtral-8x7b-v0.1") << "experts" << 8;
  QTest::newRow("mixtral top-k") << hfConfig("mixtral-8x7b-v0.1") << "experts_per_token" << 2;
  QTest::newRow("deepseek mla") << hfConfig("deepseek-v3") << "attention" << int(cp::AttentionType::Mla);
  QTest::newRow("deepseek head_dim") << hfConfig("deepseek-v3") << "head_dim" << 192;  // 128 nope + 64 rope
  QTest::newRow("deepseek dense layers") << hfConfig("deepseek-v3") << "dense_layers" << 3;
  QTest::newRow("deepseek shared") << hfConfig("deepseek-v3") << "shared_experts" << 1;
  QTest::newRow("deepseek moe_ffn") << hfConfig("deepseek-v3") << "moe_ffn" << 2048;
  QTest::newRow("gpt2 gelu") << hfConfig("gpt2") << "ffn_type" << int(cp::FfnType::Gelu);
  QTest::newRow("gpt2 ffn 4h") << hfConfig("gpt2") << "ffn" << 3072;  // n_inner absent: 4 x 768
  QTest::newRow("gpt2 tied") << hfConfig("gpt2") << "tied" << 1;
  QTest::newRow("gpt2 layernorm") << hfConfig("gpt2") << "norm" << int(cp::NormType::LayerNorm);
  QTest::newRow("gpt2 biases") << hfConfig("gpt2") << "linear_biases" << 1;
  QTest::newRow("gpt2 positions") << hfConfig("gpt2") << "learned_positions" << 1024;
  // num_key_value_heads absent: multi-head attention.
  QTest::newRow("kv defaults to heads")
      << QByteArray(R"({"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4,
                        "intermediate_size": 128, "vocab_size": 100})")
      << "kv_heads" << 4;
  QTest::newRow("gelu_pytorch_tanh is gelu")
      << QByteArray(R"({"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4,
                        "intermediate_size": 128, "vocab_size": 100, "hidden_act": "gelu_pytorch_tanh"})")
      << "ffn_type" << int(cp::FfnType::Gelu);
  QTest::newRow("explicit head_dim")
      << QByteArray(R"({"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4,
                        "head_dim": 32, "intermediate_size": 128, "vocab_size": 100})")
      << "head_dim" << 32;
  QTest::newRow("whole float accepted")
      << QByteArray(R"({"num_hidden_layers": 2.0, "hidden_size": 64, "num_attention_heads": 4,
                        "intermediate_size": 128, "vocab_size": 100})")
      << "layers" << 2;
  // DeepSeek-V2-Lite writes q_lora_rank null: a full-rank query.
  QTest::newRow("null q_lora_rank")
      << QByteArray(R"({"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4,
                        "intermediate_size": 128, "vocab_size": 100, "q_lora_rank": null,
                        "kv_lora_rank": 16, "qk_nope_head_dim": 8, "qk_rope_head_dim": 4, "v_head_dim": 8})")
      << "q_lora_rank" << 0;
  // Qwen2-MoE: a 5632-wide shared expert is 4 experts of 1408.
  QTest::newRow("qwen2-moe shared")
      << QByteArray(R"({"num_hidden_layers": 24, "hidden_size": 2048, "num_attention_heads": 16,
                        "intermediate_size": 5632, "vocab_size": 151936, "num_experts": 60,
                        "num_experts_per_tok": 4, "moe_intermediate_size": 1408,
                        "shared_expert_intermediate_size": 5632})")
      << "shared_experts" << 4;
  QTest::newRow("text_config")
      << QByteArray(R"({"model_type": "llava", "text_config": {"num_hidden_layers": 3, "hidden_size": 64,
                        "num_attention_heads": 4, "intermediate_size": 128, "vocab_size": 100}})")
      << "layers" << 3;
}

void TestHfConfig::shapeFields() {
  QFETCH(QByteArray, config);
  QFETCH(QString, field);
  QFETCH(int, expected);
  cp::ModelShape m;
  std::vector<cp::Problem> problems;
  QVERIFY(import(config.constData(), m, problems));
  const std::map<QString, int> actual = {
      {"layers", m.layers},
      {"kv_heads", m.kv_heads},
      {"head_dim", m.head_dim},
      {"ffn", m.ffn},
      {"ffn_type", int(m.ffn_type)},
      {"tied", int(m.tied_embeddings)},
      {"norm", int(m.norm)},
      {"linear_biases", int(m.linear_biases)},
      {"learned_positions", m.learned_positions},
      {"attention", int(m.attention)},
      {"experts", m.experts},
      {"experts_per_token", m.experts_per_token},
      {"shared_experts", m.shared_experts},
      {"moe_ffn", m.moe_ffn},
      {"dense_layers", m.dense_layers},
      {"q_lora_rank", m.mla.q_lora_rank},
  };
  QVERIFY(actual.count(field));
  QCOMPARE(actual.at(field), expected);
}

void TestHfConfig::errors_data() {
  QTest::addColumn<QByteArray>("config");
  QTest::addColumn<QString>("field");    // the config key the problem names
  QTest::addColumn<QString>("message");  // part of the reason

  const QByteArray noHidden = R"({"num_hidden_layers": 32, "num_attention_heads": 32,
                                  "intermediate_size": 11008, "vocab_size": 32000})";
  QTest::newRow("missing hidden_size") << noHidden << "hidden_size" << "is missing";
  QTest::newRow("negative layers")
      << QByteArray(R"({"num_hidden_layers": -2, "hidden_size": 4096, "num_attention_heads": 32,
                        "intermediate_size": 11008, "vocab_size": 32000})")
      << "num_hidden_layers" << "must be at least 1, got -2";
  QTest::newRow("string size")
      << QByteArray(R"({"num_hidden_layers": 32, "hidden_size": "4096", "num_attention_heads": 32,
                        "intermediate_size": 11008, "vocab_size": 32000})")
      << "hidden_size" << "must be a whole number";
  QTest::newRow("fractional heads")
      << QByteArray(R"({"num_hidden_layers": 32, "hidden_size": 4096, "num_attention_heads": 32.5,
                        "intermediate_size": 11008, "vocab_size": 32000})")
      << "num_attention_heads" << "must be a whole number";
  QTest::newRow("huge vocab")
      << QByteArray(R"({"num_hidden_layers": 32, "hidden_size": 4096, "num_attention_heads": 32,
                        "intermediate_size": 11008, "vocab_size": 1e12})")
      << "vocab_size" << "out of range";
  QTest::newRow("tie not a bool")
      << QByteArray(R"({"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4,
                        "intermediate_size": 128, "vocab_size": 100, "tie_word_embeddings": "yes"})")
      << "tie_word_embeddings" << "must be true or false";
  QTest::newRow("relu")
      << QByteArray(R"({"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4,
                        "intermediate_size": 128, "vocab_size": 100, "hidden_act": "relu"})")
      << "hidden_act" << "'relu' is not supported";
  QTest::newRow("mixtral without top-k")
      << QByteArray(R"({"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4,
                        "intermediate_size": 128, "vocab_size": 100, "num_local_experts": 8})")
      << "num_experts_per_tok" << "is missing";
  QTest::newRow("interleaved moe")
      << QByteArray(R"({"num_hidden_layers": 2, "hidden_size": 64, "num_attention_heads": 4,
                        "intermediate_size": 128, "vocab_size": 100, "n_routed_experts": 8,
                        "num_experts_per_tok": 2, "moe_layer_freq": 2})")
      << "moe_layer_freq" << "only 1";
  QTest::newRow("gpt2 missing n_head")
      << QByteArray(R"({"n_layer": 12, "n_embd": 768, "vocab_size": 50257})") << "n_head" << "is missing";
  QTest::newRow("not an object") << QByteArray("[1, 2]") << "config.json" << "must be a JSON object";
  QTest::newRow("text_config key")
      << QByteArray(R"({"text_config": {"num_hidden_layers": 3, "num_attention_heads": 4,
                        "intermediate_size": 128, "vocab_size": 100}})")
      << "text_config.hidden_size" << "is missing";
}

void TestHfConfig::errors() {
  QFETCH(QByteArray, config);
  QFETCH(QString, field);
  QFETCH(QString, message);
  cp::ModelShape m;
  m.layers = 7;  // must be left untouched on failure
  std::vector<cp::Problem> problems;
  QVERIFY(!import(config.constData(), m, problems));
  QCOMPARE(m.layers, 7);
  bool found = false;
  for (const cp::Problem& p : problems)
    found |= QString::fromStdString(p.field) == field && QString::fromStdString(p.message).contains(message);
  QString all;
  for (const cp::Problem& p : problems) all += QString::fromStdString(p.text()) + "; ";
  QVERIFY2(found, qPrintable(all));
}

QTEST_APPLESS_MAIN(TestHfConfig)
#include "tst_hf_config.moc"
