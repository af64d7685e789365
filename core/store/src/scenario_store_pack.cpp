#include "store/scenario_store_pack.h"

#include <cstring>
#include <stdexcept>
#include <string>

namespace cp::pack {

using nlohmann::json;

namespace {

constexpr int kMaxDepth = 256;  // bounds the recursion on damaged shapes; packing refuses deeper documents

void put_size(std::string& out, std::uint64_t n) {
  while (n >= 0x80) {
    out += char(0x80 | (n & 0x7f));
    n >>= 7;
  }
  out += char(n);
}

void put_u64(std::string& out, std::uint64_t v) {
  char b[8];
  for (int i = 0; i < 8; ++i) b[i] = char((v >> (8 * i)) & 0xff);
  out.append(b, 8);
}

void put_string(std::string& out, const std::string& s) {
  put_size(out, s.size());
  out += s;
}

void pack(const json& j, std::string& shape, std::string& values, std::string_view skip_key, int depth) {
  if (depth > kMaxDepth) throw std::invalid_argument("nested deeper than " + std::to_string(kMaxDepth) + " levels");
  switch (j.type()) {
    case json::value_t::null: shape += 'n'; return;
    case json::value_t::boolean: shape += j.get<bool>() ? 't' : 'f'; return;
    case json::value_t::number_integer:
      shape += 'i';
      put_u64(values, std::uint64_t(j.get<std::int64_t>()));
      return;
    case json::value_t::number_unsigned:
      shape += 'u';
      put_u64(values, j.get<std::uint64_t>());
      return;
    case json::value_t::number_float: {
      shape += 'd';
      const double d = j.get<double>();
      std::uint64_t bits;
      std::memcpy(&bits, &d, sizeof bits);
      put_u64(values, bits);
      return;
    }
    case json::value_t::string:
      shape += 's';
      put_string(shape, j.get_ref<const std::string&>());
      return;
    case json::value_t::array:
      shape += '[';
      put_size(shape, j.size());
      for (const json& item : j) pack(item, shape, values, {}, depth + 1);
      return;
    case json::value_t::object: {
      shape += '{';
      const bool skip = !skip_key.empty() && j.contains(skip_key);
      put_size(shape, j.size() - (skip ? 1 : 0));
      for (auto it = j.begin(); it != j.end(); ++it) {
        if (skip && it.key() == skip_key) continue;
        put_string(shape, it.key());
        pack(it.value(), shape, values, {}, depth + 1);
      }
      return;
    }
    case json::value_t::binary: throw std::invalid_argument("it holds binary data, which JSON cannot");
    case json::value_t::discarded: shape += 'n'; return;
  }
}

class Reader {
 public:
  Reader(std::string_view shape, std::string_view values) : shape_(shape), values_(values) {}

  bool read(json& out, int depth) {
    if (depth > kMaxDepth || at_ >= shape_.size()) return false;
    switch (shape_[at_++]) {
      case 'n': out = nullptr; return true;
      case 't': out = true; return true;
      case 'f': out = false; return true;
      case 'i': {
        std::uint64_t v;
        if (!number(v)) return false;
        out = std::int64_t(v);
        return true;
      }
      case 'u': {
        std::uint64_t v;
        if (!number(v)) return false;
        out = v;
        return true;
      }
      case 'd': {
        std::uint64_t v;
        if (!number(v)) return false;
        double d;
        std::memcpy(&d, &v, sizeof d);
        out = d;
        return true;
      }
      case 's': {
        std::string s;
        if (!string(s)) return false;
        out = std::move(s);
        return true;
      }
      case '[': {
        std::uint64_t n;
        if (!size(n) || n > shape_.size() - at_) return false;  // every item takes a byte at least
        out = json::array();
        json::array_t& a = out.get_ref<json::array_t&>();
        a.resize(std::size_t(n));
        for (json& item : a)
          if (!read(item, depth + 1)) return false;
        return true;
      }
      case '{': {
        std::uint64_t n;
        if (!size(n) || n > shape_.size() - at_) return false;
        out = json::object();
        json::object_t& o = out.get_ref<json::object_t&>();
        for (std::uint64_t i = 0; i < n; ++i) {
          std::string key;
          if (!string(key)) return false;
          json item;
          if (!read(item, depth + 1)) return false;
          o.emplace_hint(o.end(), std::move(key), std::move(item));
        }
        return o.size() == n;  // a repeated key is not a packed object
      }
      default: return false;
    }
  }

  bool done() const { return at_ == shape_.size() && value_at_ == values_.size(); }

 private:
  bool size(std::uint64_t& n) {
    n = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      if (at_ >= shape_.size()) return false;
      const auto b = static_cast<unsigned char>(shape_[at_++]);
      n |= std::uint64_t(b & 0x7f) << shift;
      if (!(b & 0x80)) return true;
    }
    return false;
  }
  bool string(std::string& s) {
    std::uint64_t n;
    if (!size(n) || n > shape_.size() - at_) return false;
    s.assign(shape_.data() + at_, std::size_t(n));
    at_ += std::size_t(n);
    return true;
  }
  bool number(std::uint64_t& v) {
    if (values_.size() - value_at_ < 8) return false;
    v = 0;
    for (int i = 0; i < 8; ++i) v |= std::uint64_t(static_cast<unsigned char>(values_[value_at_ + i])) << (8 * i);
    value_at_ += 8;
    return true;
  }

  std::string_view shape_, values_;
  std::size_t at_ = 0, value_at_ = 0;
};

}  // namespace

void pack_json(const json& j, std::string& shape, std::string& values, std::string_view skip_key) {
  shape.clear();
  values.clear();
  shape += kShapeLayout;
  pack(j, shape, values, j.is_object() ? skip_key : std::string_view(), 0);
}

bool unpack_json(std::string_view shape, std::string_view values, json& out) {
  if (shape.empty() || shape[0] != kShapeLayout) return false;
  Reader r(shape.substr(1), values);
  json j;
  if (!r.read(j, 0) || !r.done()) return false;
  out = std::move(j);
  return true;
}

std::uint64_t content_hash(std::string_view bytes) {
  std::uint64_t h = 14695981039346656037ull;
  for (char c : bytes) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ull;
  }
  return h;
}

}  // namespace cp::pack
