//===- Search.cpp - Whole-graph partition search --------------------------===//
//
// Each level is a discrete optimisation: variables are the layouts of tensor
// classes and the strategies of op classes; every op contributes a cost term
// over its strategy and the layouts of the tensors it reads and writes, one
// table per (op, tensor) pair. LevelBuilder builds it; the solver library
// solves it (LevelSolver.cpp: its exact elimination DP, and under a memory
// limit its constrained search). The frontier DP below, which the search ran
// on before, and exhaustive enumeration stay as cross-checks and baselines.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Partition/Search.h"
#include "LevelProblem.h"
#include "Tofu/Analysis/Linearity.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/Partition/Memory.h"
#include "Tofu/Partition/Report.h"
#include "Tofu/Support/Interval.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <chrono>
#include <functional>
#include <limits>
#include <numeric>

#define DEBUG_TYPE "tofu-search"

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::level;

namespace {
const StringRef kStrategyNames[] = {
    "tofu",       "data-parallel", "allrow-greedy", "spartan",
    "equal-chop", "no-reduce",     "exhaustive"};
} // namespace

ArrayRef<StringRef> mlir::tofu::searchStrategyNames() { return kStrategyNames; }

std::optional<SearchStrategy> mlir::tofu::parseSearchStrategy(StringRef name) {
  for (auto [i, n] : llvm::enumerate(kStrategyNames))
    if (n == name)
      return static_cast<SearchStrategy>(i);
  return std::nullopt;
}

StringRef mlir::tofu::stringifySearchStrategy(SearchStrategy s) {
  return kStrategyNames[static_cast<unsigned>(s)];
}

llvm::cl::ValuesClass mlir::tofu::searchStrategyValues() {
  auto name = [](SearchStrategy s) { return stringifySearchStrategy(s); };
  using S = SearchStrategy;
  return llvm::cl::values(
      clEnumValN(S::Tofu, name(S::Tofu),
                 "Tofu's DP at every level, over every factorization"),
      clEnumValN(S::DataParallel, name(S::DataParallel),
                 "every op splits the loop that walks the batch"),
      clEnumValN(S::AllRowGreedy, name(S::AllRowGreedy),
                 "every tensor split on its first splittable dimension"),
      clEnumValN(S::Spartan, name(S::Spartan),
                 "tensors fixed greedily, largest first"),
      clEnumValN(S::EqualChop, name(S::EqualChop),
                 "one level of k, one dimension chopped k ways"),
      clEnumValN(S::NoReduce, name(S::NoReduce),
                 "the DP without partition-n-reduce strategies"),
      clEnumValN(S::Exhaustive, name(S::Exhaustive),
                 "every layout assignment per level (small graphs)"));
}

llvm::cl::ValuesClass mlir::tofu::searchObjectiveValues() {
  return llvm::cl::values(
      clEnumValN(SearchObjective::Bytes, "bytes",
                 "Tofu's: the bytes each level moves"),
      clEnumValN(SearchObjective::Time, "time",
                 "estimated seconds on the machine (transfers with latency, "
                 "compute by roofline; tensors may stay replicated)"));
}

/// The shard of a dimension of `n` elements split `m` ways: blocks of the
/// rounded-up size, the last one(s) padded where `m` does not divide `n`.
static int64_t ceilBlock(int64_t n, unsigned m) { return (n + m - 1) / m; }

double mlir::tofu::perDeviceTensorBytes(const PartitionGraph &g,
                                        const Plan &plan) {
  double bytes = 0;
  for (auto [t, cls] : llvm::enumerate(g.tensors)) {
    double b = static_cast<double>(cls.bytes()) * cls.values.size();
    SmallVector<int64_t> shape(cls.shape);
    for (const LevelPlan &level : plan.perLevel) {
      int d = level.tensorDim[t];
      if (d < 0)
        continue;
      // A padded shard holds its padding too.
      int64_t block = ceilBlock(shape[d], level.ways);
      b = b / static_cast<double>(shape[d]) * block;
      shape[d] = block;
    }
    bytes += b;
  }
  return bytes;
}

SmallVector<unsigned> mlir::tofu::factorWorkers(unsigned k) {
  SmallVector<unsigned> factors;
  for (unsigned p = 2; p * p <= k; ++p)
    while (k % p == 0) {
      factors.push_back(p);
      k /= p;
    }
  if (k > 1)
    factors.push_back(k);
  llvm::sort(factors, std::greater<unsigned>());
  return factors;
}

/// The divisors of k above 1, ascending: trial division up to sqrt(k), so a
/// large prime k costs 65536 steps, not k.
static SmallVector<unsigned> divisorsAboveOne(unsigned k) {
  SmallVector<unsigned> small, large;
  for (uint64_t d = 2; d * d <= k; ++d)
    if (k % d == 0) {
      small.push_back(d);
      if (d * d != k)
        large.push_back(k / d);
    }
  small.append(large.rbegin(), large.rend());
  if (k > 1)
    small.push_back(k);
  return small;
}

static void collectFactorizations(unsigned k, unsigned maxFactor,
                                  ArrayRef<unsigned> divisors,
                                  SmallVector<unsigned> &prefix,
                                  SmallVector<SmallVector<unsigned>> &out) {
  if (k == 1) {
    out.push_back(prefix);
    return;
  }
  // Every factor of a divisor of the top-level k is itself one of its
  // divisors.
  for (unsigned f : divisors) {
    if (f > std::min(k, maxFactor))
      break;
    if (k % f)
      continue;
    prefix.push_back(f);
    collectFactorizations(k / f, f, divisors, prefix, out);
    prefix.pop_back();
  }
}

SmallVector<SmallVector<unsigned>> mlir::tofu::factorizations(unsigned k) {
  SmallVector<SmallVector<unsigned>> out;
  SmallVector<unsigned> prefix;
  collectFactorizations(k, k, divisorsAboveOne(k), prefix, out);
  for (SmallVector<unsigned> &f : out)
    llvm::sort(f, std::greater<unsigned>());
  // Finest (most levels) first: ties keep Tofu's binary recursion.
  llvm::stable_sort(
      out, [](const SmallVector<unsigned> &a, const SmallVector<unsigned> &b) {
        return a.size() > b.size();
      });
  return out;
}

std::string mlir::tofu::joinFactors(ArrayRef<unsigned> factors,
                                    StringRef separator) {
  return llvm::join(
      llvm::map_range(factors, [](unsigned f) { return std::to_string(f); }),
      separator);
}

namespace {

//===----------------------------------------------------------------------===//
// Regions
//===----------------------------------------------------------------------===//

using Box = SmallVector<IntRange, 4>;

double volume(const Box &b) {
  double v = 1;
  for (const IntRange &r : b) {
    if (r.empty())
      return 0;
    v *= static_cast<double>(r.hi - r.lo + 1);
  }
  return v;
}

double overlap(const Box &a, const Box &b) {
  double v = 1;
  for (auto [x, y] : llvm::zip(a, b)) {
    IntRange r = x.intersect(y);
    if (r.empty())
      return 0;
    v *= static_cast<double>(r.hi - r.lo + 1);
  }
  return v;
}

/// Worker w's part of `n` elements split m ways: blocks of the rounded-up
/// size (the same as n / m when m divides n); the padding of an uneven
/// split holds no data, so the range stops at n (empty for a worker that
/// holds padding only).
IntRange blockRange(int64_t n, unsigned m, unsigned w) {
  int64_t part = ceilBlock(n, m);
  return IntRange{part * w, std::min(part * (w + 1), n) - 1};
}

/// Worker w's block of a tensor of `shape` split m ways along `dim`.
Box ownedBox(ArrayRef<int64_t> shape, int dim, unsigned m, unsigned w) {
  Box b;
  for (auto [d, s] : llvm::enumerate(shape)) {
    if (static_cast<int>(d) == dim) {
      b.push_back(blockRange(s, m, w));
    } else {
      b.push_back(IntRange{0, s - 1});
    }
  }
  return b;
}

/// Elements worker `w` lacks of `need`, given layout `dim` of the tensor.
double missing(const Box &need, ArrayRef<int64_t> shape, int dim, unsigned m,
               unsigned w) {
  return volume(need) - overlap(need, ownedBox(shape, dim, m, w));
}

//===----------------------------------------------------------------------===//
// The level problem
//===----------------------------------------------------------------------===//

/// The graph as one group of devices sees it at the current level: the
/// shard of every tensor class, the iteration space of every op, and the
/// frame of every op operand — the region the op read (or wrote) at the
/// previous level, which the group now holds and splits with the tensor's
/// layout. Initially all frames are the whole tensors.
struct LocalState {
  std::vector<SmallVector<int64_t>> tensorShape;
  std::vector<SmallVector<int64_t>> opExtents;
  std::vector<SmallVector<SmallVector<int64_t>>> inputFrame;
  std::vector<SmallVector<SmallVector<int64_t>>> outputFrame;
};

/// The time objective's prices at one level (SearchObjective::Time). Its
/// table entries stay in bytes of the level: a second is worth what the
/// level's group moves in it, (group size) × (link bandwidth) bytes, over
/// the float scale (bf16 moves twice the elements per byte). So the bytes
/// objective's entries are the time objective's without the latency and
/// compute terms, and entries remain integers (the library's exact DP
/// works on integers; LevelSolver.cpp).
struct LevelTime {
  const Machine *machine = nullptr;
  std::string elementType = "f32";
  double floatBytesScale = 1;
  /// Devices in each group that communicates at this level.
  double groupSize = 1;
  /// Product of the levels still to come: an op's compute is charged as if
  /// they split it (as the memory model assumes of its shards).
  double later = 1;
  const Link *link = nullptr;

