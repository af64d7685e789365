#include "ui/window/mainwindow.h"

#include <algorithm>
#include <array>

#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QEvent>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QKeyEvent>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSaveFile>
#include <QScreen>
#include <QScrollArea>
#include <QStatusBar>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTimer>
#include <QUndoStack>
#include <QVBoxLayout>

#include "io/scenario_file.h"
#include "io/scenario_json.h"
#include "ui/pages/comparepage.h"
#include "ui/charts/chartexport.h"
#include "ui/charts/chartstyle.h"
#include "ui/text/enginetext.h"
#include "ui/window/explaindialog.h"
#include "ui/window/helpwindow.h"
#include "ui/pages/fabriccomparisonpage.h"
#include "ui/pages/inputpanel.h"
#include "ui/library/librarycontroller.h"
#include "ui/library/librarydock.h"
#include "ui/pages/planpage.h"
#include "ui/charts/plannerfrontierchart.h"
#include "ui/pages/plannerpage.h"
#include "ui/pages/plannertablemodel.h"
#include "ui/window/presentation.h"
#include "ui/preferences.h"
#include "ui/report/report.h"
#include "ui/scenariodocument.h"
#include "ui/palette.h"
#include "ui/charts/topologyview.h"
#include "ui/text/usertext.h"
#include "ui/pages/wheelguard.h"

namespace cp::ui {
namespace {

const Preference<QByteArray> kGeometry{"mainwindow/geometry"};
const Preference<QByteArray> kWindowState{"mainwindow/state"};
const Preference<QStringList> kRecentFiles{"files/recent"};
const Preference<QString> kLastScenario{"session/lastScenario"};  // scenario JSON of the last session
const Preference<QString> kLastFile{"session/lastFile"};
// Where the last session's scenario lived (Origin, as JSON): a library entry comes back as one.
const Preference<QString> kLastOrigin{"session/lastOrigin"};
const Preference<QString> kLibraryPath{"library/path"};  // chosen by File > Open/New library; empty: the default

constexpr int kMaxRecent = 8;
constexpr int kAutosaveDelayMs = 1500;
// How long "Saved ..." stays in the status bar: long enough to read a path.
constexpr int kSavedMessageMs = 10000;
constexpr int kInputDockWidth = 380;
constexpr QSize kPreferredSize{1600, 1000};
// Room for the window manager's frame and title bar around the window [est: title bars of
// GNOME, KDE and Windows 10/11 at 100% scale are 30-40 px, frames 1-8 px].
constexpr int kFrameAllowanceW = 16;
constexpr int kFrameAllowanceH = 48;


// A path as the C library takes it (the local 8-bit encoding, as QFile does).
std::string localPath(const QString& path) { return QFile::encodeName(path).toStdString(); }

QString problemsText(const std::vector<cp::Problem>& problems) {
  QStringList lines;
  for (const cp::Problem& p : problems) lines << problemText(p);
  return lines.join(QLatin1Char('\n'));
}

// Where the edited scenario lives: a library entry (at a revision), a file, or nowhere yet. The
// autosave keeps it beside the edits (autosave-origin.json), so that restored edits go back
// where they came from and nowhere else: never under the name of another scenario's file,
// which Ctrl+S would then write them over.
struct Origin {
  enum class Kind { Unsaved, File, Library };
  Kind kind = Kind::Unsaved;
  QString file;     // File: the scenario file
  QString library;  // Library: the library file
  qint64 id = 0;    // Library: the entry
  int revision = 0;  // the revision the edits start from
  int newest = 0;    // the entry's newest revision then
  QString savedAt;   // when `revision` was saved: the entry, not a later one under its id

  QJsonObject toJson() const {
    QJsonObject o;
    switch (kind) {
      case Kind::Unsaved: o.insert(QStringLiteral("kind"), QStringLiteral("unsaved")); break;
      case Kind::File:
        o.insert(QStringLiteral("kind"), QStringLiteral("file"));
        o.insert(QStringLiteral("file"), file);
        break;
      case Kind::Library:
        o.insert(QStringLiteral("kind"), QStringLiteral("library"));
        o.insert(QStringLiteral("library"), library);
        o.insert(QStringLiteral("id"), id);
        o.insert(QStringLiteral("revision"), revision);
        o.insert(QStringLiteral("newest"), newest);
        o.insert(QStringLiteral("saved_at"), savedAt);
        break;
    }
    return o;
  }
  // Anything unreadable is Unsaved: never another scenario's file.
  static Origin fromJson(const QByteArray& bytes) {
    Origin out;
    const QJsonObject o = QJsonDocument::fromJson(bytes).object();
    const QString kind = o.value(QStringLiteral("kind")).toString();
    if (kind == QLatin1String("file") && !o.value(QStringLiteral("file")).toString().isEmpty()) {
      out.kind = Kind::File;
      out.file = o.value(QStringLiteral("file")).toString();
    } else if (kind == QLatin1String("library") && o.value(QStringLiteral("id")).toInteger() > 0) {
      out.kind = Kind::Library;
      out.library = o.value(QStringLiteral("library")).toString();
      out.id = o.value(QStringLiteral("id")).toInteger();
      out.revision = o.value(QStringLiteral("revision")).toInt();
      out.newest = o.value(QStringLiteral("newest")).toInt();
      out.savedAt = o.value(QStringLiteral("saved_at")).toString();
    }
    return out;
  }
};

bool sameFile(const QString& a, const QString& b) {
  if (a.isEmpty() || b.isEmpty()) return false;
  const QString ca = QFileInfo(a).canonicalFilePath(), cb = QFileInfo(b).canonicalFilePath();
  return ca.isEmpty() || cb.isEmpty() ? QFileInfo(a).absoluteFilePath() == QFileInfo(b).absoluteFilePath() : ca == cb;
}

// Scenario files, the autosave and the last session's scenario are read by the CLI's importer
// (core/scenario_file.h): the same strict keys, formats and file checks (a pipe or /dev/zero
// is refused at once). The plan itself may have problems: the document shows them.
bool fromImport(const cp::ImportResult& r, cp::ScenarioFileDocument& out, QString* error) {
  if (!r.ok()) {
    if (error) *error = problemsText(r.problems);
    return false;
  }
  out = r.document;
  return true;
}

// The pages' minimum widths (a row of tiles, the comparison's toolbar) added to the docks'
// would make a window wider than a 1366-pixel laptop screen. Each wide page
// scrolls inside itself instead: its layout and widgets move into a scroll area on the page.
void scrollInside(QWidget* page) {
  QLayout* layout = page->layout();
  if (!layout) return;
  auto* inner = new QWidget;
  inner->setLayout(layout);  // takes the layout, and the widgets it manages, off the page
  auto* scroll = new QScrollArea;
  scroll->setObjectName(page->objectName() + QStringLiteral("Scroll"));
  scroll->setWidget(inner);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  auto* v = new QVBoxLayout(page);
  v->setContentsMargins(0, 0, 0, 0);
  v->addWidget(scroll);
}

// Eats Ctrl+PgUp and Ctrl+PgDn (with or without Shift) on their way to a spin box, which would
// step ten times (64 KV heads would become 54). In the main window the page actions take the keys
// first; this is for the spin boxes of dialogs and any widget outside them.
class PageKeyGuard : public QObject {
 public:
  using QObject::QObject;

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override {
    if (event->type() != QEvent::KeyPress) return false;
    const auto* key = static_cast<QKeyEvent*>(event);
    if (!(key->modifiers() & Qt::ControlModifier) || (key->key() != Qt::Key_PageUp && key->key() != Qt::Key_PageDown))
      return false;
    for (QObject* o = watched; o; o = o->parent())
      if (qobject_cast<QAbstractSpinBox*>(o)) return true;
    return false;
  }
};

}  // namespace

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setObjectName(QStringLiteral("mainWindow"));
  setAcceptDrops(true);
  document_ = new ScenarioDocument(this);

