// The offline user guide (issue 19 point 16): the README and docs/*.md, embedded in the program
// under :/help/ and rendered as Markdown in a QTextBrowser (no network: links to other pages of
// the guide stay inside it, a link to the web opens the system's browser), and the keyboard
// shortcuts of the main window's actions.
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

  // The guide's pages: resource paths ":/help/README.md", ":/help/docs/cli.md", ...
  static QStringList pages();
  // A page's title: its first "# " heading.
  static QString pageTitle(const QString& resourcePath);

  void showGuide();      // the README, the guide's first page
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
