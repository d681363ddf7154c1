//===- tofu-opt.cpp - Tofu-MLIR optimizer driver --------------------------===//
//
// mlir-opt with the Tofu dialects and passes registered alongside every
// upstream dialect and pass, so that StableHLO-free pipelines (TOSA, linalg,
// tensor, bufferization, LLVM lowering) can be driven from one tool.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Autodiff/Passes.h"
#include "Tofu/Conversion/SPMDToRuntime/Passes.h"
#include "Tofu/Conversion/StableHLOToLinalg/Passes.h"
#include "Tofu/Conversion/ToGPU/Passes.h"
#include "Tofu/Dialect/StableHLO/IR/CHLO.h"
#include "Tofu/Dialect/StableHLO/IR/StableHLO.h"
#include "Tofu/Dialect/TDL/IR/TDL.h"
#include "Tofu/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::tofu::registerTofuPasses();
  mlir::tofu::registerTofuAutodiffPasses();
  mlir::tofu::registerTofuSPMDToRuntimePasses();
  mlir::tofu::registerTofuStableHLOToLinalgPasses();
  mlir::tofu::registerTofuStableHLOPipelines();
  mlir::tofu::registerTofuToGPUPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary translates GPU modules to LLVM IR in-process.
  mlir::registerAllToLLVMIRTranslations(registry);
  registry.insert<mlir::tdl::TDLDialect>();
  registry.insert<mlir::stablehlo_subset::StableHLODialect>();
  registry.insert<mlir::chlo_subset::CHLODialect>();

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Tofu-MLIR optimizer driver\n", registry));
}
