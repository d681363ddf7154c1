// Tests the conversion of constants, iota and data-movement ops to linalg and
// tensor ops.
// RUN: tofu-opt %s --convert-stablehlo-to-linalg -split-input-file | FileCheck %s

// CHECK: #[[ROW:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK: #[[ID:.*]] = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @broadcast
// CHECK: %[[C:.*]] = arith.constant dense<1.000000e+00> : tensor<16xf32>
// CHECK: linalg.generic {indexing_maps = [#[[ROW]], #[[ID]]]
// CHECK-SAME: ins(%[[C]] : tensor<16xf32>)
func.func @broadcast() -> tensor<5x16xf32> {
  %c = stablehlo.constant dense<1.0> : tensor<16xf32>
  %0 = stablehlo.broadcast_in_dim %c, dims = [1] : (tensor<16xf32>) -> tensor<5x16xf32>
  return %0 : tensor<5x16xf32>
}

// -----

// A size-1 operand dimension broadcast to a larger one is read at 0.
// CHECK: #[[ZERO:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @broadcast_size1
// CHECK: linalg.generic {indexing_maps = [#[[ZERO]],
func.func @broadcast_size1(%a: tensor<5x1xf32>) -> tensor<5x4xf32> {
  %0 = stablehlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<5x1xf32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// CHECK-LABEL: func.func @iota
// CHECK: linalg.generic
// CHECK: %[[I:.*]] = linalg.index 1 : index
// CHECK: arith.index_cast %[[I]] : index to i32
func.func @iota() -> tensor<2x3xi32> {
  %0 = stablehlo.iota dim = 1 : tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// CHECK-LABEL: func.func @transpose
// CHECK: linalg.transpose ins(%{{.*}} : tensor<4x16xf32>) outs(%{{.*}} : tensor<16x4xf32>) permutation = [1, 0]
func.func @transpose(%a: tensor<4x16xf32>) -> tensor<16x4xf32> {
  %0 = stablehlo.transpose %a, dims = [1, 0] : (tensor<4x16xf32>) -> tensor<16x4xf32>
  return %0 : tensor<16x4xf32>
}

// -----

// CHECK-LABEL: func.func @reshape
// CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [1, 16] : tensor<16xf32> into tensor<1x16xf32>
// CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<3x4xf32> into tensor<12xf32>
// Not a single collapse or expand: through 1-D.
// CHECK: %[[F:.*]] = tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<3x4xf32> into tensor<12xf32>
// CHECK: tensor.expand_shape %[[F]] {{\[\[}}0, 1]] output_shape [2, 6] : tensor<12xf32> into tensor<2x6xf32>
func.func @reshape(%a: tensor<16xf32>, %b: tensor<3x4xf32>) -> (tensor<1x16xf32>, tensor<12xf32>, tensor<2x6xf32>) {
  %0 = stablehlo.reshape %a : (tensor<16xf32>) -> tensor<1x16xf32>
  %1 = stablehlo.reshape %b : (tensor<3x4xf32>) -> tensor<12xf32>
  %2 = stablehlo.reshape %b : (tensor<3x4xf32>) -> tensor<2x6xf32>
  return %0, %1, %2 : tensor<1x16xf32>, tensor<12xf32>, tensor<2x6xf32>
}

// -----

// CHECK-LABEL: func.func @slice_concat_pad
// CHECK: tensor.extract_slice %{{.*}}[0, 1] [3, 2] [2, 1] : tensor<6x4xf32> to tensor<3x2xf32>
// CHECK: tensor.concat dim(0) %{{.*}}, %{{.*}} : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<6x4xf32>
// CHECK: %[[V:.*]] = tensor.extract %{{.*}}[] : tensor<f32>
// CHECK: tensor.pad %{{.*}} low[1, 0] high[0, 2]
// CHECK: tensor.yield %[[V]] : f32
func.func @slice_concat_pad(%a: tensor<6x4xf32>, %b: tensor<3x4xf32>, %c: tensor<f32>) -> (tensor<3x2xf32>, tensor<6x4xf32>, tensor<4x6xf32>) {
  %0 = stablehlo.slice %a [0:6:2, 1:3] : (tensor<6x4xf32>) -> tensor<3x2xf32>
  %1 = stablehlo.concatenate %b, %b, dim = 0 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<6x4xf32>
  %2 = stablehlo.pad %b, %c, low = [1, 0], high = [0, 2], interior = [0, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<4x6xf32>
  return %0, %1, %2 : tensor<3x2xf32>, tensor<6x4xf32>, tensor<4x6xf32>
}

// -----

// Interior and negative padding: strided insert into a filled tensor, then a cut.
// CHECK-LABEL: func.func @pad_interior
// CHECK: %[[F:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<5x6xf32>)
// CHECK: %[[I:.*]] = tensor.insert_slice %{{.*}} into %[[F]][0, 2] [3, 4] [2, 1]
// CHECK: tensor.extract_slice %[[I]][1, 0] [4, 5] [1, 1] : tensor<5x6xf32> to tensor<4x5xf32>
func.func @pad_interior(%b: tensor<3x4xf32>, %c: tensor<f32>) -> tensor<4x5xf32> {
  %0 = stablehlo.pad %b, %c, low = [-1, 2], high = [0, -1], interior = [1, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// CHECK: #[[IDX:.*]] = affine_map<(d0, d1) -> (d0, 0)>
// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[T:.*]]: tensor<10x4xf32>, %[[I:.*]]: tensor<3x1xi32>)
// CHECK: linalg.generic {indexing_maps = [#[[IDX]],
// CHECK-SAME: ins(%[[I]] : tensor<3x1xi32>)
// CHECK: tensor.extract %[[T]]
func.func @gather(%t: tensor<10x4xf32>, %i: tensor<3x1xi32>) -> tensor<3x4xf32> {
  %0 = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> : (tensor<10x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// An input of size 0 along the axis (as jnp.pad with zero width emits) is
// dropped: bufferizing it would slice the result at its end.
// CHECK-LABEL: func.func @concat_empty
// CHECK: tensor.concat dim(0) %{{.*}}, %{{.*}} : (tensor<2x6xf32>, tensor<5x6xf32>) -> tensor<7x6xf32>
func.func @concat_empty(%a: tensor<2x6xf32>, %b: tensor<5x6xf32>, %c: tensor<0x6xf32>) -> tensor<7x6xf32> {
  %r = stablehlo.concatenate %a, %b, %c, dim = 0 : (tensor<2x6xf32>, tensor<5x6xf32>, tensor<0x6xf32>) -> tensor<7x6xf32>
  return %r : tensor<7x6xf32>
}
