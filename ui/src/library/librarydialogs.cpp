#include "ui/library/librarydialogs.h"

#include <QDateTime>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRegularExpression>
#include <QTreeWidget>
#include <QVBoxLayout>
#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "engine/fields.h"
#include "io/scenario_json.h"
#include "ui/text/fieldtext.h"
#include "ui/library/librarydock.h"
#include "ui/library/scenariolistmodel.h"
#include "ui/text/terms.h"
#include "ui/text/usertext.h"

namespace cp::ui {

SaveAsDialog::SaveAsDialog(const QString& name, const QStringList& tags, QWidget* parent) : QDialog(parent) {
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

QString SaveAsDialog::name() const { return name_->text().trimmed(); }
QStringList SaveAsDialog::tags() const { return LibraryDock::parseTags(tags_->text()); }

namespace {

// The name an input goes by in a list of changes: a parallel degree by its letters ("PP"), any
// other input by its label in the Inputs dock, an input the field table lacks by its key.
QString shortLabel(const std::string& key) {
  const cp::FieldInfo* field = cp::find_field(key);
  if (!field) return QString::fromStdString(key);
  const QString label = fieldLabel(*field);
  static const QRegularExpression letters(QStringLiteral("\\(([A-Z]{2,4})\\)$"));
  const QRegularExpressionMatch m = letters.match(label);
  return m.hasMatch() ? m.captured(1) : label;
}

std::map<std::string, std::string> flat(const cp::Scenario& s) {
  std::map<std::string, std::string> out;
  for (auto& [key, value] : cp::flatten_json(cp::scenario_to_json(s))) out[key] = value;
  return out;
}

}  // namespace

QString RevisionHistoryDialog::changes(const cp::ScenarioFileDocument& older, const cp::ScenarioFileDocument& newer) {
  const auto a = flat(older.scenario), b = flat(newer.scenario);
  const auto value = [](const std::map<std::string, std::string>& m, const std::string& key) {
    const auto it = m.find(key);
    return it == m.end() ? LibraryDock::tr("—") : oneLine(QString::fromStdString(it->second), 40);
  };
  // Another GPU or fabric brings its own figures: its id says it, not each of its numbers.
  const bool gpu = value(a, "cluster.gpu") != value(b, "cluster.gpu");
  const bool fabric = value(a, "cluster.fabric") != value(b, "cluster.fabric");
  // In the field table's order (the Inputs dock's), then the keys it does not name.
  std::vector<std::string> keys;
  keys.reserve(cp::kFields.size());
  for (const cp::FieldInfo& f : cp::kFields) keys.emplace_back(f.key);
  std::set<std::string> rest;
  for (const auto* m : {&a, &b})
    for (const auto& kv : *m)
      if (!cp::find_field(kv.first)) rest.insert(kv.first);
  keys.insert(keys.end(), rest.begin(), rest.end());
  QStringList parts;
  for (const std::string& key : keys) {
    if (key.rfind("name", 0) == 0 || key.rfind("format", 0) == 0) continue;  // the name has its own column
    if ((gpu && key.rfind("cluster.gpu_spec.", 0) == 0) || (fabric && key.rfind("cluster.fabric_spec.", 0) == 0)) continue;
    const QString before = value(a, key), after = value(b, key);
    if (before == after) continue;
    parts << LibraryDock::tr("%1 %2 → %3").arg(shortLabel(key), before, after);
  }
  if (older.notes != newer.notes) parts << LibraryDock::tr("notes edited");
  if (older.scenario.name != newer.scenario.name) parts << LibraryDock::tr("renamed");
  return parts.isEmpty() ? LibraryDock::tr("no change") : parts.join(LibraryDock::tr(", "));
}

RevisionHistoryDialog::RevisionHistoryDialog(const QString& name, const std::vector<Revision>& revisions,
                                             QWidget* parent)
    : QDialog(parent) {
  setObjectName(QStringLiteral("historyDialog"));
  setWindowTitle(LibraryDock::tr("History of “%1”").arg(oneLine(name)));
  list_ = new QTreeWidget;
  list_->setObjectName(QStringLiteral("historyList"));
  list_->setRootIsDecorated(false);
  list_->setWordWrap(false);
  list_->setHeaderLabels({LibraryDock::tr("Revision"), LibraryDock::tr("Name"), LibraryDock::tr("Saved"),
                          LibraryDock::tr("What changed"), LibraryDock::tr("Tokens/s"), LibraryDock::tr("Cost/month"),
                          LibraryDock::tr("Engine")});
  for (std::size_t i = 0; i < revisions.size(); ++i) {
    const Revision& r = revisions[i];
    const QDateTime saved = QDateTime::fromString(QString::fromStdString(r.info.saved_at), Qt::ISODateWithMs);
    // Newest first: the one before it is the next in the list.
    const Revision* before = i + 1 < revisions.size() ? &revisions[i + 1] : nullptr;
    QString changed;
    if (!r.stored) changed = LibraryDock::tr("cannot be read: %1").arg(r.error);
    else if (!before) changed = LibraryDock::tr("first saved");
    else if (!before->stored) changed = LibraryDock::tr("(the revision before cannot be read)");
    else changed = changes(before->stored->document, r.stored->document);
    QString tokens = LibraryDock::tr("—"), cost = LibraryDock::tr("—");
    if (r.stored) {
      if (const double t = snapshotNumber(r.stored->estimate, "throughput", "tokens_per_s"); t >= 0)
        tokens = formatTokensPerS(t);
      if (const double c = snapshotNumber(r.stored->estimate, "cost", "per_month"); c >= 0)
        cost = formatMoney(c, r.stored->document.scenario.assumptions.currency);
    }
    auto* item = new QTreeWidgetItem({QString::number(r.info.revision), oneLine(QString::fromStdString(r.info.name)),
                                      QLocale().toString(saved.toLocalTime(), QLocale::ShortFormat), oneLine(changed, 300),
                                      tokens, cost, QString::fromStdString(r.info.engine_version)});
    item->setToolTip(ChangesColumn, plainToolTip(changed));
    item->setData(0, Qt::UserRole, r.info.revision);
    for (int c : {int(RevisionColumn), int(TokensColumn), int(CostColumn)})
      item->setTextAlignment(c, Qt::AlignRight | Qt::AlignVCenter);
    list_->addTopLevelItem(item);
  }
  if (list_->topLevelItemCount() > 0) list_->setCurrentItem(list_->topLevelItem(0));
  for (int c = 0; c < list_->columnCount(); ++c) list_->resizeColumnToContents(c);
  // The changes may be long: the column gets what is left, the whole text is in its tooltip.
  list_->setColumnWidth(ChangesColumn, std::min(list_->columnWidth(ChangesColumn), 420));
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  QPushButton* compare = buttons->addButton(LibraryDock::tr("Compare with the edited scenario"), QDialogButtonBox::ActionRole);
  compare->setObjectName(QStringLiteral("compareRevision"));
  compare->setToolTip(LibraryDock::tr("Shows this revision beside the scenario being edited on the Compare scenarios page"));
  QPushButton* open = buttons->addButton(LibraryDock::tr("Open this revision"), QDialogButtonBox::AcceptRole);
  open->setObjectName(QStringLiteral("openRevision"));
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(open, &QPushButton::clicked, this, &QDialog::accept);
  connect(compare, &QPushButton::clicked, this, [this] {
    compare_ = true;
    accept();
  });
  connect(list_, &QTreeWidget::itemDoubleClicked, this, &QDialog::accept);
  auto* v = new QVBoxLayout(this);
  auto* intro = new QLabel(LibraryDock::tr("Every save is kept. Opening a revision loads it into the editor; saving "
                                           "it then makes it the newest revision."));
  intro->setWordWrap(true);
  v->addWidget(intro);
  v->addWidget(list_);
  v->addWidget(buttons);
  resize(900, 400);
}

int RevisionHistoryDialog::selectedRevision() const {
  return list_->currentItem() ? list_->currentItem()->data(0, Qt::UserRole).toInt() : 0;
}

}  // namespace cp::ui
