// The relayout engine on its own (--test-tofu-relayout): each function's
// argument is the local tensor of a value laid out as `from`, returned laid
// out as `to`. Layout entries per level: the split dimension, -1 replicated,
// -2 partial.
// RUN: tofu-opt --test-tofu-relayout %s | FileCheck %s

// One grid per function, of the request's levels.
// CHECK-DAG: shard.grid @split_to_replicated_grid(shape = 2)
// CHECK-DAG: shard.grid @replicated_to_split_grid(shape = 2x3)

// Split -> replicated: an all-gather along the split dimension.
// CHECK-LABEL: func.func @split_to_replicated(
// CHECK-SAME: %[[X:.*]]: tensor<4x8xf32>) -> tensor<8x8xf32>
// CHECK: %[[G:.*]] = shard.all_gather %[[X]] on @split_to_replicated_grid grid_axes = [0] gather_axis = 0 : tensor<4x8xf32> -> tensor<8x8xf32>
// CHECK: return %[[G]]
func.func @split_to_replicated(%x: tensor<4x8xf32>) attributes {
    test.relayout = {levels = array<i64: 2>, from = array<i64: 0>,
                     to = array<i64: -1>}} {
  return
}

// Split -> split along another dimension: one all-to-all.
// CHECK-LABEL: func.func @split_to_other_dim(
// CHECK-SAME: %[[X:.*]]: tensor<4x8xf32>) -> tensor<8x4xf32>
// CHECK: %[[A:.*]] = shard.all_to_all %[[X]] on @split_to_other_dim_grid grid_axes = [0] split_axis = 1 concat_axis = 0 : tensor<4x8xf32> -> tensor<8x4xf32>
// CHECK: return %[[A]]
func.func @split_to_other_dim(%x: tensor<4x8xf32>) attributes {
    test.relayout = {levels = array<i64: 2>, from = array<i64: 0>,
                     to = array<i64: 1>}} {
  return
}

// Partial -> replicated: an all-reduce with the reducer.
// CHECK-LABEL: func.func @partial_to_replicated(
// CHECK-SAME: %[[X:.*]]: tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK: %[[R:.*]] = shard.all_reduce %[[X]] on @partial_to_replicated_grid grid_axes = [0] reduction = max : tensor<8x8xf32> -> tensor<8x8xf32>
// CHECK: return %[[R]]
func.func @partial_to_replicated(%x: tensor<8x8xf32>) attributes {
    test.relayout = {levels = array<i64: 2>, from = array<i64: -2>,
                     to = array<i64: -1>, reducer = "max"}} {
  return
}

// Partial -> split: straight into the split with a reduce-scatter.
// CHECK-LABEL: func.func @partial_to_split(
// CHECK-SAME: %[[X:.*]]: tensor<8x8xf32>) -> tensor<8x4xf32>
// CHECK: %[[S:.*]] = shard.reduce_scatter %[[X]] on @partial_to_split_grid grid_axes = [0] scatter_axis = 1 : tensor<8x8xf32> -> tensor<8x4xf32>
// CHECK: return %[[S]]
func.func @partial_to_split(%x: tensor<8x8xf32>) attributes {
    test.relayout = {levels = array<i64: 2>, from = array<i64: -2>,
                     to = array<i64: 1>}} {
  return
}

// Replicated -> split at two levels: local slices, outermost level first,
// no communication.
// CHECK-LABEL: func.func @replicated_to_split(
// CHECK-SAME: %[[X:.*]]: tensor<8x6xf32>) -> tensor<4x2xf32>
// CHECK: %[[A:.*]] = shard.all_slice %[[X]] on @replicated_to_split_grid grid_axes = [0] slice_axis = 0 : tensor<8x6xf32> -> tensor<4x6xf32>
// CHECK: %[[B:.*]] = shard.all_slice %[[A]] on @replicated_to_split_grid grid_axes = [1] slice_axis = 1 : tensor<4x6xf32> -> tensor<4x2xf32>
// CHECK: return %[[B]]
func.func @replicated_to_split(%x: tensor<8x6xf32>) attributes {
    test.relayout = {levels = array<i64: 2, 3>, from = array<i64: -1, -1>,
                     to = array<i64: 0, 1>}} {
  return
}

// A dimension split at both levels, undone: the deeper level is gathered
// first, so that the outer one gathers contiguous blocks.
// CHECK-LABEL: func.func @two_level_gather(
// CHECK-SAME: %[[X:.*]]: tensor<2x8xf32>) -> tensor<8x8xf32>
// CHECK: %[[A:.*]] = shard.all_gather %[[X]] on @two_level_gather_grid grid_axes = [1] gather_axis = 0 : tensor<2x8xf32> -> tensor<4x8xf32>
// CHECK: %[[B:.*]] = shard.all_gather %[[A]] on @two_level_gather_grid grid_axes = [0] gather_axis = 0 : tensor<4x8xf32> -> tensor<8x8xf32>
// CHECK: return %[[B]]
func.func @two_level_gather(%x: tensor<2x8xf32>) attributes {
    test.relayout = {levels = array<i64: 2, 2>, from = array<i64: 0, 0>,
                     to = array<i64: -1, -1>}} {
  return
}

// Same layout: nothing to do.
// CHECK-LABEL: func.func @unchanged(
// CHECK-SAME: %[[X:.*]]: tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[X]]
func.func @unchanged(%x: tensor<4x8xf32>) attributes {
    test.relayout = {levels = array<i64: 2>, from = array<i64: 0>,
                     to = array<i64: 0>}} {
  return
}
