// Tests that --tofu-lower-spmd calls the runtime entry point of each
// element type (tofu_rt_<collective>_memref_<type>), so that one module may
// communicate tensors of several types (one declaration per symbol), and
// that the data is not converted on the way.
// RUN: tofu-opt --tofu-lower-spmd %s | FileCheck %s

shard.grid @g(shape = 2x2)

// CHECK-DAG: func.func private @tofu_rt_all_reduce_memref_f32(memref<*xf32>, i64, i32) -> i32
// CHECK-DAG: func.func private @tofu_rt_all_reduce_memref_f64(memref<*xf64>, i64, i32) -> i32
// CHECK-DAG: func.func private @tofu_rt_all_reduce_memref_i64(memref<*xi64>, i64, i32) -> i32
// CHECK-DAG: func.func private @tofu_rt_all_gather_memref_i1(memref<*xi1>, memref<*xi1>, i64, i64) -> i32
// CHECK-DAG: func.func private @tofu_rt_all_gather_memref_i32(memref<*xi32>, memref<*xi32>, i64, i64) -> i32
// CHECK-DAG: func.func private @tofu_rt_reduce_scatter_memref_bf16(memref<*xbf16>, memref<*xbf16>, i64, i64, i32) -> i32
// CHECK-DAG: func.func private @tofu_rt_all_to_all_memref_f64(memref<*xf64>, memref<*xf64>, i64, i64, i64) -> i32

// CHECK-LABEL: func.func @f32_sum
// CHECK: call @tofu_rt_all_reduce_memref_f32(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<*xf32>, i64, i32) -> i32
func.func @f32_sum(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = shard.all_reduce %x on @g grid_axes = [0] : tensor<4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// CHECK-LABEL: func.func @f64_sum
// CHECK: call @tofu_rt_all_reduce_memref_f64(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<*xf64>, i64, i32) -> i32
func.func @f64_sum(%x: tensor<4xf64>) -> tensor<4xf64> {
  %r = shard.all_reduce %x on @g grid_axes = [0] : tensor<4xf64> -> tensor<4xf64>
  return %r : tensor<4xf64>
}

// i64 token ids summed over both levels: one call per level.
// CHECK-LABEL: func.func @i64_sum
// CHECK: call @tofu_rt_all_reduce_memref_i64(%[[U:.*]], %{{.*}}, %{{.*}}) : (memref<*xi64>, i64, i32) -> i32
// CHECK: call @tofu_rt_all_reduce_memref_i64(%[[U]], %{{.*}}, %{{.*}}) : (memref<*xi64>, i64, i32) -> i32
func.func @i64_sum(%x: tensor<4xi64>) -> tensor<4xi64> {
  %r = shard.all_reduce %x on @g grid_axes = [0, 1] : tensor<4xi64> -> tensor<4xi64>
  return %r : tensor<4xi64>
}

// Two gathers of different types in one function.
// CHECK-LABEL: func.func @mixed_gathers
// CHECK-NOT: arith.extui
// CHECK: call @tofu_rt_all_gather_memref_i1(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (memref<*xi1>, memref<*xi1>, i64, i64) -> i32
// CHECK: call @tofu_rt_all_gather_memref_i32(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (memref<*xi32>, memref<*xi32>, i64, i64) -> i32
func.func @mixed_gathers(%x: tensor<2x3xi1>, %y: tensor<2x3xi32>) -> (tensor<4x3xi1>, tensor<4x3xi32>) {
  %r = shard.all_gather %x on @g grid_axes = [1] gather_axis = 0 : tensor<2x3xi1> -> tensor<4x3xi1>
  %s = shard.all_gather %y on @g grid_axes = [1] gather_axis = 0 : tensor<2x3xi32> -> tensor<4x3xi32>
  return %r, %s : tensor<4x3xi1>, tensor<4x3xi32>
}

// CHECK-LABEL: func.func @bf16_max_scatter
// CHECK: %[[MAX:.*]] = arith.constant 1 : i32
// CHECK: call @tofu_rt_reduce_scatter_memref_bf16(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %[[MAX]]) : (memref<*xbf16>, memref<*xbf16>, i64, i64, i32) -> i32
func.func @bf16_max_scatter(%x: tensor<4x2xbf16>) -> tensor<2x2xbf16> {
  %r = shard.reduce_scatter %x on @g grid_axes = [0] reduction = max scatter_axis = 0 : tensor<4x2xbf16> -> tensor<2x2xbf16>
  return %r : tensor<2x2xbf16>
}

// CHECK-LABEL: func.func @f64_all_to_all
// CHECK: call @tofu_rt_all_to_all_memref_f64(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) : (memref<*xf64>, memref<*xf64>, i64, i64, i64) -> i32
func.func @f64_all_to_all(%x: tensor<4x2xf64>) -> tensor<2x4xf64> {
  %r = shard.all_to_all %x on @g grid_axes = [0] split_axis = 0 concat_axis = 1 : tensor<4x2xf64> -> tensor<2x4xf64>
  return %r : tensor<2x4xf64>
}
