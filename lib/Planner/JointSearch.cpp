//===- JointSearch.cpp - Replicas x stages x tensor splits ----------------===//
//
// See JointSearch.h and docs/cost-model.md ("Step time", "Memory").
//
//===----------------------------------------------------------------------===//

#include "Tofu/Planner/JointSearch.h"
#include "Tofu/Partition/Memory.h"
#include "Tofu/Planner/CostModel.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::planner;

static constexpr double kInf = std::numeric_limits<double>::infinity();

double SegmentCost::tensorComm() const {
  double sum = 0;
  for (double t : tensorCommSeconds)
    sum += t;
  return sum;
}

double SegmentCost::computeSeconds(bool recompute) const {
  return forwardSeconds * (recompute ? 2 : 1) + backwardSeconds;
}

double SegmentCost::seconds(bool recompute) const {
  return computeSeconds(recompute) + tensorComm();
}

std::optional<OptimizerModel>
mlir::tofu::planner::optimizerModel(StringRef name) {
  OptimizerModel m;
  m.name = name.str();
  if (name == "sgd")
    return m;
  if (name == "adam") {
    m.stateBytes = 8;
    m.updateTrafficBytes = 32;
    return m;
  }
  if (name == "adam-mixed") {
    m.weightBytes = 2;
    m.gradientBytes = 2;
    m.stateBytes = 12;
    m.updateTrafficBytes = 36;
    return m;
  }
  return std::nullopt;
}

OptimizerModel mlir::tofu::planner::forwardOnlyModel(double weightBytes) {
  OptimizerModel m;
  m.name = "none (no backward or update ops)";
  m.weightBytes = weightBytes;
  m.gradientBytes = 0;
  m.stateBytes = 0;
  m.updateTrafficBytes = 0;
  m.training = false;
  return m;
}

namespace {

/// Everything about one configuration that does not depend on where the
/// stage boundaries are: per segment its time, memory and boundary message.
struct Config {
  unsigned data = 1, pipeline = 1, tensor = 1;
  SmallVector<unsigned> optionOfKind;
  unsigned microbatches = 1;
  int64_t microbatchSize = 1;
  bool recompute = false;
  unsigned zero = 0;
  bool gpipe = false;
  unsigned virtualStages = 1;
  std::vector<SegmentCost> segments;
  /// Contiguous runs of segments the pipeline cuts the step into: the
  /// stages, or with interleaving the p * v model chunks.
  unsigned chunks() const { return pipeline * virtualStages; }
};

/// One stage's figures, given its segments and its position.
struct StageFigures {
  StageReport report;
  double syncSeconds = 0;   // exposed data-parallel gradient sync
  double updateSeconds = 0; // optimizer update
};

class Composer {
public:
  /// `ready` false: only segmentSeconds may be used until precompute().
  Composer(const JointProblem &problem, const Config &config, bool ready = true)
      : problem(problem), machine(*problem.machine), config(config) {
    if (ready)
      precompute();
  }

  double p2pSeconds(double bytes) const {
    DeviceGroup neighbours{2, int64_t(config.data) * config.tensor};
    return 2 *
           collectiveSeconds(machine, Collective::SendRecv, bytes, neighbours);
  }

  /// ZeRO-3's weight gathers and gradient reduce-scatters of a segment that
  /// its compute does not hide (they are prefetched under it). Computed
  /// on its own, not as a difference of sums, so that it is never negative.
  double zeroExposedSeconds(const SegmentCost &c) const {
    if (config.zero < 3)
      return 0;
    DeviceGroup replicas{config.data, config.tensor};
    double bytes = c.parameterElements * problem.optimizer.weightBytes;
    // Training gathers each segment's weights for the forward and again for
    // the backward, and reduce-scatters its gradients; a forward step
    // gathers once.
    double comm =
        collectiveSeconds(machine, Collective::AllGather, bytes, replicas);
    if (problem.optimizer.training)
      comm = 2 * comm + collectiveSeconds(machine, Collective::ReduceScatter,
                                          c.parameterElements *
                                              problem.optimizer.gradientBytes,
                                          replicas);
    if (!problem.overlapCommunication)
      return comm;
    return std::max(0.0, comm - c.computeSeconds(config.recompute));
  }

  /// Segment seconds per microbatch.
  double segmentSeconds(const SegmentCost &c) const {
    return c.computeSeconds(config.recompute) + zeroExposedSeconds(c) +
           c.tensorComm();
  }

