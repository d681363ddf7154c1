//===- PlannerTest.cpp - The planner's time model and joint search --------===//
//
// The collective and roofline formulas against hand-computed values, and
// the joint search (pruning + stage program) against brute-force
// enumeration of every stage boundary on random problems.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Planner/CostModel.h"
#include "Tofu/Planner/JointSearch.h"

#include "gtest/gtest.h"

#include <random>

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::planner;

namespace {

/// Two link levels: 8 devices per node at 400 B/s and 1 s latency, nodes
/// at 50 B/s and 2 s latency (round numbers to check by hand).
Machine twoLevelMachine() {
  Machine m;
  m.name = "test";
  m.deviceFlops = 100;
  m.deviceMemoryBytes = 1000;
  m.memoryBandwidth = 10;
  m.computeEfficiency = 0.5;
  m.flopsByType = {{"bf16", 200}};
  m.links = {Link{"inner", 8, 400, 1}, Link{"outer", 0, 50, 2}};
  return m;
}

TEST(CostModel, AllReduceInsideANode) {
  Machine m = twoLevelMachine();
  SmallVector<double> perLevel;
  double t =
      collectiveSeconds(m, Collective::AllReduce, 800, {8, 1}, &perLevel);
  // Ring: 2 (m-1)/m * bytes / bandwidth + 2 (m-1) latency.
  EXPECT_DOUBLE_EQ(t, 2.0 * 7 / 8 * 800 / 400 + 2 * 7 * 1);
  ASSERT_EQ(perLevel.size(), 2u);
  EXPECT_DOUBLE_EQ(perLevel[0], t);
  EXPECT_DOUBLE_EQ(perLevel[1], 0);
}

TEST(CostModel, AllReduceAcrossNodesIsHierarchical) {
  Machine m = twoLevelMachine();
  SmallVector<double> perLevel;
  double t =
      collectiveSeconds(m, Collective::AllReduce, 1600, {16, 1}, &perLevel);
  // Inside each node a ring over 8, then 2 nodes on 1/8 of the data.
  double inner = 2.0 * 7 / 8 * 1600 / 400 + 2 * 7 * 1;
  double outer = 2.0 * 1 / 2 * (1600.0 / 8) / 50 + 2 * 1 * 2;
  double flat = 2.0 * 15 / 16 * 1600 / 50 + 2 * 15 * 2;
  EXPECT_DOUBLE_EQ(t, std::min(inner + outer, flat));
  EXPECT_DOUBLE_EQ(perLevel[0], inner);
  EXPECT_DOUBLE_EQ(perLevel[1], outer);
}

TEST(CostModel, StridedGroupsCrossNodes) {
  Machine m = twoLevelMachine();
  // Data-parallel replicas of a tensor degree 8: one member per node.
  double t = collectiveSeconds(m, Collective::AllReduce, 400, {4, 8});
  EXPECT_DOUBLE_EQ(t, 2.0 * 3 / 4 * 400 / 50 + 2 * 3 * 2);
  EXPECT_EQ(linkLevelOf(m, {4, 8}), 1u);
  EXPECT_EQ(linkLevelOf(m, {4, 2}), 0u);
  // Half of an all-reduce.
  EXPECT_DOUBLE_EQ(collectiveSeconds(m, Collective::AllGather, 400, {4, 8}),
                   t / 2);
  // Pipeline neighbours 4 apart share a node, 8 apart do not.
  EXPECT_DOUBLE_EQ(collectiveSeconds(m, Collective::SendRecv, 400, {2, 4}),
                   400.0 / 400 + 1);
  EXPECT_DOUBLE_EQ(collectiveSeconds(m, Collective::SendRecv, 400, {2, 8}),
                   400.0 / 50 + 2);
  EXPECT_DOUBLE_EQ(collectiveSeconds(m, Collective::AllReduce, 400, {1, 1}), 0);
}

TEST(CostModel, Roofline) {
  Machine m = twoLevelMachine();
  // Arithmetic-bound: 1000 FLOPs at 100 * 0.5.
  EXPECT_DOUBLE_EQ(m.rooflineSeconds(1000, 10, "f32"), 20);
  // bf16 peak.
  EXPECT_DOUBLE_EQ(m.rooflineSeconds(1000, 10, "bf16"), 10);
  // Memory-bound: 500 bytes at 10 B/s.
  EXPECT_DOUBLE_EQ(m.rooflineSeconds(10, 500, "f32"), 50);
}

/// A random problem: costs are deterministic functions of (kind, degree,
/// option, batch) drawn once per key.
struct RandomProblem {
  JointProblem problem;
  Machine machine = twoLevelMachine();
  std::map<std::tuple<unsigned, unsigned, unsigned, int64_t>, SegmentCost>
      table;
  std::map<unsigned, unsigned> optionCount;

