//===- LevelProblem.h - One level of the partition search -------*- C++ -*-===//
//
// The discrete problem one recursion level of the search poses (built in
// Search.cpp) and its translation to the solver library (LevelSolver.cpp):
// variables are the layouts of tensor classes and the strategies of op
// classes; every op contributes, per tensor slot, a table over (strategy,
// layout), so the problem is pairwise. Internal to lib/Partition.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_LIB_PARTITION_LEVELPROBLEM_H
#define TOFU_LIB_PARTITION_LEVELPROBLEM_H

#include "Tofu/Solver/Problem.h"

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/LogicalResult.h"

#include <cstdint>
#include <string>
#include <vector>

namespace mlir::tofu::level {

struct Factor {
  int opVar = -1;
  /// Per slot: the tensor variable and its cost table [strategy][layout].
  llvm::SmallVector<int> slotVars;
  llvm::SmallVector<std::vector<double>> tables;
  unsigned position = 0;
};

struct Problem {
  unsigned numTensorVars = 0;
  /// Domain of each variable: layouts (dims, -1 replicated) for tensor
  /// variables, loops (-1 replicated) for op variables.
  std::vector<llvm::SmallVector<int>> domain;
  std::vector<Factor> factors;
};

struct Assignment {
  std::vector<unsigned> value; // index into the variable's domain
  double cost = 0;
  unsigned widestFrontier = 0;
  uint64_t maxStates = 0;
  bool approximate = false;
  /// Set by the memory-constrained solve: no assignment of this level keeps
  /// the modelled memory under the limit (`value` is then the unconstrained
  /// optimum).
  bool overLimit = false;
  /// Variables the library left to local search (0: exact elimination).
  unsigned coreSize = 0;
};

/// Memory that one variable's value, or a pair of variables' values, holds
/// on one device over [lo, hi) (op positions in program order): a value of
/// a tensor class (bytes per layout of `var`), or an op's buffer for one
/// tensor slot (bytes per (strategy of `var`, layout of `var2`), row-major).
struct MemoryTerm {
  unsigned var = 0;
  int var2 = -1;
  int64_t lo = 0, hi = 0;
  std::vector<int64_t> bytes;
};

struct LevelMemory {
  std::vector<MemoryTerm> terms;
  /// Bytes per device at every point; negative: no limit.
  int64_t limit = -1;
};

struct LevelSolveOptions {
  /// Largest table the library's elimination may create (entries).
  size_t maxTableEntries = size_t(1) << 16;
  /// Seconds the library's constrained search may take when the memory
  /// limit binds (it proves small levels optimal in well under a second;
  /// levels it cannot prove are reported approximate).
  double timeLimit = 2;
};

/// Solves the level with the solver library (docs/search.md#the-solver):
/// the exact elimination DP on the communication problem; when its answer
/// breaks the memory limit, the library's constrained search. `approximate`
/// is false only when the answer is proven optimal.
Assignment solveWithLibrary(const Problem &p, const LevelMemory &memory,
                            const LevelSolveOptions &options);

/// The level as the library's problem without solving it: the translation
/// solveWithLibrary solves, without its tie-break costs (nodes cost nothing,
/// edges are the bytes, scaled as there), with the memory model's nodes when
/// `memory` has terms (the limit as given; negative: none). Written in the
/// IOPDDL format by the search's `dump-levels=` (docs/solver.md).
::tofu::solver::Problem libraryProblem(const Problem &p,
                                       const LevelMemory &memory);

/// The cost of one factor under an assignment.
double evalFactor(const Problem &p, const Factor &f,
                  llvm::ArrayRef<unsigned> value);

/// The frontier dynamic program the search ran on before the solver library
/// (variable elimination along the factor order, a beam beyond `beamWidth`
/// states). It stays as an independent cross-check of the library
/// (SearchOptions::crossCheckFrontier): a second exact method, written
/// without the library's elimination order and tables, whose optima must
/// match on the zoo's models (test/Partition/solver-vs-frontier.test).
Assignment solveDP(const Problem &p, unsigned beamWidth,
                   const std::vector<std::string> *debugNames = nullptr);

/// The widest frontier of the visit order: variables touched by a visited
/// factor and by one still to come (what the frontier DP keeps as state).
unsigned frontierWidth(const Problem &p);

/// Enumerates every assignment of the tensor layouts (and of op classes
/// shared by several ops); an op class used by a single op is minimised
/// inside its one cost term, which is the same optimum. Fails, with
/// `error`, beyond `limit` assignments. Small graphs only.
FailureOr<Assignment> solveExhaustive(const Problem &p, uint64_t limit,
                                      std::string &error);

} // namespace mlir::tofu::level

#endif // TOFU_LIB_PARTITION_LEVELPROBLEM_H
