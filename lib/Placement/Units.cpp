//===- Units.cpp - Preprocessing: the units a placement moves -------------===//

#include "Tofu/Placement/Units.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

using namespace tofu::placement;

namespace {
struct UnionFind {
  std::vector<unsigned> parent;
  explicit UnionFind(unsigned n) : parent(n) {
    std::iota(parent.begin(), parent.end(), 0);
  }
  unsigned find(unsigned a) {
    while (parent[a] != a)
      a = parent[a] = parent[parent[a]];
    return a;
  }
  bool unite(unsigned a, unsigned b) {
    a = find(a);
    b = find(b);
    if (a == b)
      return false;
    parent[std::max(a, b)] = std::min(a, b);
    return true;
  }
};

/// Tarjan's strongly connected components, iteratively (graphs of thousands
/// of nodes would overflow a recursive version's stack only rarely, but
/// operator graphs can be long chains).
std::vector<unsigned> sccIds(unsigned n,
                             const std::vector<std::vector<unsigned>> &succ) {
  std::vector<int> index(n, -1), low(n, 0);
  std::vector<bool> onStack(n, false);
  std::vector<unsigned> stack, comp(n, 0);
  unsigned counter = 0, numComps = 0;
  for (unsigned root = 0; root < n; ++root) {
    if (index[root] >= 0)
      continue;
    std::vector<std::pair<unsigned, unsigned>> work{{root, 0}};
    while (!work.empty()) {
      auto &[v, next] = work.back();
      if (next == 0 && index[v] < 0) {
        index[v] = low[v] = counter++;
        stack.push_back(v);
        onStack[v] = true;
      }
      if (next < succ[v].size()) {
        unsigned w = succ[v][next++];
        if (index[w] < 0)
          work.emplace_back(w, 0);
        else if (onStack[w])
          low[v] = std::min(low[v], index[w]);
        continue;
      }
      if (low[v] == index[v]) {
        unsigned w;
        do {
          w = stack.back();
          stack.pop_back();
          onStack[w] = false;
          comp[w] = numComps;
        } while (w != v);
        ++numComps;
      }
      unsigned done = v;
      work.pop_back();
      if (!work.empty())
        low[work.back().first] = std::min(low[work.back().first], low[done]);
    }
  }
  return comp;
}
} // namespace

using ClassEdges = std::vector<std::pair<unsigned, unsigned>>;
using GroupEdges = std::set<std::pair<unsigned, unsigned>>;

/// Nodes of one layer become one group (coarsening by layerId).
static void contractLayers(const Problem &problem, const ColorClasses &classes,
                           UnionFind &uf) {
  std::map<int64_t, unsigned> firstOfLayer;
  for (unsigned i = 0; i < problem.nodes.size(); ++i)
    if (problem.nodes[i].layer) {
      auto [it, inserted] =
          firstOfLayer.try_emplace(*problem.nodes[i].layer, classes.classOf[i]);
      if (!inserted)
        uf.unite(it->second, classes.classOf[i]);
    }
}

/// The class edges between different groups, as edges between group roots.
static GroupEdges groupEdges(const ClassEdges &classEdges, UnionFind &uf) {
  GroupEdges out;
  for (auto [a, b] : classEdges) {
    unsigned ga = uf.find(a), gb = uf.find(b);
    if (ga != gb)
      out.emplace(ga, gb);
  }
  return out;
}

/// A cycle of groups cannot be split over pipeline stages: each strongly
/// connected component becomes one group. Returns how many classes fused.
static unsigned fuseCycles(unsigned numClasses, const ClassEdges &classEdges,
                           UnionFind &uf) {
  unsigned fused = 0;
  std::vector<std::vector<unsigned>> succ(numClasses);
  for (auto [a, b] : groupEdges(classEdges, uf))
    succ[a].push_back(b);
  std::vector<unsigned> comp = sccIds(numClasses, succ);
  std::map<unsigned, unsigned> firstOfComp;
  for (unsigned c = 0; c < numClasses; ++c) {
    if (uf.find(c) != c)
      continue;
    auto [it, inserted] = firstOfComp.try_emplace(comp[c], c);
    if (!inserted && uf.unite(it->second, c))
      ++fused;
  }
  return fused;
}

/// A group with no time and no size and a single neighbour goes with that
/// neighbour (one at a time, until none is left): it can only cost a
/// transfer elsewhere. Returns how many groups merged.
static unsigned mergeZeroUnits(const Problem &problem,
                               const ColorClasses &classes,
                               const ClassEdges &classEdges, UnionFind &uf) {
  unsigned numClasses = classes.size();
  unsigned merged = 0;
  bool changed = true;
  while (changed) {
    changed = false;
    std::vector<bool> zero(numClasses, true), supported(numClasses, true),
        anySupported(numClasses, false);
    for (unsigned i = 0; i < problem.nodes.size(); ++i) {
      const Node &n = problem.nodes[i];
      unsigned g = uf.find(classes.classOf[i]);
      if (n.acceleratorTime != 0 || n.cpuTime != 0 || n.size != 0)
        zero[g] = false;
      supported[g] = supported[g] && n.acceleratorSupported;
      anySupported[g] = anySupported[g] || n.acceleratorSupported;
    }
    std::vector<std::set<unsigned>> neighbours(numClasses);
    for (const Edge &e : problem.edges) {
      unsigned a = uf.find(classes.classOf[e.source]);
      unsigned b = uf.find(classes.classOf[e.dest]);
      if (a != b) {
        neighbours[a].insert(b);
        neighbours[b].insert(a);
      }
    }
    for (auto [a, b] : groupEdges(classEdges, uf)) {
      neighbours[a].insert(b);
      neighbours[b].insert(a);
    }
    for (unsigned g = 0; g < numClasses && !changed; ++g) {
      if (uf.find(g) != g || !zero[g] || neighbours[g].size() != 1)
        continue;
      unsigned m = *neighbours[g].begin();
      // Moving g onto m's device must stay allowed: g must be able to run
      // wherever m can (m on an accelerator needs g supported).
      if (!supported[g] && anySupported[m])
        continue;
      uf.unite(g, m);
      ++merged;
      changed = true;
    }
  }
  return merged;
}