  double bytesPerSecond() const {
    return groupSize * link->bandwidth / floatBytesScale;
  }
  /// `seconds` in the level's bytes, rounded to a whole byte.
  double inBytes(double seconds) const {
    return std::nearbyint(seconds * bytesPerSecond());
  }
};

class LevelBuilder {
public:
  /// `microbatch`: this level cuts the batch into `m` microbatches that one
  /// device group runs one after another (pipeline parallelism), instead of
  /// splitting over `m` devices. Every op that walks the batch splits its
  /// batch loop, every tensor with a batch dimension splits it, and
  /// everything else is replicated: what is not per sample (parameters,
  /// their updates) is computed once, on the sum over the microbatches.
  /// `uneven`: dimensions and loops that `m` does not divide may be split
  /// into padded blocks (see tensorDomain). `partials`: tensors may stay
  /// partial and feed linear consumers (see findPartials). `time`: the
  /// time objective's prices (null: bytes).
  LevelBuilder(const PartitionGraph &g, const LocalState &local, unsigned m,
               SearchStrategy strategy, bool microbatch = false,
               bool uneven = false, bool partials = false,
               const LevelTime *time = nullptr)
      : g(g), local(local), m(m), strategy(strategy), microbatch(microbatch),
        uneven(uneven), partials(partials && !microbatch && m > 1),
        time(time && !microbatch ? time : nullptr) {
    findPartials();
  }

  /// Domain codes of partials (docs/cost-model.md, "Partials that flow"): a
  /// tensor layout where every member of the group holds a partial sum of
  /// the tensor's frame, and op strategies -2 - i where the op is computed
  /// whole on the partials of its i-th linear operand set (linearSlots).
  static constexpr int kPartialLayout = -2;
  static constexpr int kFirstLinear = -2;
  /// The cost of a combination the materializer cannot carry out (a whole
  /// operand where a linear strategy adds partials): never chosen, since
  /// every op has a finite alternative.
  static constexpr double kInfeasible = std::numeric_limits<double>::infinity();

  Problem build() {
    Problem p;
    unsigned numT = g.tensors.size();
    p.numTensorVars = numT;
    p.domain.resize(numT + g.opClasses.size());
    if (strategy == SearchStrategy::DataParallel || microbatch)
      computeBatchLoops();
    for (unsigned t = 0; t < numT; ++t)
      p.domain[t] = tensorDomain(t);
    for (unsigned c = 0; c < g.opClasses.size(); ++c)
      p.domain[numT + c] = opDomain(c);

    // One factor per op; ops of one class touching the same tensor
    // variables are merged (unrolled timesteps).
    // Ops of one class touching the same tensors form one factor (unrolled
    // timesteps). Ops that see exactly the same problem as the factor's
    // first op (same maps, extents and frames) reuse its table.
    std::map<SmallVector<int>, unsigned> merged;
    std::vector<std::vector<int64_t>> firstKey;
    std::vector<SmallVector<std::vector<double>>> firstTables;
    std::vector<unsigned> extraCopies;
    DenseMap<unsigned, unsigned> position;
    for (auto [i, o] : llvm::enumerate(g.order))
      position[o] = i;
    for (unsigned o = 0; o < g.ops.size(); ++o) {
      const GraphOp &op = g.ops[o];
      int opVar = numT + op.opClass;
      SmallVector<int> key{opVar};
      key.append(op.inputClasses.begin(), op.inputClasses.end());
      key.append(op.outputClasses.begin(), op.outputClasses.end());
      std::vector<int64_t> problem = problemKeyOf(o);
      auto [it, inserted] = merged.try_emplace(key, p.factors.size());
      if (!inserted) {
        unsigned fi = it->second;
        p.factors[fi].position = std::min(p.factors[fi].position, position[o]);
        if (problem == firstKey[fi]) {
          ++extraCopies[fi];
          continue;
        }
      }
      Factor f = buildFactor(o, opVar, position[o], p);
      if (inserted) {
        firstKey.push_back(std::move(problem));
        firstTables.push_back(f.tables);
        extraCopies.push_back(0);
        p.factors.push_back(std::move(f));
        continue;
      }
      // A tied op with a different problem (e.g. another slice offset).
      Factor &into = p.factors[it->second];
      for (auto [a, b] : llvm::zip(into.tables, f.tables))
        for (auto [x, y] : llvm::zip(a, b))
          x += y;
    }
    for (auto [fi, f] : llvm::enumerate(p.factors))
      if (extraCopies[fi])
        for (auto [a, b] : llvm::zip(f.tables, firstTables[fi]))
          for (auto [x, y] : llvm::zip(a, b))
            x += extraCopies[fi] * y;
    llvm::stable_sort(p.factors, [](const Factor &a, const Factor &b) {
      return a.position < b.position;
    });
    return p;
  }

  /// Per-device bytes an op fetches at this level under (loop, layouts):
  /// the buffer a worker needs for remote data.
  double fetchBytes(unsigned o, int loop, ArrayRef<int> layouts) const {
    const GraphOp &op = g.ops[o];
    double worst = 0;
    for (unsigned w = 0; w < m; ++w) {
      double sum = 0;
      for (auto [slot, c] : llvm::enumerate(op.inputClasses)) {
        if (c < 0)
          continue;
        Box need = inputNeed(o, slot, loop, w);
        sum += missing(need, local.inputFrame[o][slot], layouts[c], m, w) *
               g.tensors[c].elementBytes;
      }
      worst = std::max(worst, sum);
    }
    return worst;
  }

  /// The cost of one slot (inputs first, then results) under a strategy and
  /// the tensor's layout, in bytes for the whole group.
  double inputCost(unsigned o, unsigned slot, int loop, int dim) const {
    const GraphOp &op = g.ops[o];
    int c = op.inputClasses[slot];
    if (c < 0)
      return 0;
    if (loop <= kFirstLinear)
      return linearInputCost(o, slot, loop, dim);
    if (dim == kPartialLayout)
      return partialInputCost(o, slot, loop);
    double elems = 0;
    for (unsigned w = 0; w < m; ++w)
      elems += missing(inputNeed(o, slot, loop, w), local.inputFrame[o][slot],
                       dim, m, w);
    return elems * g.tensors[op.inputClasses[slot]].elementBytes;
  }

  /// The cost of slot `slot` of op `o` (its inputs, then its results).
  double slotCost(unsigned o, unsigned slot, int loop, int dim) const {
    unsigned numIn = g.ops[o].inputClasses.size();
    return slot < numIn ? inputCost(o, slot, loop, dim)
                        : outputCost(o, slot - numIn, loop, dim);
  }

  double outputCost(unsigned o, unsigned r, int loop, int dim) const {
    const GraphOp &op = g.ops[o];
    int c = op.outputClasses[r];
    if (c < 0)
      return 0;
    // A partial result costs nothing where the strategy leaves partials;
    // made from whole values, it costs making them whole (the relayout
    // engine then keeps them on member 0 and zeros elsewhere), so that a
    // partial layout never leaves the DP without a finite plan.
    if (dim == kPartialLayout)
      return leavesPartials(o, loop) ? 0 : outputCost(o, r, loop, -1);
    if (loop == -1)
      return 0;
    const TensorClass &t = g.tensors[c];
    ArrayRef<int64_t> shape = local.outputFrame[o][r];
    double area = 1;
    for (int64_t s : shape)
      area *= static_cast<double>(s);
    // Partials brought to the tensor's layout: reduce-scatter into a split,
    // all-reduce into a replica. A linear strategy's partial results are
    // combined once, where they are made (`linear` in the plan).
    if (loop <= kFirstLinear || op.desc.isReduction[loop])
      return (dim < 0 ? 2.0 : 1.0) * (m - 1) * area * t.elementBytes;
    double elems = 0;
    for (unsigned w = 0; w < m; ++w) {
      Box own = ownedBox(shape, dim, m, w);
      elems += volume(own) - overlap(own, outputBox(o, r, loop, w));
    }
    return elems * t.elementBytes;
  }

