//===- ForestDp.cpp - Exact dynamic programming over forest windows -------===//

#include "ForestDp.h"

#include <algorithm>
#include <cassert>
#include <cfenv>
#include <cmath>
#include <limits>
#include <numeric>

using namespace tofu::solver;

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

/// The other end of node `v`'s pair `e`.
unsigned otherEnd(const Model &m, unsigned e, bool first) {
  return first ? m.pairs[e].v : m.pairs[e].u;
}
} // namespace

ForestBuilder::ForestBuilder(const Model &m)
    : m(m), state(m.n, -2), stamp(m.n, 0), placed(m.n, -1) {}

unsigned ForestBuilder::find(unsigned v) {
  while (static_cast<unsigned>(state[v]) != v) {
    state[v] = state[state[v]]; // path halving
    v = state[v];
  }
  return v;
}

bool ForestBuilder::tryAdd(unsigned v) {
  // The trees of v's neighbours in the window must be pairwise distinct,
  // else v would close a cycle. Model pairs are merged, so a neighbour
  // appears once.
  ++epoch;
  std::vector<unsigned> roots;
  for (auto [e, first] : m.adj[v]) {
    unsigned o = otherEnd(m, e, first);
    if (state[o] < 0)
      continue;
    unsigned r = find(o);
    if (stamp[r] == epoch) {
      state[v] = -1;
      touched.push_back(v);
      return false;
    }
    stamp[r] = epoch;
    roots.push_back(r);
  }
  state[v] = v;
  touched.push_back(v);
  for (unsigned r : roots)
    state[r] = v;
  accepted.push_back(v);
  return true;
}

Forest ForestBuilder::grow(std::mt19937_64 &rng, unsigned maxNodes, int seed,
                           bool restart) {
  accepted.clear();
  std::vector<unsigned> perm;
  size_t next = 0;
  if (restart) {
    perm.resize(m.n);
    std::iota(perm.begin(), perm.end(), 0);
    std::shuffle(perm.begin(), perm.end(), rng);
  }
  unsigned start = seed >= 0 ? seed : rng() % std::max(1u, m.n);
  while (m.n && accepted.size() < maxNodes) {
    if (state[start] == -2) {
      size_t head = accepted.size();
      if (tryAdd(start))
        for (; head < accepted.size() && accepted.size() < maxNodes; ++head)
          for (auto [e, first] : m.adj[accepted[head]]) {
            unsigned o = otherEnd(m, e, first);
            if (state[o] == -2 && accepted.size() < maxNodes)
              tryAdd(o);
          }
    }
    if (!restart)
      break;
    while (next < perm.size() && state[perm[next]] != -2)
      ++next;
    if (next == perm.size())
      break;
    start = perm[next];
  }
  Forest f = root();
  for (unsigned v : touched)
    state[v] = -2;
  touched.clear();
  return f;
}

/// Roots each tree of the window (breadth first over the window's edges,
/// all of which are tree edges), parents before children.
Forest ForestBuilder::root() {
  Forest f;
  f.nodes.reserve(accepted.size());
  for (unsigned r : accepted) {
    if (placed[r] >= 0)
      continue;
    placed[r] = f.nodes.size();
    f.nodes.push_back(r);
    f.parent.push_back(-1);
    f.parentPair.push_back(0);
    for (size_t head = f.nodes.size() - 1; head < f.nodes.size(); ++head) {
      unsigned v = f.nodes[head];
      for (auto [e, first] : m.adj[v]) {
        unsigned o = otherEnd(m, e, first);
        if (state[o] < 0 || placed[o] >= 0)
          continue;
        placed[o] = f.nodes.size();
        f.nodes.push_back(o);
        f.parent.push_back(head);
        f.parentPair.push_back(e);
      }
    }
  }
  for (unsigned v : f.nodes)
    placed[v] = -1;
  return f;
}

