// One static-shape instance of every op of the StableHLO subset, for
// --tofu-coverage (dialect=stablehlo). @coverage_first holds the ops that
// test/Dialect/StableHLO/ops.mlir does not use, and instances placed first
// so that they are the ones measured (a converting convert, a reduce over
// one dimension); the rest is ops.mlir without its FileCheck lines.

module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
func.func @coverage_first(%a: tensor<5x16xf32>, %b: tensor<5x16xf32>, %i: tensor<5x16xi32>) -> (tensor<5x16xf32>, tensor<5x16xi32>, tensor<5x16xi32>, tensor<5xf32>) {
  %0 = stablehlo.ceil %a : tensor<5x16xf32>
  %1 = stablehlo.floor %0 : tensor<5x16xf32>
  %2 = stablehlo.cosine %1 : tensor<5x16xf32>
  %3 = stablehlo.sine %2 : tensor<5x16xf32>
  %4 = stablehlo.exponential_minus_one %3 : tensor<5x16xf32>
  %5 = stablehlo.log_plus_one %4 : tensor<5x16xf32>
  %6 = stablehlo.sign %5 : tensor<5x16xf32>
  %7 = stablehlo.remainder %6, %b : tensor<5x16xf32>
  %8 = stablehlo.xor %i, %i : tensor<5x16xi32>
  %9 = stablehlo.convert %7 : (tensor<5x16xf32>) -> tensor<5x16xi32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %10 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [1] : (tensor<5x16xf32>, tensor<f32>) -> tensor<5xf32>
  return %7, %8, %9, %10 : tensor<5x16xf32>, tensor<5x16xi32>, tensor<5x16xi32>, tensor<5xf32>
}

func.func @coverage_bits(%a: tensor<5x16xf32>) -> tensor<5x16xi32> {
  %0 = stablehlo.bitcast_convert %a : (tensor<5x16xf32>) -> tensor<5x16xi32>
  return %0 : tensor<5x16xi32>
}

func.func public @elementwise(%a: tensor<5x16xf32>, %b: tensor<5x16xf32>, %i: tensor<3xi32>, %p: tensor<3xi1>) -> (tensor<5x16xf32> {jax.result_info = "result[0]"}, tensor<3xi32>) {
  %0 = stablehlo.add %a, %b : tensor<5x16xf32>
  %1 = stablehlo.subtract %0, %b : tensor<5x16xf32>
  %2 = stablehlo.multiply %1, %b : tensor<5x16xf32>
  %3 = stablehlo.divide %2, %b : tensor<5x16xf32>
  %4 = stablehlo.maximum %3, %b : tensor<5x16xf32>
  %5 = stablehlo.minimum %4, %b : tensor<5x16xf32>
  %6 = stablehlo.power %5, %b : tensor<5x16xf32>
  %7 = stablehlo.negate %6 : tensor<5x16xf32>
  %8 = stablehlo.exponential %7 : tensor<5x16xf32>
  %9 = stablehlo.log %8 : tensor<5x16xf32>
  %10 = stablehlo.tanh %9 : tensor<5x16xf32>
  %11 = stablehlo.logistic %10 : tensor<5x16xf32>
  %12 = stablehlo.sqrt %11 : tensor<5x16xf32>
  %13 = stablehlo.rsqrt %12 : tensor<5x16xf32>
  %14 = stablehlo.abs %13 : tensor<5x16xf32>
  %15 = stablehlo.convert %14 : tensor<5x16xf32>
  %16 = stablehlo.convert %15 : (tensor<5x16xf32>) -> tensor<5x16xi32>
  %17 = stablehlo.compare GT, %15, %a, FLOAT : (tensor<5x16xf32>, tensor<5x16xf32>) -> tensor<5x16xi1>
  %18 = stablehlo.select %17, %15, %a : tensor<5x16xi1>, tensor<5x16xf32>
  %19 = stablehlo.compare LT, %i, %i, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  %20 = stablehlo.compare EQ, %i, %i : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  %21 = stablehlo.and %19, %20 : tensor<3xi1>
  %22 = stablehlo.or %21, %p : tensor<3xi1>
  %23 = stablehlo.not %22 : tensor<3xi1>
  %24 = stablehlo.select %23, %i, %i : tensor<3xi1>, tensor<3xi32>
  return %18, %24 : tensor<5x16xf32>, tensor<3xi32>
}

