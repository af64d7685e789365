// clusterplan-cli estimate: every option, the output formats (JSON, CSV, text), scenario and
// Hugging Face config files, and every error path. The catalog, help and the real binary are in
// tst_cli_catalog, sweeps in tst_cli_sweep, power and cost options in tst_cli_power_cost, strict
// and hostile files in tst_cli_files; their helpers in cli_support.h. Checks call cp::cli::run
// in-process.
//
// The default scenario, worked out once for the rows below (the seed article's case):
// LLaMA-65B, h = 8192, 80 layers, 64 heads, FFN 22016 (SwiGLU), vocabulary 32000.
//   layer: attention 4h^2 = 268,435,456 + SwiGLU 3 x 8192 x 22016 = 541,065,216 + norms 2h =
//   16,384 -> 809,517,056; x 80 = 64,761,364,480; embedding and output 2 x 32000 x 8192 =
//   524,288,000; final norm 8,192. Parameters 65,285,660,672 (65.2857B).
// TP 8, PP 4, DP 1 on 32 A100 80GB (80 GiB = 85,899,345,920 bytes). The first stage peaks:
//   20 layers x 809,517,056 + embedding 262,144,000 = 16,452,485,120 / TP 8 = 2,056,560,640
//   parameters; bf16 weights 2 B -> 4,113,121,280; gradients fp32 (the frameworks' default
//   for bf16) 4 B -> 8,226,242,560; Adam 12 B (ZeRO-1 over DP 1) -> 24,678,727,680.
//   Activations per layer (s 2048, b 1, SP on, flash attention, selective): replicated
//   8sbh / 8 = 16,777,216; split (Q 33,554,432 + KV 67,108,864 + proj 33,554,432 + LSE
//   524,288 + MLP 6 x 2048 x 22016 = 270,532,608) / 8 = 50,659,328 -> 67,436,544; x 20
//   layers x 4 in flight (1F1B, stage 0 of 4) = 5,394,923,520.
//   Fragmentation 5% of 42,413,015,040 = 2,120,650,752; framework 1 GiB; NCCL buffers of the
//   TP group and the two pipeline neighbours 179 MiB; cuBLAS workspaces 12.125 MiB (PyTorch's
//   8.125 MiB and Transformer Engine's 4 MiB on the A100).
//   Total 45,807,816,704 bytes (42.66 GiB); headroom 40,091,529,216 (37.34 GiB).
#include <QtTest>

#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "cli/cli.h"
#include "cli_support.h"
#include "cli/estimate_args.h"
#include "cli/estimate_output.h"
#include "cli/sweep.h"
#include "cli/sweep_args.h"
#include "cli/sweep_output.h"
#include "engine/assumptions.h"
#include "engine/estimate.h"
#include "engine/fabric.h"
#include "io/power_cost_json.h"
#include "plan/fabric_compare.h"
#include "io/scenario_json.h"

using nlohmann::json;

namespace {

using Result = cp::test::CliResult;
using namespace cp::test;  // the helpers of cli_support.h

}  // namespace

class TestCli : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase();
  void defaultScenario_data();
  void defaultScenario();
  void jsonIsEstimateToJson();
  void options_data();
  void options();
  void equalsFormMatchesSpaceForm();
  void files_data();
  void files();
  void csvHeaderAndRow();
  void csvField_data();
  void csvField();
  void text_data();
  void text();
  void doesNotFitExitsZero();
  void errors_data();
  void errors();
  void parserAlone();
  void noCrashOnMixedTokens();
  void fasterNeverSlower_data();
  void fasterNeverSlower();
  void measuredStep_data();
  void measuredStep();
  void trainingTime_data();
  void trainingTime();

 private:
  QTemporaryDir dir_;
  QString scenarioPath_, configPath_, badJsonPath_, badScenarioPath_, badConfigPath_;
};

void TestCli::initTestCase() {
  QVERIFY(dir_.isValid());
  scenarioPath_ = writeFile(dir_, "plan.json", scenarioFile());
  configPath_ = writeFile(dir_, "config.json", kLlama2Config);
  badJsonPath_ = writeFile(dir_, "broken.json", "{\"model\": ");
  badScenarioPath_ = writeFile(dir_, "bad-scenario.json",
                               R"({"format": "clusterplan-scenario", "parallelism": {"tp": "eight"}})");
  badConfigPath_ = writeFile(dir_, "bad-config.json", R"({"num_hidden_layers": 32, "num_attention_heads": 32,
    "intermediate_size": 11008, "vocab_size": 32000})");
}

void TestCli::defaultScenario_data() {
  QTest::addColumn<QString>("pointer");
  QTest::addColumn<QByteArray>("expected");
  // Worked out at the top of this file.
  QTest::newRow("schema_version") << "/schema_version" << QByteArray("1");
  QTest::newRow("params") << "/model/params" << QByteArray("65285660672");
  QTest::newRow("active_params") << "/model/active_params" << QByteArray("65285660672");
  QTest::newRow("weights") << "/memory/weights_bytes" << QByteArray("4113121280");
  QTest::newRow("gradients") << "/memory/gradients_bytes" << QByteArray("8226242560");
  QTest::newRow("optimizer") << "/memory/optimizer_bytes" << QByteArray("24678727680");
  QTest::newRow("activations") << "/memory/activations_bytes" << QByteArray("5394923520");
  QTest::newRow("loss/logits on stage 0") << "/memory/loss_logits_bytes" << QByteArray("0");
  // 0.5 GiB + 1 GiB + 1,914,994,688 = 3,525,607,424
  // NCCL buffers per communicator: the TP group and two pipeline neighbours, 179 MiB
  // instead of a flat 512 MiB: 333 MiB = 349,175,808 bytes less.
  QTest::newRow("other") << "/memory/other_bytes" << QByteArray("3394801664");
  QTest::newRow("total") << "/memory/total_bytes" << QByteArray("45807816704");
  QTest::newRow("capacity") << "/memory/capacity_bytes" << QByteArray("85899345920");
  QTest::newRow("headroom") << "/memory/headroom_bytes" << QByteArray("40091529216");
  QTest::newRow("fits") << "/memory/fits" << QByteArray("true");
  QTest::newRow("peak stage") << "/memory/peak_stage" << QByteArray("0");
  QTest::newRow("peak stage layers") << "/memory/peak_stage_layers" << QByteArray("20");
  QTest::newRow("in flight") << "/memory/inflight_microbatches" << QByteArray("4");
  QTest::newRow("dp") << "/parallelism/dp" << QByteArray("1");
  QTest::newRow("microbatches") << "/parallelism/microbatches" << QByteArray("1024");  // 1024 / (1 x 1)
  QTest::newRow("gpus") << "/parallelism/gpus" << QByteArray("32");
  QTest::newRow("no warnings") << "/warnings" << QByteArray("[]");
  QTest::newRow("model id") << "/inputs/model/id" << QByteArray("\"llama-65b\"");
  QTest::newRow("tokens") << "/inputs/training/tokens" << QByteArray("1.4e12");
  QTest::newRow("seed name") << "/inputs/name" << QByteArray("\"LLaMA-65B on 32x A100 80GB SXM, IB HDR\"");
}

