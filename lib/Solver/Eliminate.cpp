//===- Eliminate.cpp - Exact min-sum variable elimination -----------------===//

#include "Eliminate.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <queue>

using namespace tofu::solver;

static double pairAt(const PairwiseProblem &p, const PairwiseProblem::Pair &q,
                     unsigned xa, unsigned xb) {
  return q.transposed ? q.cost[xb * p.dom[q.a] + xa]
                      : q.cost[xa * p.dom[q.b] + xb];
}

double tofu::solver::objective(const PairwiseProblem &p,
                               const std::vector<unsigned> &x) {
  double c = 0;
  for (unsigned v = 0; v < p.dom.size(); ++v)
    c += p.unary[v][x[v]];
  for (const PairwiseProblem::Pair &q : p.pairs)
    c += pairAt(p, q, x[q.a], x[q.b]);
  return c;
}

EliminationOrder tofu::solver::computeOrder(const PairwiseProblem &p,
                                            size_t maxTable,
                                            const Deadline &deadline) {
  unsigned n = p.dom.size();
  std::vector<std::vector<unsigned>> adj(n);
  for (const PairwiseProblem::Pair &q : p.pairs) {
    adj[q.a].push_back(q.b);
    adj[q.b].push_back(q.a);
  }
  for (std::vector<unsigned> &a : adj) {
    std::sort(a.begin(), a.end());
    a.erase(std::unique(a.begin(), a.end()), a.end());
  }
  auto score = [&](unsigned v) {
    double s = 0;
    for (unsigned w : adj[v])
      s += std::log2(static_cast<double>(p.dom[w]));
    return s;
  };
  EliminationOrder out;
  out.eliminated.assign(n, false);
  using Item = std::pair<double, unsigned>;
  std::priority_queue<Item, std::vector<Item>, std::greater<Item>> queue;
  std::vector<double> current(n);
  for (unsigned v = 0; v < n; ++v) {
    current[v] = score(v);
    queue.push({current[v], v});
  }
  double cap = std::log2(static_cast<double>(maxTable));
  while (!queue.empty()) {
    auto [s, v] = queue.top();
    queue.pop();
    if (out.eliminated[v] || s != current[v])
      continue;
    if (s > cap + 1e-9)
      break;
    // Merging the neighbour lists grows quadratic in the degree on dense
    // graphs: on a large problem the order alone can outlast the budget.
    if (out.order.size() % 16 == 0 && deadline.expired())
      break;
    out.eliminated[v] = true;
    out.order.push_back(v);
    double entries = std::exp2(s);
    out.widestTable = std::max(out.widestTable, entries);
    out.work += entries * p.dom[v];
    const std::vector<unsigned> nb = adj[v];
    for (unsigned a : nb) {
      std::vector<unsigned> &la = adj[a];
      la.erase(std::lower_bound(la.begin(), la.end(), v));
      std::vector<unsigned> merged;
      merged.reserve(la.size() + nb.size());
      std::set_union(la.begin(), la.end(), nb.begin(), nb.end(),
                     std::back_inserter(merged));
      merged.erase(std::remove(merged.begin(), merged.end(), a), merged.end());
      la = std::move(merged);
      current[a] = score(a);
      queue.push({current[a], a});
    }
    adj[v].clear();
  }
  out.coreSize = n - out.order.size();
  return out;
}

namespace {
struct Factor {
  std::vector<unsigned> vars; // sorted
  std::vector<size_t> stride;
  std::vector<double> table;
  bool alive = true;
};

/// The factors as elimination rewrites them, indexed by variable so that a
/// variable's bucket is found without scanning every factor.
struct FactorSet {
  const PairwiseProblem &p;
  std::vector<Factor> factors;
  std::vector<std::vector<unsigned>> factorsOf;

  explicit FactorSet(const PairwiseProblem &p)
      : p(p), factorsOf(p.dom.size()) {}