  /// Prefix sums and range maxima of the per-segment figures, so that a
  /// stage's figures cost O(1) in the stage program.
  void precompute() {
    unsigned n = config.segments.size();
    prefix.assign(n + 1, Sums());
    for (unsigned i = 0; i < n; ++i) {
      const SegmentCost &c = config.segments[i];
      Sums &next = prefix[i + 1];
      next = prefix[i];
      next.tensorComm += c.tensorComm();
      next.compute += c.computeSeconds(config.recompute);
      next.zeroComm += zeroExposedSeconds(c);
      next.seconds += segmentSeconds(c);
      next.backward += c.backwardSeconds;
      next.elements += c.parameterElements;
      next.activations +=
          config.recompute ? c.boundaryBytes : c.savedActivationBytes;
    }
    // The boundary after each segment, sent and received: stage() asks
    // for it O(n^2 p) times in the stage program.
    boundaryP2p.assign(n, 0.0);
    for (unsigned i = 0; i < n; ++i)
      boundaryP2p[i] = p2pSeconds(config.segments[i].boundaryBytes);
    maxima.assign(n * n, Maxima());
    for (unsigned i = 0; i < n; ++i)
      for (unsigned j = i; j < n; ++j) {
        const SegmentCost &c = config.segments[j];
        Maxima m = j > i ? maxima[i * n + j - 1] : Maxima();
        m.saved = std::max(m.saved, c.savedActivationBytes);
        m.working = std::max(m.working, c.workingBytes);
        m.boundary = std::max(m.boundary, c.boundaryBytes);
        m.weights = std::max(m.weights, c.parameterElements *
                                            problem.optimizer.weightBytes);
        maxima[i * n + j] = m;
      }
  }

  StageFigures stage(unsigned s, unsigned first, unsigned last) const {
    const OptimizerModel &opt = problem.optimizer;
    StageFigures f;
    StageReport &r = f.report;
    r.firstSegment = first;
    r.lastSegment = last;
    const Sums &hi = prefix[last + 1], &lo = prefix[first];
    const Maxima &mx = maxima[first * config.segments.size() + last];
    r.tensorCommSeconds = hi.tensorComm - lo.tensorComm;
    r.computeSeconds = hi.compute - lo.compute;
    r.zeroCommSeconds = hi.zeroComm - lo.zeroComm;
    r.microbatchSeconds = hi.seconds - lo.seconds;
    double backward = hi.backward - lo.backward;
    double elements = hi.elements - lo.elements;
    double activations = hi.activations - lo.activations;
    double savedMax = mx.saved, working = mx.working, weightsMax = mx.weights;
    // Interleaved, every chunk boundary is a message, the last chunk of
    // rank p - 1 to the next chunk on rank 0 too: v times the sends of
    // plain 1F1B per rank.
    double sendBytes =
        s + 1 < config.chunks() ? config.segments[last].boundaryBytes : 0;
    double recvBytes = s > 0 ? config.segments[first - 1].boundaryBytes : 0;
    r.p2pSeconds = (s + 1 < config.chunks() ? boundaryP2p[last] : 0) +
                   (s > 0 ? boundaryP2p[first - 1] : 0);
    r.microbatchSeconds += r.p2pSeconds;

    double d = config.data;
    r.parameterBytes = elements * opt.weightBytes / (config.zero >= 3 ? d : 1);
    r.gradientBytes = elements * opt.gradientBytes / (config.zero >= 2 ? d : 1);
    r.optimizerBytes = elements * opt.stateBytes / (config.zero >= 1 ? d : 1);
    r.inFlight = config.gpipe
                     ? config.microbatches
                     : std::min(config.pipeline - s, config.microbatches);
    // Interleaved (Megatron-LM's schedule): rank r runs 2 (p - r - 1) +
    // (v - 1) p warm-up chunk forwards before its first backward, so it
    // holds that many chunk-microbatches plus the one in progress, at most
    // all M v of them; rank 0 holds p + (p - 1) / v microbatches' worth of
    // its layers' activations, where plain 1F1B holds p. A chunk-microbatch
    // is counted as the average of the rank's chunks: this chunk's share is
    // its activations times the held count over v.
    double held = r.inFlight;
    unsigned v = config.virtualStages;
    if (v > 1) {
      unsigned p = config.pipeline, rank = s % p;
      r.inFlight = std::min<unsigned>(config.microbatches * v,
                                      2 * (p - rank - 1) + (v - 1) * p + 1);
      held = double(r.inFlight) / v;
    }
    // A forward step saves nothing for a backward; what it holds is each
    // microbatch's output of one segment while the next one computes.
    r.activationBytes =
        opt.training ? held * activations + (config.recompute ? savedMax : 0)
                     : held * mx.boundary;
    // Transients, the boundary messages in flight, and for ZeRO-3 the
    // gathered weights of the segment in use and of the one prefetched.
    r.bufferBytes = working + 2 * (sendBytes + recvBytes) +
                    (config.zero >= 3 ? 2 * weightsMax : 0);
    r.peakBytes = r.parameterBytes + r.gradientBytes + r.optimizerBytes +
                  r.activationBytes + r.bufferBytes;

    DeviceGroup replicas{config.data, config.tensor};
    if (!opt.training)
      return f;
    if (config.zero < 3 && config.data > 1) {
      // ZeRO 1 and 2 reduce-scatter the gradients and all-gather the
      // updated parameters (the same time as an all-reduce on a ring, not
      // where each collective has its own measured rate).
      double sync =
          config.zero == 0
              ? collectiveSeconds(machine, Collective::AllReduce,
                                  elements * opt.gradientBytes, replicas)
              : collectiveSeconds(machine, Collective::ReduceScatter,
                                  elements * opt.gradientBytes, replicas) +
                    collectiveSeconds(machine, Collective::AllGather,
                                      elements * opt.weightBytes, replicas);
      // Gradient buckets are reduced while the last microbatch's backward
      // still runs (where the program overlaps them).
      f.syncSeconds =
          problem.overlapCommunication ? std::max(0.0, sync - backward) : sync;
    }
    double updated = elements / (config.zero >= 1 ? d : 1);
    f.updateSeconds = machine.memorySeconds(updated * opt.updateTrafficBytes);
    return f;
  }

