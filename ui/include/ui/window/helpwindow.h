// Help: the user guide (resources/guide/guide.<language>.md: the tasks of the workbench, with
// pictures), the keyboard shortcuts of the main window's actions, and the reference pages of
// docs/ (the formulas, the planner, the file format; in English). Embedded in the program under
// :/help/ with their paths in the source tree, rendered as Markdown in a QTextBrowser: no network;
// links between the pages stay inside it, a link to the web opens the system's browser.
#pragma once

#include <QDialog>
#include <QPointer>
#include <QStringList>

class QListWidget;
class QTextBrowser;

namespace cp::ui {

class HelpWindow : public QDialog {
  Q_OBJECT

 public:
  // `shortcutsOf`: the window whose actions' shortcuts the shortcut list shows.
  explicit HelpWindow(QWidget* shortcutsOf, QWidget* parent = nullptr);

  // The user guide in `language` ("en", "zh_CN"): ":/help/resources/guide/guide.zh_CN.md"; the
  // English one for a language without its own.
  static QString guidePath(const QString& language);
  // The language of the guide that goes with the translation in use ("en" without one).
  static QString guideLanguage();
  // The reference pages: resource paths ":/help/docs/model.md", ...
  static QStringList pages();
  // A page's title: its first "# " heading.
  static QString pageTitle(const QString& resourcePath);

  void showGuide();      // the user guide, in the GUI's language
  void showShortcuts();  // the shortcut list
  QTextBrowser* browser() const { return browser_; }
  QListWidget* topics() const { return topics_; }
  // The shortcut list as HTML: one row per action with a shortcut, "Save as…  Ctrl+Shift+S".
  QString shortcutsHtml() const;

 protected:
  void changeEvent(QEvent* event) override;

 private:
  void retranslate();
  void showTopic(int row);

  QPointer<QWidget> shortcutsOf_;
  QListWidget* topics_ = nullptr;
  QTextBrowser* browser_ = nullptr;
};

}  // namespace cp::ui
