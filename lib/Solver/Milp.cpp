//===- Milp.cpp - The problem as a MILP, solved by CBC --------------------===//

#include "Milp.h"

#include "Deadline.h"

#include "coin/CbcEventHandler.hpp"
#include "coin/CbcModel.hpp"
#include "coin/CbcSolver.hpp"
#include "coin/ClpEventHandler.hpp"
#include "coin/ClpSimplex.hpp"
#include "coin/CoinPackedMatrix.hpp"
#include "coin/OsiClpSolverInterface.hpp"

#include <algorithm>
#include <cmath>
#include <string>

using namespace tofu::solver;

namespace {
/// Stops CBC at the deadline, or when another worker has finished.
class StopHandler : public CbcEventHandler {
public:
  explicit StopHandler(Deadline deadline) : deadline(deadline) {}
  CbcAction event(CbcEvent) override {
    return deadline.expired() ? stop_ : noAction;
  }
  CbcEventHandler *clone() const override { return new StopHandler(*this); }

private:
  static constexpr CbcAction stop_ = CbcEventHandler::stop;
  Deadline deadline;
};

/// Stops Clp's simplex iterations at the deadline; `stopped` (shared by the
/// clones CBC makes) records that an LP was cut short.
class LpDeadlineHandler : public ClpEventHandler {
public:
  LpDeadlineHandler(Deadline deadline, std::atomic<bool> *stopped)
      : deadline(deadline), stopped(stopped) {}
  int event(Event which) override {
    // Other events' return codes mean other things (presolve sizes).
    if (which != endOfIteration || !deadline.expired())
      return -1;
    *stopped = true;
    return 0;
  }
  ClpEventHandler *clone() const override {
    return new LpDeadlineHandler(*this);
  }

private:
  Deadline deadline;
  std::atomic<bool> *stopped;
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
/// in idx/val until add() closes the row. The matrix is made once at the end
/// (CoinPackedMatrix::appendRow without spare room copies the whole matrix
/// per row, quadratic in its size).
struct Rows {
  std::vector<double> lo, hi;
  std::vector<int> idx;
  std::vector<double> val;
  std::vector<CoinBigIndex> starts{0};
  Deadline deadline;
  /// Some memory row needs more than a double's 53 bits: a usage, the
  /// largest sum of its terms or its cap is over 2^53, so the rounded row
  /// may refuse a feasible assignment, and CBC's infeasibility, bound and
  /// optimality prove nothing.
  bool inexact = false;

