//===- Units.cpp - Preprocessing: the units a placement moves -------------===//

#include "Tofu/Placement/Units.h"

#include "llvm/ADT/BitVector.h"

#include <algorithm>
#include <cmath>
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

/// The sign of sum(plus) - sum(minus), exactly: the terms are accumulated
/// into a floating-point expansion (Shewchuk's error-free sums), so rounding
/// cannot turn a small loss into a tie. A sum that overflows counts as
/// positive when it is plus's, so it never allows a merge it should not.
static int exactDifferenceSign(const std::vector<double> &plus,
                               const std::vector<double> &minus) {
  // Non-overlapping components in increasing magnitude.
  std::vector<double> expansion, next;
  auto add = [&](double b) {
    next.clear();
    double q = b;
    for (double e : expansion) {
      double sum = q + e;
      double bv = sum - q;
      double err = (q - (sum - bv)) + (e - bv);
      if (err != 0)
        next.push_back(err);
      q = sum;
    }
    if (q != 0)
      next.push_back(q);
    expansion.swap(next);
  };
  for (double b : plus)
    add(b);
  for (double b : minus)
    add(-b);
  for (double e : expansion)
    if (!std::isfinite(e))
      return 1;
  if (expansion.empty())
    return 0;
  return expansion.back() > 0 ? 1 : -1;
}

namespace {
/// Merges groups that take no time into a neighbouring group wherever moving
/// them there provably never raises a device's load and keeps every
/// contiguous placement contiguous, so some optimum survives the merge.
///
/// Moving a zero-time group u from device D to the device T of a group t
/// changes only communication, and only on D and T:
///  - a node x of u with a successor in t: D and T swap the roles of sender
///    and receiver of x's output (no device pays more);
///  - a node y outside u feeding u that lies in t or feeds t too: T already
///    holds y or y's output, so nothing is added;
///  - "freed": x in u whose outside successors all lie in t, and y in t whose
///    successors outside t all lie in u: D and T each stop paying cost(x) or
///    cost(y);
///  - "bad": any other x in u with outside successors, or y feeding u: D and
///    T may each pay its cost once more.
/// So the move is safe when the bad costs sum to at most the freed ones
/// (exactly). With no time and (when memory can bind) no size, u adds
/// nothing else to T; it must be able to run where t runs.
///
/// Contiguity: if t is a successor of u in the contiguity DAG and reaches
/// every other successor of u, or t is a predecessor of u reached by every
/// other predecessor of u, any pipeline order of the devices stays valid
/// after the move. Such merges also keep reachability between the other
/// groups unchanged, so it is computed once (bit sets over the initial
/// groups); each merged group remembers whose descendants and whose
/// ancestors it has.
///
/// The special cases: a zero-time leaf with one neighbour; a zero-time
/// source (or sink) with one successor (predecessor); a zero-time relay
/// u -> t whose input costs at most its output (the authors' merges where
/// they are lossless, and chains of them).
class ZeroUnitMerger {
public:
  ZeroUnitMerger(const Problem &problem, const ColorClasses &classes,
                 const ClassEdges &classEdges, UnionFind &uf, bool contiguous,
                 bool sizesMatter)
      : problem(problem), classes(classes), uf(uf), contiguous(contiguous),
        sizesMatter(sizesMatter), cost(outgoingCosts(problem)) {
    unsigned numNodes = problem.nodes.size();
    unsigned numClasses = classes.size();
    nodeSuccs.resize(numNodes);
    nodePreds.resize(numNodes);
    for (const Edge &e : problem.edges) {
      nodeSuccs[e.source].push_back(e.dest);
      nodePreds[e.dest].push_back(e.source);
    }
    for (unsigned v = 0; v < numNodes; ++v) {
      dedupe(nodeSuccs[v]);
      dedupe(nodePreds[v]);
    }
    members.resize(numClasses);
    zero.assign(numClasses, true);
    size.assign(numClasses, 0);
    allSupported.assign(numClasses, true);
    for (unsigned v = 0; v < numNodes; ++v) {
      const Node &n = problem.nodes[v];
      unsigned g = group(v);
      members[g].push_back(v);
      // CPU time is irrelevant without CPUs.
      if (n.acceleratorTime != 0 || (problem.cpus > 0 && n.cpuTime != 0))
        zero[g] = false;
      size[g] += n.size;
      allSupported[g] = allSupported[g] && n.acceleratorSupported;
    }
    succs.resize(numClasses);
    preds.resize(numClasses);
    for (auto [a, b] : groupEdges(classEdges, uf)) {
      succs[a].insert(b);
      preds[b].insert(a);
    }
    computeReachability();
  }

