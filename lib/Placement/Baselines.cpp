//===- Baselines.cpp - Placement baselines --------------------------------===//

#include "Tofu/Placement/Baselines.h"

#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <algorithm>
#include <functional>
#include <map>
#include <numeric>
#include <set>

using namespace tofu::placement;

static llvm::Error failure(const llvm::Twine &msg) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), msg);
}

Placement tofu::placement::singleAccelerator(const Problem &problem) {
  Placement p;
  unsigned cpu = problem.cpus ? problem.accelerators : 0;
  for (const Node &n : problem.nodes)
    p.deviceOf.push_back(problem.accelerators &&
                                 (n.acceleratorSupported || !problem.cpus)
                             ? 0
                             : cpu);
  // Colour classes stay together: a class with an unsupported node goes to
  // the CPU as a whole.
  ColorClasses classes = colorClasses(problem);
  for (auto &members : classes.members) {
    bool onCpu = false;
    for (unsigned m : members)
      onCpu |= p.deviceOf[m] == cpu && problem.kind(cpu) == DeviceKind::Cpu;
    if (onCpu)
      for (unsigned m : members)
        p.deviceOf[m] = cpu;
  }
  return p;
}

Placement tofu::placement::equalCompute(const Problem &problem,
                                        const UnitGraph &units) {
  unsigned k = problem.accelerators;
  unsigned cpu = problem.accelerators;
  std::vector<unsigned> deviceOfUnit(units.numUnits(), 0);
  if (k == 0) {
    return expand(units,
                  deviceOfUnit = std::vector<unsigned>(units.numUnits(), cpu));
  }
  double total = 0;
  for (unsigned u = 0; u < units.numUnits(); ++u)
    if (units.acceleratorSupported[u] || !problem.cpus)
      total += units.acceleratorTime[u];
  double target = total / k;
  unsigned device = 0;
  double time = 0, memory = 0, cumulative = 0;
  for (unsigned u = 0; u < units.numUnits(); ++u) {
    if (!units.acceleratorSupported[u] && problem.cpus) {
      deviceOfUnit[u] = cpu;
      continue;
    }
    double t = units.acceleratorTime[u];
    bool overBoundary = cumulative + t / 2 > target * (device + 1);
    bool overMemory = memory + units.size[u] > problem.acceleratorMemory;
    if ((overBoundary || overMemory) && time + memory > 0 && device + 1 < k) {
      ++device;
      time = memory = 0;
    }
    deviceOfUnit[u] = device;
    time += t;
    memory += units.size[u];
    cumulative += t;
  }
  return expand(units, deviceOfUnit);
}

namespace {
/// Biconnected components of an undirected multigraph, as edge labels.
struct Biconnected {
  unsigned n;
  std::vector<std::vector<std::pair<unsigned, unsigned>>> adj; // (to, edge)
  std::vector<std::pair<unsigned, unsigned>> edges;
  std::vector<int> component;

  explicit Biconnected(unsigned n) : n(n), adj(n) {}
  void addEdge(unsigned u, unsigned v) {
    adj[u].emplace_back(v, edges.size());
    adj[v].emplace_back(u, edges.size());
    edges.emplace_back(u, v);
  }
  void run() {
    component.assign(edges.size(), -1);
    std::vector<int> entry(n, -1), low(n, 0);
    std::vector<unsigned> edgeStack;
    int time = 0, comps = 0;
    for (unsigned root = 0; root < n; ++root) {
      if (entry[root] >= 0)
        continue;
      // Frames: (vertex, parent edge, next adjacency index).
      std::vector<std::tuple<unsigned, int, unsigned>> work{{root, -1, 0}};
      entry[root] = low[root] = time++;
      while (!work.empty()) {
        auto &[v, parentEdge, next] = work.back();
        if (next < adj[v].size()) {
          auto [w, e] = adj[v][next++];
          if (int(e) == parentEdge)
            continue;
          if (entry[w] < 0) {
            edgeStack.push_back(e);
            entry[w] = low[w] = time++;
            work.emplace_back(w, int(e), 0);
          } else if (entry[w] < entry[v]) {
            edgeStack.push_back(e);
            low[v] = std::min(low[v], entry[w]);
          }
          continue;
        }
        unsigned child = v;
        int viaEdge = parentEdge;
        work.pop_back();
        if (work.empty())
          break;
        unsigned parent = std::get<0>(work.back());
        low[parent] = std::min(low[parent], low[child]);
        if (low[child] >= entry[parent]) {
          unsigned e;
          do {
            e = edgeStack.back();
            edgeStack.pop_back();
            component[e] = comps;
          } while (int(e) != viaEdge);
          ++comps;
        }
      }
    }
  }
};
} // namespace