  /// Adds `f` (vars set, table filled) with row-major strides, last variable
  /// fastest.
  void add(Factor f) {
    f.stride.resize(f.vars.size());
    size_t s = 1;
    for (int i = f.vars.size() - 1; i >= 0; --i) {
      f.stride[i] = s;
      s *= p.dom[f.vars[i]];
    }
    for (unsigned v : f.vars)
      factorsOf[v].push_back(factors.size());
    factors.push_back(std::move(f));
  }

  /// Value of a live factor at the assignment `x`.
  double at(const Factor &f, const std::vector<unsigned> &x) const {
    size_t off = 0;
    for (unsigned j = 0; j < f.vars.size(); ++j)
      off += f.stride[j] * x[f.vars[j]];
    return f.table[off];
  }
};

/// What eliminating one variable leaves for back substitution: its best
/// value for each assignment of the variables it shared factors with.
struct Record {
  std::vector<unsigned> scope;
  std::vector<uint16_t> argmin;
};
} // namespace

/// One factor per pair, over (min, max) of its two variables, so that every
/// factor's variables are sorted as the elimination expects.
static void addPairFactors(FactorSet &fs) {
  const PairwiseProblem &p = fs.p;
  for (const PairwiseProblem::Pair &q : p.pairs) {
    Factor f;
    unsigned a = std::min(q.a, q.b), b = std::max(q.a, q.b);
    f.vars = {a, b};
    f.table.resize(size_t(p.dom[a]) * p.dom[b]);
    for (unsigned xa = 0; xa < p.dom[a]; ++xa)
      for (unsigned xb = 0; xb < p.dom[b]; ++xb)
        f.table[size_t(xa) * p.dom[b] + xb] =
            q.a == a ? pairAt(p, q, xa, xb) : pairAt(p, q, xb, xa);
    fs.add(std::move(f));
  }
}

/// Minimises `v` out of its live factors and unary cost: returns the table
/// over the other variables of those factors (the scope) and fills `rec`
/// with the minimising value of `v` per scope assignment. The bucket's
/// factors die.
static Factor minimizeOut(FactorSet &fs, const std::vector<double> &uv,
                          unsigned v, Record &rec) {
  const PairwiseProblem &p = fs.p;
  std::vector<Factor> &factors = fs.factors;
  std::vector<unsigned> bucket;
  for (unsigned f : fs.factorsOf[v])
    if (factors[f].alive)
      bucket.push_back(f);
  std::vector<unsigned> scope;
  for (unsigned f : bucket)
    for (unsigned w : factors[f].vars)
      if (w != v)
        scope.push_back(w);
  std::sort(scope.begin(), scope.end());
  scope.erase(std::unique(scope.begin(), scope.end()), scope.end());
  size_t entries = 1;
  for (unsigned w : scope)
    entries *= p.dom[w];
  // Per bucket factor: its stride for each scope variable and for v.
  unsigned k = scope.size(), nb = bucket.size();
  std::vector<size_t> scopeStride(size_t(nb) * k, 0), vStride(nb, 0);
  for (unsigned i = 0; i < nb; ++i) {
    const Factor &f = factors[bucket[i]];
    for (unsigned j = 0; j < f.vars.size(); ++j) {
      if (f.vars[j] == v) {
        vStride[i] = f.stride[j];
        continue;
      }
      unsigned pos = std::lower_bound(scope.begin(), scope.end(), f.vars[j]) -
                     scope.begin();
      scopeStride[size_t(i) * k + pos] = f.stride[j];
    }
  }
  Factor out;
  out.vars = scope;
  out.table.resize(entries);
  rec.scope = scope;
  rec.argmin.resize(entries);
  std::vector<unsigned> xs(k, 0);
  std::vector<size_t> offset(nb, 0);
  unsigned dv = p.dom[v];
  for (size_t e = 0; e < entries; ++e) {
    double best = std::numeric_limits<double>::infinity();
    unsigned arg = 0;
    for (unsigned s = 0; s < dv; ++s) {
      double c = uv[s];
      for (unsigned i = 0; i < nb; ++i)
        c += factors[bucket[i]].table[offset[i] + s * vStride[i]];
      if (c < best) {
        best = c;
        arg = s;
      }
    }
    out.table[e] = best;
    rec.argmin[e] = arg;
    // Next scope assignment (last variable fastest, as the strides).
    for (int j = k - 1; j >= 0; --j) {
      for (unsigned i = 0; i < nb; ++i)
        offset[i] += scopeStride[size_t(i) * k + j];
      if (++xs[j] < p.dom[scope[j]])
        break;
      for (unsigned i = 0; i < nb; ++i)
        offset[i] -= scopeStride[size_t(i) * k + j] * xs[j];
      xs[j] = 0;
    }
  }
  for (unsigned f : bucket) {
    factors[f].alive = false;
    std::vector<double>().swap(factors[f].table);
  }
  return out;
}