void TestCli::defaultScenario() {
  QFETCH(QString, pointer);
  QFETCH(QByteArray, expected);
  bool ok = false;
  const json j = estimateJson({}, &ok);
  QVERIFY(ok);
  const json& actual = j.at(json::json_pointer(pointer.toStdString()));
  QVERIFY2(sameValue(actual, json::parse(expected.constData())), actual.dump().c_str());
}

void TestCli::jsonIsEstimateToJson() {
  const Result r = runCli({"estimate", "--format", "json"});
  QCOMPARE(r.code, 0);
  QVERIFY(r.err.empty());
  const cp::Scenario s = cp::default_scenario();
  // The command computes the IB-vs-RoCE comparison once and hands it to the writer.
  const cp::Estimate e = cp::estimate(s);
  const cp::FabricComparison versus = cp::compare_ib_roce(s, e);
  QCOMPARE(r.out, cp::estimate_to_json(s, e, &versus).dump(2) + "\n");
}

void TestCli::options_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QString>("pointer");
  QTest::addColumn<QByteArray>("expected");

  // Model.
  QTest::newRow("--model") << QStringList{"--model", "llama-2-7b"} << "/inputs/model/id" << QByteArray("\"llama-2-7b\"");
  // Llama-2 7B: 202,383,360 x 32 + 262,148,096 (see tst_hf_config).
  QTest::newRow("--model params") << QStringList{"--model", "llama-2-7b"} << "/model/params"
                                  << QByteArray("6738415616");
  QTest::newRow("--params-b id") << QStringList{"--params-b", "30"} << "/inputs/model/id"
                                 << QByteArray("\"derived:30B\"");
  QTest::newRow("--params-b derived") << QStringList{"--params-b", "30"} << "/model/derived" << QByteArray("true");
  // The aspect ratio closest to 128 is h = 7168 with 48 layers (149; 6144 x 65 gives 95, 8192
  // x 43 gives 191). 56 heads, SwiGLU 8h/3 rounded up to 256 = 19200: layer 4 x 7168^2 +
  // 3 x 7168 x 19200 + 2 x 7168 = 618,412,032; x 48 = 29,683,777,536 + 2 x 32000 x 7168 +
  // 7168 = 30,142,536,704.
  QTest::newRow("--params-b params") << QStringList{"--params-b", "30"} << "/model/params"
                                     << QByteArray("30142536704");
  QTest::newRow("--params-b warning") << QStringList{"--params-b", "30"} << "/warnings/0/code"
                                      << QByteArray("\"derived_model_shape\"");
  // Shape flags override a starting point (here --model); alone they must describe the
  // whole shape (the "custom" rows below, and "incomplete shape" in errors()).
  QTest::newRow("--layers") << QStringList{"--model", "llama-65b", "--layers", "40"} << "/inputs/model/layers" << QByteArray("40");
  QTest::newRow("--layers makes it custom") << QStringList{"--model", "llama-65b", "--layers", "40"} << "/inputs/model/id"
                                            << QByteArray("\"custom\"");
  // 40 x 809,517,056 + 524,296,192 = 32,904,978,432
  QTest::newRow("--layers params") << QStringList{"--model", "llama-65b", "--layers", "40"} << "/model/params" << QByteArray("32904978432");
  QTest::newRow("--hidden") << QStringList{"--model", "llama-65b", "--hidden", "4096"} << "/inputs/model/hidden" << QByteArray("4096");
  QTest::newRow("--heads") << QStringList{"--model", "llama-65b", "--heads", "32", "--kv-heads", "8"} << "/inputs/model/heads"
                           << QByteArray("32");
  QTest::newRow("--kv-heads") << QStringList{"--model", "llama-65b", "--heads", "32", "--kv-heads", "8"} << "/inputs/model/kv_heads"
                              << QByteArray("8");
  QTest::newRow("--ffn") << QStringList{"--model", "llama-65b", "--ffn", "16384"} << "/inputs/model/ffn" << QByteArray("16384");
  QTest::newRow("--ffn-type") << QStringList{"--model", "llama-65b", "--ffn-type", "gelu"} << "/inputs/model/ffn_type"
                              << QByteArray("\"gelu\"");
  QTest::newRow("--vocab") << QStringList{"--model", "llama-65b", "--vocab", "50304"} << "/inputs/model/vocab" << QByteArray("50304");
  QTest::newRow("--experts") << QStringList{"--model", "llama-65b", "--experts", "8", "--experts-per-token", "2"} << "/inputs/model/experts"
                             << QByteArray("8");
  QTest::newRow("--experts-per-token") << QStringList{"--model", "llama-65b", "--experts", "8", "--experts-per-token", "2"}
                                       << "/inputs/model/experts_per_token" << QByteArray("2");
  // LLaMA-65B with 8 experts of 22016: MoE layer 268,435,456 + 16,384 + router 65,536 +
  // 8 x 541,065,216 = 4,597,039,104; x 80 + 524,296,192 = 368,287,424,512. Active: 2 experts:
  // 1,350,647,808 x 80 + 524,296,192 = 108,576,120,832.
  QTest::newRow("moe params") << QStringList{"--model", "llama-65b", "--experts", "8", "--experts-per-token", "2"} << "/model/params"
                              << QByteArray("368287424512");
  QTest::newRow("moe active") << QStringList{"--model", "llama-65b", "--experts", "8", "--experts-per-token", "2"}
                              << "/model/active_params" << QByteArray("108576120832");
  // Shape flags alone: attention 4 x 256^2 = 262,144 + SwiGLU 3 x 256 x 1024 = 786,432 + norms
  // 512 = 1,049,088 x 2 = 2,098,176; + 2 x 1000 x 256 + 256 = 2,610,432.
  const QStringList custom{"--layers", "2",   "--hidden", "256",  "--heads", "4",    "--ffn",
                           "1024",     "--vocab", "1000", "--tp", "1",   "--pp", "1", "--gpus", "1"};
  QTest::newRow("custom shape params") << custom << "/model/params" << QByteArray("2610432");
  QTest::newRow("custom kv defaults to heads") << custom << "/inputs/model/kv_heads" << QByteArray("4");
  QTest::newRow("custom id") << custom << "/inputs/model/id" << QByteArray("\"custom\"");
  // A preset given with a shape flag: preset first, then the flag. 16 x 202,383,360 +
  // 262,148,096 = 3,500,281,856.
  QTest::newRow("preset + override") << QStringList{"--model", "llama-2-7b", "--layers", "16"} << "/model/params"
                                     << QByteArray("3500281856");
  QTest::newRow("override before preset") << QStringList{"--layers", "16", "--model", "llama-2-7b"}
                                          << "/model/params" << QByteArray("3500281856");
  QTest::newRow("same value keeps preset id") << QStringList{"--model", "llama-2-7b", "--layers", "32"}
                                              << "/inputs/model/id" << QByteArray("\"llama-2-7b\"");

  // Training.
  QTest::newRow("--seq") << QStringList{"--seq", "4096"} << "/inputs/training/seq" << QByteArray("4096");
  QTest::newRow("--micro-batch") << QStringList{"--micro-batch", "2"} << "/inputs/training/micro_batch"
                                 << QByteArray("2");
  QTest::newRow("--micro-batch microbatches") << QStringList{"--micro-batch", "2"} << "/parallelism/microbatches"
                                              << QByteArray("512");  // 1024 / (DP 1 x 2)
  QTest::newRow("--global-batch") << QStringList{"--global-batch", "512"} << "/parallelism/microbatches"
                                  << QByteArray("512");  // 512 / (1 x 1)
  // fp8 on a GPU with FP8 units (the default A100 has none: refused, tst_validate).
  QTest::newRow("--precision") << QStringList{"--precision", "fp8", "--gpu", "h100-sxm"} << "/inputs/training/precision"
                               << QByteArray("\"fp8\"");
  // fp8: bf16 parameters, 2 bytes x 2,056,560,640 on stage 0 (Transformer Engine's fp8 copies are
  // memory.fp8_weight_copies_bytes).
  QTest::newRow("--precision weights") << QStringList{"--precision", "fp8", "--gpu", "h100-sxm"} << "/memory/weights_bytes"
                                       << QByteArray("4113121280");
  QTest::newRow("--optimizer") << QStringList{"--optimizer", "sgd"} << "/inputs/training/optimizer"
                               << QByteArray("\"sgd\"");
  // SGD with fp32 master and momentum: 8 bytes x 2,056,560,640 = 16,452,485,120.
  QTest::newRow("--optimizer bytes") << QStringList{"--optimizer", "sgd"} << "/memory/optimizer_bytes"
                                     << QByteArray("16452485120");
  QTest::newRow("--grad-dtype") << QStringList{"--grad-dtype", "fp32"} << "/inputs/training/grad_dtype"
                                << QByteArray("\"fp32\"");
  // fp32 gradients: 4 x 2,056,560,640 = 8,226,242,560.
  QTest::newRow("--grad-dtype bytes") << QStringList{"--grad-dtype", "fp32"} << "/memory/gradients_bytes"
                                      << QByteArray("8226242560");
  QTest::newRow("--recompute") << QStringList{"--recompute", "full"} << "/inputs/training/recompute"
                               << QByteArray("\"full\"");
  QTest::newRow("--zero 3") << QStringList{"--zero", "3"} << "/inputs/training/zero" << QByteArray("\"3\"");
  QTest::newRow("--zero fsdp") << QStringList{"--zero", "fsdp"} << "/inputs/training/zero" << QByteArray("\"3\"");
  QTest::newRow("--zero distopt") << QStringList{"--zero", "distopt"} << "/inputs/training/zero"
                                  << QByteArray("\"distopt\"");
  QTest::newRow("--dropout") << QStringList{"--dropout", "on"} << "/inputs/training/dropout" << QByteArray("true");
  QTest::newRow("--flash-attention") << QStringList{"--flash-attention", "off"}
                                     << "/inputs/training/flash_attention" << QByteArray("false");
  QTest::newRow("--tokens exponent") << QStringList{"--tokens", "2.5e12"} << "/inputs/training/tokens"
                                     << QByteArray("2.5e12");
  QTest::newRow("--tokens plain") << QStringList{"--tokens", "2000000"} << "/inputs/training/tokens"
                                  << QByteArray("2000000");

  // Parallelism. Changing the layout derives DP again from the 32 GPUs.
  QTest::newRow("--tp") << QStringList{"--tp", "4"} << "/inputs/parallelism/tp" << QByteArray("4");
  QTest::newRow("--tp derives dp") << QStringList{"--tp", "4"} << "/parallelism/dp" << QByteArray("2");  // 32/(4x4)
  QTest::newRow("--tp leaves dp 0") << QStringList{"--tp", "4"} << "/inputs/parallelism/dp" << QByteArray("0");
  QTest::newRow("--pp") << QStringList{"--pp", "2"} << "/parallelism/dp" << QByteArray("2");  // 32 / (8 x 2)
  QTest::newRow("--vpp") << QStringList{"--vpp", "2"} << "/inputs/parallelism/vpp" << QByteArray("2");
  QTest::newRow("--dp") << QStringList{"--tp", "4", "--dp", "2"} << "/inputs/parallelism/dp" << QByteArray("2");
  QTest::newRow("--dp 0") << QStringList{"--dp", "0"} << "/parallelism/dp" << QByteArray("1");  // 32 / (8 x 4)
  QTest::newRow("--cp") << QStringList{"--cp", "2", "--gpus", "64"} << "/inputs/parallelism/cp" << QByteArray("2");
  QTest::newRow("--cp dp") << QStringList{"--cp", "2", "--gpus", "64"} << "/parallelism/dp"
                           << QByteArray("1");  // 64 / (8 x 4 x 2)
  // Mixtral, TP 4 x PP 4 on 32 GPUs: DP 2; EP 2 divides 8 experts and DP x CP = 2.
  QTest::newRow("--ep") << QStringList{"--model", "mixtral-8x7b", "--tp", "4", "--ep", "2"}
                        << "/inputs/parallelism/ep" << QByteArray("2");
  QTest::newRow("--sequence-parallel") << QStringList{"--sequence-parallel", "off"} << "/inputs/parallelism/sp"
                                       << QByteArray("false");

  // Cluster.
  QTest::newRow("--gpu") << QStringList{"--gpu", "h100-sxm"} << "/inputs/cluster/gpu" << QByteArray("\"h100-sxm\"");
  // H200: 143,771 MiB as nvidia-smi reports it = 143,771 x 1,048,576 = 150,754,820,096 bytes.
  QTest::newRow("--gpu capacity") << QStringList{"--gpu", "h200-sxm"} << "/memory/capacity_bytes"
                                  << QByteArray("150754820096");
  QTest::newRow("--gpus nodes") << QStringList{"--gpus", "64"} << "/inputs/cluster/nodes" << QByteArray("8");
  QTest::newRow("--gpus dp") << QStringList{"--gpus", "64"} << "/parallelism/dp" << QByteArray("2");
  QTest::newRow("--gpus total") << QStringList{"--gpus", "64"} << "/parallelism/gpus" << QByteArray("64");
  QTest::newRow("--gpus one node") << QStringList{"--gpus", "4", "--tp", "4", "--pp", "1"}
                                   << "/inputs/cluster/gpus_per_node" << QByteArray("4");
  QTest::newRow("--gpus one node count") << QStringList{"--gpus", "4", "--tp", "4", "--pp", "1"}
                                         << "/inputs/cluster/nodes" << QByteArray("1");
  QTest::newRow("--nodes") << QStringList{"--nodes", "8"} << "/parallelism/dp" << QByteArray("2");
  QTest::newRow("--gpus-per-node") << QStringList{"--nodes", "8", "--gpus-per-node", "4"}
                                   << "/inputs/cluster/gpus_per_node" << QByteArray("4");
  QTest::newRow("--gpus with --gpus-per-node") << QStringList{"--gpus", "64", "--gpus-per-node", "4"}
                                               << "/inputs/cluster/nodes" << QByteArray("16");

  // Network. The default scenario: 4 nodes with 8 HDR NICs each, rail-optimised.
  QTest::newRow("--fabric") << QStringList{"--fabric", "ib-ndr"} << "/inputs/cluster/fabric" << QByteArray("\"ib-ndr\"");
  QTest::newRow("--fabric spec") << QStringList{"--fabric", "ib-ndr"} << "/inputs/cluster/fabric_spec/nic_gbps"
                                 << QByteArray("400");
  QTest::newRow("--fabric roce kind") << QStringList{"--fabric", "roce-400-untuned"}
                                      << "/inputs/cluster/fabric_spec/kind" << QByteArray("\"roce\"");
  QTest::newRow("default fabric") << QStringList{} << "/inputs/cluster/fabric" << QByteArray("\"ib-hdr\"");
  QTest::newRow("--nics-per-node") << QStringList{"--nics-per-node", "4"} << "/inputs/cluster/nics_per_node"
                                   << QByteArray("4");
  // 4 nodes x 4 NICs = 16 NIC ports.
  QTest::newRow("--nics-per-node ports") << QStringList{"--nics-per-node", "4"} << "/network/nic_ports"
                                         << QByteArray("16");
  QTest::newRow("default nic ports") << QStringList{} << "/network/nic_ports" << QByteArray("32");  // 4 x 8
  QTest::newRow("--topology") << QStringList{"--topology", "fat-tree-3"} << "/inputs/cluster/topology"
                              << QByteArray("\"fat-tree-3\"");
  // 32 NIC ports fit one 40-port HDR switch: one tier, one switch, 32 links.
  QTest::newRow("--topology single") << QStringList{"--topology", "single"} << "/network/switches" << QByteArray("1");
  QTest::newRow("--topology single links") << QStringList{"--topology", "single"} << "/network/links"
                                           << QByteArray("32");
  QTest::newRow("--oversubscription") << QStringList{"--oversubscription", "2"} << "/inputs/cluster/oversubscription"
                                      << QByteArray("2");
  QTest::newRow("--oversubscription exponent") << QStringList{"--oversubscription=1.5e0"}
                                               << "/inputs/cluster/oversubscription" << QByteArray("1.5");
  QTest::newRow("--tp-comm-overlap") << QStringList{"--tp-comm-overlap", "on"} << "/inputs/training/tp_comm_overlap"
                                     << QByteArray("true");
  QTest::newRow("default tp-comm-overlap") << QStringList{} << "/inputs/training/tp_comm_overlap"
                                           << QByteArray("false");
  QTest::newRow("--dp-overlap") << QStringList{"--dp-overlap", "off"} << "/inputs/training/dp_overlap"
                                << QByteArray("false");
  QTest::newRow("default dp-overlap") << QStringList{} << "/inputs/training/dp_overlap" << QByteArray("true");
  // NCCL_BUFFSIZE: NCCL's 4 MiB unless stated; a site's 8 MiB is kept and counted in memory.
  QTest::newRow("default nccl-buffsize") << QStringList{} << "/inputs/training/nccl_buffsize" << QByteArray("4194304");
  QTest::newRow("--nccl-buffsize") << QStringList{"--nccl-buffsize", "8388608"} << "/inputs/training/nccl_buffsize"
                                   << QByteArray("8388608");
  // The default layout (TP 8, PP 4) holds one collective group of 16 channels and two pipeline
  // peers: 16 x (8 + 4.6875 + 0.5) MiB + 2 x 2 x 2 x 8 MiB = 275 MiB (179 MiB at 4 MiB).
  QTest::newRow("--nccl-buffsize bytes") << QStringList{"--nccl-buffsize", "8388608"} << "/memory/comm_buffers_bytes"
                                         << QByteArray("288358400");
  // The name says what the scenario is (a fixed "Command-line scenario" would say nothing).
  QTest::newRow("network option renames") << QStringList{"--fabric", "ib-ndr"} << "/inputs/name"
                                          << QByteArray("\"LLaMA-65B on 32x A100 80GB SXM, IB NDR\"");
  QTest::newRow("default fabric keeps name") << QStringList{"--fabric", "ib-hdr"} << "/inputs/name"
                                             << QByteArray("\"LLaMA-65B on 32x A100 80GB SXM, IB HDR\"");
  QTest::newRow("derived name follows the flags")
      << QStringList{"--model", "llama-3-70b", "--gpu", "h100-sxm", "--nodes", "32", "--fabric", "ib-ndr", "--tp", "8",
                     "--pp", "4"}
      << "/inputs/name" << QByteArray("\"Llama 3 70B on 256x H100 SXM 80GB, IB NDR\"");
  QTest::newRow("no calibration") << QStringList{} << "/inputs/calibration/step_time_factor" << QByteArray("1");

  // Syntax.
  QTest::newRow("--name=value") << QStringList{"--seq=4096"} << "/inputs/training/seq" << QByteArray("4096");
  QTest::newRow("repeated: last wins") << QStringList{"--seq", "1024", "--seq", "4096"} << "/inputs/training/seq"
                                       << QByteArray("4096");
  QTest::newRow("command-line name") << QStringList{"--seq", "4096"} << "/inputs/name"
                                     << QByteArray("\"LLaMA-65B on 32x A100 80GB SXM, IB HDR\"");
}

