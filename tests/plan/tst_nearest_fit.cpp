// What would make a plan that does not fit fit. The nearest fitting layout:
// one knob changed when one suffices (and then the fastest such), more nodes when no layout of
// the cluster fits; nothing for a plan that fits already; cancel stops the search.
#include <QtTest>

#include <atomic>

#include "engine/estimate.h"
#include "engine/validate.h"
#include "plan/nearest_fit.h"

using namespace cp;

namespace {

// The default LLaMA-65B on 32 A100 80GB without recomputation, ZeRO or sequence parallelism,
// with micro-batches of 4: about 100 GiB per GPU, over the 80 GB.
Scenario overfull() {
  Scenario s = default_scenario();
  s.training.recompute = Recompute::None;
  s.training.zero = Zero::Stage0;
  s.training.micro_batch = 4;
  s.parallel.sp = false;
  s.parallel.dp = 0;
  return s;
}

Scenario with_change(Scenario s, const FitChange& c) {
  switch (c.knob) {
    case FitKnob::Nodes: s.cluster.nodes = c.to; break;
    case FitKnob::Tp: s.parallel.tp = c.to; break;
    case FitKnob::Pp: s.parallel.pp = c.to; break;
    case FitKnob::Vpp: s.parallel.vpp = c.to; break;
    case FitKnob::Cp: s.parallel.cp = c.to; break;
    case FitKnob::Ep: s.parallel.ep = c.to; break;
    case FitKnob::MicroBatch: s.training.micro_batch = c.to; break;
    case FitKnob::Recompute: s.training.recompute = Recompute(c.to); break;
    case FitKnob::Zero: s.training.zero = Zero(c.to); break;
    case FitKnob::Sp: s.parallel.sp = c.to != 0; break;
    case FitKnob::TpOverlap: s.training.tp_comm_overlap = c.to != 0; break;
  }
  return s;
}

}  // namespace

class TestNearestFit : public QObject {
  Q_OBJECT

 private slots:
  void fitsAlready() {
    const NearestFit f = nearest_fit(default_scenario());
    QVERIFY(f.fits_now);
    QVERIFY(!f.found);
    QVERIFY(f.changes.empty());
  }

  void oneKnobWhenOneSuffices() {
    const Scenario s = overfull();
    QVERIFY(validate(s).empty());
    QVERIFY(!estimate(s).memory.fits);
    const NearestFit f = nearest_fit(s);
    QVERIFY(!f.fits_now);
    QVERIFY(f.found);
    QCOMPARE(int(f.changes.size()), 1);
    const FitChange& c = f.changes.front();
    QVERIFY(c.from != c.to);
    QCOMPARE(c.from, c.knob == FitKnob::Recompute ? int(Recompute::None)
                     : c.knob == FitKnob::Zero    ? int(Zero::Stage0)
                     : c.knob == FitKnob::MicroBatch ? 4
                                                     : c.from);
    // The suggestion is the scenario with that one change, it is valid and it fits.
    const Scenario applied = with_change(s, c);
    QVERIFY(validate(applied).empty());
    const Estimate e = estimate(applied);
    QVERIFY(e.memory.fits);
    QCOMPARE(e.memory.peak.total(), f.estimate.memory.peak.total());
    QCOMPARE(e.throughput.tokens_per_s, f.estimate.throughput.tokens_per_s);
    // The fastest of the single changes: micro-batch 1 and full recomputation, two candidates
    // of the circle, fit and are no faster.
    for (const FitChange& other : {FitChange{FitKnob::MicroBatch, 4, 1}, FitChange{FitKnob::Recompute, 0, 2}}) {
      const Estimate o = estimate(with_change(s, other));
      if (o.memory.fits) QVERIFY(o.throughput.tokens_per_s <= f.estimate.throughput.tokens_per_s * (1 + 1e-12));
    }
  }

  void moreNodesWhenNoLayoutOfTheClusterFits() {
    // Llama-3-70B on one node of A100 80GB: 16 bytes per parameter of weights, gradients and
    // Adam states is 1.1 TB, over 8 x 80 GB whatever the layout; more nodes shard it.
    Scenario s = default_scenario();
    s.model_id = "llama-3-70b";
    s.model = find_model_preset("llama-3-70b")->shape;
    s.cluster.nodes = 1;
    s.parallel = Parallelism{8, 1, 1, 0, 1, 1, true};
    s.training.global_batch = 1024;
    QVERIFY2(validate(s).empty(), validate(s).empty() ? "" : validate(s).front().text().c_str());
    QVERIFY(!estimate(s).memory.fits);
    const NearestFit f = nearest_fit(s);
    QVERIFY(f.found);
    QVERIFY(!f.changes.empty());
    QCOMPARE(f.changes.front().knob, FitKnob::Nodes);
    QCOMPARE(f.changes.front().from, 1);
    QVERIFY(f.changes.front().to >= 2);
    QCOMPARE(f.scenario.cluster.nodes, f.changes.front().to);
    QVERIFY(f.estimate.memory.fits);
    QVERIFY(estimate(f.scenario).memory.fits);
  }

  void cancelStops() {
    std::atomic<bool> cancel{true};
    const NearestFit f = nearest_fit(overfull(), &cancel);
    QVERIFY(f.cancelled);
    QVERIFY(!f.found);
  }
};

QTEST_GUILESS_MAIN(TestNearestFit)
#include "tst_nearest_fit.moc"
