// The headline figures as tiles: fits (and by how much), memory per GPU, step time, tokens/s,
// MFU, time to train, IT and facility power, cost per month and per run. Each tile opens the
// "Why this number" explanation when clicked.
#pragma once

#include <QFrame>
#include <array>

#include "engine/estimate.h"
#include "engine/explain.h"
#include "engine/scenario.h"

class QGridLayout;
class QLabel;

namespace cp::ui {

class Tile : public QFrame {
  Q_OBJECT

 public:
  explicit Tile(cp::Figure figure, QWidget* parent = nullptr);
  cp::Figure figure() const { return figure_; }
  void set(const QString& title, const QString& value, const QString& detail, const QColor& valueColour);
  QString valueText() const;
  QString detailText() const;
  // The value's font: kValueScale times the window's, bold; kCompactValueScale where five
  // tiles in a row would not fit otherwise (a 1366-px laptop screen).
  static constexpr double kValueScale = 1.6;
  static constexpr double kCompactValueScale = 1.35;
  void setValueScale(double scale);
  double valueScale() const { return valueScale_; }
  // Greyed: the figure is of a plan that cannot run (it does not fit in memory).
  void setGreyed(bool greyed);
  bool isGreyed() const { return greyed_; }
  QColor valueColour() const;

 Q_SIGNALS:
  void clicked(cp::Figure figure);

 protected:
  void changeEvent(QEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;

 private:
  void paintValue();

  cp::Figure figure_;
  QColor colour_;
  bool greyed_ = false;
  double valueScale_ = 0;
  QLabel* title_ = nullptr;
  QLabel* value_ = nullptr;
  QLabel* detail_ = nullptr;
};

class HeadlineTiles : public QWidget {
  Q_OBJECT

 public:
  explicit HeadlineTiles(QWidget* parent = nullptr);
  void setEstimate(const cp::Scenario& scenario, const cp::Estimate& estimate);
  // No estimate (a scenario that never was valid, e.g. an invalid file just opened): every tile
  // shows "—", never another scenario's figures.
  void clear();
  Tile* tile(cp::Figure f) const { return tiles_[std::size_t(f)]; }
  // The tiles flow into as many columns as the width allows, five at most (two rows of five on
  // a desktop, more rows on a laptop): never wider than one tile.
  QSize minimumSizeHint() const override;
  int columns() const { return columns_; }
  // The columns of tiles `tileWidth` wide (the widest tile's least width) in `width`.
  static int columnsFor(int width, int tileWidth);
  int tileWidth() const;

 Q_SIGNALS:
  void explainRequested(cp::Figure figure);

 protected:
  void resizeEvent(QResizeEvent* event) override;

 private:
  static constexpr int kSpacing = 6;
  static constexpr int kMaxColumns = 5;
  void arrange(int columns);
  void reflow();  // arrange() for the current width and contents

  QGridLayout* grid_ = nullptr;
  int columns_ = 0;
  std::array<Tile*, cp::kFigures.size()> tiles_{};
};

}  // namespace cp::ui
