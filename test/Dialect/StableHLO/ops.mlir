// Tests that every op of the StableHLO subset parses in the syntax JAX prints
// and prints back to the same text (round trip through the generic form too).
// RUN: tofu-opt %s | tofu-opt | FileCheck %s
// RUN: tofu-opt %s --mlir-print-op-generic | tofu-opt | FileCheck %s

// CHECK: module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32}
module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {

// CHECK-LABEL: func.func public @elementwise
// CHECK-SAME: {jax.result_info = "result[0]"}
func.func public @elementwise(%a: tensor<5x16xf32>, %b: tensor<5x16xf32>, %i: tensor<3xi32>, %p: tensor<3xi1>) -> (tensor<5x16xf32> {jax.result_info = "result[0]"}, tensor<3xi32>) {
  // CHECK: stablehlo.add %{{.*}}, %{{.*}} : tensor<5x16xf32>
  %0 = stablehlo.add %a, %b : tensor<5x16xf32>
  // CHECK: stablehlo.subtract
  %1 = stablehlo.subtract %0, %b : tensor<5x16xf32>
  // CHECK: stablehlo.multiply
  %2 = stablehlo.multiply %1, %b : tensor<5x16xf32>
  // CHECK: stablehlo.divide
  %3 = stablehlo.divide %2, %b : tensor<5x16xf32>
  // CHECK: stablehlo.maximum
  %4 = stablehlo.maximum %3, %b : tensor<5x16xf32>
  // CHECK: stablehlo.minimum
  %5 = stablehlo.minimum %4, %b : tensor<5x16xf32>
  // CHECK: stablehlo.power
  %6 = stablehlo.power %5, %b : tensor<5x16xf32>
  // CHECK: stablehlo.negate %{{.*}} : tensor<5x16xf32>
  %7 = stablehlo.negate %6 : tensor<5x16xf32>
  // CHECK: stablehlo.exponential
  %8 = stablehlo.exponential %7 : tensor<5x16xf32>
  // CHECK: stablehlo.log
  %9 = stablehlo.log %8 : tensor<5x16xf32>
  // CHECK: stablehlo.tanh
  %10 = stablehlo.tanh %9 : tensor<5x16xf32>
  // CHECK: stablehlo.logistic
  %11 = stablehlo.logistic %10 : tensor<5x16xf32>
  // CHECK: stablehlo.sqrt
  %12 = stablehlo.sqrt %11 : tensor<5x16xf32>
  // CHECK: stablehlo.rsqrt
  %13 = stablehlo.rsqrt %12 : tensor<5x16xf32>
  // CHECK: stablehlo.abs
  %14 = stablehlo.abs %13 : tensor<5x16xf32>
  // CHECK: stablehlo.convert %{{.*}} : tensor<5x16xf32>
  %15 = stablehlo.convert %14 : tensor<5x16xf32>
  // CHECK: stablehlo.convert %{{.*}} : (tensor<5x16xf32>) -> tensor<5x16xi32>
  %16 = stablehlo.convert %15 : (tensor<5x16xf32>) -> tensor<5x16xi32>
  // CHECK: stablehlo.compare GT, %{{.*}}, %{{.*}}, FLOAT : (tensor<5x16xf32>, tensor<5x16xf32>) -> tensor<5x16xi1>
  %17 = stablehlo.compare GT, %15, %a, FLOAT : (tensor<5x16xf32>, tensor<5x16xf32>) -> tensor<5x16xi1>
  // CHECK: stablehlo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<5x16xi1>, tensor<5x16xf32>
  %18 = stablehlo.select %17, %15, %a : tensor<5x16xi1>, tensor<5x16xf32>
  // CHECK: stablehlo.compare LT, %{{.*}}, %{{.*}}, SIGNED
  %19 = stablehlo.compare LT, %i, %i, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  // CHECK: stablehlo.compare EQ, %{{.*}}, %{{.*}} : (tensor<3xi32>
  %20 = stablehlo.compare EQ, %i, %i : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  // CHECK: stablehlo.and
  %21 = stablehlo.and %19, %20 : tensor<3xi1>
  // CHECK: stablehlo.or
  %22 = stablehlo.or %21, %p : tensor<3xi1>
  // CHECK: stablehlo.not
  %23 = stablehlo.not %22 : tensor<3xi1>
  // CHECK: stablehlo.select %{{.*}}, %{{.*}}, %{{.*}} : tensor<3xi1>, tensor<3xi32>
  %24 = stablehlo.select %23, %i, %i : tensor<3xi1>, tensor<3xi32>
  return %18, %24 : tensor<5x16xf32>, tensor<3xi32>
}

// Unsigned integers, as jax.random prints them.
// CHECK-LABEL: func.func @unsigned
func.func @unsigned(%k: tensor<2xui32>, %x: tensor<5x6xui64>) -> (tensor<5x6xf32>, tensor<5x6xui32>) {
  // CHECK: stablehlo.constant dense<1065353216> : tensor<ui32>
  %c = stablehlo.constant dense<1065353216> : tensor<ui32>
  // CHECK: stablehlo.iota dim = 1 : tensor<5x6xui64>
  %i = stablehlo.iota dim = 1 : tensor<5x6xui64>
  // CHECK: stablehlo.add %{{.*}}, %{{.*}} : tensor<5x6xui64>
  %s = stablehlo.add %x, %i : tensor<5x6xui64>
  // CHECK: stablehlo.convert %{{.*}} : (tensor<5x6xui64>) -> tensor<5x6xui32>
  %t = stablehlo.convert %s : (tensor<5x6xui64>) -> tensor<5x6xui32>
  %b = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui32>) -> tensor<5x6xui32>
  // CHECK: stablehlo.or %{{.*}}, %{{.*}} : tensor<5x6xui32>
  %o = stablehlo.or %t, %b : tensor<5x6xui32>
  // CHECK: stablehlo.bitcast_convert %{{.*}} : (tensor<5x6xui32>) -> tensor<5x6xf32>
  %f = stablehlo.bitcast_convert %o : (tensor<5x6xui32>) -> tensor<5x6xf32>
  return %f, %o : tensor<5x6xf32>, tensor<5x6xui32>
}

