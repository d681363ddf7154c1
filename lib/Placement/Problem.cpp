//===- Problem.cpp - The placement problem and its evaluation -------------===//

#include "Tofu/Placement/Problem.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <set>

using namespace tofu::placement;

std::string Problem::describe(unsigned node) const {
  const Node &n = nodes[node];
  if (n.name.empty())
    return llvm::formatv("node {0}", n.id).str();
  return llvm::formatv("node {0} ('{1}')", n.id, n.name).str();
}

/// Kahn's algorithm over the given adjacency; returns the nodes left over
/// (those on or behind a cycle) when it is not a DAG.
static std::vector<unsigned>
topologicalOrder(unsigned n,
                 const std::vector<std::pair<unsigned, unsigned>> &edges,
                 std::vector<unsigned> *leftOver = nullptr) {
  std::vector<unsigned> indegree(n, 0);
  std::vector<std::vector<unsigned>> succ(n);
  for (auto [u, v] : edges) {
    succ[u].push_back(v);
    ++indegree[v];
  }
  std::vector<unsigned> order, ready;
  for (unsigned v = n; v-- > 0;)
    if (indegree[v] == 0)
      ready.push_back(v);
  while (!ready.empty()) {
    unsigned v = ready.back();
    ready.pop_back();
    order.push_back(v);
    for (unsigned w : succ[v])
      if (--indegree[w] == 0)
        ready.push_back(w);
  }
  if (leftOver) {
    leftOver->clear();
    for (unsigned v = 0; v < n; ++v)
      if (indegree[v] != 0)
        leftOver->push_back(v);
  }
  return order;
}

/// One cycle among the nodes a topological sort could not order: walk
/// backwards along unordered predecessors until a node repeats.
static std::vector<unsigned>
findCycle(unsigned n, const std::vector<std::pair<unsigned, unsigned>> &edges,
          const std::vector<unsigned> &leftOver) {
  std::vector<bool> stuck(n, false);
  for (unsigned v : leftOver)
    stuck[v] = true;
  std::vector<int> pred(n, -1);
  for (auto [u, v] : edges)
    if (stuck[u] && stuck[v] && pred[v] < 0)
      pred[v] = u;
  std::vector<int> seenAt(n, -1);
  std::vector<unsigned> walk;
  unsigned v = leftOver.front();
  while (seenAt[v] < 0) {
    seenAt[v] = walk.size();
    walk.push_back(v);
    v = pred[v];
  }
  std::vector<unsigned> cycle(walk.begin() + seenAt[v], walk.end());
  std::reverse(cycle.begin(), cycle.end());
  return cycle;
}

llvm::Error tofu::placement::validate(const Problem &problem) {
  auto fail = [](const llvm::Twine &msg) {
    return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
  };
  if (problem.nodes.empty())
    return fail("the graph has no nodes");
  if (problem.accelerators + problem.cpus == 0)
    return fail("no devices: at least one accelerator or CPU is needed");
  if (!problem.acceleratorSpeeds.empty()) {
    if (problem.acceleratorSpeeds.size() != problem.accelerators)
      return fail(llvm::formatv("{0} accelerator speeds for {1} accelerators",
                                problem.acceleratorSpeeds.size(),
                                problem.accelerators));
    for (double s : problem.acceleratorSpeeds)
      if (!(s > 0) || !std::isfinite(s))
        return fail("accelerator speeds must be positive");
  }
  if (!(problem.acceleratorMemory >= 0))
    return fail("the accelerator memory limit must be non-negative");
  for (unsigned i = 0; i < problem.nodes.size(); ++i) {
    const Node &n = problem.nodes[i];
    for (auto [value, what] :
         {std::pair{n.acceleratorTime, "fpgaLatency"},
          std::pair{n.cpuTime, "cpuLatency"}, std::pair{n.size, "size"}})
      if (!(value >= 0) || !std::isfinite(value))
        return fail(llvm::formatv("{0}: {1} must be a finite non-negative "
                                  "number, got {2}",
                                  problem.describe(i), what, value));
  }
  std::vector<std::pair<unsigned, unsigned>> pairs;
  std::vector<double> cost(problem.nodes.size(), -1);
  for (const Edge &e : problem.edges) {
    if (e.source >= problem.nodes.size() || e.dest >= problem.nodes.size())
      return fail("edge endpoint out of range");
    if (e.source == e.dest)
      return fail(
          llvm::formatv("self-loop on {0}", problem.describe(e.source)));
    if (!(e.cost >= 0) || !std::isfinite(e.cost))
      return fail(llvm::formatv("edge {0} -> {1}: cost must be a finite "
                                "non-negative number",
                                problem.nodes[e.source].id,
                                problem.nodes[e.dest].id));
    if (problem.nodes[e.source].backward && !problem.nodes[e.dest].backward)
      return fail(llvm::formatv(
          "edge {0} -> {1} goes from a backward node to a forward node",
          problem.describe(e.source), problem.describe(e.dest)));
    double &c = cost[e.source];
    if (c >= 0 && std::abs(c - e.cost) > 1e-6 * std::max(1.0, std::abs(c)))
      return fail(llvm::formatv(
          "{0} has out-edges of different costs ({1} and {2}); the model "
          "charges one cost per node output",
          problem.describe(e.source), c, e.cost));
    c = e.cost;
    pairs.emplace_back(e.source, e.dest);
  }
  std::vector<unsigned> leftOver;
  topologicalOrder(problem.nodes.size(), pairs, &leftOver);
  if (!leftOver.empty()) {
    std::vector<unsigned> cycle =
        findCycle(problem.nodes.size(), pairs, leftOver);
    std::string path;
    for (unsigned v : cycle)
      path += llvm::formatv("{0} -> ", problem.nodes[v].id).str();
    path += std::to_string(problem.nodes[cycle.front()].id);
    return fail(llvm::formatv("the graph has a cycle: {0}", path));
  }
  return llvm::Error::success();
}

