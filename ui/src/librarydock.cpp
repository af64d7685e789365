#include "ui/librarydock.h"

#include <QAction>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QFormLayout>
#include <QGridLayout>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSortFilterProxyModel>
#include <QStandardPaths>
#include <QTableView>
#include <QToolButton>
#include <QTreeWidget>
#include <QUndoCommand>
#include <QUndoStack>
#include <QVBoxLayout>
#include <algorithm>

#include "io/scenario_json.h"
#include "store/scenario_store.h"
#include "ui/palette.h"
#include "ui/scenariodocument.h"
#include "ui/scenariolistmodel.h"

namespace cp::ui {
namespace {

QString fromStd(const std::string& s) { return QString::fromStdString(s); }

std::vector<std::string> toStd(const QStringList& list) {
  std::vector<std::string> out;
  for (const QString& s : list) out.push_back(s.toStdString());
  return out;
}

// Runs a store operation; a StoreError (or any other failure the store reports) becomes `error`.
template <typename F>
bool guarded(QString* error, F&& f) {
  try {
    f();
    return true;
  } catch (const std::exception& e) {
    if (error) *error = fromStd(e.what());
    return false;
  }
}

// The estimate JSON the document shows, for the revision's snapshot; null while it is invalid.
// A save writes the estimate it has and runs none (cost.ib_vs_roce is null in snapshots).
nlohmann::json snapshotOf(const ScenarioDocument& d) {
  if (!d.valid() || !d.estimate()) return nullptr;
  return cp::estimate_to_json(d.estimatedScenario(), *d.estimate());
}

// The base of the library's undo commands: the operation is done before the command is pushed,
// so the first redo() (QUndoStack::push calls it) does nothing.
class LibraryCommand : public QUndoCommand {
 public:
  LibraryCommand(LibraryDock* dock, const QString& text) : QUndoCommand(text), dock_(dock) {}
  void undo() override {
    QString error;
    if (!guarded(&error, [this] { undoIt(); })) qWarning("library undo failed: %s", qPrintable(error));
    dock_->refresh();
    Q_EMIT dock_->libraryChanged();
  }
  void redo() override {
    if (first_) {
      first_ = false;
      return;
    }
    QString error;
    if (!guarded(&error, [this] { redoIt(); })) qWarning("library redo failed: %s", qPrintable(error));
    dock_->refresh();
    Q_EMIT dock_->libraryChanged();
  }

 protected:
  virtual void undoIt() = 0;
  virtual void redoIt() = 0;
  cp::ScenarioStore& store() const { return *dock_->store(); }
  LibraryDock* dock_;

 private:
  bool first_ = true;
};

// Rename and tags: a new revision with the old or the new name or tags.
class RenameCommand : public LibraryCommand {
 public:
  RenameCommand(LibraryDock* dock, std::shared_ptr<LibraryDock::Ref> ref, QString before, QString after)
      : LibraryCommand(dock, LibraryDock::tr("Rename “%1” to “%2”").arg(before, after)),
        ref_(std::move(ref)), before_(std::move(before)), after_(std::move(after)) {}

 protected:
  void undoIt() override { store().rename(ref_->id, before_.toStdString()); }
  void redoIt() override { store().rename(ref_->id, after_.toStdString()); }

 private:
  std::shared_ptr<LibraryDock::Ref> ref_;
  QString before_, after_;
};

void saveTags(cp::ScenarioStore& store, std::int64_t id, const QStringList& tags) {
  cp::StoredScenario s;
  if (!store.load(id, s)) throw cp::StoreError("the scenario is no longer in the library");
  s.document.tags = toStd(tags);
  store.save(s.document, s.estimate, id);
}

class TagsCommand : public LibraryCommand {
 public:
  TagsCommand(LibraryDock* dock, std::shared_ptr<LibraryDock::Ref> ref, const QString& name, QStringList before,
              QStringList after)
      : LibraryCommand(dock, LibraryDock::tr("Change the tags of “%1”").arg(name)),
        ref_(std::move(ref)), before_(std::move(before)), after_(std::move(after)) {}

 protected:
  void undoIt() override { saveTags(store(), ref_->id, before_); }
  void redoIt() override { saveTags(store(), ref_->id, after_); }

 private:
  std::shared_ptr<LibraryDock::Ref> ref_;
  QStringList before_, after_;
};

class DuplicateCommand : public LibraryCommand {
 public:
  DuplicateCommand(LibraryDock* dock, std::shared_ptr<LibraryDock::Ref> source, std::shared_ptr<LibraryDock::Ref> copy,
                   const QString& name)
      : LibraryCommand(dock, LibraryDock::tr("Duplicate “%1”").arg(name)),
        source_(std::move(source)), copy_(std::move(copy)) {}

 protected:
  void undoIt() override {
    store().remove(copy_->id);
    dock_->rebind(copy_, 0);
  }
  void redoIt() override { dock_->rebind(copy_, store().duplicate(source_->id)); }

