#include "ui/librarydock.h"

#include <QAction>
#include <QComboBox>
#include <QDialog>
#include <QDir>
#include <QGuiApplication>
#include <QScrollBar>
#include <QEvent>
#include <QFileInfo>
#include <QGridLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QTableView>
#include <QToolButton>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>

#include "io/scenario_json.h"
#include "store/scenario_store.h"
#include "ui/librarycommands.h"
#include "ui/librarydialogs.h"
#include "ui/librarywatcher.h"
#include "ui/palette.h"
#include "ui/scenariodocument.h"
#include "ui/scenariolistmodel.h"

namespace cp::ui {
namespace {

using library::fromStd;
using library::guarded;
using library::toStd;
using library::DeleteCommand;
using library::DuplicateCommand;
using library::RenameCommand;
using library::TagsCommand;

// The estimate JSON the document shows, for the revision's snapshot; null while it is invalid.
// A save writes the estimate it has and runs none (cost.ib_vs_roce is null in snapshots).
nlohmann::json snapshotOf(const ScenarioDocument& d) {
  if (!d.valid() || !d.estimate()) return nullptr;
  return cp::estimate_to_json(d.estimatedScenario(), *d.estimate());
}

}  // namespace

LibraryDock::LibraryDock(ScenarioDocument* document, QWidget* parent)
    : QDockWidget(parent), document_(document), undo_(new QUndoStack(this)) {
  setObjectName(QStringLiteral("libraryDock"));
  setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);

  model_ = new ScenarioListModel(this);
  proxy_ = new QSortFilterProxyModel(this);
  proxy_->setSourceModel(model_);
  proxy_->setSortRole(ScenarioListModel::SortRole);
  proxy_->setSortCaseSensitivity(Qt::CaseInsensitive);
  // A save, rename or tag edit changes a row in place; the list is sorted again when the user
  // asks (a header click), never under the mouse. New rows still go where the sort puts them.
  proxy_->setDynamicSortFilter(false);

  banner_ = new QLabel;
  banner_->setObjectName(QStringLiteral("libraryBanner"));
  banner_->setWordWrap(true);
  banner_->setMargin(6);
  banner_->setAutoFillBackground(true);
  banner_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  banner_->setVisible(false);

  search_ = new QLineEdit;
  search_->setObjectName(QStringLiteral("librarySearch"));
  search_->setClearButtonEnabled(true);
  tagFilter_ = new QComboBox;
  tagFilter_->setObjectName(QStringLiteral("libraryTagFilter"));
  tagFilter_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
  auto* filters = new QHBoxLayout;
  filters->addWidget(search_, 1);
  filters->addWidget(tagFilter_);

  view_ = new QTableView;
  view_->setObjectName(QStringLiteral("libraryView"));
  view_->setModel(proxy_);
  view_->setSelectionBehavior(QAbstractItemView::SelectRows);
  view_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  view_->setSortingEnabled(true);
  view_->sortByColumn(ScenarioListModel::Updated, Qt::DescendingOrder);
  view_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  view_->setAlternatingRowColors(true);
  view_->setWordWrap(false);
  view_->setTextElideMode(Qt::ElideRight);
  view_->verticalHeader()->setVisible(false);
  view_->verticalHeader()->setDefaultSectionSize(view_->fontMetrics().height() + 8);
  view_->horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
  view_->horizontalHeader()->setStretchLastSection(false);
  view_->horizontalHeader()->setHighlightSections(false);
  view_->setContextMenuPolicy(Qt::ActionsContextMenu);

