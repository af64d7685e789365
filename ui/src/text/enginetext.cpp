// The engine's messages in the GUI's language. The engine speaks English
// (CLI, logs, files); the GUI translates, in the context "cp::engine", the templates of its
// validation problems (engine/validate.h: kProblemReasons, kProblemPhrases) and the formulas of
// "why this number" (engine/explain.h), listed below for lupdate. tst_inputpanel checks that every
// reason, phrase and formula has a Chinese translation, so a new one cannot stay English.
#include "ui/text/enginetext.h"

#include <QCoreApplication>
#include <QLocale>
#include <QRegularExpression>
#include <string>
#include <vector>

#include "engine/number_text.h"
#include "io/read_reasons.h"
#include "ui/text/fieldtext.h"
#include "ui/text/units.h"

namespace cp::ui {
namespace {

constexpr const char* kContext = "cp::engine";

[[maybe_unused]] const char* const kTexts[] = {
    // reasons (engine/validate.h, namespace reasons)
    QT_TRANSLATE_NOOP("cp::engine", "must be at least %1, got %2"),
    QT_TRANSLATE_NOOP("cp::engine", "must be at most %1, got %2"),
    QT_TRANSLATE_NOOP("cp::engine", "must be from %1 to %2, got %3"),
    QT_TRANSLATE_NOOP("cp::engine", "must be %1, from %2 to %3, got %4"),
    QT_TRANSLATE_NOOP("cp::engine", "must be %1, above %2 to %3, got %4"),
    QT_TRANSLATE_NOOP("cp::engine", "must be above %1 and at most %2, got %3"),
    QT_TRANSLATE_NOOP("cp::engine", "must be from %1 to below %2, got %3"),
    QT_TRANSLATE_NOOP("cp::engine", "must be above %1 and below %2, got %3"),
    QT_TRANSLATE_NOOP("cp::engine", "must be %1 from %2 to %3, got %4"),
    QT_TRANSLATE_NOOP("cp::engine", "%1 does not divide %2 %3"),
    QT_TRANSLATE_NOOP("cp::engine", "must be a finite price from 0 to %1, got %2"),
    QT_TRANSLATE_NOOP("cp::engine", "must be a line rate in Gb/s, zero (any) to %1, got %2"),
    QT_TRANSLATE_NOOP("cp::engine", "'%1' is not one of: infiniband, roce, or empty (any)"),
    QT_TRANSLATE_NOOP("cp::engine", "must be at least %1 and at most %2, got %3"),
    QT_TRANSLATE_NOOP("cp::engine", "must be a fraction of TDP above %1 and at most %2, got %3"),
    QT_TRANSLATE_NOOP("cp::engine", "must be zero or more watts, got %1"),
    QT_TRANSLATE_NOOP("cp::engine", "must be more than 0 watts, got %1"),
    QT_TRANSLATE_NOOP("cp::engine", "must be zero or more kg CO2 per kWh, got %1"),
    QT_TRANSLATE_NOOP("cp::engine", "must be an exchange rate above 0, got %1"),
    QT_TRANSLATE_NOOP("cp::engine", "must be a price of zero or more per kWh, got %1"),
    QT_TRANSLATE_NOOP("cp::engine", "must be a fraction from %1 to %2, got %3"),
    QT_TRANSLATE_NOOP("cp::engine", "must be a fraction from %1 to below %2, got %3"),
    QT_TRANSLATE_NOOP("cp::engine", "must be above 0 and at most %1 years, got %2"),
    QT_TRANSLATE_NOOP("cp::engine", "must be from %1 to below %2 per GPU-hour, got %3"),
    QT_TRANSLATE_NOOP("cp::engine", "must be 0 (no failures) or from %1 to below %2 per GPU-hour, got %3"),
    QT_TRANSLATE_NOOP("cp::engine", "must be more than 0 bytes/s, got %1"),
    QT_TRANSLATE_NOOP("cp::engine", "must be more than 0 bytes per parameter, got %1"),
    QT_TRANSLATE_NOOP("cp::engine", "must be zero or more seconds, got %1"),
    QT_TRANSLATE_NOOP("cp::engine", "must be more than 0 seconds, got %1"),
    QT_TRANSLATE_NOOP("cp::engine", "must be '%1' in the %1 slot"),
    QT_TRANSLATE_NOOP("cp::engine", "must not exceed %1 attention heads, got %2"),
    QT_TRANSLATE_NOOP("cp::engine", "is set but the model has no experts (set model.experts)"),
    QT_TRANSLATE_NOOP("cp::engine", "must be a finite number of tokens, zero or more (0: none, else at least 1) and at most %1, got %2"),
    QT_TRANSLATE_NOOP("cp::engine", "the GPU '%1' has no memory capacity"),
    QT_TRANSLATE_NOOP("cp::engine", "must be zero or more bytes, at most %1, got %2"),
    QT_TRANSLATE_NOOP("cp::engine", "must be a ratio from %1 (non-blocking) to %2, got %3"),
    QT_TRANSLATE_NOOP("cp::engine", "must be a positive bandwidth, got %1"),
    QT_TRANSLATE_NOOP("cp::engine", "latencies must be zero or more seconds"),
    QT_TRANSLATE_NOOP("cp::engine", "efficiencies must be fractions above 0 and at most 1"),
    QT_TRANSLATE_NOOP("cp::engine", "must be at least 1"),
    QT_TRANSLATE_NOOP("cp::engine", "must be %1 to %2 NCCL channels per NIC, got %3"),
    QT_TRANSLATE_NOOP("cp::engine", "a GPU needs a positive BF16 peak and memory bandwidth"),
    QT_TRANSLATE_NOOP("cp::engine", "must be a fraction above %1 and at most %2, got %3"),
    QT_TRANSLATE_NOOP("cp::engine", "must be 0 (no limit) or a number of nodes per token, at most %1, got %2"),
    QT_TRANSLATE_NOOP("cp::engine", "must be a positive number of parameters, at most %1, got %2"),
    QT_TRANSLATE_NOOP("cp::engine", "must be a positive ratio of measured to modelled step time, got %1"),
    QT_TRANSLATE_NOOP("cp::engine", "must be a ratio of measured to modelled step time from %1 to below %2, got %3"),
    QT_TRANSLATE_NOOP("cp::engine", "must be valid UTF-8 text: byte 0x%1 at offset %2 is not (typed in a Latin-1 terminal? use a UTF-8 locale, e.g. LANG=C.UTF-8)"),
    QT_TRANSLATE_NOOP("cp::engine", "TP x PP x CP x DP = %1 x %2 x %3 x %4 = %5 does not equal the %6 GPUs of the cluster"),
    QT_TRANSLATE_NOOP("cp::engine", "cannot be derived: TP x PP x CP = %1 does not divide the %2 GPUs of the cluster; DP can be derived with nodes in multiples of %3"),
    QT_TRANSLATE_NOOP("cp::engine", "cannot be derived: TP x PP x CP = %1 does not divide the %2 GPUs of the cluster; DP can be derived with TP %3 (PP %4), or nodes in multiples of %5"),
    QT_TRANSLATE_NOOP("cp::engine", "cannot be derived: TP x PP x CP = %1 does not divide the %2 GPUs of the cluster; DP can be derived with PP %3 (TP %4), or nodes in multiples of %5"),
    QT_TRANSLATE_NOOP("cp::engine", "cannot be derived: TP x PP x CP = %1 does not divide the %2 GPUs of the cluster; DP can be derived with TP %3 (PP %4), PP %5 (TP %6), or nodes in multiples of %7"),
    QT_TRANSLATE_NOOP("cp::engine", "%1 sequences is not a multiple of DP x micro-batch = %2 x %3"),
    QT_TRANSLATE_NOOP("cp::engine", "%1 pipeline stages exceed the %2 layers"),
    QT_TRANSLATE_NOOP("cp::engine", "interleaving needs more than one pipeline stage (PP > 1)"),
    QT_TRANSLATE_NOOP("cp::engine", "%1 chunks per stage x %2 stages exceed the %3 layers"),
    QT_TRANSLATE_NOOP("cp::engine", "expert parallelism needs a mixture-of-experts model"),
    QT_TRANSLATE_NOOP("cp::engine", "unknown fabric '%1'"),
    QT_TRANSLATE_NOOP("cp::engine", "%1 GPUs are not a whole number of %2-GPU nodes"),
    QT_TRANSLATE_NOOP("cp::engine", "weak scaling gives %1 x %2 / %3, not a whole number of sequences"),
    QT_TRANSLATE_NOOP("cp::engine", "needs %1 GiB per GPU, capacity %2 GiB"),
    QT_TRANSLATE_NOOP("cp::engine", "no layout is feasible"),
    QT_TRANSLATE_NOOP("cp::engine", "fp8 needs FP8 tensor cores, which the %1 does not have"),
    // the scenario file reader's reasons (io/read_reasons.h, kReadReasons)
    QT_TRANSLATE_NOOP("cp::engine", "must be an object"),
    QT_TRANSLATE_NOOP("cp::engine", "is out of range"),
    QT_TRANSLATE_NOOP("cp::engine", "must be a whole number"),
    QT_TRANSLATE_NOOP("cp::engine", "must be a number"),
    QT_TRANSLATE_NOOP("cp::engine", "must be true or false"),
    QT_TRANSLATE_NOOP("cp::engine", "'%1' is not one of: %2"),
    QT_TRANSLATE_NOOP("cp::engine", "must be a string"),
    QT_TRANSLATE_NOOP("cp::engine", "unknown model preset '%1' (see 'clusterplan-cli catalog models')"),
    QT_TRANSLATE_NOOP("cp::engine", "must be a size in billions of parameters, above 0 and at most 100000"),
    QT_TRANSLATE_NOOP("cp::engine", "unknown GPU '%1' (see 'clusterplan-cli catalog gpus')"),
    QT_TRANSLATE_NOOP("cp::engine", "must be a positive number of bytes"),
    QT_TRANSLATE_NOOP("cp::engine", "unknown fabric '%1' (see 'clusterplan-cli catalog fabrics')"),
    QT_TRANSLATE_NOOP("cp::engine", "a scenario must be a JSON object"),
    QT_TRANSLATE_NOOP("cp::engine", "unknown key (did you mean '%1'?)"),
    QT_TRANSLATE_NOOP("cp::engine", "unknown key (valid keys here: %1)"),
    // the file itself and its JSON syntax (io/read_reasons.h, kReadReasons)
    QT_TRANSLATE_NOOP("cp::engine", "is a directory, not a file"),
    QT_TRANSLATE_NOOP("cp::engine", "is a named pipe (FIFO), not a regular file"),
    QT_TRANSLATE_NOOP("cp::engine", "is a character device (such as /dev/zero), not a regular file"),
    QT_TRANSLATE_NOOP("cp::engine", "is a block device, not a regular file"),
    QT_TRANSLATE_NOOP("cp::engine", "is a socket, not a regular file"),
    QT_TRANSLATE_NOOP("cp::engine", "is not a regular file"),
    QT_TRANSLATE_NOOP("cp::engine", "is %1 MiB, more than the limit of %2 MiB for this file"),
    QT_TRANSLATE_NOOP("cp::engine", "grew past the limit of %1 MiB for this file while it was read"),
    QT_TRANSLATE_NOOP("cp::engine", "cannot read: %1"),
    QT_TRANSLATE_NOOP("cp::engine", "line %1, column %2"),
    QT_TRANSLATE_NOOP("cp::engine", "not valid JSON: syntax error while parsing %1 - %2; last read: '%3'"),
    QT_TRANSLATE_NOOP("cp::engine", "not valid JSON: syntax error while parsing %1 - %2; last read: '%3'; expected %4"),
    QT_TRANSLATE_NOOP("cp::engine", "not valid JSON: syntax error while parsing %1 - unexpected %2"),
    QT_TRANSLATE_NOOP("cp::engine", "not valid JSON: syntax error while parsing %1 - unexpected %2; expected %3"),
    QT_TRANSLATE_NOOP("cp::engine", "not valid JSON: syntax error while parsing %1 - invalid string: control character %2 must be escaped to %3; last read: '%4'"),
    QT_TRANSLATE_NOOP("cp::engine", "not valid JSON: syntax error while parsing %1 - invalid string: control character %2 must be escaped to %3; last read: '%4'; expected %5"),
    QT_TRANSLATE_NOOP("cp::engine", "not valid JSON: %1"),
    // phrases put into the reasons (kProblemPhrases)
    QT_TRANSLATE_NOOP("cp::engine", "hidden size (set head_dim for other head sizes)"),
    QT_TRANSLATE_NOOP("cp::engine", "attention heads"),
    QT_TRANSLATE_NOOP("cp::engine", "key/value heads"),
    QT_TRANSLATE_NOOP("cp::engine", "FFN size"),
    QT_TRANSLATE_NOOP("cp::engine", "expert FFN size"),
    QT_TRANSLATE_NOOP("cp::engine", "tokens per sequence (CP needs 2 x CP chunks)"),
    QT_TRANSLATE_NOOP("cp::engine", "experts"),
    QT_TRANSLATE_NOOP("cp::engine", "ranks of DP x CP (EP splits experts inside DP x CP)"),
    QT_TRANSLATE_NOOP("cp::engine", "GPUs of a pipeline stage, TP x DP x CP (EP x ETP must divide them)"),
    QT_TRANSLATE_NOOP("cp::engine", "a bandwidth in bytes/s"),
    QT_TRANSLATE_NOOP("cp::engine", "a line rate in Gb/s"),
    QT_TRANSLATE_NOOP("cp::engine", "a latency in seconds"),
    QT_TRANSLATE_NOOP("cp::engine", "a capacity in bytes"),
    QT_TRANSLATE_NOOP("cp::engine", "a peak in FLOP/s"),
    QT_TRANSLATE_NOOP("cp::engine", "0 (no FP8 units) or a peak in FLOP/s"),
    QT_TRANSLATE_NOOP("cp::engine", "0 (half of BF16) or a peak in FLOP/s"),
    QT_TRANSLATE_NOOP("cp::engine", "0 (PCIe) or a bandwidth in bytes/s"),
    QT_TRANSLATE_NOOP("cp::engine", "a power in watts"),
    QT_TRANSLATE_NOOP("cp::engine", "kg CO2 per kWh"),
    QT_TRANSLATE_NOOP("cp::engine", "an exchange rate"),
    QT_TRANSLATE_NOOP("cp::engine", "a price per kWh"),
    QT_TRANSLATE_NOOP("cp::engine", "a time in years"),
    QT_TRANSLATE_NOOP("cp::engine", "a size in bytes"),
    QT_TRANSLATE_NOOP("cp::engine", "a time in seconds"),
    QT_TRANSLATE_NOOP("cp::engine", "rent"),
    QT_TRANSLATE_NOOP("cp::engine", "cloud"),
    QT_TRANSLATE_NOOP("cp::engine", "purchase"),
    // phrases put into the file reasons (io/read_reasons.h, kReadPhrases)
    QT_TRANSLATE_NOOP("cp::engine", "value"),
    QT_TRANSLATE_NOOP("cp::engine", "object key"),
    QT_TRANSLATE_NOOP("cp::engine", "object separator"),
    QT_TRANSLATE_NOOP("cp::engine", "object"),
    QT_TRANSLATE_NOOP("cp::engine", "array"),
    QT_TRANSLATE_NOOP("cp::engine", "true literal"),
    QT_TRANSLATE_NOOP("cp::engine", "false literal"),
    QT_TRANSLATE_NOOP("cp::engine", "null literal"),
    QT_TRANSLATE_NOOP("cp::engine", "string literal"),
    QT_TRANSLATE_NOOP("cp::engine", "number literal"),
    QT_TRANSLATE_NOOP("cp::engine", "end of input"),
    QT_TRANSLATE_NOOP("cp::engine", "'[', '{', or a literal"),
    QT_TRANSLATE_NOOP("cp::engine", "unknown token"),
    QT_TRANSLATE_NOOP("cp::engine", "invalid literal"),
    QT_TRANSLATE_NOOP("cp::engine", "invalid string: missing closing quote"),
    QT_TRANSLATE_NOOP("cp::engine", "invalid string: ill-formed UTF-8 byte"),
    QT_TRANSLATE_NOOP("cp::engine", "invalid string: '\\u' must be followed by 4 hex digits"),
    QT_TRANSLATE_NOOP("cp::engine", "invalid string: surrogate U+D800..U+DBFF must be followed by U+DC00..U+DFFF"),
    QT_TRANSLATE_NOOP("cp::engine", "invalid string: surrogate U+DC00..U+DFFF must follow U+D800..U+DBFF"),
    QT_TRANSLATE_NOOP("cp::engine", "invalid string: forbidden character after backslash"),
    QT_TRANSLATE_NOOP("cp::engine", "invalid comment; missing closing '*/'"),
    QT_TRANSLATE_NOOP("cp::engine", "invalid comment; expecting '/' or '*' after '/'"),
    QT_TRANSLATE_NOOP("cp::engine", "invalid number; expected digit after '-'"),
    QT_TRANSLATE_NOOP("cp::engine", "invalid number; expected digit after '.'"),
    QT_TRANSLATE_NOOP("cp::engine", "invalid number; expected '+', '-', or digit after exponent"),
    QT_TRANSLATE_NOOP("cp::engine", "invalid number; expected digit after exponent sign"),
    QT_TRANSLATE_NOOP("cp::engine", "invalid BOM; must be 0xEF 0xBB 0xBF if given"),
    QT_TRANSLATE_NOOP("cp::engine", "No such file or directory"),
    QT_TRANSLATE_NOOP("cp::engine", "Permission denied"),
    QT_TRANSLATE_NOOP("cp::engine", "Not a directory"),
    QT_TRANSLATE_NOOP("cp::engine", "Too many levels of symbolic links"),
    QT_TRANSLATE_NOOP("cp::engine", "File name too long"),
    QT_TRANSLATE_NOOP("cp::engine", "Input/output error"),
    QT_TRANSLATE_NOOP("cp::engine", "Is a directory"),
    // formulas (engine/explain.cpp)
    QT_TRANSLATE_NOOP("cp::engine", "memory = weights + gradients + optimizer states + activations + loss/logits + ZeRO-3 working set + communication buffers + fp8 weight copies + TP-overlap buffers + CP ring buffers + cuBLAS workspaces + framework + fragmentation"),
    QT_TRANSLATE_NOOP("cp::engine", "headroom = GPU capacity - memory per GPU (negative: does not fit)"),
    QT_TRANSLATE_NOOP("cp::engine", "step = (compute + exposed TP + PP + DP + EP + CP + bubble + optimizer) x site calibration"),
    QT_TRANSLATE_NOOP("cp::engine", "tokens/s = global batch x sequence length / step time"),
    QT_TRANSLATE_NOOP("cp::engine", "MFU = model FLOPs per step / (step time x GPUs x peak FLOP/s per GPU)"),
    QT_TRANSLATE_NOOP("cp::engine", "time = token budget / tokens/s / goodput (0 without a token budget)"),
    QT_TRANSLATE_NOOP("cp::engine", "IT = nodes x (GPUs per node x TDP x draw factor + node overhead) + switches + optics + storage"),
    QT_TRANSLATE_NOOP("cp::engine", "facility = IT power x PUE"),
    QT_TRANSLATE_NOOP("cp::engine", "per month = (hardware + network and storage + capital + support + facility + bandwidth + storage + services + electricity) x (1 + VAT)"),
    QT_TRANSLATE_NOOP("cp::engine", "per run = months billed x cost per month; months = real time to train / 730 h (whole months when the list bills by the month)"),
    //: joins the last two numbers of a list in a validation message: "TP 1, 2 or 4"
    QT_TRANSLATE_NOOP("cp::engine", " or "),
};

QString translated(const std::string& english) {
  return QCoreApplication::translate(kContext, english.c_str());
}

// An argument of a reason: a phrase of the catalogue, a list of numbers ("1, 2 or 4"), or a
// number or a name as it is.
QString argument(const std::string& a) {
  static const QRegularExpression numberList(QStringLiteral("^[0-9]+(, [0-9]+)* or [0-9]+$"));
  QString text = QString::fromStdString(a);
  if (numberList.match(text).hasMatch()) return text.replace(QStringLiteral(" or "), translated(" or "));
  return translated(a);
}

}  // namespace

QString engineText(std::string_view english) { return translated(std::string(english)); }

QString problemMessage(const cp::Problem& p) {
  if (p.reason.empty()) return QString::fromStdString(p.message);
  // The engine's own filling (cp::fill_reason), on the translated template and arguments.
  std::vector<std::string> args;
  args.reserve(p.args.size());
  for (const std::string& a : p.args) args.push_back(argument(a).toStdString());
  return QString::fromStdString(cp::fill_reason(engineText(p.reason).toStdString(), args));
}

namespace {

// The problem's key: a position in a JSON file ("line 3, column 11", reasons::json_position
// filled by the reader) in the GUI's language, any other key as it is.
QString problemKey(const std::string& field) {
  static const QRegularExpression position(QStringLiteral("^line ([0-9]+), column ([0-9]+)$"));
  QString key = QString::fromStdString(field);  // returned as it is: not const, so it moves
  const QRegularExpressionMatch m = position.match(key);
  if (!m.hasMatch()) return key;
  return QString::fromStdString(cp::fill_reason(engineText(cp::reasons::json_position).toStdString(),
                                                {m.captured(1).toStdString(), m.captured(2).toStdString()}));
}

}  // namespace

QString problemText(const cp::Problem& p) {
  const QString key = problemKey(p.field);
  if (const cp::FieldInfo* f = cp::find_field(p.field))
    //: a validation problem: the input's label, its key in the scenario file, what is wrong with it
    return QCoreApplication::translate("cp::engine", "%1 — %2: %3").arg(fieldLabel(*f), key, problemMessage(p));
  //: a validation problem: the key in the scenario file, then what is wrong with it
  return QCoreApplication::translate("cp::engine", "%1: %2").arg(key, problemMessage(p));
}

QString formulaText(const cp::Explanation& x) { return engineText(x.formula); }

namespace {

// A parameter count in a name: "70.6B" as the engine writes it; "706 亿" in Chinese.
QString paramsText(double params) {
  if (QLocale().language() == QLocale::Chinese) return formatLarge(params, 0);
  return QString::fromStdString(cp::params_text(params));
}

}  // namespace

QString derivedModelName(const cp::Scenario& s) {
  const double params = cp::count_params(s.model).total;
  if (s.model_derived)
    //: a scenario's derived name: a standard shape derived from a size alone, e.g. "70B model (derived)"
    return QCoreApplication::translate("cp::engine", "%1 model (derived)").arg(paramsText(params));
  if (const cp::ModelPreset* p = cp::find_model_preset(s.model_id))
    return QString::fromUtf8(p->name.data(), qsizetype(p->name.size()));
  //: a scenario's derived name: a model shape typed by the user, by its size, e.g. "Custom 70.6B model"
  return QCoreApplication::translate("cp::engine", "Custom %1 model").arg(paramsText(params));
}

QString shortFabricName(const cp::FabricSpec& f) {
  // The engine's short name ("RoCE 400G tuned"), its tuning (after the catalog name's comma)
  // translated as fabricName() translates it.
  QString english = QString::fromStdString(cp::short_fabric_name(f));  // not const: returned, it moves
  const QString name = QString::fromStdString(f.name);
  const qsizetype comma = name.indexOf(QLatin1String(", "));
  if (comma < 0) return english;
  const QString tuning = name.mid(comma + 2);
  if (!english.endsWith(QLatin1Char(' ') + tuning)) return english;
  //: a fabric in a scenario's derived name: its short name, then its tuning: "RoCE 400G tuned"
  return QCoreApplication::translate("cp::engine", "%1 %2", "fabric and tuning")
      .arg(english.left(english.size() - tuning.size() - 1),
           QCoreApplication::translate("cp::ui::Terms", tuning.toUtf8().constData()));
}

QString scenarioDisplayName(const cp::Scenario& s) {
  return cp::name_is_derived(s) ? derivedScenarioName(s) : QString::fromStdString(s.name);
}

QString derivedScenarioName(const cp::Scenario& s) {
  const QString model = derivedModelName(s);
  const QString gpus = QString::number(s.cluster.total_gpus());
  const QString gpu = QString::fromStdString(s.cluster.gpu.name);
  if (s.cluster.nodes > 1)
    //: a scenario's derived name: model, GPU count, GPU, fabric: "LLaMA-65B on 32x A100 80GB SXM, IB HDR"
    return QCoreApplication::translate("cp::engine", "%1 on %2x %3, %4").arg(model, gpus, gpu, shortFabricName(s.cluster.fabric));
  //: a scenario's derived name on one node (no fabric): "Llama 3 8B on 8x H100 SXM 80GB"
  return QCoreApplication::translate("cp::engine", "%1 on %2x %3").arg(model, gpus, gpu);
}

}  // namespace cp::ui