void TestCli::options() { checkEstimateOptionRow(); }

void TestCli::equalsFormMatchesSpaceForm() {
  const Result a = runCli({"estimate", "--model", "llama-3-8b", "--tp", "4", "--precision", "fp8", "--gpu", "h100-sxm",
                           "--format", "csv"});
  const Result b = runCli({"estimate", "--model=llama-3-8b", "--tp=4", "--precision=fp8", "--gpu=h100-sxm", "--format=csv"});
  QCOMPARE(a.code, 0);
  QCOMPARE(a.out, b.out);
}

void TestCli::files_data() {
  QTest::addColumn<QStringList>("args");  // SCENARIO and CONFIG are replaced by the temp files
  QTest::addColumn<QString>("pointer");
  QTest::addColumn<QByteArray>("expected");

  QTest::newRow("file name") << QStringList{"--scenario", "SCENARIO"} << "/inputs/name"
                             << QByteArray::fromStdString(json("Plan \"A\", 13B").dump());
  QTest::newRow("file model") << QStringList{"--scenario", "SCENARIO"} << "/model/params"
                              << QByteArray("13015864320");
  QTest::newRow("file dp kept") << QStringList{"--scenario", "SCENARIO"} << "/parallelism/dp" << QByteArray("4");
  // micro-batch 2 from the file: 1024 / (4 x 2) = 128 micro-batches.
  QTest::newRow("file micro-batch") << QStringList{"--scenario", "SCENARIO"} << "/parallelism/microbatches"
                                    << QByteArray("128");
  // The flag wins although it comes first: 1024 / (4 x 4) = 64.
  QTest::newRow("flag before file wins") << QStringList{"--micro-batch", "4", "--scenario", "SCENARIO"}
                                         << "/parallelism/microbatches" << QByteArray("64");
  QTest::newRow("flag after file wins") << QStringList{"--scenario", "SCENARIO", "--micro-batch", "4"}
                                        << "/inputs/training/micro_batch" << QByteArray("4");
  // A layout flag derives DP again: 32 / (TP 8 x PP 2) = 2.
  QTest::newRow("file + --tp derives dp") << QStringList{"--scenario", "SCENARIO", "--tp", "8"} << "/parallelism/dp"
                                          << QByteArray("2");
  // Shape flags override the file's model: 20 x 317,204,480 + 327,685,120 = 6,671,774,720.
  QTest::newRow("file + --layers") << QStringList{"--scenario", "SCENARIO", "--layers", "20"} << "/model/params"
                                   << QByteArray("6671774720");
  QTest::newRow("file + --model") << QStringList{"--scenario", "SCENARIO", "--model", "llama-2-7b"}
                                  << "/model/params" << QByteArray("6738415616");
  QTest::newRow("--hf-config") << QStringList{"--hf-config", "CONFIG"} << "/model/params"
                               << QByteArray("6738415616");
  QTest::newRow("--hf-config id") << QStringList{"--hf-config", "CONFIG"} << "/inputs/model/id"
                                  << QByteArray("\"custom\"");
  QTest::newRow("--hf-config + --layers") << QStringList{"--hf-config", "CONFIG", "--layers", "16"}
                                          << "/model/params" << QByteArray("3500281856");
}

