//===- Report.cpp - Plan reports and estimates ----------------------------===//

#include "Tofu/Partition/Report.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using namespace mlir::tofu;

PlanEstimates mlir::tofu::estimatePlan(const PartitionGraph &g,
                                       const Plan &plan, const Machine &mc) {
  PlanEstimates e;
  double k = plan.workers;
  double flops = g.totalFlops();
  e.idealStepSeconds = flops / mc.deviceFlops / k;
  // Each op's work divides by the ways of the levels that split it; the
  // levels that replicate it run it whole on every member of their groups.
  double perDevice = 0, replicated = 0;
  for (const GraphOp &op : g.ops) {
    double split = 1;
    for (const LevelPlan &level : plan.perLevel)
      if (level.opLoop[op.opClass] >= 0)
        split *= level.ways;
    perDevice += op.flops / split;
    if (split < k)
      replicated += op.flops;
  }
  e.computeSeconds = perDevice / mc.deviceFlops;
  e.workPerDeviceFraction = flops > 0 ? perDevice / flops : 1.0 / k;
  e.replicatedWorkFraction = flops > 0 ? replicated / flops : 0;
  e.noUsefulSplitting = k > 1 && e.workPerDeviceFraction > 0.9;
  for (const LevelPlan &level : plan.perLevel) {
    const Link &link = mc.linkFor(level.groupSize);
    // Each device moves its share of the level's bytes over its link.
    double seconds = level.commBytes / k / link.bandwidth +
                     level.latencySteps * link.latency;
    e.commSecondsPerLevel.push_back(seconds);
  }
  e.estimatedStepSeconds = e.computeSeconds;
  for (double s : e.commSecondsPerLevel)
    e.estimatedStepSeconds += s;
  e.memory = estimateMemory(g, plan);
  e.peakMemoryBytesPerDevice = e.memory.peak;
  return e;
}

std::string mlir::tofu::tensorLayoutName(int dim) {
  if (dim == -2)
    return "partial";
  return dim < 0 ? "rep" : "split(" + std::to_string(dim) + ")";
}

std::string mlir::tofu::opStrategyName(const GraphOp &op, int loop) {
  if (loop == -1)
    return "replicate";
  // -2 - i: computed whole on the partials of linear operand set i.
  if (loop < 0)
    return "linear " + std::to_string(-2 - loop);
  const std::string &name = op.desc.loopNames[loop];
  return op.desc.isReduction[loop] ? "reduce " + name : name;
}

static llvm::json::Array shapeJSON(ArrayRef<int64_t> shape) {
  llvm::json::Array a;
  for (int64_t d : shape)
    a.push_back(d);
  return a;
}

static llvm::json::Object memoryJSON(const MemoryEstimate &m) {
  return llvm::json::Object{{"peak_bytes", m.peak},
                            {"peak_at", m.peakAt},
                            {"parameters_bytes", m.parameters},
                            {"gradients_bytes", m.gradients},
                            {"optimizer_state_bytes", m.optimizerState},
                            {"activations_bytes", m.activations},
                            {"buffers_bytes", m.buffers},
                            {"argument_bytes", m.argumentBytes},
                            {"result_bytes", m.resultBytes},
                            {"runtime_bytes", m.runtimeBytes},
                            {"no_reuse_upper_bound_bytes", m.upperBound}};
}

/// The machine the estimates use, so that a reader of the report (tofu-viz)
/// can show the links without the machine file.
static llvm::json::Object machineJSON(const Machine &mc) {
  llvm::json::Array links;
  for (const Link &l : mc.links)
    links.push_back(llvm::json::Object{{"name", l.name},
                                       {"group_size", l.groupSize},
                                       {"bandwidth_bytes_per_s", l.bandwidth},
                                       {"latency_s", l.latency}});
  return llvm::json::Object{
      {"name", mc.name},
      {"device",
       llvm::json::Object{{"name", mc.deviceName},
                          {"flops", mc.deviceFlops},
                          {"memory_bytes", mc.deviceMemoryBytes},
                          {"memory_bandwidth_bytes_per_s", mc.memoryBandwidth},
                          {"compute_efficiency", mc.computeEfficiency}}},
      {"node_size", mc.nodeSize()},
      {"links", std::move(links)}};
}