  inputs_ = new InputPanel(document_);
  inputs_->setObjectName(QStringLiteral("inputPanel"));
  auto* scroll = new QScrollArea;
  scroll->setWidget(inputs_);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  inputDock_ = new QDockWidget;
  inputDock_->setObjectName(QStringLiteral("inputDock"));
  inputDock_->setWidget(scroll);
  inputDock_->setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable |
                          QDockWidget::DockWidgetClosable);
  addDockWidget(Qt::LeftDockWidgetArea, inputDock_);
  resizeDocks({inputDock_}, {kInputDockWidth}, Qt::Horizontal);
  // The scenario library shares the left side with the inputs; it opens its file at start-up
  // (restoreSession), so that a window made for a test touches no library.
  library_ = new LibraryDock(document_);
  addDockWidget(Qt::LeftDockWidgetArea, library_);
  tabifyDockWidget(inputDock_, library_);
  inputDock_->raise();

  plan_ = new PlanPage(document_);
  plan_->setObjectName(QStringLiteral("planPage"));
  comparison_ = new FabricComparisonPage(document_);
  comparison_->setObjectName(QStringLiteral("comparisonPage"));
  topology_ = new TopologyView;
  topology_->setObjectName(QStringLiteral("topologyView"));
  pages_ = new QTabWidget;
  pages_->setObjectName(QStringLiteral("pages"));
  pages_->setDocumentMode(true);
  pages_->addTab(plan_, QString());
  pages_->addTab(comparison_, QString());
  pages_->addTab(topology_, QString());
  compare_ = new ComparePage(document_);
  compare_->setObjectName(QStringLiteral("scenarioComparison"));
  pages_->addTab(compare_, QString());
  planner_ = new PlannerPage(document_);
  planner_->setObjectName(QStringLiteral("plannerPage"));
  pages_->addTab(planner_, QString());
  for (QWidget* page : {static_cast<QWidget*>(plan_), static_cast<QWidget*>(comparison_),
                        static_cast<QWidget*>(planner_), static_cast<QWidget*>(compare_)})
    scrollInside(page);
  // The pages scroll inside themselves: the wheel over their unfocused spin and combo boxes
  // scrolls the page (WheelGuard), as in the Inputs dock.
  auto* wheelGuard = new WheelGuard(this);
  for (QWidget* page : {static_cast<QWidget*>(plan_), static_cast<QWidget*>(comparison_),
                        static_cast<QWidget*>(planner_), static_cast<QWidget*>(compare_)})
    wheelGuard->guardChildren(page);
  setCentralWidget(pages_);
  keepTickLabelsApartIn(comparison_);  // the plan page's and the planner's charts do it themselves

  autosave_ = new QTimer(this);
  autosave_->setSingleShot(true);
  autosave_->setInterval(kAutosaveDelayMs);
  connect(autosave_, &QTimer::timeout, this, &MainWindow::writeAutosave);
  connect(document_, &ScenarioDocument::scenarioChanged, this, &MainWindow::scenarioChanged);
  // The first edit after an open or a save: QUndoStack::push applies the change (scenarioChanged)
  // before it moves its index, so the document still reads clean there and scenarioChanged()
  // did not start the timer; a crash then lost that edit. Start it when the document turns modified.
  connect(document_, &ScenarioDocument::modifiedChanged, this, [this] {
    if (document_->isModified()) autosave_->start();
  });
  connect(document_, &ScenarioDocument::modifiedChanged, this, &MainWindow::updateTitle);
  connect(document_, &ScenarioDocument::fileNameChanged, this, &MainWindow::updateTitle);
  connect(plan_, &PlanPage::explainRequested, this, &MainWindow::showExplanation);
  installWorkbenchExports(document_, plan_->charts(), comparison_->charts());
  installChartExportMenu(planner_->frontierChart()->plot(),
                         {[this] { return scenarioDisplayName(document_->scenario()); },
                          [this] { return planner_->frontierTable(); }, QStringLiteral("planner-frontier"), {}});
  // Every chart, table and picture exports (and every chart has a hover read-out).
  const auto scenarioName = [this] { return scenarioDisplayName(document_->scenario()); };
  installChartExportMenu(compare_->stepPlot(), {scenarioName, {}, QStringLiteral("compare-step-time"), {}});
  installChartExportMenu(compare_->memoryPlot(), {scenarioName, {}, QStringLiteral("compare-memory"), {}});
  installTableExportMenu(compare_->table(), QStringLiteral("compare-scenarios"), -1, scenarioName,
                         [] { return tr("Scenarios compared (table)"); });
  installTableExportMenu(planner_->table(), QStringLiteral("planner-layouts"), PlannerTableModel::kSortRole,
                         scenarioName, [] { return tr("Ranked layouts (table)"); });
  installWidgetExportMenu(topology_, QStringLiteral("topology"), scenarioName, [] { return tr("Topology"); });
  connect(library_, &LibraryDock::libraryChanged, this, [this] {
    compare_->setLibrary(library_->controller());
    updateLibraryAlert();
  });
  // A library moved aside or refused is said where it is seen on start, not only in the library
  // tab (hidden behind the inputs by default).
  libraryAlert_ = new QLabel(this);
  libraryAlert_->setObjectName(QStringLiteral("libraryAlert"));
  libraryAlert_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  makePlain(libraryAlert_);  // it names files
  libraryAlert_->setAutoFillBackground(true);
  libraryAlert_->setMargin(2);
  libraryAlert_->hide();
  // Where the edited scenario lives (a library entry and its revision, a file, or not saved):
  // what Ctrl+S saves to, always in sight.
  origin_ = new QLabel(this);
  origin_->setObjectName(QStringLiteral("documentOrigin"));
  makePlain(origin_);
  origin_->setAutoFillBackground(true);
  origin_->setMargin(2);
  statusBar()->addPermanentWidget(origin_);
  statusBar()->addPermanentWidget(libraryAlert_, 1);
  paintNotices();
  connect(library_, &LibraryDock::saved, this,
          [this](const QString& message) { statusBar()->showMessage(message, kSavedMessageMs); });
  // The title and the origin say which entry and revision the scenario is, under which name.
  connect(library_->controller(), &LibraryController::currentChanged, this, &MainWindow::updateTitle);
  connect(library_->controller(), &LibraryController::refreshed, this, &MainWindow::updateTitle);
  connect(document_, &ScenarioDocument::scenarioChanged, this, &MainWindow::updateTitle);
  // Nothing left unsaved (saved, or undone back to what was saved): nothing to restore.
  connect(document_, &ScenarioDocument::modifiedChanged, this, [this](bool modified) {
    if (!modified) removeAutosave();
  });
  connect(library_, &LibraryDock::compareRequested, this, &MainWindow::compareLibraryScenarios);
  connect(library_, &LibraryDock::compareRevisionRequested, this, [this](const QString& label, const cp::Scenario& s) {
    compare_->setEntries({{label, s}, {ComparePage::tr("Edited scenario"), document_->scenario()}});
    pages_->setCurrentWidget(compare_);
  });

  createMenus();
  retranslate();
  scenarioChanged();
}

