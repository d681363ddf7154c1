//===- Units.h - Preprocessing: the units a placement moves -----*- C++ -*-===//
//
// The paper's preprocessing turns the operator graph into a smaller DAG of
// units, each placed as a whole, without changing the optimum:
//  - colour classes are contracted (their nodes share a device anyway);
//  - for contiguous placements, strongly connected pieces of the contracted
//    forward graph are fused (a cycle of classes cannot be split across an
//    acyclic device order);
//  - a unit with zero time is merged into a neighbour when moving it there
//    never raises a device's load and keeps every pipeline a pipeline
//    (Units.cpp, ZeroUnitMerger, has the argument): leaves, sources, sinks
//    and relays whose input costs no more than their output, repeatedly.
//    Its size must be zero unless the whole graph fits on one accelerator.
// The authors' zero-node merge ignores sizes and accelerator support, which
// is lossy when memory binds; this one only merges when that is lossless.
// Optionally whole layers (Node::layer) are contracted: coarsening, which can
// lose optimality and is reported as such.
//
//===----------------------------------------------------------------------===//

#ifndef TOFU_PLACEMENT_UNITS_H
#define TOFU_PLACEMENT_UNITS_H

#include "Tofu/Placement/Problem.h"

namespace tofu::placement {

struct UnitOptions {
  /// Fuse strongly connected pieces (only sound for contiguous placements).
  bool contiguous = true;
  bool mergeZeroUnits = true;
  /// The units are for minimising memory (smallestContiguousMemory, the
  /// memory MILP): zero-time units with a size then never merge.
  bool memoryObjective = false;
  /// Coarsening: contract every layer into one unit.
  bool contractLayers = false;
};

struct UnitGraph {
  /// Original nodes of each unit; units are numbered in a topological order
  /// of the contiguity DAG.
  std::vector<std::vector<unsigned>> nodesOf;
  std::vector<unsigned> unitOf;
  std::vector<double> acceleratorTime, cpuTime, size;
  std::vector<bool> acceleratorSupported;
  /// The contiguity DAG between units (empty for non-contiguous units).
  std::vector<std::vector<unsigned>> preds, succs;
  unsigned numClasses = 0;
  unsigned fusedClasses = 0;
  unsigned mergedZeroUnits = 0;
  unsigned numUnits() const { return nodesOf.size(); }
};

UnitGraph buildUnits(const Problem &problem, const UnitOptions &options);

/// Expands a device per unit into a placement of the original nodes.
Placement expand(const UnitGraph &units,
                 const std::vector<unsigned> &deviceOfUnit);

} // namespace tofu::placement

#endif // TOFU_PLACEMENT_UNITS_H