  status_ = new QLabel;
  status_->setObjectName(QStringLiteral("libraryStatus"));
  status_->setForegroundRole(QPalette::PlaceholderText);
  status_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  auto action = [this](const char* name, void (LibraryDock::*slot)()) {
    auto* a = new QAction(this);
    a->setObjectName(QLatin1String(name));
    connect(a, &QAction::triggered, this, slot);
    return a;
  };
  saveAction_ = action("librarySave", &LibraryDock::save);
  saveAsAction_ = action("librarySaveAs", &LibraryDock::saveAs);
  openAction_ = action("libraryOpen", &LibraryDock::openSelected);
  renameAction_ = action("libraryRename", &LibraryDock::renameSelected);
  tagsAction_ = action("libraryTags", &LibraryDock::editTagsSelected);
  duplicateAction_ = action("libraryDuplicate", &LibraryDock::duplicateSelected);
  deleteAction_ = action("libraryDelete", &LibraryDock::deleteSelected);
  historyAction_ = action("libraryHistory", &LibraryDock::showHistory);
  compareAction_ = action("libraryCompare", &LibraryDock::compareSelected);
  undoAction_ = undo_->createUndoAction(this, tr("Undo"));
  undoAction_->setObjectName(QStringLiteral("libraryUndo"));
  redoAction_ = undo_->createRedoAction(this, tr("Redo"));
  redoAction_->setObjectName(QStringLiteral("libraryRedo"));
  // Delete works on the list when it has the focus; the window's Ctrl+Z stays the editor's undo.
  deleteAction_->setShortcut(QKeySequence::Delete);
  deleteAction_->setShortcutContext(Qt::WidgetWithChildrenShortcut);
  for (QAction* a : {openAction_, renameAction_, tagsAction_, duplicateAction_, deleteAction_, historyAction_,
                     compareAction_})
    view_->addAction(a);

  // Two rows of buttons, so that every label shows in a narrow dock.
  auto* buttons = new QGridLayout;
  buttons->setSpacing(3);
  const QList<QList<QAction*>> rows{{saveAction_, saveAsAction_, openAction_, historyAction_, compareAction_, undoAction_},
                                    {renameAction_, tagsAction_, duplicateAction_, deleteAction_, nullptr, redoAction_}};
  for (int r = 0; r < rows.size(); ++r)
    for (int c = 0; c < rows[r].size(); ++c) {
      if (!rows[r][c]) continue;
      auto* b = new QToolButton;
      b->setDefaultAction(rows[r][c]);
      b->setToolButtonStyle(Qt::ToolButtonTextOnly);
      b->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
      buttons->addWidget(b, r, c);
      buttons_ << b;
    }

  auto* body = new QWidget;
  auto* v = new QVBoxLayout(body);
  v->setContentsMargins(4, 4, 4, 4);
  v->setSpacing(4);
  v->addWidget(banner_);
  v->addLayout(filters);
  v->addLayout(buttons);
  v->addWidget(view_, 1);
  v->addWidget(status_);
  setWidget(body);

  connect(search_, &QLineEdit::textChanged, this, &LibraryDock::applyFilter);
  connect(tagFilter_, &QComboBox::activated, this, &LibraryDock::applyFilter);
  connect(view_, &QTableView::doubleClicked, this, &LibraryDock::openSelected);
  connect(view_->selectionModel(), &QItemSelectionModel::selectionChanged, this, &LibraryDock::updateActions);
  connect(model_, &QAbstractItemModel::modelReset, this, &LibraryDock::updateActions);
  connect(document_, &ScenarioDocument::fileNameChanged, this, &LibraryDock::documentReset);
  // Saves elsewhere (the command line, a second window): seen when the files change, and when
  // the user comes back to the application (a network file system may not report changes).
  watcher_ = new LibraryWatcher(this);
  connect(watcher_, &LibraryWatcher::changed, this, &LibraryDock::checkForChanges);
  connect(qGuiApp, &QGuiApplication::applicationStateChanged, this, [this](Qt::ApplicationState state) {
    if (state == Qt::ApplicationActive) checkForChanges();
  });

  retranslate();
  updateActions();
}

LibraryDock::~LibraryDock() {
  // The commands hold references into the store: drop them first.
  undo_->clear();
  model_->setStore(nullptr);
}

QString LibraryDock::defaultLibraryPath() {
  // The command line's rule, so that both see the same scenarios.
  return QString::fromStdString(cp::default_library_path());
}

