// The headline figures as tiles: fits (and by how much), memory per GPU, step time, tokens/s,
// MFU, time to train, IT and facility power, cost per month and per run. Each tile opens the
// "Why this number" explanation when clicked.
#pragma once

#include <QFrame>
#include <array>

#include "engine/estimate.h"
#include "engine/explain.h"
#include "engine/scenario.h"

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

 Q_SIGNALS:
  void clicked(cp::Figure figure);

 protected:
  void mouseReleaseEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;

 private:
  cp::Figure figure_;
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

 Q_SIGNALS:
  void explainRequested(cp::Figure figure);

 private:
  std::array<Tile*, cp::kFigures.size()> tiles_{};
};

}  // namespace cp::ui
