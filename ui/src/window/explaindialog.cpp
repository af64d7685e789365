#include "ui/window/explaindialog.h"

#include <cmath>

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QTableWidget>
#include <QVBoxLayout>

#include "ui/charts/chartstyle.h"
#include "ui/text/enginetext.h"
#include "ui/text/terms.h"
#include "ui/text/usertext.h"

namespace cp::ui {
namespace {

constexpr double kWholeFrom = 1e4;  // from here an input's value is shown whole, digits grouped

}  // namespace

ExplainDialog::ExplainDialog(const cp::Explanation& x, QWidget* parent) : QDialog(parent) {
  setWindowTitle(tr("Why this number: %1").arg(figureTitle(x.figure)));
  auto* v = new QVBoxLayout(this);
  auto* value = new QLabel(tr("%1 = %2").arg(figureTitle(x.figure), formatValue(x.value, x.unit)));
  value->setFont(scaledFont(font(), 1.3, true));
  value->setObjectName(QStringLiteral("explainValue"));
  makePlain(value);
  v->addWidget(value);

  v->addWidget(new QLabel(tr("Formula")));
  auto* formula = new QLabel(formulaText(x));
  formula->setObjectName(QStringLiteral("explainFormula"));
  makePlain(formula);
  formula->setWordWrap(true);
  formula->setTextInteractionFlags(Qt::TextSelectableByMouse);
  QFont mono(QStringLiteral("monospace"));
  mono.setStyleHint(QFont::TypeWriter);
  formula->setFont(mono);
  formula->setFrameShape(QFrame::StyledPanel);
  formula->setMargin(6);
  v->addWidget(formula);

  v->addWidget(new QLabel(tr("Inputs")));
  table_ = new QTableWidget(int(x.inputs.size()), 3);
  table_->setHorizontalHeaderLabels({tr("Input"), tr("Value"), tr("Unit")});
  table_->verticalHeader()->setVisible(false);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  for (int r = 0; r < int(x.inputs.size()); ++r) {
    const cp::ExplainInput& in = x.inputs[std::size_t(r)];
    auto* name = new QTableWidgetItem(explainInputName(in));
    name->setToolTip(QString::fromStdString(in.key));
    table_->setItem(r, 0, name);
    // Large figures whole and grouped ("85,899,345,920" bytes, not "8.5899346E+10"), small ones
    // to six significant digits.
    const QString shown = std::abs(in.value) >= kWholeFrom ? QLocale().toString(in.value, 'f', 0)
                                                          : QLocale().toString(in.value, 'g', 6);
    auto* val = new QTableWidgetItem(shown);
    val->setData(Qt::UserRole, in.value);  // the raw number, for copying and tests
    val->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    table_->setItem(r, 1, val);
    table_->setItem(r, 2, new QTableWidgetItem(unitName(in.unit)));
  }
  table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
  table_->resizeColumnsToContents();
  table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
  v->addWidget(table_, 1);

  v->addWidget(new QLabel(tr("Source")));
  auto* source = new QLabel(QString::fromStdString(x.source));
  source->setObjectName(QStringLiteral("explainSource"));
  makePlain(source);  // a custom GPU's or fabric's source is the user's text
  source->setWordWrap(true);
  source->setTextInteractionFlags(Qt::TextSelectableByMouse);
  v->addWidget(source);

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  v->addWidget(buttons);
  resize(640, 460);
}

}  // namespace cp::ui
