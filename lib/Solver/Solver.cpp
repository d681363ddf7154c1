//===- Solver.cpp - The memory-constrained assignment solver --------------===//
//
// Two workers share the time budget:
//  - the Lagrangian worker relaxes the memory limit into the node costs
//    (multipliers per time point, subgradient steps), solves each relaxed
//    problem by elimination where that is exact, else approximately by
//    TRW-S and forest descent (bounded by the forest bound of the TRW-S
//    reparametrisation), repairs each answer into a feasible one and then
//    improves the best by LNS (elimination and forest windows);
//  - the second worker solves the MILP with CBC when the problem is small
//    enough, or else repairs the unconstrained answer of forest descent and
//    runs LNS from it.
// Every answer is feasible: the start takes each node's least-memory
// strategy (feasible iff the problem is), and every later move keeps the
// profile under the limit.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Solver/Solver.h"

#include "Eliminate.h"
#include "ForestDp.h"
#include "Milp.h"
#include "Model.h"
#include "Trws.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <limits>
#include <mutex>
#include <numeric>
#include <random>
#include <thread>
#include <tuple>

using namespace tofu::solver;

namespace {
using Clock = std::chrono::steady_clock;
constexpr double kInf = std::numeric_limits<double>::infinity();

struct Budget {
  Clock::time_point start, end;
  const std::atomic<bool> *stop;
  bool over() const { return stop->load() || Clock::now() >= end; }
  double left() const {
    return std::chrono::duration<double>(end - Clock::now()).count();
  }
  double elapsed() const {
    return std::chrono::duration<double>(Clock::now() - start).count();
  }
  Deadline deadline() const { return {end, stop}; }
};

/// Nodes by live range, to list the nodes live at a time point.
class IntervalIndex {
public:
  explicit IntervalIndex(const Model &m) {
    size = 1;
    while (size < std::max(1u, m.numPoints))
      size *= 2;
    lists.resize(2 * size);
    for (unsigned v = 0; v < m.n; ++v) {
      auto [a, b] = m.range[v];
      bool varies =
          std::adjacent_find(m.usage[v].begin(), m.usage[v].end(),
                             std::not_equal_to<>()) != m.usage[v].end();
      if (a < b && varies)
        insert(1, 0, size, a, b, v);
    }
  }
  template <typename F> void forEachLive(unsigned p, F f) const {
    for (unsigned node = p + size; node >= 1; node /= 2)
      for (unsigned v : lists[node])
        f(v);
  }

private:
  void insert(unsigned node, unsigned l, unsigned r, unsigned a, unsigned b,
              unsigned v) {
    if (b <= l || r <= a)
      return;
    if (a <= l && r <= b) {
      lists[node].push_back(v);
      return;
    }
    unsigned mid = (l + r) / 2;
    insert(2 * node, l, mid, a, b, v);
    insert(2 * node + 1, mid, r, a, b, v);
  }
  unsigned size;
  std::vector<std::vector<unsigned>> lists;
};

/// An assignment with its memory profile.
class State {
public:
  explicit State(const Model &m) : m(m), tree(m.numPoints) {}
  void assign(const std::vector<unsigned> &x0) {
    x = x0;
    tree.build(m.profile(x));
    cost = m.totalCost(x);
  }
  int64_t usageDelta(unsigned v, unsigned s) const {
    return m.usage[v][s] - m.usage[v][x[v]];
  }
  bool fits(unsigned v, unsigned s) const {
    if (!m.memoryBinds())
      return true;
    int64_t d = usageDelta(v, s);
    auto [a, b] = m.range[v];
    return d <= 0 || a >= b || tree.max(a, b) + d <= m.limit;
  }
  void move(unsigned v, unsigned s) {
    if (s == x[v])
      return;
    cost += m.localCost(v, s, x) - m.localCost(v, x[v], x);
    auto [a, b] = m.range[v];
    tree.add(a, b, usageDelta(v, s));
    x[v] = s;
  }
  bool feasible() const { return !m.memoryBinds() || tree.max() <= m.limit; }
  const Model &m;
  std::vector<unsigned> x;
  MaxSegmentTree tree;
  double cost = 0;
};

/// What a sum of costs, or a bound, computed in doubles may err by when the
/// terms summed are of `magnitude` in all: every addition rounds by up to
/// 2^-53 of it, and terms near 10^18 that cancel leave that error in a
/// small total.
double roundingAllowance(const Model &m, double magnitude) {
  double additions = m.sourceTables + m.n + m.pairs.size() + m.numPoints + 4.0;
  return std::ldexp(magnitude, -52) * additions;
}

/// The magnitude of the terms of `x`'s value in `p`.
double termMagnitude(const PairwiseProblem &p, const std::vector<unsigned> &x) {
  double sum = 0;
  for (unsigned v = 0; v < p.dom.size(); ++v)
    sum += std::fabs(p.unary[v][x[v]]);
  for (const PairwiseProblem::Pair &q : p.pairs)
    sum += std::fabs(q.transposed ? q.cost[x[q.b] * p.dom[q.a] + x[q.a]]
                                  : q.cost[x[q.a] * p.dom[q.b] + x[q.b]]);
  return sum;
}

bool better(double a, double b) {
  if (!std::isfinite(b))
    return a < b;
  // Costs are integers: an improvement is at least 1, up to rounding.
  return a < b - std::max(0.5, 1e-13 * std::fabs(b));
}

/// Best-improvement 1-opt that keeps the profile under the limit.
void descend(State &st, std::mt19937_64 &rng, const Budget &budget) {
  const Model &m = st.m;
  std::vector<unsigned> order(m.n);
  std::iota(order.begin(), order.end(), 0);
  std::shuffle(order.begin(), order.end(), rng);
  for (int pass = 0; pass < 50 && !budget.over(); ++pass) {
    bool improved = false;
    for (unsigned v : order) {
      if (m.dom[v] < 2)
        continue;
      double cur = m.localCost(v, st.x[v], st.x), best = cur;
      unsigned arg = st.x[v];
      for (unsigned s = 0; s < m.dom[v]; ++s) {
        if (s == st.x[v])
          continue;
        double c = m.localCost(v, s, st.x);
        if (better(c, best) && st.fits(v, s)) {
          best = c;
          arg = s;
        }
      }
      if (arg != st.x[v]) {
        st.move(v, arg);
        improved = true;
      }
    }
    if (!improved)
      break;
  }
}

/// Greedy repair of an over-limit assignment: at the most loaded point,
/// the move that frees memory at the least cost per byte, until it fits.
bool repair(State &st, const IntervalIndex &index, const Budget &budget) {
  const Model &m = st.m;
  while (!st.feasible()) {
    if (budget.over())
      return false;
    unsigned p = st.tree.argmax();
    double bestRatio = kInf;
    unsigned bv = 0, bs = 0;
    bool found = false;
    index.forEachLive(p, [&](unsigned v) {
      double cur = -1;
      for (unsigned s = 0; s < m.dom[v]; ++s) {
        int64_t d = st.usageDelta(v, s);
        if (d >= 0)
          continue;
        if (cur < -0.5)
          cur = m.localCost(v, st.x[v], st.x);
        double ratio =
            (m.localCost(v, s, st.x) - cur) / static_cast<double>(-d);
        if (ratio < bestRatio) {
          bestRatio = ratio;
          bv = v;
          bs = s;
          found = true;
        }
      }
    });
    if (!found)
      return false;
    st.move(bv, bs);
  }
  return true;
}

/// The best answer found by a worker.
/// One worker's best answer, published for the other (Incumbent::publish).
struct Exchange {
  std::mutex mutex;
  std::vector<unsigned> x;
  double cost = kInf;