llvm::Expected<Placement> tofu::placement::pipeDream(const Problem &problem,
                                                     const DpOptions &options) {
  UnitGraph units = buildUnits(problem, {});
  unsigned n = units.numUnits();
  // Contract the tails of every biconnected component of the forward unit
  // graph: each branching region becomes one "layer" of a chain.
  // Edges out of zero-time units (graph inputs, masks broadcast to every
  // layer) are left out, as PipeDream's profiles have no such layers: with
  // them a whole transformer would be one biconnected block.
  Biconnected bic(n);
  for (unsigned u = 0; u < n; ++u)
    if (units.acceleratorTime[u] != 0 || units.cpuTime[u] != 0)
      for (unsigned v : units.succs[u])
        bic.addEdge(u, v);
  bic.run();
  std::vector<unsigned> group(n);
  std::iota(group.begin(), group.end(), 0);
  std::function<unsigned(unsigned)> find = [&](unsigned a) {
    return group[a] == a ? a : group[a] = find(group[a]);
  };
  std::map<int, unsigned> firstTail;
  for (unsigned e = 0; e < bic.edges.size(); ++e) {
    unsigned tail = bic.edges[e].first; // units.succs edges are u -> v
    auto [it, inserted] = firstTail.try_emplace(bic.component[e], tail);
    if (!inserted) {
      unsigned a = find(it->second), b = find(tail);
      if (a != b)
        group[std::max(a, b)] = std::min(a, b);
    }
  }
  // Groups in order of their first unit; since units are topologically
  // numbered, chaining the groups in that order is a linearization as long
  // as each group is contiguous in unit order. Groups that interleave are
  // merged until they are not.
  bool changed = true;
  while (changed) {
    changed = false;
    std::vector<unsigned> last(n, 0), first(n, n);
    for (unsigned u = 0; u < n; ++u) {
      unsigned g = find(u);
      first[g] = std::min(first[g], u);
      last[g] = std::max(last[g], u);
    }
    for (unsigned u = 0; u < n && !changed; ++u) {
      unsigned g = find(u);
      for (unsigned v = first[g]; v <= last[g]; ++v)
        if (find(v) != g) {
          unsigned a = find(v);
          group[std::max(a, g)] = std::min(a, g);
          changed = true;
          break;
        }
    }
  }
  // The chain: a UnitGraph whose units are the groups, linked in order.
  UnitGraph chain;
  std::map<unsigned, unsigned> index;
  for (unsigned u = 0; u < n; ++u)
    index.try_emplace(find(u), index.size());
  unsigned m = index.size();
  chain.nodesOf.assign(m, {});
  chain.unitOf.assign(problem.nodes.size(), 0);
  chain.acceleratorTime.assign(m, 0);
  chain.cpuTime.assign(m, 0);
  chain.size.assign(m, 0);
  chain.acceleratorSupported.assign(m, true);
  chain.preds.assign(m, {});
  chain.succs.assign(m, {});
  for (unsigned u = 0; u < n; ++u) {
    unsigned c = index[find(u)];
    for (unsigned v : units.nodesOf[u]) {
      chain.nodesOf[c].push_back(v);
      chain.unitOf[v] = c;
    }
    chain.acceleratorTime[c] += units.acceleratorTime[u];
    chain.cpuTime[c] += units.cpuTime[u];
    chain.size[c] += units.size[u];
    chain.acceleratorSupported[c] =
        chain.acceleratorSupported[c] && units.acceleratorSupported[u];
  }
  for (unsigned c = 0; c + 1 < m; ++c) {
    chain.succs[c].push_back(c + 1);
    chain.preds[c + 1].push_back(c);
  }
  DpResult r = solveContiguousThroughput(problem, chain, options);
  if (!r.completed)
    return failure("PipeDream baseline: " + r.reason);
  if (!r.feasible)
    return failure("PipeDream baseline: no split of the linearized graph "
                   "fits the accelerators' memory");
  return expand(chain, r.deviceOfUnit);
}