  /// Per-device bytes of the buffer one slot needs beside its tensor's
  /// shard under (loop, layout `dim`), the most any worker needs: an input
  /// region the worker lacks part of is fetched whole (as the materializer
  /// gathers it), an output computed in another layout (a partial sum, or
  /// blocks the tensor's layout does not own) is held before it converts.
  /// The memory model's buffers (docs/search.md#memory-limit).
  double slotBuffer(unsigned o, unsigned slot, int loop, int dim) const {
    const GraphOp &op = g.ops[o];
    unsigned numIn = op.inputClasses.size();
    double worst = 0;
    if (slot < numIn) {
      int c = op.inputClasses[slot];
      for (unsigned w = 0; w < m; ++w) {
        Box need = inputNeed(o, slot, loop, w);
        if (missing(need, local.inputFrame[o][slot], dim, m, w) > 0)
          worst = std::max(worst, volume(need) * g.tensors[c].elementBytes);
      }
      return worst;
    }
    unsigned r = slot - numIn;
    int c = op.outputClasses[r];
    if (loop == -1 || (loop < 0 && dim == kPartialLayout))
      return 0;
    ArrayRef<int64_t> shape = local.outputFrame[o][r];
    if (loop < 0 || op.desc.isReduction[loop]) {
      double area = g.tensors[c].elementBytes;
      for (int64_t e : shape)
        area *= static_cast<double>(e);
      return area;
    }
    for (unsigned w = 0; w < m; ++w) {
      Box made = outputBox(o, r, loop, w);
      if (volume(made) - overlap(made, ownedBox(shape, dim, m, w)) > 0)
        worst = std::max(worst, volume(made) * g.tensors[c].elementBytes);
    }
    return worst;
  }

  /// Extents of a box (the frame the next level sees).
  static SmallVector<int64_t> extentsOf(const Box &b) {
    SmallVector<int64_t> e;
    for (const IntRange &r : b)
      e.push_back(r.empty() ? 0 : r.hi - r.lo + 1);
    return e;
  }
  SmallVector<int64_t> nextInputFrame(unsigned o, unsigned slot,
                                      int loop) const {
    return extentsOf(inputNeed(o, slot, loop, 0));
  }
  SmallVector<int64_t> nextOutputFrame(unsigned o, unsigned r, int loop) const {
    if (loop < 0 || g.ops[o].desc.isReduction[loop])
      return local.outputFrame[o][r];
    return extentsOf(outputBox(o, r, loop, 0));
  }

  /// Everything an op's cost tables depend on besides the variables: its
  /// access maps, iteration extents and operand frames.
  std::vector<int64_t> problemKeyOf(unsigned o) const {
    const GraphOp &op = g.ops[o];
    std::vector<int64_t> key;
    key.push_back(op.opClass);
    for (const InputAccess &in : op.desc.inputs)
      key.push_back(reinterpret_cast<intptr_t>(in.map.getAsOpaquePointer()));
    for (AffineMap m : op.desc.outputMaps)
      key.push_back(reinterpret_cast<intptr_t>(m.getAsOpaquePointer()));
    key.insert(key.end(), local.opExtents[o].begin(), local.opExtents[o].end());
    // deferredReduction shares a partial's refund among its readers.
    for (const InputAccess &in : op.desc.inputs)
      key.push_back(readers.lookup(op.op->getOperand(in.operandNumber)));
    for (const auto &frames : {local.inputFrame[o], local.outputFrame[o]})
      for (const SmallVector<int64_t> &f : frames) {
        key.push_back(-1);
        key.insert(key.end(), f.begin(), f.end());
      }
    return key;
  }

  /// Latency steps of one slot's transfer of `bytes` (docs/cost-model.md,
  /// "The time objective"): none without bytes; 2(m - 1) for an all-reduce
  /// (a reduction made whole); a partial operand's combination as
  /// partialInputCost chooses it; m - 1 for any other transfer (a ring
  /// all-gather, reduce-scatter or all-to-all among the m members).
  double latencySteps(unsigned o, unsigned slot, int loop, int dim,
                      double bytes) const {
    if (bytes <= 0)
      return 0;
    const GraphOp &op = g.ops[o];
    unsigned numIn = op.inputClasses.size();
    if (slot < numIn && dim == kPartialLayout && loop > kFirstLinear) {
      double steps = 0;
      partialInputCost(o, slot, loop, &steps);
      return steps;
    }
    bool allReduce =
        slot >= numIn && dim == -1 &&
        (loop <= kFirstLinear || (loop >= 0 && op.desc.isReduction[loop]));
    return (allReduce ? 2.0 : 1.0) * (m - 1);
  }

  /// Roofline seconds one device spends on op `o` under `loop` (time
  /// objective): the FLOPs and operand bytes of the op's frame at this
  /// level, divided by m when a loop is split and by the later levels'
  /// product (as if they split it too); a replicated or linear strategy
  /// computes the frame whole.
  double computeSeconds(unsigned o, int loop) const {
    const GraphOp &op = g.ops[o];
    double frame = 1;
    for (auto [l, e] : llvm::enumerate(local.opExtents[o]))
      if (op.desc.extents[l] > 0)
        frame *= static_cast<double>(e) / op.desc.extents[l];
    double traffic = 0;
    auto add = [&](ArrayRef<int64_t> shape, int c) {
      if (c < 0)
        return;
      double b = g.tensors[c].elementBytes * time->floatBytesScale;
      for (int64_t e : shape)
        b *= static_cast<double>(e);
      traffic += b;
    };
    for (auto [slot, c] : llvm::enumerate(op.inputClasses))
      add(local.inputFrame[o][slot], c);
    for (auto [r, c] : llvm::enumerate(op.outputClasses))
      add(local.outputFrame[o][r], c);
    double share = (loop >= 0 ? m : 1) * time->later;
    return time->machine->rooflineSeconds(op.flops * frame / share,
                                          traffic / share, time->elementType,
                                          op.isProduct());
  }

private:
  /// Whether op `o` computed as `loop` leaves partial sums in its results:
  /// a split sum reduction, or a linear strategy.
  bool leavesPartials(unsigned o, int loop) const {
    const GraphOp &op = g.ops[o];
    if (loop >= 0)
      return op.desc.isReduction[loop] && op.desc.reducer == tdl::Reducer::sum;
    return loop <= kFirstLinear &&
           static_cast<unsigned>(kFirstLinear - loop) < linearSlots[o].size();
  }

  /// A linear strategy computes the op whole on every member: the operands
  /// of its set must be partial (they are added as they are), the others
  /// whole (fetched as a replicated op fetches them).
  double linearInputCost(unsigned o, unsigned slot, int loop, int dim) const {
    unsigned index = kFirstLinear - loop;
    if (index >= linearSlots[o].size())
      return kInfeasible;
    bool inSet = llvm::is_contained(linearSlots[o][index], slot);
    if (inSet || dim == kPartialLayout)
      return inSet && dim == kPartialLayout ? 0 : kInfeasible;
    return inputCost(o, slot, /*loop=*/-1, dim);
  }

  /// A partial operand of a consumer that needs whole values is combined
  /// first (Relayout's combinePartials): reduce-scatter into a split,
  /// (m-1)·A, then what that split lacks of the region the consumer reads;
  /// or all-reduce, 2(m-1)·A, where no dimension splits.
  /// `steps` (optional): the latency steps of the way chosen (one ring
  /// reduce-scatter, and a second pass when its split lacks some of the
  /// region; 2(m - 1) for the all-reduce).
  double partialInputCost(unsigned o, unsigned slot, int loop,
                          double *steps = nullptr) const {
    const GraphOp &op = g.ops[o];
    ArrayRef<int64_t> frame = local.inputFrame[o][slot];
    double area = g.tensors[op.inputClasses[slot]].elementBytes;
    for (int64_t s : frame)
      area *= static_cast<double>(s);
    double best = 2.0 * (m - 1) * area;
    double bestSteps = 2.0 * (m - 1);
    for (auto [d, s] : llvm::enumerate(frame))
      if (s >= m && s % m == 0) {
        double fetch = inputCost(o, slot, loop, d);
        if ((m - 1) * area + fetch < best) {
          best = (m - 1) * area + fetch;
          bestSteps = (fetch > 0 ? 2.0 : 1.0) * (m - 1);
        }
      }
    if (steps)
      *steps = bestSteps;
    return best;
  }

  /// The linear operand sets of every op (as description input slots) and
  /// the tensor classes that may be partial (mayBePartial).
  void findPartials() {
    linearSlots.assign(g.ops.size(), {});
    partialClass.assign(g.tensors.size(), false);
    if (!partials)
      return;
    DenseMap<Operation *, unsigned> index;
    for (auto [o, op] : llvm::enumerate(g.ops))
      index[op.op] = o;
    for (auto [o, op] : llvm::enumerate(g.ops))
      for (const SmallVector<unsigned> &set : linearOperandSets(op.op)) {
        SmallVector<unsigned> slots;
        for (unsigned operand : set)
          for (auto [slot, in] : llvm::enumerate(op.desc.inputs))
            if (in.operandNumber == operand && op.inputClasses[slot] >= 0)
              slots.push_back(slot);
        if (slots.size() == set.size())
          linearSlots[o].push_back(std::move(slots));
      }
    for (auto [t, cls] : llvm::enumerate(g.tensors))
      partialClass[t] = llvm::all_of(
          cls.values, [&](Value v) { return mayBePartial(v, index); });
    for (const GraphOp &op : g.ops)
      for (auto [slot, in] : llvm::enumerate(op.desc.inputs))
        if (op.inputClasses[slot] >= 0)
          ++readers[op.op->getOperand(in.operandNumber)];
  }