// CHECK-LABEL: func.func @data_movement
func.func @data_movement(%x: tensor<16xf32>, %y: tensor<3x4xf32>) -> (tensor<5x16xf32>, tensor<1x16xf32>, tensor<4x3xf32>, tensor<2x4xf32>, tensor<6x4xf32>, tensor<4x6xf32>, tensor<3xi32>, tensor<f32>) {
  // CHECK: stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  // CHECK: stablehlo.constant dense<0xFF800000> : tensor<f32>
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  // CHECK: stablehlo.broadcast_in_dim %{{.*}}, dims = [1] : (tensor<16xf32>) -> tensor<5x16xf32>
  %0 = stablehlo.broadcast_in_dim %x, dims = [1] : (tensor<16xf32>) -> tensor<5x16xf32>
  // CHECK: stablehlo.broadcast_in_dim %{{.*}}, dims = [] : (tensor<f32>) -> tensor<5x16xf32>
  %1 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x16xf32>
  %2 = stablehlo.add %0, %1 : tensor<5x16xf32>
  // CHECK: stablehlo.reshape %{{.*}} : (tensor<16xf32>) -> tensor<1x16xf32>
  %3 = stablehlo.reshape %x : (tensor<16xf32>) -> tensor<1x16xf32>
  // CHECK: stablehlo.transpose %{{.*}}, dims = [1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>
  %4 = stablehlo.transpose %y, dims = [1, 0] : (tensor<3x4xf32>) -> tensor<4x3xf32>
  // CHECK: stablehlo.concatenate %{{.*}}, %{{.*}}, dim = 0 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<6x4xf32>
  // CHECK: stablehlo.slice %{{.*}} [1:3, 0:4] : (tensor<6x4xf32>) -> tensor<2x4xf32>
  // CHECK: stablehlo.slice %{{.*}} [0:6:2, 1:4:3] : (tensor<6x4xf32>) -> tensor<3x1xf32>
  %5 = stablehlo.concatenate %y, %y, dim = 0 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<6x4xf32>
  %6 = stablehlo.slice %5 [1:3, 0:4] : (tensor<6x4xf32>) -> tensor<2x4xf32>
  %s = stablehlo.slice %5 [0:6:2, 1:4:3] : (tensor<6x4xf32>) -> tensor<3x1xf32>
  // CHECK: stablehlo.pad %{{.*}}, %{{.*}}, low = [1, 0], high = [0, 2], interior = [0, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<4x6xf32>
  %7 = stablehlo.pad %y, %cst, low = [1, 0], high = [0, 2], interior = [0, 0] : (tensor<3x4xf32>, tensor<f32>) -> tensor<4x6xf32>
  // CHECK: stablehlo.iota dim = 0 : tensor<3xi32>
  %8 = stablehlo.iota dim = 0 : tensor<3xi32>
  // CHECK: stablehlo.reduce(%{{.*}} init: %{{.*}}) applies stablehlo.add across dimensions = [0, 1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<f32>
  %9 = stablehlo.reduce(%y init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<3x4xf32>, tensor<f32>) -> tensor<f32>
  return %2, %3, %4, %6, %5, %7, %8, %9 : tensor<5x16xf32>, tensor<1x16xf32>, tensor<4x3xf32>, tensor<2x4xf32>, tensor<6x4xf32>, tensor<4x6xf32>, tensor<3xi32>, tensor<f32>
}