  /// Copies the published answer into `out` when it costs less than
  /// `below`.
  bool takeIfBelow(double below, std::vector<unsigned> &out) {
    std::lock_guard<std::mutex> lock(mutex);
    if (!(cost < below))
      return false;
    out = x;
    return true;
  }
};

struct Incumbent {
  std::vector<unsigned> x;
  double cost = kInf;
  std::string by;
  /// When the solve began, and each improvement since (SolveResult::trace).
  Clock::time_point start = Clock::now();
  std::vector<std::pair<double, double>> trace;
  /// Where each improvement is also published, if anywhere.
  Exchange *publish = nullptr;
  void offer(const State &st, const char *who) {
    if (st.feasible() && better(st.cost, cost)) {
      x = st.x;
      cost = st.cost;
      by = who;
      trace.push_back(
          {std::chrono::duration<double>(Clock::now() - start).count(), cost});
      if (publish) {
        std::lock_guard<std::mutex> lock(publish->mutex);
        if (cost < publish->cost) {
          publish->x = x;
          publish->cost = cost;
        }
      }
    }
  }
};

/// Large-neighbourhood search: windows of nodes re-solved by elimination
/// with the rest fixed; memory is handled by penalising usage inside the
/// window (doubling, then bisecting, the penalty) until the window's answer
/// fits, and a window's answer is kept only when it lowers the cost.
class Lns {
public:
  Lns(const Model &m, const IntervalIndex &index, uint64_t seed)
      : m(m), index(index), rng(seed), local(m.n, -1) {
    double cs = 0, us = 0;
    for (unsigned v = 0; v < m.n; ++v) {
      auto [lo, hi] = std::minmax_element(m.unary[v].begin(), m.unary[v].end());
      if (*hi < kForbiddenCost)
        cs += *hi - *lo;
      auto [ul, uh] = std::minmax_element(m.usage[v].begin(), m.usage[v].end());
      us += static_cast<double>(*uh - *ul);
    }
    mu0 = us > 0 ? std::max(cs, 1.0) / us : 1;
  }
  /// Node penalties per unit of usage (Lagrangian multipliers summed over
  /// each node's range); empty: a uniform scale.
  std::vector<double> weight;
  bool verbose = false;
  const char *name = "";
  /// Half the windows are induced forests solved by the tree DP.
  bool useForests = true;