bool LibraryDock::openLibrary(const QString& path, QString* message) {
  undo_->clear();
  model_->setStore(nullptr);
  watcher_->setPath(QString());
  store_.reset();
  listed_.clear();
  current_.reset();
  refs_.clear();
  libraryPath_ = QFileInfo(path).absoluteFilePath();
  banner_kind_ = Banner::None;
  bannerArg_.clear();
  bannerDetail_.clear();
  QDir().mkpath(QFileInfo(libraryPath_).absolutePath());
  try {
    if (path.isEmpty()) throw cp::StoreError("no library path given, and neither XDG_DATA_HOME nor HOME is set");
    store_ = std::make_unique<cp::ScenarioStore>(libraryPath_.toStdString());
  } catch (const std::exception& e) {
    banner_kind_ = Banner::CannotOpen;
    bannerArg_ = QDir::toNativeSeparators(libraryPath_);
    bannerDetail_ = fromStd(e.what());
  }
  if (store_) {
    const cp::OpenReport& report = store_->report();
    QStringList notices;
    for (const std::string& n : report.notices) notices << fromStd(n);
    bannerDetail_ = notices.join(QLatin1Char('\n'));
    if (!report.moved_aside_to.empty()) {
      banner_kind_ = Banner::MovedAside;
      bannerArg_ = QDir::toNativeSeparators(fromStd(report.moved_aside_to));
    } else if (report.read_only) {
      banner_kind_ = Banner::ReadOnly;
      bannerArg_ = QDir::toNativeSeparators(libraryPath_);
    }
  }
  model_->setStore(store_.get());
  listed_ = listing();
  if (store_) watcher_->setPath(libraryPath_);
  columnsSized_ = false;
  fitColumns();
  updateTags();
  showBanner();
  updateActions();
  if (message) *message = bannerText();
  Q_EMIT libraryChanged();
  return store_ != nullptr;
}

bool LibraryDock::isReadOnly() const { return !store_ || store_->read_only(); }

QString LibraryDock::bannerText() const { return banner_->isHidden() ? QString() : banner_->text(); }

QString LibraryDock::alertText() const {
  if (banner_kind_ == Banner::CannotOpen && !bannerDetail_.isEmpty())
    return banner_->text() + QLatin1Char(' ') + bannerDetail_;  // the reason: e.g. another program has it open
  return banner_kind_ == Banner::MovedAside || banner_kind_ == Banner::CannotOpen ? banner_->text() : QString();
}

void LibraryDock::showBanner() {
  QString text;
  bool error = false;
  switch (banner_kind_) {
    case Banner::None: break;
    case Banner::MovedAside:
      text = tr("The scenario library was damaged. It was moved aside, not deleted, to %1, and a new, empty "
                "library was started.").arg(bannerArg_);
      break;
    case Banner::ReadOnly:
      text = tr("The scenario library %1 is open read-only: scenarios can be opened and compared but not saved, "
                "renamed or deleted.").arg(bannerArg_);
      break;
    case Banner::CannotOpen:
      text = tr("The scenario library %1 cannot be opened. Nothing in it was changed.").arg(bannerArg_);
      error = true;
      break;
    case Banner::Failed:
      text = tr("The scenario library cannot be read.");
      error = true;
      break;
  }
  banner_->setText(text);
  banner_->setToolTip(bannerDetail_);
  QPalette p = palette();  // the dock's: it follows the theme
  p.setColor(QPalette::Window, palette::bannerBackground(p, error));
  p.setColor(QPalette::WindowText, palette::bannerText(p));
  banner_->setPalette(p);
  banner_->setHidden(text.isEmpty());
}

std::shared_ptr<LibraryDock::Ref> LibraryDock::ref(std::int64_t id) {
  if (auto it = refs_.find(qint64(id)); it != refs_.end())
    if (std::shared_ptr<Ref> r = it->lock(); r && r->id == id) return r;
  auto r = std::make_shared<Ref>();
  r->id = id;
  refs_.insert(qint64(id), r);
  return r;
}

