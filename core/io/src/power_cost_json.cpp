#include "io/power_cost_json.h"

#include "io/strict_json.h"
#include "engine/units.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace cp {

using nlohmann::json;

namespace {

json opt(const std::optional<double>& v) { return v ? json(*v) : json(nullptr); }
json positive_or_null(double v) { return v > 0 ? json(v) : json(nullptr); }

// Small typed readers; each problem names the JSON path.
struct In {
  const json& obj;
  std::string path;
  std::vector<Problem>& problems;
  KeyCheck& keys;  // every key looked up is a valid key of `obj` (core/strict_json.h)

  const json* get(const char* key) const {
    keys.allow(obj, path, key);
    auto it = obj.find(key);
    return it == obj.end() ? nullptr : &*it;
  }
  void fail(const char* key, const std::string& why) const { problems.push_back({path + "." + key, why}); }
  void number(const char* key, double& out) const {
    if (const json* v = get(key)) {
      if (v->is_number()) out = v->get<double>();
      else fail(key, "must be a number");
    }
  }
  void optional(const char* key, std::optional<double>& out) const {
    if (const json* v = get(key)) {
      if (v->is_null()) out.reset();
      else if (v->is_number()) out = v->get<double>();
      else fail(key, "must be a number, or null for the built-in value");
    }
  }
  void integer(const char* key, int& out) const {
    if (const json* v = get(key)) {
      if (v->is_number_integer() && std::abs(v->get<long long>()) < 2147483647LL) out = int(v->get<long long>());
      else fail(key, "must be a whole number");
    }
  }
  void boolean(const char* key, bool& out) const {
    if (const json* v = get(key)) {
      if (v->is_boolean()) out = v->get<bool>();
      else fail(key, "must be true or false");
    }
  }
  void string(const char* key, std::string& out) const {
    if (const json* v = get(key)) {
      if (v->is_string()) out = v->get<std::string>();
      else fail(key, "must be a string");
    }
  }
  template <typename E, typename Parse>
  void choice(const char* key, E& out, Parse parse, const char* list) const {
    if (const json* v = get(key)) {
      const std::string text = v->is_string() ? v->get<std::string>() : v->dump();
      if (auto e = parse(text)) out = *e;
      else fail(key, "'" + text + "' is not one of: " + list);
    }
  }
};

json line_to_json(const PriceLine& l) {
  return {{"item", to_string(l.item)}, {"gpu", l.gpu},         {"fabric", l.fabric}, {"gbps", l.gbps},
          {"gpus", l.gpus},            {"price", l.price},     {"name", l.name},     {"source", l.source}};
}

}  // namespace

json price_list_to_json(const PriceList& l) {
  json lines = json::array();
  for (const PriceLine& x : l.lines) lines.push_back(line_to_json(x));
  return {{"id", l.id},
          {"name", l.name},
          {"date", l.date},
          {"source", l.source},
          {"payment", to_string(l.payment)},
          {"currency", to_string(l.currency)},
          {"whole_months", l.whole_months},
          {"lines", lines}};
}

