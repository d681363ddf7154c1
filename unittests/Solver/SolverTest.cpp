//===- SolverTest.cpp - The solver against brute force --------------------===//
//
// Random small problems with binding memory limits: the solver's cost equals
// the brute-force optimum, its bound never exceeds it, and the evaluator
// rejects answers that break the limit.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Solver/Solver.h"

#include "gtest/gtest.h"

#include <random>

using namespace tofu::solver;

namespace {

/// `minChoices`: the fewest strategies a node has.
Problem randomProblem(std::mt19937_64 &rng, int minChoices = 1) {
  Problem p;
  auto pick = [&](int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  };
  unsigned n = pick(2, 7);
  p.nodes.resize(n);
  for (Node &node : p.nodes) {
    unsigned d = pick(minChoices, 3);
    for (unsigned s = 0; s < d; ++s) {
      node.costs.push_back(pick(0, 60));
      node.usages.push_back(pick(0, 20));
    }
    node.lo = pick(0, 8);
    node.hi = pick(0, 10); // lo >= hi: no memory
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
      edge.costs.push_back(pick(0, 40));
    p.edges.push_back(std::move(edge));
  }
  p.usageLimit = 1 << 30;
  return p;
}

struct Brute {
  Cost best = -1; // -1: infeasible
  std::vector<unsigned> arg;
  /// A cheaper assignment that breaks the limit, if any.
  std::vector<unsigned> cheaperInfeasible;
  int64_t leastPeak = INT64_MAX, mostPeak = 0;
};

Brute bruteForce(const Problem &p) {
  Brute b;
  std::vector<unsigned> x(p.nodes.size(), 0);
  Cost bestAny = -1;
  std::vector<unsigned> argAny;
  while (true) {
    Evaluation ev = llvm::cantFail(evaluate(p, x));
    b.leastPeak = std::min<int64_t>(b.leastPeak, ev.peakUsage);
    b.mostPeak = std::max<int64_t>(b.mostPeak, ev.peakUsage);
    if (ev.feasible && (b.best < 0 || ev.cost < b.best)) {
      b.best = ev.cost;
      b.arg = x;
    }
    if (!ev.feasible && (bestAny < 0 || ev.cost < bestAny)) {
      bestAny = ev.cost;
      argAny = x;
    }
    unsigned i = 0;
    for (; i < x.size(); ++i) {
      if (++x[i] < p.nodes[i].numChoices())
        break;
      x[i] = 0;
    }
    if (i == x.size())
      break;
  }
  if (bestAny >= 0 && (b.best < 0 || bestAny < b.best))
    b.cheaperInfeasible = argAny;
  return b;
}

TEST(Solver, MatchesBruteForceWithBindingMemory) {
  std::mt19937_64 rng(2025);
  int binding = 0, cases = 0;
  while (binding < 200) {
    Problem p = randomProblem(rng);
    Brute unlimited = bruteForce(p);
    if (unlimited.mostPeak == unlimited.leastPeak)
      continue; // memory cannot bind
    // A limit between the least and the most peak: some assignments break it.
    p.usageLimit = unlimited.leastPeak +
                   std::uniform_int_distribution<int64_t>(
                       0, (unlimited.mostPeak - unlimited.leastPeak) / 2)(rng);
    Brute b = bruteForce(p);
    ASSERT_GE(b.best, 0);
    ++cases;
    if (!b.cheaperInfeasible.empty())
      ++binding; // the unconstrained optimum is infeasible
    SolverOptions opts;
    opts.timeLimit = 20;
    opts.seed = cases;
    SolveResult r = solve(p, opts);
    ASSERT_TRUE(r.feasible) << "case " << cases;
    Evaluation ev = llvm::cantFail(evaluate(p, r.choice));
    EXPECT_TRUE(ev.feasible) << "case " << cases;
    EXPECT_EQ(toString(ev.cost), toString(b.best)) << "case " << cases;
    EXPECT_EQ(toString(r.cost), toString(b.best)) << "case " << cases;
    EXPECT_LE(r.lowerBound, static_cast<double>(b.best)) << "case " << cases;
    EXPECT_TRUE(r.optimal) << "case " << cases;
    // The cheaper assignment that breaks the limit is caught.
    if (!b.cheaperInfeasible.empty()) {
      Evaluation bad = llvm::cantFail(evaluate(p, b.cheaperInfeasible));
      EXPECT_FALSE(bad.feasible);
      EXPECT_GT(bad.peakUsage, p.usageLimit);
    }
  }
  EXPECT_EQ(binding, 200);
}

/// The route large instances take (the elimination DP's core non-empty, no
/// MILP: penalty rounds with TRW-S and the forest bound, then LNS), forced
/// on small instances whose optimum brute force knows: the bound never
/// exceeds the optimum, and an answer claimed optimal is the optimum.
TEST(Solver, LagrangianBoundHoldsAgainstKnownOptima) {
  std::mt19937_64 rng(2026);
  int cases = 0, claimedOptimal = 0, binding = 0;
  while (cases < 80) {
    Problem p = randomProblem(rng, /*minChoices=*/2);
    Brute unlimited = bruteForce(p);
    if (unlimited.mostPeak == unlimited.leastPeak || p.edges.empty())
      continue;
    p.usageLimit = unlimited.leastPeak +
                   std::uniform_int_distribution<int64_t>(
                       0, (unlimited.mostPeak - unlimited.leastPeak) / 2)(rng);
    Brute b = bruteForce(p);
    ASSERT_GE(b.best, 0);
    SolverOptions opts;
    opts.timeLimit = 0.1;
    opts.seed = cases + 1;
    opts.threads = 1;
    opts.milpMaxVariables = 0; // no MILP: its bound is exact on these sizes
    opts.maxTableEntries = 1;  // every node with a neighbour is in the core
    SolveResult r = solve(p, opts);
    if (r.boundBy != "lagrangian-trws")
      continue; // nothing in the core: the DP route, tested above
    ++cases;
    binding += !b.cheaperInfeasible.empty();
    double optimum = static_cast<double>(b.best);
    EXPECT_LE(r.lowerBound, optimum + 1e-9 * std::max(1.0, optimum))
        << "case " << cases;
    ASSERT_TRUE(r.feasible) << "case " << cases;
    EXPECT_GE(static_cast<double>(r.cost), optimum) << "case " << cases;
    if (r.optimal) {
      ++claimedOptimal;
      EXPECT_EQ(toString(r.cost), toString(b.best)) << "case " << cases;
    }
  }
  // The check is not vacuous: limits bind and optimality is claimed.
  EXPECT_GT(binding, 30);
  EXPECT_GT(claimedOptimal, 10);
}

TEST(Solver, DeliberatelyWrongAnswersAreCaught) {
  Problem p;
  p.nodes = {{{15}, {10}, 30, 70},
             {{55, 65}, {25, 25}, 40, 70},
             {{25, 45, 35}, {15, 20, 15}, 50, 120},
             {{85, 75}, {10, 10}, 110, 140},
             {{95}, {15}, 110, 150}};
  p.edges = {{0, 1, {30, 40}},
             {0, 2, {50, 10, 40}},
             {1, 3, {90, 10, 20, 80}},
             {2, 4, {60, 20, 30}},
             {3, 4, {70, 60}}};
  p.usageLimit = 50;
  Evaluation good = llvm::cantFail(evaluate(p, {0, 0, 2, 1, 0}));
  EXPECT_EQ(toString(good.cost), "445");
  EXPECT_TRUE(good.feasible);
  // Strategy 1 of node 2 uses 20 at t = 50..69: 10 + 25 + 20 > 50.
  Evaluation over = llvm::cantFail(evaluate(p, {0, 0, 1, 1, 0}));
  EXPECT_FALSE(over.feasible);
  EXPECT_EQ(toString(over.peakUsage), "55");
  EXPECT_EQ(over.peakTime, 50);
  // Wrong length and an index out of range are errors, not costs.
  llvm::Expected<Evaluation> shortAnswer = evaluate(p, {0, 0, 2});
  EXPECT_FALSE(static_cast<bool>(shortAnswer));
  llvm::consumeError(shortAnswer.takeError());
  llvm::Expected<Evaluation> outOfRange = evaluate(p, {0, 0, 3, 1, 0});
  EXPECT_FALSE(static_cast<bool>(outOfRange));
  llvm::consumeError(outOfRange.takeError());

  SolverOptions opts;
  opts.timeLimit = 10;
  SolveResult r = solve(p, opts);
  EXPECT_EQ(toString(r.cost), "445");
  EXPECT_TRUE(r.optimal);
  EXPECT_EQ(r.choice, (std::vector<unsigned>{0, 0, 2, 1, 0}));
}

TEST(Solver, InfeasibleIsProven) {
  Problem p;
  p.nodes = {{{1, 2}, {5, 7}, 0, 4}, {{3}, {6}, 2, 5}};
  p.usageLimit = 10; // 5 + 6 > 10 at t = 2, 3
  SolveResult r = solve(p, SolverOptions());
  EXPECT_FALSE(r.feasible);
  EXPECT_TRUE(r.choice.empty());
  EXPECT_TRUE(std::isinf(r.lowerBound) && r.lowerBound > 0);
}

TEST(Solver, CostsBeyond64Bits) {
  Problem p;
  int64_t big = 4000000000000000000LL;
  p.nodes = {
      {{big, big + 1}, {0, 0}, 0, 0}, {{big}, {0}, 0, 0}, {{big}, {0}, 0, 0}};
  p.edges = {{0, 1, {big, big}}};
  p.usageLimit = 0;
  Evaluation ev = llvm::cantFail(evaluate(p, {0, 0, 0}));
  EXPECT_EQ(toString(ev.cost), "16000000000000000000");
  EXPECT_TRUE(ev.forbidden);
}

TEST(Problem, ParseErrorsNameTheField) {
  auto err = [](llvm::StringRef json) {
    llvm::Expected<Problem> p = parseProblem(json);
    EXPECT_FALSE(static_cast<bool>(p));
    return p ? std::string() : llvm::toString(p.takeError());
  };
  std::string ok = R"({"problem": {"name": "t", "nodes": {"intervals": [[0, 2]],
      "costs": [[1, 2]], "usages": [[3, 4]]}, "edges": {"nodes": [],
      "costs": []}, "usage_limit": 5}})";
  EXPECT_TRUE(static_cast<bool>(parseProblem(ok)));
  EXPECT_NE(err("{").find("invalid JSON"), std::string::npos);
  EXPECT_NE(err(R"({"problem": {}})").find("missing field \"nodes\""),
            std::string::npos);
  std::string badUsage = ok;
  badUsage.replace(badUsage.find("[[3, 4]]"), 8, "[[3]]");
  EXPECT_NE(err(badUsage).find("node 0 has 2 costs but 1 usages"),
            std::string::npos);
}