  /// Improves `st` until the budget or `maxWindows` windows run out;
  /// offers every improvement to `inc` (when given).
  /// With `untilClean`, stops as soon as no node pays a forbidden cost.
  void run(State &st, Incumbent *inc, const Budget &budget,
           uint64_t maxWindows = UINT64_MAX, bool untilClean = false) {
    uint64_t tries = 0, wins = 0;
    findHot(st);
    for (uint64_t total = 0; total < maxWindows && !budget.over(); ++total) {
      ++tries;
      if (tries % 50 == 0 && !hot.empty())
        findHot(st);
      if (untilClean && (hot.empty() || st.cost < kForbiddenCost))
        return;
      bool improved;
      if (useForests && rng() % 2) {
        // A forest window, seeded like the graph windows.
        int seed = !hot.empty() && rng() % 4 != 0 ? hot[rng() % hot.size()]
                                                  : rng() % m.n;
        Forest f = forests.grow(rng, 2 + rng() % maxForest, seed);
        improved = f.nodes.size() >= 2 && solveForest(st, f);
        ++forestTries;
        forestWins += improved;
      } else {
        unsigned w = 2 + rng() % maxWindow;
        std::vector<unsigned> win =
            !hot.empty() || rng() % 2 ? graphWindow(st, w) : timeWindow(st, w);
        if (win.size() < 2)
          continue;
        improved = solveWindow(st, win);
      }
      if (improved) {
        ++wins;
        if (inc)
          inc->offer(st, "lns");
      }
      // Grow the windows while they stay cheap; shrink when nothing helps.
      if (tries % 200 == 0) {
        // Moves through forbidden entries (10^18) round the running cost
        // by up to 10^2 each: recompute it.
        st.cost = m.totalCost(st.x);
        if (verbose)
          llvm::errs() << "lns " << name << ": " << wins << "/" << tries
                       << " windows improved, max window " << maxWindow
                       << ", max forest " << maxForest << ", cost "
                       << llvm::format("%.6e", st.cost) << " t "
                       << budget.elapsed() << "\n";
        if (wins * 50 < tries && maxWindow < 120)
          maxWindow += 8;
        if (forestWins * 50 < forestTries && maxForest < 4096)
          maxForest *= 2;
        tries = wins = forestTries = forestWins = 0;
      }
    }
  }

private:
  /// Nodes whose current cost includes a forbidden term: windows start
  /// there first.
  void findHot(const State &st) {
    hot.clear();
    for (unsigned v = 0; v < m.n; ++v)
      if (m.localCost(v, st.x[v], st.x) >= kForbiddenCost)
        hot.push_back(v);
  }

  std::vector<unsigned> graphWindow(const State &st, unsigned size) {
    unsigned seed =
        !hot.empty() && rng() % 4 != 0 ? hot[rng() % hot.size()] : rng() % m.n;
    std::vector<unsigned> win{seed};
    local[win[0]] = 0;
    size = m.memoryBinds() ? std::max(2u, size - size / 3) : size;
    for (size_t head = 0; head < win.size() && win.size() < size; ++head) {
      std::vector<unsigned> nb;
      for (auto [e, first] : m.adj[win[head]]) {
        unsigned o = first ? m.pairs[e].v : m.pairs[e].u;
        if (local[o] < 0)
          nb.push_back(o);
      }
      std::shuffle(nb.begin(), nb.end(), rng);
      for (unsigned o : nb) {
        if (win.size() >= size)
          break;
        if (local[o] < 0) {
          local[o] = 0;
          win.push_back(o);
        }
      }
    }
    // Half the time, add nodes live at the seed's most loaded point: the
    // memory a better choice needs can come from them.
    auto [a, b] = m.range[seed];
    if (m.memoryBinds() && a < b && rng() % 2) {
      unsigned p = st.tree.argmax(a, b);
      std::vector<unsigned> live;
      index.forEachLive(p, [&](unsigned v) {
        if (local[v] < 0)
          live.push_back(v);
      });
      std::shuffle(live.begin(), live.end(), rng);
      unsigned extra = std::max<unsigned>(2, size / 2);
      for (unsigned v : live) {
        if (extra-- == 0)
          break;
        local[v] = 0;
        win.push_back(v);
      }
    }
    for (unsigned v : win)
      local[v] = -1;
    return win;
  }

  /// Nodes live at a loaded time point (the most loaded one half the time),
  /// and their neighbours.
  std::vector<unsigned> timeWindow(const State &st, unsigned size) {
    if (!m.memoryBinds())
      return graphWindow(st, size);
    unsigned p = rng() % 2 ? st.tree.argmax() : rng() % m.numPoints;
    std::vector<unsigned> live;
    index.forEachLive(p, [&](unsigned v) { live.push_back(v); });
    if (live.empty())
      return graphWindow(st, size);
    std::shuffle(live.begin(), live.end(), rng);
    std::vector<unsigned> win;
    unsigned core = std::max(1u, size / 2);
    for (unsigned v : live) {
      if (win.size() >= core)
        break;
      local[v] = 0;
      win.push_back(v);
    }
    for (size_t i = 0; i < win.size() && win.size() < size; ++i)
      for (auto [e, first] : m.adj[win[i]]) {
        unsigned o = first ? m.pairs[e].v : m.pairs[e].u;
        if (local[o] < 0 && win.size() < size) {
          local[o] = 0;
          win.push_back(o);
        }
      }
    for (unsigned v : win)
      local[v] = -1;
    return win;
  }