/// Kahn's algorithm over the group DAG (`succ` by group index) taking the
/// smallest ready group first, so the numbering follows the input order
/// where the graph allows it (deterministic). Returns each group's unit.
static std::vector<unsigned>
topologicalNumbers(const std::vector<std::vector<unsigned>> &succ) {
  unsigned numGroups = succ.size();
  std::vector<unsigned> indegree(numGroups, 0);
  for (const std::vector<unsigned> &out : succ)
    for (unsigned h : out)
      ++indegree[h];
  std::set<unsigned> ready;
  for (unsigned g = 0; g < numGroups; ++g)
    if (indegree[g] == 0)
      ready.insert(g);
  std::vector<unsigned> order;
  while (!ready.empty()) {
    unsigned g = *ready.begin();
    ready.erase(ready.begin());
    order.push_back(g);
    for (unsigned h : succ[g])
      if (--indegree[h] == 0)
        ready.insert(h);
  }
  std::vector<unsigned> unitOfGroup(numGroups);
  for (unsigned i = 0; i < order.size(); ++i)
    unitOfGroup[order[i]] = i;
  return unitOfGroup;
}

/// The units' nodes, sums and edges, from each node's unit.
static void fillUnits(const Problem &problem, unsigned numUnits,
                      const std::vector<unsigned> &unitOfNode,
                      const std::vector<std::pair<unsigned, unsigned>> &edges,
                      UnitGraph &units) {
  units.nodesOf.assign(numUnits, {});
  units.unitOf.assign(problem.nodes.size(), 0);
  units.acceleratorTime.assign(numUnits, 0);
  units.cpuTime.assign(numUnits, 0);
  units.size.assign(numUnits, 0);
  units.acceleratorSupported.assign(numUnits, true);
  for (unsigned i = 0; i < problem.nodes.size(); ++i) {
    unsigned u = unitOfNode[i];
    const Node &n = problem.nodes[i];
    units.unitOf[i] = u;
    units.nodesOf[u].push_back(i);
    units.acceleratorTime[u] += n.acceleratorTime;
    units.cpuTime[u] += n.cpuTime;
    units.size[u] += n.size;
    if (!n.acceleratorSupported)
      units.acceleratorSupported[u] = false;
  }
  units.preds.assign(numUnits, {});
  units.succs.assign(numUnits, {});
  for (auto [ua, ub] : edges) {
    units.succs[ua].push_back(ub);
    units.preds[ub].push_back(ua);
  }
  for (auto &v : units.succs)
    std::sort(v.begin(), v.end());
  for (auto &v : units.preds)
    std::sort(v.begin(), v.end());
}

UnitGraph tofu::placement::buildUnits(const Problem &problem,
                                      const UnitOptions &options) {
  ColorClasses classes = colorClasses(problem);
  unsigned numClasses = classes.size();
  UnionFind uf(numClasses);
  UnitGraph units;
  units.numClasses = numClasses;

  if (options.contractLayers)
    contractLayers(problem, classes, uf);
  ClassEdges classEdges;
  if (options.contiguous)
    classEdges = contiguityEdges(problem, classes);
  if (options.contiguous)
    units.fusedClasses += fuseCycles(numClasses, classEdges, uf);
  if (options.mergeZeroUnits)
    units.mergedZeroUnits += mergeZeroUnits(problem, classes, classEdges, uf);

  // Number the groups in a topological order of the group DAG.
  std::vector<unsigned> roots;
  for (unsigned c = 0; c < numClasses; ++c)
    if (uf.find(c) == c)
      roots.push_back(c);
  std::map<unsigned, unsigned> rootIndex;
  for (unsigned i = 0; i < roots.size(); ++i)
    rootIndex[roots[i]] = i;
  unsigned numGroups = roots.size();
  std::vector<std::vector<unsigned>> succ(numGroups);
  GroupEdges edgesSet = groupEdges(classEdges, uf);
  for (auto [a, b] : edgesSet)
    succ[rootIndex[a]].push_back(rootIndex[b]);
  std::vector<unsigned> unitOfGroup = topologicalNumbers(succ);

  std::vector<unsigned> unitOfNode(problem.nodes.size());
  for (unsigned i = 0; i < problem.nodes.size(); ++i)
    unitOfNode[i] = unitOfGroup[rootIndex[uf.find(classes.classOf[i])]];
  std::vector<std::pair<unsigned, unsigned>> unitEdges;
  for (auto [a, b] : edgesSet)
    unitEdges.emplace_back(unitOfGroup[rootIndex[a]],
                           unitOfGroup[rootIndex[b]]);
  fillUnits(problem, numGroups, unitOfNode, unitEdges, units);
  return units;
}

Placement tofu::placement::expand(const UnitGraph &units,
                                  const std::vector<unsigned> &deviceOfUnit) {
  Placement p;
  p.deviceOf.resize(units.unitOf.size());
  for (unsigned i = 0; i < units.unitOf.size(); ++i)
    p.deviceOf[i] = deviceOfUnit[units.unitOf[i]];
  return p;
}
