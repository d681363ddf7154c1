//===- Milp.h - Integer programs for placement (CBC) ------------*- C++ -*-===//
//
// Mixed-integer programs, solved with COIN-OR CBC, for what the DP does not
// cover: non-contiguous placements under the throughput objective, the
// single-sample latency objective, and contiguous placements where the
// ideals are too many for the DP. Every result carries CBC's proven bound
// and the relative gap.
//
// Throughput: binary x[u][d] (unit u on device d), continuous in/out[p][d]
// per original node p with an output leaving its unit (p's device pays its
// output when a successor is elsewhere: out >= x[U][d] - x[V][d]; device d
// receives it: in >= x[V][d] - x[U][d]), a knapsack per accelerator and
// load_d <= T, minimising T. Identical devices are made distinct by
// allowing unit i only on the first i + 1 devices of its type.
//
// Contiguous throughput: devices become positions 0..D-1 of a pipeline
// whose kind (accelerator speed group or CPU) is a variable; every edge
// u -> v of the contiguity DAG requires pos(u) <= pos(v), which is exactly
// the DP's space (an acyclic device order).
//
// Latency (the paper's model): each accelerator runs its units as one call
// that starts when every input has arrived and takes its load; CPU nodes run
// as soon as their inputs are ready (CPUs as many as needed, the paper's
// assumption; the CPU count only decides whether CPUs may be used).
//
//===----------------------------------------------------------------------===//

#ifndef TOFU_PLACEMENT_MILP_H
#define TOFU_PLACEMENT_MILP_H

#include "Tofu/Placement/Units.h"

namespace tofu::placement {

struct MilpOptions {
  double timeLimitSeconds = 60;
  /// CBC stops when (incumbent - bound) / incumbent falls below this.
  double relativeGap = 1e-7;
  /// A placement to start from (any feasible one helps CBC prune).
  std::optional<Placement> start;
  /// The max load of a feasible placement in the program's space (the
  /// start's, say). Throughput: times and costs over it are clamped to
  /// twice it, which changes no optimum (a placement paying one is worse
  /// than that placement either way) and keeps a 1e16 cost from sharing a
  /// row with times of 0.1, a range CBC's tolerances cannot resolve.
  double upperBound = kInfinity;
};

/// CBC takes a binary variable within 1e-6 of 0 or 1 as integral; a
/// coefficient this many times the objective then hides 0.1% of it, and
/// CBC's proof of optimality is not trusted.
constexpr double kUnresolvableCoefficientRatio = 1e3;

struct MilpResult {
  /// A feasible placement was found.
  bool solved = false;
  /// CBC proved there is none.
  bool infeasible = false;
  bool provenOptimal = false;
  double objective = kInfinity;
  double bound = 0;
  double gap = kInfinity;
  Placement placement;
  std::string status;
};

MilpResult solveThroughputMilp(const Problem &problem, const UnitGraph &units,
                               bool contiguous, const MilpOptions &options);

MilpResult solveLatencyMilp(const Problem &problem, const UnitGraph &units,
                            const MilpOptions &options);

/// The smallest accelerator memory admitting a (non-)contiguous placement
/// that respects accelerator support, by the same formulation with the
/// largest accelerator memory as objective.
MilpResult smallestMemoryMilp(const Problem &problem, const UnitGraph &units,
                              bool contiguous, const MilpOptions &options);

} // namespace tofu::placement

#endif // TOFU_PLACEMENT_MILP_H