  /// `dividing`: costs obey JointProblem::computeDividesByDegree (each
  /// option's compute at least the one-device compute over the degree), so
  /// the search may prune whole groups.
  explicit RandomProblem(unsigned seed, bool dividing = false) {
    std::mt19937 rng(seed);
    auto pick = [&](std::initializer_list<int> xs) {
      std::vector<int> v(xs);
      return v[rng() % v.size()];
    };
    auto uniform = [&](double lo, double hi) {
      return std::uniform_real_distribution<double>(lo, hi)(rng);
    };
    problem.machine = &machine;
    problem.devices = pick({1, 2, 4, 6, 8, 12, 16});
    problem.globalBatch = pick({1, 2, 4, 6, 8, 12});
    unsigned n = 1 + rng() % 6;
    problem.numKinds = 1 + rng() % 3;
    for (unsigned i = 0; i < n; ++i)
      problem.segmentKind.push_back(rng() % problem.numKinds);
    problem.maxTensorDegree = pick({1, 2, 4, 8});
    problem.maxMicrobatches = pick({1, 4, 12});
    problem.optimizer = *optimizerModel(rng() % 2 ? "sgd" : "adam-mixed");
    problem.gpipe = rng() % 4 == 0;
    for (unsigned d = 1; d <= 16; ++d)
      optionCount[d] = 1 + rng() % 3;
    // Costs: per-sample parts scale with the batch, per-parameter parts
    // with 1 / degree (with random imbalance between options).
    for (unsigned k = 0; k < 3; ++k)
      for (unsigned d = 1; d <= 16; ++d)
        for (unsigned o = 0; o < 3; ++o)
          for (int64_t b = 1; b <= 12; ++b) {
            SegmentCost c;
            double perSample = uniform(0.5, 2) * b / d;
            c.forwardSeconds = perSample * uniform(0.8, 1.2);
            c.backwardSeconds = 2 * c.forwardSeconds;
            c.tensorCommSeconds = {d > 1 ? uniform(0, 0.5) * b : 0,
                                   d > 8 ? uniform(0, 1) * b : 0};
            c.parameterElements = uniform(5, 20) / d;
            c.savedActivationBytes = uniform(5, 30) * b / d;
            c.boundaryBytes = uniform(1, 4) * b / d;
            c.workingBytes = uniform(0, 3);
            table[{k, d, o, b}] = c;
          }
    if (dividing) {
      problem.computeDividesByDegree = true;
      for (auto &[key, c] : table) {
        auto [k, d, o, b] = key;
        const SegmentCost &one = table.at({k, 1, 0, b});
        c.forwardSeconds = std::max(c.forwardSeconds, one.forwardSeconds / d);
        c.backwardSeconds =
            std::max(c.backwardSeconds, one.backwardSeconds / d);
      }
    }
    problem.optionsFor = [this](unsigned degree) {
      SmallVector<TensorOption> options;
      for (unsigned o = 0; o < optionCount[degree]; ++o)
        options.push_back({"option " + std::to_string(o), degree});
      return options;
    };
    problem.cost = [this](unsigned kind, unsigned degree, unsigned option,
                          int64_t batch) -> std::optional<SegmentCost> {
      // Some microbatch sizes cannot be run by some options.
      if ((kind + degree + option + batch) % 7 == 0)
        return std::nullopt;
      return table.at({kind, degree, option, batch});
    };
    // A limit that binds in most problems (or none at all).
    problem.memoryLimit = pick({0, 1}) ? uniform(20, 400) : 0;
  }
};

TEST(JointSearch, EqualsBruteForceOnRandomProblems) {
  unsigned found = 0, infeasible = 0, binding = 0;
  for (unsigned seed = 1; seed <= 600; ++seed) {
    // Odd seeds: costs that let the search prune whole groups by the
    // one-device bound.
    RandomProblem rp((seed + 1) / 2, seed % 2 == 1);
    JointPlan fast = searchJointPlan(rp.problem);
    JointPlan brute = bruteForcePlan(rp.problem);
    ASSERT_EQ(fast.found, brute.found) << "seed " << seed;
    if (!fast.found) {
      ++infeasible;
      continue;
    }
    ++found;
    EXPECT_NEAR(fast.stepSeconds, brute.stepSeconds, 1e-9 * brute.stepSeconds)
        << "seed " << seed;
    EXPECT_LE(fast.peakBytes, rp.problem.memoryLimit > 0
                                  ? rp.problem.memoryLimit
                                  : fast.peakBytes)
        << "seed " << seed;
    // The plan's figures are what the evaluator says of it.
    JointPlan again = fast;
    EXPECT_TRUE(evaluatePlan(rp.problem, again)) << "seed " << seed;
    EXPECT_NEAR(again.stepSeconds, fast.stepSeconds, 1e-9 * fast.stepSeconds);
    // Without the limit the step is at least as fast.
    if (rp.problem.memoryLimit > 0) {
      JointProblem unlimited = rp.problem;
      unlimited.memoryLimit = 0;
      JointPlan free = searchJointPlan(unlimited);
      EXPECT_LE(free.stepSeconds, fast.stepSeconds * (1 + 1e-12));
      binding += free.stepSeconds < fast.stepSeconds * (1 - 1e-9);
    }
  }
  // The random problems exercise both outcomes and binding limits.
  EXPECT_GE(found, 400u);
  EXPECT_GT(infeasible, 0u);
  EXPECT_GT(binding, 30u);
}

/// One device, two layers whose saved activations do not fit: the search
/// recomputes (keeping each layer's input and one layer's activations), and
/// says what dominates when even that does not fit.
TEST(JointSearch, MemoryLimitChoosesRecomputation) {
  Machine m = twoLevelMachine();
  JointProblem p;
  p.machine = &m;
  p.devices = 1;
  p.globalBatch = 1;
  p.numKinds = 1;
  p.segmentKind = {0, 0};
  p.optionsFor = [](unsigned degree) {
    return SmallVector<TensorOption>{{"whole", degree}};
  };
  p.cost = [](unsigned, unsigned, unsigned, int64_t) {
    SegmentCost c;
    c.forwardSeconds = 1;
    c.backwardSeconds = 2;
    c.parameterElements = 1;
    c.savedActivationBytes = 100;
    c.boundaryBytes = 1;
    return std::optional<SegmentCost>(c);
  };
  p.memoryLimit = 0;
  JointPlan free = searchJointPlan(p);
  ASSERT_TRUE(free.found);
  EXPECT_FALSE(free.recompute);
  // Two layers of 1 + 2 s, and the SGD update's 16 bytes per parameter
  // at 10 B/s.
  EXPECT_DOUBLE_EQ(free.stepSeconds, 6 + 2 * 16.0 / 10);
  // Parameters, gradients, updated copy: 2 * 12; activations 2 * 100.
  EXPECT_DOUBLE_EQ(free.peakBytes, 24 + 200);
  p.memoryLimit = 150;
  JointPlan tight = searchJointPlan(p);
  ASSERT_TRUE(tight.found);
  EXPECT_TRUE(tight.recompute);
  EXPECT_DOUBLE_EQ(tight.stepSeconds, 8 + 2 * 16.0 / 10);
  EXPECT_DOUBLE_EQ(tight.peakBytes, 24 + 2 * 1 + 100);
  p.memoryLimit = 5;
  JointPlan none = searchJointPlan(p);
  EXPECT_FALSE(none.found);
  EXPECT_DOUBLE_EQ(none.smallestPeak, 126);
  EXPECT_EQ(none.smallestPeakDominant, "activations");
}

} // namespace