 private:
  std::shared_ptr<LibraryDock::Ref> source_, copy_;
};

// Delete keeps every revision of every deleted scenario; undo saves them again, oldest first,
// in one transaction, so that the scenario comes back with its history (under a new id).
class DeleteCommand : public LibraryCommand {
 public:
  struct Deleted {
    std::shared_ptr<LibraryDock::Ref> ref;
    std::vector<cp::StoredScenario> revisions;  // oldest first; the last one has the current tags
  };
  DeleteCommand(LibraryDock* dock, std::vector<Deleted> deleted, const QString& text)
      : LibraryCommand(dock, text), deleted_(std::move(deleted)) {}

  static Deleted capture(LibraryDock* dock, cp::ScenarioStore& store, std::int64_t id) {
    Deleted d;
    d.ref = dock->ref(id);
    std::vector<cp::RevisionInfo> history = store.history(id);
    std::reverse(history.begin(), history.end());
    for (const cp::RevisionInfo& info : history) {
      cp::StoredScenario s;
      if (store.load_revision(id, info.revision, s)) d.revisions.push_back(std::move(s));
    }
    cp::StoredScenario latest;
    if (store.load(id, latest)) {
      if (d.revisions.empty()) d.revisions.push_back(latest);
      d.revisions.back().document.tags = latest.document.tags;
    }
    return d;
  }
  static void remove(LibraryDock* dock, cp::ScenarioStore& store, const std::shared_ptr<LibraryDock::Ref>& ref) {
    store.remove(ref->id);
    dock->rebind(ref, 0);
  }

 protected:
  void undoIt() override {
    cp::ScenarioStore::Batch batch(store());
    std::vector<std::int64_t> ids;
    for (const Deleted& d : deleted_) {
      std::int64_t id = 0;
      for (const cp::StoredScenario& s : d.revisions) id = store().save(s.document, s.estimate, id);
      ids.push_back(id);
    }
    batch.commit();
    for (std::size_t i = 0; i < deleted_.size(); ++i) dock_->rebind(deleted_[i].ref, ids[i]);
  }
  void redoIt() override {
    for (const Deleted& d : deleted_) remove(dock_, store(), d.ref);
  }

 private:
  std::vector<Deleted> deleted_;
};

// "Save as": a name and tags.
class SaveAsDialog : public QDialog {
 public:
  SaveAsDialog(const QString& name, const QStringList& tags, QWidget* parent) : QDialog(parent) {
    setWindowTitle(LibraryDock::tr("Save to the library as"));
    name_ = new QLineEdit(name);
    name_->setObjectName(QStringLiteral("saveAsName"));
    tags_ = new QLineEdit(tags.join(QStringLiteral(", ")));
    tags_->setObjectName(QStringLiteral("saveAsTags"));
    tags_->setPlaceholderText(LibraryDock::tr("comma-separated, e.g. a100, baseline"));
    auto* form = new QFormLayout;
    form->addRow(LibraryDock::tr("Name:"), name_);
    form->addRow(LibraryDock::tr("Tags:"), tags_);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Save | QDialogButtonBox::Cancel);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(name_, &QLineEdit::textChanged, this, [this, buttons] {
      buttons->button(QDialogButtonBox::Save)->setEnabled(!name_->text().trimmed().isEmpty());
    });
    auto* v = new QVBoxLayout(this);
    v->addLayout(form);
    v->addWidget(buttons);
    resize(420, sizeHint().height());
  }
  QString name() const { return name_->text().trimmed(); }
  QStringList tags() const { return LibraryDock::parseTags(tags_->text()); }

 private:
  QLineEdit* name_;
  QLineEdit* tags_;
};

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

  retranslate();
  updateActions();
}

LibraryDock::~LibraryDock() {
  // The commands hold references into the store: drop them first.
  undo_->clear();
  model_->setStore(nullptr);
}

QString LibraryDock::defaultLibraryPath() {
  // GenericDataLocation/clusterplan is where the command line keeps its library
  // ($XDG_DATA_HOME/clusterplan/library.sqlite), so that both see the same scenarios.
  const QString data = QStandardPaths::writableLocation(QStandardPaths::GenericDataLocation);
  return QDir(data).filePath(QStringLiteral("clusterplan/library.sqlite"));
}