/// "update" (tofu.update_of), "backward" (tofu.grad_of) or "forward".
static StringRef opPhase(Operation *op) {
  if (op->hasAttr("tofu.update_of"))
    return "update";
  if (op->hasAttr("tofu.grad_of"))
    return "backward";
  return "forward";
}

/// Per op: its strategy and, for drawing the plan, the graph around it (the
/// ops whose results it reads, its tensor classes), its FLOPs and the bytes
/// it moves per level.
static llvm::json::Array opsJSON(const PartitionGraph &g, const Plan &plan) {
  DenseMap<Operation *, unsigned> indexOf;
  for (auto [i, op] : llvm::enumerate(g.ops))
    indexOf[op.op] = i;
  llvm::json::Array ops;
  for (auto [i, op] : llvm::enumerate(g.ops)) {
    llvm::json::Array strategy, bytes, inputs, outputs, producers;
    double total = 0;
    for (const LevelPlan &level : plan.perLevel) {
      strategy.push_back(opStrategyName(op, level.opLoop[op.opClass]));
      double b = i < level.opCommBytes.size() ? level.opCommBytes[i] : 0;
      bytes.push_back(b);
      total += b;
    }
    SmallVector<unsigned> from;
    for (const InputAccess &in : op.desc.inputs)
      if (Operation *def = op.op->getOperand(in.operandNumber).getDefiningOp())
        if (auto it = indexOf.find(def); it != indexOf.end())
          from.push_back(it->second);
    llvm::sort(from);
    from.erase(std::unique(from.begin(), from.end()), from.end());
    for (unsigned p : from)
      producers.push_back(p);
    for (int c : op.inputClasses)
      inputs.push_back(c);
    for (int c : op.outputClasses)
      outputs.push_back(c);
    llvm::json::Object entry{{"name", op.name},
                             {"op", op.op->getName().getStringRef()},
                             {"strategy", std::move(strategy)},
                             {"phase", opPhase(op.op)},
                             {"flops", op.flops},
                             {"comm_bytes", total},
                             {"comm_bytes_per_level", std::move(bytes)},
                             {"inputs", std::move(inputs)},
                             {"outputs", std::move(outputs)},
                             {"producers", std::move(producers)}};
    if (!op.desc.note.empty())
      entry["note"] = op.desc.note;
    ops.push_back(std::move(entry));
  }
  return ops;
}

/// The name of an explained variable and the name of its value `v`: the
/// tensor class's layout, or the strategy of the op class (named after its
/// first op's loops).
static std::string explainedName(const PartitionGraph &g,
                                 const LevelExplanation &e) {
  return e.isTensor ? g.tensors[e.index].name : g.opClasses[e.index].name;
}

static std::string explainedValueName(const PartitionGraph &g,
                                      const LevelExplanation &e, int v) {
  return e.isTensor ? tensorLayoutName(v)
                    : opStrategyName(g.ops[g.opClasses[e.index].ops[0]], v);
}

/// A level's bytes as the estimate's seconds: each device moves its share
/// over the link of the level's group (as estimatePlan; no latency, which
/// the alternatives share).
static double levelSeconds(const Plan &plan, const LevelPlan &level,
                           const Machine &mc, double bytes) {
  return bytes / plan.workers / mc.linkFor(level.groupSize).bandwidth;
}

