//===- Trws.cpp - Sequential tree-reweighted message passing -------------===//

#include "Trws.h"

#include <algorithm>
#include <cfenv>
#include <limits>

using namespace tofu::solver;

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
}

Trws::Trws(const Model &m) : m(m) {
  size_t total = 0;
  toVOffset.resize(m.pairs.size());
  toUOffset.resize(m.pairs.size());
  for (unsigned e = 0; e < m.pairs.size(); ++e) {
    toVOffset[e] = total;
    total += m.dom[m.pairs[e].v];
    toUOffset[e] = total;
    total += m.dom[m.pairs[e].u];
  }
  msg.assign(total, 0);
  // The node order is the index order (pairs have u < v): each node's
  // weight is one over the larger of its counts of earlier and later
  // neighbours, which keeps the chains' reweighting a valid combination.
  gamma.assign(m.n, 1);
  for (unsigned v = 0; v < m.n; ++v) {
    unsigned before = 0, after = 0;
    for (auto [e, first] : m.adj[v])
      ++(first ? after : before);
    gamma[v] = 1.0 / std::max(1u, std::max(before, after));
  }
}

void Trws::reset() { std::fill(msg.begin(), msg.end(), 0); }

/// Node v's costs plus every incoming message.
void Trws::nodeTotal(const Pricing &price, unsigned v,
                     std::vector<double> &h) const {
  h.resize(m.dom[v]);
  for (unsigned s = 0; s < m.dom[v]; ++s)
    h[s] = price.at(m, v, s);
  for (auto [e, first] : m.adj[v]) {
    const double *in = &msg[first ? toUOffset[e] : toVOffset[e]];
    for (unsigned s = 0; s < m.dom[v]; ++s)
      h[s] += in[s];
  }
}

void Trws::send(unsigned v, unsigned e, bool vFirst,
                const std::vector<double> &h) {
  const PairTable &p = m.pairs[e];
  unsigned w = vFirst ? p.v : p.u;
  unsigned dv = m.dom[v], dw = m.dom[w];
  double *out = &msg[vFirst ? toVOffset[e] : toUOffset[e]];
  const double *back = &msg[vFirst ? toUOffset[e] : toVOffset[e]];
  double g = gamma[v], least = kInf;
  for (unsigned t = 0; t < dw; ++t) {
    double best = kInf;
    for (unsigned s = 0; s < dv; ++s) {
      double c = g * h[s] - back[s] +
                 (vFirst ? p.cost[s * dw + t] : p.cost[t * dv + s]);
      best = std::min(best, c);
    }
    out[t] = best;
    least = std::min(least, best);
  }
  // Normalised: constants move out of the messages (they only shift the
  // objective), which keeps the values small.
  for (unsigned t = 0; t < dw; ++t)
    out[t] -= least;
}

void Trws::iterate(const Pricing &price, std::vector<unsigned> &x) {
  std::vector<double> h, d;
  for (unsigned v = 0; v < m.n; ++v) {
    nodeTotal(price, v, h);
    // Decode: earlier nodes at their new choices, later ones by messages.
    d.assign(m.dom[v], 0);
    for (unsigned s = 0; s < m.dom[v]; ++s)
      d[s] = price.at(m, v, s);
    for (auto [e, first] : m.adj[v]) {
      if (first) {
        const double *in = &msg[toUOffset[e]];
        for (unsigned s = 0; s < m.dom[v]; ++s)
          d[s] += in[s];
      } else {
        unsigned u = m.pairs[e].u;
        for (unsigned s = 0; s < m.dom[v]; ++s)
          d[s] += m.pairCost(e, x[u], s);
      }
    }
    x[v] = std::min_element(d.begin(), d.end()) - d.begin();
    for (auto [e, first] : m.adj[v])
      if (first)
        send(v, e, true, h);
  }
  for (unsigned v = m.n; v-- > 0;) {
    nodeTotal(price, v, h);
    for (auto [e, first] : m.adj[v])
      if (!first)
        send(v, e, false, h);
  }
}

/// Computed rounding towards -inf: each entry is at most the exact
/// reparametrised one, so the rounded problem's objective is at most the
/// original's for every assignment and its bounds stay bounds.
void Trws::reparametrise(const Pricing &price, Model &rep) const {
  int mode = std::fegetround();
  std::fesetround(FE_DOWNWARD);
  for (unsigned v = 0; v < m.n; ++v)
    nodeTotal(price, v, rep.unary[v]);
  for (unsigned e = 0; e < m.pairs.size(); ++e) {
    const PairTable &p = m.pairs[e];
    unsigned du = m.dom[p.u], dv = m.dom[p.v];
    const double *toV = &msg[toVOffset[e]], *toU = &msg[toUOffset[e]];
    for (unsigned a = 0; a < du; ++a)
      for (unsigned b = 0; b < dv; ++b)
        rep.pairs[e].cost[a * dv + b] = p.cost[a * dv + b] - toU[a] - toV[b];
  }
  std::fesetround(mode);
}
