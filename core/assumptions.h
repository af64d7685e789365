// Facility, price and reliability assumptions of a scenario (power, cooling, cost, goodput).
// Filled in by the power/cost/reliability work; every field carries a stated, sourced default.
#pragma once

namespace cp {

struct Assumptions {};

}  // namespace cp
