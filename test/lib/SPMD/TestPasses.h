//===- TestPasses.h - Test-only SPMD passes ---------------------*- C++ -*-===//
#ifndef TOFU_TEST_SPMD_PASSES_H
#define TOFU_TEST_SPMD_PASSES_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tofu {

#define GEN_PASS_DECL
#include "TestSPMDPasses.h.inc"

#define GEN_PASS_REGISTRATION
#include "TestSPMDPasses.h.inc"

} // namespace mlir::tofu

#endif // TOFU_TEST_SPMD_PASSES_H
