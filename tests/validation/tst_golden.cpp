// The outputs a refactor must leave byte for byte as they are: for every corpus run (both sets)
// the scenario file's JSON (scenario_to_json, key order included) and the whole text of
// `clusterplan-cli estimate ... --format json`, and for the six planner questions the whole text
// of `plan ... --top 1 --format json` less its wall time. Each is held as its FNV-1a 64 hash in golden.txt, one line
// per output.
//
// A change that is meant to move figures (an engine change, a new output key) regenerates the
// file: CLUSTERPLAN_GOLDEN_UPDATE=1 build/ci/tests/validation/tst_golden, and the diff of
// golden.txt names every output that moved. A change that is not (moving code between files,
// the field table owning more of each input) must leave the file as it is.
#include <QtTest>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "cli/cli.h"
#include "corpus.h"
#include "io/scenario_json.h"

using namespace cp::corpus;

namespace {

std::uint64_t fnv1a64(const std::string& text) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (const unsigned char c : text) {
    h ^= c;
    h *= 0x100000001b3ull;
  }
  return h;
}

std::string hex(std::uint64_t v) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(v));
  return buf;
}

// What `clusterplan-cli <words>` prints, and its exit code in front ("0 {...}").
std::string cli_output(const std::vector<std::string>& words) {
  std::ostringstream out, err;
  const int code = cp::cli::run(words, out, err);
  return std::to_string(code) + ' ' + out.str() + err.str();
}

// The six questions of tst_planner_envelope.
const char* const kQuestions[][6] = {
    {"gpt3-175b", "a100-80gb-sxm", "1024", "ib-hdr", "2048", "1536"},
    {"llama-65b", "a100-80gb-sxm", "2048", "ib-hdr", "2048", "2048"},
    {"llama-2-7b", "a100-80gb-sxm", "64", "ib-hdr", "4096", "1024"},
    {"llama-3-70b", "h100-sxm", "256", "ib-ndr", "8192", "1024"},
    {"llama-3-405b", "h100-sxm", "16384", "ib-ndr", "8192", "2048"},
    {"mixtral-8x7b", "h100-sxm", "256", "ib-ndr", "4096", "1024"},
};

// With CLUSTERPLAN_GOLDEN_DUMP=DIR each output's whole text is also written to DIR, one file per
// key, so that two runs' folders can be diffed to see what a change moved, not only where.
void dump(const std::string& key, const std::string& text) {
  const QByteArray dir = qgetenv("CLUSTERPLAN_GOLDEN_DUMP");
  if (dir.isEmpty()) return;
  std::string name;
  for (const char c : key) name += std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '.' ? c : '_';
  std::ofstream(dir.toStdString() + "/" + name + ".txt") << text;
}

std::string hashed(const std::string& key, const std::string& text) {
  dump(key, text);
  return hex(fnv1a64(text));
}

// Every output's key ("<source id> / <run label> / scenario" and "... / estimate", "plan /
// <model>") and hash, in a stable order.
std::map<std::string, std::string> current() {
  std::map<std::string, std::string> h;
  Corpus c = load_corpus(CLUSTERPLAN_CORPUS_DIR, Split::All);
  evaluate(c);
  for (const Run& r : c.runs) {
    const Source& s = c.sources[std::size_t(r.source)];
    const std::string key = s.id + " / " + r.label;
    if (r.built) h[key + " / scenario"] = hashed(key + " / scenario", cp::scenario_to_json(r.scenario).dump(2));
    std::vector<std::string> words{"estimate"};
    for (std::string& w : command_words(s, r)) words.push_back(std::move(w));
    words.insert(words.end(), {"--format", "json"});
    h[key + " / estimate"] = hashed(key + " / estimate", cli_output(words));
  }
  for (const auto& q : kQuestions) {
    const std::vector<std::string> words{"plan",  "--model", q[0], "--gpu",  q[1],  "--gpus",   q[2],     "--fabric",
                                         q[3],    "--seq",   q[4], "--global-batch", q[5], "--top", "1", "--format",
                                         "json"};
    // The search's wall time ("elapsed_s") is the one figure that differs between two runs.
    std::ostringstream out, err;
    const int code = cp::cli::run(words, out, err);
    nlohmann::json j = nlohmann::json::parse(out.str(), nullptr, false);
    if (j.is_object()) j.erase("elapsed_s");
    const std::string key = std::string("plan / ") + q[0];
    h[key] = hashed(key, std::to_string(code) + ' ' + j.dump(2) + err.str());
  }
  return h;
}

}  // namespace

class TstGolden : public QObject {
  Q_OBJECT
 private slots:
  void outputsUnchanged();
};

void TstGolden::outputsUnchanged() {
  const std::map<std::string, std::string> now = current();
  QVERIFY(now.size() > 400);
  if (qgetenv("CLUSTERPLAN_GOLDEN_UPDATE") == "1") {
    std::ofstream out(CLUSTERPLAN_GOLDEN_FILE);
    out << "# FNV-1a 64 of each output (tests/validation/tst_golden.cpp); regenerate with\n"
           "# CLUSTERPLAN_GOLDEN_UPDATE=1 build/ci/tests/validation/tst_golden\n";
    for (const auto& [key, hash] : now) out << hash << ' ' << key << '\n';
    QVERIFY(out.good());
    std::printf("  wrote %zu hashes to %s\n", now.size(), CLUSTERPLAN_GOLDEN_FILE);
    return;
  }
  std::map<std::string, std::string> held;
  std::ifstream in(CLUSTERPLAN_GOLDEN_FILE);
  QVERIFY2(in.good(), CLUSTERPLAN_GOLDEN_FILE);
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    QVERIFY2(line.size() > 17 && line[16] == ' ', line.c_str());
    held[line.substr(17)] = line.substr(0, 16);
  }
  std::vector<std::string> moved;
  for (const auto& [key, hash] : now) {
    const auto it = held.find(key);
    if (it == held.end()) moved.push_back("new: " + key);
    else if (it->second != hash) moved.push_back("changed: " + key);
  }
  for (const auto& [key, hash] : held)
    if (!now.count(key)) moved.push_back("gone: " + key);
  for (std::size_t i = 0; i < moved.size() && i < 40; ++i) std::printf("  %s\n", moved[i].c_str());
  std::fflush(stdout);
  QVERIFY2(moved.empty(), qPrintable(QString("%1 outputs differ from golden.txt (the first are listed above); if the change "
                                             "is meant to move them, regenerate with CLUSTERPLAN_GOLDEN_UPDATE=1")
                                         .arg(moved.size())));
}

QTEST_APPLESS_MAIN(TstGolden)
#include "tst_golden.moc"
