#include "app/cli/help_text.h"

#include <cstdio>

#include "app/cli/estimate_args.h"

namespace cp::cli {

std::string main_usage() {
  return "Usage: clusterplan-cli COMMAND [options]\n"
         "\n"
         "Plans GPU memory for large-model training: per GPU, what a training job needs and\n"
         "whether it fits.\n"
         "\n"
         "Commands:\n"
         "  estimate [options]            memory per GPU for one training job\n"
         "  catalog models|gpus           the built-in model presets and GPUs\n"
         "\n"
         "Options:\n"
         "  --help, -h                    this text ('estimate --help' lists every option)\n"
         "  --version                     print the version\n"
         "\n"
         "Exit codes: 0 an estimate was computed (also when it does not fit),\n"
         "            2 invalid input (the reason is on stderr).\n";
}

std::string estimate_usage() {
  std::string text =
      "Usage: clusterplan-cli estimate [options] [--format text|json|csv]\n"
      "\n"
      "Without a model option or a scenario file, the job starts from the default scenario:\n"
      "LLaMA-65B on 4 nodes x 8 A100 80GB SXM, TP 8, PP 4, DP 1, seq 2048, micro-batch 1,\n"
      "global batch 1024, bf16 + Adam, selective recomputation with SP, ZeRO-1, 1.4e12 tokens.\n"
      "Every option overrides that starting point (or the --scenario file), in any order.\n"
      "Options take a value as '--name value' or '--name=value'.\n";
  std::string_view group;
  for (const OptionInfo& o : estimate_options()) {
    if (o.group != group) {
      group = o.group;
      text += "\n" + std::string(group) + ":\n";
    }
    char buf[512];
    const std::string flag = "--" + std::string(o.name) + " " + std::string(o.value);
    std::snprintf(buf, sizeof buf, "  %-34s %s\n", flag.c_str(), std::string(o.help).c_str());
    text += buf;
  }
  text +=
      "\n"
      "Shape flags alone (no --model, --params-b, --hf-config or --scenario) describe a custom\n"
      "model and need --layers, --hidden, --heads, --ffn and --vocab.\n"
      "DP left out is derived from the GPU count when --tp, --pp, --cp, --gpus, --nodes or\n"
      "--gpus-per-node is given; otherwise the starting scenario's DP is kept.\n"
      "\n"
      "Examples:\n"
      "  clusterplan-cli estimate\n"
      "  clusterplan-cli estimate --model llama-2-70b --gpus 64 --tp 8 --pp 2 --format json\n"
      "  clusterplan-cli estimate --params-b 30 --gpu h100-sxm --nodes 2 --tp 8 --zero 3\n"
      "  clusterplan-cli estimate --scenario job.json --micro-batch 2 --format csv\n";
  return text;
}

std::string catalog_usage() {
  return "Usage: clusterplan-cli catalog models|gpus [--format text|json]\n"
         "\n"
         "Lists the built-in model presets (ids for --model) or GPUs (ids for --gpu).\n"
         "--format json gives a list of objects, each with an \"id\".\n";
}

}  // namespace cp::cli
