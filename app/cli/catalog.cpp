#include "cli/catalog.h"

#include <cstdio>
#include <optional>
#include <ostream>

#include "cli/help_text.h"
#include "cli/options.h"
#include "engine/assumptions.h"
#include "engine/fabric.h"
#include "engine/gpu.h"
#include "engine/model.h"
#include "io/power_cost_json.h"
#include "io/scenario_json.h"
#include "engine/units.h"

namespace cp::cli {
namespace {

using nlohmann::json;

// A published count of 0 means "none published": null, so that 0 is never read as a count.
json published(double v) { return v > 0 ? json(v) : json(nullptr); }

void write_models_text(std::ostream& out) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "%-16s %12s %12s  %s\n", "id", "params (B)", "active (B)", "name");
  out << buf;
  for (const ModelPreset& p : model_presets()) {
    const ParamCounts c = count_params(p.shape);
    std::snprintf(buf, sizeof buf, "%-16s %12.3f %12.3f  %s\n", std::string(p.id).c_str(), c.total / 1e9,
                  c.active / 1e9, std::string(p.name).c_str());
    out << buf;
  }
}

void write_gpus_text(std::ostream& out) {
  char buf[256];
  std::snprintf(buf, sizeof buf, "%-16s %13s %18s  %s\n", "id", "memory (GiB)", "bf16 (TFLOP/s)", "name");
  out << buf;
  for (const GpuSpec& g : gpu_catalog()) {
    std::snprintf(buf, sizeof buf, "%-16s %13.2f %18.1f  %s\n", g.id.c_str(), g.memory_bytes / units::GiB,
                  g.bf16_flops / 1e12, g.name.c_str());
    out << buf;
  }
}

void write_fabrics_text(std::ostream& out) {
  char buf[320];
  std::snprintf(buf, sizeof buf, "%-20s %-11s %9s %15s %12s %6s %-10s %4s  %s\n", "id", "kind", "NIC Gb/s",
                "busbw (GB/s)", "latency (us)", "ports", "balance", "QPs", "name");
  out << buf;
  for (const FabricSpec& f : fabric_catalog()) {
    std::snprintf(buf, sizeof buf, "%-20s %-11s %9.0f %15.1f %12.2f %6d %-10s %4d  %s\n", f.id.c_str(),
                  std::string(to_string(f.kind)).c_str(), f.nic_gbps, f.nic_busbw / 1e9, f.base_latency_s * 1e6,
                  f.switch_ports, std::string(to_string(f.load_balance)).c_str(), f.qps_per_connection,
                  f.name.c_str());
    out << buf;
  }
}

void write_price_lists_text(std::ostream& out) {
  char buf[320];
  std::snprintf(buf, sizeof buf, "%-28s %-9s %-8s %-8s %-5s %5s  %s\n", "id", "kind", "currency", "date", "stale",
                "lines", "name");
  out << buf;
  for (const PriceList& l : price_list_catalog()) {
    std::snprintf(buf, sizeof buf, "%-28s %-9s %-8s %-8s %-5s %5zu  %s\n", l.id.c_str(),
                  std::string(to_string(l.payment)).c_str(), std::string(to_string(l.currency)).c_str(),
                  l.date.c_str(), price_list_stale(l) ? "yes" : "no", l.lines.size(), l.name.c_str());
    out << buf;
  }
  std::snprintf(buf, sizeof buf, "(stale: dated more than %d months before this build, %04d-%02d)\n",
                kPriceListStaleMonths, build_date_months() / 12, build_date_months() % 12 + 1);
  out << buf;
}

}  // namespace

json catalog_price_lists_json() {
  json list = json::array();
  for (const PriceList& l : price_list_catalog()) {
    const json full = price_list_to_json(l);  // the scenario file's form of a price list
    list.push_back({{"id", l.id},
                    {"name", l.name},
                    {"date", l.date},
                    {"stale", price_list_stale(l)},
                    {"source", l.source},
                    {"currency", to_string(l.currency)},
                    {"kind", to_string(l.payment)},
                    {"whole_months", l.whole_months},
                    {"lines", full["lines"]}});
  }
  return list;
}

