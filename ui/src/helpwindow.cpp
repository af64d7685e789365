#include "ui/helpwindow.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QDirIterator>
#include <QEvent>
#include <QFile>
#include <QHBoxLayout>
#include <QKeySequence>
#include <QListWidget>
#include <QRegularExpression>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>

namespace cp::ui {
namespace {

constexpr int kShortcutsRow = 0;  // the first topic; the guide's pages follow

// A menu text without its mnemonic ampersands and trailing dots: "&Save as…" -> "Save as…".
QString plainText(const QAction* a) {
  QString t = a->text();
  t.remove(QRegularExpression(QStringLiteral("&(?!&)")));
  return t;
}

}  // namespace

HelpWindow::HelpWindow(QWidget* shortcutsOf, QWidget* parent) : QDialog(parent), shortcutsOf_(shortcutsOf) {
  setObjectName(QStringLiteral("helpWindow"));
  topics_ = new QListWidget;
  topics_->setObjectName(QStringLiteral("helpTopics"));
  browser_ = new QTextBrowser;
  browser_->setObjectName(QStringLiteral("helpBrowser"));
  browser_->setOpenExternalLinks(true);  // http(s) links go to the system's browser, never fetched here
  browser_->setSearchPaths({QStringLiteral(":/help")});
  topics_->addItem(QString());  // the shortcuts, titled in retranslate()
  for (const QString& page : pages()) {
    auto* item = new QListWidgetItem(pageTitle(page), topics_);
    item->setData(Qt::UserRole, page);
  }
  auto* split = new QSplitter;
  split->addWidget(topics_);
  split->addWidget(browser_);
  split->setStretchFactor(1, 1);
  split->setSizes({220, 640});
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
  auto* v = new QVBoxLayout(this);
  v->addWidget(split, 1);
  v->addWidget(buttons);
  connect(topics_, &QListWidget::currentRowChanged, this, &HelpWindow::showTopic);
  resize(900, 640);
  retranslate();
}

QStringList HelpWindow::pages() {
  QStringList out{QStringLiteral(":/help/README.md")};
  QStringList docs;
  QDirIterator it(QStringLiteral(":/help/docs"), {QStringLiteral("*.md")});
  while (it.hasNext()) docs << it.next();
  docs.sort();
  return out + docs;
}

QString HelpWindow::pageTitle(const QString& resourcePath) {
  QFile f(resourcePath);
  if (f.open(QIODevice::ReadOnly | QIODevice::Text))
    while (!f.atEnd()) {
      const QString line = QString::fromUtf8(f.readLine()).trimmed();
      if (line.startsWith(QLatin1String("# "))) return line.mid(2);
    }
  return resourcePath.section(QLatin1Char('/'), -1);
}

void HelpWindow::showGuide() { topics_->setCurrentRow(kShortcutsRow + 1); }
void HelpWindow::showShortcuts() {
  if (topics_->currentRow() == kShortcutsRow) showTopic(kShortcutsRow);
  else topics_->setCurrentRow(kShortcutsRow);
}

void HelpWindow::showTopic(int row) {
  if (row == kShortcutsRow) {
    browser_->setHtml(shortcutsHtml());
    return;
  }
  const QListWidgetItem* item = topics_->item(row);
  if (!item) return;
  browser_->setSource(QUrl(QStringLiteral("qrc") + item->data(Qt::UserRole).toString()),
                      QTextDocument::MarkdownResource);
}

QString HelpWindow::shortcutsHtml() const {
  QString rows;
  QStringList seen;
  if (shortcutsOf_)
    for (const QAction* a : shortcutsOf_->findChildren<QAction*>()) {
      if (a->shortcuts().isEmpty() || a->text().isEmpty()) continue;
      QStringList keys;
      for (const QKeySequence& k : a->shortcuts()) keys << k.toString(QKeySequence::NativeText);
      const QString row = QStringLiteral("<tr><td>%1</td><td>&nbsp;&nbsp;<b>%2</b></td></tr>")
                              .arg(plainText(a).toHtmlEscaped(), keys.join(QStringLiteral(", ")).toHtmlEscaped());
      if (seen.contains(row)) continue;
      seen << row;
      rows += row;
    }
  return QStringLiteral("<h2>%1</h2><table>%2</table><p>%3</p>")
      .arg(tr("Keyboard shortcuts").toHtmlEscaped(), rows,
           tr("In a chart: right-click for its export menu. In the inputs: Ctrl+Z undoes the last edit, also "
              "while the field has the focus.")
               .toHtmlEscaped());
}

void HelpWindow::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QDialog::changeEvent(event);
}

void HelpWindow::retranslate() {
  setWindowTitle(tr("clusterplan user guide"));
  topics_->item(kShortcutsRow)->setText(tr("Keyboard shortcuts"));
  if (topics_->currentRow() == kShortcutsRow) showTopic(kShortcutsRow);
}

}  // namespace cp::ui
