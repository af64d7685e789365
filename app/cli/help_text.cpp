#include "cli/help_text.h"

#include <cstdio>

#include "cli/estimate_args.h"

namespace cp::cli {
namespace {

// "  --flag VALUE    help...", the help from column 37 and wrapped at 100 columns.
std::string wrapped(const std::string& flag, const std::string& help) {
  constexpr std::size_t kColumn = 37, kWidth = 100;
  std::string out = flag;
  std::size_t at = 0;
  bool first = true;
  while (at < help.size()) {
    if (first && out.size() + 1 > kColumn) out += "\n";  // a long flag: the help starts below it
    const std::size_t pad = out.size() - (out.rfind('\n') == std::string::npos ? 0 : out.rfind('\n') + 1);
    out.append(pad < kColumn ? kColumn - pad : 0, ' ');
    std::size_t end = help.size();
    if (end - at > kWidth - kColumn) {
      end = help.rfind(' ', at + (kWidth - kColumn));
      if (end == std::string::npos || end <= at) end = help.find(' ', at + (kWidth - kColumn));
      if (end == std::string::npos) end = help.size();
    }
    out.append(help, at, end - at).append("\n");
    at = end < help.size() ? end + 1 : end;
    first = false;
  }
  if (first) out += "\n";
  return out;
}

}  // namespace

std::string main_usage() {
  return "Usage: clusterplan-cli COMMAND [options]\n"
         "\n"
         "Plans GPU clusters for large-model training: per GPU, what a training job needs and\n"
         "whether it fits; step time, throughput, MFU and the network it needs.\n"
         "\n"
         "Commands:\n"
         "  estimate [options]            memory, step time and throughput of one training job\n"
         "  sweep [options]               one estimate per GPU count, fabric and --vary value\n"
         "  plan [options]                search every parallel layout and rank them (plan --help)\n"
         "  scenario save|list|show|export|import|delete|history\n"
         "                                the scenario library (scenario --help)\n"
         "  catalog models|gpus|fabrics|price-lists\n"
         "                                the built-in model presets, GPUs, fabrics, price lists\n"
         "  claims [--format text|json]   the seed article's claims checked against the physics\n"
         "  report [options] -o OUT.pdf   a PDF report of a scenario (report --help)\n"
         "  chart KIND [options] -o OUT   a chart to PNG, SVG or PDF (chart --help)\n"
         "\n"
         "Options:\n"
         "  --help, -h                    this text ('estimate --help' lists every option)\n"
         "  --version                     print the version\n"
         "\n"
         "Exit codes: 0 the command ran (an estimate is computed also when it does not fit),\n"
         "            2 invalid input (the reason is on stderr),\n"
         "            3 'estimate --batch' ran every line but some lines failed (their \"error\").\n";
}

std::string estimate_usage() {
  std::string text =
      "Usage: clusterplan-cli estimate [options] [--format text|json|csv]\n"
      "\n"
      "Without a model option or a scenario file, the job starts from the default scenario:\n"
      "LLaMA-65B on 4 nodes x 8 A100 80GB SXM, TP 8, PP 4, DP 1, seq 2048, micro-batch 1,\n"
      "global batch 1024, bf16 + Adam, selective recomputation with SP, ZeRO-1, 1.4e12 tokens,\n"
      "8 HDR InfiniBand NICs per node (ib-hdr), rail-optimised, non-blocking.\n"
      "Every option overrides that starting point (or the --scenario file), in any order.\n"
      "Options take a value as '--name value' or '--name=value'.\n";
  std::string_view group;
  for (const OptionInfo& o : estimate_options()) {
    if (o.group != group) {
      group = o.group;
      text.append("\n").append(group).append(":\n");
    }
    // Appended, not "--" + ...: that trips GCC 12's false -Wrestrict in Release builds.
    std::string flag("  --");
    flag.append(o.name).append(" ").append(o.value);
    text += wrapped(flag, option_help(o));
  }
  text +=
      "\n"
      "Shape flags alone (no --model, --params-b, --hf-config or --scenario) describe a custom\n"
      "model and need --layers, --hidden, --heads, --ffn and --vocab.\n"
      "DP left out is derived from the GPU count when --tp, --pp, --cp, --gpus, --nodes or\n"
      "--gpus-per-node is given; otherwise the starting scenario's DP is kept.\n"
      "--measured-step-s X estimates once, sets calibration.step_time_factor = X / modelled\n"
      "step time, and estimates again: time.step_s is then X (warning site_calibrated).\n"
      "Power, cost and reliability options replace the assumptions of docs/power-cost.md;\n"
      "--price-list also selects its way to pay unless --payment is given; --power-price is\n"
      "in the result currency (--currency, else the scenario's). Prices in the other currency\n"
      "are converted at --exchange-rate.\n"
      "\n"
      "Examples:\n"
      "  clusterplan-cli estimate\n"
      "  clusterplan-cli estimate --model llama-2-70b --gpus 64 --tp 8 --pp 2 --format json\n"
      "  clusterplan-cli estimate --params-b 30 --gpu h100-sxm --nodes 2 --tp 8 --zero 3\n"
      "  clusterplan-cli estimate --scenario job.json --micro-batch 2 --format csv\n"
      "  clusterplan-cli estimate --batch plans.jsonl    (one scenario JSON per line; - for stdin)\n"
      "  clusterplan-cli estimate --model llama-2-70b --gpu h100-sxm --gpus 64 --tp 8 --pp 1 \\\n"
      "      --fabric roce-400-tuned --tokens 2e12\n"
      "  clusterplan-cli estimate --pue liquid --currency usd --exchange-rate 7.1 --failure-rate 1e-5\n"
      "  clusterplan-cli estimate --payment purchase --power-price 0.6 --bom-csv bom.csv\n";
  return text;
}

std::string sweep_usage() {
  return "Usage: clusterplan-cli sweep [estimate options] --gpus N,N,... [--fabric ID,ID,...]\n"
         "                             [--vary FIELD=v1,v2,...]... [--scaling strong|weak]\n"
         "                             [--layout held|best] [--threads N] [--format text|json|csv]\n"
         "\n"
         "One estimate per point of the cartesian product of the GPU counts, the fabrics and the\n"
         "values of every --vary list. The estimate options (see 'clusterplan-cli estimate --help')\n"
         "describe the base scenario; --dp, --nodes and --measured-step-s are not accepted (DP is\n"
         "derived at each point; the cluster is sized by --gpus).\n"
         "\n"
         "  --gpus N,N,...            GPU counts (default: the base scenario's); below the GPUs per\n"
         "                            node, one server of that many GPUs and its share of the NICs;\n"
         "                            more must be a multiple of the GPUs per node\n"
         "  --fabric ID,ID,...        fabric ids (see 'catalog fabrics'; default: the base's)\n"
         "  --vary FIELD=v1,v2,...    any numeric estimate option, without dashes (tp=4,8,\n"
         "                            micro-batch=1,2, oversubscription=1,2,4); may be repeated\n"
         "  --scaling strong|weak     strong (default): the global batch is held and DP grows with\n"
         "                            the GPUs (TP, PP, CP held); weak: the batch per GPU is held:\n"
         "                            global batch = base batch x GPUs / the first GPU count of\n"
         "                            each curve that runs (whole nodes; held: whole replicas, so\n"
         "                            the batch per DP replica is held)\n"
         "  --layout held|best        held (default): TP, PP, CP, EP as given, DP follows; best: each\n"
         "                            point runs the planner's best feasible layout for its size and\n"
         "                            fabric. With best, single --tp/--pp/... values describe the held\n"
         "                            layout only; comma lists (--tp 1,2,4) constrain the search, as\n"
         "                            in 'plan'. The points of each GPU count are planned in one\n"
         "                            search (each layout once for every fabric)\n"
         "  --threads N               worker threads for --layout best (default 0: every core); the\n"
         "                            result does not depend on it\n"
         "\n"
         "With two or more fabrics, each fabric is compared with the first at every GPU count:\n"
         "the JSON's fabric_gap list splits the difference by traffic, by cause (bandwidth,\n"
         "latency, interference, a change of layout) and by money, with a verdict in words (also\n"
         "printed after the text table).\n"
         "\n"
         "Points are ordered by fabric, then each --vary list, then GPU count. A point that cannot\n"
         "run (a validation problem, or the memory does not fit) is a row with feasible = false and\n"
         "its reasons; it never stops the sweep. Exit 0 when the sweep ran, 2 on bad options.\n"
         "\n"
         "Examples:\n"
         "  clusterplan-cli sweep --model llama-2-70b --gpu h100-sxm --tp 8 --pp 1 \\\n"
         "      --gpus 64,128,256,512 --fabric ib-ndr,roce-400-untuned,roce-400-tuned\n"
         "  clusterplan-cli sweep --model llama-3-8b --gpus 8,16,32 --vary tp=1,2,4 --format csv\n"
         "  clusterplan-cli sweep --model llama-2-7b --gpu h100-sxm --gpus 8,64,1024 \\\n"
         "      --fabric ib-ndr,roce-400-tuned --layout best --tp 1,2,4,8\n";
}

std::string catalog_usage() {
  return "Usage: clusterplan-cli catalog models|gpus|fabrics|price-lists [--format text|json]\n"
         "\n"
         "Lists the built-in model presets (ids for --model), GPUs (ids for --gpu), scale-out\n"
         "fabrics (ids for --fabric) or price lists (ids for --price-list: id, kind rent|cloud|\n"
         "purchase, currency, date, name; json adds source, whole_months and the lines).\n"
         "--format json gives a list of objects, each with an \"id\".\n";
}

}  // namespace cp::cli
