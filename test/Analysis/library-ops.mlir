// Tests that the library describes the tensor ops and the TOSA data-movement
// and element-wise ops models use, including rank-reducing and rank-expanding
// slices, and that the descriptions print as re-parsable concrete TDL.
// RUN: tofu-opt --tofu-print-tdl %s -o /dev/null --mlir-print-local-scope > %t.mlir
// RUN: FileCheck %s < %t.mlir
// RUN: tofu-opt %t.mlir -o /dev/null
// RUN: tofu-opt --tofu-print-strategies %s -o /dev/null | FileCheck %s --check-prefix=STRAT

// CHECK-LABEL: // tensor.extract_slice in @tensor_ops
// CHECK-NEXT: tdl.operator @"tensor.extract_slice#0" dims ["d0", "d1"] inputs [affine_map<(d0, d1) -> (3, d0 + 1, d1 * 2)>]
// CHECK-LABEL: // tensor.insert_slice in @tensor_ops
// CHECK-NEXT: tdl.operator @"tensor.insert_slice#0" dims ["d0", "d1", "d2"] inputs [#tdl.guarded<affine_map<(d0, d1, d2) -> (d1 - 2, d2)>>, affine_map<(d0, d1, d2) -> (d0, d1, d2)>]
// CHECK-LABEL: // tensor.concat in @tensor_ops
// CHECK-NEXT: tdl.operator @"tensor.concat#0" dims ["d0", "d1"] inputs [#tdl.guarded<affine_map<(d0, d1) -> (d0, d1)>>, #tdl.guarded<affine_map<(d0, d1) -> (d0, d1 - 4)>>]
// CHECK-LABEL: // tensor.expand_shape in @tensor_ops
// CHECK-NEXT: tdl.operator @"tensor.expand_shape#0" dims ["d0", "d1", "d2"] inputs [affine_map<(d0, d1, d2) -> (d0 + (d1 * 4 + d2) floordiv 12, (d1 * 4 + d2) mod 12)>]
// CHECK-LABEL: // tensor.pad in @tensor_ops
// CHECK-NEXT: tdl.operator @"tensor.pad#0" dims ["d0", "d1"] inputs [#tdl.guarded<affine_map<(d0, d1) -> (d0 - 1, d1 - 2)>>]
// CHECK-LABEL: // tosa.clamp in @tosa_ops
// CHECK-NEXT: tdl.operator @"tosa.clamp#0" dims ["d0", "d1"] inputs [affine_map<(d0, d1) -> (d0, d1)>]
// CHECK-LABEL: // tosa.select in @tosa_ops
// CHECK-NEXT: tdl.operator @"tosa.select#0" dims ["d0", "d1"] inputs [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (0, d1)>, affine_map<(d0, d1) -> (d0, d1)>]
// CHECK: arith.select
// CHECK-LABEL: // tosa.tile in @tosa_ops
// CHECK-NEXT: tdl.operator @"tosa.tile#0" dims ["d0", "d1"] inputs [affine_map<(d0, d1) -> (d0 mod 4, d1 mod 6)>]
// CHECK-LABEL: // tosa.reduce_max in @tosa_ops
// CHECK-NEXT: tdl.operator @"tosa.reduce_max#0" dims ["d0", "d2"] reduce max ["r1"] inputs [affine_map<(d0, d1, d2) -> (d0, d2, d1)>] output affine_map<(d0, d1, d2) -> (d0, 0, d1)>

// STRAT-LABEL: tensor.concat at
// STRAT: split d1 (output): in0[all, half] in1[all, half] -> [all, half]
// STRAT-NEXT: worker 0: in0[0:3, 0:3] in1[0:3, none] -> [0:3, 0:3]
// STRAT-NEXT: worker 1: in0[0:3, none] in1[0:3, 0:3] -> [0:3, 4:7]
// STRAT-LABEL: tosa.tile at
// STRAT: split d0 (output): in0[all, all] -> [half, all]

func.func @tensor_ops(%a: tensor<4x5x12xf32>, %b: tensor<3x6xf32>, %d: tensor<2x8x6xf32>,
                      %c: tensor<4x4xf32>, %e: tensor<4x12xf32>) -> (tensor<4x6xf32>, tensor<2x8x6xf32>, tensor<4x8xf32>, tensor<4x3x4xf32>, tensor<6x8xf32>) {
  %0 = tensor.extract_slice %a[3, 1, 0] [1, 4, 6] [1, 1, 2] : tensor<4x5x12xf32> to tensor<4x6xf32>
  %1 = tensor.insert_slice %b into %d[1, 2, 0] [1, 3, 6] [1, 1, 1] : tensor<3x6xf32> into tensor<2x8x6xf32>
  %2 = tensor.concat dim(1) %c, %c : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x8xf32>
  %3 = tensor.expand_shape %e [[0], [1, 2]] output_shape [4, 3, 4] : tensor<4x12xf32> into tensor<4x3x4xf32>
  %cst = arith.constant 0.0 : f32
  %4 = tensor.pad %c low[1, 2] high[1, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %cst : f32
  } : tensor<4x4xf32> to tensor<6x8xf32>
  return %0, %1, %2, %3, %4 : tensor<4x6xf32>, tensor<2x8x6xf32>, tensor<4x8xf32>, tensor<4x3x4xf32>, tensor<6x8xf32>
}

func.func @tosa_ops(%a: tensor<4x6xf32>, %m: tensor<4x6xi1>, %r: tensor<1x6xf32>, %t: tensor<2x3x4xf32>)
    -> (tensor<4x6xf32>, tensor<4x6xf32>, tensor<8x12xf32>, tensor<2x1x4xf32>) {
  %0 = tosa.clamp %a {min_val = 0.0 : f32, max_val = 6.0 : f32} : (tensor<4x6xf32>) -> tensor<4x6xf32>
  %1 = tosa.select %m, %r, %a : (tensor<4x6xi1>, tensor<1x6xf32>, tensor<4x6xf32>) -> tensor<4x6xf32>
  %mul = tosa.const_shape {values = dense<[2, 2]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %2 = tosa.tile %a, %mul : (tensor<4x6xf32>, !tosa.shape<2>) -> tensor<8x12xf32>
  %3 = tosa.reduce_max %t {axis = 1 : i32} : (tensor<2x3x4xf32>) -> tensor<2x1x4xf32>
  return %0, %1, %2, %3 : tensor<4x6xf32>, tensor<4x6xf32>, tensor<8x12xf32>, tensor<2x1x4xf32>
}
