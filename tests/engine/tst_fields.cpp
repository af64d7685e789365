// The field table (engine/fields.h): one row per input, each with a unique key and
// CLI option, sane bounds and a help sentence; the scenario file's every input key has a row;
// validation refuses exactly the table's bounds. (Links io for the JSON writer, as tst_cost.)
#include <QtTest>

#include <cmath>
#include <functional>
#include <limits>
#include <map>
#include <set>
#include <string>

#include "engine/fields.h"
#include "engine/validate.h"
#include "io/scenario_json.h"

using namespace cp;

class TstFields : public QObject {
  Q_OBJECT
 private slots:
  void rowsAreWellFormed();
  void everyJsonInputHasARow();
  void valuePathsReachTheirKeys();
  void validateRefusesExactlyTheBounds_data();
  void validateRefusesExactlyTheBounds();
  void rangeText();
};

void TstFields::rowsAreWellFormed() {
  std::set<std::string_view> keys, flags;
  for (const FieldInfo& f : kFields) {
    const std::string name(f.key);
    QVERIFY2(keys.insert(f.key).second, ("duplicate key " + name).c_str());
    if (!f.flag.empty()) QVERIFY2(flags.insert(f.flag).second, ("duplicate CLI option " + std::string(f.flag)).c_str());
    QVERIFY2(!f.label.empty(), name.c_str());
    // One sentence saying what it is: a capital, a full stop, and more than a word or two.
    QVERIFY2(f.help.size() >= 20 && f.help.back() == '.', name.c_str());
    if (f.bounded()) {
      QVERIFY2(f.min <= f.max, name.c_str());
      QVERIFY2(std::isfinite(f.min) && std::isfinite(f.max), name.c_str());
      if (f.kind == FieldKind::Count) QVERIFY2(f.min == std::floor(f.min) && f.max == std::floor(f.max), name.c_str());
    } else {
      QVERIFY2(f.min == 0 && f.max == 0, name.c_str());
    }
    QCOMPARE(find_field(f.key), &f);
    if (!f.flag.empty()) QCOMPARE(find_field_by_flag(f.flag), &f);
    // A row whose help says what a 0 stands for names it in a word, to show in the 0's place;
    // and only such a row, where 0 is a value it takes.
    const bool says_zero = f.help.find("0: ") != std::string_view::npos;
    QVERIFY2(says_zero == !f.zero_word.empty(), name.c_str());
    if (!f.zero_word.empty()) QVERIFY2(f.bounded() && (f.min == 0 || f.zero_default), name.c_str());
    if (f.zero_default) QVERIFY2(f.min > 0 && !f.zero_word.empty(), name.c_str());
  }
  QVERIFY(find_field("training.no_such_field") == nullptr);
  QVERIFY(find_field_by_flag("") == nullptr);
  // The bound eight fields share is one constant, so that it is changed in one place.
  for (const char* key : {"model.heads", "model.kv_heads", "model.head_dim", "model.experts", "parallelism.tp",
                          "parallelism.pp", "parallelism.cp", "parallelism.ep"})
    QCOMPARE(find_field(key)->max, double(kMaxHeadsExpertsDegree));
}

namespace {

// Every leaf key of a JSON object, dotted ("training.seq"); arrays are leaves.
void leaves(const nlohmann::json& j, const std::string& path, std::set<std::string>& out) {
  if (!j.is_object()) {
    out.insert(path);
    return;
  }
  for (const auto& [k, v] : j.items()) leaves(v, path.empty() ? k : path + "." + k, out);
}

}  // namespace

