//===- AlpaStage.cpp - Alpa's intra-operator pass for one stage -----------===//
//
// See AlpaStage.h and docs/planner.md ("alpa").
//
//===----------------------------------------------------------------------===//

#include "Tofu/Planner/AlpaStage.h"
#include "Tofu/Planner/CostModel.h"
#include "Tofu/Solver/Solver.h"

#include "llvm/ADT/STLExtras.h"

#include <cmath>
#include <limits>
#include <map>

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::planner;

namespace {

/// The cost terms shared by the problem's tables and by stageCost, so that
/// the objective the solver minimises is the segment time it reports.
class Terms {
public:
  explicit Terms(const StageIlpInput &in)
      : in(in), g(*in.graph), group{in.degree, 1} {}

  /// Bytes of a whole tensor of class `c` as the precision stores it.
  double bytes(int c) const {
    double b = static_cast<double>(g.tensors[c].bytes());
    return in.isFloat[c] ? b * in.floatBytesScale : b;
  }
  double share(int c, AxisLayout layout) const {
    return bytes(c) / (layout >= 0 ? in.degree : 1);
  }

  /// Roofline seconds of op `o` under a strategy: the split loop divides
  /// its FLOPs, each operand is read and written at its per-device size (a
  /// partial result whole).
  double compute(unsigned o, const StageChoice &s) const {
    const GraphOp &op = g.ops[o];
    if (in.update[o])
      return 0;
    double traffic = 0;
    for (auto [i, c] : llvm::enumerate(op.inputClasses))
      if (c >= 0)
        traffic += share(c, s.inputs[i]);
    bool reduction = s.loop >= 0 && op.desc.isReduction[s.loop];
    for (auto [r, c] : llvm::enumerate(op.outputClasses))
      if (c >= 0)
        traffic += reduction ? bytes(c) : share(c, s.results[r]);
    double ways = s.loop >= 0 ? in.degree : 1;
    return in.machine->rooflineSeconds(op.flops / ways, traffic, in.elementType,
                                       op.isProduct());
  }

  /// The collective that finishes a reduction strategy's partial results.
  double finish(unsigned o, const StageChoice &s,
                SmallVectorImpl<double> *perLevel) const {
    const GraphOp &op = g.ops[o];
    if (s.loop < 0 || !op.desc.isReduction[s.loop])
      return 0;
    double t = 0;
    for (int c : op.outputClasses)
      if (c >= 0)
        t += collectiveSeconds(*in.machine,
                               s.reduceScatter ? Collective::ReduceScatter
                                               : Collective::AllReduce,
                               bytes(c), group, perLevel);
    return t;
  }

  /// Resharding a tensor of class `c` from one layout to another: nothing
  /// from a replicated one or to the same split, an all-gather to a
  /// replicated one, an all-to-all (each device exchanges its shard's
  /// blocks) between two splits.
  double conversion(int c, AxisLayout from, AxisLayout to,
                    SmallVectorImpl<double> *perLevel) const {
    if (in.degree == 1 || from < 0 || from == to)
      return 0;
    double whole = bytes(c);
    if (to < 0)
      return collectiveSeconds(*in.machine, Collective::AllGather, whole, group,
                               perLevel);
    return collectiveSeconds(*in.machine, Collective::AllGather,
                             whole / in.degree, group, perLevel);
  }

