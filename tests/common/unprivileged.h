// Test helper: runs a piece of work in a forked child process that, when the tests run as
// root, first drops to the unprivileged user 65534 ("nobody") so that file permissions (a
// read-only directory) apply as they do for a user. Returns the work's result (0..255) as the
// child's exit status, or -1 when the child could not run or was killed.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <functional>

namespace cp::test {

inline constexpr int kCouldNotDropPrivileges = 99;

// `drop`: as root, become user 65534 first. Without it: a child process that may change its
// own limits (setrlimit) without touching the test's.
inline int run_in_child(const std::function<int()>& work, bool drop) {
  const pid_t pid = ::fork();
  if (pid < 0) return -1;
  if (pid == 0) {
    if (drop && ::geteuid() == 0 && (::setgid(65534) != 0 || ::setuid(65534) != 0))
      ::_exit(kCouldNotDropPrivileges);
    ::_exit(work());
  }
  int status = 0;
  if (::waitpid(pid, &status, 0) != pid) return -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

inline int run_unprivileged(const std::function<int()>& work) { return run_in_child(work, true); }

}  // namespace cp::test