  bool fits(const StageReport &r) const {
    return problem.memoryLimit <= 0 || r.peakBytes <= problem.memoryLimit;
  }

  /// Composes the step from its stages (boundaries given).
  bool compose(ArrayRef<std::pair<unsigned, unsigned>> bounds,
               JointPlan &plan) const {
    plan.stages.clear();
    double sum = 0, slowest = 0, tail = 0;
    unsigned bottleneck = 0;
    bool ok = true;
    for (auto [s, b] : llvm::enumerate(bounds)) {
      StageFigures f = stage(s, b.first, b.second);
      ok &= fits(f.report);
      sum += f.report.microbatchSeconds;
      if (f.report.microbatchSeconds > slowest) {
        slowest = f.report.microbatchSeconds;
        bottleneck = s;
      }
      if (f.syncSeconds + f.updateSeconds > tail) {
        tail = f.syncSeconds + f.updateSeconds;
        plan.dataSyncSeconds = f.syncSeconds;
        plan.updateSeconds = f.updateSeconds;
      }
      plan.peakBytes = std::max(plan.peakBytes, f.report.peakBytes);
      plan.stages.push_back(f.report);
    }
    if (config.virtualStages > 1)
      return composeInterleaved(plan);
    double m = config.microbatches;
    const StageReport &b = plan.stages[bottleneck];
    plan.computeSeconds = m * b.computeSeconds;
    plan.tensorCommSeconds = m * b.tensorCommSeconds;
    plan.p2pSeconds = m * b.p2pSeconds;
    plan.zeroCommSeconds = m * b.zeroCommSeconds;
    plan.tensorCommByLevel.assign(machine.links.size(), 0.0);
    for (unsigned i = b.firstSegment; i <= b.lastSegment; ++i)
      for (auto [into, t] : llvm::zip(plan.tensorCommByLevel,
                                      config.segments[i].tensorCommSeconds))
        into += m * t;
    plan.bubbleSeconds = sum - slowest;
    plan.stepSeconds = sum + (m - 1) * slowest + tail;
    return ok;
  }

private:
  /// Interleaved 1F1B over the p * v chunk reports in `plan.stages`: a
  /// rank runs its chunks one after another per microbatch, so its
  /// microbatch time T_r is the sum of theirs, and the step is
  /// M max T_r + (sum T_r - max T_r) / v + tail: the fill and drain pass
  /// each rank's chunks one chunk (1/v of a rank) at a time. With equal
  /// ranks that is the bubble fraction (p - 1) / (v M + p - 1); with v = 1
  /// it is plain 1F1B's sum + (M - 1) slowest. A rank's memory is the sum
  /// of its chunks' (buffers: the largest), written into each of its
  /// chunks' reports.
  bool composeInterleaved(JointPlan &plan) const {
    unsigned p = config.pipeline;
    SmallVector<double> rankSeconds(p, 0.0), rankTail(p, 0.0);
    SmallVector<StageReport> rank(p);
    for (auto [k, r] : llvm::enumerate(plan.stages)) {
      StageReport &into = rank[k % p];
      rankSeconds[k % p] += r.microbatchSeconds;
      into.computeSeconds += r.computeSeconds;
      into.tensorCommSeconds += r.tensorCommSeconds;
      into.p2pSeconds += r.p2pSeconds;
      into.zeroCommSeconds += r.zeroCommSeconds;
      into.parameterBytes += r.parameterBytes;
      into.gradientBytes += r.gradientBytes;
      into.optimizerBytes += r.optimizerBytes;
      into.activationBytes += r.activationBytes;
      into.bufferBytes = std::max(into.bufferBytes, r.bufferBytes);
      into.inFlight = r.inFlight;
    }
    // The end-of-step tail of a rank: its chunks' exposed syncs and
    // updates, one after another.
    for (auto [k, b] : llvm::enumerate(plan.stages)) {
      StageFigures f = stage(k, b.firstSegment, b.lastSegment);
      rankTail[k % p] += f.syncSeconds + f.updateSeconds;
    }
    bool ok = true;
    plan.peakBytes = 0;
    double sum = 0, slowest = 0, tail = 0;
    unsigned bottleneck = 0;
    for (unsigned r = 0; r < p; ++r) {
      StageReport &x = rank[r];
      x.peakBytes = x.parameterBytes + x.gradientBytes + x.optimizerBytes +
                    x.activationBytes + x.bufferBytes;
      ok &= fits(x);
      plan.peakBytes = std::max(plan.peakBytes, x.peakBytes);
      sum += rankSeconds[r];
      if (rankSeconds[r] > slowest) {
        slowest = rankSeconds[r];
        bottleneck = r;
      }
      tail = std::max(tail, rankTail[r]);
    }
    plan.dataSyncSeconds = plan.updateSeconds = 0;
    // The tail's parts, from the rank with the largest tail.
    for (unsigned r = 0; r < p; ++r)
      if (rankTail[r] == tail) {
        for (unsigned k = r; k < plan.stages.size(); k += p) {
          const StageReport &b = plan.stages[k];
          StageFigures f = stage(k, b.firstSegment, b.lastSegment);
          plan.dataSyncSeconds += f.syncSeconds;
          plan.updateSeconds += f.updateSeconds;
        }
        break;
      }
    for (auto [k, r] : llvm::enumerate(plan.stages)) {
      const StageReport &x = rank[k % p];
      r.parameterBytes = x.parameterBytes;
      r.gradientBytes = x.gradientBytes;
      r.optimizerBytes = x.optimizerBytes;
      r.activationBytes = x.activationBytes;
      r.bufferBytes = x.bufferBytes;
      r.peakBytes = x.peakBytes;
    }
    double m = config.microbatches, v = config.virtualStages;
    const StageReport &b = rank[bottleneck];
    plan.computeSeconds = m * b.computeSeconds;
    plan.tensorCommSeconds = m * b.tensorCommSeconds;
    plan.p2pSeconds = m * b.p2pSeconds;
    plan.zeroCommSeconds = m * b.zeroCommSeconds;
    plan.tensorCommByLevel.assign(machine.links.size(), 0.0);
    for (unsigned k = bottleneck; k < plan.stages.size(); k += p)
      for (unsigned i = plan.stages[k].firstSegment;
           i <= plan.stages[k].lastSegment; ++i)
        for (auto [into, t] : llvm::zip(plan.tensorCommByLevel,
                                        config.segments[i].tensorCommSeconds))
          into += m * t;
    plan.bubbleSeconds = (sum - slowest) / v;
    plan.stepSeconds = m * slowest + plan.bubbleSeconds + tail;
    return ok;
  }