void TestCli::files() {
  QFETCH(QStringList, args);
  QFETCH(QString, pointer);
  QFETCH(QByteArray, expected);
  substituteArgs(args, {{QStringLiteral("SCENARIO"), scenarioPath_}, {QStringLiteral("CONFIG"), configPath_}});
  bool ok = false;
  const json j = estimateJson(args, &ok);
  QVERIFY(ok);
  const json& actual = j.at(json::json_pointer(pointer.toStdString()));
  QVERIFY2(sameValue(actual, json::parse(expected.constData())), actual.dump().c_str());
}

void TestCli::csvHeaderAndRow() {
  // The scenario file's name holds a comma and quotes: the field must be quoted.
  const Result r = runCli({"estimate", "--scenario", scenarioPath_, "--format", "csv"});
  QCOMPARE(r.code, 0);
  const QStringList lines = QString::fromStdString(r.out).split('\n');
  QCOMPARE(lines.size(), 3);  // header, row, and the empty string after the final newline
  QVERIFY(lines[2].isEmpty());
  const QStringList header = csvSplit(lines[0]);
  const QStringList row = csvSplit(lines[1]);
  QCOMPARE(row.size(), header.size());

  // The columns are flatten_json's keys, in order.
  const json j = json::parse(runCli({"estimate", "--scenario", scenarioPath_, "--format", "json"}).out);
  const auto flat = cp::flatten_json(j);
  QCOMPARE(header.size(), int(flat.size()));
  for (int i = 0; i < header.size(); ++i) {
    QCOMPARE(header[i], QString::fromStdString(flat[i].first));
    QCOMPARE(row[i], QString::fromStdString(flat[i].second));
  }
  const auto column = [&](const QString& key) { return row.value(header.indexOf(key)); };
  QCOMPARE(column("inputs.name"), QString("Plan \"A\", 13B"));
  QVERIFY(lines[1].contains(R"("Plan ""A"", 13B")"));
  QCOMPARE(column("model.params").toDouble(), 13015864320.0);
  QCOMPARE(column("schema_version"), QString("1"));
  QCOMPARE(column("memory.fits"), QString("true"));
  QCOMPARE(column("memory.total_bytes").toDouble(), j["memory"]["total_bytes"].get<double>());
}

