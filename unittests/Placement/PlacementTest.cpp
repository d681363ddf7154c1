//===- PlacementTest.cpp - Exact placement solvers vs brute force ---------===//
//
// Random small instances of the placement problem (chains, fork-joins,
// random DAGs, training graphs with colour classes and orphan backward
// nodes, binding memory limits, unsupported nodes, mixed accelerator speeds)
// on which every exact solver must equal exhaustive enumeration, and
// deliberately broken solvers that the same comparison must catch.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Placement/Baselines.h"
#include "Tofu/Placement/BruteForce.h"
#include "Tofu/Placement/IdealDP.h"
#include "Tofu/Placement/Json.h"
#include "Tofu/Placement/Milp.h"
#include "Tofu/Placement/Solve.h"

#include "gtest/gtest.h"

#include <array>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <random>

using namespace tofu::placement;

namespace {

bool same(double a, double b) {
  if (!std::isfinite(a) || !std::isfinite(b))
    return a == b;
  return std::abs(a - b) <= 1e-7 * std::max({1.0, std::abs(a), std::abs(b)});
}

struct Generator {
  std::mt19937 rng;
  explicit Generator(unsigned seed) : rng(seed) {}

  double uniform(double lo, double hi) {
    return std::uniform_real_distribution<double>(lo, hi)(rng);
  }
  int integer(int lo, int hi) {
    return std::uniform_int_distribution<int>(lo, hi)(rng);
  }
  bool chance(double p) { return uniform(0, 1) < p; }

  /// Rounded to a quarter so sums are exact and ties are real ties.
  double time(double hi) { return std::round(uniform(0, hi) * 4) / 4; }

  unsigned addNode(Problem &p, bool backward, std::optional<int64_t> color,
                   bool zeroAllowed = true) {
    Node n;
    n.id = p.nodes.size() * 3 + 1; // ids need not be dense
    n.name = "n" + std::to_string(p.nodes.size());
    bool zero = zeroAllowed && chance(0.1);
    n.acceleratorTime = zero ? 0 : 0.25 + time(6);
    n.cpuTime = zero ? 0 : n.acceleratorTime * uniform(1.5, 6);
    n.cpuTime = std::round(n.cpuTime * 4) / 4;
    n.size = zero ? 0 : std::round(uniform(0, 10));
    n.backward = backward;
    n.colorClass = color;
    n.acceleratorSupported = !chance(0.08);
    p.nodes.push_back(n);
    return p.nodes.size() - 1;
  }

  void addEdge(Problem &p, unsigned u, unsigned v, std::vector<double> &cost) {
    p.edges.push_back({u, v, cost[u]});
  }

  /// Forward graph shapes: 0 chain, 1 fork-join, 2 random DAG.
  std::vector<std::pair<unsigned, unsigned>> forwardShape(unsigned shape,
                                                          unsigned n) {
    std::vector<std::pair<unsigned, unsigned>> e;
    if (shape == 0) {
      for (unsigned i = 0; i + 1 < n; ++i)
        e.emplace_back(i, i + 1);
    } else if (shape == 1) {
      // 0 -> branches -> n-1, branch lengths random.
      unsigned next = 1;
      while (next < n - 1) {
        unsigned len = std::min<unsigned>(integer(1, 3), n - 1 - next);
        e.emplace_back(0, next);
        for (unsigned j = 0; j + 1 < len; ++j)
          e.emplace_back(next + j, next + j + 1);
        e.emplace_back(next + len - 1, n - 1);
        next += len;
      }
      if (n == 2)
        e.emplace_back(0, 1);
    } else {
      for (unsigned j = 1; j < n; ++j) {
        e.emplace_back(integer(0, j - 1), j);
        for (unsigned i = 0; i < j; ++i)
          if (chance(0.25))
            e.emplace_back(i, j);
      }
    }
    std::sort(e.begin(), e.end());
    e.erase(std::unique(e.begin(), e.end()), e.end());
    return e;
  }