  struct Sums {
    double tensorComm = 0, compute = 0, zeroComm = 0, seconds = 0;
    double backward = 0;
    double elements = 0, activations = 0;
  };
  struct Maxima {
    double saved = 0, working = 0, weights = 0, boundary = 0;
  };
  const JointProblem &problem;
  const Machine &machine;
  const Config &config;
  std::vector<Sums> prefix;
  std::vector<Maxima> maxima;
  std::vector<double> boundaryP2p;
};

void copyConfig(const Config &c, const JointProblem &problem, JointPlan &plan) {
  plan.data = c.data;
  plan.pipeline = c.pipeline;
  plan.tensor = c.tensor;
  plan.optionOfKind = c.optionOfKind;
  plan.optionNames.clear();
  SmallVector<TensorOption> options = problem.optionsFor(c.tensor);
  for (unsigned o : c.optionOfKind)
    plan.optionNames.push_back(options[o].name);
  plan.microbatches = c.microbatches;
  plan.microbatchSize = c.microbatchSize;
  plan.recompute = c.recompute;
  plan.zero = c.zero;
  plan.gpipe = c.gpipe;
  plan.virtualStages = c.virtualStages;
}

/// A point of the stage program's Pareto front for a prefix of segments:
/// the slowest stage, the sum of stage times, the largest end-of-step tail
/// (exposed gradient sync + update) of a stage, and how it was reached.
struct FrontPoint {
  double slowest, sum, tail;
  unsigned from;      // first segment of the last stage
  unsigned fromPoint; // index in the previous stage count's front
};

void insertPareto(std::vector<FrontPoint> &front, FrontPoint p) {
  for (const FrontPoint &q : front)
    if (q.slowest <= p.slowest && q.sum <= p.sum && q.tail <= p.tail)
      return;
  llvm::erase_if(front, [&](const FrontPoint &q) {
    return p.slowest <= q.slowest && p.sum <= q.sum && p.tail <= q.tail;
  });
  front.push_back(p);
}

/// Exact stage boundaries for a configuration: the partition of the
/// segments into `pipeline` contiguous non-empty stages, each within the
/// memory limit, with the least sum + (M - 1) * slowest + tail (the step
/// time).
std::optional<SmallVector<std::pair<unsigned, unsigned>>>
stageProgram(const Composer &composer, unsigned n, unsigned p, double m) {
  // front[s][j]: the first j segments on s stages.
  std::vector<std::vector<std::vector<FrontPoint>>> front(
      p + 1, std::vector<std::vector<FrontPoint>>(n + 1));
  front[0][0].push_back({0, 0, 0, 0, 0});
  for (unsigned s = 1; s <= p; ++s)
    for (unsigned j = s; j + (p - s) <= n; ++j)
      for (unsigned i = s - 1; i < j; ++i) {
        if (front[s - 1][i].empty())
          continue;
        StageFigures f = composer.stage(s - 1, i, j - 1);
        if (!composer.fits(f.report))
          continue;
        double t = f.report.microbatchSeconds;
        double tail = f.syncSeconds + f.updateSeconds;
        for (auto [k, q] : llvm::enumerate(front[s - 1][i]))
          insertPareto(front[s][j],
                       {std::max(q.slowest, t), q.sum + t,
                        std::max(q.tail, tail), i, static_cast<unsigned>(k)});
      }
  const std::vector<FrontPoint> &last = front[p][n];
  if (last.empty())
    return std::nullopt;
  auto step = [&](const FrontPoint &q) {
    return q.sum + (m - 1) * q.slowest + q.tail;
  };
  unsigned best = 0;
  for (unsigned k = 1; k < last.size(); ++k)
    if (step(last[k]) < step(last[best]))
      best = k;
  SmallVector<std::pair<unsigned, unsigned>> bounds(p);
  unsigned j = n, k = best;
  for (unsigned s = p; s >= 1; --s) {
    const FrontPoint &q = front[s][j][k];
    bounds[s - 1] = {q.from, j - 1};
    j = q.from;
    k = q.fromPoint;
  }
  return bounds;
}

/// Least peak over stage boundaries (min-max program on memory), for the
/// report when nothing fits.
std::pair<double, SmallVector<std::pair<unsigned, unsigned>>>
leastPeakBoundaries(const Composer &composer, unsigned n, unsigned p) {
  std::vector<std::vector<double>> best(p + 1,
                                        std::vector<double>(n + 1, kInf));
  std::vector<std::vector<unsigned>> from(p + 1,
                                          std::vector<unsigned>(n + 1, 0));
  best[0][0] = 0;
  for (unsigned s = 1; s <= p; ++s)
    for (unsigned j = s; j + (p - s) <= n; ++j)
      for (unsigned i = s - 1; i < j; ++i) {
        if (best[s - 1][i] == kInf)
          continue;
        double peak = std::max(
            best[s - 1][i], composer.stage(s - 1, i, j - 1).report.peakBytes);
        if (peak < best[s][j]) {
          best[s][j] = peak;
          from[s][j] = i;
        }
      }
  SmallVector<std::pair<unsigned, unsigned>> bounds(p);
  for (unsigned s = p, j = n; s >= 1; j = from[s][j], --s)
    bounds[s - 1] = {from[s][j], j - 1};
  return {best[p][n], bounds};
}

SmallVector<unsigned> divisorsOf(int64_t n, int64_t limit) {
  SmallVector<unsigned> ds;
  for (int64_t d = 1; d <= n && d <= limit; ++d)
    if (n % d == 0)
      ds.push_back(d);
  return ds;
}

/// The tensor options each segment kind may take at one (degree,
/// microbatch): every option that can run it, for up to
/// maxOptionCombinations combinations over the kinds; beyond that the kinds
/// that occur once keep only their fastest option, then the least repeated
/// kinds do, until the combinations fit (`exhaustive` is then false).
SmallVector<SmallVector<unsigned>> optionsPerKind(
    const JointProblem &problem, unsigned numOptions,
    function_ref<std::optional<SegmentCost>(unsigned, unsigned)> costOf,
    bool &exhaustive) {
  SmallVector<unsigned> count(problem.numKinds, 0);
  for (unsigned kind : problem.segmentKind)
    ++count[kind];
  SmallVector<SmallVector<unsigned>> valid(problem.numKinds);
  SmallVector<unsigned> fastest(problem.numKinds, 0);
  for (unsigned k = 0; k < problem.numKinds; ++k) {
    double best = kInf;
    for (unsigned o = 0; o < numOptions; ++o)
      if (std::optional<SegmentCost> c = costOf(k, o)) {
        valid[k].push_back(o);
        if (c->seconds(false) < best) {
          best = c->seconds(false);
          fastest[k] = o;
        }
      }
  }
  auto combinations = [&] {
    double n = 1;
    for (unsigned k = 0; k < problem.numKinds; ++k)
      if (count[k])
        n *= std::max<size_t>(1, valid[k].size());
    return n;
  };
  exhaustive = true;
  // Least repeated kinds first: they weigh least in the step.
  SmallVector<unsigned> byCount;
  for (unsigned k = 0; k < problem.numKinds; ++k)
    byCount.push_back(k);
  llvm::stable_sort(
      byCount, [&](unsigned a, unsigned b) { return count[a] < count[b]; });
  for (unsigned k : byCount) {
    if (combinations() <= problem.maxOptionCombinations)
      break;
    if (valid[k].size() > 1) {
      valid[k] = {fastest[k]};
      exhaustive = false;
    }
  }
  return valid;
}

/// Calls `visit` for every configuration, with its per-segment costs,
/// except those of a (tensor degree, stages, replicas, microbatches) group
/// that `skip` rejects before any tensor option of the group is costed.
template <typename Visit, typename Skip>
void forEachConfig(const JointProblem &problem, bool &exhaustive, Visit visit,
                   Skip skip) {
  unsigned n = problem.segmentKind.size();
  std::map<std::tuple<unsigned, unsigned, unsigned, int64_t>,
           std::optional<SegmentCost>>
      cache;
  auto costOf = [&](unsigned kind, unsigned t, unsigned o, int64_t b) {
    auto key = std::make_tuple(kind, t, o, b);
    auto it = cache.find(key);
    if (it == cache.end())
      it = cache.emplace(key, problem.cost(kind, t, o, b)).first;
    return it->second;
  };
  exhaustive = true;
  for (unsigned t : divisorsOf(problem.devices, problem.maxTensorDegree)) {
    if (problem.fixedTensor && t != problem.fixedTensor)
      continue;
    SmallVector<TensorOption> options = problem.optionsFor(t);
    if (options.empty())
      continue;
    for (unsigned p : divisorsOf(problem.devices / t, n)) {
      if (problem.fixedPipeline && p != problem.fixedPipeline)
        continue;
      unsigned d = problem.devices / t / p;
      if ((problem.fixedData && d != problem.fixedData) ||
          problem.globalBatch % d)
        continue;
      for (unsigned m :
           divisorsOf(problem.globalBatch / d, problem.maxMicrobatches)) {
        if (problem.fixedMicrobatches && m != problem.fixedMicrobatches)
          continue;
        int64_t b = problem.globalBatch / d / m;
        if (skip(t, p, m, b))
          continue;
        if (problem.prepare)
          problem.prepare(t, b);
        bool all = true;
        SmallVector<SmallVector<unsigned>> valid = optionsPerKind(
            problem, options.size(),
            [&](unsigned kind, unsigned o) { return costOf(kind, t, o, b); },
            all);
        exhaustive &= all;
        if (llvm::any_of(problem.segmentKind,
                         [&](unsigned k) { return valid[k].empty(); }))
          continue;
        // Every combination of one valid option per kind.
        SmallVector<unsigned> at(problem.numKinds, 0);
        while (true) {
          Config c;
          c.data = d;
          c.pipeline = p;
          c.tensor = t;
          for (unsigned k = 0; k < problem.numKinds; ++k)
            c.optionOfKind.push_back(valid[k].empty() ? 0 : valid[k][at[k]]);
          c.microbatches = m;
          c.microbatchSize = b;
          c.gpipe = problem.gpipe;
          for (unsigned i = 0; i < n; ++i) {
            unsigned kind = problem.segmentKind[i];
            c.segments.push_back(*costOf(kind, t, c.optionOfKind[kind], b));
          }
          for (unsigned v : problem.virtualStages) {
            // Interleaving needs p > 1, a chunk per virtual stage, the
            // 1F1B order and, as Megatron-LM requires, M a multiple of p.
            if (v > 1 && (p == 1 || p * v > n || problem.gpipe || m % p != 0))
              continue;
            c.virtualStages = v;
            for (bool r : problem.recompute)
              for (unsigned z : problem.zeroStages) {
                if (z > 0 && d == 1)
                  continue;
                c.recompute = r;
                c.zero = z;
                visit(c);
              }
          }
          unsigned k = 0;
          while (k < at.size() &&
                 ++at[k] >= std::max<size_t>(1, valid[k].size()))
            at[k++] = 0;
          if (k == at.size())
            break;
        }
      }
    }
  }
}

/// A lower bound on the step time of every configuration with tensor
/// degree t, p stages and m microbatches of b samples, whatever its tensor
/// options, recomputation, ZeRO stage and stage boundaries: under any
/// option an op's FLOPs are divided by at most t and each operand by at
/// most t, so a segment's roofline compute is at least its one-device
/// compute (option 0 of degree 1, no tensor search) over t; tensor
/// communication, recomputation, ZeRO and the tail only add. nullopt when
/// the one-device cost is unknown.
std::optional<double> groupLowerBound(const JointProblem &problem, unsigned t,
                                      unsigned p, unsigned m, int64_t b) {
  SmallVector<double> perKind(problem.numKinds, -1);
  double sum = 0, largest = 0;
  for (unsigned kind : problem.segmentKind) {
    if (perKind[kind] < 0) {
      std::optional<SegmentCost> whole = problem.cost(kind, 1, 0, b);
      if (!whole)
        return std::nullopt;
      perKind[kind] = whole->computeSeconds(false) / t;
    }
    sum += perKind[kind];
    largest = std::max(largest, perKind[kind]);
  }
  // Interleaved, the fill and drain shrink by v but the step stays at
  // least M times the slowest rank.
  if (p > 1 &&
      llvm::any_of(problem.virtualStages, [](unsigned v) { return v > 1; }))
    return m * std::max(sum / p, largest);
  return sum + (m - 1.0) * std::max(sum / p, largest);
}

/// A lower bound on the step time of a configuration, whatever its stage
/// boundaries: the stage times sum to at least the segments' times, and the
/// slowest stage is at least their average and at least the slowest
/// segment.
double lowerBound(const Composer &composer, const Config &c) {
  double sum = 0, largest = 0;
  for (const SegmentCost &s : c.segments) {
    double t = composer.segmentSeconds(s);
    sum += t;
    largest = std::max(largest, t);
  }
  if (c.virtualStages > 1)
    return c.microbatches * std::max(sum / c.pipeline, largest);
  return sum + (c.microbatches - 1.0) * std::max(sum / c.pipeline, largest);
}

void noteSmallestPeak(const Composer &composer, const Config &c,
                      const JointProblem &problem, JointPlan &best) {
  auto [peak, bounds] =
      leastPeakBoundaries(composer, c.segments.size(), c.chunks());
  if (best.smallestPeak > 0 && peak >= best.smallestPeak)
    return;
  JointPlan plan;
  copyConfig(c, problem, plan);
  composer.compose(bounds, plan);
  best.smallestPeak = plan.peakBytes;
  const StageReport *worst = &plan.stages.front();
  for (const StageReport &s : plan.stages)
    if (s.peakBytes > worst->peakBytes)
      worst = &s;
  best.smallestPeakDominant =
      largestMemoryPart(worst->parameterBytes, worst->gradientBytes,
                        worst->optimizerBytes, worst->activationBytes,
                        worst->bufferBytes)
          .second.str();
}

} // namespace

