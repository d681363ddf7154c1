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

namespace {
/// The constraint rows as they are built: the current row's entries collect
/// in idx/val until add() appends them with their bounds.
struct Rows {
  CoinPackedMatrix matrix{false, 0, 0};
  std::vector<double> lo, hi;
  std::vector<int> idx;
  std::vector<double> val;

  void add(double l, double h) {
    matrix.appendRow(idx.size(), idx.data(), val.data());
    lo.push_back(l);
    hi.push_back(h);
    idx.clear();
    val.clear();
  }
};
} // namespace

/// The objective and column upper bounds: a forbidden choice becomes a column
/// fixed at 0, and its objective entry 0 since it can never be taken.
static void setColumns(const Model &m, const Layout &lay,
                       std::vector<double> &obj, std::vector<double> &hi) {
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
}

/// One choice per node, and each pair's columns summing to its two nodes'
/// choices (the marginals), which makes y the product of the x's.
static void addAssignmentRows(const Model &m, const Layout &lay, Rows &rows) {
  for (unsigned v = 0; v < m.n; ++v) {
    for (unsigned s = 0; s < m.dom[v]; ++s) {
      rows.idx.push_back(lay.xCol[v] + s);
      rows.val.push_back(1);
    }
    rows.add(1, 1);
  }
  for (auto [e, p] : llvm::enumerate(m.pairs)) {
    unsigned du = m.dom[p.u], dv = m.dom[p.v];
    for (unsigned a = 0; a < du; ++a) {
      for (unsigned b = 0; b < dv; ++b) {
        rows.idx.push_back(lay.yCol[e] + a * dv + b);
        rows.val.push_back(1);
      }
      rows.idx.push_back(lay.xCol[p.u] + a);
      rows.val.push_back(-1);
      rows.add(0, 0);
    }
    for (unsigned b = 0; b < dv; ++b) {
      for (unsigned a = 0; a < du; ++a) {
        rows.idx.push_back(lay.yCol[e] + a * dv + b);
        rows.val.push_back(1);
      }
      rows.idx.push_back(lay.xCol[p.v] + b);
      rows.val.push_back(-1);
      rows.add(0, 0);
    }
  }
}

/// The memory limit at each point of the schedule, over what each live node
/// uses beyond its least choice. Returns false when some point's least
/// usage alone is over the limit (the problem is infeasible).
static bool addMemoryRows(const Model &m, const Layout &lay, Rows &rows) {
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
          rows.idx.push_back(lay.xCol[v] + s);
          rows.val.push_back(static_cast<double>(m.usage[v][s] - least));
        }
    }
    double cap = static_cast<double>(m.limit) - base;
    if (rows.idx.empty()) {
      if (cap < 0)
        return false;
      continue;
    }
    rows.add(-COIN_DBL_MAX, cap);
  }
  return true;
}

/// Gives CBC the caller's assignment as its first incumbent.
static void setStart(CbcModel &model, const Model &m, const Layout &lay,
                     const std::vector<double> &obj,
                     const std::vector<unsigned> &start) {
  std::vector<double> sol(lay.columns, 0);
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
  model.setBestSolution(sol.data(), lay.columns, value, true);
}

/// CBC's answer: bounds, status and, if it has a solution, each node's
/// largest x column (the LP may leave tiny fractions).
static MilpResult readResult(CbcModel &model, const Model &m,
                             const Layout &lay) {
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

MilpResult tofu::solver::solveMilp(const Model &m,
                                   const std::vector<unsigned> &start,
                                   double seconds,
                                   const std::atomic<bool> *stop) {
  Layout lay = layoutOf(m);
  size_t cols = lay.columns;
  std::vector<double> obj(cols), lo(cols, 0), hi(cols, 1);
  setColumns(m, lay, obj, hi);

  Rows rows;
  rows.matrix.setDimensions(0, cols);
  addAssignmentRows(m, lay, rows);
  if (m.memoryBinds() && !addMemoryRows(m, lay, rows)) {
    MilpResult r;
    r.infeasible = true;
    r.bound = std::numeric_limits<double>::infinity();
    return r;
  }

  OsiClpSolverInterface solver;
  solver.loadProblem(rows.matrix, lo.data(), hi.data(), obj.data(),
                     rows.lo.data(), rows.hi.data());
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
  if (!start.empty())
    setStart(model, m, lay, obj, start);
  CbcSolverUsefulData data;
  CbcMain0(model, data);
  model.setUseElapsedTime(true);
  std::string sec = std::to_string(std::max(0.5, seconds));
  const char *argv[] = {"tofu-solve",  "-log", "0",      "-sec", sec.c_str(),
                        "-preprocess", "off",  "-solve", "-quit"};
  CbcMain1(sizeof(argv) / sizeof(argv[0]), argv, model, nullptr, data);
  return readResult(model, m, lay);
}
