// The cluster as a picture: servers, leaf, spine and core switches and the links between them,
// drawn from the same counts the cost uses (Estimate::network). Large tiers are abbreviated:
// the first few and the last item are drawn, with the count in between.
#pragma once

#include <QWidget>
#include <optional>

#include "engine/fabric.h"
#include "engine/scenario.h"

namespace cp::ui {

class TopologyView : public QWidget {
  Q_OBJECT

 public:
  explicit TopologyView(QWidget* parent = nullptr);
  void setNetwork(const cp::Scenario& scenario, const cp::NetworkSize& network);
  void clear();
  QSize sizeHint() const override { return {900, 600}; }

  // The tiers drawn, bottom to top, as "label: count" texts (for tests).
  QStringList tierTexts() const;

 protected:
  void paintEvent(QPaintEvent* event) override;
  void changeEvent(QEvent* event) override;  // a language change: drawn again in the new words

 private:
  struct Shown {
    cp::Scenario scenario;
    cp::NetworkSize network;
  };
  std::optional<Shown> shown_;
};

}  // namespace cp::ui
