//===- Exact.cpp - The exact elimination DP on a whole problem ------------===//

#include "Tofu/Solver/Exact.h"

#include "Eliminate.h"

#include "llvm/ADT/STLExtras.h"

using namespace tofu::solver;

ExactResult tofu::solver::solveIgnoringMemory(const Problem &p,
                                              size_t maxTableEntries) {
  PairwiseProblem pw;
  // The elimination reads pair tables through pointers: keep them here.
  std::vector<std::vector<double>> tables;
  tables.reserve(p.edges.size());
  for (const Node &n : p.nodes) {
    pw.dom.push_back(n.numChoices());
    pw.unary.emplace_back(n.costs.begin(), n.costs.end());
  }
  for (const Edge &e : p.edges) {
    tables.emplace_back(e.costs.begin(), e.costs.end());
    pw.pairs.push_back({e.u, e.v, tables.back().data(), false});
  }
  EliminationOrder order = computeOrder(pw, maxTableEntries);
  EliminationResult r = eliminate(pw, order, {});
  ExactResult out;
  out.choice = std::move(r.x);
  out.exact = r.exact;
  out.coreSize = order.coreSize;
  out.widestTable = order.widestTable;
  for (auto [v, n] : llvm::enumerate(p.nodes))
    out.cost += n.costs[out.choice[v]];
  for (const Edge &e : p.edges)
    out.cost +=
        e.costs[out.choice[e.u] * p.nodes[e.v].numChoices() + out.choice[e.v]];
  return out;
}