MainWindow::~MainWindow() {
  // The document (a child) is deleted after this destructor; its undo stack signals while it
  // clears, and must not reach this half-destroyed window (UBSan in tst_laptop).
  QObject::disconnect(document_->undoStack(), nullptr, this, nullptr);
}

MemoryChart* MainWindow::memoryChart() const { return plan_->memoryChart(); }
SummaryPanel* MainWindow::summaryPanel() const { return plan_->summaryPanel(); }

void MainWindow::setScenario(const cp::Scenario& scenario) { document_->reset(scenario); }

void MainWindow::scenarioChanged() {
  if (const auto& e = document_->estimate()) topology_->setNetwork(document_->estimatedScenario(), e->network);
  else topology_->clear();
  if (document_->isModified()) autosave_->start();
}

bool MainWindow::openFile(const QString& path, QString* error) {
  cp::ScenarioFileDocument d;
  if (!fromImport(cp::import_scenario_file(localPath(path), cp::PlanCheck::Skip), d, error)) return false;
  document_->reset(d.scenario, QFileInfo(path).absoluteFilePath());
  document_->setFileNotesAndTags(d.notes, d.tags);
  addRecent(QFileInfo(path).absoluteFilePath());
  return true;
}

bool MainWindow::saveFile(const QString& path, QString* error) {
  // The scenario file format of `scenario export` (core/scenario_file.h), written atomically.
  std::string why;
  if (!cp::export_scenario_file(localPath(path), document_->fileDocument(), why)) {
    if (error) *error = QString::fromStdString(why);
    return false;
  }
  document_->setFileName(QFileInfo(path).absoluteFilePath());
  document_->setClean();
  removeAutosave();
  addRecent(QFileInfo(path).absoluteFilePath());
  // Feedback that the save happened: what was saved and where.
  statusBar()->showMessage(tr("Saved “%1” to %2")
                               .arg(oneLine(scenarioDisplayName(document_->scenario())),
                                    QDir::toNativeSeparators(QFileInfo(path).absoluteFilePath())),
                           kSavedMessageMs);
  return true;
}

QString MainWindow::autosavePath() {
  const QString dir = QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation);
  return QDir(dir).filePath(QStringLiteral("autosave.json"));
}

QString MainWindow::autosaveOriginPath() {
  return QFileInfo(autosavePath()).absoluteDir().filePath(QStringLiteral("autosave-origin.json"));
}

void MainWindow::removeAutosave() {
  QFile::remove(autosavePath());
  QFile::remove(autosaveOriginPath());
}

QByteArray MainWindow::originJson() const {
  Origin o;
  const LibraryController* lib = library_->controller();
  if (lib->currentId() != 0) {
    o.kind = Origin::Kind::Library;
    o.library = lib->libraryPath();
    o.id = lib->currentId();
    o.revision = lib->currentRevision();
    o.newest = lib->newestRevision();
    o.savedAt = lib->savedAt(o.id, o.revision);
  } else if (!document_->fileName().isEmpty()) {
    o.kind = Origin::Kind::File;
    o.file = document_->fileName();
  }
  return QJsonDocument(o.toJson()).toJson(QJsonDocument::Compact);
}

