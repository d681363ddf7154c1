//===- Memory.cpp - Per-device peak memory of a plan ----------------------===//
//
// A sweep over the entry block in program order. Each buffer is an interval
// [birth, death] of op positions with a size and a kind; arguments span the
// whole step. The interval ends are what the CPU pipeline does to the
// materialized program: one-shot bufferization (in place where an init is not
// read later), element-wise fusion, and --tofu-early-dealloc (each buffer
// freed after its last use). See docs/memory-model.md.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Partition/Memory.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Interfaces/DestinationStyleOpInterface.h"

#include <array>

using namespace mlir;
using namespace mlir::tofu;

namespace {

enum Kind { Parameters, Gradients, OptimizerState, Activations, Buffers };
constexpr unsigned kNumKinds = 5;
using KindBytes = std::array<double, kNumKinds>;

/// Per level: the dimension split there, -1 for whole (replicated), -2 for a
/// partial sum still to be reduced (whole-sized).
using Layout = SmallVector<int, 4>;
constexpr int kPartial = -2;

double regionBytes(ArrayRef<int64_t> shape, int64_t elementBytes,
                   const Plan &plan, ArrayRef<int> layout) {
  SmallVector<int64_t> s(shape);
  for (auto [i, level] : llvm::enumerate(plan.perLevel)) {
    int d = layout[i];
    if (d >= 0 && d < static_cast<int>(s.size()))
      s[d] = (s[d] + level.ways - 1) / level.ways;
  }
  double bytes = elementBytes;
  for (int64_t n : s)
    bytes *= n;
  return bytes;
}

Layout classLayout(const Plan &plan, int tensorClass) {
  Layout l;
  for (const LevelPlan &level : plan.perLevel)
    l.push_back(level.tensorDim[tensorClass]);
  return l;
}

/// The result of `map` that loop `loop` indexes directly (-1 when it indexes
/// none, or only inside a compound expression such as a convolution window,
/// which the materializer fetches by gathering the whole dimension).
int directDim(AffineMap map, const llvm::SmallBitVector &whole, int loop) {
  if (loop < 0)
    return -1;
  for (unsigned j = 0; j < map.getNumResults(); ++j) {
    auto d = dyn_cast<AffineDimExpr>(map.getResult(j));
    bool readWhole = j < whole.size() && whole[j];
    if (d && static_cast<int>(d.getPosition()) == loop && !readWhole)
      return j;
  }
  return -1;
}

/// The layout in which `op`'s strategies read description input `input`.
Layout neededLayout(const GraphOp &op, unsigned input, const Plan &plan) {
  const InputAccess &in = op.desc.inputs[input];
  int cls = op.inputClasses[input];
  Layout l;
  for (const LevelPlan &level : plan.perLevel) {
    int loop = level.opLoop[op.opClass];
    // A linear strategy (-2 - i) reads its partial operands as they are.
    if (loop <= -2 && cls >= 0 && level.tensorDim[cls] == kPartial)
      l.push_back(kPartial);
    else
      l.push_back(directDim(in.map, in.whole, loop));
  }
  return l;
}

/// The layout in which `op`'s strategies produce result `result`.
Layout producedLayout(const GraphOp &op, unsigned result, const Plan &plan) {
  Layout l;
  for (const LevelPlan &level : plan.perLevel) {
    int loop = level.opLoop[op.opClass];
    int d = directDim(op.desc.outputMaps[result], {}, loop);
    if ((d < 0 && loop >= 0 && op.desc.isReduction[loop]) || loop <= -2)
      d = kPartial;
    l.push_back(d);
  }
  return l;
}

/// What converting a tensor from layout `from` to `to` costs in scratch, per
/// byte of `bytes` (the larger buffer of the conversion).
double conversionScratch(ArrayRef<int> from, ArrayRef<int> to,
                         const CollectiveScratch &scratch) {
  double most = 0;
  for (auto [f, t] : llvm::zip(from, to)) {
    if (f == t)
      continue;
    if (f == kPartial)
      most = std::max(most, t >= 0 ? scratch.reduceScatter : scratch.allReduce);
    else if (f >= 0)
      most = std::max(most, t >= 0 ? scratch.allToAll : scratch.allGather);
    // From whole to split is a local slice: no scratch.
  }
  return most;
}

/// The most bytes alive while one operand is fetched from layout `have` into
/// `need` (`bytes` there, `kept` of which stay for the op). The relayout
/// gathers the first level that changes and every split level inside it
/// (their blocks lie within its blocks), then cuts the needed block out with
/// a compact copy; only a change between two splits at the innermost split
/// level is an exchange of blocks (all-to-all). docs/memory-model.md.
double fetchBytes(ArrayRef<int64_t> shape, int64_t elementBytes,
                  const Plan &plan, ArrayRef<int> have, ArrayRef<int> need,
                  double bytes, double kept, const CollectiveScratch &scratch) {
  size_t first = 0;
  while (first < have.size() && have[first] == need[first])
    ++first;
  bool splitInside = false;
  for (size_t i = first + 1; i < have.size(); ++i)
    splitInside |= have[i] >= 0;
  if (first < have.size() && have[first] >= 0 && need[first] >= 0 &&
      !splitInside)
    return kept + bytes * scratch.allToAll;
  Layout gathered(have.begin(), have.end());
  bool gathers = false;
  for (size_t i = first; i < have.size(); ++i)
    if (gathered[i] >= 0) {
      gathered[i] = -1;
      gathers = true;
    }
  if (!gathers) // Only whole levels are cut: a compact copy.
    return kept;
  if (gathered == Layout(need.begin(), need.end()))
    return kept + bytes * scratch.allGather;
  double whole = regionBytes(shape, elementBytes, plan, gathered);
  return std::max(whole * (1 + scratch.allGather), whole + kept);
}

/// What an op adds to the buffers alive at it, at the three moments the CPU
/// program has: while it fetches operands (each gathered buffer and its
/// collective's scratch), while it runs (fetched operands and outputs in
/// the layout its strategy produces), and while it converts those outputs
/// (after the operands it read for the last time are freed).
struct OpTransients {
  double fetching = 0;
  double running = 0;
  /// Bytes of the unconverted outputs plus the largest scratch among their
  /// conversions; the caller subtracts what the op freed.
  double converting = 0;
};

OpTransients opTransients(const PartitionGraph &g, const GraphOp &op,
                          const Plan &plan, const CollectiveScratch &scratch) {
  OpTransients t;
  double fetched = 0;
  for (auto [i, c] : llvm::enumerate(op.inputClasses)) {
    if (c < 0)
      continue;
    Layout have = classLayout(plan, c), need = neededLayout(op, i, plan);
    if (need == have)
      continue;
    const InputAccess &in = op.desc.inputs[i];
    int64_t elementBytes = g.tensors[c].elementBytes;
    double bytes = regionBytes(in.shape, elementBytes, plan, need);
    // A slice's fetched source is a buffer of the sweep (addSliceView); only
    // the conversion's intermediates are the op's.
    double kept = isa<tensor::ExtractSliceOp>(op.op) ? 0 : bytes;
    t.fetching = std::max(
        t.fetching, fetched + fetchBytes(in.shape, elementBytes, plan, have,
                                         need, bytes, kept, scratch));
    fetched += kept;
  }
  double made = 0, mostScratch = 0;
  for (auto [r, c] : llvm::enumerate(op.outputClasses)) {
    if (c < 0 || r >= op.desc.outputMaps.size())
      continue;
    Layout produced = producedLayout(op, r, plan), want = classLayout(plan, c);
    if (produced == want)
      continue;
    double bytes = regionBytes(op.desc.outputShapes[r],
                               g.tensors[c].elementBytes, plan, produced);
    // A gather's scratch is a copy of its output, the tensor's share.
    double unit = llvm::is_contained(produced, kPartial)
                      ? bytes
                      : perDeviceClassBytes(g, plan, c);
    mostScratch = std::max(mostScratch,
                           unit * conversionScratch(produced, want, scratch));
    made += bytes;
  }
  t.running = fetched + made;
  t.converting = made + mostScratch;
  return t;
}

/// One buffer of the step: alive from `birth` to `death` (op positions).
struct Buffer {
  double bytes = 0;
  int birth = 0;
  int death = 0;
  Kind kind = Activations;
};

class LivenessSweep {
public:
  LivenessSweep(const PartitionGraph &g, const Plan &plan,
                const CollectiveScratch &scratch)
      : g(g), plan(plan), scratch(scratch), block(g.func.getBody().front()) {}

