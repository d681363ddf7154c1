//===- Model.h - The solver's internal form of a problem --------*- C++ -*-===//
//
// Parallel edges merged into one table per node pair, costs as doubles (the
// reported cost is always re-evaluated exactly in 128 bits), and time
// compressed to the distinct interval starts: the live usage only rises at
// a start, so the limit holds everywhere iff it holds at every start.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_LIB_SOLVER_MODEL_H
#define TOFU_LIB_SOLVER_MODEL_H

#include "Deadline.h"
#include "Tofu/Solver/Problem.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace tofu::solver {

/// A sum of usages. 128 bits hold the sum of any 2^64 usages of at most 2^63.
using UsageSum = __int128;

struct PairTable {
  unsigned u = 0, v = 0;    // u < v
  std::vector<double> cost; // dom(u) x dom(v), row-major
};

struct Model {
  unsigned n = 0;
  std::vector<unsigned> dom;
  std::vector<std::vector<double>> unary;
  std::vector<std::vector<int64_t>> usage;
  /// Live range of each node in compressed time points, [first, last).
  std::vector<std::pair<unsigned, unsigned>> range;
  unsigned numPoints = 0;
  int64_t limit = -1; // negative: none
  std::vector<PairTable> pairs;
  /// Per node: (pair index, node is the pair's u).
  std::vector<std::vector<std::pair<unsigned, bool>>> adj;
  /// Per node: the problem's strategy index of each choice kept.
  std::vector<std::vector<unsigned>> original;
  /// Choices removed by dominance, pairs folded into node costs.
  size_t removedChoices = 0, foldedPairs = 0;
  /// What rounds when the problem's costs are summed in doubles: Σ over the
  /// node and edge tables of the largest |cost| that is not forbidden, the
  /// same over the costs of 2^53 or more (which converting to double
  /// rounds), and the number of tables.
  double costMagnitude = 0, roundedMagnitude = 0;
  size_t sourceTables = 0;

  std::vector<unsigned> toProblem(const std::vector<unsigned> &x) const {
    std::vector<unsigned> out(n);
    for (unsigned v = 0; v < n; ++v)
      out[v] = original[v][x[v]];
    return out;
  }

  double pairCost(unsigned e, unsigned su, unsigned sv) const {
    return pairs[e].cost[su * dom[pairs[e].v] + sv];
  }
  /// Node v's cost at s given the others' choices (unary + incident pairs).
  double localCost(unsigned v, unsigned s,
                   const std::vector<unsigned> &x) const {
    double c = unary[v][s];
    for (auto [e, first] : adj[v]) {
      const PairTable &p = pairs[e];
      c +=
          first ? p.cost[s * dom[p.v] + x[p.v]] : p.cost[x[p.u] * dom[p.v] + s];
    }
    return c;
  }
  double totalCost(const std::vector<unsigned> &x) const;
  bool memoryBinds() const { return limit >= 0 && numPoints > 0; }
  /// Usage per time point of an assignment, in 128 bits: each usage is below
  /// 2^63, but a few of them live at once already overflow 64 bits.
  std::vector<UsageSum> profile(const std::vector<unsigned> &x) const;
};

/// The problem's model; with `reduce`, dominated choices are removed (a
/// choice is dominated when another uses no more memory and costs no more
/// whatever the neighbours choose, which keeps an optimum) and pair tables
/// that are sums of per-node terms are folded into the node costs.
/// The removal of dominated choices ends at `deadline`.
Model buildModel(const Problem &p, bool reduce = true,
                 const Deadline &deadline = {});

/// Range add, range max over time points (the memory profile).
class MaxSegmentTree {
public:
  /// Below every sum of usages, and far enough from the type's minimum that
  /// adding any sum of usages to it does not overflow.
  static constexpr UsageSum kNone = -(UsageSum(1) << 120);

  explicit MaxSegmentTree(unsigned n = 0) { reset(n); }
  void reset(unsigned n);
  void build(const std::vector<UsageSum> &values);
  void add(unsigned lo, unsigned hi, int64_t delta) {
    if (lo < hi)
      add(1, 0, size, lo, hi, delta);
  }
  UsageSum max(unsigned lo, unsigned hi) const {
    return lo < hi ? max(1, 0, size, lo, hi) : kNone;
  }
  UsageSum max() const { return size ? maxv[1] : kNone; }
  /// Index of the largest value (the leftmost).
  unsigned argmax() const;
  /// Index of the largest value in [lo, hi) (lo < hi).
  unsigned argmax(unsigned lo, unsigned hi) const {
    return argmax(1, 0, size, lo, hi).second;
  }
  unsigned numPoints() const { return n; }

private:
  void add(unsigned node, unsigned l, unsigned r, unsigned lo, unsigned hi,
           int64_t d);
  UsageSum max(unsigned node, unsigned l, unsigned r, unsigned lo,
               unsigned hi) const;
  std::pair<UsageSum, unsigned> argmax(unsigned node, unsigned l, unsigned r,
                                       unsigned lo, unsigned hi) const;
  unsigned n = 0, size = 0;
  std::vector<UsageSum> maxv, lazy;
};

} // namespace tofu::solver

#endif // TOFU_LIB_SOLVER_MODEL_H