void MainWindow::writeAutosave() {
  if (!document_->isModified()) return;
  QDir().mkpath(QFileInfo(autosavePath()).absolutePath());
  // The origin first: edits found without one are restored as unsaved, never under a wrong name.
  QSaveFile origin(autosaveOriginPath());
  if (origin.open(QIODevice::WriteOnly)) {
    origin.write(originJson());
    origin.commit();
  }
  std::string why;  // a failed autosave keeps the previous one; the next edit tries again
  cp::export_scenario_file(localPath(autosavePath()), document_->fileDocument(), why);
}

void MainWindow::compareLibraryScenarios(const QList<qint64>& ids) {
  compare_->compareLibrary(ids);
  pages_->setCurrentWidget(compare_);
}

void MainWindow::updateLibraryAlert() {
  const QString text = library_->alertText();
  const bool was_shown = !libraryAlert_->isHidden();
  libraryAlert_->setText(bounded(text));
  libraryAlert_->setToolTip(plainToolTip(text));
  libraryAlert_->setHidden(text.isEmpty());
  if (!text.isEmpty() && !was_shown) {  // and bring the library tab, with its banner, to the front
    library_->show();
    library_->raise();
  }
}

QStringList MainWindow::pageNames() {
  return {QStringLiteral("plan"),    QStringLiteral("comparison"), QStringLiteral("topology"),
          QStringLiteral("compare"), QStringLiteral("planner"),    QStringLiteral("library")};
}

bool MainWindow::showPage(const QString& name) {
  const std::array<QWidget*, 5> tabs{plan_, comparison_, topology_, compare_, planner_};
  const qsizetype i = pageNames().indexOf(name);
  if (i < 0) return false;
  if (i < qsizetype(tabs.size())) {
    pages_->setCurrentWidget(tabs[std::size_t(i)]);
    return true;
  }
  library_->show();
  library_->raise();
  // Room for every column, once the window has its size; at most half of a laptop's window, so
  // that the page beside it stays readable (800 px of a 1366-px screen would leave it too little).
  QTimer::singleShot(0, this, [this] { resizeDocks({library_}, {std::min(800, width() / 2)}, Qt::Horizontal); });
  return true;
}

QSize MainWindow::firstSize(const QSize& available) {
  return kPreferredSize.boundedTo(QSize(available.width() - kFrameAllowanceW, available.height() - kFrameAllowanceH));
}

void MainWindow::fitToScreen() {
  const QScreen* s = screen();
  if (!s) return;
  const QRect area = s->availableGeometry();
  const QSize fit = firstSize(area.size());
  if (width() > fit.width() || height() > fit.height()) resize(size().boundedTo(fit));
  // Keep the title bar on the screen.
  QRect frame = frameGeometry();
  if (!area.contains(frame.topLeft()) || frame.right() > area.right() || frame.bottom() > area.bottom())
    move(area.topLeft());
}

void MainWindow::restoreSession(bool ask) {
  restoreGeometry(kGeometry.get());
  restoreState(kWindowState.get());
  // After the window's layout is restored, so that a library tab raised by an alert stays raised.
  if (!library_->store()) {
    const QString chosen = kLibraryPath.get();
    libraryPath_ = !chosen.isEmpty() && QFileInfo::exists(chosen) ? chosen : LibraryDock::defaultLibraryPath();
    library_->openLibrary(libraryPath_);
  }
  if (QFileInfo::exists(autosavePath()) || QFileInfo(autosavePath()).isSymLink()) {
    cp::ScenarioFileDocument s;
    const bool readable =
        fromImport(cp::import_scenario_file(localPath(autosavePath()), cp::PlanCheck::Skip), s, nullptr);
    QByteArray originBytes;
    if (QFile f(autosaveOriginPath()); f.open(QIODevice::ReadOnly)) originBytes = f.read(64 * 1024);
    const Origin origin = Origin::fromJson(originBytes);
    if (readable) {
      // Which scenario, from where and when: the user decides knowing what comes back.
      QString where;
      switch (origin.kind) {
        case Origin::Kind::Library: where = tr("from the library, revision %1").arg(origin.revision); break;
        case Origin::Kind::File: where = tr("from the file %1").arg(QDir::toNativeSeparators(origin.file)); break;
        case Origin::Kind::Unsaved: where = tr("never saved"); break;
      }
      const QString when =
          QLocale().toString(QFileInfo(autosavePath()).lastModified(), QLocale::ShortFormat);
      if (!ask || cp::ui::ask(this, tr("Restore unsaved edits?"),
                              tr("clusterplan did not close cleanly last time. Restore the unsaved edits of “%1” "
                                 "(%2), kept at %3?")
                                  .arg(oneLine(scenarioDisplayName(s.scenario)), where, when),
                              QMessageBox::Yes | QMessageBox::No, QMessageBox::Yes) == QMessageBox::Yes) {
        restoreEdits(s, originBytes, ask);
        return;
      }
    }
    removeAutosave();
  }
  cp::ScenarioFileDocument last;
  const QString json = kLastScenario.get();
  const Origin lastOrigin = Origin::fromJson(kLastOrigin.get().toUtf8());
  if (!json.isEmpty() &&
      fromImport(cp::import_scenario_text(json.toStdString(), cp::PlanCheck::Skip), last, nullptr)) {
    document_->reset(last.scenario, lastOrigin.kind == Origin::Kind::Library ? QString() : kLastFile.get());
    document_->setFileNotesAndTags(last.notes, last.tags);
    // A library entry comes back as one when it is still there (else as a scenario not saved).
    if (lastOrigin.kind == Origin::Kind::Library && sameFile(lastOrigin.library, library_->controller()->libraryPath()))
      library_->controller()->adopt(lastOrigin.id, lastOrigin.revision, lastOrigin.newest, lastOrigin.savedAt);
  } else if (json.isEmpty() && !kLastFile.get().isEmpty()) {
    openFile(kLastFile.get());  // edits discarded with no saved state known: the file as saved
  }
}

