// One horizontal stacked bar of named parts (step time, power, cost), drawn with QCustomPlot,
// with a legend of the parts and their values (in two columns where they fit, else one; the chart
// asks for the height its legend needs), a hover read-out, and thousands separators on a long
// value axis (money, BTU/h). Shows numbers it is given; computes none.
#pragma once

#include <QColor>
#include <QList>
#include <QString>
#include <QWidget>
#include <vector>

class QCustomPlot;
class QCPBars;
class QCPTextElement;
class QCPItemText;
class QCPAbstractPlottable;

namespace cp::ui {

class BreakdownChart : public QWidget {
  Q_OBJECT

 public:
  struct Part {
    QString name;
    QColor colour;
    double value = 0;    // in the axis unit
    QString valueText;   // the value as shown in the legend
  };

  BreakdownChart(int parts, QWidget* parent = nullptr);

  void setParts(const QString& title, const QString& axisLabel, const QList<Part>& parts, const QString& total);
  void setEmpty(const QString& title, const QString& message);

  QCustomPlot* plot() const { return plot_; }
  QCPBars* bars(int part) const { return bars_[std::size_t(part)]; }
  double value(int part) const;  // the segment's length; 0 when empty
  QString title() const;
  // The hover read-out of a part: its name and value, and its share of the total.
  QString readout(QCPAbstractPlottable* part) const;
  // As tall as its bar, axis and legend need, and a little more: a page taller than its charts
  // gives the height to the memory chart beside them rather than to three thick bars.
  QSize sizeHint() const override;

 protected:
  void changeEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;

 private:
  void fitLegend();
  void setBarPens();

  QCustomPlot* plot_ = nullptr;
  QCPTextElement* title_ = nullptr;
  QCPItemText* message_ = nullptr;
  std::vector<QCPBars*> bars_;
};

}  // namespace cp::ui
