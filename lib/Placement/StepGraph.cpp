//===- StepGraph.cpp - The placement problem of an MLIR training step -----===//

#include "Tofu/Placement/StepGraph.h"

#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/Partition/Graph.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"

#include <cmath>
#include <map>

using namespace mlir;
using namespace mlir::tofu;
namespace pl = ::tofu::placement;

bool mlir::tofu::isBackwardOp(Operation *op) {
  return op->hasAttr(kFwdAttrName) || op->hasAttr(kGradOfAttrName) ||
         op->hasAttr(kUpdateOfAttrName);
}

namespace {

double tensorBytes(Type type) {
  auto t = dyn_cast<RankedTensorType>(type);
  if (!t || !t.hasStaticShape())
    return 0;
  Type e = t.getElementType();
  double bytes = e.isIntOrFloat()
                     ? std::max<double>(1, (e.getIntOrFloatBitWidth() + 7) / 8)
                     : 8;
  return bytes * static_cast<double>(t.getNumElements());
}

bool isOperandFreeResult(Value v) {
  Operation *def = v.getDefiningOp();
  return def && def->getNumOperands() == 0;
}

/// Ops every stage can recompute for nothing: they read no data, only
/// results of operand-free ops (a linalg.fill of a tensor.empty with a
/// constant). Values their regions capture count as operands.
bool isCheap(Operation *op) {
  if (!llvm::all_of(op->getOperands(), isOperandFreeResult))
    return false;
  llvm::SetVector<Value> captured;
  getUsedValuesDefinedAbove(op->getRegions(), captured);
  return llvm::all_of(captured, isOperandFreeResult);
}

bool hasTensorResult(Operation *op) {
  return llvm::any_of(op->getResultTypes(), llvm::IsaPred<TensorType>);
}

/// FLOPs of `op` when the partition graph has none: iteration points times
/// arithmetic body ops for linalg ops, one per result element otherwise.
double countFlops(Operation *op) {
  if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op)) {
    double points = 1;
    for (int64_t r : linalgOp.getStaticLoopRanges())
      points *= ShapedType::isDynamic(r) ? 1.0 : static_cast<double>(r);
    double body = 0;
    for (Operation &inner : linalgOp->getRegion(0).front().without_terminator())
      if (!inner.hasTrait<OpTrait::ConstantLike>() &&
          !isa<linalg::IndexOp>(inner))
        body += 1;
    return points * std::max(1.0, body);
  }
  double elements = 0;
  for (Type t : op->getResultTypes())
    if (auto shaped = dyn_cast<RankedTensorType>(t);
        shaped && shaped.hasStaticShape())
      elements += static_cast<double>(shaped.getNumElements());
  return std::max(1.0, elements);
}

/// The partition graph's FLOPs per op, or nothing when it cannot be built
/// (an op without a TDL description); its errors are not the placement's.
std::optional<DenseMap<Operation *, double>>
partitionGraphFlops(func::FuncOp func) {
  ScopedDiagnosticHandler silence(func.getContext(),
                                  [](Diagnostic &) { return success(); });
  FailureOr<PartitionGraph> graph =
      PartitionGraph::build(func, /*coarsen=*/false);
  if (failed(graph))
    return std::nullopt;
  DenseMap<Operation *, double> flops;
  for (const GraphOp &op : graph->ops)
    flops[op.op] = op.flops;
  return flops;
}

std::string nodeName(Operation *op) {
  if (auto n = op->getAttrOfType<StringAttr>(kNameAttrName))
    return n.getValue().str();
  std::string s = op->getName().getStringRef().str();
  for (StringRef attr : {kFwdAttrName, kGradOfAttrName, kUpdateOfAttrName})
    if (auto of = op->getAttrOfType<StringAttr>(attr)) {
      s += " (" + attr.str() + " " + of.getValue().str() + ")";
      break;
    }
  return s;
}

/// Builds a StepGraph step by step; the members carry what one step finds
/// to the next.
class StepGraphBuilder {
public:
  StepGraphBuilder(func::FuncOp func, const Machine &machine,
                   const StepGraphOptions &options)
      : func(func), block(func.getBody().front()), machine(machine),
        options(options) {}

