#include "cli/site_calibration.h"

#include <cmath>
#include <cstdio>

namespace cp::cli {

bool calibrate_to_measured_step(Scenario& s, double measured_step_s, Estimate& e, std::vector<Problem>& problems) {
  const double modelled = e.step.modelled_step_s;
  if (!(modelled > 0) || !std::isfinite(modelled)) {
    problems.push_back({"--measured-step-s", "the modelled step time is not positive: there is nothing to scale"});
    return false;
  }
  s.calibration.step_time_factor = measured_step_s / modelled;
  char note[160];
  std::snprintf(note, sizeof note, "measured pilot step %.6g s against a modelled %.6g s (--measured-step-s)",
                measured_step_s, modelled);
  s.calibration.note = note;
  e = estimate(s);
  return true;
}

}  // namespace cp::cli