namespace {

void read_price_list(const json& j, PriceList& l, const std::string& path, std::vector<Problem>& problems,
                     KeyCheck& keys) {
  if (!j.is_object()) {
    problems.push_back({path, "must be an object"});
    return;
  }
  const In in{j, path, problems, keys};
  in.string("id", l.id);
  in.string("name", l.name);
  in.string("date", l.date);
  in.string("source", l.source);
  in.choice("payment", l.payment, parse_payment, "rent, cloud, purchase");
  in.choice("currency", l.currency, parse_currency, "CNY, USD");
  in.boolean("whole_months", l.whole_months);
  if (const json* lines = in.get("lines")) {
    if (!lines->is_array()) {
      in.fail("lines", "must be a list of price lines");
    } else {
      std::vector<PriceLine> out;
      for (size_t i = 0; i < lines->size(); ++i) {
        const std::string p = path + ".lines[" + std::to_string(i) + "]";
        const json& jl = (*lines)[i];
        if (!jl.is_object()) {
          problems.push_back({p, "must be an object"});
          continue;
        }
        PriceLine x;
        const In li{jl, p, problems, keys};
        if (!jl.contains("item")) li.fail("item", "is missing");
        li.choice("item", x.item, parse_price_item,
                  "server_rent, gpu_hour, server, nic, switch, transceiver, cable, bandwidth, storage, services");
        li.string("gpu", x.gpu);
        li.string("fabric", x.fabric);
        li.number("gbps", x.gbps);
        li.integer("gpus", x.gpus);
        if (!jl.contains("price")) li.fail("price", "is missing");
        li.number("price", x.price);
        li.string("name", x.name);
        li.string("source", x.source);
        out.push_back(std::move(x));
      }
      l.lines = std::move(out);
    }
  }
}

}  // namespace

bool price_list_from_json(const json& j, PriceList& l, const std::string& path, std::vector<Problem>& problems) {
  const size_t before = problems.size();
  KeyCheck keys;
  read_price_list(j, l, path, problems, keys);
  keys.report(problems);
  return problems.size() == before;
}

json assumptions_to_json(const Assumptions& a) {
  return {{"pue", a.pue},
          {"gpu_power_factor", a.gpu_power_factor},
          {"node_overhead_w", opt(a.node_overhead_w)},
          {"switch_w", opt(a.switch_w)},
          {"optic_w", opt(a.optic_w)},
          {"storage_w_per_node", a.storage_w_per_node},
          {"rack_limit_w", a.rack_limit_w},
          {"grid_kg_co2_per_kwh", a.grid_kg_co2_per_kwh},
          {"currency", to_string(a.currency)},
          {"cny_per_usd", a.cny_per_usd},
          {"power_price_per_kwh", a.power_price_per_kwh},
          {"power_price_currency", to_string(a.power_price_currency)},
          {"payment", to_string(a.payment)},
          {"headroom", a.headroom},
          {"vat", a.vat},
          {"amortisation_years", a.amortisation_years},
          {"facility_per_kw_month", a.facility_per_kw_month},
          {"facility_capex_per_mw", opt(a.facility_capex_per_mw)},
          {"facility_years", a.facility_years},
          {"facility_price_currency", to_string(a.facility_price_currency)},
          {"support_per_year", a.support_per_year},
          {"storage_capex_share", a.storage_capex_share},
          {"discount_rate", a.discount_rate},
          {"residual_value", a.residual_value},
          {"failure_rate_per_gpu_hour", a.failure_rate_per_gpu_hour},
          {"checkpoint_bytes_per_s", opt(a.checkpoint_bytes_per_s)},
          {"checkpoint_bytes_per_s_per_gpu", a.checkpoint_bytes_per_s_per_gpu},
          {"checkpoint_mode", to_string(a.checkpoint_mode)},
          {"checkpoint_bytes_per_param", opt(a.checkpoint_bytes_per_param)},
          {"restart_s", a.restart_s},
          {"checkpoint_interval_s", opt(a.checkpoint_interval_s)},
          {"price_lists",
           {{"rent", price_list_to_json(a.rent)},
            {"cloud", price_list_to_json(a.cloud)},
            {"purchase", price_list_to_json(a.purchase)}}}};
}