/// The core: coordinate descent from the hint (or each variable's best
/// unary value), over the remaining factors. Returns the valid bound on the
/// core's part (plus `constant`): the sum of every remaining minimum.
static double descendCore(const FactorSet &fs,
                          const std::vector<std::vector<double>> &unary,
                          const std::vector<unsigned> &core,
                          const std::vector<unsigned> &hint, double constant,
                          std::vector<unsigned> &x) {
  const PairwiseProblem &p = fs.p;
  const std::vector<Factor> &factors = fs.factors;
  double bound = constant;
  for (unsigned v : core) {
    const std::vector<double> &u = unary[v];
    unsigned arg = std::min_element(u.begin(), u.end()) - u.begin();
    bound += u[arg];
    x[v] = hint.size() == p.dom.size() ? hint[v] : arg;
  }
  for (const Factor &f : factors)
    if (f.alive)
      bound += *std::min_element(f.table.begin(), f.table.end());
  for (int sweep = 0; sweep < 20 && !core.empty(); ++sweep) {
    bool changed = false;
    for (unsigned v : core) {
      unsigned old = x[v], arg = old;
      double best = std::numeric_limits<double>::infinity();
      for (unsigned s = 0; s < p.dom[v]; ++s) {
        x[v] = s;
        double c = unary[v][s];
        for (unsigned f : fs.factorsOf[v])
          if (factors[f].alive)
            c += fs.at(factors[f], x);
        if (c < best - 1e-9 * std::fabs(best)) {
          best = c;
          arg = s;
        }
      }
      x[v] = arg;
      changed |= arg != old;
    }
    if (!changed)
      break;
  }
  return bound;
}

EliminationResult tofu::solver::eliminate(const PairwiseProblem &p,
                                          const EliminationOrder &order,
                                          const std::vector<unsigned> &hint) {
  unsigned n = p.dom.size();
  std::vector<std::vector<double>> unary = p.unary;
  FactorSet fs(p);
  addPairFactors(fs);

  std::vector<Record> records(order.order.size());
  double constant = 0;
  for (size_t step = 0; step < order.order.size(); ++step) {
    unsigned v = order.order[step];
    Factor out = minimizeOut(fs, unary[v], v, records[step]);
    // A table over no variable is a constant and one over a single variable
    // a unary cost: folding them in leaves only tables over two or more
    // variables in the factor set.
    const std::vector<unsigned> &scope = out.vars;
    if (scope.empty())
      constant += out.table[0];
    else if (scope.size() == 1)
      for (unsigned s = 0; s < p.dom[scope[0]]; ++s)
        unary[scope[0]][s] += out.table[s];
    else
      fs.add(std::move(out));
  }

  EliminationResult r;
  r.x.assign(n, 0);
  std::vector<unsigned> core;
  for (unsigned v = 0; v < n; ++v)
    if (!order.eliminated[v])
      core.push_back(v);
  double bound = descendCore(fs, unary, core, hint, constant, r.x);
  // Back substitution, last eliminated first: each record's scope is then
  // assigned.
  for (int step = order.order.size() - 1; step >= 0; --step) {
    const Record &rec = records[step];
    size_t off = 0;
    for (unsigned w : rec.scope)
      off = off * p.dom[w] + r.x[w];
    r.x[order.order[step]] = rec.argmin[off];
  }
  r.value = objective(p, r.x);
  r.exact = core.empty();
  r.lowerBound = r.exact ? r.value : std::min(bound, r.value);
  return r;
}