bool tofu::solver::isInducedForest(const Model &m, const Forest &f) {
  std::vector<int> pos(m.n, -1);
  for (unsigned i = 0; i < f.nodes.size(); ++i) {
    if (f.nodes[i] >= m.n || pos[f.nodes[i]] >= 0)
      return false;
    pos[f.nodes[i]] = i;
  }
  size_t inside = 0;
  for (unsigned i = 0; i < f.nodes.size(); ++i) {
    if (f.parent[i] >= static_cast<int>(i))
      return false; // parents come first
    if (f.parent[i] >= 0) {
      const PairTable &p = m.pairs[f.parentPair[i]];
      unsigned a = f.nodes[i], b = f.nodes[f.parent[i]];
      if (!((p.u == a && p.v == b) || (p.u == b && p.v == a)))
        return false;
    }
    for (auto [e, first] : m.adj[f.nodes[i]])
      inside += pos[otherEnd(m, e, first)] >= 0;
  }
  size_t edges = 0;
  for (int p : f.parent)
    edges += p >= 0;
  // Every edge inside the window is counted from both ends.
  return inside == 2 * edges;
}

void ForestDp::layout(const Model &m, const Forest &f) {
  size_t k = f.nodes.size();
  offset.assign(k + 1, 0);
  argOffset.assign(k + 1, 0);
  for (size_t i = 0; i < k; ++i) {
    offset[i + 1] = offset[i] + m.dom[f.nodes[i]];
    argOffset[i + 1] =
        argOffset[i] + (f.parent[i] >= 0 ? m.dom[f.nodes[f.parent[i]]] : 0);
  }
  table.assign(offset[k], 0);
  argmin.assign(argOffset[k], 0);
}

double ForestDp::run(const Model &m, const Forest &f,
                     std::vector<unsigned> &y) {
  size_t k = f.nodes.size();
  // Children to parents: each node's table (its costs plus its subtrees'
  // messages) is minimised for every choice of the parent.
  for (size_t i = k; i-- > 0;) {
    if (f.parent[i] < 0)
      continue;
    unsigned v = f.nodes[i], p = f.parent[i], pv = f.nodes[p];
    const PairTable &pt = m.pairs[f.parentPair[i]];
    unsigned dv = m.dom[v], dp = m.dom[pv];
    bool vFirst = pt.u == v;
    const double *h = &table[offset[i]];
    for (unsigned t = 0; t < dp; ++t) {
      double best = kInf;
      unsigned arg = 0;
      for (unsigned s = 0; s < dv; ++s) {
        double c = h[s] + (vFirst ? pt.cost[s * dp + t] : pt.cost[t * dv + s]);
        if (c < best) {
          best = c;
          arg = s;
        }
      }
      table[offset[p] + t] += best;
      argmin[argOffset[i] + t] = arg;
    }
  }
  double total = 0;
  for (size_t i = 0; i < k; ++i) {
    unsigned v = f.nodes[i];
    if (f.parent[i] >= 0) {
      y[v] = argmin[argOffset[i] + y[f.nodes[f.parent[i]]]];
      continue;
    }
    const double *h = &table[offset[i]];
    unsigned arg = std::min_element(h, h + m.dom[v]) - h;
    y[v] = arg;
    total += h[arg];
  }
  return total;
}

double ForestDp::solveWindow(const Model &m, const Forest &f,
                             const Pricing &price,
                             const std::vector<unsigned> &x,
                             std::vector<unsigned> &y) {
  layout(m, f);
  position.resize(m.n, -1);
  for (unsigned i = 0; i < f.nodes.size(); ++i)
    position[f.nodes[i]] = i;
  for (unsigned i = 0; i < f.nodes.size(); ++i) {
    unsigned v = f.nodes[i];
    double *h = &table[offset[i]];
    for (unsigned s = 0; s < m.dom[v]; ++s)
      h[s] = price.at(m, v, s);
    // Pairs to nodes outside the window are node costs at their choices.
    for (auto [e, first] : m.adj[v]) {
      unsigned o = otherEnd(m, e, first);
      if (position[o] >= 0)
        continue;
      for (unsigned s = 0; s < m.dom[v]; ++s)
        h[s] += first ? m.pairCost(e, s, x[o]) : m.pairCost(e, x[o], s);
    }
  }
  for (unsigned v : f.nodes)
    position[v] = -1;
  return run(m, f, y);
}

