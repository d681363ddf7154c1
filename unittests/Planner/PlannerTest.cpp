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

#include <limits>
#include <optional>
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

TEST(CostModel, MeasuredCurvesSetTheRooflineRates) {
  Machine m = twoLevelMachine();
  // Without curves: FLOPs at 100 * 0.5, bytes at 10.
  EXPECT_DOUBLE_EQ(m.rooflineSeconds(1000, 0, "f32"), 1000 / 50.0);
  EXPECT_DOUBLE_EQ(m.rooflineSeconds(0, 100, "f32"), 100 / 10.0);
  // Measured rates: 40 FLOP/s for ops of 10 FLOPs, 160 for 1000 and more;
  // 5 B/s below 100 bytes, 20 from 10000.
  m.flopsCurve = {{10, 40}, {1000, 160}};
  m.bandwidthCurve = {{100, 5}, {10000, 20}};
  // The ends hold outside the points (times efficiency 0.5).
  EXPECT_DOUBLE_EQ(m.rooflineSeconds(5, 0, "f32"), 5 / (40 * 0.5));
  EXPECT_DOUBLE_EQ(m.rooflineSeconds(1e6, 0, "f32"), 1e6 / (160 * 0.5));
  // Halfway in log(size): the mean rate.
  EXPECT_DOUBLE_EQ(m.rooflineSeconds(100, 0, "f32"), 100 / (100 * 0.5));
  EXPECT_DOUBLE_EQ(m.memorySeconds(1000), 1000 / 12.5);
  EXPECT_DOUBLE_EQ(m.memorySeconds(50), 50 / 5.0);
  // bf16 scales the curve by its peak over the f32 one (200 / 100).
  EXPECT_DOUBLE_EQ(m.rooflineSeconds(1e6, 0, "bf16"), 1e6 / (320 * 0.5));
  // The larger of the two.
  EXPECT_DOUBLE_EQ(m.rooflineSeconds(1e6, 1e6, "f32"),
                   std::max(1e6 / 80, 1e6 / 20));
  // A product's curve rate was measured with its own traffic: FLOPs alone.
  EXPECT_DOUBLE_EQ(m.rooflineSeconds(1e6, 1e6, "f32", /*product=*/true),
                   1e6 / 80);
  // Without a flops curve, a product is on the roofline as before.
  m.flopsCurve.clear();
  EXPECT_DOUBLE_EQ(m.rooflineSeconds(1000, 1e6, "f32", /*product=*/true),
                   1e6 / 20);
}

TEST(CostModel, MeasuredRatesPerCollective) {
  Machine m = twoLevelMachine();
  // Measured inside the node: all-gathers at 100 B/s and 3 s latency,
  // send/receive at 800 B/s and no latency; all-reduces keep the link's.
  m.links[0].byCollective = {{"all_gather", {3, 100}}, {"send_recv", {0, 800}}};
  EXPECT_DOUBLE_EQ(collectiveSeconds(m, Collective::AllGather, 800, {8, 1}),
                   7.0 / 8 * 800 / 100 + 7 * 3);
  EXPECT_DOUBLE_EQ(collectiveSeconds(m, Collective::AllReduce, 800, {8, 1}),
                   2.0 * 7 / 8 * 800 / 400 + 2 * 7 * 1);
  EXPECT_DOUBLE_EQ(collectiveSeconds(m, Collective::SendRecv, 800, {2, 1}),
                   1.0);
  std::string error;
  EXPECT_TRUE(failed(Machine::parse(
      R"({"device": {"flops": 1, "memory_bytes": 1}, "links": [{"group_size":
      0, "bandwidth_bytes_per_s": 1, "collectives": {"gather": {}}}]})",
      error)));
  EXPECT_EQ(error, "\"links[0].collectives.gather\": not a collective "
                   "(all_reduce, all_gather, reduce_scatter, send_recv)");
}

