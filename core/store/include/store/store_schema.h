// The library's SQL schema, defined by its migration steps: step N takes a library from
// PRAGMA user_version N-1 to N. A new library runs every step; an older one runs the steps it
// lacks (after a backup copy, see scenario_store.cpp). Steps are never edited once released.
#pragma once

namespace cp {

inline constexpr int kLibrarySchemaVersion = 5;

// The constant SQL of step `to_version` (1 .. kLibrarySchemaVersion); nullptr otherwise.
const char* library_schema_step(int to_version);

}  // namespace cp
