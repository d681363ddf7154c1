//===- Baselines.h - Placement baselines ------------------------*- C++ -*-===//
//
// The placements the paper and Tofu compare against. None of them is
// optimal; each is evaluated with the same load model as the solvers.
//  - singleAccelerator: every node on one accelerator (nodes it cannot run
//    on go to a CPU), the paper's "1 accelerator" row.
//  - equalCompute: units in topological order cut into k consecutive pieces
//    of about equal accelerator time (a new piece also starts when memory
//    would overflow). Contiguous.
//  - pipeDream: PipeDream's planner: contract biconnected components of the
//    forward unit graph (the tails of each component's edges; edges out of
//    zero-time units such as inputs and masks left out), linearize in
//    topological order, then split the chain optimally (the DP on a chain).
//  - roundRobinLayers: Tofu's Op-Placement baseline: layer i (Node::layer,
//    or each unit when there are no layers) on accelerator i mod k.
//  - expert: a hand-written split in the authors' format
//    ({"fpgas": [{"nodes": [ids]}], "cpus": [...]}), backward nodes following
//    their colour class.
//
//===----------------------------------------------------------------------===//

#ifndef TOFU_PLACEMENT_BASELINES_H
#define TOFU_PLACEMENT_BASELINES_H

#include "Tofu/Placement/IdealDP.h"

#include "llvm/ADT/StringRef.h"

namespace tofu::placement {

Placement singleAccelerator(const Problem &problem);
Placement equalCompute(const Problem &problem, const UnitGraph &units);
/// The chain DP can stop like the DP over ideals (never on chains of
/// realistic length); the error says so.
llvm::Expected<Placement> pipeDream(const Problem &problem,
                                    const DpOptions &options = {});
Placement roundRobinLayers(const Problem &problem);
llvm::Expected<Placement> expertPlacement(const Problem &problem,
                                          llvm::StringRef json,
                                          llvm::StringRef fileName);

} // namespace tofu::placement

#endif // TOFU_PLACEMENT_BASELINES_H
