//===- BruteForce.h - Exhaustive placement for small graphs -----*- C++ -*-===//
//
// Enumerates every assignment of colour classes to devices (identical
// devices taken once) and evaluates each with evaluate() / latency(), with no
// preprocessing: the reference the exact solvers are tested against.
// Exponential; meant for graphs of about ten classes.
//
//===----------------------------------------------------------------------===//

#ifndef TOFU_PLACEMENT_BRUTEFORCE_H
#define TOFU_PLACEMENT_BRUTEFORCE_H

#include "Tofu/Placement/Problem.h"

namespace tofu::placement {

struct BruteForceResult {
  bool feasible = false;
  double objective = kInfinity;
  Placement placement;
  uint64_t assignments = 0;
};

/// Minimum max-load over feasible placements (contiguous ones only when
/// `contiguous`).
BruteForceResult bruteForceThroughput(const Problem &problem, bool contiguous);

/// Minimum latency() over feasible placements (CPUs as one pool).
BruteForceResult bruteForceLatency(const Problem &problem);

/// Minimum, over placements respecting support and colour classes (and
/// contiguity when asked), of the largest accelerator memory.
BruteForceResult bruteForceMemory(const Problem &problem, bool contiguous);

} // namespace tofu::placement

#endif // TOFU_PLACEMENT_BRUTEFORCE_H