  double flow(const StageIlp &ilp, const StageFlow &f, unsigned sFrom,
              unsigned sTo, SmallVectorImpl<double> *perLevel) const {
    return conversion(f.tensorClass, layoutFrom(ilp, f, sFrom),
                      layoutTo(ilp, f, sTo), perLevel);
  }
  static AxisLayout layoutFrom(const StageIlp &ilp, const StageFlow &f,
                               unsigned s) {
    const StageChoice &c = ilp.nodes[f.from].choices[s];
    return f.fromResult < 0 ? c.layout : c.results[f.fromResult];
  }
  static AxisLayout layoutTo(const StageIlp &ilp, const StageFlow &f,
                             unsigned s) {
    const StageChoice &c = ilp.nodes[f.to].choices[s];
    return f.toInput < 0 ? c.layout : c.inputs[f.toInput];
  }

private:
  const StageIlpInput &in;
  const PartitionGraph &g;
  DeviceGroup group;
};

/// The input dimension a loop split divides: the one indexed by exactly
/// that loop; -1 (the input is read whole) when the loop does not index it
/// plainly (halos, strides, reshapes) or the dimension does not divide.
AxisLayout inputLayout(const InputAccess &access, unsigned loop,
                       unsigned degree) {
  AxisLayout split = -1;
  for (auto [j, expr] : llvm::enumerate(access.map.getResults())) {
    if (expr == getAffineDimExpr(loop, expr.getContext())) {
      if (split >= 0 || (!access.whole.empty() && access.whole[j]) ||
          access.shape[j] % degree)
        return -1;
      split = j;
    } else if (expr.isFunctionOfDim(loop)) {
      return -1;
    }
  }
  return split;
}

/// The strategies of an op on `degree` devices: replicated, each loop
/// whose extent the degree divides (a parallel loop splits its results
/// along the dimension it indexes; a reduction loop leaves partial results
/// that an all-reduce makes whole or a reduce-scatter splits).
SmallVector<StageChoice> opChoices(const GraphOp &op, unsigned degree) {
  const OpDescription &desc = op.desc;
  SmallVector<StageChoice> choices;
  StageChoice rep;
  rep.name = "replicated";
  rep.results.assign(op.outputClasses.size(), -1);
  rep.inputs.assign(desc.inputs.size(), -1);
  choices.push_back(rep);
  if (degree == 1)
    return choices;
  for (unsigned l = 0; l < desc.getNumLoops(); ++l) {
    if (!desc.isSplittable(l) || desc.extents[l] % degree ||
        (desc.isReduction[l] && !desc.reducer))
      continue;
    StageChoice s;
    s.loop = l;
    s.name = "split " + desc.loopNames[l];
    for (const InputAccess &access : desc.inputs)
      s.inputs.push_back(inputLayout(access, l, degree));
    if (desc.isReduction[l]) {
      s.results.assign(op.outputClasses.size(), -1);
      choices.push_back(s);
      choices.back().name += " + all-reduce";
      if (desc.outputShapes.size() != 1)
        continue;
      for (auto [j, extent] : llvm::enumerate(desc.outputShapes[0])) {
        if (extent % degree)
          continue;
        s.reduceScatter = true;
        s.results = {static_cast<AxisLayout>(j)};
        choices.push_back(s);
        choices.back().name += " + reduce-scatter d" + std::to_string(j);
      }
      continue;
    }
    bool ok = true;
    for (auto [r, map] : llvm::enumerate(desc.outputMaps)) {
      AxisLayout split = -1;
      for (auto [j, expr] : llvm::enumerate(map.getResults()))
        if (expr == getAffineDimExpr(l, expr.getContext()) &&
            desc.outputShapes[r][j] % degree == 0)
          split = j;
      ok &= split >= 0;
      s.results.push_back(split);
    }
    if (ok)
      choices.push_back(s);
  }
  return choices;
}

/// The layouts of an outside tensor: replicated or split along any
/// dimension the degree divides.
SmallVector<StageChoice> tensorChoices(const TensorClass &t, unsigned degree) {
  SmallVector<StageChoice> choices;
  StageChoice rep;
  rep.name = "replicated";
  choices.push_back(rep);
  if (degree == 1)
    return choices;
  for (auto [d, extent] : llvm::enumerate(t.shape))
    if (extent % degree == 0) {
      StageChoice s;
      s.layout = d;
      s.name = "split d" + std::to_string(d);
      choices.push_back(s);
    }
  return choices;
}

/// Nodes and flows: one node per op class, one per tensor class read from
/// outside the segment; a flow per (value, reader), and per value leaving
/// the segment whose class has an outside node (the periodic layer's
/// output and its input's gradient, updated parameters).
void addNodesAndFlows(const StageIlpInput &in, StageIlp &ilp) {
  const PartitionGraph &g = *in.graph;
  DenseMap<Operation *, unsigned> index;
  for (auto [o, op] : llvm::enumerate(g.ops))
    index[op.op] = o;
  std::map<int, unsigned> opNode, tensorNode;
  for (auto [k, cls] : llvm::enumerate(g.opClasses)) {
    if (cls.ops.empty())
      continue;
    opNode[k] = ilp.nodes.size();
    StageNode n;
    n.opClass = k;
    n.choices = opChoices(g.ops[cls.ops.front()], in.degree);
    ilp.nodes.push_back(std::move(n));
  }
  auto outside = [&](int c) {
    auto [it, inserted] = tensorNode.try_emplace(c, ilp.nodes.size());
    if (inserted) {
      StageNode n;
      n.isTensor = true;
      n.tensorClass = c;
      n.choices = tensorChoices(g.tensors[c], in.degree);
      ilp.nodes.push_back(std::move(n));
      ilp.sourceOf[c] = {it->second, -1};
    }
    return it->second;
  };
  for (auto [o, op] : llvm::enumerate(g.ops))
    for (auto [i, c] : llvm::enumerate(op.inputClasses)) {
      if (c < 0)
        continue;
      Value v = op.op->getOperand(op.desc.inputs[i].operandNumber);
      StageFlow f;
      f.to = opNode[op.opClass];
      f.toInput = i;
      f.tensorClass = c;
      auto it = index.find(v.getDefiningOp());
      if (it != index.end()) {
        f.from = opNode[g.ops[it->second].opClass];
        f.fromResult = cast<OpResult>(v).getResultNumber();
      } else {
        f.from = outside(c);
      }
      ilp.flows.push_back(f);
    }
  for (auto [o, op] : llvm::enumerate(g.ops))
    for (auto [r, c] : llvm::enumerate(op.outputClasses)) {
      if (c < 0)
        continue;
      // The first producer of a class inside the segment gives its layout
      // (the forward value before its gradient, in search order).
      ilp.sourceOf.try_emplace(c, opNode[op.opClass], static_cast<int>(r));
      auto node = tensorNode.find(c);
      bool leaves = llvm::any_of(op.op->getResult(r).getUsers(),
                                 [&](Operation *u) { return !index.count(u); });
      if (node == tensorNode.end() || !leaves)
        continue;
      StageFlow f;
      f.from = opNode[op.opClass];
      f.fromResult = r;
      f.to = node->second;
      f.tensorClass = c;
      ilp.flows.push_back(f);
    }
}

} // namespace