  Problem make(unsigned index) {
    Problem p;
    unsigned kind = index % 4; // 0 chain, 1 fork-join, 2 DAG, 3 training
    bool training = kind == 3;
    unsigned forward = training ? integer(2, 4) : integer(3, 7);
    unsigned shape = training ? integer(0, 2) : kind;
    auto fedges = forwardShape(shape, forward);
    std::vector<unsigned> fwd, bwd;
    for (unsigned i = 0; i < forward; ++i) {
      std::optional<int64_t> color;
      if (training || chance(0.2))
        color = training ? int64_t(i) : int64_t(100 + integer(0, 2));
      // Training graphs: occasionally two forward nodes share a class.
      if (training && i > 0 && chance(0.15))
        color = int64_t(i - 1);
      fwd.push_back(addNode(p, false, color));
    }
    if (training) {
      for (unsigned i = 0; i < forward; ++i)
        bwd.push_back(addNode(p, true, p.nodes[fwd[i]].colorClass));
      // An orphan backward node (e.g. a loss gradient or an optimizer step).
      if (chance(0.6))
        bwd.push_back(addNode(p, true, int64_t(1000 + index)));
    }
    std::vector<double> cost(p.nodes.size());
    for (double &c : cost)
      c = chance(0.15) ? 0 : time(4);
    for (auto [u, v] : fedges)
      addEdge(p, fwd[u], fwd[v], cost);
    if (training) {
      // The last forward node feeds the backward pass; every forward edge is
      // mirrored backwards; each forward node's activation reaches its own
      // backward node.
      addEdge(p, fwd.back(), bwd[forward - 1], cost);
      for (auto [u, v] : fedges)
        addEdge(p, bwd[v], bwd[u], cost);
      for (unsigned i = 0; i + 1 < forward; ++i)
        if (chance(0.5))
          addEdge(p, fwd[i], bwd[i], cost);
      if (bwd.size() > forward) {
        // The orphan hangs off a backward node, sometimes in the middle.
        unsigned from = bwd[integer(std::min(1u, forward - 1), forward - 1)];
        addEdge(p, from, bwd.back(), cost);
        if (chance(0.5))
          addEdge(p, bwd.back(), bwd[0], cost);
      }
      // Remove duplicate (u, v) pairs from the combination.
      std::sort(
          p.edges.begin(), p.edges.end(), [](const Edge &a, const Edge &b) {
            return std::pair(a.source, a.dest) < std::pair(b.source, b.dest);
          });
      p.edges.erase(std::unique(p.edges.begin(), p.edges.end(),
                                [](const Edge &a, const Edge &b) {
                                  return a.source == b.source &&
                                         a.dest == b.dest;
                                }),
                    p.edges.end());
    }
    p.accelerators = integer(1, 3);
    p.cpus = chance(0.7) ? 1 : 0;
    if (p.cpus == 0)
      for (Node &n : p.nodes)
        n.acceleratorSupported = true;
    if (chance(0.15) && p.accelerators > 1) {
      p.acceleratorSpeeds.assign(p.accelerators, 1.0);
      p.acceleratorSpeeds[0] = 2.0;
    }
    // Memory: unlimited, loose or binding.
    double total = 0;
    for (const Node &n : p.nodes)
      total += n.size;
    unsigned mode = integer(0, 2);
    if (mode == 0)
      p.acceleratorMemory = kInfinity;
    else if (mode == 1)
      p.acceleratorMemory = std::ceil(total / p.accelerators * 1.3);
    else
      p.acceleratorMemory = std::ceil(total / p.accelerators * 0.8);
    return p;
  }
};

/// One exact solver under test: its value on a problem (kInfinity when it
/// reports infeasibility).
using Solver = std::function<double(const Problem &)>;

double dpValue(const Problem &p) {
  SolveOptions o;
  o.strategy = "dp";
  llvm::Expected<Solution> s = solve(p, o);
  if (!s) {
    std::string msg = llvm::toString(s.takeError());
    if (msg.find("fits") == std::string::npos)
      ADD_FAILURE() << "unexpected error: " << msg;
    return kInfinity;
  }
  Evaluation ev = evaluate(p, s->placement);
  EXPECT_TRUE(ev.feasible());
  EXPECT_TRUE(ev.contiguous);
  EXPECT_TRUE(same(ev.maxLoad, s->objective));
  EXPECT_TRUE(s->provenOptimal);
  return s->objective;
}

double milpValue(const Problem &p, bool contiguous) {
  UnitOptions uo;
  uo.contiguous = contiguous;
  UnitGraph units = buildUnits(p, uo);
  MilpOptions mo;
  mo.relativeGap = 1e-9;
  MilpResult r = solveThroughputMilp(p, units, contiguous, mo);
  if (!r.solved) {
    EXPECT_TRUE(r.infeasible);
    return kInfinity;
  }
  EXPECT_TRUE(r.provenOptimal);
  Evaluation ev = evaluate(p, r.placement);
  EXPECT_TRUE(ev.feasible());
  if (contiguous)
    EXPECT_TRUE(ev.contiguous);
  // The MILP's objective and the placement's evaluation must agree.
  EXPECT_TRUE(same(ev.maxLoad, r.objective) || ev.maxLoad < r.objective);
  return ev.maxLoad;
}

/// How many random instances a sweep whose MILP solves dominate the suite's
/// time checks: `inSuite` in the test command, `full` when TOFU_FULL_SWEEPS
/// is set (bench/sweeps/run.py). The suite's instances are the first ones of
/// the full sweep (same generator and seed), so a failure in the suite
/// reproduces in the full run.
unsigned sweepSize(unsigned inSuite, unsigned full) {
  const char *env = std::getenv("TOFU_FULL_SWEEPS");
  llvm::StringRef fullSweeps = env ? env : "";
  return fullSweeps.empty() || fullSweeps == "0" ? inSuite : full;
}

/// Runs `solver` against brute force on `count` instances; returns how many
/// disagree.
unsigned mismatches(const Solver &solver, bool contiguous, unsigned count,
                    unsigned seed, bool quiet = false) {
  Generator gen(seed);
  unsigned bad = 0;
  for (unsigned i = 0; i < count; ++i) {
    Problem p = gen.make(i);
    if (llvm::Error e = validate(p))
      ADD_FAILURE() << "generated an invalid instance: "
                    << llvm::toString(std::move(e));
    BruteForceResult bf = bruteForceThroughput(p, contiguous);
    double got = solver(p);
    if (!same(got, bf.objective)) {
      ++bad;
      if (!quiet)
        ADD_FAILURE() << "instance " << i << ": solver " << got
                      << ", brute force " << bf.objective << "\n"
                      << problemToJson(p);
    }
  }
  return bad;
}

TEST(PlacementBruteForce, ContiguousDpEqualsEnumeration) {
  EXPECT_EQ(mismatches(dpValue, true, 240, 1), 0u);
}

/// The generator's instances with one node's output made huge (1e16, 1e100,
/// 1e300) beside times in quarters: the DP's sums were doubles, lost the
/// quarters beside the huge cost and either could not trace its optimum back
/// or returned a worse placement as optimal. Solved through solve() (bounded
/// by a cheap placement) and directly without a bound, whose first scale
/// spans the huge cost.
TEST(PlacementBruteForce, ContiguousDpIsExactBesideHugeCosts) {
  Generator gen(7);
  unsigned bad = 0;
  for (unsigned i = 0; i < 150; ++i) {
    Problem p = gen.make(i);
    if (p.edges.empty())
      continue;
    double huge = std::array{1e16, 1e100, 1e300}[i % 3];
    unsigned source = p.edges[gen.integer(0, p.edges.size() - 1)].source;
    for (Edge &e : p.edges)
      if (e.source == source)
        e.cost = huge;
    BruteForceResult bf = bruteForceThroughput(p, /*contiguous=*/true);
    double viaSolve = dpValue(p);
    UnitGraph units = buildUnits(p, {});
    DpResult unbounded = solveContiguousThroughput(p, units);
    EXPECT_TRUE(unbounded.completed) << unbounded.reason;
    double direct = kInfinity;
    if (unbounded.feasible) {
      direct = evaluate(p, expand(units, unbounded.deviceOfUnit)).maxLoad;
      EXPECT_TRUE(same(direct, unbounded.objective));
    }
    if (!same(viaSolve, bf.objective) || !same(direct, bf.objective)) {
      ++bad;
      ADD_FAILURE() << "instance " << i << ": solve " << viaSolve
                    << ", unbounded DP " << direct << ", brute force "
                    << bf.objective << "\n"
                    << problemToJson(p);
    }
  }
  EXPECT_EQ(bad, 0u);
}

/// The zero-time merges (Units.cpp): instances where a third of the nodes
/// take no time but keep their size and output cost, under unlimited, loose
/// (everything fits on one accelerator: sizes ignored) and binding memory.
/// The DP on the contracted units must equal brute force over the
/// uncontracted classes, contiguous and not, and merges must happen.
TEST(PlacementBruteForce, ZeroTimeMergesKeepTheOptimum) {
  Generator gen(21);
  unsigned merged = 0;
  for (unsigned i = 0; i < 240; ++i) {
    Problem p = gen.make(i);
    for (Node &n : p.nodes)
      if (gen.chance(0.35))
        n.acceleratorTime = n.cpuTime = 0;
    double total = 0;
    for (const Node &n : p.nodes)
      total += n.size;
    if (i % 3 == 1)
      p.acceleratorMemory = total + 1;
    merged += buildUnits(p, {}).mergedZeroUnits;
    BruteForceResult bf = bruteForceThroughput(p, /*contiguous=*/true);
    double got = dpValue(p);
    EXPECT_TRUE(same(got, bf.objective))
        << "instance " << i << ": DP " << got << ", brute force "
        << bf.objective << "\n"
        << problemToJson(p);
  }
  EXPECT_GT(merged, 100u);
}

TEST(PlacementBruteForce, ContiguousMilpEqualsEnumeration) {
  EXPECT_EQ(mismatches([](const Problem &p) { return milpValue(p, true); },
                       true, sweepSize(40, 120), 2),
            0u);
}

TEST(PlacementBruteForce, NonContiguousMilpEqualsEnumeration) {
  EXPECT_EQ(mismatches([](const Problem &p) { return milpValue(p, false); },
                       false, sweepSize(60, 200), 3),
            0u);
}

TEST(PlacementBruteForce, NonContiguousSolveEqualsEnumeration) {
  // The whole route (DP start, MILP) as tofu-place runs it.
  auto solver = [](const Problem &p) {
    SolveOptions o;
    o.contiguous = false;
    llvm::Expected<Solution> s = solve(p, o);
    if (!s) {
      llvm::consumeError(s.takeError());
      return kInfinity;
    }
    EXPECT_TRUE(s->provenOptimal);
    return s->objective;
  };
  EXPECT_EQ(mismatches(solver, false, 60, 4), 0u);
}

TEST(PlacementBruteForce, LatencyMilpEqualsEnumeration) {
  Generator gen(5);
  unsigned checked = 0, count = sweepSize(80, 200);
  for (unsigned i = 0; i < count; ++i) {
    Problem p = gen.make(i);
    // The paper's latency model is for inference graphs with positive times.
    bool ok = true;
    for (const Node &n : p.nodes)
      ok = ok && !n.backward && n.acceleratorTime > 0;
    if (!ok)
      continue;
    ++checked;
    BruteForceResult bf = bruteForceLatency(p);
    UnitOptions uo;
    uo.contiguous = false;
    uo.mergeZeroUnits = false;
    MilpOptions mo;
    mo.relativeGap = 1e-9;
    MilpResult r = solveLatencyMilp(p, buildUnits(p, uo), mo);
    if (!bf.feasible) {
      EXPECT_FALSE(r.solved) << "instance " << i;
      continue;
    }
    ASSERT_TRUE(r.solved) << "instance " << i;
    EXPECT_TRUE(r.provenOptimal);
    double got = latency(p, r.placement);
    EXPECT_TRUE(same(got, bf.objective))
        << "instance " << i << ": MILP " << got << " (objective " << r.objective
        << "), brute force " << bf.objective << "\n"
        << problemToJson(p);
  }
  // About 4 in 10 instances are inference graphs with positive times.
  EXPECT_GE(checked, count * 3 / 10);
}

TEST(PlacementBruteForce, SmallestMemoryEqualsEnumeration) {
  Generator gen(6);
  for (unsigned i = 0; i < 200; ++i) {
    Problem p = gen.make(i);
    for (Node &n : p.nodes)
      n.acceleratorSupported = true;
    p.cpus = 0;
    for (bool contiguous : {true, false}) {
      BruteForceResult bf = bruteForceMemory(p, contiguous);
      UnitOptions uo;
      uo.contiguous = contiguous;
      uo.memoryObjective = true;
      UnitGraph units = buildUnits(p, uo);
      double got;
      if (contiguous) {
        std::optional<double> m = smallestContiguousMemory(p, units);
        ASSERT_TRUE(m.has_value());
        got = *m;
      } else {
        if (i % 4)
          continue; // the MILP is the slow part; a quarter suffices
        MilpResult r = smallestMemoryMilp(p, units, false, {});
        ASSERT_TRUE(r.provenOptimal);
        got = r.objective;
      }
      EXPECT_TRUE(same(got, bf.objective))
          << "instance " << i << (contiguous ? " contiguous" : "") << ": "
          << got << " vs " << bf.objective;
    }
  }
}

TEST(PlacementBruteForce, MemoryErrorNamesTheSmallestMemory) {
  // Two nodes of 6 bytes on two accelerators of 5 bytes: needs 6.
  Problem p;
  for (int i = 0; i < 3; ++i) {
    Node n;
    n.id = i;
    n.acceleratorTime = 1;
    n.cpuTime = 2;
    n.size = i == 2 ? 4 : 5;
    p.nodes.push_back(n);
  }
  p.edges = {{0, 1, 1}, {1, 2, 1}};
  p.accelerators = 2;
  p.cpus = 0;
  p.acceleratorMemory = 7;
  llvm::Expected<Solution> s = solve(p, {});
  ASSERT_FALSE(bool(s));
  std::string msg = llvm::toString(s.takeError());
  EXPECT_NE(msg.find("smallest memory per accelerator that fits is 9"),
            std::string::npos)
      << msg;
}

TEST(PlacementBruteForce, BaselinesNeverBeatTheOptimum) {
  Generator gen(7);
  for (unsigned i = 0; i < 200; ++i) {
    Problem p = gen.make(i);
    BruteForceResult contiguous = bruteForceThroughput(p, true);
    BruteForceResult any = bruteForceThroughput(p, false);
    ASSERT_LE(any.objective, contiguous.objective + 1e-9);
    UnitGraph units = buildUnits(p, {});
    std::vector<std::pair<const char *, Placement>> baselines{
        {"single", singleAccelerator(p)},
        {"equal-compute", equalCompute(p, units)},
        {"round-robin", roundRobinLayers(p)}};
    if (llvm::Expected<Placement> pd = pipeDream(p))
      baselines.emplace_back("pipedream", *pd);
    else
      llvm::consumeError(pd.takeError());
    for (auto &[name, placement] : baselines) {
      Evaluation ev = evaluate(p, placement);
      if (!ev.feasible())
        continue;
      EXPECT_GE(ev.maxLoad, any.objective - 1e-9) << name << " " << i;
      if (ev.contiguous)
        EXPECT_GE(ev.maxLoad, contiguous.objective - 1e-9) << name << " " << i;
    }
  }
}

// The comparison above must be able to fail: solvers with planted bugs.
TEST(PlacementBruteForce, BrokenSolversAreCaught) {
  // Forgets communication: the DP run on the graph with free edges.
  auto noComm = [](const Problem &p) {
    Problem q = p;
    for (Edge &e : q.edges)
      e.cost = 0;
    return dpValue(q);
  };
  EXPECT_GT(mismatches(noComm, true, 60, 8, /*quiet=*/true), 0u);
  // Ignores contiguity: reports the unrestricted optimum as the pipeline's.
  auto noContiguity = [](const Problem &p) {
    return bruteForceThroughput(p, false).objective;
  };
  EXPECT_GT(mismatches(noContiguity, true, 120, 9, /*quiet=*/true), 0u);
  // Gets orphan backward nodes wrong: drops them.
  auto dropOrphans = [](const Problem &p) {
    Problem q = p;
    ColorClasses classes = colorClasses(q);
    for (unsigned v = 0; v < q.nodes.size(); ++v)
      if (classes.orphan[classes.classOf[v]]) {
        q.nodes[v].acceleratorTime = q.nodes[v].cpuTime = 0;
        q.nodes[v].size = 0;
      }
    return dpValue(q);
  };
  EXPECT_GT(mismatches(dropOrphans, true, 120, 10, /*quiet=*/true), 0u);
}

TEST(PlacementJson, RoundTripAndErrors) {
  Generator gen(11);
  Problem p = gen.make(3);
  llvm::Expected<Problem> q = parseProblem(problemToJson(p), "x.json");
  ASSERT_TRUE(bool(q)) << llvm::toString(q.takeError());
  EXPECT_EQ(q->nodes.size(), p.nodes.size());
  EXPECT_EQ(q->edges.size(), p.edges.size());
  EXPECT_TRUE(same(bruteForceThroughput(*q, true).objective,
                   bruteForceThroughput(p, true).objective));
  llvm::Expected<Problem> bad = parseProblem("{\"maxFPGAs\": 2}", "y.json");
  ASSERT_FALSE(bool(bad));
  EXPECT_NE(llvm::toString(bad.takeError()).find("maxSizePerFPGA"),
            std::string::npos);
}

} // namespace
