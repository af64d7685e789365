#include "ui/text/i18n.h"

#include <QCoreApplication>
#include <QDir>
#include <QEvent>
#include <QLibraryInfo>
#include <QMainWindow>
#include <QTranslator>

#include "engine/units.h"
#include "ui/text/terms.h"
#include "ui/text/units.h"

namespace cp::ui {
namespace {

QString count(double v) { return QLocale().toString(v, 'f', 0); }

}  // namespace

QString componentName(MemoryComponent c) {
  switch (c) {
    case MemoryComponent::Weights: return QCoreApplication::translate("cp::ui::Terms", "Weights");
    case MemoryComponent::Gradients: return QCoreApplication::translate("cp::ui::Terms", "Gradients");
    case MemoryComponent::Optimizer: return QCoreApplication::translate("cp::ui::Terms", "Optimizer states");
    case MemoryComponent::Activations: return QCoreApplication::translate("cp::ui::Terms", "Activations");
    case MemoryComponent::Other: return QCoreApplication::translate("cp::ui::Terms", "Other");
  }
  return {};
}

QString componentDescription(MemoryComponent c) {
  switch (c) {
    case MemoryComponent::Weights:
      return QCoreApplication::translate("cp::ui::Terms", "The copy of the weights that the forward and backward passes read");
    case MemoryComponent::Gradients:
      return QCoreApplication::translate("cp::ui::Terms", "The gradient buffer");
    case MemoryComponent::Optimizer:
      return QCoreApplication::translate("cp::ui::Terms", "Master weights and optimizer moments, after ZeRO sharding");
    case MemoryComponent::Activations:
      return QCoreApplication::translate("cp::ui::Terms",
                                         "Activations stored for the backward pass, for every micro-batch in flight");
    case MemoryComponent::Other:
      return QCoreApplication::translate(
          "cp::ui::Terms",
          "Loss and logits buffers, communication buffers, the frameworks' buffers and workspaces, CUDA context and "
          "allocator fragmentation");
  }
  return {};
}

QString precisionName(cp::Precision p) {
  switch (p) {
    case cp::Precision::Fp32: return QCoreApplication::translate("cp::ui::Terms", "fp32");
    case cp::Precision::Bf16: return QCoreApplication::translate("cp::ui::Terms", "bf16 mixed precision");
    case cp::Precision::Fp16: return QCoreApplication::translate("cp::ui::Terms", "fp16 mixed precision");
    case cp::Precision::Fp8: return QCoreApplication::translate("cp::ui::Terms", "fp8 with bf16 master weights");
  }
  return {};
}

QString optimizerName(cp::Optimizer o) {
  switch (o) {
    case cp::Optimizer::Adam: return QCoreApplication::translate("cp::ui::Terms", "Adam");
    case cp::Optimizer::Sgd: return QCoreApplication::translate("cp::ui::Terms", "SGD with momentum");
    case cp::Optimizer::Adam8bit: return QCoreApplication::translate("cp::ui::Terms", "8-bit Adam");
  }
  return {};
}

QString recomputeName(cp::Recompute r) {
  switch (r) {
    case cp::Recompute::None: return QCoreApplication::translate("cp::ui::Terms", "no recomputation");
    case cp::Recompute::Selective: return QCoreApplication::translate("cp::ui::Terms", "selective recomputation");
    case cp::Recompute::Full: return QCoreApplication::translate("cp::ui::Terms", "full recomputation");
  }
  return {};
}

QString zeroName(cp::Zero z) {
  switch (z) {
    case cp::Zero::Stage0: return QCoreApplication::translate("cp::ui::Terms", "no ZeRO");
    case cp::Zero::Stage1: return QCoreApplication::translate("cp::ui::Terms", "ZeRO-1");
    case cp::Zero::Stage2: return QCoreApplication::translate("cp::ui::Terms", "ZeRO-2");
    case cp::Zero::Stage3: return QCoreApplication::translate("cp::ui::Terms", "ZeRO-3 (FSDP)");
    case cp::Zero::DistributedOptimizer:
      return QCoreApplication::translate("cp::ui::Terms", "Megatron distributed optimizer");
  }
  return {};
}

QString stackName(cp::SoftwareStack s) {
  switch (s) {
    case cp::SoftwareStack::MegatronCore: return QCoreApplication::translate("cp::ui::Terms", "Megatron-Core");
    case cp::SoftwareStack::MegatronLm: return QCoreApplication::translate("cp::ui::Terms", "Megatron-LM (2021-23)");
    case cp::SoftwareStack::MegatronDeepSpeed: return QCoreApplication::translate("cp::ui::Terms", "Megatron-DeepSpeed");
    case cp::SoftwareStack::PyTorchEager: return QCoreApplication::translate("cp::ui::Terms", "PyTorch, eager");
    case cp::SoftwareStack::PyTorchCompile: return QCoreApplication::translate("cp::ui::Terms", "PyTorch, torch.compile");
    case cp::SoftwareStack::Auto:
      return QCoreApplication::translate("cp::ui::Terms", "Not stated (priced as Megatron-Core)");
  }
  return {};
}

QString deploymentName(cp::Deployment d) {
  switch (d) {
    case cp::Deployment::Typical:
      return QCoreApplication::translate("cp::ui::Terms", "Typical (any cluster and software)");
    case cp::Deployment::Vendor:
      return QCoreApplication::translate("cp::ui::Terms", "Vendor recipe (NVIDIA's reference clusters)");
  }
  return {};
}

QString attentionKernelName(cp::AttentionKernel k) {
  switch (k) {
    case cp::AttentionKernel::Auto: return QCoreApplication::translate("cp::ui::Terms", "the stack's own");
    case cp::AttentionKernel::Native: return QCoreApplication::translate("cp::ui::Terms", "the GPU's newest");
    case cp::AttentionKernel::Flash2: return QCoreApplication::translate("cp::ui::Terms", "FlashAttention-2");
    case cp::AttentionKernel::Triton: return QCoreApplication::translate("cp::ui::Terms", "Triton (2022-23)");
    case cp::AttentionKernel::Flash1: return QCoreApplication::translate("cp::ui::Terms", "FlashAttention 1");
  }
  return {};
}

QString gradDtypeName(cp::GradDtype g) {
  switch (g) {
    case cp::GradDtype::Auto:
      return QCoreApplication::translate("cp::ui::Terms", "as the frameworks do (fp32; 16-bit for fp16)");
    case cp::GradDtype::Fp32: return QStringLiteral("fp32");
    case cp::GradDtype::Bf16: return QStringLiteral("bf16");
  }
  return {};
}

// "none", or the recomputed modules in the spelling's order.
QString recomputeModulesName(cp::RecomputeModules m) {
  if (m == cp::RecomputeModules::None) return QCoreApplication::translate("cp::ui::Terms", "none");
  QStringList parts;
  if (cp::has(m, cp::RecomputeModules::Layernorm)) parts << QCoreApplication::translate("cp::ui::Terms", "norms");
  if (cp::has(m, cp::RecomputeModules::Act)) parts << QCoreApplication::translate("cp::ui::Terms", "MLP activation");
  if (cp::has(m, cp::RecomputeModules::MlaUpProj))
    parts << QCoreApplication::translate("cp::ui::Terms", "MLA up-projections");
  return parts.join(QCoreApplication::translate("cp::ui::Terms", ", "));
}

namespace {

// Calls `each(i, word)` for every value of the choice row `f`, in the enum's order (an enum's
// to_string says "?" past its last value; no choice has anywhere near kMaxChoices).
template <class Each>
void forEachWord(const cp::FieldInfo& f, Each each) {
  constexpr int kMaxChoices = 256;
  cp::Scenario probe;
  for (int i = 0; i < kMaxChoices; ++i) {
    f.set(probe, i);
    const std::string_view word = f.word(probe);
    if (word == "?") return;
    each(i, word);
  }
}

// The names of `f`'s values when its spellings are those of enum E, named by `name`.
template <class E, class Name>
bool namesOf(const cp::FieldInfo& f, Name name, QStringList& out) {
  QStringList names;
  bool same = true;
  forEachWord(f, [&](int i, std::string_view word) {
    same = same && word == cp::to_string(E(i));
    names << name(E(i));
  });
  if (!same || cp::to_string(E(names.size())) != "?") return false;
  out = names;
  return true;
}

}  // namespace

QStringList choiceNames(const cp::FieldInfo& f) {
  QStringList names;
  if (namesOf<cp::Precision>(f, precisionName, names) || namesOf<cp::Optimizer>(f, optimizerName, names) ||
      namesOf<cp::Recompute>(f, recomputeName, names) || namesOf<cp::Zero>(f, zeroName, names) ||
      namesOf<cp::SoftwareStack>(f, stackName, names) || namesOf<cp::AttentionKernel>(f, attentionKernelName, names) ||
      namesOf<cp::Deployment>(f, deploymentName, names) || namesOf<cp::Topology>(f, topologyName, names) ||
      namesOf<cp::GradDtype>(f, gradDtypeName, names) || namesOf<cp::RecomputeModules>(f, recomputeModulesName, names))
    return names;
  forEachWord(f, [&](int, std::string_view word) { names << QString::fromUtf8(word.data(), qsizetype(word.size())); });
  return names;
}

QString warningText(const cp::Warning& w) {
  switch (w.code) {
    case cp::WarningCode::UnevenPipeline:
      return QCoreApplication::translate("cp::ui::Terms",
                                         "%1 layers do not divide evenly over %2 pipeline stages: the heaviest "
                                         "stage sets memory and step time")
          .arg(count(w.v1), count(w.v2));
    case cp::WarningCode::FewMicroBatches:
      return QCoreApplication::translate("cp::ui::Terms",
                                         "Only %1 micro-batches per step for %2 pipeline stages: the pipeline "
                                         "never fills")
          .arg(count(w.v1), count(w.v2));
    case cp::WarningCode::DoesNotFit:
      return QCoreApplication::translate("cp::ui::Terms", "Needs %1 per GPU but the GPU has %2")
          .arg(formatGiB(w.v1), formatGiB(w.v2));
    case cp::WarningCode::SequenceParallelNoEffect:
      return QCoreApplication::translate("cp::ui::Terms", "Sequence parallelism has no effect with TP = 1");
    case cp::WarningCode::DerivedModelShape:
      return QCoreApplication::translate("cp::ui::Terms",
                                         "The architecture is a standard shape derived from a size of %1 "
                                         "parameters, not a published model")
          .arg(QLocale().toString(w.v1 / 1e9, 'f', 1) + QStringLiteral(" B"));
    case cp::WarningCode::UnevenChunks:
      return QCoreApplication::translate("cp::ui::Terms",
                                         "%1 layers per stage do not split evenly into %2 interleaved chunks")
          .arg(count(w.v1), count(w.v2));
    case cp::WarningCode::InterleaveRemainder:
      return QCoreApplication::translate("cp::ui::Terms",
                                         "%1 micro-batches is not a multiple of %2 stages: older Megatron-LM "
                                         "versions refuse this interleaved schedule")
          .arg(count(w.v1), count(w.v2));
    case cp::WarningCode::SwitchTooSmall:
      return QCoreApplication::translate("cp::ui::Terms",
                                         "A single switch has %1 ports but the cluster has %2 NIC ports: sized "
                                         "as a two-tier fat tree")
          .arg(count(w.v2), count(w.v1));
    case cp::WarningCode::OutsideCalibratedRange:
      return QCoreApplication::translate("cp::ui::Terms",
                                         "Few or no published runs back this GPU, fabric or model family (the "
                                         "calibration set is A100 and H100 SXM on InfiniBand, dense models): the "
                                         "uncertainty band is doubled");
    case cp::WarningCode::SiteCalibrated:
      return QCoreApplication::translate("cp::ui::Terms",
                                         "Step time scaled by %1 from a measured pilot step (site calibration)")
          .arg(QLocale().toString(w.v1, 'f', 3));
    case cp::WarningCode::PriceListStale: {
      const QString list = paymentName(cp::Payment(int(w.v1)));
      if (w.v2 < 0)
        return QCoreApplication::translate("cp::ui::Terms",
                                           "The price list for %1 has no date: its prices cannot be judged current")
            .arg(list);
      const int date = int(w.v2);
      return QCoreApplication::translate("cp::ui::Terms",
                                         "The price list for %1 is dated %2, %3 months before this build (more than "
                                         "%4): its prices may no longer hold; choose a newer list")
          .arg(list, QStringLiteral("%1-%2").arg(date / 12).arg(date % 12 + 1, 2, 10, QLatin1Char('0')), count(w.v3))
          .arg(cp::kPriceListStaleMonths);
    }
    default:
      // A code added to the engine after this list: its English message until it is worded here.
      break;
  }
  return QString::fromStdString(cp::warning_message(w));
}

QString fabricName(const std::string& catalogName) {
  static const char* const kTunings[] = {QT_TRANSLATE_NOOP("cp::ui::Terms", "untuned"),
                                         QT_TRANSLATE_NOOP("cp::ui::Terms", "tuned"),
                                         QT_TRANSLATE_NOOP("cp::ui::Terms", "tuned at hyperscale")};
  QString name = QString::fromStdString(catalogName);  // not const: returned, it moves
  const qsizetype comma = name.indexOf(QLatin1String(", "));
  if (comma < 0) return name;
  const QString tuning = name.mid(comma + 2);
  for (const char* t : kTunings)
    if (tuning == QLatin1String(t))
      return QCoreApplication::translate("cp::ui::Terms", "%1, %2")
          .arg(name.left(comma), QCoreApplication::translate("cp::ui::Terms", t));
  return name;
}

QString formatGiB(double bytes, int decimals) {
  if (memoryUnit() == MemoryUnit::GB)
    return QCoreApplication::translate("cp::ui::Terms", "%1 GB").arg(QLocale().toString(bytes / 1e9, 'f', decimals));
  return QStringLiteral("%1 GiB").arg(QLocale().toString(bytes / cp::units::GiB, 'f', decimals));
}

QStringList availableLanguages() {
  QStringList languages{QStringLiteral("en")};
  const QStringList files = QDir(QStringLiteral(":/i18n")).entryList({QStringLiteral("clusterplan_*.qm")});
  for (const QString& file : files)
    languages << file.mid(int(qstrlen("clusterplan_")), file.size() - int(qstrlen("clusterplan_")) - 3);
  return languages;
}

bool installTranslations(QCoreApplication& app, const QString& language) {
  QLocale locale = QLocale::system();
  if (!language.isEmpty()) {
    const QLocale requested(language);
    if (requested.language() == QLocale::C) return language == QLatin1String("C");  // unknown name
    if (requested.language() == QLocale::English) {  // the source language
      QLocale::setDefault(requested);
      return true;
    }
    locale = requested;
  }

  auto* translator = new QTranslator(&app);
  // QTranslator::load(QLocale, ...) walks locale.uiLanguages(): "zh-Hans-CN", "zh-CN", "zh", ...
  if (!translator->load(locale, QStringLiteral("clusterplan"), QStringLiteral("_"), QStringLiteral(":/i18n"))) {
    delete translator;
    return language.isEmpty();  // no translation for the system's language is not an error
  }
  QCoreApplication::installTranslator(translator);
  if (!language.isEmpty()) QLocale::setDefault(locale);

  // Qt's own strings (standard buttons, command-line help), when the Qt translations are installed.
  auto* qtTranslator = new QTranslator(&app);
  if (qtTranslator->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                         QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
    QCoreApplication::installTranslator(qtTranslator);
  else
    delete qtTranslator;
  return true;
}

WindowActions::WindowActions(QMainWindow* window) : QObject(window), window_(window) {
  window->installEventFilter(this);
}

bool WindowActions::eventFilter(QObject* watched, QEvent* event) {
  if (watched == window_ && event->type() == QEvent::LanguageChange) retranslate();
  return false;
}

}  // namespace cp::ui