// CHECK-LABEL: func.func @reduce_region
func.func @reduce_region(%x: tensor<5x4xf32>, %i: tensor<5x4xi32>) -> (tensor<5xf32>, tensor<5xf32>, tensor<5xi32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  // CHECK: stablehlo.reduce(%{{.*}} init: %{{.*}}) across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
  // CHECK-NEXT: reducer(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>) {
  // CHECK-NEXT: %[[M:.*]] = stablehlo.maximum %[[B]], %[[A]] : tensor<f32>
  // CHECK-NEXT: stablehlo.return %[[M]] : tensor<f32>
  %0 = stablehlo.reduce(%x init: %ninf) across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    %m = stablehlo.maximum %b, %a : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }
  // The generic form JAX would print for the same op.
  // CHECK: stablehlo.reduce(%{{.*}} init: %{{.*}}) applies stablehlo.maximum across dimensions = [1]
  %1 = "stablehlo.reduce"(%x, %ninf) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
  // Variadic (argmax-like): accumulators then elements, printed in pairs.
  // CHECK: stablehlo.reduce(%{{.*}} init: %{{.*}}), (%{{.*}} init: %{{.*}}) across dimensions = [1]
  // CHECK-NEXT: reducer(%[[AV:.*]]: tensor<f32>, %[[BV:.*]]: tensor<f32>) (%[[AI:.*]]: tensor<i32>, %[[BI:.*]]: tensor<i32>)
  %2:2 = stablehlo.reduce(%x init: %ninf), (%i init: %zero) across dimensions = [1] : (tensor<5x4xf32>, tensor<5x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>)
   reducer(%av: tensor<f32>, %bv: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
    %p = stablehlo.compare GE, %av, %bv, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = stablehlo.select %p, %av, %bv : tensor<i1>, tensor<f32>
    %k = stablehlo.select %p, %ai, %bi : tensor<i1>, tensor<i32>
    stablehlo.return %v, %k : tensor<f32>, tensor<i32>
  }
  return %0, %1, %2#1 : tensor<5xf32>, tensor<5xf32>, tensor<5xi32>
}