  void add(double l, double h) {
    starts.push_back(idx.size());
    lo.push_back(l);
    hi.push_back(h);
  }
  /// Entries of the row being built.
  size_t open() const { return idx.size() - starts.back(); }
  /// Checked every few thousand rows: building the rows of a large problem
  /// takes seconds.
  bool expired() const { return lo.size() % 4096 == 0 && deadline.expired(); }
  CoinPackedMatrix matrix(size_t columns) const {
    std::vector<int> lengths(lo.size());
    for (size_t r = 0; r < lo.size(); ++r)
      lengths[r] = starts[r + 1] - starts[r];
    return CoinPackedMatrix(false, columns, lo.size(), idx.size(), val.data(),
                            idx.data(), starts.data(), lengths.data());
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

/// How building the rows ended.
enum class RowsStatus { Built, Infeasible, OutOfTime };

/// One choice per node, and each pair's columns summing to its two nodes'
/// choices (the marginals), which makes y the product of the x's.
static RowsStatus addAssignmentRows(const Model &m, const Layout &lay,
                                    Rows &rows) {
  for (unsigned v = 0; v < m.n; ++v) {
    for (unsigned s = 0; s < m.dom[v]; ++s) {
      rows.idx.push_back(lay.xCol[v] + s);
      rows.val.push_back(1);
    }
    rows.add(1, 1);
    if (rows.expired())
      return RowsStatus::OutOfTime;
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
    if (rows.deadline.expired())
      return RowsStatus::OutOfTime;
  }
  return RowsStatus::Built;
}

/// The memory limit at each point of the schedule, over what each live node
/// uses beyond its least choice. Infeasible when some point's least usage
/// alone is over the limit.
static RowsStatus addMemoryRows(const Model &m, const Layout &lay, Rows &rows) {
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
    // Each row walks every live node: check the time per row.
    if (rows.deadline.expired())
      return RowsStatus::OutOfTime;
    // Exact in 128 bits: a few usages near 2^62 already overflow int64.
    UsageSum base = 0, largestSum = 0;
    for (unsigned v : live) {
      auto [least, most] =
          std::minmax_element(m.usage[v].begin(), m.usage[v].end());
      base += *least;
      largestSum += UsageSum(*most) - *least;
      for (unsigned s = 0; s < m.dom[v]; ++s)
        if (m.usage[v][s] != *least) {
          rows.idx.push_back(lay.xCol[v] + s);
          rows.val.push_back(static_cast<double>(m.usage[v][s] - *least));
        }
    }
    UsageSum cap = m.limit - base;
    constexpr UsageSum kExactInDouble = UsageSum(1) << 53;
    if (largestSum > kExactInDouble || cap > kExactInDouble ||
        cap < -kExactInDouble)
      rows.inexact = true;
    if (rows.open() == 0) {
      if (cap < 0)
        return RowsStatus::Infeasible;
      continue;
    }
    rows.add(-COIN_DBL_MAX, static_cast<double>(cap));
  }
  return RowsStatus::Built;
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
  Deadline deadline;
  deadline.end = Deadline::Clock::now() +
                 std::chrono::duration_cast<Deadline::Clock::duration>(
                     std::chrono::duration<double>(std::max(0.0, seconds)));
  deadline.stop = stop;
  MilpResult r;
  Layout lay = layoutOf(m);
  size_t cols = lay.columns;
  std::vector<double> obj(cols), lo(cols, 0), hi(cols, 1);
  setColumns(m, lay, obj, hi);

  Rows rows;
  rows.deadline = deadline;
  RowsStatus status = addAssignmentRows(m, lay, rows);
  if (status == RowsStatus::Built && m.memoryBinds())
    status = addMemoryRows(m, lay, rows);
  if (status == RowsStatus::Infeasible) {
    r.infeasible = true;
    r.bound = std::numeric_limits<double>::infinity();
    return r;
  }
  if (status == RowsStatus::OutOfTime)
    return r;

  OsiClpSolverInterface solver;
  solver.loadProblem(rows.matrix(cols), lo.data(), hi.data(), obj.data(),
                     rows.lo.data(), rows.hi.data());
  for (unsigned v = 0; v < m.n; ++v)
    for (unsigned s = 0; s < m.dom[v]; ++s)
      solver.setInteger(lay.xCol[v] + s);
  solver.messageHandler()->setLogLevel(0);
  solver.getModelPtr()->messageHandler()->setLogLevel(0);
  // CBC checks its time limit between nodes only; the root LP of a large
  // problem alone can take many times the budget. After a stopped LP, CBC
  // still spends up to a second (0.6 to 0.9 s on IOPDDL B) before it
  // returns: the LP stops that much earlier, up to a tenth of the budget.
  std::atomic<bool> lpStopped{false};
  Deadline lpDeadline = deadline;
  lpDeadline.end -= std::chrono::duration_cast<Deadline::Clock::duration>(
      std::chrono::duration<double>(std::clamp(0.1 * seconds, 0.0, 1.0)));
  LpDeadlineHandler lpHandler(lpDeadline, &lpStopped);
  solver.getModelPtr()->passInEventHandler(&lpHandler);

  CbcModel model(solver);
  model.setLogLevel(0);
  model.messageHandler()->setLogLevel(0);
  StopHandler handler(deadline);
  model.passInEventHandler(&handler);
  if (!start.empty())
    setStart(model, m, lay, obj, start);
  CbcSolverUsefulData data;
  CbcMain0(model, data);
  model.setUseElapsedTime(true);
  std::string sec = std::to_string(std::max(0.5, deadline.secondsLeft()));
  // Clp's presolve is one pass that cannot be interrupted; with little time
  // left the LP starts at once.
  const char *presolve = deadline.secondsLeft() < 10 ? "off" : "on";
  const char *argv[] = {"tofu-solve", "-log",      "0",      "-sec",
                        sec.c_str(),  "-presolve", presolve, "-preprocess",
                        "off",        "-solve",    "-quit"};
  CbcMain1(sizeof(argv) / sizeof(argv[0]), argv, model, nullptr, data);
  r = readResult(model, m, lay);
  if (lpStopped || rows.inexact) {
    // An LP cut short, or rows rounded to doubles, prove nothing: keep the
    // answer (the caller checks it exactly), drop the bound.
    r.optimal = false;
    r.infeasible = false;
    r.bound = r.rootBound = -std::numeric_limits<double>::infinity();
  }
  return r;
}