bool mlir::tofu::planner::evaluatePlan(const JointProblem &problem,
                                       JointPlan &plan) {
  Config c;
  c.data = plan.data;
  c.pipeline = plan.pipeline;
  c.tensor = plan.tensor;
  c.optionOfKind = plan.optionOfKind;
  c.microbatches = plan.microbatches;
  c.microbatchSize = plan.microbatchSize;
  c.recompute = plan.recompute;
  c.zero = plan.zero;
  c.gpipe = plan.gpipe;
  c.virtualStages = plan.virtualStages;
  for (unsigned kind : problem.segmentKind) {
    std::optional<SegmentCost> sc =
        problem.cost(kind, c.tensor, c.optionOfKind[kind], c.microbatchSize);
    if (!sc)
      return false;
    c.segments.push_back(*sc);
  }
  SmallVector<std::pair<unsigned, unsigned>> bounds;
  for (const StageReport &s : plan.stages)
    bounds.push_back({s.firstSegment, s.lastSegment});
  plan.peakBytes = 0;
  return Composer(problem, c).compose(bounds, plan);
}

JointPlan mlir::tofu::planner::searchJointPlan(const JointProblem &problem) {
  JointPlan best;
  double bestSeconds = kInf;
  bool exhaustive = true;
  forEachConfig(
      problem, exhaustive,
      [&](const Config &c) {
        Composer composer(problem, c, /*ready=*/false);
        if (lowerBound(composer, c) >= bestSeconds) {
          ++best.pruned;
          return;
        }
        ++best.evaluated;
        composer.precompute();
        // Interleaved, the chunk boundaries are the stage program's for
        // p * v stages (exact for that pipeline; for the interleaved step
        // they are the cuts that balance the chunks, not searched further).
        auto bounds = stageProgram(composer, c.segments.size(), c.chunks(),
                                   c.microbatches);
        if (!bounds) {
          if (!best.found)
            noteSmallestPeak(composer, c, problem, best);
          return;
        }
        JointPlan plan;
        copyConfig(c, problem, plan);
        // Each chunk fits, but an interleaved rank holds several.
        if (!composer.compose(*bounds, plan)) {
          if (!best.found)
            noteSmallestPeak(composer, c, problem, best);
          return;
        }
        if (plan.stepSeconds < bestSeconds) {
          bestSeconds = plan.stepSeconds;
          plan.found = true;
          plan.evaluated = best.evaluated;
          plan.pruned = best.pruned;
          plan.prunedGroups = best.prunedGroups;
          best = std::move(plan);
        }
      },
      [&](unsigned t, unsigned p, unsigned m, int64_t b) {
        // Only once a plan is known: until then nothing is pruned, so that
        // the smallest peak is still looked for when nothing fits.
        if (!best.found || !problem.computeDividesByDegree)
          return false;
        std::optional<double> bound = groupLowerBound(problem, t, p, m, b);
        if (!bound || *bound < bestSeconds)
          return false;
        ++best.prunedGroups;
        return true;
      });
  best.optionsExhaustive = exhaustive;
  return best;
}

