// libFuzzer target: opening a scenario library (an SQLite file) that may be damaged or hostile.
// The input is written to a file, which cp::ScenarioStore opens (checking the header, the
// schema version, PRAGMA quick_check, migrating or moving the file aside). When it opens, the
// fuzzer lists, loads and checks what is there. A StoreError (refused, or StoreFailure: SQLite
// failed during an operation, the library is damaged) is an acceptable answer; a crash, a
// sanitizer report or any other exception (sql::Error escaping the store, a JSON or
// standard-library error) is a finding.
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <string>

#include "store/scenario_store.h"

namespace {
std::filesystem::path g_dir;
}

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  // In memory when possible: the library syncs every save to disk (synchronous=FULL), which
  // on a disk makes the fuzzer some 10 times slower.
  char shm_pattern[] = "/dev/shm/fuzz_store_open.XXXXXX";
  char tmp_pattern[] = "/tmp/fuzz_store_open.XXXXXX";
  const char* dir = mkdtemp(shm_pattern);
  if (dir == nullptr) dir = mkdtemp(tmp_pattern);
  if (dir == nullptr) {
    std::perror("fuzz_store_open: temporary directory");
    std::abort();
  }
  g_dir = dir;
  std::atexit([] {
    std::error_code ec;
    std::filesystem::remove_all(g_dir, ec);
  });
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(g_dir, ec))
    std::filesystem::remove_all(entry.path(), ec);
  const std::string path = (g_dir / "library.clusterplan").string();
  {
    std::ofstream f(path, std::ios::binary);
    f.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  try {
    cp::ScenarioStore store(path);
    (void)store.quick_check();
    int loaded = 0;
    for (const cp::ScenarioSummary& summary : store.list()) {
      cp::StoredScenario stored;
      try {
        (void)store.load(summary.id, stored);
        (void)store.history(summary.id);
      } catch (const cp::StoreError&) {
        // A row whose JSON cannot be read back: reported to the user, not a crash.
      }
      if (++loaded == 8) break;
    }
    (void)store.tags();
    for (const cp::CatalogKind kind :
         {cp::CatalogKind::Gpu, cp::CatalogKind::NodeType, cp::CatalogKind::Fabric, cp::CatalogKind::PriceList}) {
      try {
        (void)store.catalog_entries(kind);
      } catch (const cp::StoreError&) {
      }
    }
    if (!store.read_only()) {
      cp::ScenarioFileDocument doc;
      (void)store.save(doc, nlohmann::json());
    }
  } catch (const cp::StoreError&) {
    // Refused (not a clusterplan library, unreadable, newer and damaged, ...), or SQLite failed
    // during an operation (StoreFailure: a damaged page that PRAGMA quick_check did not read;
    // clusterplan-cli: exit 1): the right answers. An sql::Error escaping the store is a finding.
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fuzz_store_open: unexpected exception: %s\n", e.what());
    std::abort();
  }
  return 0;
}