/// Per explained tensor or op class (SearchOptions::explainTensors/Ops),
/// per level: the chosen value and what each value would cost the level.
static llvm::json::Array explanationsJSON(const PartitionGraph &g,
                                          const Plan &plan, const Machine &mc) {
  llvm::json::Array result;
  for (unsigned i = 0; i < plan.perLevel[0].explanations.size(); ++i) {
    const LevelExplanation &first = plan.perLevel[0].explanations[i];
    llvm::json::Array levels, ops;
    for (auto [l, level] : llvm::enumerate(plan.perLevel)) {
      const LevelExplanation &e = level.explanations[i];
      int chosen =
          e.isTensor ? level.tensorDim[e.index] : level.opLoop[e.index];
      llvm::json::Array options;
      for (auto [value, bytes] : e.options) {
        double extra = bytes - level.solverCost * level.numGroups;
        options.push_back(llvm::json::Object{
            {"value", explainedValueName(g, e, value)},
            {"chosen", value == chosen},
            {"comm_bytes", bytes},
            {"extra_comm_bytes", extra},
            {"extra_seconds", levelSeconds(plan, level, mc, extra)}});
      }
      levels.push_back(
          llvm::json::Object{{"level", static_cast<int64_t>(l)},
                             {"ways", level.ways},
                             {"link", mc.linkFor(level.groupSize).name},
                             {"chosen", explainedValueName(g, e, chosen)},
                             {"comm_bytes", level.solverCost * level.numGroups},
                             {"options", std::move(options)}});
    }
    if (!first.isTensor)
      for (unsigned o : g.opClasses[first.index].ops)
        ops.push_back(g.ops[o].name);
    llvm::json::Object entry{{"name", explainedName(g, first)},
                             {"kind", first.isTensor ? "tensor" : "op"},
                             {"levels", std::move(levels)}};
    if (!first.isTensor)
      entry["ops"] = std::move(ops);
    result.push_back(std::move(entry));
  }
  return result;
}

llvm::json::Value mlir::tofu::planToJSON(const PartitionGraph &g,
                                         const Plan &plan, const Machine &mc,
                                         const PlanEstimates &e) {
  llvm::json::Array levels, perLevel, commSeconds, tensors, levelInfo;
  for (const LevelPlan &level : plan.perLevel) {
    levels.push_back(level.ways);
    perLevel.push_back(level.commBytes);
    levelInfo.push_back(llvm::json::Object{
        {"ways", level.ways},
        {"group_size", level.groupSize},
        {"groups", level.numGroups},
        {"link", mc.linkFor(level.groupSize).name},
        {"comm_bytes", level.commBytes},
        {"latency_steps", level.latencySteps},
        {"widest_frontier", level.widestFrontier},
        {"max_states", static_cast<int64_t>(level.maxStates)},
        {"approximate", level.approximate}});
  }
  for (double s : e.commSecondsPerLevel)
    commSeconds.push_back(s);
  llvm::json::Array alternatives;
  for (const auto &[factors, bytes] : plan.alternatives) {
    llvm::json::Array f;
    for (unsigned x : factors)
      f.push_back(x);
    alternatives.push_back(
        llvm::json::Object{{"levels", std::move(f)}, {"comm_bytes", bytes}});
  }
  for (auto [t, cls] : llvm::enumerate(g.tensors)) {
    llvm::json::Array partition;
    for (const LevelPlan &level : plan.perLevel)
      partition.push_back(tensorLayoutName(level.tensorDim[t]));
    tensors.push_back(llvm::json::Object{
        {"name", cls.name},
        {"shape", shapeJSON(cls.shape)},
        {"bytes", cls.bytes()},
        {"element_bytes", cls.elementBytes},
        {"parameter", cls.isParameter},
        {"per_device_bytes", perDeviceClassBytes(g, plan, t)},
        {"values", cls.values.size()},
        {"partition", std::move(partition)}});
  }
  bool approximate = llvm::any_of(
      plan.perLevel, [](const LevelPlan &l) { return l.approximate; });
  llvm::json::Object report{
      {"function", func::FuncOp(g.func).getSymName()},
      {"gpus", plan.workers},
      {"strategy", stringifySearchStrategy(plan.strategy)},
      {"objective", plan.objective == SearchObjective::Time ? "time" : "bytes"},
      {"machine", mc.name},
      {"machine_details", machineJSON(mc)},
      {"levels", std::move(levels)},
      {"level_details", std::move(levelInfo)},
      {"factorizations_compared", std::move(alternatives)},
      {"comm_bytes", plan.commBytes},
      {"comm_bytes_per_level", std::move(perLevel)},
      {"comm_seconds_per_level", std::move(commSeconds)},
      {"peak_memory_bytes_per_device", e.peakMemoryBytesPerDevice},
      {"memory", memoryJSON(e.memory)},
      {"search_seconds", plan.searchSeconds},
      {"compute_seconds", e.computeSeconds},
      {"estimated_step_seconds", e.estimatedStepSeconds},
      {"ideal_step_seconds", e.idealStepSeconds},
      {"objective_seconds", plan.estimatedSeconds},
      {"estimate_model",
       "compute: the FLOPs one device runs (each op divided by the ways of "
       "the levels that split it) / the device's peak FLOP/s; communication "
       "of level i: its bytes / k / the per-device bandwidth of the link of "
       "its group size, plus its latency steps times the link's latency "
       "(m - 1 per transfer, 2(m - 1) per all-reduce); estimated step = "
       "compute + communication, no overlap (docs/cost-model.md)"},
      {"work_per_device_fraction", e.workPerDeviceFraction},
      {"replicated_work_fraction", e.replicatedWorkFraction},
      {"no_useful_splitting", e.noUsefulSplitting},
      {"approximate", approximate},
      {"num_ops", g.ops.size()},
      {"num_op_classes", g.opClasses.size()},
      {"num_tensor_classes", g.tensors.size()},
      {"coarsening", g.attributeGrouping  ? "attributes"
                     : g.inferredGrouping ? "inferred-from-loss"
                                          : "greedy-order"},
      {"tensors", std::move(tensors)},
      {"ops", opsJSON(g, plan)}};
  if (!plan.perLevel.empty() && !plan.perLevel[0].explanations.empty())
    report["explanations"] = explanationsJSON(g, plan, mc);
  return report;
}