  /// A value may be partial when an op of the graph makes it that can leave
  /// partials, only ops of the graph read it (it is never returned, so no
  /// function result is ever partial), and one of them is linear in it or
  /// its producer is linear (a linear strategy's results are partial). A
  /// reduction's result read by no linear op would only move its reduction
  /// to the readers, never cheaper, while widening the search.
  bool mayBePartial(Value v, const DenseMap<Operation *, unsigned> &index) {
    auto producer = index.find(v.getDefiningOp());
    if (producer == index.end())
      return false;
    const GraphOp &op = g.ops[producer->second];
    if (linearSlots[producer->second].empty() &&
        !(op.desc.reducer == tdl::Reducer::sum &&
          llvm::is_contained(op.desc.isReduction, true)))
      return false;
    bool linearReader = false;
    for (OpOperand &use : v.getUses()) {
      auto reader = index.find(use.getOwner());
      if (reader == index.end())
        return false;
      const GraphOp &r = g.ops[reader->second];
      for (const SmallVector<unsigned> &set : linearSlots[reader->second])
        for (unsigned slot : set)
          linearReader |=
              r.desc.inputs[slot].operandNumber == use.getOperandNumber();
    }
    // A linear op's results are partial when it adds partials.
    return linearReader || !linearSlots[producer->second].empty();
  }

  Factor buildFactor(unsigned o, int opVar, unsigned pos,
                     const Problem &p) const {
    const GraphOp &op = g.ops[o];
    Factor f;
    f.opVar = opVar;
    f.position = pos;
    for (int c : op.inputClasses)
      f.slotVars.push_back(c);
    for (int c : op.outputClasses)
      f.slotVars.push_back(c);
    const SmallVector<int> &strategies = p.domain[opVar];
    f.tables.resize(f.slotVars.size());
    for (auto [slot, var] : llvm::enumerate(f.slotVars))
      if (var >= 0)
        f.tables[slot].assign(strategies.size() * p.domain[var].size(), 0);
    for (auto [si, loop] : llvm::enumerate(strategies))
      fillCosts(o, loop, si, p, f);
    // Drop slots without a tensor.
    Factor compact;
    compact.opVar = f.opVar;
    compact.position = f.position;
    for (auto [slot, var] : llvm::enumerate(f.slotVars)) {
      if (var < 0)
        continue;
      compact.slotVars.push_back(var);
      compact.tables.push_back(std::move(f.tables[slot]));
    }
    // The time objective charges the op's compute under each strategy once,
    // on its first slot's table (whatever that tensor's layout).
    if (time && !compact.tables.empty()) {
      unsigned numLayouts = p.domain[compact.slotVars.front()].size();
      for (auto [si, loop] : llvm::enumerate(strategies)) {
        double seconds = time->inBytes(computeSeconds(o, loop));
        for (unsigned li = 0; li < numLayouts; ++li)
          compact.tables.front()[si * numLayouts + li] += seconds;
      }
    }
    return compact;
  }

public:
  /// Set while building: some tensor or op had no even split but a padded
  /// one (offered only when `uneven`).
  mutable bool wouldPad = false;

private:
  SmallVector<int> tensorDomain(unsigned t) const {
    if (microbatch) {
      int d = batchDim[t];
      int64_t s = d >= 0 ? local.tensorShape[t][d] : 0;
      return {d >= 0 && s >= m && s % m == 0 ? d : -1};
    }
    SmallVector<int> dims;
    for (auto [d, s] : llvm::enumerate(local.tensorShape[t]))
      if (s >= m && s % m == 0)
        dims.push_back(d);
    // Padded splits are offered only to a tensor no even split fits, which
    // would otherwise be replicated: a padded split never competes with an
    // even one.
    if (dims.empty())
      for (auto [d, s] : llvm::enumerate(local.tensorShape[t]))
        if (s >= m) {
          wouldPad = true;
          if (uneven)
            dims.push_back(d);
        }
    if (dims.empty())
      dims.push_back(-1);
    else if (strategy == SearchStrategy::AllRowGreedy)
      dims.resize(1);
    else if (time)
      // After the splits, so that ties keep the smaller shard.
      dims.push_back(-1);
    // Last, so that ties keep the plans found without partials.
    if (partialClass[t])
      dims.push_back(kPartialLayout);
    return dims;
  }

  /// Whether the materializer computes loop `l` of op `o` split into padded
  /// blocks (lib/SPMD/IterationSpaceRule.cpp): a linalg op, whose padded
  /// iterations it masks, that reads and writes the loop only as a whole
  /// dimension of the loop's extent (a window with a halo would reach past
  /// the tensor). Elsewhere it would compute the op whole, which the plan's
  /// cost would not count, so the search does not offer it.
  bool paddableLoop(unsigned o, unsigned l) const {
    const GraphOp &op = g.ops[o];
    if (!isa<linalg::LinalgOp>(op.op))
      return false;
    auto wholeDims = [&](AffineMap map, ArrayRef<int64_t> shape) {
      for (auto [pos, e] : llvm::enumerate(map.getResults())) {
        if (!e.isFunctionOfDim(l))
          continue;
        auto d = dyn_cast<AffineDimExpr>(e);
        if (!d || pos >= shape.size() || shape[pos] != op.desc.extents[l])
          return false;
      }
      return true;
    };
    for (const InputAccess &in : op.desc.inputs)
      if (!wholeDims(in.map, in.shape))
        return false;
    for (auto [r, map] : llvm::enumerate(op.desc.outputMaps))
      if (r >= op.desc.outputShapes.size() ||
          !wholeDims(map, op.desc.outputShapes[r]))
        return false;
    return true;
  }

  SmallVector<int> opDomain(unsigned c) const {
    const OpClass &cls = g.opClasses[c];
    unsigned o = cls.ops.front();
    const GraphOp &op = g.ops[o];
    SmallVector<int> loops;
    for (unsigned l = 0; l < op.desc.getNumLoops(); ++l) {
      int64_t e = local.opExtents[o][l];
      if (e < m || e % m != 0 || !op.desc.isSplittable(l))
        continue;
      if (op.desc.isReduction[l] &&
          (!op.desc.reducer || strategy == SearchStrategy::NoReduce))
        continue;
      loops.push_back(l);
    }
    // As for tensors: padded loops only for an op no even loop fits (it
    // would be replicated otherwise).
    if (loops.empty())
      for (unsigned l = 0; l < op.desc.getNumLoops(); ++l) {
        int64_t e = local.opExtents[o][l];
        if (e < m || !op.desc.isSplittable(l))
          continue;
        if (op.desc.isReduction[l] &&
            (!op.desc.reducer || strategy == SearchStrategy::NoReduce))
          continue;
        if (!paddableLoop(o, l))
          continue;
        wouldPad = true;
        if (uneven)
          loops.push_back(l);
      }
    if (strategy == SearchStrategy::DataParallel || microbatch) {
      int b = batchLoop[o];
      if (b >= 0 && llvm::is_contained(loops, b))
        return {b};
    }
    // An op that cannot take its share of the microbatch is computed whole;
    // the pipeline materializer refuses the all-gather over microbatches
    // that this needs, naming the op.
    if (microbatch)
      return {-1};
    loops.push_back(-1);
    for (auto [i, set] : llvm::enumerate(linearSlots[o]))
      if (llvm::all_of(set, [&](unsigned slot) {
            return partialClass[op.inputClasses[slot]];
          }))
        loops.push_back(kFirstLinear - static_cast<int>(i));
    return loops;
  }

  /// Data parallelism: the loop of each op that walks the batch, found by
  /// propagating dimension 0 of the non-parameter arguments through the
  /// access maps (gradients share their forward tensor's class).
  /// The loop that walks index `e` in batch order: a plain loop, or, for
  /// the microbatch level, the outermost loop of a row-major flattening
  /// (`d0 * 8 + d1`: a batch merged with the sequence), whose blocks are
  /// contiguous blocks of samples.
  /// The batch dimension of each tensor class and the batch loop of each
  /// op (PartitionGraph::followBatch): microbatches follow tofu.batch_dim
  /// and the batch through reshapes; the data-parallel baseline keeps its
  /// historical dimension 0 and plain dimensions.
  void computeBatchLoops() {
    g.followBatch(/*fromAttributes=*/microbatch, /*throughReshapes=*/microbatch,
                  batchDim, batchLoop);
    if (microbatch)
      batchBroadcasts();
  }