double ForestDp::lowerBound(const Model &m, const Pricing &price) {
  if (spanning.nodes.size() != m.n)
    buildSpanning(m);
  layout(m, spanning);
  // Every sum rounds towards -inf, so each computed entry and partial sum
  // is at most the exact one and the minimum found is at most the exact
  // minimum: a proven bound whatever the magnitudes (min itself is exact).
  int mode = std::fegetround();
  std::fesetround(FE_DOWNWARD);
  // The pairs' tables may change between calls (reparametrisations), the
  // structure may not: the row minima are taken afresh.
  folded.assign(foldOffset[m.n], 0);
  for (unsigned e : nonForest)
    foldPair(m, m.pairs[e]);
  for (unsigned i = 0; i < m.n; ++i) {
    unsigned v = spanning.nodes[i];
    for (unsigned s = 0; s < m.dom[v]; ++s)
      table[offset[i] + s] = price.at(m, v, s) + folded[foldOffset[v] + s];
  }
  std::vector<unsigned> y(m.n, 0);
  double value = run(m, spanning, y);
  std::fesetround(mode);
  return value;
}

/// Kruskal over the pairs, those whose tables vary most first (they lose
/// most when replaced by row minima); every other pair's row minima go to
/// the end where they are larger on average.
void ForestDp::buildSpanning(const Model &m) {
  auto spread = [&](const PairTable &p) {
    double lo = kInf, hi = -kInf;
    for (double c : p.cost) {
      lo = std::min(lo, c);
      hi = std::max(hi, std::min(c, static_cast<double>(kForbiddenCost)));
    }
    return hi - lo;
  };
  std::vector<unsigned> byWeight(m.pairs.size());
  std::iota(byWeight.begin(), byWeight.end(), 0);
  std::vector<double> weight(m.pairs.size());
  for (unsigned e = 0; e < m.pairs.size(); ++e)
    weight[e] = spread(m.pairs[e]);
  std::stable_sort(
      byWeight.begin(), byWeight.end(),
      [&](unsigned a, unsigned b) { return weight[a] > weight[b]; });
  std::vector<unsigned> uf(m.n);
  std::iota(uf.begin(), uf.end(), 0);
  auto find = [&](unsigned v) {
    while (uf[v] != v)
      v = uf[v] = uf[uf[v]];
    return v;
  };
  foldOffset.assign(m.n + 1, 0);
  for (unsigned v = 0; v < m.n; ++v)
    foldOffset[v + 1] = foldOffset[v] + m.dom[v];
  nonForest.clear();
  std::vector<std::vector<std::pair<unsigned, unsigned>>> tree(m.n);
  for (unsigned e : byWeight) {
    const PairTable &p = m.pairs[e];
    unsigned a = find(p.u), b = find(p.v);
    if (a != b) {
      uf[a] = b;
      tree[p.u].push_back({p.v, e});
      tree[p.v].push_back({p.u, e});
      continue;
    }
    nonForest.push_back(e);
  }
  spanning = Forest();
  std::vector<bool> seen(m.n, false);
  for (unsigned r = 0; r < m.n; ++r) {
    if (seen[r])
      continue;
    seen[r] = true;
    spanning.nodes.push_back(r);
    spanning.parent.push_back(-1);
    spanning.parentPair.push_back(0);
    for (size_t head = spanning.nodes.size() - 1; head < spanning.nodes.size();
         ++head)
      for (auto [o, e] : tree[spanning.nodes[head]]) {
        if (seen[o])
          continue;
        seen[o] = true;
        spanning.nodes.push_back(o);
        spanning.parent.push_back(head);
        spanning.parentPair.push_back(e);
      }
  }
}

/// c(a, b) >= min_b' c(a, b') for every b: the row minima (or the column
/// minima) bound the pair from below whatever the other end chooses.
void ForestDp::foldPair(const Model &m, const PairTable &p) {
  unsigned du = m.dom[p.u], dv = m.dom[p.v];
  std::vector<double> row(du, kInf), col(dv, kInf);
  for (unsigned a = 0; a < du; ++a)
    for (unsigned b = 0; b < dv; ++b) {
      double c = p.cost[a * dv + b];
      row[a] = std::min(row[a], c);
      col[b] = std::min(col[b], c);
    }
  double rowMean = std::accumulate(row.begin(), row.end(), 0.0) / du;
  double colMean = std::accumulate(col.begin(), col.end(), 0.0) / dv;
  if (rowMean >= colMean) {
    for (unsigned a = 0; a < du; ++a)
      folded[foldOffset[p.u] + a] += row[a];
  } else {
    for (unsigned b = 0; b < dv; ++b)
      folded[foldOffset[p.v] + b] += col[b];
  }
}