std::string mlir::tofu::humanBytes(double b) {
  const char *units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
  int u = 0;
  while (b >= 1024 && u < 4) {
    b /= 1024;
    ++u;
  }
  return llvm::formatv("{0:f2} {1}", b, units[u]).str();
}

std::string mlir::tofu::humanSeconds(double s) {
  if (s >= 1)
    return llvm::formatv("{0:F3} s", s).str();
  if (s >= 1e-3)
    return llvm::formatv("{0:F2} ms", s * 1e3).str();
  return llvm::formatv("{0:F1} us", s * 1e6).str();
}

/// The table's "why" section: per explained variable and level, what each
/// value it could take would add to the level's communication.
static void printExplanations(raw_ostream &os, const PartitionGraph &g,
                              const Plan &plan, const Machine &mc) {
  if (plan.perLevel.empty())
    return;
  for (unsigned i = 0; i < plan.perLevel[0].explanations.size(); ++i) {
    const LevelExplanation &first = plan.perLevel[0].explanations[i];
    os << "\nwhy " << (first.isTensor ? "tensor " : "op class ")
       << explainedName(g, first) << " (the level's least communication "
       << "with it held at each value):\n";
    for (auto [l, level] : llvm::enumerate(plan.perLevel)) {
      const LevelExplanation &e = level.explanations[i];
      int chosen =
          e.isTensor ? level.tensorDim[e.index] : level.opLoop[e.index];
      double best = level.solverCost * level.numGroups;
      os << llvm::formatv("  level {0} ({1} ways, {2}): {3} chosen, level "
                          "{4}\n",
                          l, level.ways, mc.linkFor(level.groupSize).name,
                          explainedValueName(g, e, chosen), humanBytes(best));
      for (auto [value, bytes] : e.options)
        if (value != chosen)
          os << llvm::formatv(
              "    {0,-24} +{1} (+{2})\n", explainedValueName(g, e, value),
              humanBytes(bytes - best),
              humanSeconds(levelSeconds(plan, level, mc, bytes - best)));
    }
  }
}

