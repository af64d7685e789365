#include "ui/library/librarydock.h"

#include <QScopedValueRollback>
#include <functional>

#include <QAction>
#include <QComboBox>
#include <QDateTime>
#include <QLocale>
#include <QDialog>
#include <QDir>
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

#include "store/scenario_store.h"
#include "ui/text/enginetext.h"
#include "ui/library/librarycontroller.h"
#include "ui/library/librarydialogs.h"
#include "ui/palette.h"
#include "ui/scenariodocument.h"
#include "ui/library/scenariolistmodel.h"
#include "ui/text/usertext.h"

namespace cp::ui {
namespace {

// Calls `resized` after each resize of the widget it watches.
class ResizeWatcher : public QObject {
 public:
  ResizeWatcher(QObject* parent, std::function<void()> resized) : QObject(parent), resized_(std::move(resized)) {}
  bool eventFilter(QObject*, QEvent* event) override {
    if (event->type() == QEvent::Resize) resized_();
    return false;
  }

 private:
  std::function<void()> resized_;
};

}  // namespace


LibraryDock::LibraryDock(ScenarioDocument* document, QWidget* parent)
    : QDockWidget(parent), document_(document), controller_(new LibraryController(document, this)) {
  setObjectName(QStringLiteral("libraryDock"));
  setFeatures(QDockWidget::DockWidgetMovable | QDockWidget::DockWidgetFloatable | QDockWidget::DockWidgetClosable);

  proxy_ = new QSortFilterProxyModel(this);
  proxy_->setSourceModel(controller_->model());
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
  makePlain(banner_);  // it names the library's file
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
  // Names of one family differ at their ends ("LLaMA-65B, 32x A100, HDR IB" and "…, RoCE"): cut
  // in the middle, both ends show.
  view_->setTextElideMode(Qt::ElideMiddle);
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
  makePlain(status_);

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
  undoAction_ = controller_->undoStack()->createUndoAction(this, tr("Undo"));
  undoAction_->setObjectName(QStringLiteral("libraryUndo"));
  redoAction_ = controller_->undoStack()->createRedoAction(this, tr("Redo"));
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

  // The columns follow the view's width until the user sizes one (fitColumns).
  connect(view_->horizontalHeader(), &QHeaderView::sectionResized, this, [this] {
    if (!fitting_) userSized_ = true;
  });
  view_->viewport()->installEventFilter(new ResizeWatcher(view_->viewport(), [this] { fitColumns(); }));
  connect(search_, &QLineEdit::textChanged, this, &LibraryDock::applyFilter);
  connect(tagFilter_, &QComboBox::activated, this, &LibraryDock::applyFilter);
  connect(view_, &QTableView::doubleClicked, this, &LibraryDock::openSelected);
  connect(view_->selectionModel(), &QItemSelectionModel::selectionChanged, this, &LibraryDock::updateActions);
  connect(controller_->model(), &QAbstractItemModel::modelReset, this, &LibraryDock::updateActions);
  connect(controller_, &LibraryController::aboutToRefresh, this, &LibraryDock::keepPlace);
  connect(controller_, &LibraryController::refreshed, this, &LibraryDock::restorePlace);
  connect(controller_, &LibraryController::bannerChanged, this, &LibraryDock::showBanner);
  connect(controller_, &LibraryController::libraryChanged, this, &LibraryDock::libraryChanged);
  connect(controller_, &LibraryController::saved, this, &LibraryDock::saved);

  retranslate();
  updateActions();
}

LibraryDock::~LibraryDock() {
  // The controller is a child: Qt would delete it after this destructor, when the dock is only a
  // QWidget, and the signals it sends while it clears its undo stack and model would reach this
  // view's slots (UBSan: downcast of a QWidget to LibraryDock). Cut them, then delete it here.
  QObject::disconnect(controller_, nullptr, this, nullptr);
  QObject::disconnect(controller_->model(), nullptr, this, nullptr);
  QObject::disconnect(controller_->undoStack(), nullptr, this, nullptr);
  QObject::disconnect(view_->selectionModel(), nullptr, this, nullptr);
  delete controller_;
}

QString LibraryDock::defaultLibraryPath() {
  // The command line's rule, so that both see the same scenarios.
  return QString::fromStdString(cp::default_library_path());
}

bool LibraryDock::openLibrary(const QString& path, QString* message) {
  userSized_ = false;
  const bool ok = controller_->openLibrary(path);
  if (message) *message = bannerText();
  return ok;
}

cp::ScenarioStore* LibraryDock::store() const { return controller_->store(); }
bool LibraryDock::isReadOnly() const { return controller_->isReadOnly(); }
ScenarioListModel* LibraryDock::model() const { return controller_->model(); }
QUndoStack* LibraryDock::undoStack() const { return controller_->undoStack(); }
LibraryWatcher* LibraryDock::watcher() const { return controller_->watcher(); }
std::int64_t LibraryDock::currentId() const { return controller_->currentId(); }
QString LibraryDock::bannerText() const { return banner_->isHidden() ? QString() : banner_->text(); }
QString LibraryDock::alertText() const { return controller_->alertText(); }
QStringList LibraryDock::parseTags(const QString& text) { return LibraryController::parseTags(text); }
void LibraryDock::refresh() { controller_->refresh(); }
void LibraryDock::checkForChanges() { controller_->checkForChanges(); }

void LibraryDock::showBanner() {
  const LibraryController::Banner& b = controller_->banner();
  const QString text = b.text();
  banner_->setText(bounded(text));
  banner_->setToolTip(plainToolTip(b.detail));
  QPalette p = palette();  // the dock's: it follows the theme
  p.setColor(QPalette::Window, palette::bannerBackground(p, b.error()));
  p.setColor(QPalette::WindowText, palette::bannerText(p));
  banner_->setPalette(p);
  banner_->setHidden(text.isEmpty());
}

QList<std::int64_t> LibraryDock::selectedIds() const {
  QList<std::int64_t> ids;
  QModelIndexList rows = view_->selectionModel()->selectedRows();
  std::sort(rows.begin(), rows.end(), [](const QModelIndex& a, const QModelIndex& b) { return a.row() < b.row(); });
  for (const QModelIndex& i : rows) ids << std::int64_t(i.data(ScenarioListModel::IdRole).toLongLong());
  return ids;
}

void LibraryDock::selectIds(const QList<std::int64_t>& ids) { select(ids, true); }

void LibraryDock::select(const QList<std::int64_t>& ids, bool scroll) {
  const ScenarioListModel* model = controller_->model();
  QItemSelection selection;
  for (std::int64_t id : ids) {
    const int row = model->rowOf(id);
    if (row < 0) continue;
    const QModelIndex left = proxy_->mapFromSource(model->index(row, 0));
    const QModelIndex right = proxy_->mapFromSource(model->index(row, ScenarioListModel::ColumnCount - 1));
    selection.select(left, right);
  }
  view_->selectionModel()->select(selection, QItemSelectionModel::ClearAndSelect);
  if (!selection.isEmpty()) {
    view_->selectionModel()->setCurrentIndex(selection.indexes().front(), QItemSelectionModel::NoUpdate);
    if (scroll) view_->scrollTo(selection.indexes().front());
  }
  updateActions();
}

void LibraryDock::keepPlace() {
  keptSelection_ = selectedIds();
  // The row at the top of the view stays there (rows added or removed above it do not move
  // what the user looks at); at the very top, new rows show.
  keptTop_ = view_->verticalScrollBar()->value() > 0
                 ? controller_->model()->idAt(proxy_->mapToSource(view_->indexAt(QPoint(1, 1))).row())
                 : 0;
  keptHorizontal_ = view_->horizontalScrollBar()->value();
}

void LibraryDock::restorePlace() {
  const ScenarioListModel* model = controller_->model();
  fitColumns();
  updateTags();
  select(keptSelection_, false);
  if (const int row = model->rowOf(keptTop_); keptTop_ != 0 && row >= 0)
    view_->scrollTo(proxy_->mapFromSource(model->index(row, 0)), QAbstractItemView::PositionAtTop);
  view_->horizontalScrollBar()->setValue(keptHorizontal_);
  updateActions();
}

void LibraryDock::fitColumns() {
  // Until the user resizes a column: every column as wide as its contents, the tags and the model
  // within reason, and all of them inside the view (at 1366x768 with the library open, columns
  // as wide as their contents would run past the dock). The name is what tells scenarios apart: it gets the
  // width the view has left, and gives way last; the tags and the model give way first, each
  // down to a few characters. What is cut is elided in the middle; the whole is in the tooltip.
  if (userSized_ || controller_->model()->rowCount() == 0) return;
  const QScopedValueRollback<bool> fitting(fitting_, true);
  view_->resizeColumnsToContents();
  const int character = view_->fontMetrics().averageCharWidth();
  for (int c : {int(ScenarioListModel::Tags), int(ScenarioListModel::Model)})
    view_->setColumnWidth(c, std::min(view_->columnWidth(c), character * 24));
  const int room = view_->viewport()->width();
  int others = 0;
  for (int c = 0; c < proxy_->columnCount(); ++c)
    if (c != ScenarioListModel::Name) others += view_->columnWidth(c);
  const int leastName = character * 16;
  const struct { int column, least; } giving[] = {{ScenarioListModel::Tags, character * 6},
                                                   {ScenarioListModel::Model, character * 8}};
  for (const auto& g : giving) {
    const int over = others + leastName - room;
    if (over <= 0) break;
    const int cut = std::min(over, std::max(0, view_->columnWidth(g.column) - g.least));
    view_->setColumnWidth(g.column, view_->columnWidth(g.column) - cut);
    others -= cut;
  }
  view_->setColumnWidth(ScenarioListModel::Name, std::max(leastName, room - others));
}

void LibraryDock::applyFilter() {
  const QString tag = tagFilter_->currentData().toString();
  controller_->model()->setFilter(search_->text().trimmed(), tag);
  updateActions();
}

void LibraryDock::updateTags() {
  const QString current = tagFilter_->currentData().toString();
  QSignalBlocker block(tagFilter_);
  tagFilter_->clear();
  tagFilter_->addItem(tr("All tags"), QString());
  for (const auto& [tag, scenarios] : controller_->tags())
    tagFilter_->addItem(tr("%1 (%2)").arg(oneLine(tag, 40), QString::number(scenarios)), tag);
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
  status_->setText(controller_->statusText());
  status_->setToolTip(store() ? plainToolTip(QDir::toNativeSeparators(controller_->libraryPath())) : QString());
}

std::int64_t LibraryDock::saveToLibrary(QString* error) {
  const std::int64_t saved = controller_->saveToLibrary(error);
  if (saved != 0) selectIds({saved});
  return saved;
}

std::int64_t LibraryDock::saveAsNew(const QString& name, const QStringList& tags, QString* error) {
  const std::int64_t saved = controller_->saveAsNew(name, tags, error);
  if (saved != 0) selectIds({saved});
  return saved;
}

bool LibraryDock::openScenario(std::int64_t id, QString* error) { return controller_->openScenario(id, error); }

bool LibraryDock::openRevision(std::int64_t id, int revision, QString* error) {
  return controller_->openRevision(id, revision, error);
}

bool LibraryDock::renameScenario(std::int64_t id, const QString& name, QString* error) {
  return controller_->renameScenario(id, name, error);
}

bool LibraryDock::setTags(std::int64_t id, const QStringList& tags, QString* error) {
  return controller_->setTags(id, tags, error);
}

std::int64_t LibraryDock::duplicateScenario(std::int64_t id, QString* error) {
  const std::int64_t copy = controller_->duplicateScenario(id, error);
  if (copy != 0) selectIds({copy});
  return copy;
}

bool LibraryDock::deleteScenarios(const QList<std::int64_t>& ids, QString* error) {
  return controller_->deleteScenarios(ids, error);
}

void LibraryDock::fail(const QString& title, const QString& error) { warn(this, title, error); }

void LibraryDock::save() { saveBack(); }

bool LibraryDock::saveBack() {
  const std::int64_t id = currentId();
  if (id == 0) return saveAsDialog();
  const QString name = controller_->nameOf(id).isEmpty() ? scenarioDisplayName(document_->scenario())
                                                        : controller_->nameOf(id);
  const QString shown = oneLine(name);
  // Never over a revision saved elsewhere since this one was opened, and never silently.
  const LibraryController::SaveCheck check = controller_->checkSave();
  if (check.kind == LibraryController::SaveCheck::Kind::Gone) {
    if (ask(this, tr("Save to the library"),
            tr("“%1” is no longer in the library: it was deleted since you opened it. Save your edits as a new "
               "library entry?")
                .arg(shown),
            QMessageBox::Save | QMessageBox::Cancel, QMessageBox::Cancel) != QMessageBox::Save)
      return false;
    QString error;
    if (saveAsNew(name, controller_->tagsOf(id), &error)) return true;
    fail(tr("Cannot save to the library"), error);
    return false;
  }
  if (check.kind == LibraryController::SaveCheck::Kind::ChangedElsewhere) {
    const QDateTime at = QDateTime::fromString(check.savedAt, Qt::ISODateWithMs);
    QMessageBox box(QMessageBox::Warning, tr("Changed in the library"),
                    bounded(tr("“%1” was changed in the library since you opened it: revision %2, saved %3, is not the "
                               "revision %4 your edits start from. Nothing has been saved yet.\n\nSave your edits "
                               "on top as revision %5 (revision %2 stays in the history), or as a copy?")
                                .arg(shown, QString::number(check.newest),
                                     QLocale().toString(at.toLocalTime(), QLocale::ShortFormat),
                                     QString::number(controller_->newestRevision()),
                                     QString::number(check.newest + 1))),
                    QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("saveConflict"));
    box.setTextFormat(Qt::PlainText);
    QPushButton* onTop = box.addButton(tr("Save as revision %1").arg(check.newest + 1), QMessageBox::AcceptRole);
    onTop->setObjectName(QStringLiteral("saveOnTop"));
    QPushButton* copy = box.addButton(tr("Save as a copy"), QMessageBox::AcceptRole);
    copy->setObjectName(QStringLiteral("saveAsCopy"));
    box.setDefaultButton(QMessageBox::Cancel);
    box.exec();
    QString error;
    if (box.clickedButton() == copy) {
      if (saveAsNew(tr("%1 (copy)").arg(name), controller_->tagsOf(id), &error)) return true;
      fail(tr("Cannot save to the library"), error);
      return false;
    }
    if (box.clickedButton() != onTop) return false;
  }
  QString error;
  if (saveToLibrary(&error)) return true;
  fail(tr("Cannot save to the library"), error);
  return false;
}

void LibraryDock::saveAs() { saveAsDialog(); }

bool LibraryDock::saveAsDialog() {
  QString name = controller_->model()->nameOf(currentId());
  if (name.isEmpty()) name = scenarioDisplayName(document_->scenario());
  QStringList tags;
  if (const int row = controller_->model()->rowOf(currentId()); row >= 0)
    tags = controller_->model()->index(row, 0).data(ScenarioListModel::TagsRole).toStringList();
  SaveAsDialog dialog(name, tags, this);
  if (dialog.exec() != QDialog::Accepted) return false;
  QString error;
  if (saveAsNew(dialog.name(), dialog.tags(), &error)) return true;
  fail(tr("Cannot save to the library"), error);
  return false;
}

void LibraryDock::openSelected() {
  const QList<std::int64_t> ids = selectedIds();
  if (ids.size() != 1) return;
  const QString name = oneLine(controller_->model()->nameOf(ids.front()));
  // Dropping edits is never the answer Enter gives.
  if (document_->isModified() &&
      ask(this, tr("Unsaved changes"),
          tr("The edited scenario has unsaved changes. Open “%1” anyway and drop them?").arg(name)) !=
          QMessageBox::Yes)
    return;
  QString error;
  if (!openScenario(ids.front(), &error))
    fail(tr("Cannot open the scenario"), tr("“%1” cannot be opened: %2").arg(name, error));
}

void LibraryDock::renameSelected() {
  const QList<std::int64_t> ids = selectedIds();
  if (ids.size() != 1) return;
  bool ok = false;
  const QString name = askText(this, tr("Rename scenario"), tr("New name:"), controller_->model()->nameOf(ids.front()), &ok);
  if (!ok || name.trimmed().isEmpty() || name.trimmed() == controller_->model()->nameOf(ids.front())) return;
  QString error;
  if (!renameScenario(ids.front(), name, &error)) fail(tr("Cannot rename the scenario"), error);
}

void LibraryDock::editTagsSelected() {
  const QList<std::int64_t> ids = selectedIds();
  if (ids.size() != 1) return;
  const QStringList before =
      controller_->model()->index(controller_->model()->rowOf(ids.front()), 0).data(ScenarioListModel::TagsRole).toStringList();
  bool ok = false;
  const QString text = askText(this, tr("Tags"), tr("Tags of “%1”, comma-separated:").arg(controller_->model()->nameOf(ids.front())),
                               before.join(QStringLiteral(", ")), &ok);
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
  // Asks first; Undo in the dock brings the scenarios back.
  const QString question =
      ids.size() == 1
          ? tr("Delete “%1” and its history from the library? Undo in the library brings it back.")
                .arg(controller_->model()->nameOf(ids.front()))
          : tr("Delete %1 scenarios and their history from the library? Undo in the library brings them back.")
                .arg(ids.size());
  if (ask(this, tr("Delete scenarios"), question, QMessageBox::Yes | QMessageBox::Cancel, QMessageBox::Cancel) !=
      QMessageBox::Yes)
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
  if (ids.size() != 1 || !store()) return;
  const std::int64_t id = ids.front();
  std::vector<cp::RevisionInfo> history;
  QString error;
  if (!controller_->history(id, history, &error)) return fail(tr("Cannot read the history"), error);

  std::vector<RevisionHistoryDialog::Revision> revisions;
  for (const cp::RevisionInfo& info : history) {
    RevisionHistoryDialog::Revision r;
    r.info = info;
    cp::StoredScenario stored;
    if (controller_->loadRevision(id, info.revision, stored, &r.error)) r.stored = std::move(stored);
    revisions.push_back(std::move(r));
  }
  RevisionHistoryDialog dialog(controller_->model()->nameOf(id), revisions, this);
  if (dialog.exec() != QDialog::Accepted || dialog.selectedRevision() == 0) return;
  if (dialog.compareRequested()) {
    for (const RevisionHistoryDialog::Revision& r : revisions)
      if (r.info.revision == dialog.selectedRevision() && r.stored)
        Q_EMIT compareRevisionRequested(
            tr("%1, revision %2").arg(oneLine(controller_->model()->nameOf(id), 40), QString::number(r.info.revision)),
            r.stored->document.scenario);
    return;
  }
  if (document_->isModified() &&
      ask(this, tr("Unsaved changes"),
          tr("The edited scenario has unsaved changes. Open the revision anyway and drop them?")) != QMessageBox::Yes)
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
  controller_->model()->refresh();  // unnamed scenarios' derived names, in the new language
  showBanner();
  updateActions();
}

}  // namespace cp::ui