JointPlan mlir::tofu::planner::bruteForcePlan(const JointProblem &problem) {
  JointPlan best;
  double bestSeconds = kInf;
  bool exhaustive = true;
  forEachConfig(
      problem, exhaustive,
      [&](const Config &c) {
        unsigned n = c.segments.size(), p = c.chunks();
        Composer composer(problem, c);
        // Every choice of p - 1 cut positions among the n - 1 gaps.
        SmallVector<unsigned> cuts(p - 1);
        for (unsigned i = 0; i + 1 < p; ++i)
          cuts[i] = i + 1;
        while (true) {
          SmallVector<std::pair<unsigned, unsigned>> bounds;
          unsigned start = 0;
          for (unsigned cut : cuts) {
            bounds.push_back({start, cut - 1});
            start = cut;
          }
          bounds.push_back({start, n - 1});
          JointPlan plan;
          copyConfig(c, problem, plan);
          if (composer.compose(bounds, plan) &&
              plan.stepSeconds < bestSeconds) {
            bestSeconds = plan.stepSeconds;
            plan.found = true;
            best = std::move(plan);
          }
          int k = static_cast<int>(cuts.size()) - 1;
          while (k >= 0 && cuts[k] == n - (cuts.size() - k))
            --k;
          if (k < 0)
            break;
          ++cuts[k];
          for (unsigned i = k + 1; i < cuts.size(); ++i)
            cuts[i] = cuts[i - 1] + 1;
        }
      },
      [](unsigned, unsigned, unsigned, int64_t) { return false; });
  best.optionsExhaustive = exhaustive;
  return best;
}