std::vector<double> tofu::placement::outgoingCosts(const Problem &problem) {
  std::vector<double> cost(problem.nodes.size(), 0);
  for (const Edge &e : problem.edges)
    cost[e.source] = e.cost;
  return cost;
}

ColorClasses tofu::placement::colorClasses(const Problem &problem) {
  ColorClasses classes;
  std::map<int64_t, unsigned> byColor;
  classes.classOf.resize(problem.nodes.size());
  for (unsigned i = 0; i < problem.nodes.size(); ++i) {
    const Node &n = problem.nodes[i];
    unsigned c;
    if (n.colorClass) {
      auto [it, inserted] =
          byColor.try_emplace(*n.colorClass, classes.members.size());
      if (inserted)
        classes.members.emplace_back();
      c = it->second;
    } else {
      c = classes.members.size();
      classes.members.emplace_back();
    }
    classes.classOf[i] = c;
    classes.members[c].push_back(i);
  }
  classes.orphan.assign(classes.members.size(), true);
  for (unsigned i = 0; i < problem.nodes.size(); ++i)
    if (!problem.nodes[i].backward)
      classes.orphan[classes.classOf[i]] = false;
  return classes;
}

std::vector<std::pair<unsigned, unsigned>>
tofu::placement::contiguityEdges(const Problem &problem,
                                 const ColorClasses &classes) {
  std::set<std::pair<unsigned, unsigned>> out;
  for (const Edge &e : problem.edges) {
    unsigned cu = classes.classOf[e.source], cv = classes.classOf[e.dest];
    if (cu == cv)
      continue;
    bool fu = !problem.nodes[e.source].backward;
    bool fv = !problem.nodes[e.dest].backward;
    if (fu && fv)
      out.emplace(cu, cv);
    else if (!fu && !fv && (classes.orphan[cu] || classes.orphan[cv]))
      out.emplace(cv, cu);
  }
  return {out.begin(), out.end()};
}

bool tofu::placement::isContiguous(const Problem &problem,
                                   const ColorClasses &classes,
                                   const std::vector<unsigned> &deviceOfClass) {
  std::set<std::pair<unsigned, unsigned>> deviceEdges;
  for (auto [cu, cv] : contiguityEdges(problem, classes))
    if (deviceOfClass[cu] != deviceOfClass[cv])
      deviceEdges.emplace(deviceOfClass[cu], deviceOfClass[cv]);
  std::vector<std::pair<unsigned, unsigned>> edges(deviceEdges.begin(),
                                                   deviceEdges.end());
  return topologicalOrder(problem.numDevices(), edges).size() ==
         problem.numDevices();
}

