// `clusterplan-cli report` and `clusterplan-cli chart`: drawn by the separate program
// clusterplan-render (app/render_main.cpp), which links the Qt GUI libraries and draws on the
// offscreen platform. clusterplan-cli itself never loads Qt: it starts clusterplan-render from its
// own directory (found through /proc/self/exe), passes the command and its arguments, lets it write
// to the same standard output and error, and returns its exit code.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace cp::cli {

// The path clusterplan-render is expected at: next to the running executable.
std::string render_executable();

// `command` is "report" or "chart"; `args` are the words after it. Exit code 1 when
// clusterplan-render is missing or cannot be started (the reason on `err`).
int run_render(const std::string& command, const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace cp::cli
