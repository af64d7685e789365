#include "core/store_schema.h"

namespace cp {

namespace {

// Version 1: scenarios, their revisions and tags.
//  - scenarios: one row per scenario; `revision` is the current revision's number; `tags`
//    repeats its tags joined by U+001F, so that listing needs no join.
//  - revisions: every save appends one row and never changes an old one, so the previous
//    versions stay. Each keeps the scenario JSON (core/scenario_json.h), the JSON of the
//    estimate the user saw (NULL if none) and the engine version that produced it.
//  - tags: a scenario's tags in the user's order.
constexpr const char* kStep1 = R"sql(
CREATE TABLE scenarios (
  id          INTEGER PRIMARY KEY,
  name        TEXT NOT NULL,
  tags        TEXT NOT NULL DEFAULT '',
  revision    INTEGER NOT NULL,
  created_at  TEXT NOT NULL,
  updated_at  TEXT NOT NULL
);
CREATE INDEX scenarios_by_update ON scenarios (updated_at DESC, id DESC);
CREATE TABLE revisions (
  id              INTEGER PRIMARY KEY,
  scenario_id     INTEGER NOT NULL REFERENCES scenarios (id) ON DELETE CASCADE,
  revision        INTEGER NOT NULL,
  name            TEXT NOT NULL,
  notes           TEXT NOT NULL DEFAULT '',
  scenario_json   TEXT NOT NULL,
  estimate_json   TEXT,
  engine_version  TEXT NOT NULL,
  saved_at        TEXT NOT NULL,
  UNIQUE (scenario_id, revision)
);
CREATE TABLE tags (
  scenario_id  INTEGER NOT NULL REFERENCES scenarios (id) ON DELETE CASCADE,
  tag          TEXT NOT NULL,
  position     INTEGER NOT NULL,
  PRIMARY KEY (scenario_id, tag)
) WITHOUT ROWID;
CREATE INDEX tags_by_tag ON tags (tag, scenario_id);
)sql";

// Version 2: the user's own catalog entries (GPUs, node types, fabrics, price lists), each a
// JSON object in the same layout as the scenario file's gpu_spec, fabric_spec and price list.
constexpr const char* kStep2 = R"sql(
CREATE TABLE catalog_entries (
  kind        TEXT NOT NULL CHECK (kind IN ('gpu', 'node_type', 'fabric', 'price_list')),
  id          TEXT NOT NULL,
  json        TEXT NOT NULL CHECK (json_valid(json)),
  updated_at  TEXT NOT NULL,
  PRIMARY KEY (kind, id)
);
)sql";

}  // namespace

const char* library_schema_step(int to_version) {
  switch (to_version) {
    case 1: return kStep1;
    case 2: return kStep2;
    default: return nullptr;
  }
}

}  // namespace cp
