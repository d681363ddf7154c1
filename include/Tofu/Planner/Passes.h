//===- Passes.h - The time- and memory-aware planner ------------*- C++ -*-===//
#ifndef TOFU_PLANNER_PASSES_H
#define TOFU_PLANNER_PASSES_H

#include "Tofu/Dialect/TDL/IR/TDL.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::tofu {

/// Pins of --tofu-plan's enumerated choices (`chosen`: the planner decides).
enum class ZeroPin { Chosen, Zero0, Zero1, Zero2, Zero3 };
enum class RecomputePin { Chosen, On, Off };
enum class SchedulePin { Chosen, GPipe, OneFOneB, Interleaved };

#define GEN_PASS_DECL
#include "Tofu/Planner/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "Tofu/Planner/Passes.h.inc"

} // namespace mlir::tofu

#endif // TOFU_PLANNER_PASSES_H
