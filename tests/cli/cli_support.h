// Test helpers for the clusterplan-cli suites: run the CLI in-process (cp::cli::run) and keep
// its exit code and both output streams; parse its JSON, split its CSV; the files and the
// figures several suites use; and the checks of the data-driven estimate tables (options,
// text, errors) that tst_cli and tst_cli_power_cost share.
#pragma once

#include <QList>
#include <QPair>
#include <QStringList>
#include <QTemporaryDir>
#include <QtTest>
#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli/cli.h"

namespace cp::test {

struct CliResult {
  int code = -1;
  std::string out, err;
};

inline std::vector<std::string> toStd(const QStringList& list) {
  std::vector<std::string> v;
  for (const QString& s : list) v.push_back(s.toStdString());
  return v;
}

inline CliResult runCli(const QStringList& args) {
  std::ostringstream out, err;
  CliResult r;
  r.code = cp::cli::run(toStd(args), out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

using nlohmann::json;

// Runs `estimate ARGS --format json`, checks exit 0, returns the parsed output.
inline json estimateJson(const QStringList& args, bool* ok) {
  const CliResult r = runCli(QStringList{"estimate"} + args + QStringList{"--format", "json"});
  *ok = r.code == 0;
  if (!*ok) qWarning("exit %d: %s", r.code, r.err.c_str());
  return *ok ? json::parse(r.out) : json();
}

// Numbers compare to 1e-12 relative (sums of products of whole numbers, some times 0.05).
inline bool sameValue(const json& actual, const json& expected) {
  if (actual.is_number() && expected.is_number()) {
    const double a = actual.get<double>(), e = expected.get<double>();
    return a == e || std::abs(a - e) <= 1e-12 * std::max(std::abs(a), std::abs(e));
  }
  return actual == expected;
}

// Splits one CSV line per RFC 4180 (quoted fields, doubled quotes).
inline QStringList csvSplit(const QString& line) {
  QStringList fields;
  QString cur;
  bool quoted = false;
  for (int i = 0; i < line.size(); ++i) {
    const QChar c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') cur += '"', ++i;
      else if (c == '"') quoted = false;
      else cur += c;
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields << cur;
      cur.clear();
    } else {
      cur += c;
    }
  }
  fields << cur;
  return fields;
}

inline QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& content) {
  const QString path = dir.filePath(name);
  QFile f(path);
  if (f.open(QIODevice::WriteOnly)) f.write(content);
  return path;
}

// meta-llama/Llama-2-7b-hf config.json (trimmed): 6,738,415,616 parameters (tst_hf_config).
inline const QByteArray kLlama2Config = R"({"architectures": ["LlamaForCausalLM"], "hidden_act": "silu",
  "hidden_size": 4096, "intermediate_size": 11008, "num_attention_heads": 32,
  "num_hidden_layers": 32, "num_key_value_heads": 32, "rms_norm_eps": 1e-05,
  "tie_word_embeddings": false, "vocab_size": 32000})";

// A scenario file: Llama-2 13B on the default 32 GPUs as TP 4 x PP 2 x DP 4, micro-batch 2.
// Llama-2 13B: layer 4 x 5120^2 + 3 x 5120 x 13824 + 2 x 5120 = 317,204,480; x 40 =
// 12,688,179,200; + 2 x 32000 x 5120 + 5120 = 327,685,120 -> 13,015,864,320.
// The name holds a comma and quotes, for the CSV test. (Built with nlohmann::json: moc
// misreads escaped quotes inside raw string literals.)
inline QByteArray scenarioFile() {
  const json j = {{"format", "clusterplan-scenario"},
                  {"format_version", 1},
                  {"name", "Plan \"A\", 13B"},
                  {"model", {{"id", "llama-2-13b"}}},
                  {"parallelism", {{"tp", 4}, {"pp", 2}, {"dp", 4}}},
                  {"training", {{"micro_batch", 2}}}};
  return QByteArray::fromStdString(j.dump());
}

