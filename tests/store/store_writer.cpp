// Helper process of tst_store: saves COUNT scenarios named "PREFIX-<i>" into the library at
// DB, one durable save each, and after each save returns prints "committed <id> <name>" on
// stdout (flushed), so that a parent that kills it knows exactly which saves had committed.
//   store_writer DB COUNT PREFIX
//   store_writer DB hold SECONDS
// has the library open, as another clusterplan would (an SQLite connection that has read it),
// prints "holding" (flushed) and waits SECONDS before it closes it.
//   store_writer DB COUNT PREFIX stay
// saves as the first form, one commit each, then prints "stayed" and keeps the library open
// until it is killed: its commits are still in the -wal file, not yet checkpointed.
// Exit 0 when done, 1 on a failure (reason on stderr).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <thread>

#include "engine/estimate.h"
#include "io/scenario_json.h"
#include "store/scenario_store.h"
#include "store/sqlite.h"

int main(int argc, char** argv) {
  if (argc != 4 && !(argc == 5 && std::string(argv[4]) == "stay")) {
    std::fprintf(stderr, "usage: store_writer DB COUNT PREFIX [stay]\n");
    return 1;
  }
  try {
    if (std::string(argv[2]) == "hold") {
      cp::sql::Database db(argv[1], cp::sql::Database::Mode::ReadWrite);
      db.query_int("PRAGMA application_id");  // a read: the connection now holds its shared lock
      std::printf("holding\n");
      std::fflush(stdout);
      std::this_thread::sleep_for(std::chrono::seconds(std::atoi(argv[3])));
      return 0;
    }
    cp::ScenarioStore store(argv[1]);
    const int count = std::atoi(argv[2]);
    const std::string prefix = argv[3];
    cp::ScenarioFileDocument d;
    const nlohmann::json snapshot = cp::estimate_to_json(d.scenario, cp::estimate(d.scenario));
    d.tags = {"writer", prefix};
    for (int i = 0; i < count; ++i) {
      d.scenario.name = prefix + "-" + std::to_string(i);
      d.scenario.training.global_batch = 1024 + 8 * (i % 100);  // a real change per save
      const std::int64_t id = store.save(d, snapshot);
      std::printf("committed %lld %s\n", static_cast<long long>(id), d.scenario.name.c_str());
      std::fflush(stdout);
    }
    if (argc == 5) {
      std::printf("stayed\n");
      std::fflush(stdout);
      for (;;) std::this_thread::sleep_for(std::chrono::seconds(60));
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "store_writer: %s\n", e.what());
    return 1;
  }
  return 0;
}