  FailureOr<StepGraph> build() {
    if (failed(collectNodes()))
      return failure();
    costCompute();
    if (failed(linkNodes()))
      return failure();
    classifyNodes();
    colourUpdates();
    layerOrphans();
    addMemory();
    scaleTimes();
    return std::move(g);
  }

private:
  /// The op of `block` that holds `op` (itself, or an ancestor), or null.
  Operation *inBlock(Operation *op) { return block.findAncestorOpInBlock(*op); }

  LogicalResult collectNodes() {
    for (Operation &op : block.without_terminator()) {
      if (!hasTensorResult(&op) || isCheap(&op)) {
        g.attachedOps.push_back(&op);
        continue;
      }
      for (Type t : op.getResultTypes())
        if (auto tensor = dyn_cast<TensorType>(t);
            tensor && !(tensor.hasRank() && tensor.hasStaticShape()))
          return emitError(op.getLoc())
                 << "'" << op.getName()
                 << "': --tofu-place needs static tensor shapes to cost the "
                    "op, got "
                 << t;
      g.nodeOf[&op] = g.nodeOps.size();
      g.nodeOps.push_back(&op);
    }
    return success();
  }

  void costCompute() {
    std::optional<DenseMap<Operation *, double>> pg = partitionGraphFlops(func);
    g.partitionGraphFlops = pg.has_value();
    for (Operation *op : g.nodeOps) {
      double f = 0;
      if (pg) {
        auto it = pg->find(op);
        f = it != pg->end() ? it->second : countFlops(op);
      } else {
        f = countFlops(op);
      }
      g.flops.push_back(f);
      pl::Node n;
      n.id = g.problem.nodes.size();
      n.name = nodeName(op);
      n.acceleratorTime =
          f / options.microbatches / std::max(machine.deviceFlops, 1.0);
      // There are no CPUs (the problem has none); a finite time keeps the
      // problem valid.
      n.cpuTime = 1e9;
      g.problem.nodes.push_back(std::move(n));
    }
  }

  /// The nodes that read `op`'s results, directly or through attached ops
  /// (which run where their first user is, so the value travels to every
  /// node behind them).
  const std::set<unsigned> &consumers(Operation *op) {
    auto [it, inserted] = reach.try_emplace(op);
    if (!inserted)
      return it->second;
    std::set<unsigned> out;
    for (Operation *user : op->getUsers()) {
      Operation *u = inBlock(user);
      if (!u || u == op || u == block.getTerminator())
        continue;
      if (auto n = g.nodeOf.find(u); n != g.nodeOf.end())
        out.insert(n->second);
      else {
        const std::set<unsigned> &more = consumers(u);
        out.insert(more.begin(), more.end());
      }
    }
    return reach[op] = std::move(out);
  }

  /// Edges with the bytes of the source's tensor results per microbatch
  /// over the innermost link; a forward op reading a backward value is not
  /// a training step's shape.
  LogicalResult linkNodes() {
    double bandwidth =
        machine.links.empty() ? 0 : machine.links.front().bandwidth;
    for (auto [u, op] : llvm::enumerate(g.nodeOps)) {
      double bytes = 0;
      for (Value r : op->getResults())
        bytes += tensorBytes(r.getType());
      double cost =
          bandwidth > 0 ? bytes / options.microbatches / bandwidth : 0;
      for (unsigned v : consumers(op)) {
        if (v == u)
          continue;
        Operation *dest = g.nodeOps[v];
        if (isBackwardOp(op) && !isBackwardOp(dest))
          return emitError(dest->getLoc())
                 << "'" << dest->getName()
                 << "' is a forward op (no tofu.fwd, tofu.grad_of or "
                    "tofu.update_of) but reads the backward value of '"
                 << nodeName(op)
                 << "'; --tofu-place expects the training step of "
                    "--tofu-autodiff, whose forward ops read no gradients";
        g.problem.edges.push_back({unsigned(u), v, cost});
      }
    }
    return success();
  }

