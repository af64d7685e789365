#include "cli/render_command.h"

#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <ostream>
#include <system_error>

#include "cli/cli.h"

// glibc declares environ in <unistd.h> when _GNU_SOURCE is defined (g++ and clang++ define it
// for C++); POSIX only promises the variable, so declare it where the header does not.
#if !defined(__GLIBC__) || !defined(_GNU_SOURCE)
extern char** environ;
#endif

namespace cp::cli {

std::string render_executable() {
  std::error_code ec;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return "clusterplan-render";
  return (self.parent_path() / "clusterplan-render").string();
}

int run_render(const std::string& command, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  const std::string exe = render_executable();
  if (::access(exe.c_str(), X_OK) != 0) {
    err << "clusterplan-cli: '" << command << "' needs clusterplan-render, which is not installed next to "
        << "clusterplan-cli (looked for " << exe << ")\n";
    return kExitInternal;
  }
  std::vector<std::string> words{exe, command};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  argv.reserve(words.size() + 1);
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);

  // The child writes to the same file descriptors: flush what is buffered here first.
  out.flush();
  err.flush();
  std::fflush(stdout);
  std::fflush(stderr);
  pid_t pid = 0;
  const int rc = ::posix_spawn(&pid, exe.c_str(), nullptr, nullptr, argv.data(), environ);
  if (rc != 0) {
    err << "clusterplan-cli: cannot start " << exe << ": " << std::strerror(rc) << '\n';
    return kExitInternal;
  }
  int status = 0;
  while (::waitpid(pid, &status, 0) < 0) {
    if (errno != EINTR) {
      err << "clusterplan-cli: lost " << exe << ": " << std::strerror(errno) << '\n';
      return kExitInternal;
    }
  }
  if (WIFEXITED(status)) return WEXITSTATUS(status);
  err << "clusterplan-cli: clusterplan-render ended abnormally (signal " << WTERMSIG(status) << ")\n";
  return kExitInternal;
}

}  // namespace cp::cli
