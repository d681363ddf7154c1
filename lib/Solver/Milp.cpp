//===- Milp.cpp - The problem as a MILP, solved by CBC --------------------===//

#include "Milp.h"

#include "coin/CbcEventHandler.hpp"
#include "coin/CbcModel.hpp"
#include "coin/CbcSolver.hpp"
#include "coin/CoinPackedMatrix.hpp"
#include "coin/OsiClpSolverInterface.hpp"

#include <algorithm>
#include <cmath>
#include <string>

using namespace tofu::solver;

namespace {
/// Stops CBC when the caller's flag is set.
class StopHandler : public CbcEventHandler {
public:
  explicit StopHandler(const std::atomic<bool> *stop) : stop(stop) {}
  CbcAction event(CbcEvent) override {
    return stop && stop->load() ? stop_ : noAction;
  }
  CbcEventHandler *clone() const override { return new StopHandler(*this); }

private:
  static constexpr CbcAction stop_ = CbcEventHandler::stop;
  const std::atomic<bool> *stop;
};

struct Layout {
  std::vector<size_t> xCol; // first column of each node
  std::vector<size_t> yCol; // first column of each pair
  size_t columns = 0;
};

Layout layoutOf(const Model &m) {
  Layout l;
  for (unsigned v = 0; v < m.n; ++v) {
    l.xCol.push_back(l.columns);
    l.columns += m.dom[v];
  }
  for (const PairTable &p : m.pairs) {
    l.yCol.push_back(l.columns);
    l.columns += p.cost.size();
  }
  return l;
}
} // namespace

size_t tofu::solver::milpColumns(const Model &m) { return layoutOf(m).columns; }