Evaluation tofu::placement::evaluate(const Problem &problem,
                                     const Placement &placement) {
  unsigned numDevices = problem.numDevices();
  Evaluation ev;
  ev.load.assign(numDevices, 0);
  ev.memory.assign(numDevices, 0);
  const std::vector<unsigned> &dev = placement.deviceOf;
  for (unsigned i = 0; i < problem.nodes.size(); ++i) {
    const Node &n = problem.nodes[i];
    unsigned d = dev[i];
    if (problem.kind(d) == DeviceKind::Accelerator) {
      ev.load[d] += n.acceleratorTime / problem.speed(d);
      ev.memory[d] += n.size;
      if (!n.acceleratorSupported)
        ev.supportRespected = false;
    } else {
      ev.load[d] += n.cpuTime;
    }
  }
  // Communication: node u pays cost(u) on its device when a successor is
  // elsewhere, and on every other device that holds a successor.
  std::vector<double> cost = outgoingCosts(problem);
  std::vector<std::set<unsigned>> receivers(problem.nodes.size());
  for (const Edge &e : problem.edges)
    if (dev[e.source] != dev[e.dest])
      receivers[e.source].insert(dev[e.dest]);
  for (unsigned u = 0; u < problem.nodes.size(); ++u) {
    if (receivers[u].empty())
      continue;
    if (problem.kind(dev[u]) == DeviceKind::Accelerator)
      ev.load[dev[u]] += cost[u];
    for (unsigned d : receivers[u])
      if (problem.kind(d) == DeviceKind::Accelerator)
        ev.load[d] += cost[u];
  }
  for (unsigned d = 0; d < numDevices; ++d) {
    ev.maxLoad = std::max(ev.maxLoad, ev.load[d]);
    if (problem.kind(d) == DeviceKind::Accelerator &&
        ev.memory[d] > problem.acceleratorMemory)
      ev.memoryRespected = false;
  }
  ColorClasses classes = colorClasses(problem);
  std::vector<unsigned> deviceOfClass(classes.size());
  for (unsigned c = 0; c < classes.size(); ++c) {
    deviceOfClass[c] = dev[classes.members[c].front()];
    for (unsigned m : classes.members[c])
      if (dev[m] != deviceOfClass[c])
        ev.colorClassesRespected = false;
  }
  ev.contiguous =
      ev.colorClassesRespected && isContiguous(problem, classes, deviceOfClass);
  return ev;
}

std::vector<unsigned>
tofu::placement::pipelineOrder(const Problem &problem,
                               const Placement &placement) {
  unsigned numDevices = problem.numDevices();
  ColorClasses classes = colorClasses(problem);
  std::set<std::pair<unsigned, unsigned>> deviceEdges;
  for (auto [cu, cv] : contiguityEdges(problem, classes)) {
    unsigned du = placement.deviceOf[classes.members[cu].front()];
    unsigned dv = placement.deviceOf[classes.members[cv].front()];
    if (du != dv)
      deviceEdges.emplace(du, dv);
  }
  std::vector<bool> used(numDevices, false);
  for (unsigned d : placement.deviceOf)
    used[d] = true;
  std::vector<std::pair<unsigned, unsigned>> edges(deviceEdges.begin(),
                                                   deviceEdges.end());
  std::vector<unsigned> order = topologicalOrder(numDevices, edges);
  if (order.size() != numDevices) {
    order.resize(numDevices);
    for (unsigned d = 0; d < numDevices; ++d)
      order[d] = d;
  }
  std::stable_partition(order.begin(), order.end(),
                        [&](unsigned d) { return used[d]; });
  return order;
}

double tofu::placement::latency(const Problem &problem,
                                const Placement &placement) {
  // Units of execution: one per accelerator call, one per CPU node.
  unsigned n = problem.nodes.size();
  unsigned k = problem.accelerators;
  const std::vector<unsigned> &dev = placement.deviceOf;
  auto unitOf = [&](unsigned v) {
    return problem.kind(dev[v]) == DeviceKind::Accelerator ? dev[v] : k + v;
  };
  Evaluation ev = evaluate(problem, placement);
  unsigned numUnits = k + n;
  std::vector<double> duration(numUnits, 0);
  for (unsigned d = 0; d < k; ++d)
    duration[d] = ev.load[d];
  for (unsigned v = 0; v < n; ++v)
    if (problem.kind(dev[v]) == DeviceKind::Cpu)
      duration[k + v] = problem.nodes[v].cpuTime;
  std::set<std::pair<unsigned, unsigned>> unitEdges;
  for (const Edge &e : problem.edges) {
    unsigned a = unitOf(e.source), b = unitOf(e.dest);
    if (a != b)
      unitEdges.emplace(a, b);
  }
  std::vector<std::pair<unsigned, unsigned>> edges(unitEdges.begin(),
                                                   unitEdges.end());
  std::vector<unsigned> order = topologicalOrder(numUnits, edges);
  if (order.size() != numUnits)
    return kInfinity;
  std::vector<std::vector<unsigned>> preds(numUnits);
  for (auto [a, b] : edges)
    preds[b].push_back(a);
  std::vector<double> finish(numUnits, 0);
  double result = 0;
  for (unsigned u : order) {
    double start = 0;
    for (unsigned p : preds[u])
      start = std::max(start, finish[p]);
    finish[u] = start + duration[u];
  }
  for (unsigned v = 0; v < n; ++v)
    result = std::max(result, finish[unitOf(v)]);
  return result;
}
