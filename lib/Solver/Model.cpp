//===- Model.cpp - The solver's internal form of a problem ----------------===//

#include "Model.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <numeric>

using namespace tofu::solver;

namespace {
/// Removes dominated choices node by node until nothing changes.
void removeDominated(Model &m, const Deadline &deadline) {
  for (int round = 0; round < 3; ++round) {
    bool changed = false;
    for (unsigned v = 0; v < m.n; ++v) {
      // A node's test costs up to 2*10^7 steps: the reduction is optional
      // and ends at the deadline (what it removed so far stays removed).
      if (v % 64 == 0 && deadline.expired())
        return;
      unsigned d = m.dom[v];
      if (d < 2)
        continue;
      double work = double(d) * d;
      double nbSum = 0;
      for (auto [e, first] : m.adj[v])
        nbSum += m.dom[first ? m.pairs[e].v : m.pairs[e].u];
      if (work * (1 + nbSum) > 2e7)
        continue;
      bool live = m.range[v].first < m.range[v].second;
      std::vector<bool> gone(d, false);
      // Dominance test of s by t: memory no larger, and
      // c(t) + Σ_e max_w (p_e(t, w) - p_e(s, w)) <= c(s).
      auto dominates = [&](unsigned t, unsigned s) {
        if (live && m.usage[v][t] > m.usage[v][s])
          return false;
        long double slack = (long double)m.unary[v][s] - m.unary[v][t];
        if (slack < 0)
          return false;
        for (auto [e, first] : m.adj[v]) {
          const PairTable &pt = m.pairs[e];
          unsigned o = first ? pt.v : pt.u;
          long double worst = -INFINITY;
          for (unsigned w = 0; w < m.dom[o]; ++w) {
            long double diff =
                first ? (long double)m.pairCost(e, t, w) - m.pairCost(e, s, w)
                      : (long double)m.pairCost(e, w, t) - m.pairCost(e, w, s);
            worst = std::max(worst, diff);
          }
          slack -= worst;
          if (slack < 0)
            return false;
        }
        return true;
      };
      for (unsigned s = 0; s < d; ++s)
        for (unsigned t = 0; t < d && !gone[s]; ++t)
          if (t != s && !gone[t] && dominates(t, s))
            gone[s] = true;
      if (std::find(gone.begin(), gone.end(), true) == gone.end())
        continue;
      changed = true;
      std::vector<unsigned> keep;
      for (unsigned s = 0; s < d; ++s)
        if (!gone[s])
          keep.push_back(s);
      m.removedChoices += d - keep.size();
      auto select = [&](auto &vec) {
        std::remove_reference_t<decltype(vec)> out;
        for (unsigned s : keep)
          out.push_back(vec[s]);
        vec = std::move(out);
      };
      select(m.unary[v]);
      select(m.usage[v]);
      select(m.original[v]);
      for (auto [e, first] : m.adj[v]) {
        PairTable &pt = m.pairs[e];
        unsigned du = m.dom[pt.u], dv = m.dom[pt.v];
        std::vector<double> t;
        if (first) {
          for (unsigned s : keep)
            t.insert(t.end(), pt.cost.begin() + size_t(s) * dv,
                     pt.cost.begin() + size_t(s + 1) * dv);
        } else {
          for (unsigned a = 0; a < du; ++a)
            for (unsigned s : keep)
              t.push_back(pt.cost[size_t(a) * dv + s]);
        }
        pt.cost = std::move(t);
      }
      m.dom[v] = keep.size();
    }
    if (!changed)
      break;
  }
}

/// Folds pairs that are a sum of per-node terms (including every pair with
/// a single-choice end) into the node costs, and renumbers the rest.
void foldSeparablePairs(Model &m) {
  std::vector<PairTable> kept;
  for (PairTable &pt : m.pairs) {
    unsigned du = m.dom[pt.u], dv = m.dom[pt.v];
    auto at = [&](unsigned a, unsigned b) {
      return pt.cost[size_t(a) * dv + b];
    };
    // Exact in doubles only below 2^52; a single-choice end always folds.
    bool separable = du == 1 || dv == 1 ||
                     std::all_of(pt.cost.begin(), pt.cost.end(), [](double c) {
                       return std::fabs(c) < 4.5e15;
                     });
    for (unsigned a = 1; a < du && separable; ++a)
      for (unsigned b = 1; b < dv && separable; ++b)
        separable = at(a, b) - at(a, 0) - at(0, b) + at(0, 0) == 0;
    if (!separable) {
      kept.push_back(std::move(pt));
      continue;
    }
    ++m.foldedPairs;
    for (unsigned a = 0; a < du; ++a)
      m.unary[pt.u][a] += at(a, 0);
    for (unsigned b = 0; b < dv; ++b)
      m.unary[pt.v][b] += at(0, b) - at(0, 0);
  }
  m.pairs = std::move(kept);
  m.adj.assign(m.n, {});
  for (auto [i, pt] : llvm::enumerate(m.pairs)) {
    m.adj[pt.u].push_back({static_cast<unsigned>(i), true});
    m.adj[pt.v].push_back({static_cast<unsigned>(i), false});
  }
}
} // namespace

