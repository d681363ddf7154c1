// Tests the verifiers and parsers of the StableHLO subset: each malformed op
// gets a located diagnostic.
// RUN: tofu-opt %s -split-input-file -verify-diagnostics

func.func @add_types(%a: tensor<4xf32>, %b: tensor<4xi32>) -> tensor<4xf32> {
  // expected-error @+1 {{requires the same type for all operands and results}}
  %0 = stablehlo.add %a, %b : (tensor<4xf32>, tensor<4xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @exp_int(%a: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{operand #0 must be ranked tensor of floating-point values}}
  %0 = stablehlo.exponential %a : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

func.func @unknown_op(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{custom op 'stablehlo.cholesky' is unknown}}
  %0 = stablehlo.cholesky %a : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @unknown_generic_op(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{unregistered operation 'stablehlo.fft' found in dialect ('stablehlo') that does not allow unknown operations}}
  %0 = "stablehlo.fft"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @compare_type(%a: tensor<4xi32>) -> tensor<4xi1> {
  // expected-error @+1 {{compare type FLOAT needs float operands, got 'i32'}}
  %0 = stablehlo.compare GT, %a, %a, FLOAT : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @compare_direction(%a: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+2 {{expected ::mlir::stablehlo_subset::ComparisonDirection to be one of: EQ, NE, GE, GT, LE, LT}}
  // expected-error @+1 {{failed to parse StableHLO_ComparisonDirectionAttr parameter}}
  %0 = stablehlo.compare GREATER, %a, %a, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @select_pred(%p: tensor<3xi1>, %a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{pred must be a scalar or have the shape of the operands}}
  %0 = stablehlo.select %p, %a, %a : tensor<3xi1>, tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @broadcast_dims(%a: tensor<4xf32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{dims has 2 entries, the operand has rank 1}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [0, 1] : (tensor<4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @broadcast_size(%a: tensor<3xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{operand dimension 0 (size 3) cannot broadcast to result dimension 1 (size 4)}}
  %0 = stablehlo.broadcast_in_dim %a, dims = [1] : (tensor<3xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @reshape_count(%a: tensor<4xf32>) -> tensor<3x2xf32> {
  // expected-error @+1 {{cannot reshape 4 elements into 6}}
  %0 = stablehlo.reshape %a : (tensor<4xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

func.func @transpose_perm(%a: tensor<3x4xf32>) -> tensor<4x3xf32> {
  // expected-error @+1 {{permutation entry 0 appears twice}}
  %0 = stablehlo.transpose %a, dims = [0, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

func.func @slice_bounds(%a: tensor<6x4xf32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{range 5:7 of dimension 0 is out of bounds}}
  %0 = stablehlo.slice %a [5:7, 0:4] : (tensor<6x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @concat_size(%a: tensor<3x4xf32>) -> tensor<7x4xf32> {
  // expected-error @+1 {{result dimension 0 must have size 6}}
  %0 = stablehlo.concatenate %a, %a, dim = 0 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<7x4xf32>
  return %0 : tensor<7x4xf32>
}

// -----

func.func @pad_size(%a: tensor<3x4xf32>, %c: tensor<f32>) -> tensor<4x4xf32> {
  // expected-error @+1 {{result dimension 1 must have size 6}}
  %0 = stablehlo.pad %a, %c, low = [1, 0], high = [0, 2], interior = [0, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

func.func @iota_dim(%a: tensor<3xf32>) -> tensor<3xi32> {
  // expected-error @+1 {{iota dimension 1 out of range [0, 1)}}
  %0 = stablehlo.iota dim = 1 : tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

func.func @dot_contracting(%a: tensor<5x8xf32>, %b: tensor<7x16xf32>) -> tensor<5x16xf32> {
  // expected-error @+1 {{contracting dimension sizes differ: lhs 1 has 8, rhs 0 has 7}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<5x8xf32>, tensor<7x16xf32>) -> tensor<5x16xf32>
  return %0 : tensor<5x16xf32>
}

// -----

func.func @dot_result(%a: tensor<5x8xf32>, %b: tensor<8x16xf32>) -> tensor<16x5xf32> {
  // expected-error @+1 {{result shape must be (batch, lhs free, rhs free) dimensions, expected 'tensor<5x16xf32>'}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<5x8xf32>, tensor<8x16xf32>) -> tensor<16x5xf32>
  return %0 : tensor<16x5xf32>
}

// -----

func.func @dot_algorithm(%a: tensor<5x8xf32>, %b: tensor<8x16xf32>) -> tensor<5x16xf32> {
  // expected-error @+1 {{unsupported dot_general attribute 'algorithm'}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0], algorithm = <lhs_precision_type = f32> : (tensor<5x8xf32>, tensor<8x16xf32>) -> tensor<5x16xf32>
  return %0 : tensor<5x16xf32>
}

// -----

func.func @conv_layout(%x: tensor<2x8x8x2xf32>, %w: tensor<3x3x2x4xf32>) -> tensor<2x8x8x4xf32> {
  // expected-error @+1 {{expected 'b', 'f' or a spatial dimension number, got 'o'}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, o]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x8x2xf32>, tensor<3x3x2x4xf32>) -> tensor<2x8x8x4xf32>
  return %0 : tensor<2x8x8x4xf32>
}

// -----

func.func @conv_result(%x: tensor<2x8x8x2xf32>, %w: tensor<3x3x2x4xf32>) -> tensor<2x8x8x4xf32> {
  // expected-error @+1 {{result spatial dimension 0 must have size 6}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x8x2xf32>, tensor<3x3x2x4xf32>) -> tensor<2x8x8x4xf32>
  return %0 : tensor<2x8x8x4xf32>
}

// -----

func.func @conv_window_key(%x: tensor<2x8x8x2xf32>, %w: tensor<3x3x2x4xf32>) -> tensor<2x8x8x4xf32> {
  // expected-error @+1 {{unknown window attribute 'padding'}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {padding = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x8x2xf32>, tensor<3x3x2x4xf32>) -> tensor<2x8x8x4xf32>
  return %0 : tensor<2x8x8x4xf32>
}

// -----

func.func @reduce_shape(%x: tensor<5x4xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{result 0 must have shape 'tensor<5xf32>'}}
  %0 = stablehlo.reduce(%x init: %c) applies stablehlo.add across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @reduce_applies(%x: tensor<5x4xf32>, %c: tensor<f32>) -> tensor<5xf32> {
  // expected-error @+1 {{'func.call' is not a stablehlo operation of this dialect}}
  %0 = stablehlo.reduce(%x init: %c) applies func.call across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @reduce_region(%x: tensor<5x4xf32>, %c: tensor<f32>) -> tensor<5xf32> {
  // expected-error @+1 {{reducer argument 1 has type 'tensor<i32>', expected 'tensor<f32>'}}
  %0 = stablehlo.reduce(%x init: %c) across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
   reducer(%a: tensor<f32>, %b: tensor<i32>) {
    stablehlo.return %a : tensor<f32>
  }
  return %0 : tensor<5xf32>
}

// -----

func.func @reduce_window_result(%x: tensor<2x8x8x4xf32>, %c: tensor<f32>) -> tensor<2x3x4x4xf32> {
  // expected-error @+1 {{result dimension 1 must have size 4}}
  %0 = "stablehlo.reduce_window"(%x, %c) <{window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x8x8x4xf32>, tensor<f32>) -> tensor<2x3x4x4xf32>
  return %0 : tensor<2x3x4x4xf32>
}

// -----

func.func @select_and_scatter_region(%x: tensor<4xf32>, %s: tensor<2xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{select region must return 1 value(s) of type(s) 'tensor<i1>'}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %c) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<4xf32>, tensor<2xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @gather_slice(%t: tensor<10x4xf32>, %i: tensor<3x1xi32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{slice size 5 of dimension 1 is out of bounds}}
  %0 = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 5>}> : (tensor<10x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

// The offset dimension is 0, so the result is 4x3 (found by the libFuzzer
// target tofu-stablehlo-parser-fuzzer: the conversion built invalid linalg).
func.func @gather_result_shape(%t: tensor<10x4xf32>, %i: tensor<3x1xi32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{result dimension 0 must have size 4 (the slice size of its operand dimension)}}
  %0 = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<10x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @gather_batch_shape(%t: tensor<10x4xf32>, %i: tensor<3x1xi32>) -> tensor<2x4xf32> {
  // expected-error @+1 {{result dimension 0 must have size 3 (its batch dimension of the start indices)}}
  %0 = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4>}> : (tensor<10x4xf32>, tensor<3x1xi32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

func.func @gather_offset_order(%t: tensor<10x4x2xf32>, %i: tensor<3x1xi32>) -> tensor<3x4x2xf32> {
  // expected-error @+1 {{offset_dims must be sorted}}
  %0 = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [2, 1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 4, 2>}> : (tensor<10x4x2xf32>, tensor<3x1xi32>) -> tensor<3x4x2xf32>
  return %0 : tensor<3x4x2xf32>
}

// -----

func.func @scatter_type(%t: tensor<10x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3x4xf32>) -> tensor<10x5xf32> {
  // expected-error @+1 {{result 0 must have the type of input 0}}
  %0 = "stablehlo.scatter"(%t, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<10x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<10x5xf32>
  return %0 : tensor<10x5xf32>
}

// -----

func.func @return_parent(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.return' op ends a region of 'func.func', which is not a StableHLO region op of the subset (reduce, reduce_window, select_and_scatter, scatter, sort, case, while)}}
  stablehlo.return %a : tensor<f32>
}

// -----

func.func @select_and_scatter_source(%x: tensor<4xf32>, %s: tensor<3xf32>, %c: tensor<f32>) -> tensor<4xf32> {
  // expected-error @+1 {{source dimension 0 must have size 2 (the number of windows)}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %c) <{window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<4xf32>, tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @scatter_batch(%t: tensor<10x4xf32>, %i: tensor<2x1xi32>, %u: tensor<3x4xf32>) -> tensor<10x4xf32> {
  // expected-error @+1 {{the update scatter dimensions must match the batch dimensions of the indices}}
  %0 = "stablehlo.scatter"(%t, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<10x4xf32>, tensor<2x1xi32>, tensor<3x4xf32>) -> tensor<10x4xf32>
  return %0 : tensor<10x4xf32>
}

// -----

func.func @reverse_dims(%a: tensor<3x4xf32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{dimension 2 out of range [0, 2)}}
  %0 = stablehlo.reverse %a, dims = [2] : tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @clamp_shape(%lo: tensor<2xf32>, %a: tensor<3xf32>) -> tensor<3xf32> {
  // expected-error @+1 {{min must be a scalar tensor or have the operand's shape}}
  %0 = stablehlo.clamp %lo, %a, %a : (tensor<2xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @dynamic_slice_starts(%a: tensor<3x4xf32>, %k: tensor<i32>) -> tensor<1x4xf32> {
  // expected-error @+1 {{needs 2 start indices (one per dimension), got 1}}
  %0 = stablehlo.dynamic_slice %a, %k, sizes = [1, 4] : (tensor<3x4xf32>, tensor<i32>) -> tensor<1x4xf32>
  return %0 : tensor<1x4xf32>
}

// -----

func.func @dynamic_slice_size(%a: tensor<3x4xf32>, %k: tensor<i32>) -> tensor<1x5xf32> {
  // expected-error @+1 {{slice size 5 of dimension 1 out of range [0, 4]}}
  %0 = stablehlo.dynamic_slice %a, %k, %k, sizes = [1, 5] : (tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x5xf32>
  return %0 : tensor<1x5xf32>
}

// -----

func.func @dynamic_update_slice_size(%a: tensor<3x4xf32>, %u: tensor<4x4xf32>, %k: tensor<i32>) -> tensor<3x4xf32> {
  // expected-error @+1 {{update dimension 0 (4) is larger than the operand's (3)}}
  %0 = stablehlo.dynamic_update_slice %a, %u, %k, %k : (tensor<3x4xf32>, tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}

// -----

func.func @sort_comparator_args(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{comparator must take 2 arguments, got 1}}
  %0 = "stablehlo.sort"(%a) <{dimension = 0 : i64}> ({
  ^bb0(%x: tensor<f32>):
    %p = stablehlo.compare LT, %x, %x, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @sort_dimension(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{dimension 1 out of range [-1, 1)}}
  %0 = "stablehlo.sort"(%a) <{dimension = 1 : i64}> ({
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %p = stablehlo.compare LT, %x, %y, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @case_types(%a: tensor<4xf32>, %k: tensor<i32>) -> tensor<4xf32> {
  // expected-error @+1 {{branch 1 must return 1 value(s) of type(s) 'tensor<4xf32>'}}
  %0 = "stablehlo.case"(%k) ({
    stablehlo.return %a : tensor<4xf32>
  }, {
    stablehlo.return %k : tensor<i32>
  }) : (tensor<i32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @while_cond(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{cond region must return 1 value(s) of type(s) 'tensor<i1>'}}
  %0 = stablehlo.while(%iterArg = %a) : tensor<4xf32>
  cond {
    stablehlo.return %iterArg : tensor<4xf32>
  } do {
    stablehlo.return %iterArg : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @while_types(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{expected 1 types, got 2}}
  %0 = stablehlo.while(%iterArg = %a) : tensor<4xf32>, tensor<4xf32>
  cond {
    %p = stablehlo.constant dense<false> : tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    stablehlo.return %iterArg : tensor<4xf32>
  }
  return %0 : tensor<4xf32>
}

// -----

func.func @chlo_unknown(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{custom op 'chlo.ragged_dot' is unknown}}
  %0 = chlo.ragged_dot %a : tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @top_k_too_many(%a: tensor<2x4xf32>) -> tensor<2x5xf32> {
  // expected-error @+1 {{'chlo.top_k' op k = 5 is outside [0, 4], the last dimension}}
  %v, %i = chlo.top_k(%a, k = 5) : tensor<2x4xf32> -> (tensor<2x5xf32>, tensor<2x5xi32>)
  return %v : tensor<2x5xf32>
}

// -----

// A negative k is refused also where the last dimension is dynamic.
func.func @top_k_negative(%a: tensor<2x?xf32>) -> tensor<2x?xf32> {
  // expected-error @+1 {{'chlo.top_k' op k = -1 is outside [0, ?], the last dimension}}
  %v, %i = chlo.top_k(%a, k = -1) : tensor<2x?xf32> -> (tensor<2x?xf32>, tensor<2x?xi32>)
  return %v : tensor<2x?xf32>
}

// -----

func.func @top_k_shape(%a: tensor<2x4xf32>) -> tensor<2x3xf32> {
  // expected-error @+1 {{'chlo.top_k' op results must have the operand's shape with k as the last dimension}}
  %v, %i = chlo.top_k(%a, k = 2) : tensor<2x4xf32> -> (tensor<2x3xf32>, tensor<2x3xi32>)
  return %v : tensor<2x3xf32>
}

// -----

func.func @bitcast_width(%a: tensor<4xui32>) -> tensor<4xf64> {
  // expected-error @+1 {{'stablehlo.bitcast_convert' op from 'ui32' to 'f64' changes the bit width; the subset reinterprets only between types of one width}}
  %0 = stablehlo.bitcast_convert %a : (tensor<4xui32>) -> tensor<4xf64>
  return %0 : tensor<4xf64>
}
