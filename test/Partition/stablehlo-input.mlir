// Tests that --tofu-partition imports raw StableHLO (a JAX export) itself
// before planning, and that a module partitioned already is refused with a
// located "already partitioned" error instead of a missing description.
// RUN: tofu-opt --tofu-partition="gpus=2" %s | FileCheck %s
// RUN: tofu-opt --tofu-partition="gpus=2 materialize=false" %s | FileCheck %s --check-prefix=PLAN
// RUN: tofu-opt --tofu-partition="gpus=2" %s -o %t.spmd.mlir
// RUN: not tofu-opt --tofu-partition="gpus=2" %t.spmd.mlir 2>&1 | FileCheck %s --check-prefix=AGAIN
// RUN: not tofu-opt --tofu-partition="gpus=2 materialize=false" %t.spmd.mlir 2>&1 | FileCheck %s --check-prefix=AGAIN
// RUN: sed -e 's/, materialized = <[^>]*>//' %t.spmd.mlir > %t.collectives.mlir
// RUN: not tofu-opt --tofu-partition="gpus=2" %t.collectives.mlir 2>&1 | FileCheck %s --check-prefix=COLLECTIVE

// CHECK: module @jit_f attributes {{{.*}}tofu.partition = #tofu.plan<workers = 2, {{.*}}materialized
// CHECK-LABEL: func.func public @main
// CHECK-NOT: stablehlo.
// CHECK: shard.
// PLAN: tofu.partition = #tofu.plan<
// PLAN: linalg.matmul {{.*}}tofu.strategy
// PLAN-NOT: stablehlo.
// AGAIN: error: the module is already partitioned (its tofu.partition plan is materialized into per-rank code); partition the original module
// COLLECTIVE: error: the module is already partitioned ('shard.{{[a-z_]+}}' is a collective of a partitioned program); partition the original module
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x8xf32>, %arg1: tensor<8x4xf32>) -> (tensor<8x4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x8xf32>, tensor<8x4xf32>) -> tensor<8x4xf32>
    %1 = call @relu(%0) : (tensor<8x4xf32>) -> tensor<8x4xf32>
    return %1 : tensor<8x4xf32>
  }
  func.func private @relu(%arg0: tensor<8x4xf32>) -> tensor<8x4xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<8x4xf32>
    return %1 : tensor<8x4xf32>
  }
}