  bool solveWindow(State &st, const std::vector<unsigned> &win) {
    unsigned k = win.size();
    for (unsigned i = 0; i < k; ++i)
      local[win[i]] = i;
    PairwiseProblem sub;
    sub.dom.resize(k);
    sub.unary.resize(k);
    for (unsigned i = 0; i < k; ++i) {
      unsigned v = win[i];
      sub.dom[i] = m.dom[v];
      sub.unary[i] = m.unary[v];
      for (auto [e, first] : m.adj[v]) {
        const PairTable &pt = m.pairs[e];
        unsigned o = first ? pt.v : pt.u;
        if (local[o] >= 0) {
          if (first)
            sub.pairs.push_back(
                {i, static_cast<unsigned>(local[o]), pt.cost.data(), false});
          continue;
        }
        for (unsigned s = 0; s < m.dom[v]; ++s)
          sub.unary[i][s] +=
              first ? m.pairCost(e, s, st.x[o]) : m.pairCost(e, st.x[o], s);
      }
    }
    for (unsigned v : win)
      local[v] = -1;
    EliminationOrder order = computeOrder(sub, 1 << 16);
    std::vector<unsigned> cur(k);
    for (unsigned i = 0; i < k; ++i)
      cur[i] = st.x[win[i]];
    std::vector<std::vector<double>> base = sub.unary;
    return pricedMove(st, win, [&](double f, std::vector<unsigned> &out) {
      for (unsigned i = 0; i < k; ++i) {
        unsigned v = win[i];
        double wv = nodeWeight(v);
        for (unsigned s = 0; s < m.dom[v]; ++s)
          sub.unary[i][s] = base[i][s] + f * wv * m.usage[v][s];
      }
      out = eliminate(sub, order, cur).x;
    });
  }

  double nodeWeight(unsigned v) const {
    return weight.empty() ? mu0 : std::max(weight[v], mu0 * 1e-3);
  }

  /// A forest window solved exactly by the tree DP.
  bool solveForest(State &st, const Forest &f) {
    if (priceWeights.size() != m.n) {
      priceWeights.resize(m.n);
      for (unsigned v = 0; v < m.n; ++v)
        priceWeights[v] = nodeWeight(v);
    }
    std::vector<unsigned> y = st.x;
    return pricedMove(st, f.nodes,
                      [&](double scale, std::vector<unsigned> &out) {
                        Pricing price{&priceWeights, scale};
                        dp.solveWindow(m, f, price, st.x, y);
                        out.resize(f.nodes.size());
                        for (unsigned i = 0; i < f.nodes.size(); ++i)
                          out[i] = y[f.nodes[i]];
                      });
  }

  /// Moves the window to the answer of `solveAt(f)` (the window's optimum
  /// with usage priced by f times each node's weight) for f = 0, then
  /// doubling, then bisecting, until an answer both fits and lowers the
  /// true cost; keeps the first such answer, else restores the window.
  template <typename SolveAt>
  bool pricedMove(State &st, const std::vector<unsigned> &win,
                  SolveAt solveAt) {
    unsigned k = win.size();
    std::vector<unsigned> old(k), next;
    for (unsigned i = 0; i < k; ++i)
      old[i] = st.x[win[i]];
    auto attempt = [&](double f, bool &fits) -> bool {
      solveAt(f, next);
      double before = st.cost;
      for (unsigned i = 0; i < k; ++i)
        st.move(win[i], next[i]);
      fits = st.feasible();
      if (fits && better(st.cost, before))
        return true;
      for (unsigned i = k; i-- > 0;)
        st.move(win[i], old[i]);
      return false;
    };
    bool fits;
    if (attempt(0, fits))
      return true;
    if (fits || !m.memoryBinds())
      return false;
    // Double the penalty until the window fits, then bisect.
    double lo = 0, hi = weight.empty() ? 1 : 0.25;
    for (int i = 0; i < 10; ++i, hi *= 4) {
      if (attempt(hi, fits))
        return true;
      if (fits)
        break;
      lo = hi;
    }
    if (!fits)
      return false;
    for (int i = 0; i < 3; ++i) {
      double mid = (lo + hi) / 2;
      if (attempt(mid, fits))
        return true;
      (fits ? hi : lo) = mid;
    }
    return false;
  }

  const Model &m;
  const IntervalIndex &index;
  std::mt19937_64 rng;
  unsigned maxWindow = 24;
  std::vector<int> local;
  std::vector<unsigned> hot;
  double mu0 = 1;
  ForestBuilder forests{m};
  ForestDp dp;
  std::vector<double> priceWeights;
  unsigned maxForest = 64;
  uint64_t forestTries = 0, forestWins = 0;
};

/// The feasibility-first start: each node's least-memory strategy (the
/// cheapest among ties) minimises the usage at every point at once, so the
/// problem is feasible iff this assignment is.
/// With `allowForbidden` false, forbidden node choices are skipped where
/// the node has another.
std::vector<unsigned> leastMemory(const Model &m, bool allowForbidden) {
  std::vector<unsigned> x(m.n);
  for (unsigned v = 0; v < m.n; ++v) {
    auto rank = [&](unsigned s) {
      bool bad = !allowForbidden && m.unary[v][s] >= kForbiddenCost;
      return std::make_tuple(bad, m.usage[v][s], m.unary[v][s]);
    };
    unsigned arg = 0;
    for (unsigned s = 1; s < m.dom[v]; ++s)
      if (rank(s) < rank(arg))
        arg = s;
    x[v] = arg;
  }
  return x;
}

struct WorkerResult {
  Incumbent best;
  double bound = -kInf;
  std::string boundBy;
  bool optimal = false;
};

class Lagrangian {
public:
  Lagrangian(const Model &m, const SolverOptions &opts, const Budget &budget)
      : m(m), opts(opts), lambda(m.numPoints, 0) {
    full.dom = m.dom;
    full.unary = m.unary;
    for (const PairTable &p : m.pairs)
      full.pairs.push_back({p.u, p.v, p.cost.data(), false});
    order = computeOrder(full, opts.maxTableEntries, budget.deadline());
  }