void MainWindow::restoreEdits(const cp::ScenarioFileDocument& edits, const QByteArray& originJson, bool ask) {
  const Origin origin = Origin::fromJson(originJson);
  const QString name = oneLine(scenarioDisplayName(edits.scenario));
  QString notice;
  bool adopted = false;
  if (origin.kind == Origin::Kind::Library) {
    // The entry's library, also when another one is open now (a switch not yet remembered).
    const bool reachable = sameFile(origin.library, library_->controller()->libraryPath()) ||
                           (QFileInfo::exists(origin.library) && openLibraryFile(origin.library, false));
    document_->reset(edits.scenario);
    document_->setFileNotesAndTags(edits.notes, edits.tags);
    if (reachable) adopted = library_->controller()->adopt(origin.id, origin.revision, origin.newest, origin.savedAt);
    if (!reachable)
      notice = tr("The edits of “%1” belong to an entry of the library %2, which cannot be opened now. The edits are "
                  "restored as a scenario that is not saved: File > Save to library or Save as… keeps them.")
                   .arg(name, QDir::toNativeSeparators(origin.library));
    else if (!adopted)
      notice = tr("The library entry that the edits of “%1” belong to is no longer in the library %2. The edits are "
                  "restored as a scenario that is not saved: File > Save to library or Save as… keeps them.")
                   .arg(name, QDir::toNativeSeparators(origin.library));
  } else {
    document_->reset(edits.scenario, origin.kind == Origin::Kind::File ? origin.file : QString());
    document_->setFileNotesAndTags(edits.notes, edits.tags);
  }
  // Restored edits are unsaved edits: the document is modified, with nothing to undo. The
  // reset above took the autosave away (nothing unsaved for a moment): written again at once,
  // with the origin they have now, so that another crash finds them too.
  document_->markModified();
  writeAutosave();
  updateTitle();
  if (notice.isEmpty()) return;
  statusBar()->showMessage(notice, 0);
  if (ask) inform(this, tr("Restored as not saved"), notice);
}

void MainWindow::closeEvent(QCloseEvent* event) {
  if (!maybeSave()) {
    event->ignore();
    return;
  }
  kGeometry.set(saveGeometry());
  kWindowState.set(saveState());
  // Still modified after maybeSave(): the user chose "Discard". The next start shows what was
  // saved, never the discarded edits: the saved state when known, else the file read again.
  const bool discarded = document_->isModified();
  const auto& saved = document_->savedDocument();
  if (!discarded) kLastScenario.set(QString::fromStdString(cp::scenario_file_text(document_->fileDocument())));
  else if (saved) kLastScenario.set(QString::fromStdString(cp::scenario_file_text(*saved)));
  else kLastScenario.set(QString());
  kLastFile.set(document_->fileName());
  kLastOrigin.set(QString::fromUtf8(originJson()));
  autosave_->stop();
  removeAutosave();  // a clean end: nothing to restore
  event->accept();
}

bool MainWindow::maybeSave() {
  if (!document_->isModified()) return true;
  const auto answer = cp::ui::ask(this, tr("Unsaved changes"),
                                  tr("Save the changes to “%1”?").arg(oneLine(documentName())),
                                  QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
  if (answer == QMessageBox::Save) return save();
  return answer == QMessageBox::Discard;
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
  const QList<QUrl> urls = event->mimeData()->urls();
  if (urls.size() == 1 && urls.front().isLocalFile() && urls.front().toLocalFile().endsWith(QLatin1String(".json")))
    event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
  const QList<QUrl> urls = event->mimeData()->urls();
  if (urls.isEmpty() || !maybeSave()) return;
  QString error;
  if (!openFile(urls.front().toLocalFile(), &error))
    showOpenError(urls.front().toLocalFile(), error);
  else
    event->acceptProposedAction();
}

void MainWindow::showExplanation(cp::Figure figure) {
  const auto& e = document_->estimate();
  if (!e) return;
  auto* dialog = new ExplainDialog(cp::explain(figure, document_->estimatedScenario(), *e), this);
  dialog->setObjectName(QStringLiteral("explainDialog"));
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->open();
}

void MainWindow::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  if (event->type() == QEvent::PaletteChange && origin_) paintNotices();
  QMainWindow::changeEvent(event);
}

// The status bar's notices in the colours of the theme of the moment.
void MainWindow::paintNotices() {
  QPalette alert = libraryAlert_->palette();
  alert.setColor(QPalette::Window, palette::bannerBackground(palette(), true));
  alert.setColor(QPalette::WindowText, palette::bannerText(palette()));
  libraryAlert_->setPalette(alert);
  const bool old = library_->controller()->isOldRevision();
  QPalette p = origin_->palette();
  p.setColor(QPalette::Window, old ? palette::bannerBackground(palette(), false) : palette().color(QPalette::Window));
  p.setColor(QPalette::WindowText, palette().color(QPalette::WindowText));
  origin_->setPalette(p);
}

void MainWindow::showOpenError(const QString& path, const QString& error) {
  warn(this, tr("Cannot open the scenario"),
       tr("%1 cannot be opened:\n%2").arg(QDir::toNativeSeparators(QFileInfo(path).absoluteFilePath()), error));
}

