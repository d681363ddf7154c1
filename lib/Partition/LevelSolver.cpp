//===- LevelSolver.cpp - One search level on the solver library -----------===//
//
// Translates a level's problem (LevelProblem.h) into the solver library's
// Problem (include/Tofu/Solver/Problem.h) and solves it there:
//  - one node per variable, one edge per (op factor, tensor slot) with the
//    slot's [strategy][layout] table: the library's pairwise form exactly;
//  - costs are bytes, integers times the element size, so a power-of-two
//    scale (usually 1) makes them integers without changing the optimum;
//  - the memory model's values are extra nodes tied to their class's
//    variable by an equality edge (any other pair is forbidden), each with
//    its own live interval, since one tensor class stands for several values
//    (forward and backward, unrolled timesteps) live at different times.
//
//===----------------------------------------------------------------------===//

#include "LevelProblem.h"

#include "Tofu/Solver/Exact.h"
#include "Tofu/Solver/Solver.h"

#include "llvm/ADT/STLExtras.h"

#include <cmath>
#include <limits>

using namespace mlir::tofu::level;
namespace solver = tofu::solver;

double mlir::tofu::level::evalFactor(const Problem &p, const Factor &f,
                                     llvm::ArrayRef<unsigned> value) {
  unsigned s = value[f.opVar];
  double cost = 0;
  for (auto [var, table] : llvm::zip(f.slotVars, f.tables))
    cost += table[s * p.domain[var].size() + value[var]];
  return cost;
}

namespace {

/// Doubles add integers exactly below 2^53. Costs are never negative, so a
/// sum that rounds is at least 2^53 and stays above an optimum below it: the
/// elimination's optimum is exact when its (128-bit) cost is below 2^53.
constexpr double kExactInDouble = 9007199254740992.0;

/// The least power of two (up to 2^16) that makes every cost an integer.
/// Costs are element counts times element bytes, so 1 nearly always does;
/// `integral` is false when none does (the costs are then rounded at the
/// largest scale and the answer is not proven optimal).
double chooseScale(const Problem &p, bool &integral) {
  for (int j = 0; j <= 16; ++j) {
    double scale = std::ldexp(1.0, j);
    bool all = llvm::all_of(p.factors, [&](const Factor &f) {
      return llvm::all_of(f.tables, [&](const std::vector<double> &t) {
        return llvm::all_of(t, [&](double c) {
          return std::nearbyint(c * scale) == c * scale;
        });
      });
    });
    if (all) {
      integral = true;
      return scale;
    }
  }
  integral = false;
  return std::ldexp(1.0, 16);
}

struct Translation {
  solver::Problem problem;
};

/// Ties between equally cheap assignments go to the least sum of domain
/// indices (the order LevelBuilder lists layouts and loops in, which the
/// frontier DP's first-found tie-break also favoured): every choice costs its
/// index, and the bytes are multiplied by one more than the largest sum of
/// indices, so no tie-break outweighs a byte.
/// Without `tieBreaks` the nodes cost nothing and the edges are the bytes.
Translation translate(const Problem &p, double scale, bool tieBreaks = true) {
  Translation t;
  double penalties = 0;
  for (const llvm::SmallVector<int> &dom : p.domain) {
    solver::Node n;
    for (unsigned i = 0; i < dom.size(); ++i)
      n.costs.push_back(tieBreaks ? i : 0);
    n.usages.assign(dom.size(), 0);
    penalties += dom.size() - 1;
    t.problem.nodes.push_back(std::move(n));
  }
  double tieScale = tieBreaks ? penalties + 1 : 1;
  for (const Factor &f : p.factors)
    for (auto [var, table] : llvm::zip(f.slotVars, f.tables)) {
      solver::Edge e;
      e.u = f.opVar;
      e.v = var;
      // Partials that flow (docs/cost-model.md) write +inf where a
      // combination is not allowed, and charge a partial's reduction where
      // it is made and refund it where it is read, so some entries are
      // negative. Each table is shifted by its least finite entry (every
      // assignment pays one entry of every table, so the argmin is the
      // same; the cost is recomputed from the original tables), and +inf
      // becomes the library's forbidden mark.
      double least = std::numeric_limits<double>::infinity();
      for (double c : table)
        if (std::isfinite(c))
          least = std::min(least, std::nearbyint(c * scale));
      for (double c : table) {
        if (!std::isfinite(c)) {
          e.costs.push_back(solver::kForbiddenCost);
          continue;
        }
        // Bytes fit int64_t (the graph refuses larger values); beyond the
        // forbidden mark a cost would read as a forbidden choice.
        double x = std::min((std::nearbyint(c * scale) - least) * tieScale,
                            double(solver::kForbiddenCost - 1));
        e.costs.push_back(static_cast<int64_t>(x));
      }
      t.problem.edges.push_back(std::move(e));
    }
  return t;
}

/// A table tying a memory node over (var [, var2]) to `var`'s value
/// (`second`: to `var2`'s): 0 where they agree, forbidden elsewhere.
std::vector<int64_t> tieTable(unsigned dom, unsigned dom2, bool second) {
  unsigned pairs = dom * dom2;
  std::vector<int64_t> costs(size_t(second ? dom2 : dom) * pairs,
                             solver::kForbiddenCost);
  for (unsigned x = 0; x < pairs; ++x) {
    unsigned value = second ? x % dom2 : x / dom2;
    costs[size_t(value) * pairs + x] = 0;
  }
  return costs;
}

/// Adds the memory model: a node per term, tied to its variable(s).
void addMemory(solver::Problem &sp, const Problem &p,
               const LevelMemory &memory) {
  for (const MemoryTerm &term : memory.terms) {
    unsigned dom = p.domain[term.var].size();
    unsigned dom2 = term.var2 < 0 ? 1 : p.domain[term.var2].size();
    solver::Node n;
    n.costs.assign(dom * dom2, 0);
    n.usages = term.bytes;
    n.lo = term.lo;
    n.hi = term.hi;
    unsigned id = sp.nodes.size();
    sp.nodes.push_back(std::move(n));
    sp.edges.push_back({term.var, id, tieTable(dom, dom2, false)});
    if (term.var2 >= 0)
      sp.edges.push_back(
          {static_cast<unsigned>(term.var2), id, tieTable(dom, dom2, true)});
  }
  sp.usageLimit = memory.limit;
}

/// The assignment of the memory problem's nodes that `value` implies.
std::vector<unsigned> withMemoryNodes(const Problem &p,
                                      const std::vector<unsigned> &value,
                                      const LevelMemory &memory) {
  std::vector<unsigned> x(value);
  for (const MemoryTerm &term : memory.terms)
    x.push_back(term.var2 < 0 ? value[term.var]
                              : value[term.var] * p.domain[term.var2].size() +
                                    value[term.var2]);
  return x;
}

} // namespace

