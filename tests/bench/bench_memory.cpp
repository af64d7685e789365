// Benchmark: peak memory (the process's high-water mark of resident memory, VmHWM in
// /proc/self/status) of the two largest documented jobs (target: under 1 GiB each):
//  1. `sweep --format json` of 100,000 points, every one estimated: 10 GPU counts x 10 fabrics
//     x 1,000 token budgets;
//  2. `plan --format json` over the planner's maximum, 4,096 cluster sizes (8 to 32,768 GPUs,
//     every whole node) x 12 fabrics.
// Each job runs in its own child process (fork), so each peak is its own. The output goes to
// a stream that counts the bytes and keeps none of them. Usage:
//   bench_memory [sweep|plan] [--quick]
// --quick runs 1/10 of each (10,000 points; 410 sizes): a smoke test of the benchmark itself.
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <ostream>
#include <sstream>
#include <streambuf>
#include <string>
#include <vector>

#include "cli/cli.h"
#include "engine/fabric.h"

namespace {

// Discards what is written, counting it.
class CountingBuf : public std::streambuf {
 public:
  long long bytes = 0;

 protected:
  int_type overflow(int_type c) override {
    if (c != traits_type::eof()) ++bytes;
    return c;
  }
  std::streamsize xsputn(const char*, std::streamsize n) override {
    bytes += n;
    return n;
  }
};

long long vm_hwm_kib() {
  std::ifstream in("/proc/self/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("VmHWM:", 0) == 0) return std::stoll(line.substr(6));
  return -1;
}

std::string join(const std::vector<std::string>& v) {
  std::string s;
  for (const std::string& x : v) s += (s.empty() ? "" : ",") + x;
  return s;
}

std::vector<std::string> fabric_ids(std::size_t n) {
  std::vector<std::string> ids;
  for (const cp::FabricSpec& f : cp::fabric_catalog())
    if (ids.size() < n) ids.push_back(f.id);
  return ids;
}

std::vector<std::string> sweep_args(bool quick) {
  std::vector<std::string> gpus, tokens;
  for (int i = 1; i <= 10; ++i) gpus.push_back(std::to_string(32 * i));
  const int n = quick ? 100 : 1000;
  for (int i = 1; i <= n; ++i) tokens.push_back(std::to_string(i) + "e9");
  return {"sweep", "--gpus", join(gpus), "--fabric", join(fabric_ids(10)), "--vary", "tokens=" + join(tokens),
          "--format", "json"};
}

std::vector<std::string> plan_args(bool quick) {
  return {"plan", "--gpus", quick ? "8-3280" : "8-32768", "--fabric", join(fabric_ids(12)), "--format", "json"};
}

// Runs one job in this process; prints its figures.
int run_job(const std::string& name, bool quick) {
  const std::vector<std::string> args = name == "sweep" ? sweep_args(quick) : plan_args(quick);
  CountingBuf buf;
  std::ostream out(&buf);
  std::ostringstream err;
  const auto t0 = std::chrono::steady_clock::now();
  const int code = cp::cli::run(args, out, err);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const long long hwm = vm_hwm_kib();
  std::printf("%s%s: exit %d, %lld bytes of JSON in %.1f s, peak RSS (VmHWM) %.1f MiB%s\n", name.c_str(),
              quick ? " (quick)" : "", code, buf.bytes, s, double(hwm) / 1024.0,
              hwm > 1024 * 1024 ? "  ABOVE 1 GiB" : "");
  if (code != 0) std::printf("%s", err.str().c_str());
  std::fflush(stdout);
  return code == 0 && hwm <= 1024 * 1024 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  bool quick = false;
  std::vector<std::string> jobs;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--quick") == 0) quick = true;
    else jobs.emplace_back(argv[i]);
  }
  if (jobs.empty()) jobs = {"sweep", "plan"};
  int failed = 0;
  for (const std::string& job : jobs) {
    const pid_t pid = fork();
    if (pid == 0) _exit(run_job(job, quick));
    int status = 0;
    waitpid(pid, &status, 0);
    failed += !(WIFEXITED(status) && WEXITSTATUS(status) == 0);
  }
  return failed == 0 ? 0 : 1;
}