/// writeProblem's text reads back as the same problem (field by field,
/// parallel edges, empty intervals and forbidden entries included), and a
/// problem without a limit reads back with INT64_MAX, which every
/// assignment's usage fits.
TEST(Problem, WrittenProblemsReadBackUnchanged) {
  std::mt19937_64 rng(11);
  for (int iter = 0; iter < 100; ++iter) {
    Problem p = randomProblem(rng);
    p.name = "random-" + std::to_string(iter);
    if (!p.edges.empty() && iter % 3 == 0)
      p.edges[0].costs[0] = kForbiddenCost;
    if (iter % 4 == 0)
      p.usageLimit = -1;
    std::string text;
    llvm::raw_string_ostream os(text);
    writeProblem(p, os);
    llvm::Expected<Problem> q = parseProblem(text);
    ASSERT_TRUE(static_cast<bool>(q)) << llvm::toString(q.takeError());
    EXPECT_EQ(q->name, p.name);
    ASSERT_EQ(q->nodes.size(), p.nodes.size());
    for (auto [a, b] : llvm::zip(p.nodes, q->nodes)) {
      EXPECT_EQ(a.costs, b.costs);
      EXPECT_EQ(a.usages, b.usages);
      EXPECT_EQ(a.lo, b.lo);
      EXPECT_EQ(a.hi, b.hi);
    }
    ASSERT_EQ(q->edges.size(), p.edges.size());
    for (auto [a, b] : llvm::zip(p.edges, q->edges)) {
      EXPECT_EQ(a.u, b.u);
      EXPECT_EQ(a.v, b.v);
      EXPECT_EQ(a.costs, b.costs);
    }
    EXPECT_EQ(q->usageLimit, p.usageLimit < 0 ? INT64_MAX : p.usageLimit);
  }
}

} // namespace