void LibraryDock::rebind(const std::shared_ptr<Ref>& r, std::int64_t id) {
  if (auto it = refs_.find(qint64(r->id)); it != refs_.end() && it->lock() == r) refs_.erase(it);
  r->id = id;
  if (id != 0) refs_.insert(qint64(id), r);
}

std::int64_t LibraryDock::currentId() const { return current_ ? current_->id : 0; }

QList<std::int64_t> LibraryDock::selectedIds() const {
  QList<std::int64_t> ids;
  QModelIndexList rows = view_->selectionModel()->selectedRows();
  std::sort(rows.begin(), rows.end(), [](const QModelIndex& a, const QModelIndex& b) { return a.row() < b.row(); });
  for (const QModelIndex& i : rows) ids << std::int64_t(i.data(ScenarioListModel::IdRole).toLongLong());
  return ids;
}

void LibraryDock::selectIds(const QList<std::int64_t>& ids) { select(ids, true); }

void LibraryDock::select(const QList<std::int64_t>& ids, bool scroll) {
  QItemSelection selection;
  for (std::int64_t id : ids) {
    const int row = model_->rowOf(id);
    if (row < 0) continue;
    const QModelIndex left = proxy_->mapFromSource(model_->index(row, 0));
    const QModelIndex right = proxy_->mapFromSource(model_->index(row, ScenarioListModel::ColumnCount - 1));
    selection.select(left, right);
  }
  view_->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
  if (!selection.isEmpty()) {
    view_->selectionModel()->setCurrentIndex(selection.indexes().front(), QItemSelectionModel::NoUpdate);
    if (scroll) view_->scrollTo(selection.indexes().front());
  }
  updateActions();
}

QByteArray LibraryDock::listing() const {
  QByteArray out;
  if (!store_) return out;
  std::vector<cp::ScenarioSummary> list;
  if (!guarded(nullptr, [&] { list = store_->list(); })) return QByteArrayLiteral("error");
  for (const cp::ScenarioSummary& s : list) {
    out += QByteArray::number(qint64(s.id)) + ':' + QByteArray::number(s.revision) + ':' +
           QByteArray::fromStdString(s.updated_at) + ':' + QByteArray::fromStdString(s.name);
    for (const std::string& t : s.tags) out += '\x1f' + QByteArray::fromStdString(t);
    out += '\n';
  }
  return out;
}

void LibraryDock::checkForChanges() {
  if (!store_) return;
  if (listing() == listed_) return;  // nothing changed (or the change was the dock's own)
  refresh();
  Q_EMIT libraryChanged();
}

void LibraryDock::refresh() {
  const QList<std::int64_t> selected = selectedIds();
  // The row at the top of the view stays there (rows added or removed above it do not move
  // what the user looks at); at the very top, new rows show.
  const QScrollBar* bar = view_->verticalScrollBar();
  const std::int64_t top = bar->value() > 0 ? model_->idAt(proxy_->mapToSource(view_->indexAt(QPoint(1, 1))).row()) : 0;
  const int horizontal = view_->horizontalScrollBar()->value();
  listed_ = listing();  // first: a save elsewhere while the model reads is seen by the next check
  model_->refresh();
  fitColumns();
  updateTags();
  select(selected, false);
  if (const int row = model_->rowOf(top); top != 0 && row >= 0)
    view_->scrollTo(proxy_->mapFromSource(model_->index(row, 0)), QAbstractItemView::PositionAtTop);
  view_->horizontalScrollBar()->setValue(horizontal);
  if (!model_->lastError().isEmpty()) {
    banner_kind_ = Banner::Failed;
    bannerDetail_ = model_->lastError();
    showBanner();
  } else if (banner_kind_ == Banner::Failed) {
    banner_kind_ = Banner::None;
    showBanner();
  }
  updateActions();
}

void LibraryDock::fitColumns() {
  // Once, when the first scenarios show: every column as wide as its contents, the name and the
  // tags within reason (the rest of a long name is in the tooltip); later the user's widths stay.
  if (columnsSized_ || model_->rowCount() == 0) return;
  columnsSized_ = true;
  view_->resizeColumnsToContents();
  const int widest = view_->fontMetrics().averageCharWidth() * 40;
  for (int c : {int(ScenarioListModel::Name), int(ScenarioListModel::Tags), int(ScenarioListModel::Model)})
    view_->setColumnWidth(c, std::min(view_->columnWidth(c), widest));
}