void TestCli::csvField_data() {
  QTest::addColumn<QString>("text");
  QTest::addColumn<QString>("field");
  QTest::newRow("plain") << "bf16" << "bf16";
  QTest::newRow("empty") << "" << "";
  QTest::newRow("comma") << "a,b" << "\"a,b\"";
  QTest::newRow("quote") << "say \"hi\"" << "\"say \"\"hi\"\"\"";
  QTest::newRow("newline") << "two\nlines" << "\"two\nlines\"";
  QTest::newRow("semicolons stay") << "uneven_pipeline;few_micro_batches" << "uneven_pipeline;few_micro_batches";
}

void TestCli::csvField() {
  QFETCH(QString, text);
  QFETCH(QString, field);
  QCOMPARE(QString::fromStdString(cp::cli::csv_field(text.toStdString())), field);
}

void TestCli::text_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<QString>("contains");
  // Default scenario, worked out at the top of this file.
  QTest::newRow("params") << QStringList{} << "65.286 B total";
  QTest::newRow("total") << QStringList{} << "42.66 GiB";            // 45,807,816,704 / 2^30
  QTest::newRow("optimizer") << QStringList{} << "22.98 GiB";        // 24,678,727,680 / 2^30
  QTest::newRow("capacity") << QStringList{} << "80.00 GiB";
  QTest::newRow("fits") << QStringList{} << "yes, 37.34 GiB headroom";  // 40,091,529,216 / 2^30
  QTest::newRow("layout") << QStringList{} << "TP 8 x PP 4 x CP 1 x DP 1 (derived) = 32 GPUs";
  // A GPU count in full, however large (it read 8.38861e+06).
  QTest::newRow("large layout")
      << QStringList{"--nodes", "1048576", "--tp", "8", "--pp", "1", "--global-batch", "1048576"}
      << "= 8388608 GPUs (VPP 1";
  QTest::newRow("no warnings") << QStringList{} << "Warnings\n  none";
  QTest::newRow("derived label") << QStringList{"--params-b", "30"} << "derived from a size (derived:30B)";
  QTest::newRow("warning line") << QStringList{"--params-b", "30"} << "derived_model_shape (model):";
  QTest::newRow("does not fit") << QStringList{"--gpus", "4", "--tp", "4", "--pp", "1"} << "fits                     no, ";
  // The throughput section.
  QTest::newRow("fabric line") << QStringList{} << "Fabric       ";
  QTest::newRow("fabric id") << QStringList{"--fabric", "roce-400-tuned"} << "(roce-400-tuned), 8 NICs per node, rail";
  QTest::newRow("step section") << QStringList{} << "Step time (one optimizer step";
  // Stages counted from 1, as the charts and the report count them (the JSON's index is 0-based).
  QTest::newRow("slowest stage") << QStringList{} << "Step time (one optimizer step, slowest pipeline stage 4 of 4)\n";
  QTest::newRow("peak stage") << QStringList{} << "Memory per GPU at the peak: pipeline stage 1 of 4, 20 layers, ";
  QTest::newRow("compute") << QStringList{} << "  compute ";
  QTest::newRow("bubble") << QStringList{} << "  pipeline bubble ";
  QTest::newRow("exposed tp") << QStringList{} << "  exposed TP communication ";
  QTest::newRow("exposed cp") << QStringList{} << "  exposed CP communication ";
  QTest::newRow("optimizer time") << QStringList{} << "  optimizer ";
  QTest::newRow("tokens/s") << QStringList{} << "  tokens/s ";
  QTest::newRow("band") << QStringList{} << "(band ";
  QTest::newRow("mfu") << QStringList{} << ", MFU ";
  QTest::newRow("hfu") << QStringList{} << ", HFU ";
  QTest::newRow("time to train") << QStringList{} << "  time to train, no failures   1398.2 days for 1.4e+12 tokens\n";
  // A long band explanation is written whole, its line ended before the next.
  QTest::newRow("band whole")
      << QStringList{"--model", "llama-3-8b", "--gpu", "h100-sxm", "--gpus", "8", "--tp", "1", "--pp", "1"}
      << "(bucket sharding: Megatron (ZeRO 0-2, distopt), 167 runs); stack assumed (give --stack to narrow it)\n"
         "  hardware TFLOP/s per GPU ";
  // PP's link is the send between neighbouring stages; with one stage there is none.
  QTest::newRow("pp none") << QStringList{"--model", "llama-3-8b", "--gpus", "8", "--tp", "1", "--pp", "1"}
                           << "  PP                           none\n";
  QTest::newRow("pp stages") << QStringList{} << "  PP                           4 stages, neighbours on two nodes, ";
  QTest::newRow("network") << QStringList{} << "Network\n  topology ";
  QTest::newRow("switches") << QStringList{"--topology", "single"} << "  switches                     1 (leaf 1)";
  QTest::newRow("calibrated text") << QStringList{"--measured-step-s", "20"} << "  site calibration ";
  // Inputs that no line names are listed from the field table where they differ from the default.
  QTest::newRow("also set") << QStringList{"--attention-kernel", "triton", "--selective-op", "on"}
                            << "Also set     --selective-op on, --attention-kernel triton\n";
}