TEST(CostModel, MachineCurvesParseAndNameBadPoints) {
  std::string base = R"({"device": {"flops": 100, "memory_bytes": 1000,
    "flops_curve": CURVE},
    "links": [{"group_size": 0, "bandwidth_bytes_per_s": 1}]})";
  auto with = [&](StringRef curve) {
    std::string text = base;
    text.replace(text.find("CURVE"), 5, curve.str());
    return text;
  };
  std::string error;
  FailureOr<Machine> m = Machine::parse(with("[[10, 40], [1000, 160]]"), error);
  ASSERT_TRUE(succeeded(m)) << error;
  ASSERT_EQ(m->flopsCurve.size(), 2u);
  EXPECT_DOUBLE_EQ(m->flopsCurve[1].first, 1000);
  EXPECT_TRUE(failed(Machine::parse(with("[[10, 40], [10, 160]]"), error)));
  EXPECT_EQ(error, "\"device.flops_curve[1]\": sizes must increase");
  EXPECT_TRUE(failed(Machine::parse(with("[[10, -4]]"), error)));
  EXPECT_EQ(error, "\"device.flops_curve[0]\" must be a [size, rate] pair of "
                   "finite positive numbers");
  EXPECT_TRUE(failed(Machine::parse(with("[]"), error)));
  EXPECT_EQ(error, "\"device.flops_curve\" must be a non-empty array of "
                   "[size, rate] pairs");
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
  /// the search may prune whole groups. `forward`: a forward step (no
  /// backward, gradients or optimizer state; ZeRO 0 or 3, no
  /// recomputation, as --tofu-plan sets it up); otherwise a training step
  /// with every ZeRO stage --tofu-plan offers.
  explicit RandomProblem(unsigned seed, bool dividing = false,
                         bool forward = false) {
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
    problem.zeroStages = {0, 1, 2, 3};
    if (forward) {
      problem.optimizer = forwardOnlyModel(seed % 4 < 2 ? 4 : 2);
      problem.zeroStages = {0, 3};
      problem.recompute = {false};
    }
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
            c.backwardSeconds = forward ? 0 : 2 * c.forwardSeconds;
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

/// The planner's optimum computed without the library's search code: its
/// own loops over every configuration and stage-boundary placement, and the
/// step-time and memory formulas of docs/cost-model.md ("The step",
/// "Memory per device") and docs/planner.md ("Forward steps") written out
/// again here. Only the collectives' alpha-beta times come from the library
/// (collectiveSeconds, checked by the CostModel tests above).
class IndependentPlanner {
public:
  /// One configuration with its stage boundaries: the first segment of
  /// each stage.
  struct Choice {
    unsigned data = 1, pipeline = 1, tensor = 1;
    SmallVector<unsigned> optionOfKind;
    unsigned microbatches = 1;
    int64_t microbatchSize = 1;
    bool recompute = false;
    unsigned zero = 0;
    SmallVector<unsigned> stageStarts;
  };
  struct Figures {
    double stepSeconds = 0;
    double peakBytes = 0;
    bool fits = true;
  };
  struct Optimum {
    bool found = false;
    double stepSeconds = std::numeric_limits<double>::infinity();
    Choice choice;
  };

  explicit IndependentPlanner(const JointProblem &problem)
      : problem(problem), machine(*problem.machine), opt(problem.optimizer) {}

  /// Step time and peak of one choice; nullopt when an option cannot run
  /// its microbatch.
  std::optional<Figures> evaluate(const Choice &c) const {
    unsigned n = problem.segmentKind.size();
    std::vector<SegmentCost> seg;
    for (unsigned kind : problem.segmentKind) {
      std::optional<SegmentCost> cost =
          problem.cost(kind, c.tensor, c.optionOfKind[kind], c.microbatchSize);
      if (!cost)
        return std::nullopt;
      seg.push_back(*cost);
    }
    Figures f;
    double sum = 0, slowest = 0, tail = 0;
    for (unsigned s = 0; s < c.pipeline; ++s) {
      unsigned first = c.stageStarts[s];
      unsigned last = s + 1 < c.pipeline ? c.stageStarts[s + 1] - 1 : n - 1;
      double stage = stageSeconds(c, seg, s, first, last);
      sum += stage;
      slowest = std::max(slowest, stage);
      tail = std::max(tail, stageTail(c, seg, first, last));
      double peak = stagePeak(c, seg, s, first, last);
      f.peakBytes = std::max(f.peakBytes, peak);
      f.fits &= problem.memoryLimit <= 0 || peak <= problem.memoryLimit;
    }
    f.stepSeconds = sum + (c.microbatches - 1.0) * slowest + tail;
    return f;
  }

  /// The least step time over every choice that fits.
  Optimum solve() const {
    Optimum best;
    unsigned n = problem.segmentKind.size();
    for (unsigned t = 1; t <= problem.devices; ++t) {
      if (problem.devices % t || t > problem.maxTensorDegree ||
          (problem.fixedTensor && t != problem.fixedTensor))
        continue;
      for (unsigned p = 1; p <= n; ++p) {
        if ((problem.devices / t) % p ||
            (problem.fixedPipeline && p != problem.fixedPipeline))
          continue;
        unsigned d = problem.devices / t / p;
        if (problem.globalBatch % d ||
            (problem.fixedData && d != problem.fixedData))
          continue;
        for (unsigned m = 1; m <= problem.maxMicrobatches; ++m) {
          if ((problem.globalBatch / d) % m)
            continue;
          Choice c;
          c.data = d;
          c.pipeline = p;
          c.tensor = t;
          c.microbatches = m;
          c.microbatchSize = problem.globalBatch / d / m;
          c.optionOfKind.assign(problem.numKinds, 0);
          forEachOptionChoice(c, 0, best);
        }
      }
    }
    return best;
  }

private:
  double stageSeconds(const Choice &c, ArrayRef<SegmentCost> seg, unsigned s,
                      unsigned first, unsigned last) const {
    double seconds = 0;
    for (unsigned i = first; i <= last; ++i)
      seconds += segmentSeconds(c, seg[i]);
    // The boundary activation forward and its gradient back, between
    // neighbours d * t ranks apart.
    DeviceGroup pair{2, int64_t(c.data) * c.tensor};
    if (s + 1 < c.pipeline)
      seconds += 2 * collectiveSeconds(machine, Collective::SendRecv,
                                       seg[last].boundaryBytes, pair);
    if (s > 0)
      seconds += 2 * collectiveSeconds(machine, Collective::SendRecv,
                                       seg[first - 1].boundaryBytes, pair);
    return seconds;
  }

  double segmentSeconds(const Choice &c, const SegmentCost &x) const {
    double comm = 0;
    for (double level : x.tensorCommSeconds)
      comm += level;
    double compute =
        x.forwardSeconds * (c.recompute ? 2 : 1) + x.backwardSeconds;
    if (c.zero != 3)
      return compute + comm;
    // ZeRO-3 prefetches the weights (and, training, scatters the
    // gradients) under the compute.
    DeviceGroup replicas{c.data, c.tensor};
    double weights = x.parameterElements * opt.weightBytes;
    double moved =
        collectiveSeconds(machine, Collective::AllGather, weights, replicas);
    if (opt.training)
      moved =
          2 * moved + collectiveSeconds(machine, Collective::ReduceScatter,
                                        x.parameterElements * opt.gradientBytes,
                                        replicas);
    return std::max(compute, moved) + comm;
  }

  /// Exposed gradient sync and the update (nothing for a forward step).
  double stageTail(const Choice &c, ArrayRef<SegmentCost> seg, unsigned first,
                   unsigned last) const {
    if (!opt.training)
      return 0;
    double elements = 0, backward = 0;
    for (unsigned i = first; i <= last; ++i) {
      elements += seg[i].parameterElements;
      backward += seg[i].backwardSeconds;
    }
    double sync = 0;
    if (c.zero < 3 && c.data > 1)
      sync = std::max(0.0, collectiveSeconds(machine, Collective::AllReduce,
                                             elements * opt.gradientBytes,
                                             DeviceGroup{c.data, c.tensor}) -
                               backward);
    double updated = c.zero >= 1 ? elements / c.data : elements;
    return sync + updated * opt.updateTrafficBytes / machine.memoryBandwidth;
  }

  double stagePeak(const Choice &c, ArrayRef<SegmentCost> seg, unsigned s,
                   unsigned first, unsigned last) const {
    double d = c.data;
    double elements = 0, kept = 0, maxSaved = 0, maxBoundary = 0;
    double maxWorking = 0, maxWeights = 0;
    for (unsigned i = first; i <= last; ++i) {
      const SegmentCost &x = seg[i];
      elements += x.parameterElements;
      kept += c.recompute ? x.boundaryBytes : x.savedActivationBytes;
      maxSaved = std::max(maxSaved, x.savedActivationBytes);
      maxBoundary = std::max(maxBoundary, x.boundaryBytes);
      maxWorking = std::max(maxWorking, x.workingBytes);
      maxWeights = std::max(maxWeights, x.parameterElements * opt.weightBytes);
    }
    double parameters = elements * opt.weightBytes / (c.zero >= 3 ? d : 1);
    double gradients = elements * opt.gradientBytes / (c.zero >= 2 ? d : 1);
    double state = elements * opt.stateBytes / (c.zero >= 1 ? d : 1);
    double inFlight = problem.gpipe
                          ? c.microbatches
                          : std::min<double>(c.pipeline - s, c.microbatches);
    double activations = opt.training
                             ? inFlight * kept + (c.recompute ? maxSaved : 0)
                             : inFlight * maxBoundary;
    double sent = s + 1 < c.pipeline ? seg[last].boundaryBytes : 0;
    double received = s > 0 ? seg[first - 1].boundaryBytes : 0;
    double buffers =
        maxWorking + 2 * (sent + received) + (c.zero == 3 ? 2 * maxWeights : 0);
    return parameters + gradients + state + activations + buffers;
  }

  bool kindUsed(unsigned kind) const {
    return llvm::is_contained(problem.segmentKind, kind);
  }

  /// Every option of every kind in use that can run the microbatch.
  void forEachOptionChoice(Choice &c, unsigned kind, Optimum &best) const {
    if (kind == problem.numKinds) {
      for (bool r : problem.recompute)
        for (unsigned z : problem.zeroStages) {
          c.recompute = r;
          c.zero = z;
          c.stageStarts = {0};
          forEachBoundary(c, best);
        }
      return;
    }
    if (!kindUsed(kind))
      return forEachOptionChoice(c, kind + 1, best);
    unsigned options = problem.optionsFor(c.tensor).size();
    for (unsigned o = 0; o < options; ++o) {
      if (!problem.cost(kind, c.tensor, o, c.microbatchSize))
        continue;
      c.optionOfKind[kind] = o;
      forEachOptionChoice(c, kind + 1, best);
    }
  }

  /// Every placement of the remaining stage starts after the last one.
  void forEachBoundary(Choice &c, Optimum &best) const {
    unsigned n = problem.segmentKind.size();
    if (c.stageStarts.size() == c.pipeline) {
      std::optional<Figures> f = evaluate(c);
      if (f && f->fits && f->stepSeconds < best.stepSeconds) {
        best.found = true;
        best.stepSeconds = f->stepSeconds;
        best.choice = c;
      }
      return;
    }
    unsigned left = c.pipeline - c.stageStarts.size();
    for (unsigned start = c.stageStarts.back() + 1; start + left <= n;
         ++start) {
      c.stageStarts.push_back(start);
      forEachBoundary(c, best);
      c.stageStarts.pop_back();
    }
  }

  const JointProblem &problem;
  const Machine &machine;
  const OptimizerModel &opt;
};

/// The search's answer against the independent optimum: the same
/// feasibility and step time, and the figures the search reports for its
/// plan are what the independent formulas give for that plan.
void expectIndependentOptimum(const JointProblem &problem,
                              const JointPlan &plan, unsigned seed) {
  IndependentPlanner reference(problem);
  IndependentPlanner::Optimum optimum = reference.solve();
  ASSERT_EQ(plan.found, optimum.found) << "seed " << seed;
  if (!plan.found)
    return;
  EXPECT_NEAR(plan.stepSeconds, optimum.stepSeconds, 1e-9 * optimum.stepSeconds)
      << "seed " << seed;
  IndependentPlanner::Choice c;
  c.data = plan.data;
  c.pipeline = plan.pipeline;
  c.tensor = plan.tensor;
  c.optionOfKind = plan.optionOfKind;
  c.microbatches = plan.microbatches;
  c.microbatchSize = plan.microbatchSize;
  c.recompute = plan.recompute;
  c.zero = plan.zero;
  for (const StageReport &s : plan.stages)
    c.stageStarts.push_back(s.firstSegment);
  ASSERT_EQ(c.stageStarts.size(), plan.pipeline) << "seed " << seed;
  std::optional<IndependentPlanner::Figures> f = reference.evaluate(c);
  ASSERT_TRUE(f.has_value()) << "seed " << seed;
  EXPECT_TRUE(f->fits) << "seed " << seed;
  EXPECT_NEAR(f->stepSeconds, plan.stepSeconds, 1e-9 * plan.stepSeconds)
      << "seed " << seed;
  EXPECT_NEAR(f->peakBytes, plan.peakBytes, 1e-9 * plan.peakBytes)
      << "seed " << seed;
}

/// Counts of what the random problems exercised.
struct Outcomes {
  unsigned found = 0, infeasible = 0, binding = 0;
};

/// The search against brute force over stage boundaries and against the
/// independent optimum, on one random problem.
void checkRandomProblem(const RandomProblem &rp, unsigned seed,
                        Outcomes &outcomes) {
  JointPlan fast = searchJointPlan(rp.problem);
  JointPlan brute = bruteForcePlan(rp.problem);
  ASSERT_EQ(fast.found, brute.found) << "seed " << seed;
  expectIndependentOptimum(rp.problem, fast, seed);
  if (!fast.found) {
    ++outcomes.infeasible;
    return;
  }
  ++outcomes.found;
  EXPECT_NEAR(fast.stepSeconds, brute.stepSeconds, 1e-9 * brute.stepSeconds)
      << "seed " << seed;
  EXPECT_LE(fast.peakBytes, rp.problem.memoryLimit > 0 ? rp.problem.memoryLimit
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
    outcomes.binding += free.stepSeconds < fast.stepSeconds * (1 - 1e-9);
  }
}

/// 600 random training steps: the search equals brute force over the stage
/// boundaries (which shares its configuration enumeration and formulas)
/// and an independent enumeration with its own formulas.
TEST(JointSearch, EqualsBruteForceOnRandomProblems) {
  Outcomes outcomes;
  for (unsigned seed = 1; seed <= 600; ++seed) {
    // Odd seeds: costs that let the search prune whole groups by the
    // one-device bound.
    RandomProblem rp((seed + 1) / 2, seed % 2 == 1);
    checkRandomProblem(rp, seed, outcomes);
  }
  // The random problems exercise both outcomes and binding limits.
  EXPECT_GE(outcomes.found, 400u);
  EXPECT_GT(outcomes.infeasible, 0u);
  EXPECT_GT(outcomes.binding, 30u);
}

/// 300 random forward steps (OptimizerModel::training false), checked the
/// same way.
TEST(JointSearch, ForwardStepsEqualBruteForceOnRandomProblems) {
  Outcomes outcomes;
  for (unsigned seed = 1; seed <= 300; ++seed) {
    RandomProblem rp(1000 + (seed + 1) / 2, seed % 2 == 1, /*forward=*/true);
    checkRandomProblem(rp, seed, outcomes);
  }
  EXPECT_GE(outcomes.found, 200u);
  EXPECT_GT(outcomes.infeasible, 0u);
  EXPECT_GT(outcomes.binding, 15u);
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

/// Interleaved 1F1B on 8 equal layers (1 + 2 s, 100 B saved) over 4 ranks
/// of 2 chunks, 8 microbatches, free messages: by hand, each rank runs 6 s
/// per microbatch, the bubble is (24 - 6) / 2 = 9 s (the fraction 9 / 57 =
/// (p - 1) / (v M + p - 1) = 3 / 19), rank 0 holds min(16, 2 * 3 + 4 + 1)
/// = 11 chunk-microbatches (5.5 microbatches of its 200 B, where plain
/// 1F1B holds 4), and the tail is one rank's two SGD updates. The search
/// prefers it to plain 1F1B (48 + 18 s).
TEST(JointSearch, InterleavedBubbleAndMemory) {
  Machine m = twoLevelMachine();
  for (Link &l : m.links)
    l.latency = 0;
  JointProblem p;
  p.machine = &m;
  p.devices = 4;
  p.globalBatch = 8;
  p.numKinds = 1;
  p.segmentKind.assign(8, 0);
  p.optionsFor = [](unsigned degree) {
    return SmallVector<TensorOption>{{"whole", degree}};
  };
  p.cost = [](unsigned, unsigned, unsigned, int64_t) {
    SegmentCost c;
    c.forwardSeconds = 1;
    c.backwardSeconds = 2;
    c.parameterElements = 1;
    c.savedActivationBytes = 100;
    return std::optional<SegmentCost>(c);
  };
  p.fixedPipeline = 4;
  p.fixedMicrobatches = 8;
  p.virtualStages = {1, 2, 4};
  JointPlan plan = searchJointPlan(p);
  ASSERT_TRUE(plan.found);
  EXPECT_EQ(plan.virtualStages, 2u);
  ASSERT_EQ(plan.stages.size(), 8u);
  double tail = 2 * 16.0 / 10;
  EXPECT_DOUBLE_EQ(plan.bubbleSeconds, 9);
  EXPECT_DOUBLE_EQ(plan.stepSeconds, 8 * 6 + 9 + tail);
  EXPECT_DOUBLE_EQ(plan.bubbleSeconds / (8 * 6 + plan.bubbleSeconds), 3.0 / 19);
  EXPECT_EQ(plan.stages[0].inFlight, 11u);
  EXPECT_EQ(plan.stages[3].inFlight, 5u); // rank 3: (2 - 1) * 4 + 1
  EXPECT_DOUBLE_EQ(plan.stages[0].activationBytes, 11 * 100.0);
  EXPECT_DOUBLE_EQ(plan.stages[4].activationBytes, 11 * 100.0);
  // Parameters, gradients, updated copy of rank 0's two layers.
  EXPECT_DOUBLE_EQ(plan.peakBytes, 2 * 12 + 1100);

  p.virtualStages = {1};
  JointPlan plain = searchJointPlan(p);
  ASSERT_TRUE(plain.found);
  EXPECT_EQ(plain.virtualStages, 1u);
  EXPECT_DOUBLE_EQ(plain.stepSeconds, 24 + 7 * 6 + tail);
  EXPECT_DOUBLE_EQ(plain.stages[0].activationBytes, 4 * 200.0);

  // M not a multiple of p: Megatron's order does not apply.
  p.virtualStages = {2};
  p.fixedMicrobatches = 2;
  EXPECT_FALSE(searchJointPlan(p).found);
}

} // namespace