void LibraryDock::applyFilter() {
  const QString tag = tagFilter_->currentData().toString();
  model_->setFilter(search_->text().trimmed(), tag);
  updateActions();
}

void LibraryDock::updateTags() {
  const QString current = tagFilter_->currentData().toString();
  QSignalBlocker block(tagFilter_);
  tagFilter_->clear();
  tagFilter_->addItem(tr("All tags"), QString());
  if (store_) {
    std::vector<cp::TagCount> tags;
    if (guarded(nullptr, [&] { tags = store_->tags(); }))
      for (const cp::TagCount& t : tags)
        tagFilter_->addItem(tr("%1 (%2)").arg(fromStd(t.tag)).arg(t.scenarios), fromStd(t.tag));
  }
  const int index = tagFilter_->findData(current);
  tagFilter_->setCurrentIndex(std::max(0, index));
  if (index < 0 && !current.isEmpty()) applyFilter();  // the tag is gone: show every scenario
}

void LibraryDock::updateActions() {
  const int selected = int(view_->selectionModel()->selectedRows().size());
  const bool writable = !isReadOnly();
  saveAction_->setEnabled(writable);
  saveAsAction_->setEnabled(writable);
  openAction_->setEnabled(selected == 1);
  historyAction_->setEnabled(selected == 1);
  renameAction_->setEnabled(writable && selected == 1);
  tagsAction_->setEnabled(writable && selected == 1);
  duplicateAction_->setEnabled(writable && selected == 1);
  deleteAction_->setEnabled(writable && selected >= 1);
  compareAction_->setEnabled(selected >= 2 && selected <= 4);
  if (!store_) {
    status_->setText(tr("No library"));
  } else {
    const int shown = model_->rowCount();
    QString text = model_->search().isEmpty() && model_->tag().isEmpty() ? tr("Scenarios: %1").arg(shown)
                                                                         : tr("Matching scenarios: %1").arg(shown);
    if (store_->read_only()) text = tr("%1 · read-only").arg(text);
    status_->setText(text);
    status_->setToolTip(QDir::toNativeSeparators(libraryPath_));
  }
}

void LibraryDock::documentReset() {
  // The document got another scenario (new, open, drop, restore): it no longer belongs to the
  // library entry it came from. The dock's own loads set `loading_`.
  if (!loading_) current_.reset();
}

void LibraryDock::loadIntoDocument(const cp::ScenarioFileDocument& entry, std::int64_t id, bool latest) {
  loading_ = true;
  document_->reset(entry.scenario);
  document_->setFileNotesAndTags(entry.notes, entry.tags);  // the notes are edited in the Inputs dock
  loading_ = false;
  current_ = ref(id);
  // An older revision is an unsaved change of the entry: saving it makes it the newest again.
  if (!latest) document_->markModified();
}

std::int64_t LibraryDock::saveToLibrary(QString* error) {
  if (!store_) {
    if (error) *error = tr("No library is open.");
    return 0;
  }
  cp::ScenarioFileDocument d;
  d.scenario = document_->scenario();
  d.notes = document_->fileNotes();
  const std::int64_t id = currentId();
  std::int64_t saved = 0;
  int revision = 0;
  const bool ok = guarded(error, [&] {
    if (id != 0) {
      // The entry keeps its name (renamed in the library) and tags; the scenario and its notes
      // (edited in the Inputs dock) are the document's.
      cp::StoredScenario old;
      if (store_->load(id, old)) {
        d.scenario.name = old.document.scenario.name;
        d.scenario.derived_name = old.document.scenario.derived_name;
        d.tags = old.document.tags;
      }
    }
    saved = store_->save(d, snapshotOf(*document_), id, revision);
  });
  if (!ok) return 0;
  loading_ = true;
  document_->setFileName(QString());  // the document is the library entry now, not a file
  loading_ = false;
  if (id == 0) current_ = ref(saved);
  document_->setClean();
  refresh();
  selectIds({saved});
  announceSave(QString::fromStdString(d.scenario.name), revision);
  Q_EMIT libraryChanged();
  return saved;
}

