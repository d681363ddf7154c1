// Tests that element-wise StableHLO ops become all-parallel linalg.generics
// with the scalar op in the body.
// RUN: tofu-opt %s --convert-stablehlo-to-linalg -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @add
// CHECK-SAME: (%[[A:.*]]: tensor<4x8xf32>, %[[B:.*]]: tensor<4x8xf32>)
// CHECK: %[[E:.*]] = tensor.empty() : tensor<4x8xf32>
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "parallel"]
// CHECK-SAME: ins(%[[A]], %[[B]] : tensor<4x8xf32>, tensor<4x8xf32>) outs(%[[E]] : tensor<4x8xf32>)
// CHECK: ^bb0(%[[X:.*]]: f32, %[[Y:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[S:.*]] = arith.addf %[[X]], %[[Y]] : f32
// CHECK: linalg.yield %[[S]] : f32
func.func @add(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %0 = stablehlo.add %a, %b : tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// CHECK-LABEL: func.func @logistic
// CHECK: linalg.generic
// CHECK: arith.negf
// CHECK: math.exp
// CHECK: arith.addf
// CHECK: arith.divf
func.func @logistic(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.logistic %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @compare_select
// CHECK: arith.cmpf ogt
// CHECK: -> tensor<5xi1>
// CHECK: arith.cmpi slt
// CHECK: arith.select
func.func @compare_select(%a: tensor<5xf32>, %b: tensor<5xf32>, %i: tensor<5xi32>) -> (tensor<5xi1>, tensor<5xi32>) {
  %0 = stablehlo.compare GT, %a, %b, FLOAT : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>
  %1 = stablehlo.compare LT, %i, %i, SIGNED : (tensor<5xi32>, tensor<5xi32>) -> tensor<5xi1>
  %2 = stablehlo.select %1, %i, %i : tensor<5xi1>, tensor<5xi32>
  return %0, %2 : tensor<5xi1>, tensor<5xi32>
}

// -----

// A scalar predicate is read through a map with no results.
// CHECK: #[[SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK-LABEL: func.func @select_scalar
// CHECK: linalg.generic {indexing_maps = [#[[SCALAR]],
func.func @select_scalar(%p: tensor<i1>, %a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = stablehlo.select %p, %a, %b : tensor<i1>, tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @convert
// CHECK: arith.fptosi %{{.*}} : f32 to i32
// CHECK: arith.uitofp %{{.*}} : i1 to f32
func.func @convert(%a: tensor<3xf32>, %p: tensor<3xi1>) -> (tensor<3xi32>, tensor<3xf32>) {
  %0 = stablehlo.convert %a : (tensor<3xf32>) -> tensor<3xi32>
  %1 = stablehlo.convert %p : (tensor<3xi1>) -> tensor<3xf32>
  return %0, %1 : tensor<3xi32>, tensor<3xf32>
}