// CHECK-LABEL: func.func @contractions
func.func @contractions(%a: tensor<5x8xf32>, %w: tensor<8x16xf32>, %q: tensor<2x3x4xf32>, %k: tensor<2x4x5xf32>, %x: tensor<2x8x8x2xf32>, %f: tensor<3x3x2x4xf32>) -> (tensor<5x16xf32>, tensor<2x3x5xf32>, tensor<2x8x8x4xf32>, tensor<3x3x2x4xf32>) {
  // CHECK: stablehlo.dot_general %{{.*}}, %{{.*}}, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x8xf32>, tensor<8x16xf32>) -> tensor<5x16xf32>
  %0 = stablehlo.dot_general %a, %w, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x8xf32>, tensor<8x16xf32>) -> tensor<5x16xf32>
  // CHECK: stablehlo.dot_general %{{.*}}, %{{.*}}, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  %1 = stablehlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<2x4x5xf32>) -> tensor<2x3x5xf32>
  // CHECK: stablehlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = {{\[\[}}1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x8x2xf32>, tensor<3x3x2x4xf32>) -> tensor<2x8x8x4xf32>
  %2 = stablehlo.convolution(%x, %f) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<2x8x8x2xf32>, tensor<3x3x2x4xf32>) -> tensor<2x8x8x4xf32>
  // CHECK: stablehlo.convolution(%{{.*}}, %{{.*}}) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {pad = {{\[\[}}1, 1], [1, 1]]}
  %3 = stablehlo.convolution(%x, %2) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x8x8x2xf32>, tensor<2x8x8x4xf32>) -> tensor<3x3x2x4xf32>
  return %0, %1, %2, %3 : tensor<5x16xf32>, tensor<2x3x5xf32>, tensor<2x8x8x4xf32>, tensor<3x3x2x4xf32>
}

// CHECK-LABEL: func.func @generic_form_ops
func.func @generic_form_ops(%x: tensor<2x8x8x4xf32>, %dy: tensor<2x4x4x4xf32>, %table: tensor<10x4xf32>, %idx: tensor<3x1xi32>, %upd: tensor<3x4xf32>) -> (tensor<2x4x4x4xf32>, tensor<2x8x8x4xf32>, tensor<3x4xf32>, tensor<10x4xf32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  // CHECK: "stablehlo.reduce_window"(%{{.*}}, %{{.*}}) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  %0 = "stablehlo.reduce_window"(%x, %ninf) <{base_dilations = array<i64: 1, 1, 1, 1>, padding = dense<0> : tensor<4x2xi64>, window_dilations = array<i64: 1, 1, 1, 1>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<2x8x8x4xf32>, tensor<f32>) -> tensor<2x4x4x4xf32>
  // CHECK: "stablehlo.select_and_scatter"
  %1 = "stablehlo.select_and_scatter"(%x, %dy, %zero) <{padding = dense<0> : tensor<4x2xi64>, window_dimensions = array<i64: 1, 2, 2, 1>, window_strides = array<i64: 1, 2, 2, 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %p = stablehlo.compare GE, %a, %b, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }, {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<2x8x8x4xf32>, tensor<2x4x4x4xf32>, tensor<f32>) -> tensor<2x8x8x4xf32>
  // CHECK: "stablehlo.gather"(%{{.*}}, %{{.*}}) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}>
  %2 = "stablehlo.gather"(%table, %idx) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>}> : (tensor<10x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>
  // CHECK: "stablehlo.scatter"(%{{.*}}, %{{.*}}, %{{.*}}) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}>
  %3 = "stablehlo.scatter"(%table, %idx, %upd) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<10x4xf32>, tensor<3x1xi32>, tensor<3x4xf32>) -> tensor<10x4xf32>
  return %0, %1, %2, %3 : tensor<2x4x4x4xf32>, tensor<2x8x8x4xf32>, tensor<3x4xf32>, tensor<10x4xf32>
}

// Private helpers reached by `call` inline into their callers.
// CHECK-LABEL: func.func private @relu
func.func private @relu(%arg0: tensor<5x16xf32>) -> tensor<5x16xf32> {
  %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
  %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x16xf32>
  %1 = stablehlo.maximum %arg0, %0 : tensor<5x16xf32>
  return %1 : tensor<5x16xf32>
}
}
