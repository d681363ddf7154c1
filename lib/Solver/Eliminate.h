//===- Eliminate.h - Exact min-sum variable elimination ---------*- C++ -*-===//
//
// Bucket elimination for pairwise min-sum problems without memory limits
// (the Lagrangian subproblem, and LNS windows). The order is greedy (least
// table created first) and stops where the next table would exceed a cap;
// the variables left (the core) are then solved by coordinate descent and
// the answer is exact only when the core is empty. The bound returned is
// always valid: the eliminated part is exact, the core is bounded by the sum
// of its factors' minima.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_LIB_SOLVER_ELIMINATE_H
#define TOFU_LIB_SOLVER_ELIMINATE_H

#include "Deadline.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace tofu::solver {

/// A pairwise problem over local variables 0..n-1.
struct PairwiseProblem {
  struct Pair {
    unsigned a, b;
    const double *cost; // dom(a) x dom(b) row-major, or (b, a) if transposed
    bool transposed;
  };
  std::vector<unsigned> dom;
  std::vector<std::vector<double>> unary;
  std::vector<Pair> pairs;
};

/// The elimination order of a problem's structure (reusable while only the
/// unary costs change).
struct EliminationOrder {
  std::vector<unsigned> order;
  std::vector<bool> eliminated;
  unsigned coreSize = 0;
  /// Largest table the order creates.
  double widestTable = 0;
  double work = 0; // Σ entries x dom(eliminated)
};

/// Stops at `deadline` as at the table cap: the variables not yet eliminated
/// are left in the core (the bound stays valid, the answer inexact).
EliminationOrder computeOrder(const PairwiseProblem &p, size_t maxTable,
                              const Deadline &deadline = {});

struct EliminationResult {
  std::vector<unsigned> x;
  double value = 0;      // objective of x
  double lowerBound = 0; // valid bound on the minimum
  bool exact = false;
};

/// Solves with the order; `hint` (may be empty) starts the core's descent.
EliminationResult eliminate(const PairwiseProblem &p,
                            const EliminationOrder &order,
                            const std::vector<unsigned> &hint);

/// Objective of an assignment.
double objective(const PairwiseProblem &p, const std::vector<unsigned> &x);

} // namespace tofu::solver

#endif // TOFU_LIB_SOLVER_ELIMINATE_H
