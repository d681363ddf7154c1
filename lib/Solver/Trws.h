//===- Trws.h - Sequential tree-reweighted message passing -------*- C++
//-*-===//
//
// TRW-S (Kolmogorov 2006) for the pairwise problem without the memory limit
// (the Lagrangian subproblem). Local search from a poor start stays in poor
// basins on these graphs (whole chains and their side branches must change
// together); message passing sees the whole graph. Each forward pass also
// decodes an assignment (each node's best choice given the nodes before it
// and the messages from those after it). Messages are a reparametrisation:
// the problem with node costs plus incoming messages and pair costs minus
// both messages has the same objective for every assignment, so a bound of
// the reparametrised problem (the forest bound) bounds the original.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_LIB_SOLVER_TRWS_H
#define TOFU_LIB_SOLVER_TRWS_H

#include "ForestDp.h"
#include "Model.h"

#include <vector>

namespace tofu::solver {

class Trws {
public:
  explicit Trws(const Model &m);
  /// One forward and one backward pass over the node order with node costs
  /// from `price`; the forward pass decodes into `x`. Messages persist
  /// between calls (warm starts as the prices change).
  void iterate(const Pricing &price, std::vector<unsigned> &x);
  /// Writes the reparametrised problem into `rep` (a copy of the model
  /// with the same structure).
  void reparametrise(const Pricing &price, Model &rep) const;
  void reset();

private:
  void nodeTotal(const Pricing &price, unsigned v,
                 std::vector<double> &h) const;
  /// Updates the message along `v`'s pair `e` towards its other end.
  void send(unsigned v, unsigned e, bool vFirst, const std::vector<double> &h);

  const Model &m;
  /// Per pair: the message to v (dom v entries) and to u (dom u).
  std::vector<size_t> toVOffset, toUOffset;
  std::vector<double> msg;
  std::vector<double> gamma;
};

} // namespace tofu::solver

#endif // TOFU_LIB_SOLVER_TRWS_H