void TstFields::everyJsonInputHasARow() {
  Scenario s = default_scenario();
  // Unset optional assumptions are written as null: still keys of the file.
  std::set<std::string> keys;
  leaves(scenario_to_json(s), "", keys);
  // What the file holds that is not an input: its format, the catalog entries' provenance and
  // names (the id chooses them), the model's id/derived pair (the "model.id" row), the price
  // lists (tables edited as a whole) and the name's derived mark.
  const auto not_an_input = [](const std::string& k) {
    for (const char* prefix : {"format", "name_is_derived", "model.derived", "model.mla", "assumptions.price_lists"})
      if (k.rfind(prefix, 0) == 0) return true;
    for (const char* leaf : {"cluster.gpu_spec.name", "cluster.gpu_spec.source", "cluster.fabric_spec.name",
                             "cluster.fabric_spec.source", "cluster.fabric_spec.kind", "cluster.fabric_spec.load_balance",
                             "cluster.fabric_spec.congestion_control"})
      if (k == leaf) return true;
    return false;
  };
  int checked = 0;
  for (const std::string& k : keys) {
    if (not_an_input(k)) continue;
    QVERIFY2(find_field(k) != nullptr, ("no row for the scenario file's key " + k).c_str());
    ++checked;
  }
  QVERIFY2(checked > 80, std::to_string(checked).c_str());
  // And every stored row is a key of the file: no row describes a key nobody writes.
  for (const FieldInfo& f : kFields)
    if (f.stored) QVERIFY2(keys.count(std::string(f.key)) == 1, std::string(f.key).c_str());
}

// Every row but the name, the catalog ids and the derived size has a value path, and it reaches
// the member its key names: a value set through the row is what the scenario file writes at
// that key, and the row reads it back.
void TstFields::valuePathsReachTheirKeys() {
  const Scenario base = default_scenario();
  const auto file = [](const Scenario& s) {
    std::map<std::string, std::string> m;
    for (auto& [k, v] : flatten_json(scenario_to_json(s))) m[k] = v;
    return m;
  };
  const std::map<std::string, std::string> before = file(base);
  int reached = 0;
  for (const FieldInfo& f : kFields) {
    const std::string key(f.key);
    if (f.kind == FieldKind::Text || key == "model.id" || key == "cluster.gpu" || key == "cluster.fabric" ||
        key == "model.size") {
      QVERIFY2(!f.has_value(), key.c_str());
      continue;
    }
    QVERIFY2(f.has_value(), ("no value path: " + key).c_str());
    Scenario s = base;
    std::string want;
    if (f.kind == FieldKind::Choice) {
      // The first spelling that is not the current value.
      const std::string list(f.spellings());
      const std::string now(f.word(s));
      for (std::size_t at = 0; at < list.size();) {
        std::size_t end = list.find(", ", at);
        if (end == std::string::npos) end = list.size();
        const std::string word = list.substr(at, end - at);
        if (word != now && word.find(' ') == std::string::npos && f.set_word(s, word)) break;
        at = end + 2;
      }
      QVERIFY2(f.word(s) != now, key.c_str());
      want = std::string(f.word(s));
    } else if (f.kind == FieldKind::Flag) {
      f.set(s, f.get(s) != 0 ? 0 : 1);
    } else {
      // A value inside the bounds that the default does not have: a third of the way up.
      double v = f.min + (std::min(f.max, f.min + 1000) - f.min) / 3;
      if (f.kind == FieldKind::Count) v = std::ceil(v) + (f.min_open ? 1 : 0);
      if (v == f.get(s)) v = f.kind == FieldKind::Count ? v + 1 : v * 1.5;
      QVERIFY2(f.admits(v), key.c_str());
      f.set(s, v);
      QCOMPARE(f.get(s), v);
    }
    const std::map<std::string, std::string> after = file(s);
    QVERIFY2(after.count(key) == 1, ("not in the file: " + key).c_str());
    QVERIFY2(after.at(key) != before.at(key), ("the file did not change at " + key).c_str());
    if (!want.empty()) QCOMPARE(QString::fromStdString(after.at(key)).remove('"'), QString::fromStdString(want));
    // Nothing else in the file moved (a derived mark aside).
    for (const auto& [k, v] : after)
      if (k != key && !k.starts_with("name") && !k.starts_with("model.derived") && before.count(k))
        QVERIFY2(before.at(k) == v, (key + " also changed " + k).c_str());
    ++reached;
  }
  QVERIFY2(reached > 100, std::to_string(reached).c_str());
  // An optional input is unset with NaN and reads NaN while unset.
  const FieldInfo& switch_w = *find_field("assumptions.switch_w");
  Scenario s = base;
  switch_w.set(s, 900);
  QCOMPARE(*s.assumptions.switch_w, 900.0);
  switch_w.set(s, std::numeric_limits<double>::quiet_NaN());
  QVERIFY(!s.assumptions.switch_w);
  QVERIFY(std::isnan(switch_w.get(s)));
}