double StageIlp::objective(ArrayRef<unsigned> choice) const {
  double sum = 0;
  for (auto [n, node] : llvm::enumerate(nodes))
    sum += node.choices[choice[n]].seconds;
  for (const StageEdge &e : edges)
    sum += e.seconds[choice[e.u] * nodes[e.v].choices.size() + choice[e.v]];
  return sum;
}

StageIlp mlir::tofu::planner::buildStageIlp(const StageIlpInput &in) {
  StageIlp ilp;
  addNodesAndFlows(in, ilp);
  Terms terms(in);
  const PartitionGraph &g = *in.graph;
  for (StageNode &node : ilp.nodes) {
    if (node.isTensor)
      continue;
    for (StageChoice &s : node.choices)
      for (unsigned o : g.opClasses[node.opClass].ops)
        s.seconds += terms.compute(o, s) + terms.finish(o, s, nullptr);
  }
  // A flow within one node (an RNN's state from one timestep to the next)
  // is a cost of its choice; others sum into one table per node pair.
  std::map<std::pair<unsigned, unsigned>, unsigned> edgeOf;
  for (const StageFlow &f : ilp.flows) {
    if (f.from == f.to) {
      for (auto [s, choice] : llvm::enumerate(ilp.nodes[f.from].choices))
        choice.seconds += terms.flow(ilp, f, s, s, nullptr);
      continue;
    }
    unsigned nu = ilp.nodes[f.from].choices.size();
    unsigned nv = ilp.nodes[f.to].choices.size();
    auto [it, inserted] = edgeOf.try_emplace({f.from, f.to}, ilp.edges.size());
    if (inserted)
      ilp.edges.push_back({f.from, f.to, std::vector<double>(nu * nv, 0.0)});
    StageEdge &e = ilp.edges[it->second];
    for (unsigned a = 0; a < nu; ++a)
      for (unsigned b = 0; b < nv; ++b)
        e.seconds[a * nv + b] += terms.flow(ilp, f, a, b, nullptr);
  }
  return ilp;
}