// Runs `sweep ARGS --format json`, checks exit 0, returns the parsed output.
inline json sweepJson(const QStringList& args, bool* ok) {
  const CliResult r = runCli(QStringList{"sweep"} + args + QStringList{"--format", "json"});
  *ok = r.code == 0 && r.err.empty();
  if (!*ok) qWarning("exit %d: %s", r.code, r.err.c_str());
  return *ok ? json::parse(r.out) : json();
}

inline bool hasWarning(const json& estimate, const std::string& code) {
  for (const json& w : estimate["warnings"])
    if (w["code"] == code) return true;
  return false;
}

inline bool relClose(double a, double b, double tol) { return std::abs(a - b) <= tol * std::max(std::abs(a), std::abs(b)); }

// Llama 2 70B on 8 nodes of 8 H100, TP 8, PP 1: DP 8 across the nodes (the brief's case).
inline const QStringList kH100x64{"--model", "llama-2-70b", "--gpu", "h100-sxm", "--gpus", "64", "--tp", "8", "--pp", "1"};

// 1 - C/T - (T/2 + R)/M (core/engine/include/engine/reliability.h); M = 0: no failures.
inline double goodput(double interval_s, double write_s, double mtbi_s, double restart_s) {
  double g = 1 - write_s / interval_s;
  if (mtbi_s > 0) g -= (interval_s / 2 + restart_s) / mtbi_s;
  return g;
}

// The rows of a table of estimate options: `estimate ARGS --format json`, and the value at the
// JSON pointer POINTER is EXPECTED (columns args, pointer, expected).
inline void checkEstimateOptionRow() {
  QFETCH(QStringList, args);
  QFETCH(QString, pointer);
  QFETCH(QByteArray, expected);
  bool ok = false;
  const json j = estimateJson(args, &ok);
  QVERIFY(ok);
  const json& actual = j.at(json::json_pointer(pointer.toStdString()));
  QVERIFY2(sameValue(actual, json::parse(expected.constData())), actual.dump().c_str());
}

// `estimate ARGS` exits 0 and its text holds CONTAINS (columns args, contains).
inline void checkEstimateTextRow() {
  QFETCH(QStringList, args);
  QFETCH(QString, contains);
  const CliResult r = runCli(QStringList{"estimate"} + args);
  QCOMPARE(r.code, 0);
  QVERIFY2(QString::fromStdString(r.out).contains(contains), r.out.c_str());
}

// Each argument that is a placeholder word, whole, becomes its path. Not a search and replace:
// a temporary folder's random name may hold a placeholder word ("DB" in ".../tst-cDBqkH").
inline void substituteArgs(QStringList& args, const QList<QPair<QString, QString>>& placeholders) {
  for (QString& arg : args)
    for (const auto& [word, path] : placeholders)
      if (arg == word) {
        arg = path;
        break;
      }
}

// `estimate ARGS` exits 2 with nothing on stdout and MESSAGE on stderr (columns args,
// message); each placeholder word in ARGS is replaced by its path first.
inline void checkEstimateErrorRow(const QList<QPair<QString, QString>>& placeholders = {}) {
  QFETCH(QStringList, args);
  QFETCH(QString, message);
  substituteArgs(args, placeholders);
  const CliResult r = runCli(QStringList{"estimate"} + args);
  QCOMPARE(r.code, 2);
  QVERIFY(r.out.empty());
  QVERIFY2(QString::fromStdString(r.err).contains(message), r.err.c_str());
}


// Every ordered pair of tokens from `pool` after `command`: the CLI exits 0 or 2, never
// anything else (no crash, no exception out of cp::cli::run).
inline void checkEveryTokenPair(const QString& command, const QStringList& pool) {
  int runs = 0;
  for (const QString& a : pool)
    for (const QString& b : pool) {
      const CliResult r = runCli({command, a, b});
      QVERIFY2(r.code == 0 || r.code == 2, qPrintable(command + " " + a + " " + b));
      ++runs;
    }
  QCOMPARE(runs, int(pool.size() * pool.size()));
}

}  // namespace cp::test