bool assumptions_from_json(const json& j, Assumptions& a, std::vector<Problem>& problems) {
  const size_t before = problems.size();
  if (!j.is_object()) {
    problems.push_back({"assumptions", "must be an object"});
    return false;
  }
  KeyCheck keys;
  const In in{j, "assumptions", problems, keys};
  in.number("pue", a.pue);
  in.number("gpu_power_factor", a.gpu_power_factor);
  in.optional("node_overhead_w", a.node_overhead_w);
  in.optional("switch_w", a.switch_w);
  in.optional("optic_w", a.optic_w);
  in.number("storage_w_per_node", a.storage_w_per_node);
  in.number("rack_limit_w", a.rack_limit_w);
  in.number("grid_kg_co2_per_kwh", a.grid_kg_co2_per_kwh);
  in.choice("currency", a.currency, parse_currency, "CNY, USD");
  in.number("cny_per_usd", a.cny_per_usd);
  in.number("power_price_per_kwh", a.power_price_per_kwh);
  in.choice("power_price_currency", a.power_price_currency, parse_currency, "CNY, USD");
  in.choice("payment", a.payment, parse_payment, "rent, cloud, purchase");
  in.number("headroom", a.headroom);
  in.number("vat", a.vat);
  in.number("amortisation_years", a.amortisation_years);
  in.number("facility_per_kw_month", a.facility_per_kw_month);
  in.optional("facility_capex_per_mw", a.facility_capex_per_mw);
  in.number("facility_years", a.facility_years);
  in.choice("facility_price_currency", a.facility_price_currency, parse_currency, "CNY, USD");
  in.number("support_per_year", a.support_per_year);
  in.number("storage_capex_share", a.storage_capex_share);
  in.number("discount_rate", a.discount_rate);
  in.number("residual_value", a.residual_value);
  in.number("failure_rate_per_gpu_hour", a.failure_rate_per_gpu_hour);
  in.optional("checkpoint_bytes_per_s", a.checkpoint_bytes_per_s);
  // Files written before the bandwidth was per GPU carry the old default, 10 GB/s for any
  // cluster, as a number: without the per-GPU key beside it, that reads as unset (the per-GPU
  // default). Any other figure, or 10 GB/s in a newer file, is the user's and stays cluster-wide.
  if (!j.contains("checkpoint_bytes_per_s_per_gpu") && a.checkpoint_bytes_per_s == kOldStorageDefault)
    a.checkpoint_bytes_per_s.reset();
  in.number("checkpoint_bytes_per_s_per_gpu", a.checkpoint_bytes_per_s_per_gpu);
  in.choice("checkpoint_mode", a.checkpoint_mode, parse_checkpoint_mode, "sync, async, in-memory");
  in.optional("checkpoint_bytes_per_param", a.checkpoint_bytes_per_param);
  in.number("restart_s", a.restart_s);
  in.optional("checkpoint_interval_s", a.checkpoint_interval_s);
  if (const json* pl = in.get("price_lists")) {
    if (!pl->is_object()) {
      in.fail("price_lists", "must be an object with rent, cloud and purchase lists");
    } else {
      const In lists{*pl, "assumptions.price_lists", problems, keys};
      if (const json* l = lists.get("rent")) read_price_list(*l, a.rent, "assumptions.price_lists.rent", problems, keys);
      if (const json* l = lists.get("cloud"))
        read_price_list(*l, a.cloud, "assumptions.price_lists.cloud", problems, keys);
      if (const json* l = lists.get("purchase"))
        read_price_list(*l, a.purchase, "assumptions.price_lists.purchase", problems, keys);
    }
  }
  keys.report(problems);
  return problems.size() == before;
}

namespace {

const char* tier_name(int t) { return t == 0 ? "leaf" : t == 1 ? "spine" : t == 2 ? "core" : ""; }

}  // namespace

json bom_to_json(const Scenario& s, const Estimate& e) {
  const PriceList& list = s.assumptions.purchase;
  json out = json::array();
  for (int i = 0; i < e.cost.bom_count; ++i) {
    const BomLine& b = e.cost.bom[size_t(i)];
    const PriceLine* l = b.price_line >= 0 ? &list.lines[size_t(b.price_line)] : nullptr;
    out.push_back({{"item", to_string(b.item)},
                   {"tier", tier_name(b.tier)},
                   {"name", l ? l->name : std::string("(no price in the purchase list)")},
                   {"quantity", b.quantity},
                   {"unit_price", l ? json(b.unit_price) : json(nullptr)},
                   {"total", l ? json(b.total) : json(nullptr)},
                   {"currency", to_string(e.cost.currency)},
                   {"source", l ? l->source : std::string()}});
  }
  return out;
}

