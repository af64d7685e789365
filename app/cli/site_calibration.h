// --measured-step-s: site calibration from a measured pilot step. The model's step time is
// scaled by measured / modelled, so that the estimate reproduces the user's own measurement;
// the scenario records the factor and a note, and the estimate then warns `site_calibrated`.
#pragma once

#include <vector>

#include "engine/estimate.h"
#include "engine/scenario.h"
#include "engine/validate.h"

namespace cp::cli {

// Precondition: `e` is estimate(s) and validate(s) found no problem. Sets
// s.calibration.step_time_factor = measured_step_s / e.step.modelled_step_s and its note, and
// estimates again into `e`. Returns false, with a problem on "--measured-step-s", when the
// modelled step time is not a positive number (nothing to scale).
bool calibrate_to_measured_step(Scenario& s, double measured_step_s, Estimate& e, std::vector<Problem>& problems);

}  // namespace cp::cli