void MainWindow::createMenus() {
  fileMenu_ = menuBar()->addMenu(QString());
  newAction_ = fileMenu_->addAction(QString());
  newAction_->setObjectName(QStringLiteral("newAction"));
  newAction_->setShortcut(QKeySequence::New);
  connect(newAction_, &QAction::triggered, this, &MainWindow::newScenario);
  openAction_ = fileMenu_->addAction(QString());
  openAction_->setShortcut(QKeySequence::Open);
  connect(openAction_, &QAction::triggered, this, &MainWindow::openDialog);
  recentMenu_ = fileMenu_->addMenu(QString());
  saveAction_ = fileMenu_->addAction(QString());
  saveAction_->setObjectName(QStringLiteral("saveAction"));
  saveAction_->setShortcut(QKeySequence::Save);
  connect(saveAction_, &QAction::triggered, this, &MainWindow::save);
  saveAsAction_ = fileMenu_->addAction(QString());
  saveAsAction_->setObjectName(QStringLiteral("saveAsAction"));
  saveAsAction_->setShortcut(QKeySequence::SaveAs);
  connect(saveAsAction_, &QAction::triggered, this, &MainWindow::saveAs);
  saveToLibraryAction_ = fileMenu_->addAction(QString());
  saveToLibraryAction_->setObjectName(QStringLiteral("saveToLibraryAction"));
  connect(saveToLibraryAction_, &QAction::triggered, library_, &LibraryDock::save);
  createHelpAndLibraryActions();
  fileMenu_->addSeparator();
  // The exports of the page in view (its charts, tables, picture): the right-click menus' actions,
  // also from the menu bar and from the keyboard (Ctrl+E opens this menu over the page).
  exportMenu_ = fileMenu_->addMenu(QString());
  exportMenu_->setObjectName(QStringLiteral("exportMenu"));
  exportMenu_->menuAction()->setObjectName(QStringLiteral("exportMenuAction"));
  connect(exportMenu_, &QMenu::aboutToShow, this, [this] { fillExportMenu(exportMenu_, pages_->currentWidget()); });
  exportAction_ = new QAction(this);
  exportAction_->setObjectName(QStringLiteral("exportAction"));
  exportAction_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
  addAction(exportAction_);
  connect(exportAction_, &QAction::triggered, this, [this] {
    QWidget* page = pages_->currentWidget();
    exportMenu_->popup(page->mapToGlobal(QPoint(page->width() / 3, 0)));
  });
  quitAction_ = fileMenu_->addAction(QString());
  quitAction_->setShortcut(QKeySequence::Quit);
  quitAction_->setMenuRole(QAction::QuitRole);
  connect(quitAction_, &QAction::triggered, this, &QWidget::close);
  addReportActions(this, fileMenu_, quitAction_, document_);  // Export report..., Print...

  editMenu_ = menuBar()->addMenu(QString());
  // Not QUndoStack::createUndoAction: its "Undo %1" is translated once, when it is made, and
  // would stay English after a switch to Chinese. Worded in updateUndoText().
  QUndoStack* stack = document_->undoStack();
  undoAction_ = new QAction(this);
  undoAction_->setObjectName(QStringLiteral("undoAction"));
  undoAction_->setEnabled(stack->canUndo());
  undoAction_->setShortcut(QKeySequence::Undo);
  connect(undoAction_, &QAction::triggered, stack, &QUndoStack::undo);
  connect(stack, &QUndoStack::canUndoChanged, undoAction_, &QAction::setEnabled);
  redoAction_ = new QAction(this);
  redoAction_->setObjectName(QStringLiteral("redoAction"));
  redoAction_->setEnabled(stack->canRedo());
  connect(redoAction_, &QAction::triggered, stack, &QUndoStack::redo);
  connect(stack, &QUndoStack::canRedoChanged, redoAction_, &QAction::setEnabled);
  connect(stack, &QUndoStack::undoTextChanged, this, &MainWindow::updateUndoText);
  connect(stack, &QUndoStack::redoTextChanged, this, &MainWindow::updateUndoText);
  // The platform's redo keys, and Ctrl+Shift+Z everywhere (Windows binds only Ctrl+Y).
  QList<QKeySequence> redoKeys = QKeySequence::keyBindings(QKeySequence::Redo);
  if (!redoKeys.contains(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z)))
    redoKeys << QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z);
  redoAction_->setShortcuts(redoKeys);
  editMenu_->addAction(undoAction_);
  editMenu_->addAction(redoAction_);

  viewMenu_ = menuBar()->addMenu(QString());
  viewMenu_->addAction(inputDock_->toggleViewAction());
  viewMenu_->addAction(library_->toggleViewAction());
  addPresentingActions(this, viewMenu_, document_, comparison_);
  createPageActions();

  helpMenu_ = menuBar()->addMenu(QString());
  helpMenu_->addAction(guideAction_);
  helpMenu_->addAction(shortcutsAction_);
  helpMenu_->addSeparator();
  aboutAction_ = helpMenu_->addAction(QString());
  aboutAction_->setMenuRole(QAction::AboutRole);
  connect(aboutAction_, &QAction::triggered, this, &MainWindow::showAbout);
  updateRecentMenu();
  // The settings action is the presenting actions' (View menu); the standard key, and Ctrl+,
  // where the platform has none (Linux and Windows bind no QKeySequence::Preferences).
  if (auto* settings = findChild<QAction*>(QStringLiteral("settingsAction")))
    settings->setShortcuts(standardOr(QKeySequence::Preferences, QKeySequence(Qt::CTRL | Qt::Key_Comma)));
}

QList<QKeySequence> MainWindow::standardOr(QKeySequence::StandardKey key, const QKeySequence& fallback) {
  QList<QKeySequence> keys = QKeySequence::keyBindings(key);
  if (keys.isEmpty()) keys << fallback;
  return keys;
}

// File > Open library…, New library…, Find in the library; Help > User
// guide, Keyboard shortcuts. Kept together, apart from the menus built above.
void MainWindow::createHelpAndLibraryActions() {
  // Save as: Ctrl+Shift+S where the platform binds no key (Windows).
  saveAsAction_->setShortcuts(standardOr(QKeySequence::SaveAs, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)));
  openLibraryAction_ = fileMenu_->addAction(QString());
  openLibraryAction_->setObjectName(QStringLiteral("openLibraryAction"));
  connect(openLibraryAction_, &QAction::triggered, this, [this] { chooseLibrary(false); });
  newLibraryAction_ = fileMenu_->addAction(QString());
  newLibraryAction_->setObjectName(QStringLiteral("newLibraryAction"));
  connect(newLibraryAction_, &QAction::triggered, this, [this] { chooseLibrary(true); });
  findAction_ = fileMenu_->addAction(QString());
  findAction_->setObjectName(QStringLiteral("findInLibraryAction"));
  findAction_->setShortcuts(standardOr(QKeySequence::Find, QKeySequence(Qt::CTRL | Qt::Key_F)));
  connect(findAction_, &QAction::triggered, this, [this] {
    library_->show();
    library_->raise();
    library_->searchField()->setFocus(Qt::ShortcutFocusReason);
    library_->searchField()->selectAll();
  });
  guideAction_ = new QAction(this);
  guideAction_->setObjectName(QStringLiteral("userGuideAction"));
  guideAction_->setShortcuts(standardOr(QKeySequence::HelpContents, QKeySequence(Qt::Key_F1)));
  connect(guideAction_, &QAction::triggered, this, [this] { showHelp(false); });
  shortcutsAction_ = new QAction(this);
  shortcutsAction_->setObjectName(QStringLiteral("shortcutsAction"));
  connect(shortcutsAction_, &QAction::triggered, this, [this] { showHelp(true); });
}