solver::Problem mlir::tofu::level::libraryProblem(const Problem &p,
                                                  const LevelMemory &memory) {
  bool integral = false;
  Translation t = translate(p, chooseScale(p, integral), /*tieBreaks=*/false);
  if (!memory.terms.empty())
    addMemory(t.problem, p, memory);
  return std::move(t.problem);
}

Assignment
mlir::tofu::level::solveWithLibrary(const Problem &p, const LevelMemory &memory,
                                    const LevelSolveOptions &options) {
  bool integral = false;
  double scale = chooseScale(p, integral);
  Translation t = translate(p, scale);
  solver::ExactResult exact =
      solver::solveIgnoringMemory(t.problem, options.maxTableEntries);
  Assignment a;
  a.value = exact.choice;
  bool exactSums = static_cast<double>(exact.cost) < kExactInDouble;
  a.approximate = !(exact.exact && integral && exactSums);
  a.maxStates = static_cast<uint64_t>(exact.widestTable);
  a.coreSize = exact.coreSize;

  // The unconstrained optimum bounds the constrained one from below: when it
  // fits, it is the answer.
  if (memory.limit >= 0 && !memory.terms.empty()) {
    addMemory(t.problem, p, memory);
    llvm::Expected<solver::Evaluation> ev =
        solver::evaluate(t.problem, withMemoryNodes(p, a.value, memory));
    bool fits = ev && ev->feasible;
    if (!ev)
      llvm::consumeError(ev.takeError());
    if (!fits) {
      solver::SolverOptions so;
      so.timeLimit = options.timeLimit;
      // One thread, a fixed seed: the same plan on every run whenever the
      // library proves its optimum (its MILP usually does, in milliseconds);
      // an answer it cannot prove within the limit depends on how far it
      // got, and is reported approximate.
      so.threads = 1;
      so.seed = 1;
      so.maxTableEntries = options.maxTableEntries;
      solver::SolveResult r = solver::solve(t.problem, so);
      // The library may answer with a broken tie (a forbidden pair) when it
      // finds nothing better: the variables' own values are re-checked, with
      // the memory nodes they imply.
      std::vector<unsigned> value(a.value);
      if (!r.choice.empty())
        value.assign(r.choice.begin(), r.choice.begin() + p.domain.size());
      llvm::Expected<solver::Evaluation> check =
          solver::evaluate(t.problem, withMemoryNodes(p, value, memory));
      if (!r.choice.empty() && check && check->feasible && !check->forbidden) {
        a.value = std::move(value);
        a.approximate = !(r.optimal && integral);
      } else {
        a.overLimit = true;
        // Proven when no assignment fits at all, or every one that fits
        // breaks a tie (the bound reaches the forbidden mark).
        a.approximate = !(r.lowerBound >= double(solver::kForbiddenCost));
      }
      if (!check)
        llvm::consumeError(check.takeError());
    }
  }
  for (const Factor &f : p.factors)
    a.cost += evalFactor(p, f, a.value);
  return a;
}