func.func @data_movement(%x: tensor<16xf32>, %y: tensor<3x4xf32>) -> (tensor<5x16xf32>, tensor<1x16xf32>, tensor<4x3xf32>, tensor<2x4xf32>, tensor<6x4xf32>, tensor<4x6xf32>, tensor<3xi32>, tensor<f32>) {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<16xf32>) -> tensor<5x16xf32>
  %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x16xf32>
  %2 = stablehlo.add %0, %1 : tensor<5x16xf32>
  %3 = stablehlo.reshape %x : (tensor<16xf32>) -> tensor<1x16xf32>
  %4 = stablehlo.transpose %y, dims = [1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>
  %5 = stablehlo.concatenate %y, %y, dim = 0 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<6x4xf32>
  %6 = stablehlo.slice %5 [1:3, 0:4] : (tensor<6x4xf32>) -> tensor<2x4xf32>
  %s = stablehlo.slice %5 [0:6:2, 1:4:3] : (tensor<6x4xf32>) -> tensor<3x1xf32>
  %7 = stablehlo.pad %y, %cst, low = [1, 0], high = [0, 2], interior = [0, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<4x6xf32>
  %8 = stablehlo.iota dim = 0 : tensor<3xi32>
  %9 = stablehlo.reduce(%y init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<f32>
  return %2, %3, %4, %6, %5, %7, %8, %9 : tensor<5x16xf32>, tensor<1x16xf32>, tensor<4x3xf32>, tensor<2x4xf32>, tensor<6x4xf32>, tensor<4x6xf32>, tensor<3xi32>, tensor<f32>
}

func.func @reduce_region(%x: tensor<5x4xf32>, %i: tensor<5x4xi32>) -> (tensor<5xf32>, tensor<5xf32>, tensor<5xi32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%x init: %ninf) across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    %m = stablehlo.maximum %b, %a : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }
  // The generic form JAX would print for the same op.
  %1 = "stablehlo.reduce"(%x, %ninf) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
  // Variadic (argmax-like): accumulators then elements, printed in pairs.
  %2:2 = stablehlo.reduce(%x init: %ninf), (%i init: %zero) across dimensions = [1] : (tensor<5x4xf32>, tensor<5x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>)
   reducer(%av: tensor<f32>, %bv: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
    %p = stablehlo.compare GE, %av, %bv, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = stablehlo.select %p, %av, %bv : tensor<i1>, tensor<f32>
    %k = stablehlo.select %p, %ai, %bi : tensor<i1>, tensor<i32>
    stablehlo.return %v, %k : tensor<f32>, tensor<i32>
  }
  return %0, %1, %2#1 : tensor<5xf32>, tensor<5xf32>, tensor<5xi32>
}

func.func @contractions(%a: tensor<5x8xf32>, %w: tensor<8x16xf32>, %q: tensor<2x3x4xf32>, %k: tensor<2x4x5xf32>, %x: tensor<2x8x8x2xf32>, %f: tensor<3x3x2x4xf32>) -> (tensor<5x16xf32>, tensor<2x3x5xf32>, tensor<2x8x8x4xf32>, tensor<3x3x2x4xf32>) {
  %0 = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x8xf32>, tensor<8x16xf32>) -> tensor<5x16xf32>
  %1 = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %2 = stablehlo.convolution(%x, %f) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x8x2xf32>, tensor<3x3x2x4xf32>) -> tensor<2x8x8x4xf32>
  %3 = stablehlo.convolution(%x, %2) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x8x2xf32>, tensor<2x8x8x4xf32>) -> tensor<3x3x2x4xf32>
  return %0, %1, %2, %3 : tensor<5x16xf32>, tensor<2x3x5xf32>, tensor<2x8x8x4xf32>, tensor<3x3x2x4xf32>
}

func.func @generic_form_ops(%x: tensor<2x8x8x4xf32>, %dy: tensor<2x4x4x4xf32>, %table: tensor<10x4xf32>, %idx: tensor<3x1xi32>, %upd: tensor<3x4xf32>) -> (tensor<2x4x4x4xf32>, tensor<2x8x8x4xf32>, tensor<3x4xf32>, tensor<10x4xf32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = "stablehlo.reduce_window"(%x, %ninf) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x8x8x4xf32>, tensor<f32>) -> tensor<2x4x4x4xf32>
  %1 = "stablehlo.select_and_scatter"(%x, %dy, %zero) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x8x8x4xf32>, tensor<2x4x4x4xf32>, tensor<f32>) -> tensor<2x8x8x4xf32>
  %2 = "stablehlo.gather"(%table, %idx) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> : (tensor<10x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>
  %3 = "stablehlo.scatter"(%table, %idx, %upd) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<10x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<10x4xf32>
  return %0, %1, %2, %3 : tensor<2x4x4x4xf32>, tensor<2x8x8x4xf32>, tensor<3x4xf32>, tensor<10x4xf32>
}