  /// Multiplier sums over each node's range.
  std::vector<double> nodeWeights(const std::vector<double> &lam) const {
    std::vector<double> prefix(m.numPoints + 1, 0);
    for (unsigned p = 0; p < m.numPoints; ++p)
      prefix[p + 1] = prefix[p] + lam[p];
    std::vector<double> w(m.n, 0);
    for (unsigned v = 0; v < m.n; ++v)
      w[v] = prefix[m.range[v].second] - prefix[m.range[v].first];
    return w;
  }

  void run(State &st, Incumbent &inc, WorkerResult &out,
           const IntervalIndex &index, std::mt19937_64 &rng,
           const Budget &budget, double phaseEnd) {
    double theta = 1.0;
    int stall = 0;
    double lastBest = -kInf;
    std::vector<unsigned> hint;
    bestLambda = lambda;
    for (unsigned iter = 0; !budget.over() && budget.elapsed() < phaseEnd;
         ++iter) {
      std::vector<double> w = nodeWeights(lambda);
      double lamSum = std::accumulate(lambda.begin(), lambda.end(), 0.0);
      for (unsigned v = 0; v < m.n; ++v)
        for (unsigned s = 0; s < m.dom[v]; ++s)
          full.unary[v][s] = m.unary[v][s] + w[v] * m.usage[v][s];
      double t0 = budget.elapsed();
      EliminationResult r = eliminate(full, order, hint);
      hint = r.x;
      if (opts.verbose)
        llvm::errs() << "  eliminate " << budget.elapsed() - t0 << " s, work "
                     << llvm::format("%.3e", order.work) << "\n";
      double limit = m.memoryBinds() ? static_cast<double>(m.limit) : 0;
      // The elimination rounds to nearest: its minimum errs by the
      // rounding of the minimiser's terms (priced usage included), on top
      // of the costs rounded when converted.
      double magnitude =
          termMagnitude(full, r.x) + 2 * limit * lamSum + m.roundedMagnitude;
      double dual =
          r.lowerBound - limit * lamSum - roundingAllowance(m, magnitude);
      if (dual > out.bound) {
        out.bound = dual;
        out.boundBy = r.exact ? "lagrangian-dp" : "lagrangian";
        bestLambda = lambda;
      }
      std::vector<UsageSum> prof = m.profile(r.x);
      bool feasible = true;
      double norm = 0;
      std::vector<double> g(m.numPoints);
      for (unsigned p = 0; p < m.numPoints; ++p) {
        g[p] = static_cast<double>(prof[p]) - limit;
        feasible &= g[p] <= 0;
        if (lambda[p] > 0 || g[p] > 0)
          norm += g[p] * g[p];
      }
      if (opts.verbose)
        llvm::errs() << "lagrangian " << iter << " (" << full.dom.size()
                     << " nodes, " << m.pairs.size() << " pairs, removed "
                     << m.removedChoices << ", folded " << m.foldedPairs
                     << ", milp columns " << milpColumns(m) << ")" << ": dual "
                     << llvm::format("%.6e", dual) << " relaxed "
                     << llvm::format("%.6e", r.value)
                     << (feasible ? " feasible" : "") << " best "
                     << llvm::format("%.6e", inc.cost) << " core "
                     << order.coreSize << " t " << budget.elapsed() << "\n";
      // A relaxed answer, made feasible and polished, is a candidate.
      State cand(m);
      cand.assign(r.x);
      if (repair(cand, index, budget)) {
        descend(cand, rng, budget);
        inc.offer(cand, "lagrangian");
      }
      if (opts.verbose)
        llvm::errs() << "  candidate " << llvm::format("%.6e", cand.cost)
                     << " t " << budget.elapsed() << "\n";
      if (inc.cost <= out.bound + 1e-9 * std::max(1.0, std::fabs(out.bound))) {
        out.optimal = true;
        return;
      }
      if (!m.memoryBinds() || norm == 0)
        break;
      if (out.bound > lastBest + 1e-9 * std::fabs(lastBest)) {
        lastBest = out.bound;
        stall = 0;
      } else if (++stall >= 4) {
        theta /= 2;
        stall = 0;
        if (theta < 1e-4)
          break;
      }
      double target =
          inc.cost < kInf ? inc.cost : dual + std::fabs(dual) * 0.05 + 1;
      double step =
          theta * std::max(target - dual, 1e-9 * std::fabs(dual)) / norm;
      for (unsigned p = 0; p < m.numPoints; ++p)
        lambda[p] = std::max(0.0, lambda[p] + step * g[p]);
    }
    (void)st;
  }