FailureOr<StageIlpAnswer>
mlir::tofu::planner::solveStageIlp(const StageIlp &ilp, std::string &error) {
  // One device (or nothing to choose anywhere): the only assignment.
  if (llvm::all_of(ilp.nodes,
                   [](const StageNode &n) { return n.choices.size() == 1; })) {
    StageIlpAnswer answer;
    answer.choice.assign(ilp.nodes.size(), 0);
    answer.seconds = ilp.objective(answer.choice);
    answer.optimal = true;
    answer.foundBy = "the only assignment";
    return answer;
  }
  // TofuSolver's costs are integers: picoseconds keep every term exact to
  // well below the planner's printed precision.
  auto ps = [](double seconds) {
    return static_cast<int64_t>(std::llround(seconds * 1e12));
  };
  ::tofu::solver::Problem p;
  p.name = "alpa-stage";
  for (const StageNode &node : ilp.nodes) {
    ::tofu::solver::Node n;
    for (const StageChoice &s : node.choices) {
      n.costs.push_back(ps(s.seconds));
      n.usages.push_back(0);
    }
    p.nodes.push_back(std::move(n));
  }
  for (const StageEdge &e : ilp.edges) {
    ::tofu::solver::Edge edge;
    edge.u = e.u;
    edge.v = e.v;
    for (double s : e.seconds)
      edge.costs.push_back(ps(s));
    p.edges.push_back(std::move(edge));
  }
  ::tofu::solver::SolverOptions options;
  // One thread: CBC runs first and its proven optimum ends the solve, so
  // the answer does not depend on which of two workers finishes first.
  options.threads = 1;
  options.timeLimit = 60;
  ::tofu::solver::SolveResult r = ::tofu::solver::solve(p, options);
  if (!r.feasible || r.choice.size() != ilp.nodes.size()) {
    error = "the stage problem's solver returned no assignment";
    return failure();
  }
  StageIlpAnswer answer;
  answer.choice.assign(r.choice.begin(), r.choice.end());
  answer.seconds = ilp.objective(answer.choice);
  // CBC proves its bound to a relative tolerance (about 1e-9 of the cost,
  // a few hundred picoseconds here), which TofuSolver's exact integer
  // comparison does not forgive; within 1e-6 the answer is optimal for
  // any figure the planner prints.
  double cost = static_cast<double>(r.cost);
  answer.optimal = r.optimal || r.lowerBound >= cost - 1e-6 * cost;
  answer.foundBy = r.foundBy;
  return answer;
}

StageIlpAnswer mlir::tofu::planner::bruteForceStageIlp(const StageIlp &ilp) {
  StageIlpAnswer best;
  best.seconds = std::numeric_limits<double>::infinity();
  best.optimal = true;
  best.foundBy = "enumeration";
  SmallVector<unsigned> at(ilp.nodes.size(), 0);
  while (true) {
    double t = ilp.objective(at);
    if (t < best.seconds) {
      best.seconds = t;
      best.choice = at;
    }
    unsigned k = 0;
    while (k < at.size() && ++at[k] >= ilp.nodes[k].choices.size())
      at[k++] = 0;
    if (k == at.size())
      break;
  }
  return best;
}

SegmentCost mlir::tofu::planner::stageCost(const StageIlpInput &in,
                                           const StageIlp &ilp,
                                           ArrayRef<unsigned> choice) {
  const PartitionGraph &g = *in.graph;
  Terms terms(in);
  SegmentCost cost;
  cost.tensorCommSeconds.assign(in.machine->links.size(), 0.0);
  for (auto [n, node] : llvm::enumerate(ilp.nodes)) {
    if (node.isTensor)
      continue;
    const StageChoice &s = node.choices[choice[n]];
    for (unsigned o : g.opClasses[node.opClass].ops) {
      (in.forward[o] ? cost.forwardSeconds : cost.backwardSeconds) +=
          terms.compute(o, s);
      terms.finish(o, s, &cost.tensorCommSeconds);
      bool partial = s.loop >= 0 && g.ops[o].desc.isReduction[s.loop];
      for (int c : g.ops[o].outputClasses)
        if (c >= 0 && partial)
          cost.workingBytes = std::max(cost.workingBytes, terms.bytes(c));
    }
  }
  for (const StageFlow &f : ilp.flows) {
    AxisLayout from = Terms::layoutFrom(ilp, f, choice[f.from]);
    AxisLayout to = Terms::layoutTo(ilp, f, choice[f.to]);
    terms.conversion(f.tensorClass, from, to, &cost.tensorCommSeconds);
    if (from >= 0 && to < 0)
      cost.workingBytes =
          std::max(cost.workingBytes, terms.bytes(f.tensorClass));
  }
  auto layoutOf = [&](int c) -> AxisLayout {
    auto it = ilp.sourceOf.find(c);
    if (it == ilp.sourceOf.end())
      return -1;
    const StageChoice &s =
        ilp.nodes[it->second.first].choices[choice[it->second.first]];
    return it->second.second < 0 ? s.layout : s.results[it->second.second];
  };
  for (auto [c, elements] : in.parameters)
    cost.parameterElements += elements / (layoutOf(c) >= 0 ? in.degree : 1);
  for (int c : in.saved)
    cost.savedActivationBytes += terms.share(c, layoutOf(c));
  for (int c : in.boundary)
    cost.boundaryBytes += terms.share(c, layoutOf(c));
  return cost;
}