bool LibraryDock::openLibrary(const QString& path, QString* message) {
  undo_->clear();
  model_->setStore(nullptr);
  store_.reset();
  current_.reset();
  refs_.clear();
  libraryPath_ = QFileInfo(path).absoluteFilePath();
  banner_kind_ = Banner::None;
  bannerArg_.clear();
  bannerDetail_.clear();
  QDir().mkpath(QFileInfo(libraryPath_).absolutePath());
  try {
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
  QPalette p = banner_->palette();
  p.setColor(QPalette::Window, error ? QColor(0xFCE4DC) : QColor(0xFFF3D6));
  p.setColor(QPalette::WindowText, palette::invalid().darker(error ? 110 : 130));
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

void LibraryDock::selectIds(const QList<std::int64_t>& ids) {
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
    view_->scrollTo(selection.indexes().front());
  }
  updateActions();
}

void LibraryDock::refresh() {
  const QList<std::int64_t> selected = selectedIds();
  model_->refresh();
  fitColumns();
  updateTags();
  selectIds(selected);
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

void LibraryDock::loadIntoDocument(const cp::Scenario& scenario, std::int64_t id, bool latest) {
  loading_ = true;
  document_->reset(scenario);
  loading_ = false;
  current_ = ref(id);
  // An older revision is an unsaved change of the entry: saving it makes it the newest again.
  if (!latest) document_->edit(tr("Open an older revision"), QString(), [](cp::Scenario&) {});
}

std::int64_t LibraryDock::saveToLibrary(QString* error) {
  if (!store_) {
    if (error) *error = tr("No library is open.");
    return 0;
  }
  cp::ScenarioDocument d;
  d.scenario = document_->scenario();
  const std::int64_t id = currentId();
  std::int64_t saved = 0;
  const bool ok = guarded(error, [&] {
    if (id != 0) {
      // The entry keeps its name, tags and notes; the scenario is the edited one.
      cp::StoredScenario old;
      if (store_->load(id, old)) {
        d.scenario.name = old.document.scenario.name;
        d.tags = old.document.tags;
        d.notes = old.document.notes;
      }
    }
    saved = store_->save(d, snapshotOf(*document_), id);
  });
  if (!ok) return 0;
  loading_ = true;
  document_->setFileName(QString());  // the document is the library entry now, not a file
  loading_ = false;
  if (id == 0) current_ = ref(saved);
  document_->setClean();
  refresh();
  selectIds({saved});
  Q_EMIT libraryChanged();
  return saved;
}

std::int64_t LibraryDock::saveAsNew(const QString& name, const QStringList& tags, QString* error) {
  if (!store_) {
    if (error) *error = tr("No library is open.");
    return 0;
  }
  cp::ScenarioDocument d;
  d.scenario = document_->scenario();
  d.scenario.name = name.trimmed().toStdString();
  d.tags = toStd(tags);
  std::int64_t saved = 0;
  if (!guarded(error, [&] { saved = store_->save(d, snapshotOf(*document_)); })) return 0;
  loading_ = true;
  document_->setFileName(QString());
  loading_ = false;
  current_ = ref(saved);
  document_->setClean();
  refresh();
  selectIds({saved});
  Q_EMIT libraryChanged();
  return saved;
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
  loadIntoDocument(s.document.scenario, id, true);
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
  loadIntoDocument(s.document.scenario, id, revision == latest);
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
  if (!guarded(error, [&] { saveTags(*store_, id, tags); })) return false;
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
  QString error;
  if (!deleteScenarios(selectedIds(), &error)) fail(tr("Cannot delete"), error);
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

  QDialog dialog(this);
  dialog.setObjectName(QStringLiteral("historyDialog"));
  dialog.setWindowTitle(tr("History of “%1”").arg(model_->nameOf(id)));
  auto* list = new QTreeWidget;
  list->setObjectName(QStringLiteral("historyList"));
  list->setRootIsDecorated(false);
  list->setHeaderLabels({tr("Revision"), tr("Name"), tr("Saved"), tr("Engine"), tr("Estimate kept")});
  for (const cp::RevisionInfo& r : history) {
    const QDateTime saved = QDateTime::fromString(fromStd(r.saved_at), Qt::ISODateWithMs);
    auto* item = new QTreeWidgetItem({QString::number(r.revision), fromStd(r.name),
                                      QLocale().toString(saved.toLocalTime(), QLocale::ShortFormat),
                                      fromStd(r.engine_version), r.has_estimate ? tr("yes") : tr("no")});
    item->setData(0, Qt::UserRole, r.revision);
    item->setTextAlignment(0, Qt::AlignRight | Qt::AlignVCenter);
    list->addTopLevelItem(item);
  }
  if (list->topLevelItemCount() > 0) list->setCurrentItem(list->topLevelItem(0));
  for (int c = 0; c < list->columnCount(); ++c) list->resizeColumnToContents(c);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  QPushButton* open = buttons->addButton(tr("Open this revision"), QDialogButtonBox::AcceptRole);
  open->setObjectName(QStringLiteral("openRevision"));
  connect(buttons, &QDialogButtonBox::rejected, &dialog, &QDialog::reject);
  connect(open, &QPushButton::clicked, &dialog, &QDialog::accept);
  connect(list, &QTreeWidget::itemDoubleClicked, &dialog, &QDialog::accept);
  auto* v = new QVBoxLayout(&dialog);
  v->addWidget(new QLabel(tr("Every save is kept. Opening a revision loads it into the editor; saving it then "
                             "makes it the newest revision.")));
  v->addWidget(list);
  v->addWidget(buttons);
  dialog.resize(640, 360);
  if (dialog.exec() != QDialog::Accepted || !list->currentItem()) return;
  if (document_->isModified() &&
      QMessageBox::question(this, tr("Unsaved changes"),
                            tr("The edited scenario has unsaved changes. Open the revision anyway and drop them?")) !=
          QMessageBox::Yes)
    return;
  if (!openRevision(id, list->currentItem()->data(0, Qt::UserRole).toInt(), &error))
    fail(tr("Cannot open the revision"), error);
}

void LibraryDock::changeEvent(QEvent* event) {
  if (event->type() == QEvent::LanguageChange) retranslate();
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
