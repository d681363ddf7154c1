//===- PipelineUtils.h - Helpers of the pipelines -------------*- C++ -*-===//
#ifndef TOFU_LIB_PIPELINES_PIPELINEUTILS_H
#define TOFU_LIB_PIPELINES_PIPELINEUTILS_H

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace mlir::tofu {

/// Adds `pass` to `pm`, nested on the op it is anchored on when that is not
/// `pm`'s (as tofu-opt nests a flag's pass implicitly), so that the pipeline
/// runs the same whichever way its pass manager nests.
inline void addPass(OpPassManager &pm, std::unique_ptr<Pass> pass) {
  std::optional<StringRef> anchor = pass->getOpName();
  std::optional<StringRef> own = pm.getOpName();
  if (anchor && own && *anchor != *own)
    pm.nest(*anchor).addPass(std::move(pass));
  else
    pm.addPass(std::move(pass));
}

/// Registers --tofu-partition and --tofu-report (PartitionPipelines.cpp);
/// registerTofuPipelines calls it.
void registerPartitionPipelines();

} // namespace mlir::tofu

#endif // TOFU_LIB_PIPELINES_PIPELINEUTILS_H
