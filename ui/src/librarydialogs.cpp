#include "ui/librarydialogs.h"

#include <QDateTime>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QTreeWidget>
#include <QVBoxLayout>

#include "ui/librarydock.h"
#include "ui/usertext.h"

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

RevisionHistoryDialog::RevisionHistoryDialog(const QString& name, const std::vector<cp::RevisionInfo>& history,
                                             QWidget* parent)
    : QDialog(parent) {
  setObjectName(QStringLiteral("historyDialog"));
  setWindowTitle(LibraryDock::tr("History of “%1”").arg(oneLine(name)));
  list_ = new QTreeWidget;
  list_->setObjectName(QStringLiteral("historyList"));
  list_->setRootIsDecorated(false);
  list_->setHeaderLabels({LibraryDock::tr("Revision"), LibraryDock::tr("Name"), LibraryDock::tr("Saved"),
                          LibraryDock::tr("Engine"), LibraryDock::tr("Estimate kept")});
  for (const cp::RevisionInfo& r : history) {
    const QDateTime saved = QDateTime::fromString(QString::fromStdString(r.saved_at), Qt::ISODateWithMs);
    auto* item = new QTreeWidgetItem({QString::number(r.revision), oneLine(QString::fromStdString(r.name)),
                                      QLocale().toString(saved.toLocalTime(), QLocale::ShortFormat),
                                      QString::fromStdString(r.engine_version),
                                      r.has_estimate ? LibraryDock::tr("yes") : LibraryDock::tr("no")});
    item->setData(0, Qt::UserRole, r.revision);
    item->setTextAlignment(0, Qt::AlignRight | Qt::AlignVCenter);
    list_->addTopLevelItem(item);
  }
  if (list_->topLevelItemCount() > 0) list_->setCurrentItem(list_->topLevelItem(0));
  for (int c = 0; c < list_->columnCount(); ++c) list_->resizeColumnToContents(c);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  QPushButton* open = buttons->addButton(LibraryDock::tr("Open this revision"), QDialogButtonBox::AcceptRole);
  open->setObjectName(QStringLiteral("openRevision"));
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(open, &QPushButton::clicked, this, &QDialog::accept);
  connect(list_, &QTreeWidget::itemDoubleClicked, this, &QDialog::accept);
  auto* v = new QVBoxLayout(this);
  v->addWidget(new QLabel(LibraryDock::tr("Every save is kept. Opening a revision loads it into the editor; saving "
                                          "it then makes it the newest revision.")));
  v->addWidget(list_);
  v->addWidget(buttons);
  resize(640, 360);
}

int RevisionHistoryDialog::selectedRevision() const {
  return list_->currentItem() ? list_->currentItem()->data(0, Qt::UserRole).toInt() : 0;
}

}  // namespace cp::ui
