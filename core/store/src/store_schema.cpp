#include "store/store_schema.h"

namespace cp {

namespace {

// Version 1: scenarios, their revisions and tags.
//  - scenarios: one row per scenario; `revision` is the current revision's number; `tags`
//    repeats its tags joined by U+001F, so that listing needs no join.
//  - revisions: every save appends one row and never changes an old one, so the previous
//    versions stay. Each keeps the scenario JSON (core/io/include/io/scenario_json.h), the JSON of the
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

// Version 3: what many revisions share is kept once (an import of 10,000 scenarios wrote
// 10,000 copies of the same price lists and of the same JSON keys).
//  - price_lists: the scenario's rent, cloud and purchase price lists, each the JSON of
//    assumptions.price_lists.<slot>, one row per distinct text (looked up by `hash`, the
//    FNV-1a 64 of the text, then compared whole).
//  - json_shapes: the shapes of packed JSON documents (core/store/include/store/scenario_store_pack.h: the keys,
//    strings and structure; the numbers are kept apart), one row per distinct shape, looked up
//    the same way.
//  - revisions, rebuilt: a revision saved from version 3 on keeps its scenario packed
//    (scenario_shape, scenario_values), without its name (the revision's name) and without
//    its price lists (rent_list, cloud_list, purchase_list), and its estimate snapshot packed
//    (estimate_shape, estimate_values). A revision saved before keeps its scenario_json and
//    estimate_json texts as they were: the migration changes no stored value. An older
//    clusterplan (which opens this library read-only) still reads those; on a newer revision
//    it finds no scenario JSON and says the revision cannot be read.
// Rows of the two new tables that no revision refers to any more are deleted with the scenario
// that used them last.
constexpr const char* kStep3 = R"sql(
CREATE TABLE price_lists (
  id    INTEGER PRIMARY KEY,
  hash  INTEGER NOT NULL,
  json  TEXT NOT NULL CHECK (json_valid(json))
);
CREATE INDEX price_lists_by_hash ON price_lists (hash);
CREATE TABLE json_shapes (
  id     INTEGER PRIMARY KEY,
  hash   INTEGER NOT NULL,
  shape  BLOB NOT NULL
);
CREATE INDEX json_shapes_by_hash ON json_shapes (hash);
CREATE TABLE revisions_v3 (
  id               INTEGER PRIMARY KEY,
  scenario_id      INTEGER NOT NULL REFERENCES scenarios (id) ON DELETE CASCADE,
  revision         INTEGER NOT NULL,
  name             TEXT NOT NULL,
  notes            TEXT NOT NULL DEFAULT '',
  scenario_json    TEXT,
  scenario_shape   INTEGER REFERENCES json_shapes (id),
  scenario_values  BLOB,
  rent_list        INTEGER REFERENCES price_lists (id),
  cloud_list       INTEGER REFERENCES price_lists (id),
  purchase_list    INTEGER REFERENCES price_lists (id),
  estimate_json    TEXT,
  estimate_shape   INTEGER REFERENCES json_shapes (id),
  estimate_values  BLOB,
  engine_version   TEXT NOT NULL,
  saved_at         TEXT NOT NULL,
  UNIQUE (scenario_id, revision),
  CHECK ((scenario_json IS NULL) = (scenario_shape IS NOT NULL AND scenario_values IS NOT NULL)),
  CHECK (estimate_json IS NULL OR estimate_shape IS NULL),
  CHECK ((estimate_shape IS NULL) = (estimate_values IS NULL))
);
INSERT INTO revisions_v3 (id, scenario_id, revision, name, notes, scenario_json, estimate_json, engine_version,
                          saved_at)
  SELECT id, scenario_id, revision, name, notes, scenario_json, estimate_json, engine_version, saved_at
  FROM revisions;
DROP TABLE revisions;
ALTER TABLE revisions_v3 RENAME TO revisions;
CREATE INDEX revisions_by_scenario_shape ON revisions (scenario_shape);
CREATE INDEX revisions_by_estimate_shape ON revisions (estimate_shape);
CREATE INDEX revisions_by_rent_list ON revisions (rent_list);
CREATE INDEX revisions_by_cloud_list ON revisions (cloud_list);
CREATE INDEX revisions_by_purchase_list ON revisions (purchase_list);
)sql";

// Version 4: a checksum per revision and per scenario row (core/scenario_store.cpp,
// "Checksums": FNV-1a 64 of what is stored for it, each field with its length), verified on
// every load. The columns are added here; ScenarioStore fills them for the rows already there
// in the same transaction, after the backup copy, changing no other stored value. A NULL
// checksum in a library of schema 4 is damage.
constexpr const char* kStep4 = R"sql(
ALTER TABLE scenarios ADD COLUMN checksum INTEGER;
ALTER TABLE revisions ADD COLUMN checksum INTEGER;
)sql";

// Version 5: the library's own state, one row.
//  - instance: a random id given when the row is made, kept in the commit record beside the
//    library (library_file.h) so that a record is only compared with its own library;
//  - commits: raised by every write transaction; the commit record holds it too, and a library
//    that reads back fewer commits than its record lost committed saves;
//  - last_scenario_id: the highest scenario id ever given. A new scenario takes the next one,
//    so an id is never given twice, even after the newest scenario was deleted (a save of a
//    revision that names the old id then finds nothing, never an unrelated scenario).
// ScenarioStore inserts the row in the same transaction (the instance comes from C++).
constexpr const char* kStep5 = R"sql(
CREATE TABLE IF NOT EXISTS library_state (
  id                INTEGER PRIMARY KEY CHECK (id = 1),
  instance          TEXT NOT NULL,
  commits           INTEGER NOT NULL,
  last_scenario_id  INTEGER NOT NULL
);
)sql";

}  // namespace

const char* library_schema_step(int to_version) {
  switch (to_version) {
    case 1: return kStep1;
    case 2: return kStep2;
    case 3: return kStep3;
    case 4: return kStep4;
    case 5: return kStep5;
    default: return nullptr;
  }
}

}  // namespace cp
