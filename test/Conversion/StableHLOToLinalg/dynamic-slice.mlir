// Tests the conversion of reverse, dynamic_slice and dynamic_update_slice:
// run-time starts are clamped to [0, dim - size] as StableHLO specifies;
// constant starts are clamped at compile time into static offsets.
// RUN: tofu-opt %s --convert-stablehlo-to-linalg -split-input-file | FileCheck %s

// CHECK: #[[REV:.*]] = affine_map<(d0, d1) -> (d0, -d1 + 3)>
// CHECK-LABEL: func.func @reverse
// CHECK: linalg.generic {indexing_maps = [#[[REV]],
func.func @reverse(%a: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %0 = stablehlo.reverse %a, dims = [1] : tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_slice
// CHECK-SAME: %[[X:.*]]: tensor<3x4xf32>, %[[K:.*]]: tensor<i32>
// CHECK: %[[E:.*]] = tensor.extract %[[K]][] : tensor<i32>
// CHECK: %[[I:.*]] = arith.index_cast %[[E]] : i32 to index
// CHECK: %[[LO:.*]] = arith.maxsi %[[I]], %{{.*}} : index
// CHECK: %[[HI:.*]] = arith.minsi %[[LO]], %{{.*}} : index
// CHECK: linalg.generic
// CHECK: %[[I0:.*]] = linalg.index 0 : index
// CHECK: %[[R:.*]] = arith.addi %[[HI]], %[[I0]] : index
// CHECK: %[[C2:.*]] = arith.constant 2 : index
// CHECK: %[[I1:.*]] = linalg.index 1 : index
// CHECK: %[[C:.*]] = arith.addi %[[C2]], %[[I1]] : index
// CHECK: tensor.extract %[[X]][%[[R]], %[[C]]] : tensor<3x4xf32>
// CHECK: -> tensor<2x2xf32>
func.func @dynamic_slice(%x: tensor<3x4xf32>, %k: tensor<i32>) -> tensor<2x2xf32> {
  %c = stablehlo.constant dense<7> : tensor<i32>
  %0 = stablehlo.dynamic_slice %x, %k, %c, sizes = [2, 2] : (tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  return %0 : tensor<2x2xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_slice_constant
// CHECK: tensor.extract_slice %{{.*}}[2, 0] [1, 3] [1, 1] : tensor<3x4xf32> to tensor<1x3xf32>
func.func @dynamic_slice_constant(%x: tensor<3x4xf32>) -> tensor<1x3xf32> {
  %i = stablehlo.constant dense<9> : tensor<i32>
  %j = stablehlo.constant dense<-2> : tensor<i32>
  %0 = stablehlo.dynamic_slice %x, %i, %j, sizes = [1, 3] : (tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x3xf32>
  return %0 : tensor<1x3xf32>
}

// -----

// CHECK-LABEL: func.func @dynamic_update_slice
// CHECK-SAME: %[[X:.*]]: tensor<3x4xf32>, %[[U:.*]]: tensor<1x4xf32>, %[[K:.*]]: tensor<i32>
// CHECK: %[[I:.*]] = arith.minsi
// CHECK: tensor.insert_slice %[[U]] into %[[X]][%[[I]], 0] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<3x4xf32>
func.func @dynamic_update_slice(%x: tensor<3x4xf32>, %u: tensor<1x4xf32>, %k: tensor<i32>) -> tensor<3x4xf32> {
  %c = stablehlo.constant dense<-1> : tensor<i32>
  %0 = stablehlo.dynamic_update_slice %x, %u, %k, %c : (tensor<3x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
