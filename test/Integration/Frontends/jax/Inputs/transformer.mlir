module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<11x8xf32>, %arg1: tensor<8x8xf32>, %arg2: tensor<8x8xf32>, %arg3: tensor<8x8xf32>, %arg4: tensor<8x8xf32>, %arg5: tensor<8x16xf32>, %arg6: tensor<16x8xf32>, %arg7: tensor<8xf32>, %arg8: tensor<8xf32>, %arg9: tensor<6x8xf32>, %arg10: tensor<2x6xi32>, %arg11: tensor<2x6xi32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<11x8xf32> {jax.result_info = "result[1]"}, tensor<8x8xf32> {jax.result_info = "result[2]"}, tensor<8x8xf32> {jax.result_info = "result[3]"}, tensor<8x8xf32> {jax.result_info = "result[4]"}, tensor<8x8xf32> {jax.result_info = "result[5]"}, tensor<8x16xf32> {jax.result_info = "result[6]"}, tensor<16x8xf32> {jax.result_info = "result[7]"}, tensor<8xf32> {jax.result_info = "result[8]"}, tensor<8xf32> {jax.result_info = "result[9]"}, tensor<6x8xf32> {jax.result_info = "result[10]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x6xi32>
    %1 = stablehlo.compare LT, %arg10, %0, SIGNED : (tensor<2x6xi32>, tensor<2x6xi32>) -> tensor<2x6xi1>
    %c_0 = stablehlo.constant dense<11> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x6xi32>
    %3 = stablehlo.add %arg10, %2 : tensor<2x6xi32>
    %4 = stablehlo.select %1, %3, %arg10 : tensor<2x6xi1>, tensor<2x6xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<2x6xi32>) -> tensor<2x6x1xi32>
    %6 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 8>}> : (tensor<11x8xf32>, tensor<2x6x1xi32>) -> tensor<2x6x8xf32>
    %7 = stablehlo.broadcast_in_dim %arg9, dims = [1, 2] : (tensor<6x8xf32>) -> tensor<1x6x8xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<1x6x8xf32>) -> tensor<2x6x8xf32>
    %9 = stablehlo.add %6, %8 : tensor<2x6x8xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.reduce(%9 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x6xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x1xf32>
    %cst_1 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x6x1xf32>
    %13 = stablehlo.divide %11, %12 : tensor<2x6x1xf32>
    %14 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2] : (tensor<2x6x1xf32>) -> tensor<2x6x8xf32>
    %15 = stablehlo.subtract %9, %14 : tensor<2x6x8xf32>
    %16 = stablehlo.multiply %15, %15 : tensor<2x6x8xf32>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x6x8xf32>
    %18 = stablehlo.multiply %17, %15 : tensor<2x6x8xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %19 = stablehlo.reduce(%16 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x6xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x1xf32>
    %cst_4 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x6x1xf32>
    %22 = stablehlo.divide %20, %21 : tensor<2x6x1xf32>
    %23 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2] : (tensor<2x6x1xf32>) -> tensor<2x6x8xf32>
    %24 = stablehlo.subtract %9, %23 : tensor<2x6x8xf32>
    %cst_5 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2x6x1xf32>
    %26 = stablehlo.add %22, %25 : tensor<2x6x1xf32>
    %27 = stablehlo.rsqrt %26 : tensor<2x6x1xf32>
    %28 = stablehlo.divide %27, %26 : tensor<2x6x1xf32>
    %cst_6 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<2x6x1xf32>
    %30 = stablehlo.multiply %29, %28 : tensor<2x6x1xf32>
    %31 = stablehlo.broadcast_in_dim %27, dims = [0, 1, 2] : (tensor<2x6x1xf32>) -> tensor<2x6x8xf32>
    %32 = stablehlo.multiply %24, %31 : tensor<2x6x8xf32>
    %33 = stablehlo.broadcast_in_dim %arg7, dims = [2] : (tensor<8xf32>) -> tensor<1x1x8xf32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0, 1, 2] : (tensor<1x1x8xf32>) -> tensor<2x6x8xf32>
    %35 = stablehlo.multiply %32, %34 : tensor<2x6x8xf32>
    %36 = stablehlo.dot_general %35, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<8x8xf32>) -> tensor<2x6x8xf32>
    %37 = stablehlo.reshape %36 : (tensor<2x6x8xf32>) -> tensor<2x6x2x4xf32>
    %38 = stablehlo.dot_general %35, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<8x8xf32>) -> tensor<2x6x8xf32>
    %39 = stablehlo.reshape %38 : (tensor<2x6x8xf32>) -> tensor<2x6x2x4xf32>
    %40 = stablehlo.dot_general %35, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<8x8xf32>) -> tensor<2x6x8xf32>
    %41 = stablehlo.reshape %40 : (tensor<2x6x8xf32>) -> tensor<2x6x2x4xf32>
    %42 = stablehlo.dot_general %37, %39, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x6x2x4xf32>, tensor<2x6x2x4xf32>) -> tensor<2x2x6x6xf32>
    %cst_7 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<2x2x6x6xf32>
    %44 = stablehlo.divide %42, %43 : tensor<2x2x6x6xf32>
    %c_8 = stablehlo.constant dense<true> : tensor<i1>
    %45 = stablehlo.broadcast_in_dim %c_8, dims = [] : (tensor<i1>) -> tensor<6x6xi1>
    %46 = call @tril(%45) : (tensor<6x6xi1>) -> tensor<6x6xi1>
    %cst_9 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %47:2 = call @_where(%46, %44, %cst_9) : (tensor<6x6xi1>, tensor<2x2x6x6xf32>, tensor<f32>) -> (tensor<2x2x6x6xf32>, tensor<2x2x6x6xi1>)
    %cst_10 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %48 = stablehlo.reduce(%47#0 init: %cst_10) applies stablehlo.maximum across dimensions = [3] : (tensor<2x2x6x6xf32>, tensor<f32>) -> tensor<2x2x6xf32>
    %cst_11 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %49 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<2x2x6xf32>
    %50 = stablehlo.maximum %49, %48 : tensor<2x2x6xf32>
    %51 = stablehlo.broadcast_in_dim %50, dims = [0, 1, 2] : (tensor<2x2x6xf32>) -> tensor<2x2x6x1xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0, 1, 2, 3] : (tensor<2x2x6x1xf32>) -> tensor<2x2x6x6xf32>
    %53 = stablehlo.subtract %47#0, %52 : tensor<2x2x6x6xf32>
    %54 = stablehlo.exponential %53 : tensor<2x2x6x6xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %55 = stablehlo.reduce(%54 init: %cst_12) applies stablehlo.add across dimensions = [3] : (tensor<2x2x6x6xf32>, tensor<f32>) -> tensor<2x2x6xf32>
    %56 = stablehlo.broadcast_in_dim %55, dims = [0, 1, 2] : (tensor<2x2x6xf32>) -> tensor<2x2x6x1xf32>
    %57 = stablehlo.broadcast_in_dim %56, dims = [0, 1, 2, 3] : (tensor<2x2x6x1xf32>) -> tensor<2x2x6x6xf32>
    %58 = stablehlo.divide %54, %57 : tensor<2x2x6x6xf32>
    %59 = stablehlo.multiply %56, %56 : tensor<2x2x6x1xf32>
    %cst_13 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<2x2x6x1xf32>
    %61 = stablehlo.divide %60, %59 : tensor<2x2x6x1xf32>
    %62 = stablehlo.dot_general %41, %58, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x6x2x4xf32>, tensor<2x2x6x6xf32>) -> tensor<2x2x4x6xf32>
    %63 = stablehlo.transpose %62, dims = [0, 3, 1, 2] : (tensor<2x2x4x6xf32>) -> tensor<2x6x2x4xf32>
    %64 = stablehlo.reshape %63 : (tensor<2x6x2x4xf32>) -> tensor<2x6x8xf32>
    %65 = stablehlo.dot_general %64, %arg4, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<8x8xf32>) -> tensor<2x6x8xf32>
    %66 = stablehlo.add %9, %65 : tensor<2x6x8xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %67 = stablehlo.reduce(%66 init: %cst_14) applies stablehlo.add across dimensions = [2] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x6xf32>
    %68 = stablehlo.broadcast_in_dim %67, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x1xf32>
    %cst_15 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %69 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<2x6x1xf32>
    %70 = stablehlo.divide %68, %69 : tensor<2x6x1xf32>
    %71 = stablehlo.broadcast_in_dim %70, dims = [0, 1, 2] : (tensor<2x6x1xf32>) -> tensor<2x6x8xf32>
    %72 = stablehlo.subtract %66, %71 : tensor<2x6x8xf32>
    %73 = stablehlo.multiply %72, %72 : tensor<2x6x8xf32>
    %cst_16 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %74 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<2x6x8xf32>
    %75 = stablehlo.multiply %74, %72 : tensor<2x6x8xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %76 = stablehlo.reduce(%73 init: %cst_17) applies stablehlo.add across dimensions = [2] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x6xf32>
    %77 = stablehlo.broadcast_in_dim %76, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x1xf32>
    %cst_18 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %78 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<2x6x1xf32>
    %79 = stablehlo.divide %77, %78 : tensor<2x6x1xf32>
    %80 = stablehlo.broadcast_in_dim %70, dims = [0, 1, 2] : (tensor<2x6x1xf32>) -> tensor<2x6x8xf32>
    %81 = stablehlo.subtract %66, %80 : tensor<2x6x8xf32>
    %cst_19 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %82 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<2x6x1xf32>
    %83 = stablehlo.add %79, %82 : tensor<2x6x1xf32>
    %84 = stablehlo.rsqrt %83 : tensor<2x6x1xf32>
    %85 = stablehlo.divide %84, %83 : tensor<2x6x1xf32>
    %cst_20 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %86 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<2x6x1xf32>
    %87 = stablehlo.multiply %86, %85 : tensor<2x6x1xf32>
    %88 = stablehlo.broadcast_in_dim %84, dims = [0, 1, 2] : (tensor<2x6x1xf32>) -> tensor<2x6x8xf32>
    %89 = stablehlo.multiply %81, %88 : tensor<2x6x8xf32>
    %90 = stablehlo.broadcast_in_dim %arg8, dims = [2] : (tensor<8xf32>) -> tensor<1x1x8xf32>
    %91 = stablehlo.broadcast_in_dim %90, dims = [0, 1, 2] : (tensor<1x1x8xf32>) -> tensor<2x6x8xf32>
    %92 = stablehlo.multiply %89, %91 : tensor<2x6x8xf32>
    %93 = stablehlo.dot_general %92, %arg5, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<8x16xf32>) -> tensor<2x6x16xf32>
    %94 = stablehlo.multiply %93, %93 : tensor<2x6x16xf32>
    %95 = stablehlo.multiply %94, %93 : tensor<2x6x16xf32>
    %96 = stablehlo.multiply %93, %93 : tensor<2x6x16xf32>
    %cst_21 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %97 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<2x6x16xf32>
    %98 = stablehlo.multiply %97, %96 : tensor<2x6x16xf32>
    %cst_22 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<2x6x16xf32>
    %100 = stablehlo.multiply %99, %95 : tensor<2x6x16xf32>
    %101 = stablehlo.add %93, %100 : tensor<2x6x16xf32>
    %cst_23 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %102 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<2x6x16xf32>
    %103 = stablehlo.multiply %102, %101 : tensor<2x6x16xf32>
    %104 = stablehlo.tanh %103 : tensor<2x6x16xf32>
    %cst_24 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %105 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<2x6x16xf32>
    %106 = stablehlo.subtract %105, %104 : tensor<2x6x16xf32>
    %cst_25 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %107 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<2x6x16xf32>
    %108 = stablehlo.add %107, %104 : tensor<2x6x16xf32>
    %cst_26 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %109 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<2x6x16xf32>
    %110 = stablehlo.multiply %109, %108 : tensor<2x6x16xf32>
    %111 = stablehlo.multiply %93, %110 : tensor<2x6x16xf32>
    %112 = stablehlo.dot_general %111, %arg6, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6x16xf32>, tensor<16x8xf32>) -> tensor<2x6x8xf32>
    %113 = stablehlo.add %66, %112 : tensor<2x6x8xf32>
    %114 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<11x8xf32>) -> tensor<8x11xf32>
    %115 = stablehlo.dot_general %113, %114, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<8x11xf32>) -> tensor<2x6x11xf32>
    %116 = call @_one_hot(%arg11) : (tensor<2x6xi32>) -> tensor<2x6x11xf32>
    %117:3 = call @log_softmax(%115) : (tensor<2x6x11xf32>) -> (tensor<2x6x11xf32>, tensor<2x6x11xf32>, tensor<2x6x1xf32>)
    %118 = stablehlo.multiply %117#0, %116 : tensor<2x6x11xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %119 = stablehlo.reduce(%118 init: %cst_27) applies stablehlo.add across dimensions = [2] : (tensor<2x6x11xf32>, tensor<f32>) -> tensor<2x6xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %120 = stablehlo.reduce(%119 init: %cst_28) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x6xf32>, tensor<f32>) -> tensor<f32>
    %cst_29 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %121 = stablehlo.divide %120, %cst_29 : tensor<f32>
    %122 = stablehlo.negate %121 : tensor<f32>
    %cst_30 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %123 = stablehlo.negate %cst_30 : tensor<f32>
    %cst_31 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %124 = stablehlo.divide %123, %cst_31 : tensor<f32>
    %125 = stablehlo.broadcast_in_dim %124, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %126 = stablehlo.broadcast_in_dim %125, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x11xf32>
    %127 = stablehlo.multiply %126, %116 : tensor<2x6x11xf32>
    %128 = call @log_softmax_0(%117#1, %117#2, %127) : (tensor<2x6x11xf32>, tensor<2x6x1xf32>, tensor<2x6x11xf32>) -> tensor<2x6x11xf32>
    %129 = stablehlo.dot_general %128, %113, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x11xf32>, tensor<2x6x8xf32>) -> tensor<11x8xf32>
    %130 = stablehlo.transpose %129, dims = [1, 0] : (tensor<11x8xf32>) -> tensor<8x11xf32>
    %131 = stablehlo.dot_general %128, %114, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x11xf32>, tensor<8x11xf32>) -> tensor<2x6x8xf32>
    %132 = stablehlo.transpose %130, dims = [1, 0] : (tensor<8x11xf32>) -> tensor<11x8xf32>
    %133 = stablehlo.dot_general %131, %111, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<2x6x16xf32>) -> tensor<8x16xf32>
    %134 = stablehlo.transpose %133, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
    %135 = stablehlo.dot_general %131, %arg6, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<16x8xf32>) -> tensor<2x6x16xf32>
    %136 = stablehlo.multiply %93, %135 : tensor<2x6x16xf32>
    %137 = stablehlo.multiply %135, %110 : tensor<2x6x16xf32>
    %cst_32 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %138 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<2x6x16xf32>
    %139 = stablehlo.multiply %138, %136 : tensor<2x6x16xf32>
    %140 = stablehlo.multiply %139, %106 : tensor<2x6x16xf32>
    %141 = stablehlo.multiply %140, %104 : tensor<2x6x16xf32>
    %142 = stablehlo.add %140, %141 : tensor<2x6x16xf32>
    %cst_33 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %143 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<2x6x16xf32>
    %144 = stablehlo.multiply %143, %142 : tensor<2x6x16xf32>
    %145 = stablehlo.add %137, %144 : tensor<2x6x16xf32>
    %cst_34 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %146 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<2x6x16xf32>
    %147 = stablehlo.multiply %146, %144 : tensor<2x6x16xf32>
    %148 = stablehlo.multiply %147, %98 : tensor<2x6x16xf32>
    %149 = stablehlo.add %145, %148 : tensor<2x6x16xf32>
    %150 = stablehlo.dot_general %149, %92, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x16xf32>, tensor<2x6x8xf32>) -> tensor<16x8xf32>
    %151 = stablehlo.transpose %150, dims = [1, 0] : (tensor<16x8xf32>) -> tensor<8x16xf32>
    %152 = stablehlo.dot_general %149, %arg5, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x16xf32>, tensor<8x16xf32>) -> tensor<2x6x8xf32>
    %153 = stablehlo.multiply %89, %152 : tensor<2x6x8xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %154 = stablehlo.reduce(%153 init: %cst_35) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %155 = stablehlo.reshape %154 : (tensor<8xf32>) -> tensor<1x1x8xf32>
    %156 = stablehlo.broadcast_in_dim %90, dims = [0, 1, 2] : (tensor<1x1x8xf32>) -> tensor<2x6x8xf32>
    %157 = stablehlo.multiply %152, %156 : tensor<2x6x8xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %158 = stablehlo.reduce(%155 init: %cst_36) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %159 = stablehlo.multiply %81, %157 : tensor<2x6x8xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %160 = stablehlo.reduce(%159 init: %cst_37) applies stablehlo.add across dimensions = [2] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x6xf32>
    %161 = stablehlo.reshape %160 : (tensor<2x6xf32>) -> tensor<2x6x1xf32>
    %162 = stablehlo.broadcast_in_dim %84, dims = [0, 1, 2] : (tensor<2x6x1xf32>) -> tensor<2x6x8xf32>
    %163 = stablehlo.multiply %157, %162 : tensor<2x6x8xf32>
    %164 = stablehlo.multiply %161, %87 : tensor<2x6x1xf32>
    %165 = stablehlo.negate %163 : tensor<2x6x8xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %166 = stablehlo.reduce(%165 init: %cst_38) applies stablehlo.add across dimensions = [2] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x6xf32>
    %167 = stablehlo.reshape %166 : (tensor<2x6xf32>) -> tensor<2x6x1xf32>
    %168 = stablehlo.add %131, %163 : tensor<2x6x8xf32>
    %cst_39 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %169 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<2x6x1xf32>
    %170 = stablehlo.divide %164, %169 : tensor<2x6x1xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %171 = stablehlo.reduce(%170 init: %cst_40) applies stablehlo.add across dimensions = [2] : (tensor<2x6x1xf32>, tensor<f32>) -> tensor<2x6xf32>
    %172 = stablehlo.broadcast_in_dim %171, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x8xf32>
    %173 = stablehlo.multiply %172, %75 : tensor<2x6x8xf32>
    %174 = stablehlo.negate %173 : tensor<2x6x8xf32>
    %cst_41 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %175 = stablehlo.reduce(%174 init: %cst_41) applies stablehlo.add across dimensions = [2] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x6xf32>
    %176 = stablehlo.reshape %175 : (tensor<2x6xf32>) -> tensor<2x6x1xf32>
    %177 = stablehlo.add %168, %173 : tensor<2x6x8xf32>
    %178 = stablehlo.add %167, %176 : tensor<2x6x1xf32>
    %cst_42 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %179 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<2x6x1xf32>
    %180 = stablehlo.divide %178, %179 : tensor<2x6x1xf32>
    %cst_43 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %181 = stablehlo.reduce(%180 init: %cst_43) applies stablehlo.add across dimensions = [2] : (tensor<2x6x1xf32>, tensor<f32>) -> tensor<2x6xf32>
    %182 = stablehlo.broadcast_in_dim %181, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x8xf32>
    %183 = stablehlo.add %177, %182 : tensor<2x6x8xf32>
    %184 = stablehlo.dot_general %183, %64, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<2x6x8xf32>) -> tensor<8x8xf32>
    %185 = stablehlo.transpose %184, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %186 = stablehlo.dot_general %183, %arg4, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<8x8xf32>) -> tensor<2x6x8xf32>
    %187 = stablehlo.reshape %186 : (tensor<2x6x8xf32>) -> tensor<2x6x2x4xf32>
    %188 = stablehlo.transpose %187, dims = [0, 2, 3, 1] : (tensor<2x6x2x4xf32>) -> tensor<2x2x4x6xf32>
    %189 = stablehlo.dot_general %188, %41, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x2x4x6xf32>, tensor<2x6x2x4xf32>) -> tensor<2x2x6x6xf32>
    %190 = stablehlo.dot_general %188, %58, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x2x4x6xf32>, tensor<2x2x6x6xf32>) -> tensor<2x2x4x6xf32>
    %191 = stablehlo.transpose %190, dims = [0, 3, 1, 2] : (tensor<2x2x4x6xf32>) -> tensor<2x6x2x4xf32>
    %192 = stablehlo.broadcast_in_dim %61, dims = [0, 1, 2, 3] : (tensor<2x2x6x1xf32>) -> tensor<2x2x6x6xf32>
    %193 = stablehlo.multiply %189, %192 : tensor<2x2x6x6xf32>
    %194 = stablehlo.multiply %193, %54 : tensor<2x2x6x6xf32>
    %cst_44 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %195 = stablehlo.reduce(%194 init: %cst_44) applies stablehlo.add across dimensions = [3] : (tensor<2x2x6x6xf32>, tensor<f32>) -> tensor<2x2x6xf32>
    %196 = stablehlo.reshape %195 : (tensor<2x2x6xf32>) -> tensor<2x2x6x1xf32>
    %197 = stablehlo.negate %196 : tensor<2x2x6x1xf32>
    %198 = stablehlo.broadcast_in_dim %56, dims = [0, 1, 2, 3] : (tensor<2x2x6x1xf32>) -> tensor<2x2x6x6xf32>
    %199 = stablehlo.divide %189, %198 : tensor<2x2x6x6xf32>
    %cst_45 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %200 = stablehlo.reduce(%197 init: %cst_45) applies stablehlo.add across dimensions = [3] : (tensor<2x2x6x1xf32>, tensor<f32>) -> tensor<2x2x6xf32>
    %201 = stablehlo.broadcast_in_dim %200, dims = [0, 1, 2] : (tensor<2x2x6xf32>) -> tensor<2x2x6x6xf32>
    %202 = stablehlo.add %199, %201 : tensor<2x2x6x6xf32>
    %203 = stablehlo.multiply %202, %54 : tensor<2x2x6x6xf32>
    %204 = call @_where_1(%47#1, %203) : (tensor<2x2x6x6xi1>, tensor<2x2x6x6xf32>) -> tensor<2x2x6x6xf32>
    %cst_46 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %205 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<2x2x6x6xf32>
    %206 = stablehlo.divide %204, %205 : tensor<2x2x6x6xf32>
    %207 = stablehlo.dot_general %206, %37, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x6x6xf32>, tensor<2x6x2x4xf32>) -> tensor<2x2x6x4xf32>
    %208 = stablehlo.transpose %207, dims = [0, 2, 1, 3] : (tensor<2x2x6x4xf32>) -> tensor<2x6x2x4xf32>
    %209 = stablehlo.dot_general %206, %39, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x2x6x6xf32>, tensor<2x6x2x4xf32>) -> tensor<2x2x6x4xf32>
    %210 = stablehlo.transpose %209, dims = [0, 2, 1, 3] : (tensor<2x2x6x4xf32>) -> tensor<2x6x2x4xf32>
    %211 = stablehlo.reshape %191 : (tensor<2x6x2x4xf32>) -> tensor<2x6x8xf32>
    %212 = stablehlo.dot_general %211, %35, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<2x6x8xf32>) -> tensor<8x8xf32>
    %213 = stablehlo.transpose %212, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %214 = stablehlo.dot_general %211, %arg3, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<8x8xf32>) -> tensor<2x6x8xf32>
    %215 = stablehlo.reshape %208 : (tensor<2x6x2x4xf32>) -> tensor<2x6x8xf32>
    %216 = stablehlo.dot_general %215, %35, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<2x6x8xf32>) -> tensor<8x8xf32>
    %217 = stablehlo.transpose %216, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %218 = stablehlo.dot_general %215, %arg2, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<8x8xf32>) -> tensor<2x6x8xf32>
    %219 = stablehlo.add %214, %218 : tensor<2x6x8xf32>
    %220 = stablehlo.reshape %210 : (tensor<2x6x2x4xf32>) -> tensor<2x6x8xf32>
    %221 = stablehlo.dot_general %220, %35, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<2x6x8xf32>) -> tensor<8x8xf32>
    %222 = stablehlo.transpose %221, dims = [1, 0] : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %223 = stablehlo.dot_general %220, %arg1, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x6x8xf32>, tensor<8x8xf32>) -> tensor<2x6x8xf32>
    %224 = stablehlo.add %219, %223 : tensor<2x6x8xf32>
    %225 = stablehlo.multiply %32, %224 : tensor<2x6x8xf32>
    %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %226 = stablehlo.reduce(%225 init: %cst_47) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<8xf32>
    %227 = stablehlo.reshape %226 : (tensor<8xf32>) -> tensor<1x1x8xf32>
    %228 = stablehlo.broadcast_in_dim %33, dims = [0, 1, 2] : (tensor<1x1x8xf32>) -> tensor<2x6x8xf32>
    %229 = stablehlo.multiply %224, %228 : tensor<2x6x8xf32>
    %cst_48 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %230 = stablehlo.reduce(%227 init: %cst_48) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x8xf32>, tensor<f32>) -> tensor<8xf32>
    %231 = stablehlo.multiply %24, %229 : tensor<2x6x8xf32>
    %cst_49 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %232 = stablehlo.reduce(%231 init: %cst_49) applies stablehlo.add across dimensions = [2] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x6xf32>
    %233 = stablehlo.reshape %232 : (tensor<2x6xf32>) -> tensor<2x6x1xf32>
    %234 = stablehlo.broadcast_in_dim %27, dims = [0, 1, 2] : (tensor<2x6x1xf32>) -> tensor<2x6x8xf32>
    %235 = stablehlo.multiply %229, %234 : tensor<2x6x8xf32>
    %236 = stablehlo.multiply %233, %30 : tensor<2x6x1xf32>
    %237 = stablehlo.negate %235 : tensor<2x6x8xf32>
    %cst_50 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %238 = stablehlo.reduce(%237 init: %cst_50) applies stablehlo.add across dimensions = [2] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x6xf32>
    %239 = stablehlo.reshape %238 : (tensor<2x6xf32>) -> tensor<2x6x1xf32>
    %240 = stablehlo.add %183, %235 : tensor<2x6x8xf32>
    %cst_51 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %241 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<2x6x1xf32>
    %242 = stablehlo.divide %236, %241 : tensor<2x6x1xf32>
    %cst_52 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %243 = stablehlo.reduce(%242 init: %cst_52) applies stablehlo.add across dimensions = [2] : (tensor<2x6x1xf32>, tensor<f32>) -> tensor<2x6xf32>
    %244 = stablehlo.broadcast_in_dim %243, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x8xf32>
    %245 = stablehlo.multiply %244, %18 : tensor<2x6x8xf32>
    %246 = stablehlo.negate %245 : tensor<2x6x8xf32>
    %cst_53 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %247 = stablehlo.reduce(%246 init: %cst_53) applies stablehlo.add across dimensions = [2] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<2x6xf32>
    %248 = stablehlo.reshape %247 : (tensor<2x6xf32>) -> tensor<2x6x1xf32>
    %249 = stablehlo.add %240, %245 : tensor<2x6x8xf32>
    %250 = stablehlo.add %239, %248 : tensor<2x6x1xf32>
    %cst_54 = stablehlo.constant dense<8.000000e+00> : tensor<f32>
    %251 = stablehlo.broadcast_in_dim %cst_54, dims = [] : (tensor<f32>) -> tensor<2x6x1xf32>
    %252 = stablehlo.divide %250, %251 : tensor<2x6x1xf32>
    %cst_55 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %253 = stablehlo.reduce(%252 init: %cst_55) applies stablehlo.add across dimensions = [2] : (tensor<2x6x1xf32>, tensor<f32>) -> tensor<2x6xf32>
    %254 = stablehlo.broadcast_in_dim %253, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x8xf32>
    %255 = stablehlo.add %249, %254 : tensor<2x6x8xf32>
    %cst_56 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %256 = stablehlo.reduce(%255 init: %cst_56) applies stablehlo.add across dimensions = [0] : (tensor<2x6x8xf32>, tensor<f32>) -> tensor<6x8xf32>
    %257 = stablehlo.reshape %256 : (tensor<6x8xf32>) -> tensor<1x6x8xf32>
    %cst_57 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %258 = stablehlo.reduce(%257 init: %cst_57) applies stablehlo.add across dimensions = [0] : (tensor<1x6x8xf32>, tensor<f32>) -> tensor<6x8xf32>
    %cst_58 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %259 = stablehlo.broadcast_in_dim %cst_58, dims = [] : (tensor<f32>) -> tensor<11x8xf32>
    %260 = "stablehlo.scatter"(%259, %5, %255) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg12: tensor<f32>, %arg13: tensor<f32>):
      %292 = stablehlo.add %arg12, %arg13 : tensor<f32>
      stablehlo.return %292 : tensor<f32>
    }) : (tensor<11x8xf32>, tensor<2x6x1xi32>, tensor<2x6x8xf32>) -> tensor<11x8xf32>
    %261 = stablehlo.add %132, %260 : tensor<11x8xf32>
    %cst_59 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %262 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<11x8xf32>
    %263 = stablehlo.multiply %262, %261 : tensor<11x8xf32>
    %264 = stablehlo.subtract %arg0, %263 : tensor<11x8xf32>
    %cst_60 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %265 = stablehlo.broadcast_in_dim %cst_60, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %266 = stablehlo.multiply %265, %222 : tensor<8x8xf32>
    %267 = stablehlo.subtract %arg1, %266 : tensor<8x8xf32>
    %cst_61 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %268 = stablehlo.broadcast_in_dim %cst_61, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %269 = stablehlo.multiply %268, %217 : tensor<8x8xf32>
    %270 = stablehlo.subtract %arg2, %269 : tensor<8x8xf32>
    %cst_62 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %271 = stablehlo.broadcast_in_dim %cst_62, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %272 = stablehlo.multiply %271, %213 : tensor<8x8xf32>
    %273 = stablehlo.subtract %arg3, %272 : tensor<8x8xf32>
    %cst_63 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %274 = stablehlo.broadcast_in_dim %cst_63, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
    %275 = stablehlo.multiply %274, %185 : tensor<8x8xf32>
    %276 = stablehlo.subtract %arg4, %275 : tensor<8x8xf32>
    %cst_64 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %277 = stablehlo.broadcast_in_dim %cst_64, dims = [] : (tensor<f32>) -> tensor<8x16xf32>
    %278 = stablehlo.multiply %277, %151 : tensor<8x16xf32>
    %279 = stablehlo.subtract %arg5, %278 : tensor<8x16xf32>
    %cst_65 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %280 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
    %281 = stablehlo.multiply %280, %134 : tensor<16x8xf32>
    %282 = stablehlo.subtract %arg6, %281 : tensor<16x8xf32>
    %cst_66 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %283 = stablehlo.broadcast_in_dim %cst_66, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %284 = stablehlo.multiply %283, %230 : tensor<8xf32>
    %285 = stablehlo.subtract %arg7, %284 : tensor<8xf32>
    %cst_67 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %286 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<8xf32>
    %287 = stablehlo.multiply %286, %158 : tensor<8xf32>
    %288 = stablehlo.subtract %arg8, %287 : tensor<8xf32>
    %cst_68 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %289 = stablehlo.broadcast_in_dim %cst_68, dims = [] : (tensor<f32>) -> tensor<6x8xf32>
    %290 = stablehlo.multiply %289, %258 : tensor<6x8xf32>
    %291 = stablehlo.subtract %arg9, %290 : tensor<6x8xf32>
    return %122, %264, %267, %270, %273, %276, %279, %282, %285, %288, %291 : tensor<f32>, tensor<11x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>, tensor<8x16xf32>, tensor<16x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<6x8xf32>
  }
  func.func private @tril(%arg0: tensor<6x6xi1>) -> tensor<6x6xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<6x6xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<6x6xi32>
    %2 = stablehlo.add %0, %1 : tensor<6x6xi32>
    %3 = stablehlo.iota dim = 1 : tensor<6x6xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<6x6xi32>, tensor<6x6xi32>) -> tensor<6x6xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<6x6xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<6x6xi1>, tensor<6x6xi1>
    return %6 : tensor<6x6xi1>
  }
  func.func private @_where(%arg0: tensor<6x6xi1>, %arg1: tensor<2x2x6x6xf32>, %arg2: tensor<f32>) -> (tensor<2x2x6x6xf32>, tensor<2x2x6x6xi1>) {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<6x6xi1>) -> tensor<2x2x6x6xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x2x6x6xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<2x2x6x6xi1>, tensor<2x2x6x6xf32>
    return %3, %1 : tensor<2x2x6x6xf32>, tensor<2x2x6x6xi1>
  }
  func.func private @_one_hot(%arg0: tensor<2x6xi32>) -> tensor<2x6x11xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1] : (tensor<2x6xi32>) -> tensor<2x6x1xi32>
    %1 = stablehlo.iota dim = 2 : tensor<1x1x11xi32>
    %2 = stablehlo.broadcast_in_dim %0, dims = [0, 1, 2] : (tensor<2x6x1xi32>) -> tensor<2x6x11xi32>
    %3 = stablehlo.broadcast_in_dim %1, dims = [0, 1, 2] : (tensor<1x1x11xi32>) -> tensor<2x6x11xi32>
    %4 = stablehlo.compare EQ, %2, %3, SIGNED : (tensor<2x6x11xi32>, tensor<2x6x11xi32>) -> tensor<2x6x11xi1>
    %5 = stablehlo.convert %4 : (tensor<2x6x11xi1>) -> tensor<2x6x11xf32>
    return %5 : tensor<2x6x11xf32>
  }
  func.func private @log_softmax(%arg0: tensor<2x6x11xf32>) -> (tensor<2x6x11xf32>, tensor<2x6x11xf32>, tensor<2x6x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [2] : (tensor<2x6x11xf32>, tensor<f32>) -> tensor<2x6xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x6xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<2x6xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x6x1xf32>) -> tensor<2x6x11xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x6x11xf32>
    %6 = stablehlo.exponential %5 : tensor<2x6x11xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<2x6x11xf32>, tensor<f32>) -> tensor<2x6xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x1xf32>
    %9 = stablehlo.log %8 : tensor<2x6x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<2x6x1xf32>) -> tensor<2x6x11xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<2x6x11xf32>
    return %11, %6, %8 : tensor<2x6x11xf32>, tensor<2x6x11xf32>, tensor<2x6x1xf32>
  }
  func.func private @log_softmax_0(%arg0: tensor<2x6x11xf32>, %arg1: tensor<2x6x1xf32>, %arg2: tensor<2x6x11xf32>) -> tensor<2x6x11xf32> {
    %0 = stablehlo.negate %arg2 : tensor<2x6x11xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x6x11xf32>, tensor<f32>) -> tensor<2x6xf32>
    %2 = stablehlo.reshape %1 : (tensor<2x6xf32>) -> tensor<2x6x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<2x6x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<2x6x1xf32>, tensor<f32>) -> tensor<2x6xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<2x6xf32>) -> tensor<2x6x11xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<2x6x11xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<2x6x11xf32>
    return %7 : tensor<2x6x11xf32>
  }
  func.func private @_where_1(%arg0: tensor<2x2x6x6xi1>, %arg1: tensor<2x2x6x6xf32>) -> tensor<2x2x6x6xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x2x6x6xf32>
    %1 = stablehlo.select %arg0, %arg1, %0 : tensor<2x2x6x6xi1>, tensor<2x2x6x6xf32>
    return %1 : tensor<2x2x6x6xf32>
  }
}
