//===- IdealDP.h - Exact throughput DP over ideals --------------*- C++ -*-===//
//
// The paper's dynamic program for contiguous placements under the throughput
// objective. An ideal is a predecessor-closed set of units of the contiguity
// DAG; a pipeline places on its i-th device the difference I_i \ I_{i-1} of a
// chain of nested ideals. With device types t (CPUs; accelerators grouped by
// speed) and a state s counting the devices of each type used so far,
//
//   dp[s][I] = min( min_t dp[s - e_t][I],                       (empty device)
//                   min_t min_{J subset of I} max(dp[s - e_t][J],
//                                                 load_t(I \ J)) )
//
// and the answer is dp[all devices][all units]. Time O(P * (d + S)) where P
// is the number of nested ideal pairs (J, I) visited, d the average degree
// of a unit's original nodes (the communication of I \ J is kept up to date
// as J shrinks one unit at a time), S the number of states (prod over types
// of count_t + 1); memory O(#ideals * S) doubles plus the ideal lattice's
// covering edges. Pairs are pruned soundly: compute time only grows as J
// shrinks, so once it passes an upper bound (a heuristic placement's max
// load) or every state's current best, no smaller J can help.
//
// Times, costs and sizes are summed exactly, as integers in 128 bits at a
// fixed power-of-two scale: the load of a set does not depend on the order
// the walks add and remove its units, so the traceback finds the DP's values
// again bit for bit, with no tolerance, at any magnitude of the costs. Terms
// at or over the upper bound are clamped to it (they only need to be known
// to be too large); when the scale, spanning the largest term below the
// bound, rounds a small one, the DP runs again bounded by its first
// placement's exact load.
//
// The number of ideals is exponential in the width of the DAG. Enumeration
// stops at DpOptions::maxIdeals and the result says so (completed = false);
// it never returns a placement it has not proven optimal.
//
//===----------------------------------------------------------------------===//

#ifndef TOFU_PLACEMENT_IDEALDP_H
#define TOFU_PLACEMENT_IDEALDP_H

#include "Tofu/Placement/Units.h"

#include <cstdint>

namespace tofu::placement {

struct DpOptions {
  uint64_t maxIdeals = 2'000'000;
  /// Bytes the DP table may take (ideals x states doubles).
  uint64_t maxTableBytes = uint64_t(2) << 30;
  /// Pair visits before giving up (time guard).
  uint64_t maxPairVisits = uint64_t(20'000'000'000);
  /// Slightly above the max load of a known placement: sets whose compute
  /// alone reaches it are skipped (the DP still finds every placement below
  /// it, so the optimum when the known placement is contiguous).
  double upperBound = kInfinity;
};

struct DpResult {
  /// False when the DP stopped (too many ideals, table too large, too many
  /// pairs); `reason` then says why and nothing else is meaningful.
  bool completed = false;
  std::string reason;
  /// False when no contiguous placement respects memory and support.
  bool feasible = false;
  double objective = kInfinity;
  std::vector<unsigned> deviceOfUnit;
  uint64_t ideals = 0;
  uint64_t pairVisits = 0;
};

DpResult solveContiguousThroughput(const Problem &problem,
                                   const UnitGraph &units,
                                   const DpOptions &options = {});

/// The number of ideals of the units' contiguity DAG, counting up to `cap`
/// (returns cap + 1 when there are more).
uint64_t countIdeals(const UnitGraph &units, uint64_t cap);

/// The smallest accelerator memory with which a contiguous placement on the
/// problem's accelerators and CPUs exists (supported nodes only on
/// accelerators), or kInfinity when none exists at any memory; nullopt when
/// the DP could not complete.
std::optional<double> smallestContiguousMemory(const Problem &problem,
                                               const UnitGraph &units,
                                               const DpOptions &options = {});

} // namespace tofu::placement

#endif // TOFU_PLACEMENT_IDEALDP_H
