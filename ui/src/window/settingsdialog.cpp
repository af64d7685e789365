#include "ui/window/settingsdialog.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QTranslator>

#include "ui/text/i18n.h"
#include "ui/preferences.h"
#include "ui/scenariodocument.h"
#include "ui/theme.h"
#include "ui/text/units.h"

namespace cp::ui {
namespace {

const Preference<QString> kLanguage{"ui/language"};

}  // namespace

QString savedLanguage() { return kLanguage.get(); }
void saveLanguage(const QString& language) { kLanguage.set(language); }

bool switchLanguage(const QString& language) {
  auto* app = QCoreApplication::instance();
  if (!app) return false;
  for (QTranslator* t : app->findChildren<QTranslator*>()) {
    QCoreApplication::removeTranslator(t);
    delete t;
  }
  if (language.isEmpty()) QLocale::setDefault(QLocale::system());
  const bool ok = installTranslations(*app, language);
  // Widgets that format numbers redraw on the locale change.
  for (QWidget* w : QApplication::allWidgets()) {
    QEvent change(QEvent::LocaleChange);
    QCoreApplication::sendEvent(w, &change);
  }
  return ok;
}

SettingsDialog::SettingsDialog(ScenarioDocument* document, QWidget* parent) : QDialog(parent), document_(document) {
  setObjectName(QStringLiteral("settingsDialog"));
  setWindowTitle(tr("Settings"));
  language_ = new QComboBox;
  language_->addItem(tr("Follow the system"), QString());
  language_->addItem(tr("English"), QStringLiteral("en"));
  language_->addItem(QStringLiteral("简体中文"), QStringLiteral("zh_CN"));  // its own name, in every language
  language_->setCurrentIndex(std::max(0, language_->findData(savedLanguage())));

  theme_ = new QComboBox;
  for (Theme t : {Theme::System, Theme::Light, Theme::Dark}) theme_->addItem(themeName(t), int(t));
  theme_->setCurrentIndex(theme_->findData(int(currentTheme())));

  memory_ = new QComboBox;
  memory_->addItem(tr("GiB (2^30 bytes)"), int(MemoryUnit::GiB));
  memory_->addItem(tr("GB (10^9 bytes)"), int(MemoryUnit::GB));
  memory_->setCurrentIndex(memory_->findData(int(memoryUnit())));

  power_ = new QComboBox;
  power_->addItem(tr("kW"), int(PowerUnit::Kw));
  power_->addItem(tr("BTU/h"), int(PowerUnit::BtuPerHour));
  power_->addItem(tr("Tons of refrigeration"), int(PowerUnit::Tons));
  power_->setCurrentIndex(power_->findData(int(powerUnit())));

  currency_ = new QComboBox;
  currency_->addItem(tr("CNY"), int(cp::Currency::Cny));
  currency_->addItem(tr("USD"), int(cp::Currency::Usd));
  currency_->setCurrentIndex(currency_->findData(int(document_->scenario().assumptions.currency)));

  auto* form = new QFormLayout(this);
  form->addRow(tr("Language"), language_);
  form->addRow(tr("Theme"), theme_);
  form->addRow(tr("Memory in"), memory_);
  form->addRow(tr("Power and cooling in"), power_);
  form->addRow(tr("Currency of this scenario"), currency_);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel);
  connect(buttons, &QDialogButtonBox::accepted, this, &SettingsDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &SettingsDialog::reject);
  form->addRow(buttons);
}

void SettingsDialog::accept() {
  setMemoryUnit(MemoryUnit(memory_->currentData().toInt()));
  setPowerUnit(PowerUnit(power_->currentData().toInt()));
  const Theme theme = Theme(theme_->currentData().toInt());
  saveTheme(theme);
  if (theme != currentTheme()) applyTheme(theme);
  const auto currency = cp::Currency(currency_->currentData().toInt());
  if (currency != document_->scenario().assumptions.currency)
    document_->edit(tr("Change the currency"), QStringLiteral("assumptions.currency"),
                    [currency](cp::Scenario& s) { s.assumptions.currency = currency; });
  else
    document_->apply(document_->scenario());  // the units changed: redraw the figures
  const QString language = language_->currentData().toString();
  if (language != savedLanguage()) {
    saveLanguage(language);
    switchLanguage(language);
  }
  QDialog::accept();
}

}  // namespace cp::ui