  /// A batched op may read a tensor computed without the batch: a bias or a
  /// constant broadcast over the batch by an op of its own, as JAX exports
  /// write `x + b`. Computed whole, every microbatch would need its slice of
  /// it, a collective over the microbatch level that pipelining refuses.
  /// Such a tensor walks the batch too when every op reading it walks the
  /// batch and reads it there (one dimension), and its producer writes that
  /// dimension along a parallel loop: each microbatch computes its rows.
  void batchBroadcasts() {
    std::vector<SmallVector<std::pair<unsigned, unsigned>>> readers(
        g.tensors.size());
    std::vector<std::pair<int, unsigned>> producer(g.tensors.size(), {-1, 0});
    for (auto [o, op] : llvm::enumerate(g.ops)) {
      for (auto [slot, c] : llvm::enumerate(op.inputClasses))
        if (c >= 0)
          readers[c].push_back({unsigned(o), unsigned(slot)});
      for (auto [r, c] : llvm::enumerate(op.outputClasses))
        if (c >= 0)
          producer[c] = {int(o), unsigned(r)};
    }
    for (bool changed = true; changed;) {
      changed = false;
      for (auto [c, rs] : llvm::enumerate(readers)) {
        const TensorClass &t = g.tensors[c];
        if (batchDim[c] >= 0 || t.isParameter || producer[c].first < 0 ||
            rs.empty() || llvm::any_of(t.values, llvm::IsaPred<BlockArgument>))
          continue;
        int pos = -1;
        bool ok = true;
        for (auto [o, slot] : rs) {
          int loop = batchLoop[o];
          int at = -1;
          for (auto [i, e] :
               llvm::enumerate(g.ops[o].desc.inputs[slot].map.getResults()))
            if (auto d = dyn_cast<AffineDimExpr>(e);
                d && loop >= 0 && int(d.getPosition()) == loop)
              at = i;
          ok &= at >= 0 && (pos < 0 || at == pos);
          pos = at;
        }
        if (!ok || pos < 0)
          continue;
        auto [o, r] = producer[c];
        const GraphOp &op = g.ops[o];
        auto d = dyn_cast<AffineDimExpr>(op.desc.outputMaps[r].getResult(pos));
        if (!d || op.desc.isReduction[d.getPosition()] ||
            (batchLoop[o] >= 0 && batchLoop[o] != int(d.getPosition())))
          continue;
        batchDim[c] = pos;
        batchLoop[o] = d.getPosition();
        changed = true;
      }
    }
  }

  SmallVector<IntRange> loopRanges(unsigned o, int loop, unsigned w) const {
    SmallVector<IntRange> ranges;
    for (auto [l, e] : llvm::enumerate(local.opExtents[o])) {
      if (static_cast<int>(l) == loop) {
        ranges.push_back(blockRange(e, m, w));
      } else {
        ranges.push_back(IntRange{0, e - 1});
      }
    }
    return ranges;
  }

  Box inputNeed(unsigned o, unsigned slot, int loop, unsigned w) const {
    const GraphOp &op = g.ops[o];
    const InputAccess &in = op.desc.inputs[slot];
    ArrayRef<int64_t> shape = local.inputFrame[o][slot];
    SmallVector<IntRange> ranges = loopRanges(o, loop, w);
    Box need;
    for (auto [pos, e] : llvm::enumerate(in.map.getResults())) {
      IntRange full{0, shape[pos] - 1};
      if (!in.whole.empty() && in.whole.test(pos)) {
        need.push_back(full);
        continue;
      }
      std::string error;
      FailureOr<IntRange> r = evaluateConcrete(e, ranges, error);
      // Descriptions were validated at instantiation; a failure here means
      // a shape we cannot reason about, so assume the whole dimension.
      need.push_back(failed(r) ? full : in.guarded ? r->intersect(full) : *r);
    }
    return need;
  }

  Box outputBox(unsigned o, unsigned r, int loop, unsigned w) const {
    const GraphOp &op = g.ops[o];
    SmallVector<IntRange> ranges = loopRanges(o, loop, w);
    Box box;
    for (AffineExpr e : op.desc.outputMaps[r].getResults()) {
      std::string error;
      FailureOr<IntRange> range = evaluateConcrete(e, ranges, error);
      box.push_back(failed(range) ? IntRange{0, 0} : *range);
    }
    return box;
  }

  void fillCosts(unsigned o, int loop, unsigned si, const Problem &p,
                 Factor &f) const {
    const GraphOp &op = g.ops[o];
    unsigned numIn = op.inputClasses.size();
    for (auto [slot, var] : llvm::enumerate(f.slotVars)) {
      if (var < 0)
        continue;
      const SmallVector<int> &layouts = p.domain[var];
      std::vector<double> &table = f.tables[slot];
      for (auto [li, dim] : llvm::enumerate(layouts)) {
        double bytes = slotCost(o, slot, loop, dim);
        double latency =
            time && std::isfinite(bytes)
                ? time->inBytes(time->link->latency *
                                latencySteps(o, slot, loop, dim, bytes))
                : 0;
        table[si * layouts.size() + li] =
            bytes + latency +
            (dim == kPartialLayout ? deferredReduction(o, slot, numIn) : 0);
      }
    }
  }

  /// A partial costs nothing where it is made and its reduction where it is
  /// read: a partial state would look cheap to the DP's beam, which keeps
  /// the cheapest states so far. So the tables charge a partial's smallest
  /// reduction, (m-1)·A, where it is made and refund it, in equal shares,
  /// where it is read; every complete plan costs the same as without the
  /// shift (the per-op bytes of the report are computed unshifted). The
  /// amount is rounded down to a multiple of the readers, so that the shares
  /// stay whole bytes (the library's exact DP works on integers).
  double deferredReduction(unsigned o, unsigned slot, unsigned numIn) const {
    const GraphOp &op = g.ops[o];
    int c =
        slot < numIn ? op.inputClasses[slot] : op.outputClasses[slot - numIn];
    double r = (m - 1) * static_cast<double>(g.tensors[c].elementBytes);
    for (int64_t e : local.tensorShape[c])
      r *= static_cast<double>(e);
    Value v = slot < numIn
                  ? op.op->getOperand(op.desc.inputs[slot].operandNumber)
                  : op.op->getResult(slot - numIn);
    unsigned shares = std::max(1u, readers.lookup(v));
    double share = std::floor(r / shares);
    return slot < numIn ? -share : share * shares;
  }