  /// Colour classes (a backward op joins its forward op's, an update its
  /// gradient's) and layers (the forward op's name without its last
  /// component: "t3.lstm0.gate_i" is in "t3.lstm0", one LSTM cell), used
  /// only when the solver has to coarsen.
  void classifyNodes() {
    llvm::StringMap<unsigned> forwardByName;
    for (auto [i, op] : llvm::enumerate(g.nodeOps))
      if (!isBackwardOp(op))
        if (auto n = op->getAttrOfType<StringAttr>(kNameAttrName))
          forwardByName.try_emplace(n.getValue(), i);
    std::map<std::string, int64_t> layerIds;
    auto layerOf = [&](Operation *op) -> std::optional<int64_t> {
      auto n = op->getAttrOfType<StringAttr>(kNameAttrName);
      if (!n)
        return std::nullopt;
      std::string layer = n.getValue().rsplit('.').first.str();
      return layerIds.try_emplace(layer, layerIds.size()).first->second;
    };
    for (auto [i, op] : llvm::enumerate(g.nodeOps)) {
      pl::Node &n = g.problem.nodes[i];
      n.backward = isBackwardOp(op);
      n.colorClass = i;
      if (!n.backward) {
        n.layer = layerOf(op);
        continue;
      }
      if (auto fwd = op->getAttrOfType<StringAttr>(kFwdAttrName))
        if (auto it = forwardByName.find(fwd.getValue());
            it != forwardByName.end()) {
          n.colorClass = it->second;
          n.layer = g.problem.nodes[it->second].layer;
        }
      // Otherwise an orphan: a class of its own without a forward node.
    }
  }

  /// The node that first reads parameter `arg` (directly or through
  /// attached ops), where the parameter is kept.
  std::optional<unsigned> firstReader(BlockArgument arg) {
    std::optional<unsigned> first;
    for (Operation *user : arg.getUsers())
      if (Operation *u = inBlock(user))
        for (unsigned v : consumersOfUse(u))
          if (!first || v < *first)
            first = v;
    return first;
  }

  /// An update runs where its parameter and the parameter's gradient are:
  /// elsewhere it would ship the gradient out and the new parameter back
  /// every step. The library's default, an orphan of its own, would also
  /// make every update (and, for a weight shared by RNN timesteps, the
  /// accumulation of its gradient) a free-floating source of the contiguity
  /// DAG, each doubling the ideals the DP enumerates (a 2-layer transformer
  /// passes 2,000,000). So the update joins its gradient's colour class; a
  /// gradient that is an orphan sum (a shared weight) joins, with the
  /// update, the class of the parameter's first reader, where the parameter
  /// is kept. Gradients precede their updates in program order.
  void colourUpdates() {
    for (auto [i, op] : llvm::enumerate(g.nodeOps)) {
      if (op->hasAttr(kFwdAttrName) || !op->hasAttr(kUpdateOfAttrName))
        continue;
      std::optional<unsigned> grad = g.gradientOf(i);
      std::optional<unsigned> keeper;
      for (Value v : op->getOperands())
        if (auto arg = dyn_cast<BlockArgument>(v);
            arg && arg.getOwner() == &block &&
            func.getArgAttr(arg.getArgNumber(), kParamAttrName))
          keeper = firstReader(arg);
      std::vector<pl::Node> &nodes = g.problem.nodes;
      bool orphanGrad = grad && nodes[*grad].colorClass == int64_t(*grad);
      if (!grad && !keeper)
        continue;
      unsigned anchor = (!grad || orphanGrad) && keeper ? *keeper : *grad;
      auto join = [&](unsigned n) {
        nodes[n].colorClass = nodes[anchor].colorClass;
        nodes[n].layer = nodes[anchor].layer;
      };
      join(i);
      if (orphanGrad && keeper)
        join(*grad);
    }
  }