std::string bom_to_csv(const Scenario& s, const Estimate& e) {
  auto field = [](const std::string& t) {
    if (t.find_first_of(",\"\n") == std::string::npos) return t;
    std::string q = "\"";
    for (char c : t) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
  };
  auto number = [](const json& v) {
    if (v.is_null()) return std::string();
    // std::to_chars ignores the C locale: a German desktop still gets "2160000.00".
    char buf[64];
    const auto r = std::to_chars(buf, buf + sizeof buf, v.get<double>(), std::chars_format::fixed, 2);
    return std::string(buf, r.ptr);
  };
  std::string out = "item,tier,name,quantity,unit_price,total,currency,source\n";
  for (const json& l : bom_to_json(s, e)) {
    out += field(l["item"].get<std::string>()) + "," + field(l["tier"].get<std::string>()) + "," +
           field(l["name"].get<std::string>()) + "," + std::to_string((long long)l["quantity"].get<double>()) + "," +
           number(l["unit_price"]) + "," + number(l["total"]) + "," + l["currency"].get<std::string>() + "," +
           field(l["source"].get<std::string>()) + "\n";
  }
  return out;
}

void add_power_cost_json(const Scenario& s, const Estimate& e, json& out, const FabricDelta* versus) {
  const PowerEstimate& p = e.power;
  const Assumptions& a = s.assumptions;
  const bool run = s.training.tokens > 0 && e.reliability.real_train_time_s > 0;
  out["power"] = {{"gpu_w", p.gpu_w},
                  {"gpu_peak_w", p.gpu_peak_w},
                  {"node_overhead_w", p.node_overhead_w},
                  {"node_overhead_peak_w", p.node_overhead_peak_w},
                  {"node_w", p.node_w},
                  {"node_peak_w", p.node_peak_w},
                  {"switches_w", p.switches_w},
                  {"optics_w", p.optics_w},
                  {"storage_w", p.storage_w},
                  {"it_w", p.it_w},
                  {"it_peak_w", p.it_peak_w},
                  {"pue", a.pue},
                  {"facility_w", p.facility_w},
                  {"facility_peak_w", p.facility_peak_w},
                  {"cooling_w", p.cooling_w},
                  {"cooling_btu_per_h", p.cooling_btu_per_h},
                  {"cooling_tons", p.cooling_tons},
                  {"rack_limit_w", a.rack_limit_w},
                  {"nodes_per_rack", p.nodes_per_rack},
                  {"racks", p.racks}};
  out["energy"] = {{"run_s", run ? json(e.energy.run_s) : json(nullptr)},
                   {"run_kwh", run ? json(e.energy.run_kwh) : json(nullptr)},
                   {"run_co2_kg", run ? json(e.energy.run_co2_kg) : json(nullptr)},
                   {"grid_kg_co2_per_kwh", a.grid_kg_co2_per_kwh}};
  const CostEstimate& k = e.cost;
  json categories = json::object();
  for (int c = 0; c < kCostCategories; ++c)
    categories[std::string(to_string(CostCategory(c)))] = {
        {"per_month", k.per_month_by_category[size_t(c)]},
        {"headroom_per_month", k.per_month_by_category[size_t(c)] * a.headroom}};
  const PriceList& paying = a.list_for(a.payment);
  json ib_vs_roce = nullptr;
  if (versus && !versus->other_fabric.empty())
    ib_vs_roce = {{"fabric", s.cluster.fabric.id},
                  {"other_fabric", versus->other_fabric},
                  {"network_capex_delta", versus->network_capex_delta},
                  {"train_time_delta_s", run ? json(versus->train_time_delta_s) : json(nullptr)},
                  {"run_total_delta", run ? json(versus->run_total_delta) : json(nullptr)},
                  {"owner_per_month_delta", versus->owner_per_month_delta},
                  {"owner_capex_delta", versus->owner_capex_delta}};
  const OwnerCost& o = k.owner;
  const std::optional<int> age = price_list_age_months(paying);
  json owner = {{"server_capex", o.server_capex},
                {"network_capex", o.network_capex},
                {"storage_capex", o.storage_capex},
                {"capex", o.capex},
                {"hardware_per_month", o.hardware_per_month},
                {"network_storage_per_month", o.network_storage_per_month},
                {"capital_per_month", o.capital_per_month},
                {"support_per_month", o.support_per_month},
                {"facility_per_month", o.facility_per_month},
                {"electricity_per_month", o.electricity_per_month},
                {"per_month", o.per_month},
                {"per_gpu_hour", o.per_gpu_hour},
                {"facility", o.built_facility ? "built" : "colocation"},
                {"price_list", a.purchase.id},
                {"price_list_date", a.purchase.date},
                {"depreciation_years", a.amortisation_years},
                {"discount_rate", a.discount_rate},
                {"residual_value", a.residual_value}};
  out["cost"] = {{"currency", to_string(k.currency)},
                 {"payment", to_string(k.payment)},
                 {"price_list", paying.id},
                 {"price_list_date", paying.date},
                 {"price_list_source", paying.source},
                 {"price_list_age_months", age ? json(*age) : json(nullptr)},
                 {"price_list_stale", price_list_stale(paying)},
                 {"owner", owner},
                 {"break_even_months", k.break_even_months > 0 ? json(k.break_even_months) : json(nullptr)},
                 {"break_even_against", a.list_for(k.break_even_against).id},
                 {"rent_alternative_per_month", positive_or_null(k.rent_alternative_per_month)},
                 {"month_hours", power_units::kHoursPerMonth},
                 {"per_month", k.per_month},
                 {"per_hour", k.per_hour},
                 {"vat_per_month", k.vat_per_month},
                 {"headroom_per_month", k.headroom_per_month},
                 {"budget_per_month", k.budget_per_month},
                 {"categories", categories},
                 {"billed_months", run ? json(k.billed_months) : json(nullptr)},
                 {"run_total", run ? json(k.run_total) : json(nullptr)},
                 {"per_million_tokens", run ? json(k.per_million_tokens) : json(nullptr)},
                 {"capex", k.capex},
                 {"network_capex", k.network_capex},
                 {"network_share", k.network_share},
                 {"ib_vs_roce", ib_vs_roce}};
  const ReliabilityEstimate& r = e.reliability;
  out["reliability"] = {{"failure_rate_per_gpu_hour", a.failure_rate_per_gpu_hour},
                        {"mtbi_h", r.failures ? json(r.mtbi_s / units::Hour) : json(nullptr)},
                        {"checkpoint_bytes", r.checkpoint_bytes},
                        {"checkpoint_mode", to_string(r.mode)},
                        {"storage_bytes_per_s", r.storage_bytes_per_s},
                        {"storage_scope", r.storage_per_gpu ? "per_gpu" : "cluster"},
                        {"checkpoint_write_s", r.checkpoint_write_s},
                        {"checkpoint_blocking_s", r.checkpoint_blocking_s},
                        {"checkpoint_cost_s", r.checkpoint_cost_s},
                        {"checkpoint_interval_s", positive_or_null(r.interval_s)},
                        {"optimal_interval_s", positive_or_null(r.optimal_interval_s)},
                        {"restart_s", r.restart_s},
                        {"goodput", r.goodput},
                        {"seed_interval",
                         {{"low_s", kSeedIntervalLowS},
                          {"high_s", kSeedIntervalHighS},
                          {"goodput_low", r.goodput_seed_low},
                          {"goodput_high", r.goodput_seed_high}}},
                        {"real_train_time_s", run ? json(r.real_train_time_s) : json(nullptr)}};
  out["bom"] = bom_to_json(s, e);
}

}  // namespace cp