std::int64_t LibraryDock::saveAsNew(const QString& name, const QStringList& tags, QString* error) {
  if (!store_) {
    if (error) *error = tr("No library is open.");
    return 0;
  }
  cp::ScenarioFileDocument d;
  d.scenario = document_->scenario();
  d.scenario.name = name.trimmed().toStdString();
  d.tags = toStd(tags);
  d.notes = document_->fileNotes();
  std::int64_t saved = 0;
  int revision = 0;
  if (!guarded(error, [&] { saved = store_->save(d, snapshotOf(*document_), 0, revision); })) return 0;
  loading_ = true;
  document_->setFileName(QString());
  loading_ = false;
  current_ = ref(saved);
  document_->setClean();
  refresh();
  selectIds({saved});
  announceSave(QString::fromStdString(d.scenario.name), revision);
  Q_EMIT libraryChanged();
  return saved;
}

void LibraryDock::announceSave(const QString& name, int revision) {
  Q_EMIT saved(tr("Saved “%1” to the library %2 (revision %3)")
                   .arg(name, QDir::toNativeSeparators(libraryPath_))
                   .arg(revision));
}

bool LibraryDock::openScenario(std::int64_t id, QString* error) {
  if (!store_) return false;
  cp::StoredScenario s;
  bool found = false;
  if (!guarded(error, [&] { found = store_->load(id, s); })) return false;
  if (!found) {
    if (error) *error = tr("The scenario is no longer in the library.");
    return false;
  }
  loadIntoDocument(s.document, id, true);
  return true;
}

bool LibraryDock::openRevision(std::int64_t id, int revision, QString* error) {
  if (!store_) return false;
  cp::StoredScenario s;
  bool found = false;
  if (!guarded(error, [&] { found = store_->load_revision(id, revision, s); })) return false;
  if (!found) {
    if (error) *error = tr("There is no revision %1 of this scenario.").arg(revision);
    return false;
  }
  int latest = 0;
  guarded(nullptr, [&] {
    const auto h = store_->history(id);
    if (!h.empty()) latest = h.front().revision;
  });
  loadIntoDocument(s.document, id, revision == latest);
  return true;
}

bool LibraryDock::renameScenario(std::int64_t id, const QString& name, QString* error) {
  if (!store_) return false;
  const QString before = model_->nameOf(id);
  const QString after = name.trimmed();
  if (after.isEmpty()) {
    if (error) *error = tr("A scenario needs a name.");
    return false;
  }
  bool found = false;
  if (!guarded(error, [&] { found = store_->rename(id, after.toStdString()); })) return false;
  if (!found) {
    if (error) *error = tr("The scenario is no longer in the library.");
    return false;
  }
  undo_->push(new RenameCommand(this, ref(id), before, after));
  refresh();
  Q_EMIT libraryChanged();
  return true;
}

bool LibraryDock::setTags(std::int64_t id, const QStringList& tags, QString* error) {
  if (!store_) return false;
  QStringList before;
  if (const int row = model_->rowOf(id); row >= 0)
    before = model_->index(row, 0).data(ScenarioListModel::TagsRole).toStringList();
  if (!guarded(error, [&] { library::saveTags(*store_, id, tags); })) return false;
  undo_->push(new TagsCommand(this, ref(id), model_->nameOf(id), before, tags));
  refresh();
  Q_EMIT libraryChanged();
  return true;
}

std::int64_t LibraryDock::duplicateScenario(std::int64_t id, QString* error) {
  if (!store_) return 0;
  std::int64_t copy = 0;
  if (!guarded(error, [&] { copy = store_->duplicate(id); })) return 0;
  if (copy == 0) {
    if (error) *error = tr("The scenario is no longer in the library.");
    return 0;
  }
  undo_->push(new DuplicateCommand(this, ref(id), ref(copy), model_->nameOf(id)));
  refresh();
  selectIds({copy});
  Q_EMIT libraryChanged();
  return copy;
}

