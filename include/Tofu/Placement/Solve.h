//===- Solve.h - Choosing and running a placement solver --------*- C++ -*-===//
//
// The entry point tofu-place and the tests use. Strategy "optimal" picks the
// exact method for the objective:
//  - throughput, contiguous: the DP over ideals; when the ideals pass the
//    cap, the contiguous MILP (exact when CBC closes the gap), and if that
//    does not prove optimality either, the DP on layer-contracted units as a
//    further candidate; the result then says proven_optimal = false and
//    reports the gap to CBC's bound;
//  - throughput, non-contiguous: the MILP, started from the contiguous DP's
//    optimum when the DP completes;
//  - latency: the latency MILP.
// Baselines ("pipedream", "equal-compute", "single", "round-robin",
// "expert") and "brute-force" (tiny graphs) are evaluated the same way.
//
// An instance with no feasible placement is an error naming what does not
// fit: a node no device can run, or the smallest accelerator memory with
// which a placement exists.
//
//===----------------------------------------------------------------------===//

#ifndef TOFU_PLACEMENT_SOLVE_H
#define TOFU_PLACEMENT_SOLVE_H

#include "Tofu/Placement/IdealDP.h"
#include "Tofu/Placement/Milp.h"

namespace tofu::placement {

enum class Objective { Throughput, Latency };

struct SolveOptions {
  Objective objective = Objective::Throughput;
  bool contiguous = true;
  std::string strategy = "optimal";
  /// Contents and name of the split file for strategy "expert".
  std::string expertJson, expertFile;
  DpOptions dp;
  MilpOptions milp;
};

struct Solution {
  std::string strategy;
  /// How the result was found: "dp", "milp", "dp (layers coarsened)", ...
  std::string method;
  Placement placement;
  Evaluation evaluation;
  /// Max load (throughput) or latency of the placement, from evaluate().
  double objective = kInfinity;
  bool provenOptimal = false;
  double gap = kInfinity;
  /// A proven lower bound on the optimum (0 when none is known).
  double lowerBound = 0;
  uint64_t ideals = 0;
  uint64_t pairVisits = 0;
  unsigned units = 0;
  std::vector<std::string> notes;
  double seconds = 0;
};

llvm::Expected<Solution> solve(const Problem &problem,
                               const SolveOptions &options);

/// The JSON tofu-place prints.
std::string solutionToJson(const Problem &problem, const Solution &solution,
                           const SolveOptions &options);
/// The same as a readable table.
std::string solutionToTable(const Problem &problem, const Solution &solution,
                            const SolveOptions &options);

} // namespace tofu::placement

#endif // TOFU_PLACEMENT_SOLVE_H
