//===- Strategy.h - Basic 2-way partition strategies ------------*- C++ -*-===//
//
// Tofu's basic strategies: split one dimension of an operator's iteration
// space between two workers. Splitting an output dimension partitions the
// output; splitting a reduction dimension (partition-n-reduce) leaves each
// worker with a partial output to be combined with the op's reducer. Interval
// analysis of each access says which region of each input a worker needs.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_ANALYSIS_STRATEGY_H
#define TOFU_ANALYSIS_STRATEGY_H

#include "Tofu/Analysis/Description.h"
#include "Tofu/Support/Interval.h"

#include <array>

namespace mlir::tofu {

/// What each worker needs along one dimension of an input.
struct DimRequirement {
  enum class Kind { All, Half, Halo };
  Kind kind = Kind::All;
  /// Halo widths below and above the worker's own block (concrete
  /// descriptions).
  int64_t haloLo = 0, haloHi = 0;
  /// The same widths as linear forms over the extents (symbolic descriptions).
  std::optional<std::pair<LinearForm, LinearForm>> symbolicHalo;
};

struct Strategy {
  enum class Kind { Output, Reduction };
  Kind kind = Kind::Output;
  /// The split dimension: an index into the op's iteration space.
  unsigned loop = 0;
  /// [input][input dim]
  SmallVector<SmallVector<DimRequirement>> inputs;
  /// [result][result dim]: true where the result is split in half.
  SmallVector<SmallVector<bool>> outputs;
  /// Concrete regions, when the extents are known: [input][worker][dim].
  SmallVector<std::array<SmallVector<IntRange>, 2>, 2> inputRegions;
  /// [result][worker][dim]
  SmallVector<std::array<SmallVector<IntRange>, 2>, 1> outputRegions;
  /// Symbolic regions of standalone descriptions: [input][worker][dim].
  SmallVector<std::array<SmallVector<SymbolicInterval>, 2>, 1> symbolicRegions;
};

/// Names of the symbolic variables: upper-cased loop names (the extents),
/// then the description's params.
SmallVector<std::string> symbolicVariableNames(const OpDescription &desc,
                                               ArrayRef<std::string> params);

/// All basic 2-way strategies of `desc`, ordered by loop. On failure (e.g. a
/// product of two intervals) `error` says why.
FailureOr<std::vector<Strategy>> discoverStrategies(const OpDescription &desc,
                                                    unsigned numSymbols,
                                                    std::string &error);

} // namespace mlir::tofu

#endif // TOFU_ANALYSIS_STRATEGY_H