// The pages from the keyboard: Ctrl+Tab and Ctrl+PgDn to the next, Ctrl+Shift+Tab and Ctrl+PgUp
// to the one before (round), Ctrl+1 to Ctrl+5 to each. Window shortcuts, taken before the
// focused widget sees the key: a spin box with the focus never gets Ctrl+PgDn, on which
// QAbstractSpinBox steps ten times.
void MainWindow::createPageActions() {
  pagesMenu_ = viewMenu_->addMenu(QString());
  pagesMenu_->setObjectName(QStringLiteral("pagesMenu"));
  const auto step = [this](int by) {
    const int n = pages_->count();
    pages_->setCurrentIndex((pages_->currentIndex() + by + n) % n);
  };
  nextPageAction_ = pagesMenu_->addAction(QString());
  nextPageAction_->setObjectName(QStringLiteral("nextPageAction"));
  nextPageAction_->setShortcuts({QKeySequence(Qt::CTRL | Qt::Key_Tab), QKeySequence(Qt::CTRL | Qt::Key_PageDown)});
  connect(nextPageAction_, &QAction::triggered, this, [step] { step(1); });
  previousPageAction_ = pagesMenu_->addAction(QString());
  previousPageAction_->setObjectName(QStringLiteral("previousPageAction"));
  QList<QKeySequence> back = QKeySequence::keyBindings(QKeySequence::PreviousChild);
  for (const QKeySequence& k : {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Backtab), QKeySequence(Qt::CTRL | Qt::Key_PageUp)})
    if (!back.contains(k)) back << k;
  previousPageAction_->setShortcuts(back);
  connect(previousPageAction_, &QAction::triggered, this, [step] { step(-1); });
  pagesMenu_->addSeparator();
  for (int i = 0; i < pages_->count(); ++i) {
    QAction* a = pagesMenu_->addAction(QString());
    a->setObjectName(QStringLiteral("pageAction%1").arg(i + 1));
    a->setShortcut(QKeySequence(Qt::CTRL | Qt::Key(Qt::Key_1 + i)));
    connect(a, &QAction::triggered, this, [this, i] { pages_->setCurrentIndex(i); });
    pageActions_ << a;
  }
  // A spin box never steps by ten on Ctrl+PgUp/PgDn, in a dialog either (where no page action is).
  qApp->installEventFilter(new PageKeyGuard(this));
}

HelpWindow* MainWindow::showHelp(bool shortcuts) {
  if (!help_) {
    help_ = new HelpWindow(this, this);
    help_->setAttribute(Qt::WA_DeleteOnClose);
  }
  if (shortcuts) help_->showShortcuts();
  else help_->showGuide();
  help_->show();
  help_->raise();
  return help_;
}

void MainWindow::chooseLibrary(bool create) {
  const QString dir = QFileInfo(libraryPath_).absolutePath();
  const QString filter = tr("clusterplan libraries (*.sqlite);;All files (*)");
  const QString path = create ? QFileDialog::getSaveFileName(this, tr("New library"), dir, filter)
                              : QFileDialog::getOpenFileName(this, tr("Open library"), dir, filter);
  if (path.isEmpty()) return;
  QString error;
  if (!openLibraryFile(path, create, &error)) warn(this, tr("Cannot open the library"), error);
}

bool MainWindow::openLibraryFile(const QString& path, bool create, QString* error) {
  const QString file = QFileInfo(path).absoluteFilePath();
  const QString shown = QDir::toNativeSeparators(file);
  QString why;
  if (create && QFileInfo::exists(file))
    why = tr("%1 exists already: a new library needs a new file name (File > Open library… opens an existing one).")
              .arg(shown);
  else if (!create && !QFileInfo::exists(file))
    why = tr("%1 does not exist (File > New library… starts one).").arg(shown);
  else if (!library_->openLibrary(file)) {
    why = library_->alertText();
    if (!libraryPath_.isEmpty()) library_->openLibrary(libraryPath_);  // back to the library that was open
  }
  if (!why.isEmpty()) {
    if (error) *error = why;
    return false;
  }
  libraryPath_ = file;
  kLibraryPath.set(file);
  library_->show();
  library_->raise();
  statusBar()->showMessage(create ? tr("Started the library %1").arg(shown) : tr("Opened the library %1").arg(shown),
                           kSavedMessageMs);
  return true;
}

void MainWindow::updateUndoText() {
  // Qt's own words (qtbase's "QUndoStack" context), so that they match Qt's other strings.
  const char* const qt = "QUndoStack";
  const QString undo = document_->undoStack()->undoText(), redo = document_->undoStack()->redoText();
  undoAction_->setText(undo.isEmpty() ? QCoreApplication::translate(qt, "Undo", "Default text for undo action")
                                      : QCoreApplication::translate(qt, "Undo %1").arg(undo));
  redoAction_->setText(redo.isEmpty() ? QCoreApplication::translate(qt, "Redo", "Default text for redo action")
                                      : QCoreApplication::translate(qt, "Redo %1").arg(redo));
}

void MainWindow::retranslate() {
  fileMenu_->setTitle(tr("&File"));
  newAction_->setText(tr("&New scenario"));
  openAction_->setText(tr("&Open…"));
  recentMenu_->setTitle(tr("Open &recent"));
  saveAction_->setText(tr("&Save"));
  saveAsAction_->setText(tr("Save &as…"));
  quitAction_->setText(tr("&Quit"));
  editMenu_->setTitle(tr("&Edit"));
  viewMenu_->setTitle(tr("&View"));
  helpMenu_->setTitle(tr("&Help"));
  aboutAction_->setText(tr("&About clusterplan"));
  inputDock_->setWindowTitle(tr("Inputs"));
  pages_->setTabText(0, tr("Plan"));
  pages_->setTabText(1, tr("InfiniBand vs RoCE"));
  pages_->setTabText(2, tr("Topology"));
  pages_->setTabText(pages_->indexOf(compare_), tr("Compare scenarios"));
  pages_->setTabText(pages_->indexOf(planner_), tr("Auto-planner"));
  saveToLibraryAction_->setText(tr("Save to &library"));
  openLibraryAction_->setText(tr("Open li&brary…"));
  newLibraryAction_->setText(tr("New librar&y…"));
  findAction_->setText(tr("&Find in the library"));
  guideAction_->setText(tr("User &guide"));
  shortcutsAction_->setText(tr("&Keyboard shortcuts"));
  exportMenu_->setTitle(tr("&Export"));
  exportAction_->setText(tr("Export a chart, table or picture of this page…"));
  pagesMenu_->setTitle(tr("&Pages"));
  nextPageAction_->setText(tr("Next page"));
  previousPageAction_->setText(tr("Previous page"));
  for (int i = 0; i < pageActions_.size(); ++i) pageActions_[i]->setText(pages_->tabText(i));
  updateUndoText();
  updateTitle();
}