  const Model &m;
  const SolverOptions &opts;
  PairwiseProblem full;
  EliminationOrder order;
  std::vector<double> lambda, bestLambda;
};

/// Multiplier sums over each node's range.
std::vector<double> rangeSums(const Model &m, const std::vector<double> &lam) {
  std::vector<double> prefix(m.numPoints + 1, 0);
  for (unsigned p = 0; p < m.numPoints; ++p)
    prefix[p + 1] = prefix[p] + lam[p];
  std::vector<double> w(m.n, 0);
  for (unsigned v = 0; v < m.n; ++v)
    w[v] = prefix[m.range[v].second] - prefix[m.range[v].first];
  return w;
}

/// The priced objective of an assignment (the limit ignored).
double pricedValue(const Model &m, const Pricing &price,
                   const std::vector<unsigned> &x) {
  double c = 0;
  for (unsigned v = 0; v < m.n; ++v)
    c += price.at(m, v, x[v]);
  for (unsigned e = 0; e < m.pairs.size(); ++e)
    c += m.pairCost(e, x[m.pairs[e].u], x[m.pairs[e].v]);
  return c;
}

/// Tree block coordinate descent on the priced problem without the limit:
/// each sweep re-solves a maximal induced forest (grown breadth first from
/// random seeds) exactly with the other nodes fixed, so the objective never
/// rises; stops after three sweeps that gain almost nothing.
double forestDescent(const Model &m, ForestBuilder &fb, ForestDp &dp,
                     const Pricing &price, std::vector<unsigned> &x,
                     std::mt19937_64 &rng, const Budget &budget,
                     unsigned maxSweeps) {
  double val = pricedValue(m, price, x);
  std::vector<unsigned> y;
  unsigned flat = 0;
  for (unsigned i = 0; i < maxSweeps && flat < 3 && !budget.over(); ++i) {
    Forest f = fb.grow(rng, m.n, -1, /*restart=*/true);
    y = x;
    dp.solveWindow(m, f, price, x, y);
    double next = pricedValue(m, price, y);
    if (next > val)
      continue; // rounding only: the window's optimum includes x
    flat = val - next <= 1e-6 * std::fabs(val) ? flat + 1 : 0;
    val = next;
    x.swap(y);
  }
  return val;
}

/// An approximate minimum of the priced problem (no limit): TRW-S passes
/// (messages warm from the previous prices) decode an assignment, forest
/// descent polishes it; forest descent from the previous answer is the
/// alternative, and the better one is kept in `x`.
double priceMinimum(const Model &m, const Pricing &price, Trws &trws,
                    ForestBuilder &fb, ForestDp &dp, std::vector<unsigned> &x,
                    std::mt19937_64 &rng, const Budget &budget,
                    unsigned passes) {
  std::vector<unsigned> y = x, best;
  double bestValue = kInf;
  for (unsigned i = 0; i < passes && !budget.over(); ++i) {
    trws.iterate(price, y);
    double v = pricedValue(m, price, y);
    if (v < bestValue) {
      bestValue = v;
      best = y;
    }
  }
  if (!best.empty())
    bestValue = forestDescent(m, fb, dp, price, best, rng, budget, 10);
  double own = forestDescent(m, fb, dp, price, x, rng, budget, 10);
  if (!best.empty() && bestValue < own) {
    x = best;
    return bestValue;
  }
  return own;
}

/// Lagrangian rounds: the limit is relaxed into node costs (multipliers per
/// time point, summed over each node's range), the relaxed problem is
/// improved by tree block coordinate descent from the previous round's
/// answer, and each answer is repaired into a feasible candidate; its
/// profile gives the subgradient. Every round also yields a valid bound:
/// the forest bound of the relaxed problem less L·Σλ (weak duality holds
/// for any multipliers, and the forest bound is below the relaxed minimum).
void penaltyRounds(const Model &m, const IntervalIndex &index,
                   std::vector<unsigned> x, Incumbent &inc, WorkerResult &out,
                   std::vector<double> &bestWeights, uint64_t seed,
                   const Budget &budget, double phaseEnd, bool verbose) {
  // The structures below take seconds to build on a large problem.
  if (budget.over() || budget.elapsed() >= phaseEnd)
    return;
  std::vector<double> lambda(m.numPoints, 0);
  double limit = m.memoryBinds() ? static_cast<double>(m.limit) : 0;
  double theta = 1;
  int stall = 0;
  double lastBest = inc.cost;
  bestWeights.assign(m.n, 0);
  ForestBuilder fb(m);
  ForestDp dp;
  std::mt19937_64 rng(seed);
  Lns cleaner(m, index, seed + 1);
  Trws trws(m);
  Model rep = m;
  double usageSum = 0; // Σ_v max_s usage, for the rounding allowance
  for (unsigned v = 0; v < m.n; ++v)
    usageSum += static_cast<double>(
        *std::max_element(m.usage[v].begin(), m.usage[v].end()));
  for (unsigned round = 0; !budget.over() && budget.elapsed() < phaseEnd;
       ++round) {
    std::vector<double> w = rangeSums(m, lambda);
    double lamSum = std::accumulate(lambda.begin(), lambda.end(), 0.0);
    Pricing price{&w, 1};
    double t0 = budget.elapsed();
    double relaxed = priceMinimum(m, price, trws, fb, dp, x, rng, budget,
                                  round == 0 ? 15 : 5);
    double t1 = budget.elapsed();
    // The bound of the reparametrised problem bounds the priced one.
    trws.reparametrise(price, rep);
    // Rounding: Σλ, L·Σλ and each node's range sum (a prefix-sum
    // difference times a usage) err by at most 2^-53 of Σλ·(L + Σ usage)
    // per point summed.
    double bound =
        std::max(dp.lowerBound(rep, Pricing{}), dp.lowerBound(m, price)) -
        limit * lamSum -
        std::ldexp(lamSum * (limit + usageSum), -52) * (m.numPoints + 4.0) -
        roundingAllowance(m, m.roundedMagnitude);
    if (bound > out.bound) {
      out.bound = bound;
      out.boundBy = "lagrangian-trws";
    }
    State cand(m);
    cand.assign(x);
    // Far over the limit the greedy repair is slow and ends on forbidden
    // entries: skip it until the multipliers bring the answers nearer.
    bool near = inc.cost < kForbiddenCost ||
                static_cast<double>(cand.tree.max()) <= 1.25 * limit;
    if (near && repair(cand, index, budget)) {
      // The greedy repair moves one node at a time: where the neighbours'
      // pair tables forbid its cheaper-memory choices it ends on forbidden
      // entries, which windows over the offending nodes remove.
      if (cand.cost >= kForbiddenCost)
        cleaner.run(cand, nullptr, budget, 3000, /*untilClean=*/true);
      descend(cand, rng, budget);
      double before = inc.cost;
      inc.offer(cand, "lagrangian-forest");
      if (inc.cost < before)
        bestWeights = w;
    }
    if (!m.memoryBinds())
      break;
    std::vector<UsageSum> prof = m.profile(x);
    double norm = 0;
    std::vector<double> g(m.numPoints);
    for (unsigned p = 0; p < m.numPoints; ++p) {
      g[p] = static_cast<double>(prof[p]) - limit;
      if (lambda[p] > 0 || g[p] > 0)
        norm += g[p] * g[p];
    }
    double estimate = relaxed - limit * lamSum;
    if (verbose)
      llvm::errs() << "penalty round " << round << ": relaxed "
                   << llvm::format("%.6e", relaxed) << " estimate "
                   << llvm::format("%.6e", estimate) << " candidate "
                   << llvm::format("%.6e", cand.cost) << " best "
                   << llvm::format("%.6e", inc.cost) << " bound "
                   << llvm::format("%.6e", out.bound) << " theta " << theta
                   << " descent " << t1 - t0 << " s, t " << budget.elapsed()
                   << "\n";
    if (norm == 0)
      break;
    // Halve the step after three rounds without a better answer (rounds
    // before the first answer free of forbidden costs do not count).
    if (better(inc.cost, lastBest)) {
      lastBest = inc.cost;
      stall = 0;
    } else if (inc.cost < kForbiddenCost && ++stall >= 3) {
      theta = std::max(theta / 2, 1e-3);
      stall = 0;
    }
    // Polyak's step towards the incumbent; while the incumbent still pays
    // a forbidden cost it says nothing about the scale, so aim at twice
    // the estimate instead (steps large enough that the relaxed answers
    // approach the limit, where the repair succeeds).
    double target = inc.cost < kForbiddenCost
                        ? inc.cost
                        : estimate + std::fabs(estimate) + 1;
    double gapEst = std::max(0.02 * std::fabs(target), target - estimate);
    double step = theta * gapEst / norm;
    for (unsigned p = 0; p < m.numPoints; ++p)
      lambda[p] = std::max(0.0, lambda[p] + step * g[p]);
  }
}

/// Replaces `st` by the unconstrained optimum found by forest descent from
/// it, repaired (greedy repair, windows over forbidden entries, 1-opt);
/// false when the repair failed.
bool repairedOptimum(State &st, const IntervalIndex &index, uint64_t seed,
                     const Budget &budget) {
  const Model &m = st.m;
  std::mt19937_64 rng(seed);
  std::vector<unsigned> x = st.x;
  ForestBuilder fb(m);
  ForestDp dp;
  forestDescent(m, fb, dp, Pricing{}, x, rng, budget, 400);
  st.assign(x);
  if (!repair(st, index, budget))
    return false;
  if (st.cost >= kForbiddenCost) {
    Lns cleaner(m, index, seed + 2);
    cleaner.run(st, nullptr, budget, 20000, /*untilClean=*/true);
  }
  descend(st, rng, budget);
  return st.feasible();
}

/// The better of the two workers' answers, evaluated exactly, with the best
/// bound that holds for it.
void combineWorkers(const Problem &p, const Model &m, const WorkerResult &a,
                    const WorkerResult &b, SolveResult &result) {
  // The MILP fixes forbidden entries to zero: its answer and bound hold only
  // when some feasible answer avoids every forbidden choice.
  const Incumbent &best = better(b.best.cost, a.best.cost) ? b.best : a.best;
  // The better of the two workers' answers over time.
  std::vector<std::pair<double, double>> both(a.best.trace);
  both.insert(both.end(), b.best.trace.begin(), b.best.trace.end());
  llvm::stable_sort(
      both, [](const auto &x, const auto &y) { return x.first < y.first; });
  for (const auto &[seconds, cost] : both)
    if (result.trace.empty() || better(cost, result.trace.back().second))
      result.trace.push_back({seconds, cost});
  result.choice = best.x.empty() ? best.x : m.toProblem(best.x);
  result.foundBy = best.by;
  llvm::Expected<Evaluation> ev = evaluate(p, result.choice);
  result.lowerBound = -kInf;
  if (ev) {
    result.cost = ev->cost;
    result.feasible = ev->feasible;
    bool forbiddenFree = !ev->forbidden;
    if (a.bound > result.lowerBound) {
      result.lowerBound = a.bound;
      result.boundBy = a.boundBy;
    }
    // CBC works in doubles on every cost that is not forbidden.
    double milpBound = b.bound - roundingAllowance(m, m.costMagnitude);
    if (forbiddenFree && b.boundBy == "milp" && milpBound > result.lowerBound) {
      result.lowerBound = milpBound;
      result.boundBy = "milp";
    }
  } else {
    llvm::consumeError(ev.takeError());
  }
  // Costs are integers: a bound rounds up (after a margin for rounding).
  if (std::isfinite(result.lowerBound))
    result.lowerBound = std::ceil(
        result.lowerBound - 1e-9 * std::max(1.0, std::fabs(result.lowerBound)));
  result.optimal =
      result.feasible && result.lowerBound >= static_cast<double>(result.cost);
}

} // namespace

