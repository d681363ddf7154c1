// Tests the conversion of the element-wise functions, bit operations, clamp
// and the chlo subset: an all-parallel linalg.generic whose body is the
// scalar code (StableHLO's semantics where LLVM's would differ).
// RUN: tofu-opt %s --convert-stablehlo-to-linalg -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @rounding
// CHECK: linalg.generic
// CHECK: math.roundeven
// CHECK: linalg.generic
// CHECK: math.round
// CHECK: linalg.generic
// CHECK: math.atan2
func.func @rounding(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.round_nearest_even %a : tensor<4xf32>
  %1 = stablehlo.round_nearest_afz %0 : tensor<4xf32>
  %2 = stablehlo.atan2 %1, %a : tensor<4xf32>
  return %2 : tensor<4xf32>
}

// -----

// A shift amount of at least the bit width (or negative, read as unsigned)
// gives 0, never LLVM's poison.
// CHECK-LABEL: func.func @shift_left
// CHECK: ^bb0(%[[X:.*]]: i32, %[[N:.*]]: i32, %{{.*}}: i32):
// CHECK: %[[W:.*]] = arith.constant 32 : i32
// CHECK: %[[OUT:.*]] = arith.cmpi uge, %[[N]], %[[W]] : i32
// CHECK: %[[Z:.*]] = arith.constant 0 : i32
// CHECK: %[[S:.*]] = arith.shli %[[X]], %[[N]] : i32
// CHECK: arith.select %[[OUT]], %[[Z]], %[[S]] : i32
func.func @shift_left(%a: tensor<4xi32>, %n: tensor<4xi32>) -> tensor<4xi32> {
  %0 = stablehlo.shift_left %a, %n : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// The arithmetic shift clamps the amount to width - 1 (the sign fill).
// CHECK-LABEL: func.func @shift_right_arithmetic
// CHECK: ^bb0(%[[X:.*]]: i32, %[[N:.*]]: i32, %{{.*}}: i32):
// CHECK: %[[W:.*]] = arith.constant 32 : i32
// CHECK: %[[OUT:.*]] = arith.cmpi uge, %[[N]], %[[W]] : i32
// CHECK: %[[W1:.*]] = arith.constant 31 : i32
// CHECK: %[[C:.*]] = arith.select %[[OUT]], %[[W1]], %[[N]] : i32
// CHECK: arith.shrsi %[[X]], %[[C]] : i32
func.func @shift_right_arithmetic(%a: tensor<4xi32>, %n: tensor<4xi32>) -> tensor<4xi32> {
  %0 = stablehlo.shift_right_arithmetic %a, %n : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @shift_right_logical
// CHECK: arith.cmpi uge
// CHECK: arith.shrui
// CHECK: arith.select
// CHECK-LABEL: func.func @bits
// CHECK: math.ctpop
// CHECK: math.ctlz
func.func @shift_right_logical(%a: tensor<4xi64>, %n: tensor<4xi64>) -> tensor<4xi64> {
  %0 = stablehlo.shift_right_logical %a, %n : tensor<4xi64>
  return %0 : tensor<4xi64>
}
func.func @bits(%a: tensor<4xi32>) -> tensor<4xi32> {
  %0 = stablehlo.popcnt %a : tensor<4xi32>
  %1 = stablehlo.count_leading_zeros %0 : tensor<4xi32>
  return %1 : tensor<4xi32>
}

// -----

// Scalar bounds are read through maps with no results.
// CHECK: #[[SCALAR:.*]] = affine_map<(d0, d1) -> ()>
// CHECK: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @clamp
// CHECK: linalg.generic {indexing_maps = [#[[SCALAR]], #[[ID]], #[[SCALAR]], #[[ID]]]
// CHECK: ^bb0(%[[LO:.*]]: f32, %[[X:.*]]: f32, %[[HI:.*]]: f32, %{{.*}}: f32):
// CHECK: %[[M:.*]] = arith.maximumf %[[X]], %[[LO]] : f32
// CHECK: arith.minimumf %[[M]], %[[HI]] : f32
func.func @clamp(%lo: tensor<f32>, %a: tensor<3x4xf32>, %hi: tensor<f32>) -> tensor<3x4xf32> {
  %0 = stablehlo.clamp %lo, %a, %hi : (tensor<f32>, tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// CHECK-LABEL: func.func @is_finite
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: i1):
// CHECK: %[[A:.*]] = math.absf %[[X]] : f32
// CHECK: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK: arith.cmpf one, %[[A]], %[[INF]] : f32
// CHECK: -> tensor<4xi1>
func.func @is_finite(%a: tensor<4xf32>) -> tensor<4xi1> {
  %0 = stablehlo.is_finite %a : (tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @chlo
// CHECK: ^bb0(%[[X:.*]]: f32, %{{.*}}: f32):
// CHECK: arith.mulf %[[X]], %[[X]] : f32
// CHECK: math.erf
// CHECK: math.erfc
// CHECK: math.tan
// CHECK: math.sinh
// CHECK: math.cosh
// CHECK: math.asin
// CHECK: math.acos
// CHECK: math.atan
// CHECK: math.asinh
// CHECK: math.acosh
// CHECK: math.atanh
// CHECK: math.log
// CHECK: arith.cmpf olt
// CHECK: arith.bitcast {{.*}} : f32 to i32
// CHECK-NOT: chlo.
func.func @chlo(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.square %x : tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.erf %0 : tensor<4xf32> -> tensor<4xf32>
  %2 = chlo.erfc %1 : tensor<4xf32> -> tensor<4xf32>
  %3 = chlo.tan %2 : tensor<4xf32> -> tensor<4xf32>
  %4 = chlo.sinh %3 : tensor<4xf32> -> tensor<4xf32>
  %5 = chlo.cosh %4 : tensor<4xf32> -> tensor<4xf32>
  %6 = chlo.asin %5 : tensor<4xf32> -> tensor<4xf32>
  %7 = chlo.acos %6 : tensor<4xf32> -> tensor<4xf32>
  %8 = chlo.atan %7 : tensor<4xf32> -> tensor<4xf32>
  %9 = chlo.asinh %8 : tensor<4xf32> -> tensor<4xf32>
  %10 = chlo.acosh %9 : tensor<4xf32> -> tensor<4xf32>
  %11 = chlo.atanh %10 : tensor<4xf32> -> tensor<4xf32>
  %12 = chlo.erf_inv %11 : tensor<4xf32> -> tensor<4xf32>
  %13 = chlo.next_after %12, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %13 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @infinities
// CHECK: math.absf
// CHECK: arith.cmpf oeq, %{{.*}}, %{{.*}} : f32
// CHECK: arith.constant 0x7F800000 : f32
// CHECK: arith.cmpf oeq
// CHECK: arith.constant 0xFF800000 : f32
// CHECK: arith.cmpf oeq
func.func @infinities(%x: tensor<4xf32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = chlo.is_inf %x : tensor<4xf32> -> tensor<4xi1>
  %1 = chlo.is_pos_inf %x : tensor<4xf32> -> tensor<4xi1>
  %2 = chlo.is_neg_inf %x : tensor<4xf32> -> tensor<4xi1>
  return %0, %1, %2 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// lgamma and digamma are evaluated in f64 (Lanczos / asymptotic series).
// CHECK-LABEL: func.func @gamma
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: math.sin %{{.*}} : f64
// CHECK: arith.truncf %{{.*}} : f64 to f32
// CHECK: arith.extf %{{.*}} : f32 to f64
// CHECK: math.tan %{{.*}} : f64
// CHECK: arith.truncf %{{.*}} : f64 to f32
func.func @gamma(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = chlo.lgamma %x : tensor<4xf32> -> tensor<4xf32>
  %1 = chlo.digamma %0 : tensor<4xf32> -> tensor<4xf32>
  return %1 : tensor<4xf32>
}