Model tofu::solver::buildModel(const Problem &p, bool reduce,
                               const Deadline &deadline) {
  Model m;
  m.n = p.nodes.size();
  m.limit = p.usageLimit;
  std::vector<int64_t> starts;
  for (const Node &node : p.nodes)
    if (node.live())
      starts.push_back(node.lo);
  std::sort(starts.begin(), starts.end());
  starts.erase(std::unique(starts.begin(), starts.end()), starts.end());
  m.numPoints = starts.size();
  auto addMagnitudes = [&](const std::vector<int64_t> &costs) {
    double most = 0, mostRounded = 0;
    for (int64_t c : costs) {
      if (c >= kForbiddenCost)
        continue;
      double a = std::fabs(static_cast<double>(c));
      most = std::max(most, a);
      if (a >= 0x1p53)
        mostRounded = std::max(mostRounded, a);
    }
    m.costMagnitude += most;
    m.roundedMagnitude += mostRounded;
  };
  for (const Node &node : p.nodes)
    addMagnitudes(node.costs);
  for (const Edge &e : p.edges)
    addMagnitudes(e.costs);
  m.sourceTables = p.nodes.size() + p.edges.size();
  for (const Node &node : p.nodes) {
    m.dom.push_back(node.numChoices());
    m.unary.emplace_back(node.costs.begin(), node.costs.end());
    m.usage.push_back(node.usages);
    m.original.emplace_back(node.numChoices());
    std::iota(m.original.back().begin(), m.original.back().end(), 0u);
    if (!node.live()) {
      m.range.push_back({0, 0});
      m.usage.back().assign(node.numChoices(), 0);
      continue;
    }
    unsigned a = std::lower_bound(starts.begin(), starts.end(), node.lo) -
                 starts.begin();
    unsigned b = std::lower_bound(starts.begin(), starts.end(), node.hi) -
                 starts.begin();
    m.range.push_back({a, b});
  }
  std::map<std::pair<unsigned, unsigned>, unsigned> index;
  for (const Edge &e : p.edges) {
    unsigned u = std::min(e.u, e.v), v = std::max(e.u, e.v);
    auto [it, inserted] = index.try_emplace({u, v}, m.pairs.size());
    if (inserted) {
      m.pairs.push_back({u, v, {}});
      m.pairs.back().cost.assign(size_t(m.dom[u]) * m.dom[v], 0);
    }
    std::vector<double> &t = m.pairs[it->second].cost;
    unsigned du = m.dom[e.u], dv = m.dom[e.v];
    for (unsigned a = 0; a < du; ++a)
      for (unsigned b = 0; b < dv; ++b) {
        double c = e.costs[a * dv + b];
        if (e.u == u)
          t[a * dv + b] += c;
        else
          t[b * du + a] += c;
      }
  }
  m.adj.resize(m.n);
  for (auto [i, pt] : llvm::enumerate(m.pairs)) {
    m.adj[pt.u].push_back({i, true});
    m.adj[pt.v].push_back({i, false});
  }
  if (reduce) {
    removeDominated(m, deadline);
    foldSeparablePairs(m);
  }
  return m;
}