void TestCli::text() { checkEstimateTextRow(); }

void TestCli::doesNotFitExitsZero() {
  // LLaMA-65B on 4 GPUs, TP 4, PP 1: the one stage holds 64,761,364,480 / 4 + 2 x 262,144,000 /
  // 4 + 8,192 = 16,321,421,312 parameters; bf16 weights alone 32,642,842,624 bytes, and with
  // 16 bytes per parameter the total is far above 80 GiB.
  bool ok = false;
  const json j = estimateJson({"--gpus", "4", "--tp", "4", "--pp", "1"}, &ok);
  QVERIFY(ok);
  QCOMPARE(j["memory"]["fits"].get<bool>(), false);
  QCOMPARE(j["memory"]["weights_bytes"].get<double>(), 32642842624.0);
  QVERIFY(j["memory"]["headroom_bytes"].get<double>() < 0);
  bool warned = false;
  for (const json& w : j["warnings"]) warned |= w["code"] == "does_not_fit" && w["field"] == "cluster.gpu";
  QVERIFY(warned);
}

void TestCli::errors_data() {
  QTest::addColumn<QStringList>("args");     // after `estimate`; BROKEN, BADSCENARIO, BADCONFIG: temp files
  QTest::addColumn<QString>("message");      // part of stderr, naming the option or field

  // Values.
  QTest::newRow("not a whole number") << QStringList{"--tp", "x"} << "--tp: 'x' is not a whole number";
  QTest::newRow("decimal for a count") << QStringList{"--seq", "2048.5"} << "--seq: '2048.5' is not a whole number";
  QTest::newRow("missing value at end") << QStringList{"--tp"} << "--tp: missing value (N)";
  QTest::newRow("missing value before option") << QStringList{"--tp", "--pp", "2"} << "--tp: missing value";
  QTest::newRow("empty value") << QStringList{"--tp="} << "--tp: '' is not a whole number";
  QTest::newRow("zero tp") << QStringList{"--tp", "0"} << "--tp: must be at least 1, got 0";
  QTest::newRow("negative dp") << QStringList{"--dp", "-1"} << "--dp: must be at least 0, got -1";
  QTest::newRow("negative layers") << QStringList{"--layers", "-80"} << "--layers: must be at least 1, got -80";
  QTest::newRow("int overflow") << QStringList{"--tp", "99999999999"} << "--tp: '99999999999' is out of range";
  QTest::newRow("tokens not a number") << QStringList{"--tokens", "lots"} << "--tokens: 'lots' is not a number";
  QTest::newRow("tokens negative") << QStringList{"--tokens", "-5"} << "--tokens: must be at least 0, got -5";
  QTest::newRow("tokens nan") << QStringList{"--tokens", "nan"} << "--tokens: 'nan' is not a number";
  QTest::newRow("tokens inf") << QStringList{"--tokens", "inf"} << "--tokens: 'inf' is not a finite number";
  QTest::newRow("params-b zero") << QStringList{"--params-b", "0"} << "--params-b: must be above 0, got 0";
  QTest::newRow("params-b huge") << QStringList{"--params-b", "1e6"} << "--params-b: must be at most 100000";
  QTest::newRow("params-b tiny") << QStringList{"--params-b", "0.0001"} << "--params-b: 0.0001 billion parameters";
  // Names and spellings.
  QTest::newRow("unknown preset") << QStringList{"--model", "gpt-5"} << "--model: unknown model preset 'gpt-5'";
  QTest::newRow("unknown gpu") << QStringList{"--gpu", "z100"} << "--gpu: unknown GPU 'z100'";
  QTest::newRow("precision") << QStringList{"--precision", "bf32"}
                             << "--precision: 'bf32' is not one of: fp32, bf16, fp16, fp8";
  QTest::newRow("optimizer") << QStringList{"--optimizer", "adamw"}
                             << "--optimizer: 'adamw' is not one of: adam, sgd, adam8bit";
  QTest::newRow("grad-dtype") << QStringList{"--grad-dtype", "fp16"} << "--grad-dtype: 'fp16' is not one of";
  QTest::newRow("recompute") << QStringList{"--recompute", "some"} << "--recompute: 'some' is not one of";
  QTest::newRow("zero") << QStringList{"--zero", "4"} << "--zero: '4' is not one of: 0, 1, 2, 3, fsdp, distopt";
  QTest::newRow("dropout") << QStringList{"--dropout", "yes"} << "--dropout: 'yes' is not one of: on, off";
  QTest::newRow("flash-attention") << QStringList{"--flash-attention", "true"} << "--flash-attention: 'true'";
  QTest::newRow("sequence-parallel") << QStringList{"--sequence-parallel", "1"} << "--sequence-parallel: '1'";
  QTest::newRow("ffn-type") << QStringList{"--ffn-type", "relu"} << "--ffn-type: 'relu' is not one of: gelu, swiglu";
  QTest::newRow("format") << QStringList{"--format", "xml"} << "--format: 'xml' is not one of: text, json, csv";
  // Network and calibration.
  QTest::newRow("unknown fabric") << QStringList{"--fabric", "ethernet"}
                                  << "--fabric: unknown fabric 'ethernet' (see 'clusterplan-cli catalog fabrics')";
  QTest::newRow("fabric empty") << QStringList{"--fabric="} << "--fabric: unknown fabric ''";
  QTest::newRow("nics zero") << QStringList{"--nics-per-node", "0"} << "--nics-per-node: must be at least 1, got 0";
  QTest::newRow("nics too many") << QStringList{"--nics-per-node", "65"} << "--nics-per-node: must be at most 64, got 65";
  QTest::newRow("nics decimal") << QStringList{"--nics-per-node", "2.5"} << "--nics-per-node: '2.5' is not a whole number";
  QTest::newRow("topology") << QStringList{"--topology", "torus"}
                            << "--topology: 'torus' is not one of: single, fat-tree-2, fat-tree-3, rail";
  QTest::newRow("oversubscription below 1") << QStringList{"--oversubscription", "0.5"}
                                            << "--oversubscription: must be at least 1, got 0.5";
  QTest::newRow("oversubscription inf") << QStringList{"--oversubscription", "inf"}
                                        << "--oversubscription: 'inf' is not a finite number";
  QTest::newRow("oversubscription nan") << QStringList{"--oversubscription", "nan"}
                                        << "--oversubscription: 'nan' is not a number";
  QTest::newRow("oversubscription huge") << QStringList{"--oversubscription", "5000"}
                                         << "--oversubscription: must be at most 1000";
  QTest::newRow("tp-comm-overlap") << QStringList{"--tp-comm-overlap", "yes"}
                                   << "--tp-comm-overlap: 'yes' is not one of: on, off";
  QTest::newRow("dp-overlap") << QStringList{"--dp-overlap", "1"} << "--dp-overlap: '1' is not one of: on, off";
  QTest::newRow("nccl-buffsize zero") << QStringList{"--nccl-buffsize", "0"} << "--nccl-buffsize: must be at least 1, got 0";
  QTest::newRow("nccl-buffsize huge") << QStringList{"--nccl-buffsize", "1073741825"}
                                      << "--nccl-buffsize: must be at most 1073741824";
  QTest::newRow("measured zero") << QStringList{"--measured-step-s", "0"} << "--measured-step-s: must be above 0, got 0";
  QTest::newRow("measured negative") << QStringList{"--measured-step-s", "-3"}
                                     << "--measured-step-s: must be above 0, got -3";
  QTest::newRow("measured nan") << QStringList{"--measured-step-s", "nan"} << "--measured-step-s: 'nan' is not a number";
  QTest::newRow("measured words") << QStringList{"--measured-step-s", "fast"}
                                  << "--measured-step-s: 'fast' is not a number";
  // Syntax and combinations.
  QTest::newRow("unknown option") << QStringList{"--bogus", "3"} << "--bogus: unknown option";
  QTest::newRow("stray word") << QStringList{"stray"} << "'stray': unexpected argument";
  QTest::newRow("incomplete shape") << QStringList{"--layers", "4", "--hidden", "256"}
                                    << "--heads, --ffn, --vocab: missing";
  QTest::newRow("two model starts") << QStringList{"--model", "llama-65b", "--params-b", "30"}
                                    << "--params-b: cannot be combined with --model";
  QTest::newRow("gpus and nodes") << QStringList{"--gpus", "64", "--nodes", "8"}
                                  << "--gpus: cannot be combined with --nodes";
  QTest::newRow("gpus not a multiple") << QStringList{"--gpus", "20"}
                                       << "--gpus: 20 GPUs is not a multiple of 8 GPUs per node";
  // Validation: `field: message`.
  QTest::newRow("tp divides heads") << QStringList{"--tp", "6"} << "parallelism.tp: 6 does not divide 64 attention heads";
  QTest::newRow("dp underivable") << QStringList{"--pp", "3"} << "parallelism.dp: cannot be derived";
  QTest::newRow("dp mismatch") << QStringList{"--dp", "2"} << "parallelism.dp: TP x PP x CP x DP = 8 x 4 x 1 x 2 = 64";
  QTest::newRow("global batch") << QStringList{"--micro-batch", "3"}
                                << "training.global_batch: 1024 sequences is not a multiple of DP x micro-batch = 1 x 3";
  QTest::newRow("ep on dense") << QStringList{"--ep", "2"} << "parallelism.ep: expert parallelism needs a mixture";
  QTest::newRow("pp over layers") << QStringList{"--model", "llama-65b", "--layers", "2"} << "parallelism.pp: 4 pipeline stages exceed the 2";
  QTest::newRow("vpp without pp") << QStringList{"--pp", "1", "--vpp", "2"} << "parallelism.vpp: interleaving needs";
  QTest::newRow("kv over heads") << QStringList{"--model", "llama-65b", "--kv-heads", "128"} << "model.kv_heads: must not exceed 64";
  QTest::newRow("top-k on dense") << QStringList{"--model", "llama-65b", "--experts-per-token", "2"} << "model.experts_per_token: is set";
  QTest::newRow("absurd seq") << QStringList{"--seq", "2000000000"} << "--seq: must be at most 16777216, got 2000000000";
  // Files.
  QTest::newRow("missing scenario") << QStringList{"--scenario", "/nonexistent/plan.json"}
                                    << "--scenario: cannot read '/nonexistent/plan.json'";
  QTest::newRow("scenario not json") << QStringList{"--scenario", "BROKEN"} << "is not valid JSON";
  QTest::newRow("scenario field") << QStringList{"--scenario", "BADSCENARIO"}
                                  << "bad-scenario.json: parallelism.tp: must be a whole number";
  QTest::newRow("missing config") << QStringList{"--hf-config", "/nonexistent/config.json"}
                                  << "--hf-config: cannot read";
  QTest::newRow("config key") << QStringList{"--hf-config", "BADCONFIG"} << "bad-config.json: hidden_size: is missing";
  QTest::newRow("config not json") << QStringList{"--hf-config", "BROKEN"} << "--hf-config: ";
}

