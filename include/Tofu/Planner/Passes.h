//===- Passes.h - The time- and memory-aware planner ------------*- C++ -*-===//
#ifndef TOFU_PLANNER_PASSES_H
#define TOFU_PLANNER_PASSES_H

#include "Tofu/Dialect/TDL/IR/TDL.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"
#include "Tofu/Support/EnumOption.h"
#include "Tofu/Support/PrintFormat.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tofu {

/// Pins of --tofu-plan's enumerated choices (`chosen`: the planner decides).
enum class ZeroPin { Chosen, Zero0, Zero1, Zero2, Zero3 };
enum class RecomputePin { Chosen, On, Off };
enum class SchedulePin { Chosen, GPipe, OneFOneB, Interleaved };

/// `strategy=`: whose search space the planner searches.
enum class PlannerStrategy { Planner, Megatron, Zero3, Alpa, TofuBytes };
/// `optimizer=`: memory and update traffic per parameter.
enum class PlannerOptimizer { Sgd, Adam, AdamMixed };
/// `precision=`: the bytes of float tensors and the peak used.
enum class PlannerPrecision { F32, BF16 };

/// The option names of the enums above (also the report's words), and the
/// options' tables of them (llvm::cl::values) with what each means.
StringRef stringifyPlannerStrategy(PlannerStrategy strategy);
StringRef stringifyPlannerOptimizer(PlannerOptimizer optimizer);
llvm::cl::ValuesClass plannerStrategyValues();
llvm::cl::ValuesClass plannerOptimizerValues();
} // namespace mlir::tofu

TOFU_ENUM_OPTION(::mlir::tofu::ZeroPin)
TOFU_ENUM_OPTION(::mlir::tofu::RecomputePin)
TOFU_ENUM_OPTION(::mlir::tofu::SchedulePin)
TOFU_ENUM_OPTION(::mlir::tofu::PlannerStrategy)
TOFU_ENUM_OPTION(::mlir::tofu::PlannerOptimizer)
TOFU_ENUM_OPTION(::mlir::tofu::PlannerPrecision)

namespace mlir::tofu {

#define GEN_PASS_DECL
#include "Tofu/Planner/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Tofu/Planner/Passes.h.inc"

} // namespace mlir::tofu

#endif // TOFU_PLANNER_PASSES_H