double Model::totalCost(const std::vector<unsigned> &x) const {
  double c = 0;
  for (unsigned v = 0; v < n; ++v)
    c += unary[v][x[v]];
  for (const PairTable &p : pairs)
    c += p.cost[x[p.u] * dom[p.v] + x[p.v]];
  return c;
}

std::vector<UsageSum> Model::profile(const std::vector<unsigned> &x) const {
  std::vector<UsageSum> diff(numPoints + 1, 0);
  for (unsigned v = 0; v < n; ++v) {
    auto [a, b] = range[v];
    if (a < b) {
      diff[a] += usage[v][x[v]];
      diff[b] -= usage[v][x[v]];
    }
  }
  std::vector<UsageSum> prof(numPoints);
  UsageSum run = 0;
  for (unsigned t = 0; t < numPoints; ++t)
    prof[t] = run += diff[t];
  return prof;
}

void MaxSegmentTree::reset(unsigned count) {
  n = count;
  size = 1;
  while (size < std::max(1u, n))
    size *= 2;
  maxv.assign(2 * size, 0);
  lazy.assign(2 * size, 0);
  // Padding leaves never win a max.
  for (unsigned i = n; i < size; ++i)
    maxv[size + i] = kNone;
  for (unsigned i = size - 1; i >= 1; --i)
    maxv[i] = std::max(maxv[2 * i], maxv[2 * i + 1]);
}

void MaxSegmentTree::build(const std::vector<UsageSum> &values) {
  reset(values.size());
  for (unsigned i = 0; i < n; ++i)
    maxv[size + i] = values[i];
  for (unsigned i = size - 1; i >= 1; --i)
    maxv[i] = std::max(maxv[2 * i], maxv[2 * i + 1]);
}

void MaxSegmentTree::add(unsigned node, unsigned l, unsigned r, unsigned lo,
                         unsigned hi, int64_t d) {
  if (hi <= l || r <= lo)
    return;
  if (lo <= l && r <= hi) {
    maxv[node] += d;
    lazy[node] += d;
    return;
  }
  unsigned mid = (l + r) / 2;
  add(2 * node, l, mid, lo, hi, d);
  add(2 * node + 1, mid, r, lo, hi, d);
  maxv[node] = std::max(maxv[2 * node], maxv[2 * node + 1]) + lazy[node];
}

UsageSum MaxSegmentTree::max(unsigned node, unsigned l, unsigned r, unsigned lo,
                             unsigned hi) const {
  if (hi <= l || r <= lo)
    return kNone;
  if (lo <= l && r <= hi)
    return maxv[node];
  unsigned mid = (l + r) / 2;
  return std::max(max(2 * node, l, mid, lo, hi),
                  max(2 * node + 1, mid, r, lo, hi)) +
         lazy[node];
}

unsigned MaxSegmentTree::argmax() const {
  unsigned node = 1;
  UsageSum target = maxv[1];
  while (node < size) {
    target -= lazy[node];
    node = maxv[2 * node] == target ? 2 * node : 2 * node + 1;
  }
  return node - size;
}

std::pair<UsageSum, unsigned> MaxSegmentTree::argmax(unsigned node, unsigned l,
                                                     unsigned r, unsigned lo,
                                                     unsigned hi) const {
  if (hi <= l || r <= lo)
    return {kNone, l};
  if (r - l == 1)
    return {maxv[node], l};
  if (lo <= l && r <= hi) {
    // The whole range: follow the larger child.
    unsigned mid = (l + r) / 2;
    auto best = maxv[2 * node] >= maxv[2 * node + 1]
                    ? argmax(2 * node, l, mid, lo, hi)
                    : argmax(2 * node + 1, mid, r, lo, hi);
    return {best.first + lazy[node], best.second};
  }
  unsigned mid = (l + r) / 2;
  auto a = argmax(2 * node, l, mid, lo, hi);
  auto b = argmax(2 * node + 1, mid, r, lo, hi);
  auto best = a.first >= b.first ? a : b;
  return {best.first + lazy[node], best.second};
}
