//===- Solver.h - The memory-constrained assignment solver ------*- C++ -*-===//
//
// Combines an exact variable-elimination DP, a MILP (CBC) for exact answers
// and LP bounds on small problems, a Lagrangian relaxation of the memory
// limit for lower bounds and guidance, a feasibility-first start and a
// large-neighbourhood search that re-solves windows exactly. See
// docs/solver.md.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_SOLVER_SOLVER_H
#define TOFU_SOLVER_SOLVER_H

#include "Tofu/Solver/Problem.h"

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace tofu::solver {

struct SolverOptions {
  /// Wall-clock budget in seconds (the answer is the best one found by then).
  double timeLimit = 10;
  uint64_t seed = 1;
  /// Worker threads (0: the machine's hardware threads).
  unsigned threads = 0;
  /// Problems with at most this many choice/pair variables in their MILP are
  /// solved exactly by CBC.
  size_t milpMaxVariables = 200000;
  /// Largest table (entries) the elimination DP may create.
  size_t maxTableEntries = size_t(1) << 16;
  /// Progress lines on stderr.
  bool verbose = false;
};

struct SolveResult {
  /// One strategy per node; empty when no feasible assignment exists.
  std::vector<unsigned> choice;
  Cost cost = 0;
  bool feasible = false;
  /// A proven lower bound on the cost of every feasible assignment (-inf
  /// when none was proven; +inf when the problem is proven infeasible).
  double lowerBound = 0;
  bool optimal = false;
  /// Which component found the answer and which proved the bound.
  std::string foundBy, boundBy;
  /// When even each node's least usage exceeds the limit: the time step
  /// where the total of those least usages peaks, and that total.
  int64_t overLimitAt = 0;
  Cost leastUsageAt = 0;
  double seconds = 0;
  /// (seconds since the solve began, cost) each time the best answer found
  /// improved, in time order; the costs are the search's own (doubles).
  std::vector<std::pair<double, double>> trace;
};

SolveResult solve(const Problem &p, const SolverOptions &options);

} // namespace tofu::solver

#endif // TOFU_SOLVER_SOLVER_H