MilpResult tofu::solver::solveMilp(const Model &m,
                                   const std::vector<unsigned> &start,
                                   double seconds,
                                   const std::atomic<bool> *stop) {
  Layout lay = layoutOf(m);
  size_t cols = lay.columns;
  std::vector<double> obj(cols), lo(cols, 0), hi(cols, 1);
  for (unsigned v = 0; v < m.n; ++v)
    for (unsigned s = 0; s < m.dom[v]; ++s) {
      double c = m.unary[v][s];
      obj[lay.xCol[v] + s] = c >= kForbiddenCost ? 0 : c;
      if (c >= kForbiddenCost)
        hi[lay.xCol[v] + s] = 0;
    }
  for (auto [e, p] : llvm::enumerate(m.pairs))
    for (size_t i = 0; i < p.cost.size(); ++i) {
      double c = p.cost[i];
      obj[lay.yCol[e] + i] = c >= kForbiddenCost ? 0 : c;
      if (c >= kForbiddenCost)
        hi[lay.yCol[e] + i] = 0;
    }

  CoinPackedMatrix matrix(false, 0, 0);
  std::vector<double> rowLo, rowHi;
  std::vector<int> idx;
  std::vector<double> val;
  auto addRow = [&](double l, double h) {
    matrix.appendRow(idx.size(), idx.data(), val.data());
    rowLo.push_back(l);
    rowHi.push_back(h);
    idx.clear();
    val.clear();
  };
  matrix.setDimensions(0, cols);
  for (unsigned v = 0; v < m.n; ++v) {
    for (unsigned s = 0; s < m.dom[v]; ++s) {
      idx.push_back(lay.xCol[v] + s);
      val.push_back(1);
    }
    addRow(1, 1);
  }
  for (auto [e, p] : llvm::enumerate(m.pairs)) {
    unsigned du = m.dom[p.u], dv = m.dom[p.v];
    for (unsigned a = 0; a < du; ++a) {
      for (unsigned b = 0; b < dv; ++b) {
        idx.push_back(lay.yCol[e] + a * dv + b);
        val.push_back(1);
      }
      idx.push_back(lay.xCol[p.u] + a);
      val.push_back(-1);
      addRow(0, 0);
    }
    for (unsigned b = 0; b < dv; ++b) {
      for (unsigned a = 0; a < du; ++a) {
        idx.push_back(lay.yCol[e] + a * dv + b);
        val.push_back(1);
      }
      idx.push_back(lay.xCol[p.v] + b);
      val.push_back(-1);
      addRow(0, 0);
    }
  }
  if (m.memoryBinds()) {
    // A point's live set contains the previous point's unless some node's
    // range ends there, so only points followed by an end need a row.
    std::vector<bool> keep(m.numPoints, false);
    keep[m.numPoints - 1] = true;
    for (unsigned v = 0; v < m.n; ++v)
      if (m.range[v].first < m.range[v].second)
        keep[m.range[v].second - 1] = true;
    std::vector<std::vector<unsigned>> startsAt(m.numPoints);
    for (unsigned v = 0; v < m.n; ++v)
      if (m.range[v].first < m.range[v].second)
        startsAt[m.range[v].first].push_back(v);
    std::vector<unsigned> live;
    for (unsigned t = 0; t < m.numPoints; ++t) {
      live.erase(
          std::remove_if(live.begin(), live.end(),
                         [&](unsigned v) { return m.range[v].second <= t; }),
          live.end());
      live.insert(live.end(), startsAt[t].begin(), startsAt[t].end());
      if (!keep[t])
        continue;
      double base = 0;
      for (unsigned v : live) {
        int64_t least = *std::min_element(m.usage[v].begin(), m.usage[v].end());
        base += least;
        for (unsigned s = 0; s < m.dom[v]; ++s)
          if (m.usage[v][s] != least) {
            idx.push_back(lay.xCol[v] + s);
            val.push_back(static_cast<double>(m.usage[v][s] - least));
          }
      }
      double cap = static_cast<double>(m.limit) - base;
      if (idx.empty()) {
        if (cap < 0) {
          MilpResult r;
          r.infeasible = true;
          r.bound = std::numeric_limits<double>::infinity();
          return r;
        }
        continue;
      }
      addRow(-COIN_DBL_MAX, cap);
    }
  }

  OsiClpSolverInterface solver;
  solver.loadProblem(matrix, lo.data(), hi.data(), obj.data(), rowLo.data(),
                     rowHi.data());
  for (unsigned v = 0; v < m.n; ++v)
    for (unsigned s = 0; s < m.dom[v]; ++s)
      solver.setInteger(lay.xCol[v] + s);
  solver.messageHandler()->setLogLevel(0);
  solver.getModelPtr()->messageHandler()->setLogLevel(0);

  CbcModel model(solver);
  model.setLogLevel(0);
  model.messageHandler()->setLogLevel(0);
  StopHandler handler(stop);
  model.passInEventHandler(&handler);
  if (!start.empty()) {
    std::vector<double> sol(cols, 0);
    double value = 0;
    for (unsigned v = 0; v < m.n; ++v) {
      sol[lay.xCol[v] + start[v]] = 1;
      value += obj[lay.xCol[v] + start[v]];
    }
    for (auto [e, p] : llvm::enumerate(m.pairs)) {
      size_t i = size_t(start[p.u]) * m.dom[p.v] + start[p.v];
      sol[lay.yCol[e] + i] = 1;
      value += obj[lay.yCol[e] + i];
    }
    model.setBestSolution(sol.data(), cols, value, true);
  }
  CbcSolverUsefulData data;
  CbcMain0(model, data);
  model.setUseElapsedTime(true);
  std::string sec = std::to_string(std::max(0.5, seconds));
  const char *argv[] = {"tofu-solve",  "-log", "0",      "-sec", sec.c_str(),
                        "-preprocess", "off",  "-solve", "-quit"};
  CbcMain1(sizeof(argv) / sizeof(argv[0]), argv, model, nullptr, data);

  MilpResult r;
  r.rootBound = model.getContinuousObjective();
  r.bound = model.getBestPossibleObjValue();
  r.optimal = model.isProvenOptimal();
  r.infeasible = model.isProvenInfeasible() && !model.bestSolution();
  if (const double *best = model.bestSolution()) {
    r.x.assign(m.n, 0);
    for (unsigned v = 0; v < m.n; ++v) {
      unsigned arg = 0;
      for (unsigned s = 1; s < m.dom[v]; ++s)
        if (best[lay.xCol[v] + s] > best[lay.xCol[v] + arg])
          arg = s;
      r.x[v] = arg;
    }
  }
  // Proven optimal: the bound is the answer's cost (CBC may report its
  // bound from an earlier stage).
  if (r.optimal && !r.x.empty())
    r.bound = m.totalCost(r.x);
  return r;
}