  /// Orphans without a layer take their first producer's, so that a layer
  /// contraction leaves no orphan floating on its own.
  void layerOrphans() {
    for (const pl::Edge &e : g.problem.edges) {
      pl::Node &dest = g.problem.nodes[e.dest];
      if (!dest.layer && dest.backward)
        dest.layer = g.problem.nodes[e.source].layer;
    }
  }

  /// Parameters (x3) on their first reading node; saved activations of
  /// forward nodes, per microbatch, times the microbatches in flight.
  void addMemory() {
    for (BlockArgument arg : func.getArguments()) {
      if (!func.getArgAttr(arg.getArgNumber(), kParamAttrName))
        continue;
      if (std::optional<unsigned> first = firstReader(arg))
        g.problem.nodes[*first].size += 3 * tensorBytes(arg.getType());
    }
    double keep = double(options.inFlight) / options.microbatches;
    for (auto [i, op] : llvm::enumerate(g.nodeOps)) {
      if (isBackwardOp(op))
        continue;
      for (Value r : op->getResults())
        if (llvm::any_of(r.getUsers(), [&](Operation *user) {
              Operation *u = inBlock(user);
              return u && isBackwardOp(u);
            }))
          g.problem.nodes[i].size += tensorBytes(r.getType()) * keep;
    }
  }

  /// The nodes a use by `u` reaches: `u` itself or what it feeds.
  std::set<unsigned> consumersOfUse(Operation *u) {
    if (auto n = g.nodeOf.find(u); n != g.nodeOf.end())
      return {n->second};
    if (u == block.getTerminator())
      return {};
    return consumers(u);
  }

  /// Times in units of about a thousandth of the step, rounded to
  /// multiples of 2^-20: sums of such numbers below 2^32 are exact in
  /// double, so the DP's running sums (added and removed millions of times,
  /// in a different order when it traces its optimum back) do not drift
  /// apart. With inexact times the 2-step LSTM's DP could not trace its
  /// optimum back. The rounding is below 1e-9 of the step.
  void scaleTimes() {
    double total = 0;
    for (const pl::Node &n : g.problem.nodes)
      total += n.acceleratorTime;
    for (const pl::Edge &e : g.problem.edges)
      total += e.cost;
    if (!(total > 0))
      return;
    g.secondsPerUnit = total / 1000;
    auto unitsOf = [&](double seconds) {
      return std::ldexp(std::round(std::ldexp(seconds / g.secondsPerUnit, 20)),
                        -20);
    };
    for (pl::Node &n : g.problem.nodes)
      n.acceleratorTime = unitsOf(n.acceleratorTime);
    for (pl::Edge &e : g.problem.edges)
      e.cost = unitsOf(e.cost);
  }

  func::FuncOp func;
  Block &block;
  const Machine &machine;
  const StepGraphOptions &options;
  StepGraph g;
  DenseMap<Operation *, std::set<unsigned>> reach;
};

} // namespace

std::optional<unsigned> StepGraph::gradientOf(unsigned update) const {
  auto of = nodeOps[update]->getAttrOfType<StringAttr>(kUpdateOfAttrName);
  std::optional<unsigned> last;
  for (const pl::Edge &e : problem.edges) {
    if (e.dest != update || !isBackwardOp(nodeOps[e.source]))
      continue;
    auto gradOf = nodeOps[e.source]->getAttrOfType<StringAttr>(kGradOfAttrName);
    if (of && gradOf == of)
      return e.source;
    if (!last || e.source > *last)
      last = e.source;
  }
  return last;
}

FailureOr<StepGraph> StepGraph::build(func::FuncOp func, const Machine &machine,
                                      const StepGraphOptions &options) {
  if (func.isExternal() || !func.getBody().hasOneBlock())
    return emitError(func.getLoc(),
                     "--tofu-place needs a function with a body of one block");
  StepGraphBuilder builder(func, machine, options);
  FailureOr<StepGraph> g = builder.build();
  if (failed(g))
    return failure();
  g->problem.accelerators = options.stages;
  g->problem.cpus = 0;
  g->problem.acceleratorMemory = options.memoryLimit;
  return g;
}
