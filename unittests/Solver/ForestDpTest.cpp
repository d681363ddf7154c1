//===- ForestDpTest.cpp - Forest windows and the tree DP against brute force =//
//
// On random small graphs (cycles included): every window the builder grows
// is an induced forest, the tree DP's window answer equals the brute-force
// minimum over the window's assignments with the other nodes fixed, and the
// spanning-forest bound never exceeds the brute-force minimum.
//
//===----------------------------------------------------------------------===//

#include "ForestDp.h"
#include "Model.h"
#include "Trws.h"

#include "gtest/gtest.h"

#include <numeric>
#include <random>

using namespace tofu::solver;

namespace {

Problem randomGraph(std::mt19937_64 &rng) {
  auto pick = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  Problem p;
  unsigned n = pick(2, 8);
  p.nodes.resize(n);
  for (Node &node : p.nodes) {
    unsigned d = pick(1, 3);
    for (unsigned s = 0; s < d; ++s) {
      node.costs.push_back(pick(0, 50));
      node.usages.push_back(pick(0, 9));
    }
    node.lo = pick(0, 5);
    node.hi = pick(0, 7);
  }
  unsigned m = pick(0, 2 * n);
  for (unsigned e = 0; e < m; ++e) {
    Edge edge;
    edge.u = pick(0, n - 1);
    edge.v = pick(0, n - 1);
    if (edge.u == edge.v)
      continue;
    for (unsigned i = 0;
         i < p.nodes[edge.u].numChoices() * p.nodes[edge.v].numChoices(); ++i)
      edge.costs.push_back(pick(-10, 40));
    p.edges.push_back(std::move(edge));
  }
  p.usageLimit = 1000;
  return p;
}

double priced(const Model &m, const Pricing &price,
              const std::vector<unsigned> &x) {
  double c = 0;
  for (unsigned v = 0; v < m.n; ++v)
    c += price.at(m, v, x[v]);
  for (unsigned e = 0; e < m.pairs.size(); ++e)
    c += m.pairCost(e, x[m.pairs[e].u], x[m.pairs[e].v]);
  return c;
}

/// Least priced objective over the assignments of `free` nodes, the others
/// as in `x`.
double bruteMin(const Model &m, const Pricing &price, std::vector<unsigned> x,
                const std::vector<unsigned> &free) {
  for (unsigned v : free)
    x[v] = 0;
  double best = priced(m, price, x);
  while (true) {
    size_t i = 0;
    for (; i < free.size(); ++i) {
      if (++x[free[i]] < m.dom[free[i]])
        break;
      x[free[i]] = 0;
    }
    if (i == free.size())
      return best;
    best = std::min(best, priced(m, price, x));
  }
}

TEST(ForestDp, WindowsAreInducedForestsAndSolvedExactly) {
  std::mt19937_64 rng(7);
  unsigned cyclic = 0;
  for (int trial = 0; trial < 300; ++trial) {
    Problem p = randomGraph(rng);
    Model m = buildModel(p, /*reduce=*/false);
    cyclic += m.pairs.size() >= m.n;
    std::vector<double> weight(m.n);
    for (double &w : weight)
      w = std::uniform_real_distribution<double>(0, 3)(rng);
    Pricing price{&weight, trial % 2 ? 1.0 : 0.0};
    std::vector<unsigned> x(m.n);
    for (unsigned v = 0; v < m.n; ++v)
      x[v] = rng() % m.dom[v];
    ForestBuilder builder(m);
    ForestDp dp;
    for (int w = 0; w < 4; ++w) {
      Forest f = builder.grow(rng, 1 + rng() % m.n, -1, /*restart=*/w % 2);
      ASSERT_TRUE(isInducedForest(m, f)) << "trial " << trial;
      ASSERT_FALSE(f.nodes.empty());
      std::vector<unsigned> y = x;
      dp.solveWindow(m, f, price, x, y);
      for (unsigned v = 0; v < m.n; ++v)
        if (std::find(f.nodes.begin(), f.nodes.end(), v) == f.nodes.end())
          ASSERT_EQ(y[v], x[v]) << "a node outside the window moved";
      EXPECT_NEAR(priced(m, price, y), bruteMin(m, price, x, f.nodes), 1e-6)
          << "trial " << trial << " window " << w;
    }
    // A maximal window from every seed is a forest spanning each tree.
    std::vector<unsigned> all(m.n);
    std::iota(all.begin(), all.end(), 0);
    double optimum = bruteMin(m, price, x, all);
    EXPECT_LE(dp.lowerBound(m, price), optimum + 1e-6) << "trial " << trial;
  }
  EXPECT_GT(cyclic, 50u) << "the graphs should include cycles";
}

TEST(ForestDp, BoundIsExactOnTrees) {
  // A path 0-1-2 is its own spanning forest: the bound is the optimum.
  Problem p;
  p.nodes.resize(3);
  for (Node &n : p.nodes) {
    n.costs = {3, 1};
    n.usages = {0, 0};
  }
  p.edges.push_back({0, 1, {0, 5, 5, 0}});
  p.edges.push_back({1, 2, {0, 4, 4, 0}});
  p.usageLimit = 0;
  Model m = buildModel(p, false);
  ForestDp dp;
  // Less only the rounding allowance, which keeps it a bound.
  double bound = dp.lowerBound(m, Pricing{});
  EXPECT_LE(bound, 3.0);
  EXPECT_NEAR(bound, 3.0, 1e-9);
}

TEST(Trws, ReparametrisationKeepsEveryObjectiveAndBoundsTheMinimum) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 200; ++trial) {
    Problem p = randomGraph(rng);
    Model m = buildModel(p, /*reduce=*/false);
    std::vector<double> weight(m.n);
    for (double &w : weight)
      w = std::uniform_real_distribution<double>(0, 2)(rng);
    Pricing price{&weight, 1.0};
    Trws trws(m);
    std::vector<unsigned> x(m.n, 0);
    for (int i = 0; i < 1 + trial % 5; ++i)
      trws.iterate(price, x);
    for (unsigned v = 0; v < m.n; ++v)
      ASSERT_LT(x[v], m.dom[v]);
    Model rep = m;
    trws.reparametrise(price, rep);
    for (int k = 0; k < 5; ++k) {
      std::vector<unsigned> y(m.n);
      for (unsigned v = 0; v < m.n; ++v)
        y[v] = rng() % m.dom[v];
      EXPECT_NEAR(priced(rep, Pricing{}, y), priced(m, price, y), 1e-6)
          << "trial " << trial;
    }
    std::vector<unsigned> all(m.n);
    std::iota(all.begin(), all.end(), 0);
    ForestDp dp;
    EXPECT_LE(dp.lowerBound(rep, Pricing{}), bruteMin(m, price, x, all) + 1e-6)
        << "trial " << trial;
  }
}

} // namespace