using Set = std::function<void(Scenario&, double)>;
Q_DECLARE_METATYPE(Set)

void TstFields::validateRefusesExactlyTheBounds_data() {
  QTest::addColumn<QString>("key");
  QTest::addColumn<Set>("set");
  // Every bounded row with a value, set through its own path; a new input is checked by its row
  // alone (validate.cpp, check_row_bounds). The heads keep grouped-query attention valid.
  std::set<std::string> rows;
  for (const FieldInfo& f : kFields) {
    if (!f.has_value() || !f.bounded()) continue;
    // Bounds the model's other rows narrow (validate.cpp, check_model): experts chosen per token
    // from the experts, dense layers below the layers.
    if (f.key == "model.experts_per_token" || f.key == "model.dense_layers") continue;
    Set set = f.set;
    if (f.key == "model.heads") set = [](Scenario& s, double v) { s.model.heads = s.model.kv_heads = int(v); };
    QTest::newRow(std::string(f.key).c_str()) << QString::fromUtf8(f.key.data(), qsizetype(f.key.size())) << set;
    rows.insert(std::string(f.key));
  }
  QVERIFY(rows.size() > 60);
  QVERIFY(rows.count("training.dp_bucket_params") && rows.count("assumptions.rack_limit_w"));
}

// Below, at and above each bound: validation names the field with a bounds message exactly when
// the table refuses the value (at a closed bound accepted, at an open one refused).
void TstFields::validateRefusesExactlyTheBounds() {
  QFETCH(QString, key);
  QFETCH(Set, set);
  const FieldInfo* f = find_field(key.toStdString());
  QVERIFY(f && f->bounded());
  const bool whole = f->kind == FieldKind::Count;
  // The nearest whole number, or a billionth apart (as typed: no denormals, which text refuses).
  auto step = [&](double v) { return whole ? 1.0 : (v == 0 ? 1e-9 : std::abs(v) * 1e-9); };
  auto below = [&](double v) { return v - step(v); };
  auto above = [&](double v) { return v + step(v); };
  auto refused = [&](double v) {
    Scenario s = default_scenario();
    set(s, v);
    for (const Problem& p : validate(s))
      if (p.field == f->key && p.message.find("must be") != std::string::npos) return true;
    return false;
  };
  for (const double v : {below(f->min), f->min, above(f->min), below(f->max), f->max, above(f->max)}) {
    // tokens: 0 (no budget) or from 1; the gap between is the one rule the table cannot say.
    if (f->key == "training.tokens" && v > 0 && v < 1) continue;
    // failure rate: 0 (none) or from 1e-12 (validate.cpp, kMinFailureRate).
    if (f->key == "assumptions.failure_rate_per_gpu_hour" && v > 0 && v < 1e-12) continue;
    const std::string what = std::string(f->key) + " = " + bound_text(v);
    QVERIFY2(refused(v) == !f->admits(v), what.c_str());
  }
  QVERIFY(refused(below(f->min)));
  QVERIFY(refused(above(f->max)));
}

void TstFields::rangeText() {
  QCOMPARE(range_text(field("parallelism.tp")), std::string("from 1 to 65536"));
  QCOMPARE(range_text(field("assumptions.gpu_power_factor")), std::string("above 0 to 1.5"));
  QCOMPARE(range_text(field("assumptions.vat")), std::string("from 0 to below 1"));
  QCOMPARE(range_text(field("training.tokens")), std::string("from 0 to 1e+18"));
  QCOMPARE(range_text(field("training.precision")), std::string());
}

QTEST_APPLESS_MAIN(TstFields)
#include "tst_fields.moc"