SolveResult tofu::solver::solve(const Problem &p, const SolverOptions &opts) {
  Budget budget;
  budget.start = Clock::now();
  budget.end =
      budget.start +
      std::chrono::duration_cast<Clock::duration>(
          std::chrono::duration<double>(std::max(0.0, opts.timeLimit)));
  std::atomic<bool> stop{false};
  budget.stop = &stop;

  SolveResult result;
  Model m = buildModel(p, /*reduce=*/true, budget.deadline());
  State st0(m);
  st0.assign(leastMemory(m, /*allowForbidden=*/false));
  if (!st0.feasible())
    st0.assign(leastMemory(m, /*allowForbidden=*/true));
  if (!st0.feasible()) {
    // Even the least memory per node exceeds the limit somewhere; the
    // evaluation names the first such time step in the problem's own time.
    result.lowerBound = kInf;
    result.boundBy = "least-memory";
    Evaluation least = llvm::cantFail(evaluate(p, m.toProblem(st0.x)));
    result.overLimitAt = least.peakTime;
    result.leastUsageAt = least.peakUsage;
    result.seconds = budget.elapsed();
    return result;
  }
  IntervalIndex index(m);
  {
    std::mt19937_64 rng(opts.seed);
    descend(st0, rng, budget);
  }
  if (opts.verbose)
    llvm::errs() << "model and start " << budget.elapsed() << " s\n";
  unsigned threads = opts.threads
                         ? opts.threads
                         : std::max(1u, std::thread::hardware_concurrency());
  bool milp = milpColumns(m) <= opts.milpMaxVariables;

  WorkerResult a, b;
  a.best.start = b.best.start = budget.start;
  Exchange exchange;
  a.best.publish = &exchange;
  a.best.offer(st0, "feasibility-first");
  b.best.offer(st0, "feasibility-first");

  auto lagrangianWorker = [&]() {
    std::mt19937_64 rng(opts.seed * 2 + 1);
    Lagrangian lag(m, opts, budget);
    if (opts.verbose)
      llvm::errs() << "elimination order " << budget.elapsed() << " s\n";
    // Each phase below builds its own structures (TRW-S, forests, a copy
    // of the model) before it looks at the clock: seconds on a large
    // problem whose budget the model already used up.
    if (budget.over()) {
      stop = true;
      return;
    }
    State st(m);
    st.assign(st0.x);
    double phaseEnd = budget.elapsed() + 0.5 * budget.left();
    std::vector<double> weights;
    if (lag.order.coreSize == 0) {
      // The relaxed problem is solved exactly: its bounds are tight.
      lag.run(st, a.best, a, index, rng, budget, phaseEnd);
      if (a.optimal) {
        stop = true;
        return;
      }
      weights = lag.nodeWeights(lag.bestLambda);
    } else {
      penaltyRounds(m, index, st0.x, a.best, a, weights, opts.seed * 2 + 7,
                    budget, phaseEnd, opts.verbose);
    }
    if (budget.over()) {
      stop = true;
      return;
    }
    Lns lns(m, index, opts.seed * 2 + 3);
    lns.verbose = opts.verbose;
    lns.name = "a";
    lns.weight = weights;
    st.assign(a.best.x);
    lns.run(st, &a.best, budget);
    stop = true; // ends CBC at its next node
  };
  auto secondWorker = [&]() {
    if (milp) {
      MilpResult r = solveMilp(m, st0.x, budget.left(), &stop);
      if (!r.x.empty()) {
        State st(m);
        st.assign(r.x);
        b.best.offer(st, "milp");
      }
      b.bound = r.bound;
      b.boundBy = "milp";
      if (r.optimal) {
        b.optimal = true;
        stop = true;
      }
      if (r.optimal)
        return;
    }
    if (budget.over())
      return;
    State st(m);
    st.assign(b.best.x);
    if (repairedOptimum(st, index, opts.seed * 2 + 11, budget))
      b.best.offer(st, "relaxed-repair");
    Lns lns(m, index, opts.seed * 2 + 5);
    lns.verbose = opts.verbose;
    lns.name = "b";
    st.assign(b.best.x);
    // From its own start this LNS can stay far behind the Lagrangian worker
    // for the whole run (K: 4x its answer at 180 s): every few hundred
    // windows it restarts from that worker's answer when that is more than
    // 5% cheaper, searching the same basin with its own neighbourhoods.
    std::vector<unsigned> adopted;
    while (!budget.over()) {
      lns.run(st, &b.best, budget, /*maxWindows=*/400);
      if (exchange.takeIfBelow(st.cost / 1.05, adopted))
        st.assign(adopted);
    }
  };
  if (threads >= 2) {
    std::thread t(secondWorker);
    lagrangianWorker();
    t.join();
  } else {
    // One thread: the MILP first when it applies, then the Lagrangian.
    if (milp) {
      Clock::time_point end = budget.end;
      budget.end = budget.start + (end - budget.start) / 2;
      secondWorker();
      budget.end = end;
    }
    if (!stop)
      lagrangianWorker();
  }

  combineWorkers(p, m, a, b, result);
  result.seconds = budget.elapsed();
  return result;
}