  /// Merges until no group can move; returns how many merged.
  unsigned run() {
    unsigned merged = 0;
    bool changed = true;
    while (changed) {
      changed = false;
      for (unsigned u = 0; u < classes.size(); ++u) {
        if (uf.find(u) != u || !zero[u] || (sizesMatter && size[u] != 0))
          continue;
        for (unsigned t : neighbours(u))
          if (supportAllows(u, t) && contiguityAllows(u, t) &&
              communicationAllows(u, t)) {
            merge(u, t);
            ++merged;
            changed = true;
            break;
          }
      }
    }
    return merged;
  }

private:
  static void dedupe(std::vector<unsigned> &v) {
    std::sort(v.begin(), v.end());
    v.erase(std::unique(v.begin(), v.end()), v.end());
  }

  unsigned group(unsigned node) { return uf.find(classes.classOf[node]); }

  /// Groups next to u by a contiguity or a communication edge, in order.
  std::vector<unsigned> neighbours(unsigned u) {
    std::set<unsigned> out(succs[u].begin(), succs[u].end());
    out.insert(preds[u].begin(), preds[u].end());
    for (unsigned x : members[u]) {
      for (unsigned w : nodeSuccs[x])
        out.insert(group(w));
      for (unsigned y : nodePreds[x])
        out.insert(group(y));
    }
    out.erase(u);
    return {out.begin(), out.end()};
  }

  /// An unsupported unit may only follow a unit that cannot be on an
  /// accelerator either.
  bool supportAllows(unsigned u, unsigned t) const {
    return allSupported[u] || !allSupported[t];
  }

  bool contiguityAllows(unsigned u, unsigned t) const {
    if (!contiguous)
      return true;
    if (succs[u].count(t)) {
      for (unsigned s : succs[u])
        if (s != t && !reaches(t, s))
          return false;
      return true;
    }
    if (preds[u].count(t)) {
      for (unsigned p : preds[u])
        if (p != t && !reaches(p, t))
          return false;
      return true;
    }
    return succs[u].empty() && preds[u].empty();
  }

  bool communicationAllows(unsigned u, unsigned t) {
    std::vector<double> bad, freed;
    for (unsigned x : members[u]) {
      if (cost[x] == 0)
        continue;
      bool outside = false, someInT = false, allInT = true;
      for (unsigned w : nodeSuccs[x]) {
        unsigned g = group(w);
        if (g == u)
          continue;
        outside = true;
        if (g == t)
          someInT = true;
        else
          allInT = false;
      }
      if (!outside)
        continue;
      if (allInT)
        freed.push_back(cost[x]);
      else if (!someInT)
        bad.push_back(cost[x]);
    }
    std::set<unsigned> feeders;
    for (unsigned x : members[u])
      for (unsigned y : nodePreds[x])
        if (group(y) != u && cost[y] != 0)
          feeders.insert(y);
    for (unsigned y : feeders) {
      if (group(y) == t) {
        bool onlyIntoU = true;
        for (unsigned w : nodeSuccs[y]) {
          unsigned g = group(w);
          if (g != t && g != u) {
            onlyIntoU = false;
            break;
          }
        }
        if (onlyIntoU)
          freed.push_back(cost[y]);
        continue;
      }
      bool feedsT = false;
      for (unsigned w : nodeSuccs[y])
        if (group(w) == t) {
          feedsT = true;
          break;
        }
      if (!feedsT)
        bad.push_back(cost[y]);
    }
    return bad.empty() || exactDifferenceSign(bad, freed) <= 0;
  }