// Private helpers reached by `call` inline into their callers.
func.func private @relu(%arg0: tensor<5x16xf32>) -> tensor<5x16xf32> {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x16xf32>
  %1 = stablehlo.maximum %arg0, %0 : tensor<5x16xf32>
  return %1 : tensor<5x16xf32>
}

// Functions, bit operations, dynamic slices, sort, case and while (one
// instance each).
func.func @coverage_more(%x: tensor<3x4xf32>, %i: tensor<3x4xi32>, %k: tensor<i32>, %lo: tensor<f32>) -> (tensor<3x4xf32>, tensor<3x4xi32>, tensor<3x4xi1>, tensor<1x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) {
  %0 = stablehlo.tan %x : tensor<3x4xf32>
  %1 = stablehlo.cbrt %0 : tensor<3x4xf32>
  %2 = stablehlo.round_nearest_even %1 : tensor<3x4xf32>
  %3 = stablehlo.round_nearest_afz %2 : tensor<3x4xf32>
  %4 = stablehlo.atan2 %3, %x : tensor<3x4xf32>
  %5 = stablehlo.clamp %lo, %4, %lo : (tensor<f32>, tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  %6 = stablehlo.is_finite %5 : (tensor<3x4xf32>) -> tensor<3x4xi1>
  %7 = stablehlo.shift_left %i, %i : tensor<3x4xi32>
  %8 = stablehlo.shift_right_arithmetic %7, %i : tensor<3x4xi32>
  %9 = stablehlo.shift_right_logical %8, %i : tensor<3x4xi32>
  %10 = stablehlo.popcnt %9 : tensor<3x4xi32>
  %11 = stablehlo.count_leading_zeros %10 : tensor<3x4xi32>
  %12 = stablehlo.reverse %5, dims = [1] : tensor<3x4xf32>
  %13 = stablehlo.dynamic_slice %12, %k, %k, sizes = [1, 4] : (tensor<3x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
  %14 = stablehlo.dynamic_update_slice %12, %13, %k, %k : (tensor<3x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
  %15 = "stablehlo.sort"(%x) <{dimension = 1 : i64, is_stable = true}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  %16 = "stablehlo.case"(%k) ({
    %one = stablehlo.constant dense<1.000000e+00> : tensor<3x4xf32>
    stablehlo.return %one : tensor<3x4xf32>
  }, {
    %two = stablehlo.constant dense<2.000000e+00> : tensor<3x4xf32>
    stablehlo.return %two : tensor<3x4xf32>
  }) : (tensor<i32>) -> tensor<3x4xf32>
  %c = stablehlo.constant dense<0> : tensor<i32>
  %17:2 = stablehlo.while(%iterArg = %c, %iterArg_0 = %x) : tensor<i32>, tensor<3x4xf32>
  cond {
    %c_1 = stablehlo.constant dense<3> : tensor<i32>
    %p = stablehlo.compare LT, %iterArg, %c_1, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %c_1 = stablehlo.constant dense<1> : tensor<i32>
    %n = stablehlo.add %iterArg, %c_1 : tensor<i32>
    %y = stablehlo.tanh %iterArg_0 : tensor<3x4xf32>
    stablehlo.return %n, %y : tensor<i32>, tensor<3x4xf32>
  }
  return %14, %11, %6, %13, %15, %16, %17#1, %3 : tensor<3x4xf32>, tensor<3x4xi32>, tensor<3x4xi1>, tensor<1x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>
}
// Written by --tofu-export-sharding="dialect=gspmd" only, never lowered.
func.func @coverage_custom_call(%a: tensor<5x16xf32>) -> tensor<5x16xf32> {
  %0 = stablehlo.custom_call @Sharding(%a) {mhlo.sharding = "{replicated}"} : (tensor<5x16xf32>) -> tensor<5x16xf32>
  return %0 : tensor<5x16xf32>
}
}
