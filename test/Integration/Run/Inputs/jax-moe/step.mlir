// SGD step of a top-2 mixture of 4 experts (capacity 4, load-balancing loss): exported by export_jax_moe.py (JAX 0.10.2).
module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x4xf32>, %arg1: tensor<4x6x8xf32>, %arg2: tensor<4x8x6xf32>, %arg3: tensor<8x6xf32>, %arg4: tensor<8x6xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<6x4xf32> {jax.result_info = "result[1][0]"}, tensor<4x6x8xf32> {jax.result_info = "result[1][1]"}, tensor<4x8x6xf32> {jax.result_info = "result[1][2]"}) {
    %0 = stablehlo.dot_general %arg3, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x6xf32>, tensor<6x4xf32>) -> tensor<8x4xf32>
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %2 = stablehlo.reshape %1 : (tensor<8xf32>) -> tensor<8x1xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %4 = stablehlo.compare EQ, %0, %3, FLOAT : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xi1>
    %5 = stablehlo.convert %4 : (tensor<8x4xi1>) -> tensor<8x4xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.reduce(%5 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %8 = stablehlo.maximum %7, %1 : tensor<8xf32>
    %9 = stablehlo.compare EQ, %1, %8, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %10 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %12 = stablehlo.select %9, %10, %11 : tensor<8xi1>, tensor<8xf32>
    %cst_4 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %14 = stablehlo.compare EQ, %13, %8, FLOAT : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xi1>
    %cst_5 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %17 = stablehlo.select %14, %15, %16 : tensor<8xi1>, tensor<8xf32>
    %18 = stablehlo.divide %12, %17 : tensor<8xf32>
    %19 = stablehlo.broadcast_in_dim %8, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %21 = stablehlo.subtract %0, %20 : tensor<8x4xf32>
    %22 = stablehlo.exponential %21 : tensor<8x4xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %23 = stablehlo.reduce(%22 init: %cst_7) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %24 = stablehlo.broadcast_in_dim %23, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %26 = stablehlo.divide %22, %25 : tensor<8x4xf32>
    %27 = stablehlo.multiply %24, %24 : tensor<8x1xf32>
    %cst_8 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %29 = stablehlo.divide %28, %27 : tensor<8x1xf32>
    %values, %indices = chlo.top_k(%26, k = 2) : tensor<8x4xf32> -> (tensor<8x2xf32>, tensor<8x2xi32>)
    %30 = stablehlo.reshape %indices : (tensor<8x2xi32>) -> tensor<8x2x1xi32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %31 = stablehlo.reduce(%values init: %cst_9) applies stablehlo.add across dimensions = [1] : (tensor<8x2xf32>, tensor<f32>) -> tensor<8xf32>
    %32 = stablehlo.broadcast_in_dim %31, dims = [0] : (tensor<8xf32>) -> tensor<8x1xf32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x2xf32>
    %34 = stablehlo.divide %values, %33 : tensor<8x2xf32>
    %35 = stablehlo.multiply %32, %32 : tensor<8x1xf32>
    %cst_10 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %36 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<8x1xf32>
    %37 = stablehlo.divide %36, %35 : tensor<8x1xf32>
    %38 = call @_one_hot(%indices) : (tensor<8x2xi32>) -> tensor<8x2x4xf32>
    %39 = stablehlo.reshape %38 : (tensor<8x2x4xf32>) -> tensor<16x4xf32>
    %40 = call @cumsum(%39) : (tensor<16x4xf32>) -> tensor<16x4xf32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %41 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<16x4xf32>
    %42 = stablehlo.subtract %40, %41 : tensor<16x4xf32>
    %43 = stablehlo.multiply %42, %39 : tensor<16x4xf32>
    %cst_12 = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<16x4xf32>
    %45 = stablehlo.compare LT, %43, %44, FLOAT : (tensor<16x4xf32>, tensor<16x4xf32>) -> tensor<16x4xi1>
    %46 = stablehlo.convert %45 : (tensor<16x4xi1>) -> tensor<16x4xf32>
    %47 = stablehlo.multiply %39, %46 : tensor<16x4xf32>
    %48 = stablehlo.reshape %47 : (tensor<16x4xf32>) -> tensor<8x2x4xf32>
    %49 = stablehlo.dot_general %34, %48, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<8x2xf32>, tensor<8x2x4xf32>) -> tensor<8x4xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %51 = stablehlo.compare GT, %49, %50, FLOAT : (tensor<8x4xf32>, tensor<8x4xf32>) -> tensor<8x4xi1>
    %52 = stablehlo.convert %51 : (tensor<8x4xi1>) -> tensor<8x4xf32>
    %53 = stablehlo.dot_general %arg3, %52, batching_dims = [0] x [0], contracting_dims = [] x [], precision = [DEFAULT, DEFAULT] : (tensor<8x6xf32>, tensor<8x4xf32>) -> tensor<8x6x4xf32>
    %54 = stablehlo.transpose %53, dims = [2, 0, 1] : (tensor<8x6x4xf32>) -> tensor<4x8x6xf32>
    %55 = stablehlo.dot_general %54, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x6xf32>, tensor<4x6x8xf32>) -> tensor<4x8x8xf32>
    %56 = call @relu(%55) : (tensor<4x8x8xf32>) -> tensor<4x8x8xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<4x8x8xf32>
    %58 = stablehlo.compare GT, %55, %57, FLOAT : (tensor<4x8x8xf32>, tensor<4x8x8xf32>) -> tensor<4x8x8xi1>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %59 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<4x8x8xf32>
    %60 = stablehlo.dot_general %56, %arg2, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x8xf32>, tensor<4x8x6xf32>) -> tensor<4x8x6xf32>
    %61 = stablehlo.dot_general %49, %60, batching_dims = [0] x [1], contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x4xf32>, tensor<4x8x6xf32>) -> tensor<8x6xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %62 = stablehlo.reduce(%38 init: %cst_16) applies stablehlo.add across dimensions = [1] : (tensor<8x2x4xf32>, tensor<f32>) -> tensor<8x4xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %63 = stablehlo.reduce(%62 init: %cst_17) applies stablehlo.add across dimensions = [0] : (tensor<8x4xf32>, tensor<f32>) -> tensor<4xf32>
    %cst_18 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %64 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %65 = stablehlo.divide %63, %64 : tensor<4xf32>
    %cst_19 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %67 = stablehlo.divide %65, %66 : tensor<4xf32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %68 = stablehlo.reduce(%26 init: %cst_20) applies stablehlo.add across dimensions = [0] : (tensor<8x4xf32>, tensor<f32>) -> tensor<4xf32>
    %cst_21 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %69 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %70 = stablehlo.divide %68, %69 : tensor<4xf32>
    %71 = stablehlo.subtract %61, %arg4 : tensor<8x6xf32>
    %72 = stablehlo.multiply %71, %71 : tensor<8x6xf32>
    %cst_22 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %73 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<8x6xf32>
    %74 = stablehlo.multiply %73, %71 : tensor<8x6xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %75 = stablehlo.reduce(%72 init: %cst_23) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x6xf32>, tensor<f32>) -> tensor<f32>
    %cst_24 = stablehlo.constant dense<4.800000e+01> : tensor<f32>
    %76 = stablehlo.divide %75, %cst_24 : tensor<f32>
    %77 = stablehlo.multiply %67, %70 : tensor<4xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %78 = stablehlo.reduce(%77 init: %cst_25) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
    %cst_26 = stablehlo.constant dense<4.000000e-02> : tensor<f32>
    %79 = stablehlo.multiply %cst_26, %78 : tensor<f32>
    %80 = stablehlo.add %76, %79 : tensor<f32>
    %cst_27 = stablehlo.constant dense<4.000000e-02> : tensor<f32>
    %cst_28 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %81 = stablehlo.multiply %cst_27, %cst_28 : tensor<f32>
    %82 = stablehlo.broadcast_in_dim %81, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %83 = stablehlo.multiply %67, %82 : tensor<4xf32>
    %cst_29 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_30 = stablehlo.constant dense<4.800000e+01> : tensor<f32>
    %84 = stablehlo.divide %cst_29, %cst_30 : tensor<f32>
    %85 = stablehlo.broadcast_in_dim %84, dims = [] : (tensor<f32>) -> tensor<8x6xf32>
    %86 = stablehlo.multiply %85, %74 : tensor<8x6xf32>
    %cst_31 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %87 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<4xf32>
    %88 = stablehlo.divide %83, %87 : tensor<4xf32>
    %89 = stablehlo.broadcast_in_dim %88, dims = [1] : (tensor<4xf32>) -> tensor<8x4xf32>
    %90 = stablehlo.dot_general %86, %49, batching_dims = [0] x [0], contracting_dims = [] x [], precision = [DEFAULT, DEFAULT] : (tensor<8x6xf32>, tensor<8x4xf32>) -> tensor<8x6x4xf32>
    %91 = stablehlo.transpose %90, dims = [2, 0, 1] : (tensor<8x6x4xf32>) -> tensor<4x8x6xf32>
    %92 = stablehlo.dot_general %86, %60, batching_dims = [0] x [1], contracting_dims = [1] x [2], precision = [DEFAULT, DEFAULT] : (tensor<8x6xf32>, tensor<4x8x6xf32>) -> tensor<8x4xf32>
    %93 = stablehlo.dot_general %91, %56, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x6xf32>, tensor<4x8x8xf32>) -> tensor<4x6x8xf32>
    %94 = stablehlo.transpose %93, dims = [0, 2, 1] : (tensor<4x6x8xf32>) -> tensor<4x8x6xf32>
    %95 = stablehlo.dot_general %91, %arg2, batching_dims = [0] x [0], contracting_dims = [2] x [2], precision = [DEFAULT, DEFAULT] : (tensor<4x8x6xf32>, tensor<4x8x6xf32>) -> tensor<4x8x8xf32>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %96 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<4x8x8xf32>
    %97 = stablehlo.select %58, %95, %96 : tensor<4x8x8xi1>, tensor<4x8x8xf32>
    %98 = stablehlo.dot_general %97, %54, batching_dims = [0] x [0], contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<4x8x8xf32>, tensor<4x8x6xf32>) -> tensor<4x8x6xf32>
    %99 = stablehlo.transpose %98, dims = [0, 2, 1] : (tensor<4x8x6xf32>) -> tensor<4x6x8xf32>
    %100 = stablehlo.dot_general %92, %48, batching_dims = [0] x [0], contracting_dims = [1] x [2], precision = [DEFAULT, DEFAULT] : (tensor<8x4xf32>, tensor<8x2x4xf32>) -> tensor<8x2xf32>
    %101 = stablehlo.broadcast_in_dim %37, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x2xf32>
    %102 = stablehlo.multiply %100, %101 : tensor<8x2xf32>
    %103 = stablehlo.multiply %102, %values : tensor<8x2xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %104 = stablehlo.reduce(%103 init: %cst_33) applies stablehlo.add across dimensions = [1] : (tensor<8x2xf32>, tensor<f32>) -> tensor<8xf32>
    %105 = stablehlo.reshape %104 : (tensor<8xf32>) -> tensor<8x1xf32>
    %106 = stablehlo.negate %105 : tensor<8x1xf32>
    %107 = stablehlo.broadcast_in_dim %32, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x2xf32>
    %108 = stablehlo.divide %100, %107 : tensor<8x2xf32>
    %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %109 = stablehlo.reduce(%106 init: %cst_34) applies stablehlo.add across dimensions = [1] : (tensor<8x1xf32>, tensor<f32>) -> tensor<8xf32>
    %110 = stablehlo.broadcast_in_dim %109, dims = [0] : (tensor<8xf32>) -> tensor<8x2xf32>
    %111 = stablehlo.add %108, %110 : tensor<8x2xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %112 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<8x4xf32>
    %113 = "stablehlo.scatter"(%112, %30, %111) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg5: tensor<f32>, %arg6: tensor<f32>):
      %138 = stablehlo.add %arg5, %arg6 : tensor<f32>
      stablehlo.return %138 : tensor<f32>
    }) : (tensor<8x4xf32>, tensor<8x2x1xi32>, tensor<8x2xf32>) -> tensor<8x4xf32>
    %114 = stablehlo.add %89, %113 : tensor<8x4xf32>
    %115 = stablehlo.broadcast_in_dim %29, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %116 = stablehlo.multiply %114, %115 : tensor<8x4xf32>
    %117 = stablehlo.multiply %116, %22 : tensor<8x4xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %118 = stablehlo.reduce(%117 init: %cst_36) applies stablehlo.add across dimensions = [1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<8xf32>
    %119 = stablehlo.reshape %118 : (tensor<8xf32>) -> tensor<8x1xf32>
    %120 = stablehlo.negate %119 : tensor<8x1xf32>
    %121 = stablehlo.broadcast_in_dim %24, dims = [0, 1] : (tensor<8x1xf32>) -> tensor<8x4xf32>
    %122 = stablehlo.divide %114, %121 : tensor<8x4xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %123 = stablehlo.reduce(%120 init: %cst_37) applies stablehlo.add across dimensions = [1] : (tensor<8x1xf32>, tensor<f32>) -> tensor<8xf32>
    %124 = stablehlo.broadcast_in_dim %123, dims = [0] : (tensor<8xf32>) -> tensor<8x4xf32>
    %125 = stablehlo.add %122, %124 : tensor<8x4xf32>
    %126 = stablehlo.multiply %125, %22 : tensor<8x4xf32>
    %127 = stablehlo.dot_general %126, %arg3, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x4xf32>, tensor<8x6xf32>) -> tensor<4x6xf32>
    %128 = stablehlo.transpose %127, dims = [1, 0] : (tensor<4x6xf32>) -> tensor<6x4xf32>
    %cst_38 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %129 = stablehlo.broadcast_in_dim %cst_38, dims = [] : (tensor<f32>) -> tensor<6x4xf32>
    %130 = stablehlo.multiply %129, %128 : tensor<6x4xf32>
    %131 = stablehlo.subtract %arg0, %130 : tensor<6x4xf32>
    %cst_39 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %132 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<4x6x8xf32>
    %133 = stablehlo.multiply %132, %99 : tensor<4x6x8xf32>
    %134 = stablehlo.subtract %arg1, %133 : tensor<4x6x8xf32>
    %cst_40 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %135 = stablehlo.broadcast_in_dim %cst_40, dims = [] : (tensor<f32>) -> tensor<4x8x6xf32>
    %136 = stablehlo.multiply %135, %94 : tensor<4x8x6xf32>
    %137 = stablehlo.subtract %arg2, %136 : tensor<4x8x6xf32>
    return %80, %131, %134, %137 : tensor<f32>, tensor<6x4xf32>, tensor<4x6x8xf32>, tensor<4x8x6xf32>
  }
  func.func private @_one_hot(%arg0: tensor<8x2xi32>) -> tensor<8x2x4xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<8x2xi32>) -> tensor<8x2x1xi32>
    %1 = stablehlo.iota dim = 2 : tensor<1x1x4xi32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2] : (tensor<8x2x1xi32>) -> tensor<8x2x4xi32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2] : (tensor<1x1x4xi32>) -> tensor<8x2x4xi32>
    %4 = stablehlo.compare EQ, %2, %3, SIGNED : (tensor<8x2x4xi32>, tensor<8x2x4xi32>) -> tensor<8x2x4xi1>
    %5 = stablehlo.convert %4 : (tensor<8x2x4xi1>) -> tensor<8x2x4xf32>
    return %5 : tensor<8x2x4xf32>
  }
  func.func private @cumsum(%arg0: tensor<16x4xf32>) -> tensor<16x4xf32> {
    %0 = call @cumsum_0(%arg0) : (tensor<16x4xf32>) -> tensor<16x4xf32>
    return %0 : tensor<16x4xf32>
  }
  func.func private @cumsum_0(%arg0: tensor<16x4xf32>) -> tensor<16x4xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<f32>
    %1 = "stablehlo.reduce_window"(%arg0, %0) <{base_dilations = array<i64: 1, 1>, padding = dense<[[15, 0], [0, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 16, 1>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg1: tensor<f32>, %arg2: tensor<f32>):
      %2 = stablehlo.add %arg1, %arg2 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<16x4xf32>, tensor<f32>) -> tensor<16x4xf32>
    return %1 : tensor<16x4xf32>
  }
  func.func private @relu(%arg0: tensor<4x8x8xf32>) -> tensor<4x8x8xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<4x8x8xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<4x8x8xf32>
    return %1 : tensor<4x8x8xf32>
  }
}
