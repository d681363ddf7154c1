module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<10x8xf32>, %arg1: tensor<8x8xf32>, %arg2: tensor<8x8xf32>, %arg3: tensor<8x8xf32>, %arg4: tensor<8x3xf32>, %arg5: tensor<2x5xi32>, %arg6: tensor<2x3xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<10x8xf32> {jax.result_info = "result[1]"}, tensor<8x8xf32> {jax.result_info = "result[2]"}, tensor<8x8xf32> {jax.result_info = "result[3]"}, tensor<8x8xf32> {jax.result_info = "result[4]"}, tensor<8x3xf32> {jax.result_info = "result[5]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x5xi32>
    %1 = stablehlo.compare LT, %arg5, %0, SIGNED : (tensor<2x5xi32>, tensor<2x5xi32>) -> tensor<2x5xi1>
    %c_0 = stablehlo.constant dense<10> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x5xi32>
    %3 = stablehlo.add %arg5, %2 : tensor<2x5xi32>
    %4 = stablehlo.select %1, %3, %arg5 : tensor<2x5xi1>, tensor<2x5xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<2x5xi32>) -> tensor<2x5x1xi32>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 8>}> : (tensor<10x8xf32>, tensor<2x5x1xi32>) -> tensor<2x5x8xf32>
    %7 = stablehlo.dot_general %6, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<8x8xf32>) -> tensor<2x5x8xf32>
    %8 = stablehlo.dot_general %6, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<8x8xf32>) -> tensor<2x5x8xf32>
    %9 = stablehlo.dot_general %6, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<8x8xf32>) -> tensor<2x5x8xf32>
    %10 = stablehlo.dot_general %7, %8, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<2x5x8xf32>) -> tensor<2x5x5xf32>
    %cst = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %11 = stablehlo.sqrt %cst : tensor<f32>
    %12 = stablehlo.convert %11 : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<f32>) -> tensor<2x5x5xf32>
    %14 = stablehlo.divide %10, %13 : tensor<2x5x5xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %15 = stablehlo.reduce(%14 init: %cst_1) applies stablehlo.maximum across dimensions = [2] : (tensor<2x5x5xf32>, tensor<f32>) -> tensor<2x5xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x5xf32>
    %17 = stablehlo.maximum %16, %15 : tensor<2x5xf32>
    %18 = stablehlo.broadcast_in_dim %17, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %19 = stablehlo.broadcast_in_dim %18, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x5xf32>
    %20 = stablehlo.subtract %14, %19 : tensor<2x5x5xf32>
    %21 = stablehlo.exponential %20 : tensor<2x5x5xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.reduce(%21 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<2x5x5xf32>, tensor<f32>) -> tensor<2x5xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x5xf32>
    %25 = stablehlo.divide %21, %24 : tensor<2x5x5xf32>
    %26 = stablehlo.multiply %23, %23 : tensor<2x5x1xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %28 = stablehlo.divide %27, %26 : tensor<2x5x1xf32>
    %29 = stablehlo.dot_general %25, %9, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x5xf32>, tensor<2x5x8xf32>) -> tensor<2x5x8xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.reduce(%29 init: %cst_5) applies stablehlo.add across dimensions = [1] : (tensor<2x5x8xf32>, tensor<f32>) -> tensor<2x8xf32>
    %cst_6 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2x8xf32>
    %32 = stablehlo.divide %30, %31 : tensor<2x8xf32>
    %33 = stablehlo.tanh %32 : tensor<2x8xf32>
    %cst_7 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<2x8xf32>
    %35 = stablehlo.subtract %34, %33 : tensor<2x8xf32>
    %36 = stablehlo.dot_general %33, %arg4, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x8xf32>, tensor<8x3xf32>) -> tensor<2x3xf32>
    %37:3 = call @log_softmax(%36) : (tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x1xf32>)
    %38 = stablehlo.multiply %37#0, %arg6 : tensor<2x3xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %39 = stablehlo.reduce(%38 init: %cst_8) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %40 = stablehlo.reduce(%39 init: %cst_9) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %cst_10 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %41 = stablehlo.divide %40, %cst_10 : tensor<f32>
    %42 = stablehlo.negate %41 : tensor<f32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %43 = stablehlo.negate %cst_11 : tensor<f32>
    %cst_12 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %44 = stablehlo.divide %43, %cst_12 : tensor<f32>
    %45 = stablehlo.broadcast_in_dim %44, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %46 = stablehlo.broadcast_in_dim %45, dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
    %47 = stablehlo.multiply %46, %arg6 : tensor<2x3xf32>
    %48 = call @log_softmax_0(%37#1, %37#2, %47) : (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    %49 = stablehlo.dot_general %48, %33, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<2x8xf32>) -> tensor<3x8xf32>
    %50 = stablehlo.transpose %49, dims = [1, 0] : (tensor<3x8xf32>) -> tensor<8x3xf32>
    %51 = stablehlo.dot_general %48, %arg4, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x3xf32>, tensor<8x3xf32>) -> tensor<2x8xf32>
    %52 = stablehlo.multiply %51, %35 : tensor<2x8xf32>
    %53 = stablehlo.multiply %52, %33 : tensor<2x8xf32>
    %54 = stablehlo.add %52, %53 : tensor<2x8xf32>
    %cst_13 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %55 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<2x8xf32>
    %56 = stablehlo.divide %54, %55 : tensor<2x8xf32>
    %57 = stablehlo.broadcast_in_dim %56, dims = [0, 2] : (tensor<2x8xf32>) -> tensor<2x5x8xf32>
    %58 = stablehlo.dot_general %57, %25, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<2x5x5xf32>) -> tensor<2x8x5xf32>
    %59 = stablehlo.transpose %58, dims = [0, 2, 1] : (tensor<2x8x5xf32>) -> tensor<2x5x8xf32>
    %60 = stablehlo.dot_general %57, %9, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<2x5x8xf32>) -> tensor<2x5x5xf32>
    %61 = stablehlo.broadcast_in_dim %28, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x5xf32>
    %62 = stablehlo.multiply %60, %61 : tensor<2x5x5xf32>
    %63 = stablehlo.multiply %62, %21 : tensor<2x5x5xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %64 = stablehlo.reduce(%63 init: %cst_14) applies stablehlo.add across dimensions = [2] : (tensor<2x5x5xf32>, tensor<f32>) -> tensor<2x5xf32>
    %65 = stablehlo.reshape %64 : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %66 = stablehlo.negate %65 : tensor<2x5x1xf32>
    %67 = stablehlo.broadcast_in_dim %23, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x5xf32>
    %68 = stablehlo.divide %60, %67 : tensor<2x5x5xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %69 = stablehlo.reduce(%66 init: %cst_15) applies stablehlo.add across dimensions = [2] : (tensor<2x5x1xf32>, tensor<f32>) -> tensor<2x5xf32>
    %70 = stablehlo.broadcast_in_dim %69, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x5xf32>
    %71 = stablehlo.add %68, %70 : tensor<2x5x5xf32>
    %72 = stablehlo.multiply %71, %21 : tensor<2x5x5xf32>
    %73 = stablehlo.broadcast_in_dim %12, dims = [] : (tensor<f32>) -> tensor<2x5x5xf32>
    %74 = stablehlo.divide %72, %73 : tensor<2x5x5xf32>
    %75 = stablehlo.dot_general %74, %7, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x5xf32>, tensor<2x5x8xf32>) -> tensor<2x5x8xf32>
    %76 = stablehlo.dot_general %74, %8, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x5xf32>, tensor<2x5x8xf32>) -> tensor<2x5x8xf32>
    %77 = stablehlo.dot_general %59, %6, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<2x5x8xf32>) -> tensor<8x8xf32>
    %78 = stablehlo.transpose %77, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %79 = stablehlo.dot_general %59, %arg3, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<8x8xf32>) -> tensor<2x5x8xf32>
    %80 = stablehlo.dot_general %75, %6, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<2x5x8xf32>) -> tensor<8x8xf32>
    %81 = stablehlo.transpose %80, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %82 = stablehlo.dot_general %75, %arg2, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<8x8xf32>) -> tensor<2x5x8xf32>
    %83 = stablehlo.add %79, %82 : tensor<2x5x8xf32>
    %84 = stablehlo.dot_general %76, %6, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<2x5x8xf32>) -> tensor<8x8xf32>
    %85 = stablehlo.transpose %84, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %86 = stablehlo.dot_general %76, %arg1, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x5x8xf32>, tensor<8x8xf32>) -> tensor<2x5x8xf32>
    %87 = stablehlo.add %83, %86 : tensor<2x5x8xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %88 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<10x8xf32>
    %89 = "stablehlo.scatter"(%88, %5, %87) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg7: tensor<f32>, %arg8: tensor<f32>):
      %105 = stablehlo.add %arg7, %arg8 : tensor<f32>
      stablehlo.return %105 : tensor<f32>
    }) : (tensor<10x8xf32>, tensor<2x5x1xi32>, tensor<2x5x8xf32>) -> tensor<10x8xf32>
    %cst_17 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %90 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<10x8xf32>
    %91 = stablehlo.multiply %90, %89 : tensor<10x8xf32>
    %92 = stablehlo.subtract %arg0, %91 : tensor<10x8xf32>
    %cst_18 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %93 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %94 = stablehlo.multiply %93, %85 : tensor<8x8xf32>
    %95 = stablehlo.subtract %arg1, %94 : tensor<8x8xf32>
    %cst_19 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %96 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %97 = stablehlo.multiply %96, %81 : tensor<8x8xf32>
    %98 = stablehlo.subtract %arg2, %97 : tensor<8x8xf32>
    %cst_20 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %100 = stablehlo.multiply %99, %78 : tensor<8x8xf32>
    %101 = stablehlo.subtract %arg3, %100 : tensor<8x8xf32>
    %cst_21 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %102 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<8x3xf32>
    %103 = stablehlo.multiply %102, %50 : tensor<8x3xf32>
    %104 = stablehlo.subtract %arg4, %103 : tensor<8x3xf32>
    return %42, %92, %95, %98, %101, %104 : tensor<f32>, tensor<10x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x3xf32>
  }
  func.func private @log_softmax(%arg0: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<2xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x3xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x3xf32>
    %6 = stablehlo.exponential %5 : tensor<2x3xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<2xf32>) -> tensor<2x1xf32>
    %9 = stablehlo.log %8 : tensor<2x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<2x1xf32>) -> tensor<2x3xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<2x3xf32>
    return %11, %6, %8 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x1xf32>
  }
  func.func private @log_softmax_0(%arg0: tensor<2x3xf32>, %arg1: tensor<2x1xf32>, %arg2: tensor<2x3xf32>) -> tensor<2x3xf32> {
    %0 = stablehlo.negate %arg2 : tensor<2x3xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    %2 = stablehlo.reshape %1 : (tensor<2xf32>) -> tensor<2x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<2x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<2x1xf32>, tensor<f32>) -> tensor<2xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<2xf32>) -> tensor<2x3xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<2x3xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<2x3xf32>
    return %7 : tensor<2x3xf32>
  }
}
