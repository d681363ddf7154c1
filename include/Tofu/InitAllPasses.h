//===- InitAllPasses.h - Register every Tofu pass and pipeline --*- C++ -*-===//
//
// One list for every tool that takes pass flags (tofu-opt, tofu-run's
// --pipeline), in pipeline order, as upstream's mlir/InitAllPasses.h. The
// reports and the test-only passes are tofu-opt's own and are not here.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_INITALLPASSES_H
#define TOFU_INITALLPASSES_H

#include "Tofu/Autodiff/Passes.h"
#include "Tofu/Conversion/LinalgToCPULibrary/Passes.h"
#include "Tofu/Conversion/LinalgToGPULibrary/Passes.h"
#include "Tofu/Conversion/SPMDToRuntime/Passes.h"
#include "Tofu/Conversion/StableHLOToLinalg/Passes.h"
#include "Tofu/Conversion/TOSAToLinalg/Passes.h"
#include "Tofu/Dialect/TDL/Transforms/Passes.h"
#include "Tofu/Dialect/Tofu/Transforms/Passes.h"
#include "Tofu/Partition/Passes.h"
#include "Tofu/Pipelines/Passes.h"
#include "Tofu/Pipelines/Pipelines.h"
#include "Tofu/Placement/Passes.h"
#include "Tofu/Planner/Passes.h"
#include "Tofu/SPMD/Passes.h"
#include "Tofu/Transforms/Passes.h"

namespace mlir::tofu {

/// Front ends, autodiff, partition, placement, SPMD, the runtime and GPU
/// library conversions, code generation, --tofu-pipeline and every pass
/// pipeline (lib/Pipelines).
/// --tdl-load-library first: it adds user TDL descriptions for every later
/// pass.
inline void registerAllTofuPasses() {
  tdl::registerTDLPasses();
  registerTofuStableHLOToLinalgPasses();
  registerTofuTOSAToLinalgPasses();
  registerTofuAutodiffPasses();
  registerTofuDialectPasses();
  registerTofuPartitionPasses();
  registerTofuPlacementPasses();
  registerTofuPlannerPasses();
  registerTofuSPMDPasses();
  registerTofuSPMDToRuntimePasses();
  registerTofuLinalgToCPULibraryPasses();
  registerTofuLinalgToGPULibraryPasses();
  registerTofuTransformsPasses();
  registerTofuPipelinesPasses();
  registerTofuPipelines();
}

} // namespace mlir::tofu

#endif // TOFU_INITALLPASSES_H
