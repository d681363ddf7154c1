// Tests that the StableHLO ops added for real JAX programs (functions, bit
// operations, clamp, reverse, dynamic slices, sort, case, while) parse in the
// syntax JAX 0.10 prints and print back the same (round trip through the
// generic form too).
// RUN: tofu-opt %s | tofu-opt | FileCheck %s
// RUN: tofu-opt %s --mlir-print-op-generic | tofu-opt | FileCheck %s

// CHECK-LABEL: func.func @functions
func.func @functions(%x: tensor<3x4xf32>, %i: tensor<3x4xi32>, %lo: tensor<f32>, %hi: tensor<f32>) -> (tensor<3x4xf32>, tensor<3x4xi32>, tensor<3x4xi1>) {
  // CHECK: stablehlo.tan %{{.*}} : tensor<3x4xf32>
  %0 = stablehlo.tan %x : tensor<3x4xf32>
  // CHECK: stablehlo.cbrt %{{.*}} : tensor<3x4xf32>
  %1 = stablehlo.cbrt %0 : tensor<3x4xf32>
  // CHECK: stablehlo.round_nearest_even %{{.*}} : tensor<3x4xf32>
  %2 = stablehlo.round_nearest_even %1 : tensor<3x4xf32>
  // CHECK: stablehlo.round_nearest_afz %{{.*}} : tensor<3x4xf32>
  %3 = stablehlo.round_nearest_afz %2 : tensor<3x4xf32>
  // CHECK: stablehlo.atan2 %{{.*}}, %{{.*}} : tensor<3x4xf32>
  %4 = stablehlo.atan2 %3, %x : tensor<3x4xf32>
  // CHECK: stablehlo.clamp %{{.*}}, %{{.*}}, %{{.*}} : (tensor<f32>, tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  %5 = stablehlo.clamp %lo, %4, %hi : (tensor<f32>, tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  // CHECK: stablehlo.clamp %{{.*}}, %{{.*}}, %{{.*}} : tensor<3x4xf32>
  %6 = stablehlo.clamp %x, %5, %5 : tensor<3x4xf32>
  // CHECK: stablehlo.is_finite %{{.*}} : (tensor<3x4xf32>) -> tensor<3x4xi1>
  %7 = stablehlo.is_finite %6 : (tensor<3x4xf32>) -> tensor<3x4xi1>
  // CHECK: stablehlo.shift_left %{{.*}}, %{{.*}} : tensor<3x4xi32>
  %8 = stablehlo.shift_left %i, %i : tensor<3x4xi32>
  // CHECK: stablehlo.shift_right_arithmetic %{{.*}}, %{{.*}} : tensor<3x4xi32>
  %9 = stablehlo.shift_right_arithmetic %8, %i : tensor<3x4xi32>
  // CHECK: stablehlo.shift_right_logical %{{.*}}, %{{.*}} : tensor<3x4xi32>
  %10 = stablehlo.shift_right_logical %9, %i : tensor<3x4xi32>
  // CHECK: stablehlo.popcnt %{{.*}} : tensor<3x4xi32>
  %11 = stablehlo.popcnt %10 : tensor<3x4xi32>
  // CHECK: stablehlo.count_leading_zeros %{{.*}} : tensor<3x4xi32>
  %12 = stablehlo.count_leading_zeros %11 : tensor<3x4xi32>
  return %6, %12, %7 : tensor<3x4xf32>, tensor<3x4xi32>, tensor<3x4xi1>
}

// CHECK-LABEL: func.func @data_movement
func.func @data_movement(%x: tensor<3x4xf32>, %k: tensor<i32>) -> (tensor<3x4xf32>, tensor<1x4xf32>, tensor<3x4xf32>) {
  %c = stablehlo.constant dense<0> : tensor<i32>
  // CHECK: stablehlo.reverse %{{.*}}, dims = [1] : tensor<3x4xf32>
  %0 = stablehlo.reverse %x, dims = [1] : tensor<3x4xf32>
  // CHECK: stablehlo.dynamic_slice %{{.*}}, %{{.*}}, %{{.*}}, sizes = [1, 4] : (tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
  %1 = stablehlo.dynamic_slice %0, %k, %c, sizes = [1, 4] : (tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
  // CHECK: stablehlo.dynamic_update_slice %{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<3x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
  %2 = stablehlo.dynamic_update_slice %x, %1, %k, %c : (tensor<3x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
  return %0, %1, %2 : tensor<3x4xf32>, tensor<1x4xf32>, tensor<3x4xf32>
}

// CHECK-LABEL: func.func @sort
func.func @sort(%x: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xi32>) {
  %i = stablehlo.iota dim = 1 : tensor<3x4xi32>
  // CHECK: "stablehlo.sort"(%{{.*}}, %{{.*}}) <{dimension = 1 : i64, is_stable = true}> ({
  // CHECK: ^bb0(%{{.*}}: tensor<f32>, %{{.*}}: tensor<f32>, %{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>):
  // CHECK: stablehlo.compare LT, %{{.*}}, %{{.*}}, TOTALORDER
  // CHECK: }) : (tensor<3x4xf32>, tensor<3x4xi32>) -> (tensor<3x4xf32>, tensor<3x4xi32>)
  %0:2 = "stablehlo.sort"(%x, %i) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>, %arg3: tensor<i32>, %arg4: tensor<i32>):
    %1 = stablehlo.compare LT, %arg1, %arg2, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  }) : (tensor<3x4xf32>, tensor<3x4xi32>) -> (tensor<3x4xf32>, tensor<3x4xi32>)
  return %0#0, %0#1 : tensor<3x4xf32>, tensor<3x4xi32>
}

// CHECK-LABEL: func.func @case
func.func @case(%x: tensor<3x4xf32>, %k: tensor<i32>) -> tensor<3x4xf32> {
  // CHECK: "stablehlo.case"(%{{.*}}) ({
  // CHECK: stablehlo.return %{{.*}} : tensor<3x4xf32>
  // CHECK: }, {
  // CHECK: stablehlo.negate
  // CHECK: }) : (tensor<i32>) -> tensor<3x4xf32>
  %0 = "stablehlo.case"(%k) ({
    stablehlo.return %x : tensor<3x4xf32>
  }, {
    %1 = stablehlo.negate %x : tensor<3x4xf32>
    stablehlo.return %1 : tensor<3x4xf32>
  }) : (tensor<i32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// CHECK-LABEL: func.func @fori_loop
func.func @fori_loop(%x: tensor<3x4xf32>) -> tensor<3x4xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  // CHECK: %[[R:.*]]:2 = stablehlo.while(%[[I:.*]] = %{{.*}}, %[[V:.*]] = %{{.*}}) : tensor<i32>, tensor<3x4xf32>
  // CHECK-NEXT: cond {
  // CHECK: stablehlo.compare LT, %[[I]], %{{.*}}, SIGNED
  // CHECK: } do {
  // CHECK: stablehlo.add %[[I]], %{{.*}} : tensor<i32>
  // CHECK: stablehlo.negate %[[V]] : tensor<3x4xf32>
  %0:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %x) : tensor<i32>, tensor<3x4xf32>
  cond {
    %c_1 = stablehlo.constant dense<5> : tensor<i32>
    %1 = stablehlo.compare LT, %iterArg, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c_1 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %iterArg, %c_1 : tensor<i32>
    %2 = stablehlo.negate %iterArg_0 : tensor<3x4xf32>
    stablehlo.return %1, %2 : tensor<i32>, tensor<3x4xf32>
  }
  return %0#1 : tensor<3x4xf32>
}
