// Tests that scatter and select_and_scatter become "pull"-style
// linalg.generics whose reductions are sums/max/min (which Tofu's TDL
// derivation recognises).
// RUN: tofu-opt %s --convert-stablehlo-to-linalg -split-input-file | FileCheck %s

// Loops: operand (row, column), then the update batch (reduction).
// CHECK: #[[IDX:.*]] = affine_map<(d0, d1, d2) -> (d2, 0)>
// CHECK: #[[UPD:.*]] = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-LABEL: func.func @scatter_add
// CHECK-SAME: (%[[T:.*]]: tensor<10x4xf32>, %[[I:.*]]: tensor<3x1xi32>, %[[U:.*]]: tensor<3x4xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[IDX]], #[[UPD]], {{.*}}], iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK-SAME: ins(%[[I]], %[[U]] : tensor<3x1xi32>, tensor<3x4xf32>) outs(%[[T]] : tensor<10x4xf32>)
// CHECK: ^bb0(%[[IV:.*]]: i32, %[[UV:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK: %[[ROW:.*]] = linalg.index 0 : index
// CHECK: %[[M:.*]] = arith.cmpi eq, %{{.*}}, %[[ROW]] : index
// CHECK: %[[TERM:.*]] = arith.select %[[M]], %[[UV]], %{{.*}} : f32
// CHECK: %[[SUM:.*]] = arith.addf %[[ACC]], %[[TERM]] : f32
// CHECK: linalg.yield %[[SUM]] : f32
func.func @scatter_add(%t: tensor<10x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3x4xf32>) -> tensor<10x4xf32> {
  %0 = "stablehlo.scatter"(%t, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<10x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<10x4xf32>
  return %0 : tensor<10x4xf32>
}

// -----

// Max pooling gradient: window maximum, first offset holding it, then the
// sum over the windows that selected each element.
// CHECK-LABEL: func.func @max_pool_grad
// CHECK: %[[BEST:.*]] = linalg.generic
// CHECK: arith.maximumf
// CHECK: %[[OFF:.*]] = linalg.generic
// CHECK-SAME: ins(%{{.*}}, %{{.*}}, %[[BEST]] :
// CHECK: arith.cmpf oeq
// CHECK: arith.minsi
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction"]
// CHECK-SAME: ins(%{{.*}}, %[[OFF]] : tensor<2x4x4x3xf32>, tensor<2x4x4x3xi64>)
// CHECK: arith.addf
func.func @max_pool_grad(%x: tensor<2x8x8x3xf32>, %dy: tensor<2x4x4x3xf32>) -> tensor<2x8x8x3xf32> {
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = "stablehlo.select_and_scatter"(%x, %dy, %z) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x8x8x3xf32>, tensor<2x4x4x3xf32>, tensor<f32>) -> tensor<2x8x8x3xf32>
  return %0 : tensor<2x8x8x3xf32>
}