bool LibraryDock::deleteScenarios(const QList<std::int64_t>& ids, QString* error) {
  if (!store_ || ids.isEmpty()) return false;
  std::vector<DeleteCommand::Deleted> deleted;
  const QString text = ids.size() == 1 ? tr("Delete “%1”").arg(model_->nameOf(ids.front()))
                                       : tr("Delete %1 scenarios").arg(ids.size());
  const bool ok = guarded(error, [&] {
    for (std::int64_t id : ids) deleted.push_back(DeleteCommand::capture(this, *store_, id));
    for (const DeleteCommand::Deleted& d : deleted) DeleteCommand::remove(this, *store_, d.ref);
  });
  if (!deleted.empty()) undo_->push(new DeleteCommand(this, std::move(deleted), text));
  refresh();
  Q_EMIT libraryChanged();
  return ok;
}

QStringList LibraryDock::parseTags(const QString& text) {
  QStringList tags;
  for (const QString& part : text.split(QLatin1Char(','))) {
    const QString t = part.trimmed();
    if (!t.isEmpty() && !tags.contains(t)) tags << t;
  }
  return tags;
}

void LibraryDock::fail(const QString& title, const QString& error) { QMessageBox::warning(this, title, error); }

void LibraryDock::save() {
  if (currentId() == 0) return saveAs();
  QString error;
  if (!saveToLibrary(&error)) fail(tr("Cannot save to the library"), error);
}

void LibraryDock::saveAs() {
  QString name = model_->nameOf(currentId());
  if (name.isEmpty()) name = QString::fromStdString(document_->scenario().name);
  QStringList tags;
  if (const int row = model_->rowOf(currentId()); row >= 0)
    tags = model_->index(row, 0).data(ScenarioListModel::TagsRole).toStringList();
  SaveAsDialog dialog(name, tags, this);
  if (dialog.exec() != QDialog::Accepted) return;
  QString error;
  if (!saveAsNew(dialog.name(), dialog.tags(), &error)) fail(tr("Cannot save to the library"), error);
}

void LibraryDock::openSelected() {
  const QList<std::int64_t> ids = selectedIds();
  if (ids.size() != 1) return;
  if (document_->isModified() &&
      QMessageBox::question(this, tr("Unsaved changes"),
                            tr("The edited scenario has unsaved changes. Open “%1” anyway and drop them?")
                                .arg(model_->nameOf(ids.front()))) != QMessageBox::Yes)
    return;
  QString error;
  if (!openScenario(ids.front(), &error)) fail(tr("Cannot open the scenario"), error);
}

void LibraryDock::renameSelected() {
  const QList<std::int64_t> ids = selectedIds();
  if (ids.size() != 1) return;
  bool ok = false;
  const QString name = QInputDialog::getText(this, tr("Rename scenario"), tr("New name:"), QLineEdit::Normal,
                                             model_->nameOf(ids.front()), &ok);
  if (!ok || name.trimmed().isEmpty() || name.trimmed() == model_->nameOf(ids.front())) return;
  QString error;
  if (!renameScenario(ids.front(), name, &error)) fail(tr("Cannot rename the scenario"), error);
}

void LibraryDock::editTagsSelected() {
  const QList<std::int64_t> ids = selectedIds();
  if (ids.size() != 1) return;
  const QStringList before =
      model_->index(model_->rowOf(ids.front()), 0).data(ScenarioListModel::TagsRole).toStringList();
  bool ok = false;
  const QString text = QInputDialog::getText(this, tr("Tags"), tr("Tags of “%1”, comma-separated:").arg(model_->nameOf(ids.front())),
                                             QLineEdit::Normal, before.join(QStringLiteral(", ")), &ok);
  if (!ok || parseTags(text) == before) return;
  QString error;
  if (!setTags(ids.front(), parseTags(text), &error)) fail(tr("Cannot change the tags"), error);
}

