//===- ForestDp.h - Exact dynamic programming over forest windows -*- C++ -*-=//
//
// The IOPDDL graphs are sparse (about 1.4 edges per node), so large parts of
// them are forests. A window whose induced subgraph is a forest is solved
// exactly, with every other node fixed, by a tree DP in time linear in the
// window's pair tables: a move can re-optimise thousands of nodes at once
// (tree block coordinate descent). The same DP over a spanning forest, with
// every other edge replaced by a per-node lower bound of it, gives a valid
// lower bound on the whole (unconstrained, possibly penalised) problem.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_LIB_SOLVER_FORESTDP_H
#define TOFU_LIB_SOLVER_FORESTDP_H

#include "Model.h"

#include <random>
#include <vector>

namespace tofu::solver {

/// Window nodes with parents listed before their children.
struct Forest {
  std::vector<unsigned> nodes;
  /// Position (in `nodes`) of each node's parent; -1 for a root.
  std::vector<int> parent;
  /// The model's pair joining each non-root to its parent.
  std::vector<unsigned> parentPair;
};

/// Grows windows whose induced subgraph is a forest. Its buffers persist
/// between windows, so a small window costs time in its size only.
class ForestBuilder {
public:
  explicit ForestBuilder(const Model &m);
  /// Breadth first from `seed` (a random node when negative), then, with
  /// `restart`, from further random seeds until the window has `maxNodes`
  /// nodes or every node was considered. A node joins when its neighbours
  /// already in the window lie in distinct trees, so no edge inside the
  /// window closes a cycle; a node refused once stays refused (the window
  /// only grows).
  Forest grow(std::mt19937_64 &rng, unsigned maxNodes, int seed = -1,
              bool restart = false);

private:
  bool tryAdd(unsigned v);
  unsigned find(unsigned v);
  Forest root();
  const Model &m;
  /// Per node: -2 not seen, -1 refused, else its union-find parent.
  std::vector<int> state;
  std::vector<unsigned> touched, accepted, stamp;
  std::vector<int> placed;
  unsigned epoch = 0;
};

/// Whether `f` is a valid rooted forest of `m` whose induced subgraph has
/// no edge besides the parent edges (for tests and assertions).
bool isInducedForest(const Model &m, const Forest &f);

/// Node costs `unary + scale * weight[v] * usage` (the memory limit priced
/// by per-node multipliers; `weight` may be null: no price).
struct Pricing {
  const std::vector<double> *weight = nullptr;
  double scale = 0;
  double at(const Model &m, unsigned v, unsigned s) const {
    double c = m.unary[v][s];
    if (weight && scale != 0)
      c += scale * (*weight)[v] * static_cast<double>(m.usage[v][s]);
    return c;
  }
};

class ForestDp {
public:
  /// Sets `y`'s window nodes to a minimum of the (priced) objective with
  /// every other node fixed at `x`; returns that minimum's window part
  /// (node costs and every pair touching the window). `y` must hold `x`.
  double solveWindow(const Model &m, const Forest &f, const Pricing &price,
                     const std::vector<unsigned> &x, std::vector<unsigned> &y);

  /// A valid lower bound on the minimum of the (priced) objective over all
  /// assignments, ignoring the memory limit: a spanning forest chosen by
  /// Kruskal (pairs whose tables vary most first) is solved exactly, and
  /// every other pair is replaced by its row minima, which it never falls
  /// below, added to one end's node costs.
  double lowerBound(const Model &m, const Pricing &price);

private:
  /// The DP proper over `f` with node tables already in `table`; writes
  /// the choices into `y` and returns the minimum.
  double run(const Model &m, const Forest &f, std::vector<unsigned> &y);
  void layout(const Model &m, const Forest &f);
  void buildSpanning(const Model &m);
  void foldPair(const Model &m, const PairTable &p);

  std::vector<size_t> offset, argOffset;
  std::vector<double> table;
  std::vector<unsigned> argmin;
  std::vector<int> position;
  /// The bound's spanning forest, the pairs left out of it, and per node
  /// and choice their row minima.
  Forest spanning;
  std::vector<size_t> foldOffset;
  std::vector<double> folded;
  std::vector<unsigned> nonForest;
};

} // namespace tofu::solver

#endif // TOFU_LIB_SOLVER_FORESTDP_H
