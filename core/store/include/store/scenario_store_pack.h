// The packed form in which the scenario library keeps estimate snapshots (docs/scenario-format.md,
// "Packed snapshots"): a JSON document split into
//  - its shape: the structure, keys, strings, true/false/null and the kind of each number, in
//    document order; estimates of one engine version nearly always share one shape, so the
//    library keeps each distinct shape once (table json_shapes);
//  - its values: every number, 8 bytes little-endian each (a double's IEEE bits, or the
//    integer's two's complement), in the same order; one blob per revision.
// Unpacking gives back exactly the document that was packed: the same keys, strings and
// number kinds, every double bit for bit (so its JSON text is byte for byte the same).
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <string_view>

namespace cp::pack {

// The first byte of every shape: the layout below. A shape with another first byte is refused.
//   null 'n', true 't', false 'f', integer 'i', unsigned 'u', double 'd' (the number: 8 bytes
//   in the values), string 's' SIZE BYTES, array '[' COUNT ITEM..., object '{' COUNT
//   (SIZE KEY ITEM)...; SIZE and COUNT are unsigned LEB128.
inline constexpr char kShapeLayout = 1;

// Appends `j`'s shape and values to `shape` and `values` (cleared first). At the top level of an
// object, the member `skip_key` (when not empty) is left out. Throws std::invalid_argument for
// binary JSON values, which have no JSON text, and for documents nested deeper than 256 levels
// (which unpacking would refuse).
void pack_json(const nlohmann::json& j, std::string& shape, std::string& values, std::string_view skip_key = {});

// The document packed as `shape` and `values`; false (out untouched) when they are not a
// packed document of this layout (damaged, cut short, bytes left over, nested too deep).
bool unpack_json(std::string_view shape, std::string_view values, nlohmann::json& out);

// A 64-bit FNV-1a hash of `bytes`: the lookup key of content-addressed rows (the rows are
// compared byte for byte before one is reused, so a collision costs a row, never a mix-up).
std::uint64_t content_hash(std::string_view bytes);

}  // namespace cp::pack
