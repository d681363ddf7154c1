//===- tofu-opt.cpp - Tofu-MLIR optimizer driver --------------------------===//
//
// mlir-opt with the Tofu dialects and passes registered alongside every
// upstream dialect and pass, so that StableHLO-free pipelines (TOSA, linalg,
// tensor, bufferization, LLVM lowering) can be driven from one tool.
//
//===----------------------------------------------------------------------===//

#include "Partition/TestPasses.h"
#include "Reports/Passes.h"
#include "SPMD/TestPasses.h"
#include "Tofu/Analysis/Description.h"
#include "Tofu/Autodiff/Passes.h"
#include "Tofu/Conversion/LinalgToGPULibrary/Passes.h"
#include "Tofu/Conversion/SPMDToRuntime/Passes.h"
#include "Tofu/Conversion/StableHLOToLinalg/Passes.h"
#include "Tofu/Conversion/TOSAToLinalg/Passes.h"
#include "Tofu/Dialect/StableHLO/IR/CHLO.h"
#include "Tofu/Dialect/StableHLO/IR/StableHLO.h"
#include "Tofu/Dialect/TDL/IR/TDL.h"
#include "Tofu/Dialect/TDL/Transforms/Passes.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/Dialect/Tofu/Transforms/Passes.h"
#include "Tofu/Partition/Passes.h"
#include "Tofu/Pipelines/Pipelines.h"
#include "Tofu/SPMD/Passes.h"
#include "Tofu/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  // In pipeline order: front ends, autodiff, partition, SPMD, runtime and
  // GPU library conversions, code generation; then the reports and the
  // test-only passes (test/lib). --tdl-load-library first: it adds user
  // TDL descriptions for every later pass.
  mlir::tdl::registerTDLPasses();
  mlir::tofu::registerTofuStableHLOToLinalgPasses();
  mlir::tofu::registerTofuStableHLOPipelines();
  mlir::tofu::registerTofuTOSAToLinalgPasses();
  mlir::tofu::registerTofuTOSAToLinalgPipelines();
  mlir::tofu::registerTofuAutodiffPasses();
  mlir::tofu::registerTofuDialectPasses();
  mlir::tofu::registerTofuPartitionPasses();
  mlir::tofu::registerTofuPartitionPipelines();
  mlir::tofu::registerTofuSPMDPasses();
  mlir::tofu::registerTofuSPMDToRuntimePasses();
  mlir::tofu::registerTofuLinalgToGPULibraryPasses();
  mlir::tofu::registerTofuTransformsPasses();
  mlir::tofu::registerTofuLoweringPipelines();
  mlir::tofu::registerTofuReportsPasses();
  mlir::tofu::registerTofuTestPartitionPasses();
  mlir::tofu::registerTofuTestSPMDPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary translates GPU modules to LLVM IR in-process.
  mlir::registerAllToLLVMIRTranslations(registry);
  registry.insert<mlir::tdl::TDLDialect>();
  // The linalg and library-backed models of the TDL description interface.
  mlir::tofu::registerTDLDescriptionModels(registry);
  registry.insert<mlir::tofu::TofuDialect>();
  registry.insert<mlir::stablehlo_subset::StableHLODialect>();
  registry.insert<mlir::chlo_subset::CHLODialect>();

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Tofu-MLIR optimizer driver\n", registry));
}