  const PartitionGraph &g;
  const LocalState &local;
  unsigned m;
  SearchStrategy strategy;
  bool microbatch;
  bool uneven;
  bool partials;
  const LevelTime *time;
  /// Per op: its linear operand sets as description input slots.
  std::vector<SmallVector<SmallVector<unsigned>>> linearSlots;
  /// Per tensor class: whether it may take kPartialLayout.
  std::vector<bool> partialClass;
  /// Per value: the op inputs that read it (deferredReduction).
  DenseMap<Value, unsigned> readers;
  std::vector<int> batchLoop;
  /// Per tensor class: the dimension that walks the batch, or -1.
  std::vector<int> batchDim;
};

//===----------------------------------------------------------------------===//
// Solvers
//===----------------------------------------------------------------------===//

/// The beam of the frontier cross-check: the search's default before the
/// library.
constexpr unsigned kFrontierBeam = 16384;

/// Holds variable `var` at the value `valueIndex` of its domain: its domain
/// becomes that one value and the tables of the factors that touch it keep
/// the matching rows (op variables) or columns (tensor variables).
void pinVariable(Problem &p, unsigned var, unsigned valueIndex) {
  unsigned n = p.domain[var].size();
  for (Factor &f : p.factors) {
    unsigned ns = p.domain[f.opVar].size();
    for (auto [slotVar, table] : llvm::zip(f.slotVars, f.tables)) {
      unsigned nl = p.domain[slotVar].size();
      std::vector<double> kept;
      if (f.opVar == static_cast<int>(var)) {
        kept.assign(table.begin() + valueIndex * nl,
                    table.begin() + (valueIndex + 1) * nl);
      } else if (slotVar == static_cast<int>(var)) {
        for (unsigned s = 0; s < ns; ++s)
          kept.push_back(table[s * n + valueIndex]);
      } else {
        continue;
      }
      table = std::move(kept);
    }
  }
  p.domain[var] = {p.domain[var][valueIndex]};
}

/// Spartan: fix tensor layouts greedily, largest tensor first, each to the
/// layout that is cheapest given the tensors fixed so far (others at their
/// cheapest); then the ops' strategies follow by the DP.
void restrictGreedily(Problem &p, const PartitionGraph &g,
                      const LocalState &local) {
  SmallVector<unsigned> tensors;
  for (unsigned t = 0; t < p.numTensorVars; ++t)
    tensors.push_back(t);
  auto bytes = [&](unsigned t) {
    double b = g.tensors[t].elementBytes;
    for (int64_t s : local.tensorShape[t])
      b *= s;
    return b;
  };
  llvm::stable_sort(
      tensors, [&](unsigned a, unsigned b) { return bytes(a) > bytes(b); });
  std::vector<std::vector<unsigned>> factorsOf(p.domain.size());
  for (auto [i, f] : llvm::enumerate(p.factors))
    for (int v : f.slotVars)
      factorsOf[v].push_back(i);
  std::vector<int> fixed(p.domain.size(), -1);
  for (unsigned t : tensors) {
    if (p.domain[t].size() <= 1) {
      fixed[t] = 0;
      continue;
    }
    double bestScore = std::numeric_limits<double>::infinity();
    unsigned bestLayout = 0;
    for (unsigned l = 0; l < p.domain[t].size(); ++l) {
      double score = 0;
      for (unsigned fi : factorsOf[t]) {
        const Factor &f = p.factors[fi];
        double bestS = std::numeric_limits<double>::infinity();
        for (unsigned s = 0; s < p.domain[f.opVar].size(); ++s) {
          double c = 0;
          for (auto [var, table] : llvm::zip(f.slotVars, f.tables)) {
            unsigned n = p.domain[var].size();
            if (var == static_cast<int>(t)) {
              c += table[s * n + l];
            } else if (fixed[var] >= 0) {
              c += table[s * n + fixed[var]];
            } else {
              double lo = std::numeric_limits<double>::infinity();
              for (unsigned x = 0; x < n; ++x)
                lo = std::min(lo, table[s * n + x]);
              c += lo;
            }
          }
          bestS = std::min(bestS, c);
        }
        score += bestS;
      }
      if (score < bestScore) {
        bestScore = score;
        bestLayout = l;
      }
    }
    fixed[t] = bestLayout;
  }
  for (unsigned t = 0; t < p.numTensorVars; ++t)
    pinVariable(p, t, fixed[t] < 0 ? 0 : fixed[t]);
}

/// Where one value of a tensor class is live, in program order.
struct ValueLife {
  unsigned tensorClass;
  int64_t lo, hi;
};

/// The program order the memory model walks: positions are the entry
/// block's ops from 1 (0: the arguments, before the first op); a value
/// lives from its definition to its last use, an argument or a returned
/// value to the end of the step (the caller holds it). This is the order
/// docs/memory-model.md walks, without its in-place and fusion rules.
struct ProgramOrder {
  std::vector<ValueLife> lives;
  /// Per graph op: its position.
  std::vector<int64_t> opPosition;
};

ProgramOrder programOrder(const PartitionGraph &g) {
  Block &body = g.func.getBody().front();
  DenseMap<Operation *, int64_t> position;
  int64_t next = 1;
  for (Operation &op : body)
    position[&op] = next++;
  int64_t end = next;
  auto at = [&](Operation *op) {
    Operation *top = body.findAncestorOpInBlock(*op);
    return top ? position.lookup(top) : end;
  };
  ProgramOrder order;
  for (const GraphOp &op : g.ops)
    order.opPosition.push_back(at(op.op));
  for (auto [c, cls] : llvm::enumerate(g.tensors))
    for (Value v : cls.values) {
      Operation *def = v.getDefiningOp();
      int64_t lo = def ? at(def) : 0;
      int64_t hi = def ? lo : end;
      for (Operation *user : v.getUsers())
        hi = std::max(hi, user->getBlock() == &body &&
                                  user->hasTrait<OpTrait::IsTerminator>()
                              ? end
                              : at(user));
      order.lives.push_back({static_cast<unsigned>(c), lo, hi + 1});
    }
  return order;
}

/// The level's memory model (docs/search.md#memory-limit). Every value of a
/// tensor class holds, on one device, its class's shard as the levels
/// chosen so far leave it (`local`), split `m` ways by the layout this level
/// gives it; every op, at its position, holds the buffers of its slots
/// under (its strategy, the slot tensor's layout) (LevelBuilder::slotBuffer).
/// Both are divided by `later`, the product of the levels still to come, as
/// if they split them too (optimistic: the final check against
/// estimateMemory catches a later level that does not).
LevelMemory levelMemory(const PartitionGraph &g, const LevelBuilder &builder,
                        const LocalState &local, const Problem &p,
                        const ProgramOrder &order, unsigned m, double later,
                        double limit) {
  LevelMemory memory;
  if (limit <= 0)
    return memory;
  constexpr double kMaxBytes = 9.2e18;
  auto share = [&](double b) {
    return static_cast<int64_t>(std::min(std::ceil(b / later), kMaxBytes));
  };
  memory.limit = static_cast<int64_t>(std::min(limit, kMaxBytes));
  std::vector<std::vector<int64_t>> bytes(p.numTensorVars);
  for (unsigned t = 0; t < p.numTensorVars; ++t)
    for (int d : p.domain[t]) {
      double b = g.tensors[t].elementBytes;
      for (auto [i, extent] : llvm::enumerate(local.tensorShape[t]))
        b *= static_cast<int>(i) == d ? ceilBlock(extent, m) : extent;
      bytes[t].push_back(share(b));
    }
  for (const ValueLife &life : order.lives)
    memory.terms.push_back(
        {life.tensorClass, -1, life.lo, life.hi, bytes[life.tensorClass]});
  for (auto [o, op] : llvm::enumerate(g.ops)) {
    unsigned opVar = p.numTensorVars + op.opClass;
    SmallVector<int> slots(op.inputClasses);
    slots.append(op.outputClasses.begin(), op.outputClasses.end());
    for (auto [slot, c] : llvm::enumerate(slots)) {
      if (c < 0)
        continue;
      MemoryTerm term{
          opVar, c, order.opPosition[o], order.opPosition[o] + 1, {}};
      for (int loop : p.domain[opVar])
        for (int dim : p.domain[c])
          term.bytes.push_back(share(builder.slotBuffer(o, slot, loop, dim)));
      // Slots that need no buffer under any choice cost the solver nothing.
      if (llvm::any_of(term.bytes, [](int64_t b) { return b > 0; }))
        memory.terms.push_back(std::move(term));
    }
  }
  return memory;
}

/// Solves one level: exhaustive enumeration for that strategy, else the
/// solver library (LevelSolver.cpp) under the memory model; the cross-checks
/// (exhaustive, frontier DP) record their optima beside it.
FailureOr<Assignment> solveLevel(const PartitionGraph &g, const Problem &p,
                                 const LevelMemory &memory,
                                 const SearchOptions &options, LevelPlan &level,
                                 std::string &error) {
  Assignment a;
  if (options.strategy == SearchStrategy::Exhaustive) {
    FailureOr<Assignment> ex =
        solveExhaustive(p, options.exhaustiveLimit, error);
    if (failed(ex))
      return failure();
    a = std::move(*ex);
  } else {
    LevelSolveOptions solve;
    solve.maxTableEntries = std::max(1u, options.maxTableEntries);
    a = solveWithLibrary(p, memory, solve);
  }
  level.solverCost = a.cost;
  if (options.crossCheck) {
    FailureOr<Assignment> ex =
        solveExhaustive(p, options.exhaustiveLimit, error);
    if (failed(ex))
      return failure();
    level.exhaustiveCost = ex->cost;
  }
  if (options.crossCheckFrontier) {
    std::vector<std::string> names;
    // -debug-only=tofu-search (an LLVM assertions build) prints the
    // frontier each time it widens, by variable name.
    bool debug = false;
    LLVM_DEBUG(debug = true);
    if (debug) {
      for (const TensorClass &t : g.tensors)
        names.push_back("T:" + t.name);
      for (const OpClass &c : g.opClasses)
        names.push_back("O:" + c.name);
    }
    Assignment dp = solveDP(p, kFrontierBeam, debug ? &names : nullptr);
    level.frontierCost = dp.cost;
    level.frontierApproximate = dp.approximate;
  }
  level.widestFrontier = frontierWidth(p);
  level.maxStates = a.maxStates;
  level.coreSize = a.coreSize;
  level.approximate = a.approximate;
  level.overLimit = a.overLimit;
  return a;
}

/// The level's optimum with each explained variable held at each value of
/// its domain, in bytes over all `groups`. `memoryOf` gives the memory model
/// of a problem (the held problem's domains are smaller).
FailureOr<std::vector<LevelExplanation>>
explainLevel(const PartitionGraph &g, const Problem &p,
             function_ref<LevelMemory(const Problem &)> memoryOf,
             const SearchOptions &options, unsigned groups,
             std::string &error) {
  SearchOptions solveOnly = options;
  solveOnly.crossCheck = solveOnly.crossCheckFrontier = false;
  std::vector<LevelExplanation> result;
  auto explain = [&](bool isTensor, unsigned index) -> LogicalResult {
    unsigned var = isTensor ? index : p.numTensorVars + index;
    LevelExplanation e;
    e.isTensor = isTensor;
    e.index = index;
    for (unsigned v = 0; v < p.domain[var].size(); ++v) {
      Problem held = p;
      pinVariable(held, var, v);
      LevelPlan scratch;
      FailureOr<Assignment> a =
          solveLevel(g, held, memoryOf(held), solveOnly, scratch, error);
      if (failed(a))
        return failure();
      e.options.emplace_back(p.domain[var][v], a->cost * groups);
    }
    result.push_back(std::move(e));
    return success();
  };
  for (unsigned t : options.explainTensors)
    if (failed(explain(/*isTensor=*/true, t)))
      return failure();
  for (unsigned c : options.explainOps)
    if (failed(explain(/*isTensor=*/false, c)))
      return failure();
  return result;
}

} // namespace

/// Partials flow into linear consumers in the tofu search (and its
/// exhaustive check) outside pipelines; the baselines keep their published
/// rules, and the stage scheduler materializes no partial layouts.
static bool offersPartials(const SearchOptions &options) {
  return options.partials && options.microbatches <= 1 &&
         (options.strategy == SearchStrategy::Tofu ||
          options.strategy == SearchStrategy::Exhaustive);
}

