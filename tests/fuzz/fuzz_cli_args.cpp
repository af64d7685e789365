// libFuzzer target: clusterplan-cli's argument handling. The input is split into words at NUL
// and newline bytes (argv). The words go to cp::cli::parse_estimate_args (the pure parser),
// then to cp::cli::run, the whole CLI in-process, with string streams for stdout and stderr.
// run() must return 0 or 2: 1 means an exception escaped (a bug), and so does a crash.
// `plan` and `sweep` go to their parsers only, `report` and `chart` (which start
// clusterplan-render) are skipped (see below).
//
// The CLI reads and writes files (--scenario, --hf-config, --bom-csv, the scenario library):
// the fuzzer runs in a fresh temporary directory with HOME and the XDG directories inside it,
// and inputs with a word containing '/' or starting with '~' are skipped, so that nothing
// outside that directory can be touched.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "cli/cli.h"
#include "cli/estimate_args.h"
#include "cli/plan_args.h"
#include "cli/sweep_args.h"

namespace {

std::vector<std::string> split_words(std::string_view text) {
  std::vector<std::string> words;
  std::string word;
  for (const char c : text) {
    if (c == '\0' || c == '\n') {
      words.push_back(word);
      word.clear();
    } else {
      word.push_back(c);
    }
  }
  if (!word.empty()) words.push_back(word);
  return words;
}

bool touches_outside(const std::vector<std::string>& words) {
  for (const std::string& w : words)
    if (w.find('/') != std::string::npos || (!w.empty() && w[0] == '~') || w.find("..") != std::string::npos)
      return true;
  return false;
}

}  // namespace

static std::filesystem::path g_dir;

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  char pattern[] = "/tmp/fuzz_cli_args.XXXXXX";
  const char* dir = mkdtemp(pattern);
  if (dir == nullptr || chdir(dir) != 0) {
    std::perror("fuzz_cli_args: temporary directory");
    std::abort();
  }
  g_dir = dir;
  std::atexit([] {
    std::error_code ec;
    std::filesystem::remove_all(g_dir, ec);
  });
  setenv("HOME", dir, 1);
  setenv("XDG_DATA_HOME", dir, 1);
  setenv("XDG_CONFIG_HOME", dir, 1);
  setenv("XDG_CACHE_HOME", dir, 1);
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size > 4096) return 0;
  const std::vector<std::string> words =
      split_words(std::string_view(reinterpret_cast<const char*>(data), size));
  if (touches_outside(words)) return 0;

  const cp::cli::ParseResult parsed = cp::cli::parse_estimate_args(words);
  (void)parsed.ok();
  // report and chart start another program (clusterplan-render) and write files: not run.
  if (!words.empty() && (words[0] == "report" || words[0] == "chart")) return 0;
  // plan and sweep: only their parsers. Running them is bounded only by what the user asks
  // for (`plan --gpus 1-100000` searches for minutes), which a fuzzer would report as timeouts.
  if (!words.empty() && (words[0] == "plan" || words[0] == "sweep")) {
    const std::vector<std::string> rest(words.begin() + 1, words.end());
    if (words[0] == "plan") (void)cp::cli::parse_plan_args(rest);
    else (void)cp::cli::parse_sweep_args(rest);
    return 0;
  }

  std::ostringstream out, err;
  const int rc = cp::cli::run(words, out, err);
  if (rc != cp::cli::kExitOk && rc != cp::cli::kExitInvalid) {
    std::fprintf(stderr, "fuzz_cli_args: exit code %d (an internal error); stderr:\n%s\n", rc, err.str().c_str());
    std::abort();
  }
  // Files the CLI was asked to write (bom CSVs, libraries) go into the working directory;
  // keep it from filling up.
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(".", ec))
    std::filesystem::remove_all(entry.path(), ec);
  return 0;
}
