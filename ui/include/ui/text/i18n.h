// Everything the GUI says about the engine's enums and warnings, translated, and the loading
// of translations. The engine's own messages stay English (CLI, logs); the GUI words them
// again here from the warning codes and numbers, so that they can be translated.
#pragma once

#include <QLocale>
#include <QObject>
#include <QString>
#include <QStringList>

#include "engine/enums.h"
#include "engine/fields.h"
#include "engine/warnings.h"
#include "ui/memorycomponent.h"

class QCoreApplication;
class QEvent;
class QMainWindow;

namespace cp::ui {

QString componentName(MemoryComponent c);         // "Weights"
QString componentDescription(MemoryComponent c);  // what the component holds (tooltips)

QString precisionName(cp::Precision p);
QString optimizerName(cp::Optimizer o);
QString recomputeName(cp::Recompute r);
QString zeroName(cp::Zero z);
QString stackName(cp::SoftwareStack s);
QString deploymentName(cp::Deployment d);
QString attentionKernelName(cp::AttentionKernel k);
QString gradDtypeName(cp::GradDtype g);
QString recomputeModulesName(cp::RecomputeModules m);
// The names of a choice row's values (engine/fields.h), in the enum's order, in the current
// language: the enum's names above where the row's spellings are that enum's, else its spellings.
QStringList choiceNames(const cp::FieldInfo& f);

QString warningText(const cp::Warning& w);

// A fabric of the catalog by its name: the product name as it is ("RoCEv2 200 Gb/s", a brand and
// a rate), the tuning after the comma translated ("untuned", "tuned", "tuned at hyperscale").
QString fabricName(const std::string& catalogName);

// Bytes shown in GiB (2^30 bytes) with the unit, in the current default locale: "38.9 GiB".
QString formatGiB(double bytes, int decimals = 1);

// The languages with a translation embedded under :/i18n/, plus "en" (the source language).
QStringList availableLanguages();

// Installs the translation for `language` ("zh_CN", "en", ...) on `app` and makes its locale the
// default for number formatting. An empty `language` follows the system's UI languages
// (LANGUAGE, LC_ALL, LC_MESSAGES, LANG). Returns false when no translation matches a language
// that was asked for by name; the GUI then stays in English.
bool installTranslations(QCoreApplication& app, const QString& language);

// The owner of some menu actions of a main window, which keeps their texts in the current
// language: a subclass creates its actions, then calls retranslate() once; each LanguageChange
// event on the window calls it again. Owned by the window.
class WindowActions : public QObject {
 public:
  explicit WindowActions(QMainWindow* window);

 protected:
  virtual void retranslate() = 0;
  QMainWindow* window() const { return window_; }
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  QMainWindow* window_;
};

}  // namespace cp::ui
