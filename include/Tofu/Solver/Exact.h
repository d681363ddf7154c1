//===- Exact.h - The exact elimination DP on a whole problem ----*- C++ -*-===//
//
// The library's exact dynamic program (bucket elimination, see
// lib/Solver/Eliminate.h) on a Problem, without the time-limited search
// around it: for callers such as the partition search that solve many small
// problems and need the same answer on every run. The memory limit is not
// part of it; the caller checks the answer against the limit (evaluate) and
// calls solve() when it does not fit.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_SOLVER_EXACT_H
#define TOFU_SOLVER_EXACT_H

#include "Tofu/Solver/Problem.h"

#include <vector>

namespace tofu::solver {

struct ExactResult {
  /// One strategy per node.
  std::vector<unsigned> choice;
  /// The cost of `choice`, summed in 128 bits.
  Cost cost = 0;
  /// Whether `choice` is proven least-cost (every node was eliminated; the
  /// elimination sums in double, so the caller also needs every partial sum
  /// below 2^53 for the proof to hold in integers).
  bool exact = false;
  /// Nodes left to coordinate descent because eliminating them would have
  /// created a table over `maxTableEntries`.
  unsigned coreSize = 0;
  /// Largest table the elimination created (entries).
  double widestTable = 0;
};

/// The least-cost assignment of `p` ignoring its memory limit. Deterministic:
/// the elimination order and the ties (the first least entry) depend only on
/// the problem.
ExactResult solveIgnoringMemory(const Problem &p, size_t maxTableEntries);

} // namespace tofu::solver

#endif // TOFU_SOLVER_EXACT_H
