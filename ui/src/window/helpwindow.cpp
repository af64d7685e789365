#include "ui/window/helpwindow.h"

#include <QAction>
#include <QDialogButtonBox>
#include <QEvent>
#include <QFont>
#include <QFile>
#include <QHBoxLayout>
#include <QImage>
#include <QKeySequence>
#include <QListWidget>
#include <QRegularExpression>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>

namespace cp::ui {
namespace {

// The topics: the guide, the shortcuts, a heading, then the reference pages (rows 3 on).
constexpr int kGuideRow = 0;
constexpr int kShortcutsRow = 1;
constexpr int kReferenceRow = 2;
constexpr int kImageMargin = 24;  // a picture leaves this much of the text's width free

// A menu text without its mnemonic ampersands: "&Save as…" -> "Save as…".
QString plainText(const QAction* a) {
  QString t = a->text();
  t.remove(QRegularExpression(QStringLiteral("&(?!&)")));
  return t;
}

// The guide's pictures are screenshots of a whole window: each is drawn at most as wide as the
// text, so that none needs a sideways scroll.
class GuideBrowser : public QTextBrowser {
 public:
  using QTextBrowser::QTextBrowser;

 protected:
  QVariant loadResource(int type, const QUrl& name) override {
    QVariant resource = QTextBrowser::loadResource(type, name);
    if (type != QTextDocument::ImageResource) return resource;
    QImage image = resource.typeId() == QMetaType::QImage ? resource.value<QImage>()
                                                          : QImage::fromData(resource.toByteArray());
    if (image.isNull()) return resource;
    const int room = std::max(200, viewport()->width() - kImageMargin);
    if (image.width() > room) image = image.scaledToWidth(room, Qt::SmoothTransformation);
    return image;
  }
};

}  // namespace

HelpWindow::HelpWindow(QWidget* shortcutsOf, QWidget* parent) : QDialog(parent), shortcutsOf_(shortcutsOf) {
  setObjectName(QStringLiteral("helpWindow"));
  topics_ = new QListWidget;
  topics_->setObjectName(QStringLiteral("helpTopics"));
  browser_ = new GuideBrowser;
  browser_->setObjectName(QStringLiteral("helpBrowser"));
  browser_->setOpenExternalLinks(true);  // http(s) links go to the system's browser, never fetched here
  browser_->setSearchPaths({QStringLiteral(":/help")});
  topics_->addItem(QString());  // the guide, the shortcuts and the heading, titled in retranslate()
  topics_->addItem(QString());
  auto* heading = new QListWidgetItem(topics_);
  heading->setFlags(Qt::NoItemFlags);
  QFont bold = topics_->font();
  bold.setBold(true);
  heading->setFont(bold);
  for (const QString& page : pages()) {
    auto* item = new QListWidgetItem(QStringLiteral("   ") + pageTitle(page), topics_);
    item->setToolTip(pageTitle(page));
    item->setData(Qt::UserRole, page);
  }
  auto* split = new QSplitter;
  split->addWidget(topics_);
  split->addWidget(browser_);
  split->setStretchFactor(1, 1);
  split->setSizes({260, 700});
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::close);
  auto* v = new QVBoxLayout(this);
  v->addWidget(split, 1);
  v->addWidget(buttons);
  connect(topics_, &QListWidget::currentRowChanged, this, &HelpWindow::showTopic);
  // A laptop's screen (1366x768) holds the window with its frame.
  resize(960, 660);
  retranslate();
}

QString HelpWindow::guidePath(const QString& language) {
  const QString path = QStringLiteral(":/help/resources/guide/guide.%1.md").arg(language);
  return QFile::exists(path) ? path : QStringLiteral(":/help/resources/guide/guide.en.md");
}

QString HelpWindow::guideLanguage() {
  //: The language code of the user guide that goes with this translation: resources/guide/guide.<code>.md
  return tr("en", "guide language");
}

QStringList HelpWindow::pages() {
  // The reference pages for someone using the workbench (the developers' pages, architecture,
  // hardening and installing, stay in docs/ only).
  static const char* const kReference[] = {"model.md",           "power-cost.md", "planner.md", "presenting.md",
                                           "scenario-format.md", "cli.md",        "validation-corpus.md"};
  QStringList out;
  for (const char* page : kReference) {
    const QString path = QStringLiteral(":/help/docs/") + QLatin1String(page);
    if (QFile::exists(path)) out << path;
  }
  return out;
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

void HelpWindow::showGuide() {
  if (topics_->currentRow() == kGuideRow) showTopic(kGuideRow);
  else topics_->setCurrentRow(kGuideRow);
}

void HelpWindow::showShortcuts() {
  if (topics_->currentRow() == kShortcutsRow) showTopic(kShortcutsRow);
  else topics_->setCurrentRow(kShortcutsRow);
}

void HelpWindow::showTopic(int row) {
  if (row == kShortcutsRow) {
    browser_->setHtml(shortcutsHtml());
    return;
  }
  QString path;
  if (row == kGuideRow) path = guidePath(guideLanguage());
  else if (const QListWidgetItem* item = topics_->item(row)) path = item->data(Qt::UserRole).toString();
  if (path.isEmpty()) return;
  browser_->setSource(QUrl(QStringLiteral("qrc") + path), QTextDocument::MarkdownResource);
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
           tr("In a chart, a table or the topology: right-click for its export menu (or File > Export). In the "
              "inputs: Ctrl+Z undoes the last edit, also while the field has the focus.")
               .toHtmlEscaped());
}

void HelpWindow::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  QDialog::changeEvent(event);
}

void HelpWindow::retranslate() {
  setWindowTitle(tr("clusterplan user guide"));
  topics_->item(kGuideRow)->setText(tr("User guide"));
  topics_->item(kShortcutsRow)->setText(tr("Keyboard shortcuts"));
  //: Help: the heading over the reference pages of docs/, which are in English
  topics_->item(kReferenceRow)->setText(tr("Reference (in English)"));
  // The guide and the shortcut list in the new language.
  if (topics_->currentRow() == kGuideRow || topics_->currentRow() == kShortcutsRow) showTopic(topics_->currentRow());
}

}  // namespace cp::ui
