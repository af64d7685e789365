#include "ui/pages/collapsiblesection.h"

#include <QFormLayout>
#include <QSettings>
#include <QToolButton>
#include <QVBoxLayout>

namespace cp::ui {

CollapsibleSection::CollapsibleSection(const QString& title, bool expanded, QWidget* parent) : QWidget(parent) {
  header_ = new QToolButton;
  header_->setText(title);
  header_->setCheckable(true);
  header_->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
  header_->setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Fixed);
  header_->setAutoRaise(true);
  QFont bold = header_->font();
  bold.setBold(true);
  header_->setFont(bold);

  body_ = new QWidget;
  form_ = new QFormLayout(body_);
  form_->setContentsMargins(12, 2, 4, 8);
  form_->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
  form_->setLabelAlignment(Qt::AlignRight | Qt::AlignVCenter);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(header_);
  layout->addWidget(body_);
  connect(header_, &QToolButton::toggled, this, &CollapsibleSection::setExpanded);
  setExpanded(expanded);
}

QString CollapsibleSection::title() const { return header_->text(); }

void CollapsibleSection::setTitle(const QString& title) { header_->setText(title); }

bool CollapsibleSection::isExpanded() const { return header_->isChecked(); }

void CollapsibleSection::setExpanded(bool expanded) {
  if (header_->isChecked() != expanded) header_->setChecked(expanded);  // re-enters once via toggled
  header_->setArrowType(expanded ? Qt::DownArrow : Qt::RightArrow);
  body_->setVisible(expanded);
  setMinimumHeight(0);  // a height held while the user types (InputPanel) gives way to folding
  if (!key_.isEmpty()) QSettings().setValue(key_, expanded);
}

void CollapsibleSection::rememberAs(const QString& key) {
  key_ = QStringLiteral("sections/%1/expanded").arg(key);
  const QVariant stored = QSettings().value(key_);
  if (stored.isValid()) setExpanded(stored.toBool());
}

}  // namespace cp::ui
