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
#include "Tofu/InitAllDialects.h"
#include "Tofu/InitAllPasses.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::tofu::registerAllTofuPasses();
  // tofu-opt's own: the reports and the test-only passes (test/lib).
  mlir::tofu::registerTofuReportsPasses();
  mlir::tofu::registerTofuTestPartitionPasses();
  mlir::tofu::registerTofuTestSPMDPasses();

  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary translates GPU modules to LLVM IR in-process.
  mlir::registerAllToLLVMIRTranslations(registry);
  mlir::tofu::registerAllTofuDialects(registry);

  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "Tofu-MLIR optimizer driver\n", registry));
}
