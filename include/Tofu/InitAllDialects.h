//===- InitAllDialects.h - Register the Tofu dialects -----------*- C++ -*-===//
//
// The project's dialects and the external models of the TDL description
// interface, for every tool that parses Tofu IR (tofu-opt, tofu-run).
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_INITALLDIALECTS_H
#define TOFU_INITALLDIALECTS_H

#include "Tofu/Analysis/Description.h"
#include "Tofu/Dialect/StableHLO/IR/CHLO.h"
#include "Tofu/Dialect/StableHLO/IR/Sdy.h"
#include "Tofu/Dialect/StableHLO/IR/StableHLO.h"
#include "Tofu/Dialect/TDL/IR/TDL.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"

#include "mlir/IR/DialectRegistry.h"

namespace mlir::tofu {

inline void registerAllTofuDialects(DialectRegistry &registry) {
  registry
      .insert<tdl::TDLDialect, TofuDialect, stablehlo_subset::StableHLODialect,
              chlo_subset::CHLODialect, sdy_subset::SdyDialect>();
  // The linalg and library-backed models of the TDL description interface.
  registerTDLDescriptionModels(registry);
}

} // namespace mlir::tofu

#endif // TOFU_INITALLDIALECTS_H
