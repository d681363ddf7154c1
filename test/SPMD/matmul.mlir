// Materialization of hand-written plans: the IR every rank runs.
// RUN: tofu-opt --tofu-materialize %s | FileCheck %s
// RUN: tofu-opt --tofu-materialize --tofu-lower-spmd %s | FileCheck %s --check-prefix=LOWER

// A 2x2 grid: x split by rows at level 0, the contraction split at level 1.
// The partial products are reduce-scattered into the planned column split.
module attributes {tofu.partition = #tofu.plan<workers = 4, levels = [2, 2], function = "main">} {
  func.func @main(%x: tensor<8x4xf32> {tofu.layout = #tofu.layout<[0, 1]>},
                  %w: tensor<4x6xf32> {tofu.layout = #tofu.layout<[replicated, replicated]>})
      -> tensor<8x6xf32> {
    %zero = arith.constant 0.0 : f32
    %empty = tensor.empty() : tensor<8x6xf32>
    %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<8x6xf32>) -> tensor<8x6xf32>
    %y = linalg.matmul {tofu.strategy = #tofu.strategy<[0, 2]>, tofu.layouts = [#tofu.layout<[0, 1]>]}
           ins(%x, %w : tensor<8x4xf32>, tensor<4x6xf32>)
           outs(%init : tensor<8x6xf32>) -> tensor<8x6xf32>
    return %y : tensor<8x6xf32>
  }
}
// CHECK: shard.grid @tofu_grid(shape = 2x2)
// CHECK-LABEL: func.func @main(
// CHECK-SAME: tensor<4x2xf32> {tofu.layout = #tofu.layout<[0, 1]>}
// CHECK-SAME: tensor<4x6xf32> {tofu.layout = #tofu.layout<[replicated, replicated]>}
// CHECK-SAME: -> (tensor<4x3xf32> {tofu.layout = #tofu.layout<[0, 1]>})
// CHECK: %[[W:.*]] = shard.all_slice %{{.*}} on @tofu_grid grid_axes = [1] slice_axis = 0 : tensor<4x6xf32> -> tensor<2x6xf32>
// CHECK: %[[MM:.*]] = linalg.matmul {{.*}}ins(%{{.*}}, %[[W]] : tensor<4x2xf32>, tensor<2x6xf32>)
// CHECK: shard.reduce_scatter %[[MM]] on @tofu_grid grid_axes = [1] scatter_axis = 1 : tensor<4x6xf32> -> tensor<4x3xf32>

// LOWER-NOT: shard.
// LOWER: call @tofu_rt_coord
// LOWER: call @tofu_rt_reduce_scatter_memref_f32
