// Tests that what --convert-stablehlo-to-linalg cannot lower is reported
// with a located error naming the op (and the attribute).
// RUN: tofu-opt %s --convert-stablehlo-to-linalg -split-input-file -verify-diagnostics --allow-unregistered-dialect

func.func @dynamic(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  // expected-error @+1 {{'stablehlo.negate' op has the dynamic shape 'tensor<?x4xf32>'; the conversion needs static shapes}}
  %0 = stablehlo.negate %a : tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}

// -----

func.func @mhlo(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'mhlo.erf' is not in the StableHLO subset Tofu supports}}
  %0 = "mhlo.erf"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// A region op outside the subset is named, not its stablehlo.return.
func.func @foreign_region_op(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "mhlo.map"(%a) ({
  ^bb0(%x: tensor<f32>):
    // expected-error @+1 {{'stablehlo.return' op ends a region of 'mhlo.map', which is not a StableHLO region op of the subset}}
    stablehlo.return %x : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @feature_groups(%x: tensor<1x4x4x4xf32>, %w: tensor<3x3x1x4xf32>) -> tensor<1x2x2x4xf32> {
  // expected-error @+2 {{'stablehlo.convolution' op with feature_group_count = 4 is not supported by the conversion}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.convolution'}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 4 : i64} : (tensor<1x4x4x4xf32>, tensor<3x3x1x4xf32>) -> tensor<1x2x2x4xf32>
  return %0 : tensor<1x2x2x4xf32>
}

// -----

func.func @totalorder(%a: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error @+2 {{'stablehlo.compare' op with compare_type TOTALORDER is not supported by the conversion}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.compare'}}
  %0 = stablehlo.compare LT, %a, %a, TOTALORDER : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @gather_two_components(%t: tensor<10x4xf32>, %i: tensor<3x2xi32>) -> tensor<3xf32> {
  // expected-error @+2 {{'stablehlo.gather' op with 2 start_index_map entries is not supported by the conversion (only one index per slice)}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.gather'}}
  %0 = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>}> : (tensor<10x4xf32>, tensor<3x2xi32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

func.func @reducer_not_scalar(%x: tensor<5x4xf32>, %c: tensor<f32>) -> tensor<5xf32> {
  // expected-error @+2 {{'stablehlo.reduce' op has a reducer region op 'stablehlo.broadcast_in_dim' that does not work on scalars}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.reduce'}}
  %0 = stablehlo.reduce(%x init: %c) across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    // expected-note @+1 {{see the op here}}
    %v = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }
  return %0 : tensor<5xf32>
}

// -----

func.func @scatter_window(%t: tensor<10x4xf32>, %i: tensor<3x1xi32>, %u: tensor<3x2x4xf32>) -> tensor<10x4xf32> {
  // expected-error @+2 {{'stablehlo.scatter' op is supported by the conversion only when the indexed dimension is in inserted_window_dims}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.scatter'}}
  %0 = "stablehlo.scatter"(%t, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1, 2], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<10x4xf32>, tensor<3x1xi32>, tensor<3x2x4xf32>) -> tensor<10x4xf32>
  return %0 : tensor<10x4xf32>
}

// -----

func.func @select_and_scatter_padding(%x: tensor<5xf32>, %s: tensor<2xf32>, %c: tensor<f32>) -> tensor<5xf32> {
  // expected-error @+2 {{'stablehlo.select_and_scatter' op with negative padding is not supported by the conversion}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.select_and_scatter'}}
  %0 = "stablehlo.select_and_scatter"(%x, %s, %c) <{padding = dense<[[0, -1]]> : tensor<1x2xi64>, window_dimensions = array<i64: 2>, window_strides = array<i64: 2>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }) : (tensor<5xf32>, tensor<2xf32>, tensor<f32>) -> tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

func.func @while_dynamic(%x: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  // expected-error @+1 {{'stablehlo.while' op has no static trip count: its condition depends on values computed at run time}}
  %0:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %1 = stablehlo.compare LT, %iterArg, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c_1 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %iterArg, %c_1 : tensor<i32>
    stablehlo.return %1, %iterArg_0 : tensor<i32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}

// -----

func.func @while_data_dependent(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{'stablehlo.while' op has no static trip count}}
  %0 = stablehlo.while(%iterArg = %x) : tensor<f32>
  cond {
    %c = stablehlo.constant dense<1.000000e+01> : tensor<f32>
    %1 = stablehlo.compare LT, %iterArg, %c, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %1 = stablehlo.add %iterArg, %iterArg : tensor<f32>
    stablehlo.return %1 : tensor<f32>
  }
  return %0 : tensor<f32>
}

// -----

func.func @while_too_long(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  // expected-error @+1 {{'stablehlo.while' op runs more than 100000 iterations; the conversion unrolls loops and supports at most that many}}
  %0:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %c_1 = stablehlo.constant dense<1000000> : tensor<i32>
    %1 = stablehlo.compare LT, %iterArg, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c_1 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %iterArg, %c_1 : tensor<i32>
    stablehlo.return %1, %iterArg_0 : tensor<i32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}

// -----

func.func @while_too_big(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = stablehlo.constant dense<0> : tensor<i32>
  // expected-error @+1 {{'stablehlo.while' op runs 50000 iterations of 6 ops; unrolled that is more than the 200000 ops the conversion supports}}
  %0:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %c_1 = stablehlo.constant dense<50000> : tensor<i32>
    %1 = stablehlo.compare LT, %iterArg, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c_1 = stablehlo.constant dense<1> : tensor<i32>
    %1 = stablehlo.add %iterArg, %c_1 : tensor<i32>
    %2 = stablehlo.negate %iterArg_0 : tensor<4xf32>
    %3 = stablehlo.negate %2 : tensor<4xf32>
    %4 = stablehlo.negate %3 : tensor<4xf32>
    stablehlo.return %1, %4 : tensor<i32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}

// -----

func.func @erf_inv_f64(%a: tensor<4xf64>) -> tensor<4xf64> {
  // expected-error @+2 {{'chlo.erf_inv' op on 'f64' is not supported by the conversion (the approximation is single precision: f32 only)}}
  // expected-error @+1 {{failed to legalize operation 'chlo.erf_inv'}}
  %0 = chlo.erf_inv %a : tensor<4xf64> -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// -----

func.func @sort_comparator(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+2 {{'stablehlo.sort' op has a comparator op 'stablehlo.broadcast_in_dim' that does not work on scalars}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.sort'}}
  %0 = "stablehlo.sort"(%x) <{dimension = 0 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    // expected-note @+1 {{see the op here}}
    %v = stablehlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %p = stablehlo.compare LT, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// abs of an unsigned value is the value; the conversion has only the signed
// form, so it refuses rather than computing that.
func.func @unsigned_abs(%a: tensor<4xui32>) -> tensor<4xui32> {
  // expected-error @+1 {{'stablehlo.abs' op on unsigned integers is not supported by the conversion}}
  %0 = stablehlo.abs %a : tensor<4xui32>
  return %0 : tensor<4xui32>
}

// -----

func.func @unsigned_indices(%a: tensor<4xf32>, %i: tensor<ui32>) -> tensor<2xf32> {
  // expected-error @+1 {{'stablehlo.dynamic_slice' op with unsigned indices is not supported by the conversion}}
  %0 = stablehlo.dynamic_slice %a, %i, sizes = [2] : (tensor<4xf32>, tensor<ui32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

func.func @unsigned_signed_compare(%a: tensor<4xui32>) -> tensor<4xi1> {
  // expected-error @+1 {{'stablehlo.compare' op on unsigned integers with compare_type SIGNED is not supported by the conversion (only UNSIGNED)}}
  %0 = stablehlo.compare LT, %a, %a, SIGNED : (tensor<4xui32>, tensor<4xui32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @scatter_batching_mismatch(%z: tensor<3x5xf32>, %i: tensor<4x2x1xi32>, %u: tensor<4x2xf32>) -> tensor<3x5xf32> {
  // expected-error @+2 {{'stablehlo.scatter' op pairs operand dimension 0 with indices dimension 0, which the conversion cannot read as a batch (out of range, the index vector, or of another size)}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.scatter'}}
  %0 = "stablehlo.scatter"(%z, %i, %u) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %c : tensor<f32>
  }) : (tensor<3x5xf32>, tensor<4x2x1xi32>, tensor<4x2xf32>) -> tensor<3x5xf32>
  return %0 : tensor<3x5xf32>
}

// -----

func.func @gather_batching_size(%t: tensor<3x5xf32>, %i: tensor<4x1xi32>) -> tensor<4xf32> {
  // expected-error @+2 {{'stablehlo.gather' op pairs operand dimension 0 with indices dimension 0, which the conversion cannot read as a batch (out of range, the index vector, of another size, or a slice wider than 1)}}
  // expected-error @+1 {{failed to legalize operation 'stablehlo.gather'}}
  %0 = "stablehlo.gather"(%t, %i) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, slice_sizes = array<i64: 1, 1>}> : (tensor<3x5xf32>, tensor<4x1xi32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// The trip-count evaluator computes signed; a bound from an unsigned
// maximum (3 vs 4294967295) is not evaluated at compile time.
func.func @while_unsigned_bound(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c = stablehlo.constant dense<0> : tensor<ui32>
  %three = stablehlo.constant dense<3> : tensor<ui32>
  %big = stablehlo.constant dense<4294967295> : tensor<ui32>
  %n = stablehlo.minimum %three, %big : tensor<ui32>
  // expected-error @+1 {{'stablehlo.while' op has no static trip count}}
  %0:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %x) : tensor<ui32>, tensor<4xf32>
  cond {
    %1 = stablehlo.compare LT, %iterArg, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    stablehlo.return %1 : tensor<i1>
  } do {
    %c_1 = stablehlo.constant dense<1> : tensor<ui32>
    %1 = stablehlo.add %iterArg, %c_1 : tensor<ui32>
    stablehlo.return %1, %iterArg_0 : tensor<ui32>, tensor<4xf32>
  }
  return %0#1 : tensor<4xf32>
}
