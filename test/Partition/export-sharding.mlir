// Tests that --tofu-export-sharding writes Tofu's plan of a StableHLO module
// into the module itself: a Shardy mesh of the plan's levels, a sharding per
// argument and result and constraints on the intermediates (sdy), or GSPMD's
// mhlo.sharding strings and @Sharding custom calls; the StableHLO ops stay
// as JAX wrote them, and the output parses back.
// RUN: tofu-opt %s --tofu-export-sharding="gpus=4 levels=2,2 axes=a,b shardings=%t.json" | FileCheck %s --check-prefix=SDY
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// RUN: tofu-opt %s --tofu-export-sharding="dialect=gspmd gpus=4 levels=2,2" | FileCheck %s --check-prefix=GSPMD
// RUN: tofu-opt %s --tofu-export-sharding="gpus=4 levels=2,2" | tofu-opt | FileCheck %s --check-prefix=ROUNDTRIP
// RUN: tofu-opt %s --tofu-export-sharding="gpus=2" | FileCheck %s --check-prefix=DEFAULT
// RUN: tofu-opt %s --tofu-export-sharding="gpus=4 levels=2,2 constraints=false" | FileCheck %s --check-prefix=BOUNDARY
// With partials=true, JAX's MLP step holds a partial sum that flows: that
// tensor is left without a constraint.
// RUN: tofu-opt %S/../Integration/Frontends/jax/Inputs/mlp.mlir --tofu-export-sharding="gpus=4 partials=true shardings=%t.partial.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=PARTIAL < %t.partial.json
// RUN: tofu-opt %S/../Integration/Frontends/jax/Inputs/mlp.mlir --tofu-export-sharding="gpus=4 shardings=%t.nopartial.json" -o /dev/null
// RUN: FileCheck %s --check-prefix=NOPARTIAL < %t.nopartial.json

// SDY: module @jit_step attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32}
// SDY-NEXT: "sdy.mesh"() {mesh = #sdy.mesh<["a"=2, "b"=2]>, sym_name = "mesh"} : () -> ()
// SDY-LABEL: func.func public @main(
// SDY-SAME: %arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}
// SDY-SAME: %arg1: tensor<8x32xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>}
// SDY-SAME: %arg2: tensor<32x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>}
// SDY-SAME: -> (tensor<16x4xf32> {jax.result_info = "result", sdy.sharding = #sdy.sharding<@mesh, [{"a", "b"}, {}]>})
// SDY: %[[H:.*]] = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT]
// SDY-NEXT: %[[HC:.*]] = "sdy.sharding_constraint"(%[[H]]) {sharding = #sdy.sharding<@mesh, [{"b"}, {"a"}]>} : (tensor<16x32xf32>) -> tensor<16x32xf32>
// SDY-NEXT: %[[R:.*]] = call @relu(%[[HC]])
// SDY-NEXT: %[[RC:.*]] = "sdy.sharding_constraint"(%[[R]])
// SDY-NEXT: %[[Y:.*]] = stablehlo.dot_general %[[RC]], %arg2
// SDY-NEXT: %[[YC:.*]] = "sdy.sharding_constraint"(%[[Y]])
// SDY-NEXT: return %[[YC]]
// SDY-LABEL: func.func private @relu
// SDY-NOT: sdy.
// SDY: return

// JSON: "arguments": [
// JSON: "constraints": {{[1-9]}}
// JSON: "dialect": "sdy"
// JSON: "mesh": [
// JSON-NEXT: {
// JSON-NEXT: "name": "a",
// JSON-NEXT: "size": 2

// GSPMD: module @jit_step attributes {mhlo.num_partitions = 4 : i32, mhlo.num_replicas = 1 : i32}
// GSPMD-NOT: sdy.
// GSPMD-LABEL: func.func public @main(
// GSPMD-SAME: %arg0: tensor<16x8xf32> {mhlo.sharding = "{devices=[4,1]0,1,2,3}"}
// GSPMD-SAME: %arg1: tensor<8x32xf32> {mhlo.sharding = "{devices=[2,2]0,2,1,3}"}
// GSPMD: stablehlo.dot_general
// GSPMD-NEXT: stablehlo.custom_call @Sharding(%{{.*}}) {mhlo.sharding = "{devices=[2,2]0,2,1,3}"} : (tensor<16x32xf32>) -> tensor<16x32xf32>

// ROUNDTRIP: "sdy.mesh"() {mesh = #sdy.mesh<["l0"=2, "l1"=2]>, sym_name = "mesh"}
// ROUNDTRIP: "sdy.sharding_constraint"

// DEFAULT: #sdy.mesh<["l0"=2]>

// BOUNDARY: func.func public @main(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"l0", "l1"}, {}]>}
// BOUNDARY-NOT: sdy.sharding_constraint

// PARTIAL: "unconstrained_partial": {{[1-9]}}
// NOPARTIAL: "unconstrained_partial": 0
module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16x8xf32>, %arg1: tensor<8x32xf32>, %arg2: tensor<32x4xf32>) -> (tensor<16x4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x8xf32>, tensor<8x32xf32>) -> tensor<16x32xf32>
    %1 = call @relu(%0) : (tensor<16x32xf32>) -> tensor<16x32xf32>
    %2 = stablehlo.dot_general %1, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<16x32xf32>, tensor<32x4xf32>) -> tensor<16x4xf32>
    return %2 : tensor<16x4xf32>
  }
  func.func private @relu(%arg0: tensor<16x32xf32>) -> tensor<16x32xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<16x32xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<16x32xf32>
    return %1 : tensor<16x32xf32>
  }
}
