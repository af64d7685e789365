// Test helper: a test's input file from tests/fixtures (CLUSTERPLAN_FIXTURES_DIR, set for every
// test by clusterplan_test in tests/CMakeLists.txt), read whole. tests/fixtures/README.md lists
// the files and where each comes from.
#pragma once

#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>
#include <string>
#include <string_view>

#ifndef CLUSTERPLAN_FIXTURES_DIR
#error "CLUSTERPLAN_FIXTURES_DIR is not defined: build the test with clusterplan_test (tests/CMakeLists.txt)"
#endif

namespace cp::test {

// The bytes of tests/fixtures/<relative>. A file that cannot be read throws, naming its path: a
// missing fixture stops the test with that message (Qt Test reports the exception and aborts)
// rather than letting it run on an empty input.
inline std::string fixture(std::string_view relative) {
  const std::string path = std::string(CLUSTERPLAN_FIXTURES_DIR) + "/" + std::string(relative);
  std::ifstream in(path, std::ios::binary);
  if (!std::filesystem::is_regular_file(path) || !in.is_open())
    throw std::runtime_error("test fixture cannot be read: " + path);
  std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) throw std::runtime_error("test fixture cannot be read: " + path);
  return bytes;
}

}  // namespace cp::test