json catalog_models_json() {
  json list = json::array();
  for (const ModelPreset& p : model_presets()) {
    const ModelShape& m = p.shape;
    const ParamCounts c = count_params(m);
    json entry = model_shape_to_json(m);  // the same keys as a scenario file's "model"
    entry.update({{"id", p.id},
                  {"name", p.name},
                  {"source", p.source},
                  {"params", c.total},
                  {"active_params", c.active},
                  {"published_params", published(p.published_params)},
                  {"published_active_params", published(p.published_active)},
                  {"default_seq", p.default_seq}});
    list.push_back(std::move(entry));
  }
  return list;
}

json catalog_gpus_json() {
  json list = json::array();
  for (const GpuSpec& g : gpu_catalog()) {
    json entry = gpu_spec_to_json(g);  // the same keys as a scenario file's "gpu_spec"
    entry["id"] = g.id;
    list.push_back(std::move(entry));
  }
  return list;
}

json catalog_fabrics_json() {
  json list = json::array();
  for (const FabricSpec& f : fabric_catalog())
    list.push_back({{"id", f.id},
                    {"name", f.name},
                    {"kind", to_string(f.kind)},
                    {"nic_gbps", f.nic_gbps},
                    {"nic_busbw_bytes_per_s", f.nic_busbw},
                    {"base_latency_s", f.base_latency_s},
                    {"switch_latency_s", f.switch_latency_s},
                    {"switch_ports", f.switch_ports},
                    {"load_balance", to_string(f.load_balance)},
                    {"qps_per_connection", f.qps_per_connection},
                    {"balance_efficiency", f.balance_efficiency},
                    {"cc_efficiency", f.cc_efficiency},
                    {"source", f.source},
                    {"channels_per_nic", f.channels_per_nic},
                    {"congestion_control", to_string(f.congestion_control)}});
  return list;
}

int run_catalog(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  std::optional<std::string> what;
  bool json_format = false;
  for (const OptionWord& w : read_options(args)) {
    if (w.kind == OptionWord::Kind::Help) {
      out << catalog_usage();
      return 0;
    }
    if (w.kind == OptionWord::Kind::Argument) {
      if (what) {
        err << cli::quoted(w.value) << ": unexpected argument (catalog takes one of: models, gpus, fabrics, price-lists)\n";
        return 2;
      }
      what = w.value;
      continue;
    }
    if (!w.is("format")) {
      err << unknown_option(w.name, "catalog", {"format"}) << '\n';
      return 2;
    }
    if (!w.has_value) {
      err << "--format: missing value (text|json)\n";
      return 2;
    }
    if (w.value != "text" && w.value != "json") {
      err << "--format: " << cli::quoted(w.value) << " is not one of: text, json\n";
      return 2;
    }
    json_format = w.value == "json";
  }
  if (!what) {
    err << "catalog: missing what to list (models, gpus, fabrics or price-lists)\n" << catalog_usage();
    return 2;
  }
  if (*what == "models") {
    if (json_format) out << catalog_models_json().dump(2) << '\n';
    else write_models_text(out);
  } else if (*what == "gpus") {
    if (json_format) out << catalog_gpus_json().dump(2) << '\n';
    else write_gpus_text(out);
  } else if (*what == "fabrics") {
    if (json_format) out << catalog_fabrics_json().dump(2) << '\n';
    else write_fabrics_text(out);
  } else if (*what == "price-lists") {
    if (json_format) out << catalog_price_lists_json().dump(2) << '\n';
    else write_price_lists_text(out);
  } else {
    err << "catalog: '" << *what << "' is not one of: models, gpus, fabrics, price-lists\n";
    return 2;
  }
  return 0;
}

}  // namespace cp::cli