  void merge(unsigned u, unsigned t) {
    bool forward = succs[u].count(t), backward = preds[u].count(t);
    unsigned fromRep = forward ? descendantsOf[u] : descendantsOf[t];
    unsigned toRep = backward ? ancestorsOf[u] : ancestorsOf[t];
    std::set<unsigned> newSuccs, newPreds;
    for (unsigned g : {u, t}) {
      for (unsigned s : succs[g]) {
        preds[s].erase(g);
        newSuccs.insert(s);
      }
      for (unsigned p : preds[g]) {
        succs[p].erase(g);
        newPreds.insert(p);
      }
      succs[g].clear();
      preds[g].clear();
    }
    uf.unite(u, t);
    unsigned r = uf.find(u);
    unsigned other = r == u ? t : u;
    newSuccs.erase(u);
    newSuccs.erase(t);
    newPreds.erase(u);
    newPreds.erase(t);
    for (unsigned s : newSuccs)
      preds[s].insert(r);
    for (unsigned p : newPreds)
      succs[p].insert(r);
    succs[r] = std::move(newSuccs);
    preds[r] = std::move(newPreds);
    members[r].insert(members[r].end(), members[other].begin(),
                      members[other].end());
    members[other].clear();
    zero[r] = zero[u] && zero[t];
    size[r] = size[u] + size[t];
    allSupported[r] = allSupported[u] && allSupported[t];
    descendantsOf[r] = fromRep;
    ancestorsOf[r] = toRep;
  }

  /// Whether the contiguity DAG has a path from group a to group b; false
  /// when the graph was too large to tabulate (then only merges into a
  /// unit's only successor or predecessor pass).
  bool reaches(unsigned a, unsigned b) const {
    if (a == b)
      return true;
    if (descendants.empty())
      return false;
    return descendants[descendantsOf[a]].test(ancestorsOf[b]);
  }

  void computeReachability() {
    unsigned numClasses = classes.size();
    descendantsOf.assign(numClasses, 0);
    ancestorsOf.assign(numClasses, 0);
    for (unsigned c = 0; c < numClasses; ++c)
      descendantsOf[c] = ancestorsOf[c] = c;
    // Bit sets over the classes: 16384 classes take 32 MiB.
    if (!contiguous || numClasses > 16384)
      return;
    std::vector<unsigned> indegree(numClasses, 0), order;
    for (unsigned g = 0; g < numClasses; ++g)
      for (unsigned s : succs[g])
        ++indegree[s];
    for (unsigned g = 0; g < numClasses; ++g)
      if (uf.find(g) == g && indegree[g] == 0)
        order.push_back(g);
    for (unsigned i = 0; i < order.size(); ++i)
      for (unsigned s : succs[order[i]])
        if (--indegree[s] == 0)
          order.push_back(s);
    descendants.assign(numClasses, llvm::BitVector(numClasses));
    for (unsigned i = order.size(); i-- > 0;) {
      unsigned g = order[i];
      descendants[g].set(g);
      for (unsigned s : succs[g])
        descendants[g] |= descendants[s];
    }
    // Classes inside a fused group answer through their root.
    for (unsigned c = 0; c < numClasses; ++c)
      descendantsOf[c] = ancestorsOf[c] = uf.find(c);
  }

  const Problem &problem;
  const ColorClasses &classes;
  UnionFind &uf;
  const bool contiguous;
  const bool sizesMatter;
  const std::vector<double> cost;
  std::vector<std::vector<unsigned>> nodeSuccs, nodePreds;
  /// Indexed by group root.
  std::vector<std::vector<unsigned>> members;
  std::vector<bool> zero, allSupported;
  std::vector<double> size;
  std::vector<std::set<unsigned>> succs, preds;
  /// descendants[g]: the groups reachable from initial group g (itself
  /// included); a merged group reaches what descendantsOf names and is
  /// reached from what reaches ancestorsOf.
  std::vector<llvm::BitVector> descendants;
  std::vector<unsigned> descendantsOf, ancestorsOf;
};
} // namespace

/// Zero-time groups go with a neighbour where that cannot lose the optimum
/// (ZeroUnitMerger). Sizes matter unless every node fits on one
/// accelerator together, or always when memory is what is minimised.
static unsigned mergeZeroUnits(const Problem &problem,
                               const ColorClasses &classes,
                               const ClassEdges &classEdges, UnionFind &uf,
                               const UnitOptions &options) {
  double total = 0;
  for (const Node &n : problem.nodes)
    total += n.size;
  // A margin for the rounding of the sum: an exact fit keeps sizes.
  bool sizesMatter = options.memoryObjective ||
                     !(total * (1 + 1e-12) <= problem.acceleratorMemory);
  return ZeroUnitMerger(problem, classes, classEdges, uf, options.contiguous,
                        sizesMatter)
      .run();
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
    units.mergedZeroUnits +=
        mergeZeroUnits(problem, classes, classEdges, uf, options);

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