void LibraryDock::duplicateSelected() {
  const QList<std::int64_t> ids = selectedIds();
  if (ids.size() != 1) return;
  QString error;
  if (!duplicateScenario(ids.front(), &error)) fail(tr("Cannot duplicate the scenario"), error);
}

void LibraryDock::deleteSelected() {
  const QList<std::int64_t> ids = selectedIds();
  if (ids.isEmpty()) return;
  // Asks first (issue 19 point 15); Undo in the dock brings the scenarios back.
  const QString question =
      ids.size() == 1
          ? tr("Delete “%1” and its history from the library? Undo in the library brings it back.")
                .arg(model_->nameOf(ids.front()))
          : tr("Delete %1 scenarios and their history from the library? Undo in the library brings them back.")
                .arg(ids.size());
  if (QMessageBox::question(this, tr("Delete scenarios"), question, QMessageBox::Yes | QMessageBox::Cancel,
                            QMessageBox::Cancel) != QMessageBox::Yes)
    return;
  QString error;
  if (!deleteScenarios(ids, &error)) fail(tr("Cannot delete"), error);
}

void LibraryDock::compareSelected() {
  const QList<std::int64_t> ids = selectedIds();
  if (ids.size() < 2 || ids.size() > 4) return;
  QList<qint64> out;
  for (std::int64_t id : ids) out << qint64(id);
  Q_EMIT compareRequested(out);
}

void LibraryDock::showHistory() {
  const QList<std::int64_t> ids = selectedIds();
  if (ids.size() != 1 || !store_) return;
  const std::int64_t id = ids.front();
  std::vector<cp::RevisionInfo> history;
  QString error;
  if (!guarded(&error, [&] { history = store_->history(id); })) return fail(tr("Cannot read the history"), error);

  RevisionHistoryDialog dialog(model_->nameOf(id), history, this);
  if (dialog.exec() != QDialog::Accepted || dialog.selectedRevision() == 0) return;
  if (document_->isModified() &&
      QMessageBox::question(this, tr("Unsaved changes"),
                            tr("The edited scenario has unsaved changes. Open the revision anyway and drop them?")) !=
          QMessageBox::Yes)
    return;
  if (!openRevision(id, dialog.selectedRevision(), &error)) fail(tr("Cannot open the revision"), error);
}

void LibraryDock::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
  if (event->type() == QEvent::PaletteChange && banner_) showBanner();  // the banner's colours follow the theme
  QDockWidget::changeEvent(event);
}

void LibraryDock::retranslate() {
  setWindowTitle(tr("Scenario library"));
  search_->setPlaceholderText(tr("Search names…"));
  tagFilter_->setToolTip(tr("Show only the scenarios with this tag"));
  saveAction_->setText(tr("Save"));
  saveAction_->setToolTip(tr("Save the edited scenario to the library: a new revision of the entry it came from"));
  saveAsAction_->setText(tr("Save as…"));
  saveAsAction_->setToolTip(tr("Save the edited scenario as a new library entry, with a name and tags"));
  openAction_->setText(tr("Open"));
  openAction_->setToolTip(tr("Open the selected scenario in the editor"));
  renameAction_->setText(tr("Rename…"));
  tagsAction_->setText(tr("Tags…"));
  tagsAction_->setToolTip(tr("Edit the tags of the selected scenario"));
  duplicateAction_->setText(tr("Duplicate"));
  deleteAction_->setText(tr("Delete"));
  deleteAction_->setToolTip(tr("Delete the selected scenarios with their history (undo brings them back)"));
  historyAction_->setText(tr("History…"));
  historyAction_->setToolTip(tr("Every saved revision of the selected scenario"));
  compareAction_->setText(tr("Compare"));
  compareAction_->setToolTip(tr("Compare two to four selected scenarios side by side"));
  undoAction_->setIconText(tr("Undo"));
  redoAction_->setIconText(tr("Redo"));
  if (tagFilter_->count() > 0) tagFilter_->setItemText(0, tr("All tags"));
  showBanner();
  updateActions();
}

}  // namespace cp::ui
