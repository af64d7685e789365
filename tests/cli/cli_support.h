// Test helpers for the clusterplan-cli suites: run the CLI in-process (cp::cli::run) and keep
// its exit code and both output streams.
#pragma once

#include <QStringList>
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

}  // namespace cp::test
