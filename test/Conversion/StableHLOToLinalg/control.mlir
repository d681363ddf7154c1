// Tests the flattening of case and while: a constant case index inlines its
// branch, a run-time index computes every branch and selects; a while with a
// static trip count (JAX's fori_loop and scan) is unrolled, its counter a
// constant in each copy (so dynamic slices at the counter become static).
// RUN: tofu-opt %s --convert-stablehlo-to-linalg -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @case_constant
// CHECK-NOT: math.exp
// CHECK: arith.negf
// CHECK-NOT: math.exp
// CHECK: return
func.func @case_constant(%x: tensor<4xf32>) -> tensor<4xf32> {
  %k = stablehlo.constant dense<5> : tensor<i32>
  %0 = "stablehlo.case"(%k) ({
    %1 = stablehlo.exponential %x : tensor<4xf32>
    stablehlo.return %1 : tensor<4xf32>
  }, {
    %1 = stablehlo.negate %x : tensor<4xf32>
    stablehlo.return %1 : tensor<4xf32>
  }) : (tensor<i32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Branch 0 is chosen where index == 0, the last branch otherwise.
// CHECK-LABEL: func.func @case_dynamic
// CHECK: %[[B0:.*]] = linalg.generic
// CHECK: math.exp
// CHECK: %[[B1:.*]] = linalg.generic
// CHECK: arith.negf
// CHECK: %[[EQ:.*]] = linalg.generic
// CHECK: arith.cmpi eq
// CHECK: linalg.generic {{.*}} ins(%[[EQ]], %[[B0]], %[[B1]] : tensor<i1>, tensor<4xf32>, tensor<4xf32>)
// CHECK: arith.select
func.func @case_dynamic(%x: tensor<4xf32>, %k: tensor<i32>) -> tensor<4xf32> {
  %0 = "stablehlo.case"(%k) ({
    %1 = stablehlo.exponential %x : tensor<4xf32>
    stablehlo.return %1 : tensor<4xf32>
  }, {
    %1 = stablehlo.negate %x : tensor<4xf32>
    stablehlo.return %1 : tensor<4xf32>
  }) : (tensor<i32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// JAX's scan over the rows of %x: three copies of the body, each slicing
// its own row statically.
// CHECK-LABEL: func.func @scan
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [1, 4] [1, 1]
// CHECK: tensor.extract_slice %{{.*}}[1, 0] [1, 4] [1, 1]
// CHECK: tensor.extract_slice %{{.*}}[2, 0] [1, 4] [1, 1]
// CHECK-NOT: tensor.extract_slice
// CHECK: return
func.func @scan(%x: tensor<3x4xf32>) -> tensor<4xf32> {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4xf32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %1:3 = stablehlo.while(%iterArg = %x, %iterArg_1 = %c, %iterArg_2 = %0) : tensor<3x4xf32>, tensor<i32>, tensor<4xf32>
  cond {
    %c_4 = stablehlo.constant dense<3> : tensor<i32>
    %2 = stablehlo.compare LT, %iterArg_1, %c_4, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %2 : tensor<i1>
  } do {
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %2 = stablehlo.dynamic_slice %iterArg, %iterArg_1, %c_0, sizes = [1, 4] : (tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
    %3 = stablehlo.reshape %2 : (tensor<1x4xf32>) -> tensor<4xf32>
    %4 = stablehlo.add %iterArg_2, %3 : tensor<4xf32>
    %c_4 = stablehlo.constant dense<1> : tensor<i32>
    %5 = stablehlo.add %iterArg_1, %c_4 : tensor<i32>
    stablehlo.return %iterArg, %5, %4 : tensor<3x4xf32>, tensor<i32>, tensor<4xf32>
  }
  return %1#2 : tensor<4xf32>
}

// -----

// A loop that never runs returns its initial values.
// CHECK-LABEL: func.func @zero_trips
// CHECK-SAME: %[[X:.*]]: tensor<4xf32>
// CHECK-NOT: linalg.generic
// CHECK: return %[[X]]
func.func @zero_trips(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = stablehlo.constant dense<9> : tensor<i32>
  %0:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %c_1 = stablehlo.constant dense<5> : tensor<i32>
    %1 = stablehlo.compare LT, %iterArg, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.negate %iterArg_0 : tensor<4xf32>
    stablehlo.return %iterArg, %1 : tensor<i32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}