  MemoryEstimate run();

private:
  void indexOps();
  int effectivePosition(Operation *op);
  int lastUse(Value v);
  bool fusedAway(Value v);
  bool addSliceView(Operation *op, OpResult r, int here, int death);
  Kind kindOf(Operation *def) const;
  void addBuffers();
  const GraphOp *graphOp(Operation *op) const {
    auto it = graphIndex.find(op);
    return it == graphIndex.end() ? nullptr : &g.ops[it->second];
  }

  const PartitionGraph &g;
  const Plan &plan;
  const CollectiveScratch &scratch;
  Block &block;
  SmallVector<Operation *> opsInOrder;
  DenseMap<Operation *, int> position;
  DenseMap<Operation *, unsigned> graphIndex;
  std::vector<Buffer> buffers;
  double unreadArgumentBytes = 0;
  double largestTransient = 0;
  DenseMap<Value, unsigned> bufferOf;
  MemoryEstimate estimate;
};

void LivenessSweep::indexOps() {
  for (Operation &op : block)
    position[&op] = opsInOrder.size(), opsInOrder.push_back(&op);
  for (auto [i, op] : llvm::enumerate(g.ops))
    graphIndex[op.op] = i;
}

/// True when --tofu-fuse-elementwise will fold the producer of `v` into its
/// only consumer, so `v` never gets a buffer: both ops are linalg.generic,
/// the producer all parallel, the consumer reads `v` through a permutation,
/// and no collective sits between them (the producer writes `v` in its
/// tensor's layout and the consumer reads it so).
bool LivenessSweep::fusedAway(Value v) {
  auto producer = v.getDefiningOp<linalg::GenericOp>();
  if (!producer || !v.hasOneUse() ||
      producer.getNumLoops() != producer.getNumParallelLoops())
    return false;
  if (llvm::any_of(producer->getResults(),
                   [&](Value r) { return r != v && !r.use_empty(); }))
    return false;
  OpOperand &use = *v.getUses().begin();
  auto consumer = dyn_cast<linalg::GenericOp>(use.getOwner());
  if (!consumer || consumer->getBlock() != &block ||
      !consumer.getMatchingIndexingMap(&use).isPermutation())
    return false;
  const GraphOp *p = graphOp(producer), *c = graphOp(consumer);
  auto cls = g.classOf.find(v);
  if (!p || !c || cls == g.classOf.end() || cls->second < 0)
    return false;
  Layout layout = classLayout(plan, cls->second);
  unsigned result = cast<OpResult>(v).getResultNumber();
  if (producedLayout(*p, result, plan) != layout)
    return false;
  for (auto [i, in] : llvm::enumerate(c->desc.inputs))
    if (in.operandNumber == use.getOperandNumber())
      return neededLayout(*c, i, plan) == layout;
  return false;
}

/// Where `op`'s reads happen: its own position, or that of the consumer it
/// is fused into.
int LivenessSweep::effectivePosition(Operation *op) {
  while (op->getNumResults() == 1 && fusedAway(op->getResult(0)))
    op = *op->getResult(0).getUsers().begin();
  return position.lookup(op);
}

/// The last position that reads `v` (the return counts as a read).
int LivenessSweep::lastUse(Value v) {
  int last = -1;
  for (Operation *user : v.getUsers())
    if (Operation *top = block.findAncestorOpInBlock(*user))
      last = std::max(last, effectivePosition(top));
  return last;
}

Kind LivenessSweep::kindOf(Operation *def) const {
  if (def->hasAttr(kUpdateOfAttrName))
    return Parameters;
  if (def->hasAttr(kGradOfAttrName))
    return Gradients;
  return Activations;
}

/// A slice is a view of its source (bufferization makes it a subview): it
/// keeps the source's buffer alive rather than holding its own. Where the
/// slice reads its source in another layout, it is a view of that fetched
/// buffer, which then lives as long as the slice (an LSTM's gate slices keep
/// each timestep's fetched gates from the forward op to the backward one).
bool LivenessSweep::addSliceView(Operation *op, OpResult r, int here,
                                 int death) {
  auto slice = dyn_cast<tensor::ExtractSliceOp>(op);
  const GraphOp *gop = graphOp(op);
  if (!slice || !gop || gop->inputClasses.empty() || gop->inputClasses[0] < 0)
    return false;
  int source = gop->inputClasses[0];
  Layout need = neededLayout(*gop, 0, plan);
  unsigned id;
  if (need == classLayout(plan, source)) {
    auto b = bufferOf.find(slice.getSource());
    if (b == bufferOf.end())
      return false;
    id = b->second;
  } else {
    id = buffers.size();
    buffers.push_back({regionBytes(gop->desc.inputs[0].shape,
                                   g.tensors[source].elementBytes, plan, need),
                       here, here, kindOf(op)});
  }
  buffers[id].death = std::max({buffers[id].death, death, here});
  bufferOf[r] = id;
  return true;
}

void LivenessSweep::addBuffers() {
  int end = static_cast<int>(opsInOrder.size()) - 1;
  for (BlockArgument arg : block.getArguments()) {
    bool param =
        g.func.getArgAttr(arg.getArgNumber(), kParamAttrName) != nullptr;
    auto it = g.classOf.find(arg);
    double bytes = 0;
    if (it != g.classOf.end() && it->second >= 0) {
      bytes = perDeviceClassBytes(g, plan, it->second);
    } else if (auto type = dyn_cast<RankedTensorType>(arg.getType());
               type && type.hasStaticShape()) {
      // An argument the graph does not read is still passed in; nothing
      // splits it.
      bytes = type.getNumElements() *
              std::max<int64_t>(1, type.getElementTypeBitWidth() / 8);
      unreadArgumentBytes += bytes;
    } else {
      continue;
    }
    buffers.push_back({bytes, 0, end, param ? Parameters : Activations});
    bufferOf[arg] = buffers.size() - 1;
    estimate.argumentBytes += bytes;
  }
  for (Operation *op : opsInOrder) {
    int here = position.lookup(op);
    auto dps = dyn_cast<DestinationStyleOpInterface>(op);
    for (OpResult r : op->getResults()) {
      auto it = g.classOf.find(r);
      if (it == g.classOf.end() || it->second < 0 || fusedAway(r))
        continue;
      double bytes = perDeviceClassBytes(g, plan, it->second);
      int death = lastUse(r);
      if (addSliceView(op, r, here, death))
        continue;
      // In place: the init's buffer becomes the result's when nothing reads
      // the init afterwards (one-shot bufferization copies it otherwise).
      if (dps) {
        Value init = dps.getTiedOpOperand(r)->get();
        auto b = bufferOf.find(init);
        if (b != bufferOf.end() && !isa<BlockArgument>(init) &&
            lastUse(init) <= here) {
          Buffer &buf = buffers[b->second];
          buf.bytes = std::max(buf.bytes, bytes);
          buf.death = std::max(buf.death, death);
          buf.kind = kindOf(op);
          bufferOf[r] = b->second;
          continue;
        }
      }
      buffers.push_back({bytes, here, std::max(death, here), kindOf(op)});
      bufferOf[r] = buffers.size() - 1;
    }
    if (isa<func::ReturnOp>(op))
      for (Value v : op->getOperands())
        if (auto b = bufferOf.find(v); b != bufferOf.end())
          estimate.resultBytes +=
              perDeviceClassBytes(g, plan, g.classOf.lookup(v));
  }
}

MemoryEstimate LivenessSweep::run() {
  indexOps();
  addBuffers();
  size_t n = opsInOrder.size();
  std::vector<KindBytes> born(n, KindBytes{}), freed(n, KindBytes{});
  for (const Buffer &b : buffers) {
    born[b.birth][b.kind] += b.bytes;
    freed[b.death][b.kind] += b.bytes;
  }
  KindBytes live{};
  int peakPos = -1;
  KindBytes atPeak{};
  auto consider = [&](const KindBytes &now, int p) {
    double total = 0;
    for (double b : now)
      total += b;
    if (peakPos < 0 || total > estimate.peak) {
      estimate.peak = total;
      atPeak = now;
      peakPos = p;
    }
  };
  for (size_t p = 0; p < n; ++p) {
    for (unsigned k = 0; k < kNumKinds; ++k)
      live[k] += born[p][k];
    const GraphOp *op = graphOp(opsInOrder[p]);
    OpTransients t;
    if (op)
      t = opTransients(g, *op, plan, scratch);
    largestTransient =
        std::max({largestTransient, t.fetching, t.running, t.converting});
    KindBytes now = live;
    now[Buffers] += std::max(t.fetching, t.running);
    consider(now, p);
    for (unsigned k = 0; k < kNumKinds; ++k)
      live[k] -= freed[p][k];
    if (t.converting > 0) {
      // The op's last reads are freed before its outputs are converted.
      now = live;
      now[Buffers] += t.converting;
      consider(now, p);
    }
  }
  estimate.parameters = atPeak[Parameters];
  estimate.gradients = atPeak[Gradients];
  estimate.optimizerState = atPeak[OptimizerState];
  estimate.activations = atPeak[Activations];
  estimate.buffers = atPeak[Buffers];
  if (peakPos >= 0) {
    Operation *op = opsInOrder[peakPos];
    if (const GraphOp *gop = graphOp(op))
      estimate.peakAt = gop->name;
    else
      estimate.peakAt = op->getName().getStringRef().str();
  }
  // Every value at once (or every buffer of the sweep, where views of
  // fetched sources make those larger), then the largest op's buffers: no
  // moment of the sweep holds more.
  double values = unreadArgumentBytes, allBuffers = 0;
  for (auto [t, cls] : llvm::enumerate(g.tensors))
    values += cls.values.size() * perDeviceClassBytes(g, plan, t);
  for (const Buffer &b : buffers)
    allBuffers += b.bytes;
  estimate.upperBound = std::max(values, allBuffers) + largestTransient;
  return estimate;
}

} // namespace

double mlir::tofu::perDeviceClassBytes(const PartitionGraph &g,
                                       const Plan &plan, int tensorClass) {
  const TensorClass &cls = g.tensors[tensorClass];
  return regionBytes(cls.shape, cls.elementBytes, plan,
                     classLayout(plan, tensorClass));
}

MemoryEstimate mlir::tofu::estimateMemory(const PartitionGraph &g,
                                          const Plan &plan,
                                          const CollectiveScratch &scratch,
                                          const RuntimeOverhead &overhead) {
  MemoryEstimate estimate = LivenessSweep(g, plan, scratch).run();
  estimate.runtimeBytes = overhead.fixedBytes;
  return estimate;
}

std::pair<double, StringRef>
mlir::tofu::largestMemoryPart(double parameters, double gradients,
                              double optimizerState, double activations,
                              double buffers) {
  std::pair<double, StringRef> parts[] = {{parameters, "parameters"},
                                          {gradients, "gradients"},
                                          {optimizerState, "optimizer state"},
                                          {activations, "activations"},
                                          {buffers, "buffers"}};
  return *llvm::max_element(
      parts, [](const auto &a, const auto &b) { return a.first < b.first; });
}
