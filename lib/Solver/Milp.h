//===- Milp.h - The problem as a MILP, solved by CBC ------------*- C++ -*-===//
//
// Binary x[v][s] (node v takes s), continuous y[e][a][b] for the pair
// tables with the local-polytope constraints Σ_b y = x_u(a), Σ_a y = x_v(b),
// and one memory row per maximal set of live nodes. Forbidden entries are
// fixed to zero, so the answer (and its bound) hold for the problem only
// when some feasible assignment avoids every forbidden choice; the caller
// checks that.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_LIB_SOLVER_MILP_H
#define TOFU_LIB_SOLVER_MILP_H

#include "Model.h"

#include <atomic>
#include <vector>

namespace tofu::solver {

struct MilpResult {
  std::vector<unsigned> x; // empty: no solution found
  double bound = -std::numeric_limits<double>::infinity();
  bool optimal = false;
  bool infeasible = false;
  /// The LP relaxation at the root (a bound as well).
  double rootBound = -std::numeric_limits<double>::infinity();
};

/// Number of columns the MILP of `m` has.
size_t milpColumns(const Model &m);

/// Solves within `seconds`; `start` (may be empty) is a feasible incumbent.
/// `stop` ends the search early when set.
MilpResult solveMilp(const Model &m, const std::vector<unsigned> &start,
                     double seconds, const std::atomic<bool> *stop);

} // namespace tofu::solver

#endif // TOFU_LIB_SOLVER_MILP_H