QString MainWindow::documentName() const {
  const LibraryController* lib = library_->controller();
  if (QString listed = lib->nameOf(lib->currentId()); !listed.isEmpty()) return listed;  // renamed in the library
  return scenarioDisplayName(document_->scenario());
}

void MainWindow::updateTitle() {
  // The application's name, never translated; in front of it the scenario: its library entry
  // (with the revision when it is an old one), its file's name, or its name when it is not saved
  // and has edits; a '*' while it has unsaved edits, wherever it lives.
  const LibraryController* lib = library_->controller();
  const QString file = document_->fileName();
  const bool modified = document_->isModified();
  QString where, origin, tip;
  if (lib->currentId() != 0) {
    const QString name = oneLine(documentName());
    where = lib->isOldRevision() ? tr("%1 (library, old revision %2 of %3)")
                                       .arg(name, QString::number(lib->currentRevision()),
                                            QString::number(lib->newestRevision()))
                                 : tr("%1 (library)").arg(name);
    origin = lib->isOldRevision()
                 ? tr("Library: old revision %1 of %2 (saving makes it the newest)")
                       .arg(lib->currentRevision())
                       .arg(lib->newestRevision())
                 : tr("Library: revision %1").arg(lib->currentRevision());
    tip = QDir::toNativeSeparators(lib->libraryPath());
  } else if (!file.isEmpty()) {
    where = oneLine(QFileInfo(file).fileName());
    origin = tr("File: %1").arg(oneLine(QFileInfo(file).fileName()));
    tip = QDir::toNativeSeparators(file);
  } else {
    if (modified) where = tr("%1 (not saved)").arg(oneLine(scenarioDisplayName(document_->scenario())));
    origin = tr("Not saved");
  }
  QString title = where.isEmpty() ? QStringLiteral("clusterplan") : QStringLiteral("%1 — clusterplan").arg(where);
  if (modified && !where.isEmpty()) title.prepend(QLatin1Char('*'));
  setWindowTitle(title);
  if (origin_) {
    origin_->setText(modified ? tr("%1 · modified").arg(origin) : origin);
    origin_->setToolTip(plainToolTip(tip));
    paintNotices();
  }
}

void MainWindow::newScenario() {
  if (maybeSave()) document_->reset(cp::default_scenario());
}

void MainWindow::openDialog() {
  if (!maybeSave()) return;
  const QString path = QFileDialog::getOpenFileName(this, tr("Open scenario"), QString(),
                                                    tr("Scenario files (*.json)"));
  if (path.isEmpty()) return;
  QString error;
  if (!openFile(path, &error)) showOpenError(path, error);
}

// Back where the scenario lives: a new revision of its library entry, or its file; a scenario
// that lives nowhere yet asks for a file.
bool MainWindow::save() {
  if (library_->currentId() != 0) return library_->saveBack();
  if (document_->fileName().isEmpty()) return saveAs();
  QString error;
  if (saveFile(document_->fileName(), &error)) return true;
  warn(this, tr("Cannot save the scenario"),
       tr("%1 cannot be written:\n%2").arg(QDir::toNativeSeparators(document_->fileName()), error));
  return false;
}

bool MainWindow::saveAs() {
  // A scenario not saved to a file yet is offered under its name.
  QString suggested = document_->fileName();
  if (suggested.isEmpty()) {
    const QString base = exportFileBase(scenarioDisplayName(document_->scenario()), QString());
    suggested = (base.isEmpty() ? QStringLiteral("scenario") : base) + QStringLiteral(".json");
  }
  const QString path = QFileDialog::getSaveFileName(this, tr("Save scenario"), suggested, tr("Scenario files (*.json)"));
  if (path.isEmpty()) return false;
  QString error;
  if (saveFile(path, &error)) return true;
  warn(this, tr("Cannot save the scenario"), tr("%1 cannot be written:\n%2").arg(QDir::toNativeSeparators(path), error));
  return false;
}

QStringList MainWindow::recentFiles() const { return kRecentFiles.get(); }

void MainWindow::addRecent(const QString& path) {
  QStringList files = kRecentFiles.get();
  files.removeAll(path);
  files.prepend(path);
  while (files.size() > kMaxRecent) files.removeLast();
  kRecentFiles.set(files);
  updateRecentMenu();
}

void MainWindow::updateRecentMenu() {
  recentMenu_->clear();
  const QStringList files = kRecentFiles.get();
  for (const QString& path : files) {
    // '&' in a file's name is no mnemonic.
    QAction* a = recentMenu_->addAction(oneLine(QFileInfo(path).fileName()).replace(QLatin1Char('&'), QStringLiteral("&&")));
    a->setToolTip(plainToolTip(path));
    connect(a, &QAction::triggered, this, [this, path] {
      if (!maybeSave()) return;
      QString error;
      if (!openFile(path, &error)) showOpenError(path, error);
    });
  }
  recentMenu_->setEnabled(!files.isEmpty());
}

void MainWindow::showAbout() {
  QMessageBox::about(this, tr("About clusterplan"),
                     tr("<p><b>clusterplan</b> %1</p>"
                        "<p>Plans GPU clusters for large-model distributed training: memory per GPU, "
                        "parallel layout and networking.</p>")
                         .arg(QCoreApplication::applicationVersion().toHtmlEscaped()));
}

}  // namespace cp::ui