/// The time objective's step estimate of a plan (Plan::estimatedSeconds):
/// per level, one device's share of the level's bytes at its link bandwidth
/// plus the latency steps; per op, the roofline of its share (its FLOPs and
/// operand bytes over the ways of the levels that split it).
static double estimatedSeconds(const PartitionGraph &g, const Plan &plan,
                               const SearchOptions &options) {
  const Machine &mc = *options.machine;
  double seconds = 0;
  for (const LevelPlan &level : plan.perLevel) {
    const Link &link = mc.linkFor(level.groupSize);
    seconds += level.groupCommBytes * options.floatBytesScale /
                   level.groupSize / link.bandwidth +
               level.latencySteps * link.latency;
  }
  auto ways = [&](auto splits) {
    double w = 1;
    for (const LevelPlan &level : plan.perLevel)
      if (splits(level))
        w *= level.ways;
    return w;
  };
  for (const GraphOp &op : g.ops) {
    double traffic = 0;
    SmallVector<int> slots(op.inputClasses);
    slots.append(op.outputClasses.begin(), op.outputClasses.end());
    for (int c : slots)
      if (c >= 0)
        traffic +=
            static_cast<double>(g.tensors[c].bytes()) *
            options.floatBytesScale /
            ways([&](const LevelPlan &l) { return l.tensorDim[c] >= 0; });
    double split =
        ways([&](const LevelPlan &l) { return l.opLoop[op.opClass] >= 0; });
    seconds += mc.rooflineSeconds(op.flops / split, traffic,
                                  options.elementType, op.isProduct());
  }
  return seconds;
}

/// Writes the level's problem, with its memory model, in the IOPDDL format
/// to `<dumpLevels>/level-<levels>-<index>.json` (docs/solver.md). Without
/// a memory limit the model is written with none (usage_limit INT64_MAX).
static LogicalResult
dumpLevel(const PartitionGraph &g, const LevelBuilder &builder,
          const LocalState &local, const Problem &p, const ProgramOrder &order,
          unsigned m, double later, const SearchOptions &options,
          ArrayRef<unsigned> levels, unsigned index, std::string &error) {
  bool microbatchLevel = index == 0 && options.microbatches > 1;
  double limit = options.memoryLimit > 0 ? options.memoryLimit : 9.2e18;
  LevelMemory memory = levelMemory(g, builder, local, p, order, m, later,
                                   microbatchLevel ? 0 : limit);
  if (options.memoryLimit <= 0)
    memory.limit = -1;
  ::tofu::solver::Problem instance = libraryProblem(p, memory);
  instance.name =
      "level-" + joinFactors(levels, "x") + "-" + std::to_string(index);
  SmallString<128> path(options.dumpLevels);
  llvm::sys::path::append(path, instance.name + ".json");
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec);
  if (ec) {
    error = "cannot write '" + path.str().str() + "': " + ec.message();
    return failure();
  }
  ::tofu::solver::writeProblem(instance, os);
  os << "\n";
  return success();
}

/// The recursive search with fixed levels. `uneven`: padded splits are
/// offered where no even one fits; `wouldPad` is set if some level had such
/// a tensor or op.
static FailureOr<Plan> searchLevels(const PartitionGraph &g, unsigned k,
                                    ArrayRef<unsigned> levels,
                                    const SearchOptions &options, bool uneven,
                                    bool &wouldPad, std::string &error) {
  Plan plan;
  plan.strategy = options.strategy;
  plan.objective = options.objective;
  plan.workers = k;
  plan.levels.assign(levels.begin(), levels.end());

  LocalState local;
  for (const TensorClass &t : g.tensors)
    local.tensorShape.push_back(t.shape);
  for (const GraphOp &op : g.ops) {
    local.opExtents.push_back(op.desc.extents);
    local.inputFrame.emplace_back();
    for (auto [slot, c] : llvm::enumerate(op.inputClasses))
      local.inputFrame.back().push_back(
          c < 0 ? SmallVector<int64_t>(op.desc.inputs[slot].shape)
                : g.tensors[c].shape);
    local.outputFrame.emplace_back();
    for (auto [r, c] : llvm::enumerate(op.outputClasses))
      local.outputFrame.back().push_back(c < 0 ? SmallVector<int64_t>()
                                               : g.tensors[c].shape);
  }

  ProgramOrder order;
  if (options.memoryLimit > 0 || !options.dumpLevels.empty())
    order = programOrder(g);
  unsigned groups = 1;
  for (auto [index, m] : llvm::enumerate(plan.levels)) {
    double later = 1;
    for (unsigned f : ArrayRef<unsigned>(plan.levels).drop_front(index + 1))
      later *= f;
    std::optional<LevelTime> time;
    if (options.objective == SearchObjective::Time)
      time = LevelTime{options.machine,
                       options.elementType,
                       options.floatBytesScale,
                       static_cast<double>(k / groups),
                       later,
                       &options.machine->linkFor(k / groups)};
    LevelBuilder builder(g, local, m, options.strategy,
                         /*microbatch=*/index == 0 && options.microbatches > 1,
                         uneven, /*partials=*/offersPartials(options),
                         time ? &*time : nullptr);
    Problem p = builder.build();
    wouldPad |= builder.wouldPad;
    if (options.strategy == SearchStrategy::Spartan)
      restrictGreedily(p, g, local);
    LevelPlan level;
    // The microbatch level runs its microbatches one after another on the
    // same devices: it splits no memory, and has no choice to constrain.
    bool microbatchLevel = index == 0 && options.microbatches > 1;
    unsigned ways = m; // a structured binding cannot be captured (C++17)
    auto memoryOf = [&](const Problem &problem) {
      return levelMemory(g, builder, local, problem, order, ways, later,
                         microbatchLevel ? 0 : options.memoryLimit);
    };
    if (!options.dumpLevels.empty() &&
        failed(dumpLevel(g, builder, local, p, order, ways, later, options,
                         plan.levels, index, error)))
      return failure();
    FailureOr<Assignment> solved =
        solveLevel(g, p, memoryOf(p), options, level, error);
    if (failed(solved))
      return failure();
    const Assignment &a = *solved;
    FailureOr<std::vector<LevelExplanation>> explanations =
        explainLevel(g, p, memoryOf, options, groups, error);
    if (failed(explanations))
      return failure();
    level.explanations = std::move(*explanations);
    level.ways = m;
    level.numGroups = groups;
    level.groupSize = k / groups;
    unsigned numT = g.tensors.size();
    for (unsigned t = 0; t < numT; ++t)
      level.tensorDim.push_back(p.domain[t][a.value[t]]);
    for (unsigned c = 0; c < g.opClasses.size(); ++c)
      level.opLoop.push_back(p.domain[numT + c][a.value[numT + c]]);

    // Cost and fetch buffers of the chosen values, op by op (ops with the
    // same problem and tensors computed once).
    double cost = 0;
    struct OpLevelCost {
      double bytes = 0, fetch = 0, steps = 0;
    };
    std::map<std::vector<int64_t>, OpLevelCost> seen;
    for (unsigned o = 0; o < g.ops.size(); ++o) {
      const GraphOp &op = g.ops[o];
      int loop = level.opLoop[op.opClass];
      std::vector<int64_t> key = builder.problemKeyOf(o);
      key.insert(key.end(), op.inputClasses.begin(), op.inputClasses.end());
      key.insert(key.end(), op.outputClasses.begin(), op.outputClasses.end());
      auto [it, inserted] = seen.try_emplace(std::move(key));
      if (inserted) {
        OpLevelCost &c = it->second;
        SmallVector<int> slots(op.inputClasses);
        slots.append(op.outputClasses.begin(), op.outputClasses.end());
        for (auto [slot, cls] : llvm::enumerate(slots)) {
          if (cls < 0)
            continue;
          int dim = level.tensorDim[cls];
          double bytes = builder.slotCost(o, slot, loop, dim);
          c.bytes += bytes;
          c.steps += builder.latencySteps(o, slot, loop, dim, bytes);
        }
        c.fetch = builder.fetchBytes(o, loop, level.tensorDim);
      }
      cost += it->second.bytes;
      level.latencySteps += it->second.steps;
      level.opCommBytes.push_back(it->second.bytes * groups);
      level.largestFetchBytes =
          std::max(level.largestFetchBytes, it->second.fetch);
    }
    level.groupCommBytes = cost;
    level.commBytes = cost * groups;
    plan.commBytes += level.commBytes;

    // The next level sees one group's share.
    for (unsigned t = 0; t < numT; ++t)
      if (int d = level.tensorDim[t]; d >= 0)
        local.tensorShape[t][d] = ceilBlock(local.tensorShape[t][d], m);
    for (unsigned o = 0; o < g.ops.size(); ++o) {
      const GraphOp &op = g.ops[o];
      int loop = level.opLoop[op.opClass];
      for (auto [slot, c] : llvm::enumerate(op.inputClasses))
        if (c >= 0)
          local.inputFrame[o][slot] = builder.nextInputFrame(o, slot, loop);
      for (auto [r, c] : llvm::enumerate(op.outputClasses))
        if (c >= 0)
          local.outputFrame[o][r] = builder.nextOutputFrame(o, r, loop);
      if (loop >= 0)
        local.opExtents[o][loop] = ceilBlock(local.opExtents[o][loop], m);
    }
    plan.perLevel.push_back(std::move(level));
    groups *= m;
  }
  if (options.objective == SearchObjective::Time)
    plan.estimatedSeconds = estimatedSeconds(g, plan, options);
  return plan;
}

