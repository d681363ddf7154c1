// Tests that reduce becomes linalg.reduce with the reducer's scalar code and
// reduce_window a window linalg.generic.
// RUN: tofu-opt %s --convert-stablehlo-to-linalg -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @reduce_sum
// CHECK-SAME: (%[[X:.*]]: tensor<5x4xf32>, %[[C:.*]]: tensor<f32>)
// CHECK: %[[V:.*]] = tensor.extract %[[C]][] : tensor<f32>
// CHECK: %[[F:.*]] = linalg.fill ins(%[[V]] : f32) outs(%{{.*}} : tensor<5xf32>)
// CHECK: linalg.reduce { arith.addf } ins(%[[X]] : tensor<5x4xf32>) outs(%[[F]] : tensor<5xf32>) dimensions = [1]
func.func @reduce_sum(%x: tensor<5x4xf32>, %c: tensor<f32>) -> tensor<5xf32> {
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// CHECK-LABEL: func.func @reduce_variadic
// CHECK: linalg.reduce ins(%{{.*}}, %{{.*}} : tensor<5x4xf32>, tensor<5x4xi32>) outs(%{{.*}}, %{{.*}} : tensor<5xf32>, tensor<5xi32>) dimensions = [1]
// CHECK: (%[[V:.*]]: f32, %[[I:.*]]: i32, %[[AV:.*]]: f32, %[[AI:.*]]: i32) {
// CHECK: %[[P:.*]] = arith.cmpf oge, %[[AV]], %[[V]] : f32
// CHECK: arith.select %[[P]], %[[AV]], %[[V]] : f32
// CHECK: arith.select %[[P]], %[[AI]], %[[I]] : i32
func.func @reduce_variadic(%x: tensor<5x4xf32>, %i: tensor<5x4xi32>, %c: tensor<f32>, %d: tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>) {
  %0:2 = stablehlo.reduce(%x init: %c), (%i init: %d) across dimensions = [1] : (tensor<5x4xf32>, tensor<5x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>)
   reducer(%av: tensor<f32>, %bv: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
    %p = stablehlo.compare GE, %av, %bv, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = stablehlo.select %p, %av, %bv : tensor<i1>, tensor<f32>
    %k = stablehlo.select %p, %ai, %bi : tensor<i1>, tensor<i32>
    stablehlo.return %v, %k : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<5xf32>, tensor<5xi32>
}

// -----

// CHECK: #[[IN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0 + d4, d1 * 2 + d5, d2 * 2 + d6, d3 + d7)>
// CHECK: #[[WIN:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d4, d5, d6, d7)>
// CHECK-LABEL: func.func @max_pool
// CHECK: %[[W:.*]] = tensor.empty() : tensor<1x2x2x1xf32>
// CHECK: linalg.generic {indexing_maps = [#[[IN]], #[[WIN]], {{.*}}], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]}
// CHECK-SAME: ins(%{{.*}}, %[[W]] : tensor<2x8x8x4xf32>, tensor<1x2x2x1xf32>)
// CHECK: arith.maximumf
func.func @max_pool(%x: tensor<2x8x8x4xf32>, %c: tensor<f32>) -> tensor<2x4x4x4xf32> {
  %0 = "stablehlo.reduce_window"(%x, %c) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x8x8x4xf32>, tensor<f32>) -> tensor<2x4x4x4xf32>
  return %0 : tensor<2x4x4x4xf32>
}