void mlir::tofu::printPlanTable(raw_ostream &os, const PartitionGraph &g,
                                const Plan &plan, const Machine &mc,
                                const PlanEstimates &e) {
  os << "Tofu plan for @" << func::FuncOp(g.func).getSymName() << ": "
     << plan.workers << " workers, strategy "
     << stringifySearchStrategy(plan.strategy) << ", machine " << mc.name
     << "\n";
  os << "levels:";
  for (unsigned m : plan.levels)
    os << " " << m;
  os << "   ops: " << g.ops.size() << " (" << g.opClasses.size()
     << " classes)   tensors: " << g.tensors.size() << " classes\n";
  os << llvm::formatv("{0,-6} {1,-5} {2,-10} {3,-24} {4,15} {5,9} {6,10}\n",
                      "level", "ways", "group", "link", "comm bytes",
                      "frontier", "exact");
  for (auto [i, level] : llvm::enumerate(plan.perLevel))
    os << llvm::formatv("{0,-6} {1,-5} {2,-10} {3,-24} {4,15} {5,9} {6,10}\n",
                        i, level.ways, level.groupSize,
                        mc.linkFor(level.groupSize).name,
                        humanBytes(level.commBytes), level.widestFrontier,
                        level.approximate ? "no" : "yes");
  os << "total communication per step: " << humanBytes(plan.commBytes) << "\n";
  os << "estimated step: "
     << llvm::formatv("{0:f4} s (compute {1:f4} s), ideal {2:f4} s = {3:f1}% "
                      "of ideal\n",
                      e.estimatedStepSeconds, e.computeSeconds,
                      e.idealStepSeconds,
                      e.estimatedStepSeconds > 0
                          ? 100.0 * e.idealStepSeconds / e.estimatedStepSeconds
                          : 100.0);
  os << llvm::formatv("work per device: {0:f1}% of the step (ideal "
                      "{1:f1}%); replicated work: {2:f1}% of the step's "
                      "FLOPs are in ops not split {3} ways\n",
                      100.0 * e.workPerDeviceFraction, 100.0 / plan.workers,
                      100.0 * e.replicatedWorkFraction, plan.workers);
  if (e.noUsefulSplitting)
    os << "warning: this plan splits almost nothing: every device runs "
       << llvm::formatv("{0:f1}", 100.0 * e.workPerDeviceFraction)
       << "% of the step's work\n";
  const MemoryEstimate &m = e.memory;
  os << "peak memory per device (liveness estimate): " << humanBytes(m.peak)
     << " at " << m.peakAt << "\n";
  os << "  parameters " << humanBytes(m.parameters) << ", gradients "
     << humanBytes(m.gradients) << ", optimizer state "
     << humanBytes(m.optimizerState) << ", activations "
     << humanBytes(m.activations) << ", buffers " << humanBytes(m.buffers)
     << "\n";
  os << "  no-reuse upper bound (every tensor at once, plus the largest op's "
        "buffers): "
     << humanBytes(m.upperBound) << "\n";
  os << "  runtime per rank, beyond the peak (library pages, MPI's shared "
        "memory): "
     << humanBytes(m.runtimeBytes) << "\n";
  os << llvm::formatv("search time: {0:f3} s\n", plan.searchSeconds);
  os << "\n"
     << llvm::formatv("{0,-40} {1,-16} {2}\n", "tensor", "shape",
                      "partition per level");
  for (auto [t, cls] : llvm::enumerate(g.tensors)) {
    std::string shape;
    for (auto [i, d] : llvm::enumerate(cls.shape))
      shape += (i ? "x" : "") + std::to_string(d);
    std::string parts;
    for (const LevelPlan &level : plan.perLevel)
      parts += tensorLayoutName(level.tensorDim[t]) + " ";
    os << llvm::formatv("{0,-40} {1,-16} {2}\n", cls.name, shape, parts);
  }
  os << "\n"
     << llvm::formatv("{0,-40} {1,-24} {2}\n", "op", "kind",
                      "strategy per level");
  for (const GraphOp &op : g.ops) {
    std::string parts;
    for (const LevelPlan &level : plan.perLevel)
      parts += opStrategyName(op, level.opLoop[op.opClass]) + "; ";
    os << llvm::formatv("{0,-40} {1,-24} {2}\n", op.name,
                        op.op->getName().getStringRef(), parts);
  }
  printExplanations(os, g, plan, mc);
  bool notes = false;
  for (const GraphOp &op : g.ops)
    if (!op.desc.note.empty()) {
      os << (notes ? "" : "\nnotes:\n") << "  " << op.name << " ("
         << op.op->getName().getStringRef() << "): " << op.desc.note << "\n";
      notes = true;
    }
}