void TestCli::errors() {
  checkEstimateErrorRow({{QStringLiteral("BROKEN"), badJsonPath_},
                         {QStringLiteral("BADSCENARIO"), badScenarioPath_},
                         {QStringLiteral("BADCONFIG"), badConfigPath_}});
}

void TestCli::parserAlone() {
  // The parser reads no file: a missing scenario file is only a path to it.
  const cp::cli::ParseResult p =
      cp::cli::parse_estimate_args({"--scenario", "/nonexistent.json", "--tp=4", "--tokens", "1.4e12", "--zero", "fsdp"});
  QVERIFY(p.ok());
  QCOMPARE(*p.args.scenario_file, std::string("/nonexistent.json"));
  QCOMPARE(*p.args.given("parallelism.tp"), 4.0);
  QCOMPARE(*p.args.given("training.tokens"), 1.4e12);
  QCOMPARE(*p.args.given("training.zero"), double(cp::Zero::Stage3));
  QVERIFY(!p.args.given("parallelism.pp"));  // absent options stay absent
  // Every error is collected, in order.
  const cp::cli::ParseResult bad = cp::cli::parse_estimate_args({"--tp", "x", "--pp", "0", "--nope"});
  QCOMPARE(bad.errors.size(), std::size_t(3));
  QCOMPARE(bad.errors[0], std::string("--tp: 'x' is not a whole number"));
  QCOMPARE(bad.errors[1], std::string("--pp: must be at least 1, got 0"));
  QVERIFY(bad.errors[2].rfind("--nope: unknown option", 0) == 0);
}

void TestCli::noCrashOnMixedTokens() {
  // Every ordered pair of awkward tokens: the CLI returns 0 or 2, never anything else.
  const QStringList pool{"--tp",   "8",      "-1",    "--pp=",  "--format", "csv",    "--model", "x",
                         "--gpus", "1e3",    "--",    "=",      "--zero",   "fsdp",   "--help=1", "--experts",
                         "--nodes", "999999", "--seq", "0x10",  "--params-b", "nan", "--tokens", "ü"};
  checkEveryTokenPair(QStringLiteral("estimate"), pool);
}

