// Settings: the language (follow the system, English, 简体中文), the theme (theme.h), the units
// (units.h) and the scenario's currency (CNY or USD: an input of the scenario, so the engine
// prices in it; the change is one undoable edit). Language, theme and units are kept in the
// settings and applied at once; numbers, dates and money follow the language's locale.
#pragma once

#include <QDialog>
#include <QString>

class QComboBox;

namespace cp::ui {

class ScenarioDocument;

// The saved language: "" (the system's), "en" or "zh_CN".
QString savedLanguage();
void saveLanguage(const QString& language);
// Replaces the installed translations with those of `language` ("" = the system's) and sets the
// default locale; every window retranslates itself (QEvent::LanguageChange).
bool switchLanguage(const QString& language);

class SettingsDialog : public QDialog {
  Q_OBJECT

 public:
  explicit SettingsDialog(ScenarioDocument* document, QWidget* parent = nullptr);

  QComboBox* languageBox() const { return language_; }
  QComboBox* themeBox() const { return theme_; }
  QComboBox* memoryBox() const { return memory_; }
  QComboBox* powerBox() const { return power_; }
  QComboBox* currencyBox() const { return currency_; }

  void accept() override;  // applies and saves the choices

 private:
  ScenarioDocument* document_;
  QComboBox* language_ = nullptr;
  QComboBox* theme_ = nullptr;
  QComboBox* memory_ = nullptr;
  QComboBox* power_ = nullptr;
  QComboBox* currency_ = nullptr;
};

}  // namespace cp::ui