Placement tofu::placement::roundRobinLayers(const Problem &problem) {
  UnitOptions opts;
  opts.contiguous = false;
  opts.mergeZeroUnits = false;
  UnitGraph units = buildUnits(problem, opts);
  // Layers in order of the first unit (topological) that holds them.
  std::map<int64_t, unsigned> layerIndex;
  std::vector<unsigned> layerOfUnit(units.numUnits());
  unsigned fresh = 0;
  for (unsigned u = 0; u < units.numUnits(); ++u) {
    std::optional<int64_t> layer;
    for (unsigned v : units.nodesOf[u])
      if (!problem.nodes[v].backward && problem.nodes[v].layer) {
        layer = problem.nodes[v].layer;
        break;
      }
    if (layer) {
      auto [it, inserted] = layerIndex.try_emplace(*layer, fresh);
      if (inserted)
        ++fresh;
      layerOfUnit[u] = it->second;
    } else {
      layerOfUnit[u] = fresh++;
    }
  }
  std::vector<unsigned> deviceOfUnit(units.numUnits());
  unsigned cpu = problem.accelerators;
  for (unsigned u = 0; u < units.numUnits(); ++u) {
    if (problem.accelerators == 0 ||
        (!units.acceleratorSupported[u] && problem.cpus))
      deviceOfUnit[u] = cpu;
    else
      deviceOfUnit[u] = layerOfUnit[u] % problem.accelerators;
  }
  return expand(units, deviceOfUnit);
}

llvm::Expected<Placement>
tofu::placement::expertPlacement(const Problem &problem, llvm::StringRef text,
                                 llvm::StringRef fileName) {
  llvm::Expected<llvm::json::Value> value = llvm::json::parse(text);
  if (!value)
    return failure(fileName + ": invalid JSON " +
                   llvm::toString(value.takeError()));
  const llvm::json::Object *root = value->getAsObject();
  if (!root)
    return failure(fileName + ": the expert split must be a JSON object");
  std::map<int64_t, unsigned> byId;
  for (unsigned i = 0; i < problem.nodes.size(); ++i)
    byId[problem.nodes[i].id] = i;
  std::vector<int> device(problem.nodes.size(), -1);
  auto readGroup = [&](llvm::StringRef key, unsigned firstDevice,
                       unsigned count) -> llvm::Error {
    const llvm::json::Array *list = root->getArray(key);
    if (!list)
      return llvm::Error::success();
    if (list->size() > count)
      return failure(llvm::formatv("{0}: '{1}' lists {2} devices, only {3} "
                                   "available",
                                   fileName, key, list->size(), count));
    for (unsigned d = 0; d < list->size(); ++d) {
      const llvm::json::Object *dev = (*list)[d].getAsObject();
      const llvm::json::Array *nodes = dev ? dev->getArray("nodes") : nullptr;
      if (!nodes)
        return failure(llvm::formatv("{0}: {1}[{2}]: missing 'nodes' list",
                                     fileName, key, d));
      for (unsigned j = 0; j < nodes->size(); ++j) {
        std::optional<int64_t> id = (*nodes)[j].getAsInteger();
        if (!id || !byId.count(*id))
          return failure(llvm::formatv("{0}: {1}[{2}].nodes[{3}]: not a node "
                                       "id of the graph",
                                       fileName, key, d, j));
        device[byId[*id]] = firstDevice + d;
      }
    }
    return llvm::Error::success();
  };
  if (llvm::Error e = readGroup("fpgas", 0, problem.accelerators))
    return std::move(e);
  if (llvm::Error e = readGroup("cpus", problem.accelerators, problem.cpus))
    return std::move(e);
  // Nodes the split leaves out follow their colour class.
  ColorClasses classes = colorClasses(problem);
  for (unsigned v = 0; v < problem.nodes.size(); ++v) {
    if (device[v] >= 0)
      continue;
    std::set<int> seen;
    for (unsigned m : classes.members[classes.classOf[v]])
      if (device[m] >= 0)
        seen.insert(device[m]);
    if (seen.size() != 1)
      return failure(llvm::formatv(
          "{0}: the split does not place {1} and its colour class gives {2}",
          fileName, problem.describe(v),
          seen.empty() ? "no device" : "several devices"));
    device[v] = *seen.begin();
  }
  Placement p;
  for (int d : device)
    p.deviceOf.push_back(d);
  return p;
}