void TestCli::fasterNeverSlower_data() {
  QTest::addColumn<QStringList>("base");
  QTest::addColumn<QStringList>("faster");
  QTest::addColumn<QStringList>("slower");
  QTest::addColumn<bool>("strictly");  // the slower setting must show in the step time
  // DP 8 spans 8 nodes: the gradient all-reduce crosses the fabric.
  QTest::newRow("ib-ndr vs roce untuned") << kH100x64 << QStringList{"--fabric", "ib-ndr"}
                                          << QStringList{"--fabric", "roce-400-untuned"} << true;
  // 64 NICs per rail fit one switch: no flow collisions, so tuning RoCE changes nothing there
  // (equal, never slower). On 1,024 GPUs (128 nodes, two tiers) the ECMP collisions of
  // untuned RoCE cost DP bandwidth, and tuning shows.
  QTest::newRow("roce tuned vs untuned, 64") << kH100x64 << QStringList{"--fabric", "roce-400-tuned"}
                                             << QStringList{"--fabric", "roce-400-untuned"} << false;
  const QStringList h100x1024 = kH100x64.mid(0, 4) + QStringList{"--gpus", "1024", "--tp", "8", "--pp", "1"};
  QTest::newRow("roce tuned vs untuned, 1024") << h100x1024 << QStringList{"--fabric", "roce-400-tuned"}
                                               << QStringList{"--fabric", "roce-400-untuned"} << true;
  QTest::newRow("roce hyperscale vs untuned, 1024") << h100x1024 << QStringList{"--fabric", "roce-400-hyperscale"}
                                                    << QStringList{"--fabric", "roce-400-untuned"} << true;
  QTest::newRow("ib-ndr vs roce tuned, 1024") << h100x1024 << QStringList{"--fabric", "ib-ndr"}
                                              << QStringList{"--fabric", "roce-400-tuned"} << true;
  QTest::newRow("ib-ndr vs ib-hdr") << kH100x64 << QStringList{"--fabric", "ib-ndr"}
                                    << QStringList{"--fabric", "ib-hdr"} << true;
  QTest::newRow("8 NICs vs 2") << kH100x64 << QStringList{"--nics-per-node", "8"}
                               << QStringList{"--nics-per-node", "2"} << true;
  QTest::newRow("non-blocking vs 4:1") << kH100x64 + QStringList{"--topology", "fat-tree-2"}
                                       << QStringList{"--oversubscription", "1"}
                                       << QStringList{"--oversubscription", "4"} << false;
  QTest::newRow("dp overlap on vs off") << kH100x64 << QStringList{"--dp-overlap", "on"}
                                        << QStringList{"--dp-overlap", "off"} << true;
  QTest::newRow("tp overlap on vs off") << kH100x64 << QStringList{"--tp-comm-overlap", "on"}
                                        << QStringList{"--tp-comm-overlap", "off"} << true;
  // The default scenario: TP 8 inside a node, PP 4 across nodes, DP 1.
  QTest::newRow("default: ib-ndr vs ib-hdr") << QStringList{} << QStringList{"--fabric", "ib-ndr"}
                                             << QStringList{"--fabric", "ib-hdr"} << false;
}

void TestCli::fasterNeverSlower() {
  QFETCH(QStringList, base);
  QFETCH(QStringList, faster);
  QFETCH(QStringList, slower);
  QFETCH(bool, strictly);
  bool ok = false;
  const json fast = estimateJson(base + faster, &ok);
  QVERIFY(ok);
  const json slow = estimateJson(base + slower, &ok);
  QVERIFY(ok);
  const double a = fast["time"]["step_s"].get<double>(), b = slow["time"]["step_s"].get<double>();
  QVERIFY2(a > 0 && a <= b * (1 + 1e-12), qPrintable(QString("faster %1 s, slower %2 s").arg(a).arg(b)));
  if (strictly) QVERIFY2(a < b, qPrintable(QString("faster %1 s, slower %2 s").arg(a).arg(b)));
  // Tokens per step are the same: the faster setting never gives fewer tokens/s.
  QVERIFY(fast["throughput"]["tokens_per_s"].get<double>() >= slow["throughput"]["tokens_per_s"].get<double>());
}

void TestCli::measuredStep_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<double>("measured");
  QTest::newRow("default, 30 s") << QStringList{} << 30.0;
  QTest::newRow("default, 5.5 s") << QStringList{} << 5.5;
  QTest::newRow("70B on 64 H100, roce") << kH100x64 + QStringList{"--fabric", "roce-400-untuned"} << 12.25;
  QTest::newRow("8B on 8 H100, 1.5e-1") << QStringList{"--model", "llama-3-8b", "--gpu", "h100-sxm", "--gpus", "8",
                                                        "--tp", "1", "--pp", "1", "--zero", "3", "--global-batch", "64"}
                                        << 0.15;
}

void TestCli::measuredStep() {
  QFETCH(QStringList, args);
  QFETCH(double, measured);
  bool ok = false;
  const json plain = estimateJson(args, &ok);
  QVERIFY(ok);
  QVERIFY(!hasWarning(plain, "site_calibrated"));
  const json j = estimateJson(args + QStringList{"--measured-step-s", QString::number(measured, 'g', 17)}, &ok);
  QVERIFY(ok);
  const double step = j["time"]["step_s"].get<double>();
  const double modelled = j["time"]["modelled_step_s"].get<double>();
  QVERIFY2(relClose(step, measured, 1e-9), qPrintable(QString::number(step, 'g', 17)));
  // The modelled step is the uncalibrated estimate's; the factor is measured / modelled.
  QVERIFY(relClose(modelled, plain["time"]["step_s"].get<double>(), 1e-12));
  QVERIFY(relClose(j["inputs"]["calibration"]["step_time_factor"].get<double>(), measured / modelled, 1e-12));
  QVERIFY(j["inputs"]["calibration"]["note"].get<std::string>().find("--measured-step-s") != std::string::npos);
  QVERIFY(hasWarning(j, "site_calibrated"));
  bool field = false;
  for (const json& w : j["warnings"])
    field |= w["code"] == "site_calibrated" && w["field"] == "calibration.step_time_factor";
  QVERIFY(field);
  // Tokens per second follow the measured step: global batch x sequence / step.
  const double tokens = j["inputs"]["training"]["global_batch"].get<double>() * j["inputs"]["training"]["seq"].get<double>();
  QVERIFY2(relClose(j["throughput"]["tokens_per_s"].get<double>(), tokens / measured, 1e-9),
           j["throughput"].dump().c_str());
  // The memory estimate does not depend on the step time.
  QCOMPARE(j["memory"], plain["memory"]);
}

void TestCli::trainingTime_data() {
  QTest::addColumn<QStringList>("args");
  QTest::addColumn<double>("tokens");
  QTest::newRow("default 1.4e12") << QStringList{} << 1.4e12;
  QTest::newRow("--tokens 2e12") << QStringList{"--tokens", "2e12"} << 2e12;
  QTest::newRow("70B, 2e12") << kH100x64 + QStringList{"--tokens", "2e12"} << 2e12;
  QTest::newRow("--tokens 0") << QStringList{"--tokens", "0"} << 0.0;
}

void TestCli::trainingTime() {
  QFETCH(QStringList, args);
  QFETCH(double, tokens);
  bool ok = false;
  const json j = estimateJson(args, &ok);
  QVERIFY(ok);
  QCOMPARE(j["training"]["tokens"].get<double>(), tokens);
  const double time = j["training"]["time_s"].get<double>();
  const double rate = j["throughput"]["tokens_per_s"].get<double>();
  QVERIFY(rate > 0);
  // Time to train = tokens / (tokens per second); 0 when no budget is given.
  QVERIFY2(tokens == 0 ? time == 0 : relClose(time, tokens / rate, 1e-9), qPrintable(QString::number(time)));
  const Result text = runCli(QStringList{"estimate"} + args);
  QCOMPARE(text.code, 0);
  QCOMPARE(text.out.find("time to train") != std::string::npos, tokens > 0);
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
