// m_j_attention_step: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<11x6xf32>, %arg1: tensor<6x6xf32>, %arg2: tensor<6x6xf32>, %arg3: tensor<6x6xf32>, %arg4: tensor<6x3xf32>, %arg5: tensor<3x5xi32>, %arg6: tensor<3x3xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<11x6xf32> {jax.result_info = "result[1][0]"}, tensor<6x6xf32> {jax.result_info = "result[1][1]"}, tensor<6x6xf32> {jax.result_info = "result[1][2]"}, tensor<6x6xf32> {jax.result_info = "result[1][3]"}, tensor<6x3xf32> {jax.result_info = "result[1][4]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<3x5xi32>
    %1 = stablehlo.compare LT, %arg5, %0, SIGNED : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi1>
    %c_0 = stablehlo.constant dense<11> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<3x5xi32>
    %3 = stablehlo.add %arg5, %2 : tensor<3x5xi32>
    %4 = stablehlo.select %1, %3, %arg5 : tensor<3x5xi1>, tensor<3x5xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<3x5xi32>) -> tensor<3x5x1xi32>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 6>}> : (tensor<11x6xf32>, tensor<3x5x1xi32>) -> tensor<3x5x6xf32>
    %7 = stablehlo.dot_general %6, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5x6xf32>, tensor<6x6xf32>) -> tensor<3x5x6xf32>
    %8 = stablehlo.dot_general %6, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5x6xf32>, tensor<6x6xf32>) -> tensor<3x5x6xf32>
    %9 = stablehlo.dot_general %6, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5x6xf32>, tensor<6x6xf32>) -> tensor<3x5x6xf32>
    %10 = stablehlo.dot_general %7, %8, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<3x5x6xf32>, tensor<3x5x6xf32>) -> tensor<3x5x5xf32>
    %cst = stablehlo.constant dense<2.44948983> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x5x5xf32>
    %12 = stablehlo.divide %10, %11 : tensor<3x5x5xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %13 = stablehlo.reduce(%12 init: %cst_1) applies stablehlo.maximum across dimensions = [2] : (tensor<3x5x5xf32>, tensor<f32>) -> tensor<3x5xf32>
    %14 = stablehlo.reshape %13 : (tensor<3x5xf32>) -> tensor<3x5x1xf32>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 1, 2] : (tensor<3x5x1xf32>) -> tensor<3x5x5xf32>
    %16 = stablehlo.compare EQ, %12, %15, FLOAT : (tensor<3x5x5xf32>, tensor<3x5x5xf32>) -> tensor<3x5x5xi1>
    %17 = stablehlo.convert %16 : (tensor<3x5x5xi1>) -> tensor<3x5x5xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %18 = stablehlo.reduce(%17 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<3x5x5xf32>, tensor<f32>) -> tensor<3x5xf32>
    %cst_3 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %20 = stablehlo.maximum %19, %13 : tensor<3x5xf32>
    %21 = stablehlo.compare EQ, %13, %20, FLOAT : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xi1>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %24 = stablehlo.select %21, %22, %23 : tensor<3x5xi1>, tensor<3x5xf32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %26 = stablehlo.compare EQ, %25, %20, FLOAT : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xi1>
    %cst_7 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<3x5xf32>
    %29 = stablehlo.select %26, %27, %28 : tensor<3x5xi1>, tensor<3x5xf32>
    %30 = stablehlo.divide %24, %29 : tensor<3x5xf32>
    %31 = stablehlo.broadcast_in_dim %20, dims = [0, 1] : (tensor<3x5xf32>) -> tensor<3x5x1xf32>
    %32 = stablehlo.broadcast_in_dim %31, dims = [0, 1, 2] : (tensor<3x5x1xf32>) -> tensor<3x5x5xf32>
    %33 = stablehlo.subtract %12, %32 : tensor<3x5x5xf32>
    %34 = stablehlo.exponential %33 : tensor<3x5x5xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %35 = stablehlo.reduce(%34 init: %cst_9) applies stablehlo.add across dimensions = [2] : (tensor<3x5x5xf32>, tensor<f32>) -> tensor<3x5xf32>
    %36 = stablehlo.broadcast_in_dim %35, dims = [0, 1] : (tensor<3x5xf32>) -> tensor<3x5x1xf32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0, 1, 2] : (tensor<3x5x1xf32>) -> tensor<3x5x5xf32>
    %38 = stablehlo.divide %34, %37 : tensor<3x5x5xf32>
    %39 = stablehlo.multiply %36, %36 : tensor<3x5x1xf32>
    %cst_10 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<3x5x1xf32>
    %41 = stablehlo.divide %40, %39 : tensor<3x5x1xf32>
    %42 = stablehlo.dot_general %38, %9, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<3x5x5xf32>, tensor<3x5x6xf32>) -> tensor<3x5x6xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %43 = stablehlo.reduce(%42 init: %cst_11) applies stablehlo.add across dimensions = [1] : (tensor<3x5x6xf32>, tensor<f32>) -> tensor<3x6xf32>
    %cst_12 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<3x6xf32>
    %45 = stablehlo.divide %43, %44 : tensor<3x6xf32>
    %46 = stablehlo.tanh %45 : tensor<3x6xf32>
    %cst_13 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<3x6xf32>
    %48 = stablehlo.subtract %47, %46 : tensor<3x6xf32>
    %49 = stablehlo.dot_general %46, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x6xf32>, tensor<6x3xf32>) -> tensor<3x3xf32>
    %50:3 = call @log_softmax(%49) : (tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x1xf32>)
    %51 = stablehlo.multiply %50#0, %arg6 : tensor<3x3xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %52 = stablehlo.reduce(%51 init: %cst_14) applies stablehlo.add across dimensions = [1] : (tensor<3x3xf32>, tensor<f32>) -> tensor<3xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %53 = stablehlo.reduce(%52 init: %cst_15) applies stablehlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
    %cst_16 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %54 = stablehlo.divide %53, %cst_16 : tensor<f32>
    %55 = stablehlo.negate %54 : tensor<f32>
    %cst_17 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %56 = stablehlo.negate %cst_17 : tensor<f32>
    %cst_18 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %57 = stablehlo.divide %56, %cst_18 : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %57, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %59 = stablehlo.broadcast_in_dim %58, dims = [0] : (tensor<3xf32>) -> tensor<3x3xf32>
    %60 = stablehlo.multiply %59, %arg6 : tensor<3x3xf32>
    %61 = call @log_softmax_0(%50#1, %50#2, %60) : (tensor<3x3xf32>, tensor<3x1xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    %62 = stablehlo.dot_general %61, %46, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x3xf32>, tensor<3x6xf32>) -> tensor<3x6xf32>
    %63 = stablehlo.transpose %62, dims = [1, 0] : (tensor<3x6xf32>) -> tensor<6x3xf32>
    %64 = stablehlo.dot_general %61, %arg4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<3x3xf32>, tensor<6x3xf32>) -> tensor<3x6xf32>
    %65 = stablehlo.multiply %64, %48 : tensor<3x6xf32>
    %66 = stablehlo.multiply %65, %46 : tensor<3x6xf32>
    %67 = stablehlo.add %65, %66 : tensor<3x6xf32>
    %cst_19 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %68 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<3x6xf32>
    %69 = stablehlo.divide %67, %68 : tensor<3x6xf32>
    %70 = stablehlo.broadcast_in_dim %69, dims = [0, 2] : (tensor<3x6xf32>) -> tensor<3x5x6xf32>
    %71 = stablehlo.dot_general %70, %38, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<3x5x6xf32>, tensor<3x5x5xf32>) -> tensor<3x6x5xf32>
    %72 = stablehlo.transpose %71, dims = [0, 2, 1] : (tensor<3x6x5xf32>) -> tensor<3x5x6xf32>
    %73 = stablehlo.dot_general %70, %9, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<3x5x6xf32>, tensor<3x5x6xf32>) -> tensor<3x5x5xf32>
    %74 = stablehlo.broadcast_in_dim %41, dims = [0, 1, 2] : (tensor<3x5x1xf32>) -> tensor<3x5x5xf32>
    %75 = stablehlo.multiply %73, %74 : tensor<3x5x5xf32>
    %76 = stablehlo.multiply %75, %34 : tensor<3x5x5xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %77 = stablehlo.reduce(%76 init: %cst_20) applies stablehlo.add across dimensions = [2] : (tensor<3x5x5xf32>, tensor<f32>) -> tensor<3x5xf32>
    %78 = stablehlo.reshape %77 : (tensor<3x5xf32>) -> tensor<3x5x1xf32>
    %79 = stablehlo.negate %78 : tensor<3x5x1xf32>
    %80 = stablehlo.broadcast_in_dim %36, dims = [0, 1, 2] : (tensor<3x5x1xf32>) -> tensor<3x5x5xf32>
    %81 = stablehlo.divide %73, %80 : tensor<3x5x5xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %82 = stablehlo.reduce(%79 init: %cst_21) applies stablehlo.add across dimensions = [2] : (tensor<3x5x1xf32>, tensor<f32>) -> tensor<3x5xf32>
    %83 = stablehlo.broadcast_in_dim %82, dims = [0, 1] : (tensor<3x5xf32>) -> tensor<3x5x5xf32>
    %84 = stablehlo.add %81, %83 : tensor<3x5x5xf32>
    %85 = stablehlo.multiply %84, %34 : tensor<3x5x5xf32>
    %cst_22 = stablehlo.constant dense<2.44948983> : tensor<f32>
    %86 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<3x5x5xf32>
    %87 = stablehlo.divide %85, %86 : tensor<3x5x5xf32>
    %88 = stablehlo.dot_general %87, %7, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<3x5x5xf32>, tensor<3x5x6xf32>) -> tensor<3x5x6xf32>
    %89 = stablehlo.dot_general %87, %8, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<3x5x5xf32>, tensor<3x5x6xf32>) -> tensor<3x5x6xf32>
    %90 = stablehlo.dot_general %72, %6, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<3x5x6xf32>, tensor<3x5x6xf32>) -> tensor<6x6xf32>
    %91 = stablehlo.transpose %90, dims = [1, 0] : (tensor<6x6xf32>) -> tensor<6x6xf32>
    %92 = stablehlo.dot_general %72, %arg3, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<3x5x6xf32>, tensor<6x6xf32>) -> tensor<3x5x6xf32>
    %93 = stablehlo.dot_general %88, %6, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<3x5x6xf32>, tensor<3x5x6xf32>) -> tensor<6x6xf32>
    %94 = stablehlo.transpose %93, dims = [1, 0] : (tensor<6x6xf32>) -> tensor<6x6xf32>
    %95 = stablehlo.dot_general %88, %arg2, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<3x5x6xf32>, tensor<6x6xf32>) -> tensor<3x5x6xf32>
    %96 = stablehlo.add %92, %95 : tensor<3x5x6xf32>
    %97 = stablehlo.dot_general %89, %6, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<3x5x6xf32>, tensor<3x5x6xf32>) -> tensor<6x6xf32>
    %98 = stablehlo.transpose %97, dims = [1, 0] : (tensor<6x6xf32>) -> tensor<6x6xf32>
    %99 = stablehlo.dot_general %89, %arg1, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<3x5x6xf32>, tensor<6x6xf32>) -> tensor<3x5x6xf32>
    %100 = stablehlo.add %96, %99 : tensor<3x5x6xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %101 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<11x6xf32>
    %102 = "stablehlo.scatter"(%101, %5, %100) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %118 = stablehlo.add %arg7, %arg8 : tensor<f32>
      stablehlo.return %118 : tensor<f32>
    }) : (tensor<11x6xf32>, tensor<3x5x1xi32>, tensor<3x5x6xf32>) -> tensor<11x6xf32>
    %cst_24 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %103 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<11x6xf32>
    %104 = stablehlo.multiply %103, %102 : tensor<11x6xf32>
    %105 = stablehlo.subtract %arg0, %104 : tensor<11x6xf32>
    %cst_25 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %106 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<6x6xf32>
    %107 = stablehlo.multiply %106, %98 : tensor<6x6xf32>
    %108 = stablehlo.subtract %arg1, %107 : tensor<6x6xf32>
    %cst_26 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %109 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<6x6xf32>
    %110 = stablehlo.multiply %109, %94 : tensor<6x6xf32>
    %111 = stablehlo.subtract %arg2, %110 : tensor<6x6xf32>
    %cst_27 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %112 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<6x6xf32>
    %113 = stablehlo.multiply %112, %91 : tensor<6x6xf32>
    %114 = stablehlo.subtract %arg3, %113 : tensor<6x6xf32>
    %cst_28 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %115 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<6x3xf32>
    %116 = stablehlo.multiply %115, %63 : tensor<6x3xf32>
    %117 = stablehlo.subtract %arg4, %116 : tensor<6x3xf32>
    return %55, %105, %108, %111, %114, %117 : tensor<f32>, tensor<11x6xf32>, tensor<6x6xf32>, tensor<6x6xf32>, tensor<6x6xf32>, tensor<6x3xf32>
  }
  func.func private @log_softmax(%arg0: tensor<3x3xf32>) -> (tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<3x3xf32>, tensor<f32>) -> tensor<3xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<3xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x3xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<3x3xf32>
    %6 = stablehlo.exponential %5 : tensor<3x3xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<3x3xf32>, tensor<f32>) -> tensor<3xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %9 = stablehlo.log %8 : tensor<3x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x3xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<3x3xf32>
    return %11, %6, %8 : tensor<3x3xf32>, tensor<3x3xf32>, tensor<3x1xf32>
  }
  func.func private @log_softmax_0(%arg0: tensor<3x3xf32>, %arg1: tensor<3x1xf32>, %arg2: tensor<3x3xf32>) -> tensor<3x3xf32> {
    %0 = stablehlo.negate %arg2 : tensor<3x3xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<3x3xf32>, tensor<f32>) -> tensor<3xf32>
    %2 = stablehlo.reshape %1 : (tensor<3xf32>) -> tensor<3x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<3x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<3x1xf32>, tensor<f32>) -> tensor<3xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<3xf32>) -> tensor<3x3xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<3x3xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<3x3xf32>
    return %7 : tensor<3x3xf32>
  }
}
