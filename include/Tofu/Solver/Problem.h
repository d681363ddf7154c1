//===- Problem.h - Memory-constrained assignment problems -------*- C++ -*-===//
//
// The problem every Tofu search reduces to: choose one strategy per node so
// that the sum of node costs and pairwise edge costs is least while, at every
// time step, the memory of the live nodes stays under a limit. It is the
// problem of the IOPDDL contest (ASPLOS/EuroSys 2025); see docs/solver.md.
// This library does not depend on MLIR.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_SOLVER_PROBLEM_H
#define TOFU_SOLVER_PROBLEM_H

#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tofu::solver {

/// Costs at or above this mark a forbidden choice (legal but ruinous).
constexpr int64_t kForbiddenCost = 1000000000000000000LL;

using Cost = __int128;

struct Node {
  std::vector<int64_t> costs;
  /// Memory per strategy while the node is live, in [lo, hi).
  std::vector<int64_t> usages;
  int64_t lo = 0, hi = 0;
  bool live() const { return lo < hi; }
  unsigned numChoices() const { return costs.size(); }
};

struct Edge {
  unsigned u = 0, v = 0;
  /// |S_u| x |S_v| entries, row-major in (s_u, s_v).
  std::vector<int64_t> costs;
};

struct Problem {
  std::string name;
  std::vector<Node> nodes;
  std::vector<Edge> edges;
  /// Memory capacity at every time step; negative: no limit.
  int64_t usageLimit = -1;

  /// Checks indices, table sizes, intervals and shapes; the error names the
  /// offending node or edge.
  llvm::Error validate() const;
};

/// Parses the IOPDDL JSON format (`{"problem": {...}}`, see docs/solver.md)
/// and validates it.
llvm::Expected<Problem> parseProblem(llvm::StringRef json);
/// Reads FILE (.json, or gzip-compressed .json.gz) and parses it.
llvm::Expected<Problem> readProblem(llvm::StringRef path);
/// Writes `p` in the IOPDDL JSON format, which parseProblem reads back as
/// the same problem. The format has no "no limit": a negative usageLimit is
/// written as the largest int64 (no assignment's usage reaches it).
void writeProblem(const Problem &p, llvm::raw_ostream &os);

struct Evaluation {
  Cost cost = 0;
  /// Largest total usage over all time steps, and where it occurs.
  Cost peakUsage = 0;
  int64_t peakTime = 0;
  bool feasible = false;
  /// Some choice costs kForbiddenCost or more.
  bool forbidden = false;
};

/// Evaluates a complete assignment (one strategy per node); fails when the
/// assignment's length or a strategy index is out of range.
llvm::Expected<Evaluation> evaluate(const Problem &p,
                                    const std::vector<unsigned> &choice);

/// Decimal text of a 128-bit cost.
std::string toString(Cost c);

} // namespace tofu::solver

#endif // TOFU_SOLVER_PROBLEM_H