/// The search evaluates every worker's region of every op at each level, so
/// a level of m ways costs about m times the graph's ops, and every candidate
/// factorization is searched: a worker count with a thousand factorizations
/// or a level of a million ways would run for hours. This budget (measured:
/// 55 s of search for a small MLP, about 5 minutes for a 96-layer
/// transformer, whose k = 512 search uses 8% of it) refuses such requests
/// up front, with the way out.
static constexpr uint64_t kSearchWorkLimit = 100'000'000;

static LogicalResult checkSearchWork(const PartitionGraph &g, unsigned k,
                                     ArrayRef<SmallVector<unsigned>> candidates,
                                     std::string &error) {
  // In double: a million ops times a level of 2^32 ways times thousands of
  // factorizations would overflow 64 bits.
  double ops = std::max<size_t>(1, g.ops.size());
  double work = 0;
  for (const SmallVector<unsigned> &levels : candidates)
    for (unsigned m : levels)
      work += ops * m;
  if (work <= kSearchWorkLimit)
    return success();
  SmallVector<unsigned> primes = factorWorkers(k);
  double primeWork = 0;
  for (unsigned m : primes)
    primeWork += ops * m;
  std::string remedy = "partition over fewer workers";
  if (primeWork <= kSearchWorkLimit && primes.size() > 1)
    remedy = "name the levels with levels= (e.g. levels=" +
             joinFactors(primes, ",") + ") or " + remedy;
  error = llvm::formatv(
      "the search over {0} workers is too large: {1} factorization{2} into "
      "levels of a graph of {3} ops need about {4:e2} worker-region "
      "evaluations, over the limit of {5:e0}; {6}",
      k, candidates.size(), candidates.size() == 1 ? "" : "s", g.ops.size(),
      work, double(kSearchWorkLimit), remedy);
  return failure();
}

/// With a memory limit: estimates every candidate plan's peak
/// (estimateMemory, the number the report prints) and drops those over the
/// limit. When none is left, fails naming the smallest peak found and what
/// dominates it, as --tofu-plan does.
static LogicalResult keepPlansThatFit(const PartitionGraph &g, unsigned k,
                                      double limit, std::vector<Plan> &plans,
                                      std::string &error) {
  if (limit <= 0)
    return success();
  std::optional<std::pair<MemoryEstimate, const Plan *>> smallest;
  for (Plan &plan : plans) {
    MemoryEstimate m = estimateMemory(g, plan);
    plan.peakBytes = m.peak;
    if (!smallest || m.peak < smallest->first.peak)
      smallest = {m, &plan};
  }
  std::vector<Plan> fitting;
  for (Plan &plan : plans)
    if (plan.peakBytes <= limit)
      fitting.push_back(std::move(plan));
  if (!fitting.empty()) {
    plans = std::move(fitting);
    return success();
  }
  const MemoryEstimate &m = smallest->first;
  std::pair<double, StringRef> dominant = largestMemoryPart(
      m.parameters, m.gradients, m.optimizerState, m.activations, m.buffers);
  error = llvm::formatv("no plan for {0} workers fits {1} per device: the "
                        "smallest peak found is {2} (levels {3}), dominated "
                        "by {4} ({5}) at '{6}'",
                        k, humanBytes(limit), humanBytes(m.peak),
                        joinFactors(smallest->second->levels), dominant.second,
                        humanBytes(dominant.first), m.peakAt)
              .str();
  return failure();
}

FailureOr<Plan> mlir::tofu::searchPlan(const PartitionGraph &g, unsigned k,
                                       const SearchOptions &options,
                                       std::string &error, bool *doesNotFit) {
  auto start = std::chrono::steady_clock::now();
  if (k == 0) {
    error = "the number of workers must be positive";
    return failure();
  }
  if (options.objective == SearchObjective::Time && !options.machine) {
    error = "the time objective needs a machine description";
    return failure();
  }
  SmallVector<SmallVector<unsigned>> candidates;
  unsigned mb = options.microbatches;
  if (mb > 1 && k % mb != 0) {
    error = std::to_string(mb) + " microbatches do not divide the " +
            std::to_string(k) + " workers of the microbatch level";
    return failure();
  }
  if (mb > 1 && options.levels.empty()) {
    // Level 0 is the microbatch level; the search factors the rest.
    SmallVector<SmallVector<unsigned>> inner = factorizations(k / mb);
    if (inner.empty())
      inner.push_back({});
    for (SmallVector<unsigned> &f : inner) {
      f.insert(f.begin(), mb);
      candidates.push_back(std::move(f));
    }
  } else if (!options.levels.empty()) {
    unsigned product = 1;
    for (unsigned f : options.levels) {
      if (f < 2) {
        error = "every level must split at least 2 ways";
        return failure();
      }
      product *= f;
    }
    if (product != k) {
      error = "the levels multiply to " + std::to_string(product) +
              ", not to the " + std::to_string(k) + " workers";
      return failure();
    }
    candidates.push_back(options.levels);
  } else if (options.strategy == SearchStrategy::Tofu) {
    candidates = factorizations(k);
  } else if (options.strategy == SearchStrategy::EqualChop && k > 1) {
    candidates.push_back({k});
  } else {
    candidates.push_back(factorWorkers(k));
  }
  if (candidates.empty())
    candidates.push_back({}); // k == 1
  if (failed(checkSearchWork(g, k, candidates, error)))
    return failure();
  // A level that splits no tensor at all replicates everything: it
  // communicates nothing and saves no memory. Prefer the factorizations whose
  // every level splits some tensor, and among them the one that communicates
  // least; when none does, the one with the smallest per-device share.
  auto splitsEveryLevel = [&](const Plan &plan) {
    return g.tensors.empty() ||
           llvm::all_of(plan.perLevel, [](const LevelPlan &level) {
             return llvm::any_of(level.tensorDim, [](int d) { return d >= 0; });
           });
  };
  // Uneven (padded) splits: for the tofu search (and its exhaustive check)
  // outside pipelines; the baselines keep their published rules, and the
  // stage scheduler takes even splits only. Each factorization is searched
  // with even splits first; where some tensor or op had no even split but a
  // padded one, it is searched again with padded splits offered there, and
  // the padded plan replaces the even one only if it splits every level
  // where the even one does not, or communicates less (so plans of shapes
  // that divide never change, and an even plan wins ties).
  bool mayPad = options.microbatches <= 1 &&
                (options.strategy == SearchStrategy::Tofu ||
                 options.strategy == SearchStrategy::Exhaustive);
  // What factorizations are compared by: the objective's measure.
  auto costOf = [&](const Plan &plan) {
    return options.objective == SearchObjective::Time ? plan.estimatedSeconds
                                                      : plan.commBytes;
  };
  auto paddedIsBetter = [&](const Plan &padded, const Plan &even) {
    bool a = splitsEveryLevel(padded), b = splitsEveryLevel(even);
    if (a != b)
      return a;
    return costOf(padded) < costOf(even) * (1 - 1e-12);
  };
  std::vector<Plan> plans;
  SmallVector<std::pair<SmallVector<unsigned>, double>> alternatives;
  double smallest = std::numeric_limits<double>::infinity();
  for (const auto &[index, levels] : llvm::enumerate(candidates)) {
    if (options.progress)
      options.progress(index, candidates.size(), levels);
    bool wouldPad = false;
    FailureOr<Plan> plan =
        searchLevels(g, k, levels, options, /*uneven=*/false, wouldPad, error);
    if (failed(plan))
      return failure();
    if (mayPad && wouldPad) {
      FailureOr<Plan> padded =
          searchLevels(g, k, levels, options, /*uneven=*/true, wouldPad, error);
      if (failed(padded))
        return failure();
      if (paddedIsBetter(*padded, *plan))
        plan = std::move(padded);
    }
    alternatives.emplace_back(levels, plan->commBytes);
    plans.push_back(std::move(*plan));
  }
  if (failed(keepPlansThatFit(g, k, options.memoryLimit, plans, error))) {
    if (doesNotFit)
      *doesNotFit = true;
    return failure();
  }
  for (const Plan &plan : plans)
    smallest = std::min(smallest, perDeviceTensorBytes(g, plan));
  bool anySplits = llvm::any_of(plans, splitsEveryLevel);
  std::optional<Plan> best;
  for (Plan &plan : plans) {
    if (anySplits ? !splitsEveryLevel(plan)
                  : perDeviceTensorBytes(g, plan) > smallest * 1.01)
      continue;
    if (!best || costOf(plan) < costOf(*best) * (1 - 1e-12))
      best = std::move(plan);
  }
  best->alternatives = std::move(alternatives);
  best->searchSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
          .count();
  return std::move(*best);
}
