// m_j_gpt2_block_step: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<36xf32>, %arg1: tensor<12x36xf32>, %arg2: tensor<48xf32>, %arg3: tensor<12x48xf32>, %arg4: tensor<12xf32>, %arg5: tensor<12xf32>, %arg6: tensor<12xf32>, %arg7: tensor<12xf32>, %arg8: tensor<12xf32>, %arg9: tensor<12xf32>, %arg10: tensor<12xf32>, %arg11: tensor<48x12xf32>, %arg12: tensor<12xf32>, %arg13: tensor<12x12xf32>, %arg14: tensor<7x12xf32>, %arg15: tensor<13x12xf32>, %arg16: tensor<2x7xi32>, %arg17: tensor<2x7xi32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<36xf32> {jax.result_info = "result[1]['attn_b']"}, tensor<12x36xf32> {jax.result_info = "result[1]['attn_w']"}, tensor<48xf32> {jax.result_info = "result[1]['fc_b']"}, tensor<12x48xf32> {jax.result_info = "result[1]['fc_w']"}, tensor<12xf32> {jax.result_info = "result[1]['ln1_b']"}, tensor<12xf32> {jax.result_info = "result[1]['ln1_g']"}, tensor<12xf32> {jax.result_info = "result[1]['ln2_b']"}, tensor<12xf32> {jax.result_info = "result[1]['ln2_g']"}, tensor<12xf32> {jax.result_info = "result[1]['lnf_b']"}, tensor<12xf32> {jax.result_info = "result[1]['lnf_g']"}, tensor<12xf32> {jax.result_info = "result[1]['out_b']"}, tensor<48x12xf32> {jax.result_info = "result[1]['out_w']"}, tensor<12xf32> {jax.result_info = "result[1]['proj_b']"}, tensor<12x12xf32> {jax.result_info = "result[1]['proj_w']"}, tensor<7x12xf32> {jax.result_info = "result[1]['wpe']"}, tensor<13x12xf32> {jax.result_info = "result[1]['wte']"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x7xi32>
    %1 = stablehlo.compare LT, %arg16, %0, SIGNED : (tensor<2x7xi32>, tensor<2x7xi32>) -> tensor<2x7xi1>
    %c_0 = stablehlo.constant dense<13> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x7xi32>
    %3 = stablehlo.add %arg16, %2 : tensor<2x7xi32>
    %4 = stablehlo.select %1, %3, %arg16 : tensor<2x7xi1>, tensor<2x7xi32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<2x7xi32>) -> tensor<2x7x1xi32>
    %6 = "stablehlo.gather"(%arg15, %5) <{dimension_numbers = #stablehlo.gather<offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 12>}> : (tensor<13x12xf32>, tensor<2x7x1xi32>) -> tensor<2x7x12xf32>
    %7 = stablehlo.broadcast_in_dim %arg14, dims = [1, 2] : (tensor<7x12xf32>) -> tensor<1x7x12xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<1x7x12xf32>) -> tensor<2x7x12xf32>
    %9 = stablehlo.add %6, %8 : tensor<2x7x12xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.reduce(%9 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<2x7xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<2x7xf32>) -> tensor<2x7x1xf32>
    %cst_1 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %13 = stablehlo.divide %11, %12 : tensor<2x7x1xf32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %14:5 = call @_var(%9, %c_2) : (tensor<2x7x12xf32>, tensor<i32>) -> (tensor<2x7x1xf32>, tensor<2x7x12xf32>, tensor<f32>, tensor<i1>, tensor<2x7x1xf32>)
    %15 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2] : (tensor<2x7x1xf32>) -> tensor<2x7x12xf32>
    %16 = stablehlo.subtract %9, %15 : tensor<2x7x12xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %18 = stablehlo.add %14#0, %17 : tensor<2x7x1xf32>
    %19 = stablehlo.rsqrt %18 : tensor<2x7x1xf32>
    %20 = stablehlo.divide %19, %18 : tensor<2x7x1xf32>
    %cst_4 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %22 = stablehlo.multiply %21, %20 : tensor<2x7x1xf32>
    %23 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2] : (tensor<2x7x1xf32>) -> tensor<2x7x12xf32>
    %24 = stablehlo.multiply %16, %23 : tensor<2x7x12xf32>
    %25 = stablehlo.broadcast_in_dim %arg5, dims = [2] : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [0, 1, 2] : (tensor<1x1x12xf32>) -> tensor<2x7x12xf32>
    %27 = stablehlo.multiply %24, %26 : tensor<2x7x12xf32>
    %28 = stablehlo.broadcast_in_dim %arg4, dims = [2] : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %29 = stablehlo.broadcast_in_dim %28, dims = [0, 1, 2] : (tensor<1x1x12xf32>) -> tensor<2x7x12xf32>
    %30 = stablehlo.add %27, %29 : tensor<2x7x12xf32>
    %31 = stablehlo.dot_general %30, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x7x12xf32>, tensor<12x36xf32>) -> tensor<2x7x36xf32>
    %32 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<36xf32>) -> tensor<1x1x36xf32>
    %33 = stablehlo.broadcast_in_dim %32, dims = [0, 1, 2] : (tensor<1x1x36xf32>) -> tensor<2x7x36xf32>
    %34 = stablehlo.add %31, %33 : tensor<2x7x36xf32>
    %35 = stablehlo.slice %34 [0:2, 0:7, 0:12] : (tensor<2x7x36xf32>) -> tensor<2x7x12xf32>
    %36 = stablehlo.slice %34 [0:2, 0:7, 12:24] : (tensor<2x7x36xf32>) -> tensor<2x7x12xf32>
    %37 = stablehlo.slice %34 [0:2, 0:7, 24:36] : (tensor<2x7x36xf32>) -> tensor<2x7x12xf32>
    %38 = stablehlo.reshape %35 : (tensor<2x7x12xf32>) -> tensor<2x7x3x4xf32>
    %39 = stablehlo.reshape %36 : (tensor<2x7x12xf32>) -> tensor<2x7x3x4xf32>
    %40 = stablehlo.reshape %37 : (tensor<2x7x12xf32>) -> tensor<2x7x3x4xf32>
    %41 = stablehlo.dot_general %38, %39, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x7x3x4xf32>, tensor<2x7x3x4xf32>) -> tensor<2x3x7x7xf32>
    %cst_5 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %42 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<2x3x7x7xf32>
    %43 = stablehlo.divide %41, %42 : tensor<2x3x7x7xf32>
    %c_6 = stablehlo.constant dense<true> : tensor<i1>
    %44 = stablehlo.broadcast_in_dim %c_6, dims = [] : (tensor<i1>) -> tensor<7x7xi1>
    %45 = call @tril(%44) : (tensor<7x7xi1>) -> tensor<7x7xi1>
    %cst_7 = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>
    %46:3 = call @_where_0(%45, %43, %cst_7) : (tensor<7x7xi1>, tensor<2x3x7x7xf32>, tensor<f32>) -> (tensor<2x3x7x7xf32>, tensor<2x3x7x7xi1>, tensor<2x3x7x7xf32>)
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %47 = stablehlo.reduce(%46#0 init: %cst_8) applies stablehlo.maximum across dimensions = [3] : (tensor<2x3x7x7xf32>, tensor<f32>) -> tensor<2x3x7xf32>
    %48 = stablehlo.reshape %47 : (tensor<2x3x7xf32>) -> tensor<2x3x7x1xf32>
    %49 = stablehlo.broadcast_in_dim %48, dims = [0, 1, 2, 3] : (tensor<2x3x7x1xf32>) -> tensor<2x3x7x7xf32>
    %50 = stablehlo.compare EQ, %46#0, %49, FLOAT : (tensor<2x3x7x7xf32>, tensor<2x3x7x7xf32>) -> tensor<2x3x7x7xi1>
    %51 = stablehlo.convert %50 : (tensor<2x3x7x7xi1>) -> tensor<2x3x7x7xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %52 = stablehlo.reduce(%51 init: %cst_9) applies stablehlo.add across dimensions = [3] : (tensor<2x3x7x7xf32>, tensor<f32>) -> tensor<2x3x7xf32>
    %cst_10 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<2x3x7xf32>
    %54 = stablehlo.maximum %53, %47 : tensor<2x3x7xf32>
    %55 = stablehlo.compare EQ, %47, %54, FLOAT : (tensor<2x3x7xf32>, tensor<2x3x7xf32>) -> tensor<2x3x7xi1>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<2x3x7xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<2x3x7xf32>
    %58 = stablehlo.select %55, %56, %57 : tensor<2x3x7xi1>, tensor<2x3x7xf32>
    %cst_13 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %59 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<2x3x7xf32>
    %60 = stablehlo.compare EQ, %59, %54, FLOAT : (tensor<2x3x7xf32>, tensor<2x3x7xf32>) -> tensor<2x3x7xi1>
    %cst_14 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %61 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<2x3x7xf32>
    %cst_15 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<2x3x7xf32>
    %63 = stablehlo.select %60, %61, %62 : tensor<2x3x7xi1>, tensor<2x3x7xf32>
    %64 = stablehlo.divide %58, %63 : tensor<2x3x7xf32>
    %65 = stablehlo.broadcast_in_dim %54, dims = [0, 1, 2] : (tensor<2x3x7xf32>) -> tensor<2x3x7x1xf32>
    %66 = stablehlo.broadcast_in_dim %65, dims = [0, 1, 2, 3] : (tensor<2x3x7x1xf32>) -> tensor<2x3x7x7xf32>
    %67 = stablehlo.subtract %46#0, %66 : tensor<2x3x7x7xf32>
    %68 = stablehlo.exponential %67 : tensor<2x3x7x7xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %69 = stablehlo.reduce(%68 init: %cst_16) applies stablehlo.add across dimensions = [3] : (tensor<2x3x7x7xf32>, tensor<f32>) -> tensor<2x3x7xf32>
    %70 = stablehlo.broadcast_in_dim %69, dims = [0, 1, 2] : (tensor<2x3x7xf32>) -> tensor<2x3x7x1xf32>
    %71 = stablehlo.broadcast_in_dim %70, dims = [0, 1, 2, 3] : (tensor<2x3x7x1xf32>) -> tensor<2x3x7x7xf32>
    %72 = stablehlo.divide %68, %71 : tensor<2x3x7x7xf32>
    %73 = stablehlo.multiply %70, %70 : tensor<2x3x7x1xf32>
    %cst_17 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %74 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<2x3x7x1xf32>
    %75 = stablehlo.divide %74, %73 : tensor<2x3x7x1xf32>
    %76 = stablehlo.dot_general %40, %72, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x7x3x4xf32>, tensor<2x3x7x7xf32>) -> tensor<2x3x4x7xf32>
    %77 = stablehlo.transpose %76, dims = [0, 3, 1, 2] : (tensor<2x3x4x7xf32>) -> tensor<2x7x3x4xf32>
    %78 = stablehlo.reshape %77 : (tensor<2x7x3x4xf32>) -> tensor<2x7x12xf32>
    %79 = stablehlo.dot_general %78, %arg13, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x7x12xf32>, tensor<12x12xf32>) -> tensor<2x7x12xf32>
    %80 = stablehlo.add %9, %79 : tensor<2x7x12xf32>
    %81 = stablehlo.broadcast_in_dim %arg12, dims = [2] : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %82 = stablehlo.broadcast_in_dim %81, dims = [0, 1, 2] : (tensor<1x1x12xf32>) -> tensor<2x7x12xf32>
    %83 = stablehlo.add %80, %82 : tensor<2x7x12xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %84 = stablehlo.reduce(%83 init: %cst_18) applies stablehlo.add across dimensions = [2] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<2x7xf32>
    %85 = stablehlo.broadcast_in_dim %84, dims = [0, 1] : (tensor<2x7xf32>) -> tensor<2x7x1xf32>
    %cst_19 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %86 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %87 = stablehlo.divide %85, %86 : tensor<2x7x1xf32>
    %c_20 = stablehlo.constant dense<0> : tensor<i32>
    %88:5 = call @_var(%83, %c_20) : (tensor<2x7x12xf32>, tensor<i32>) -> (tensor<2x7x1xf32>, tensor<2x7x12xf32>, tensor<f32>, tensor<i1>, tensor<2x7x1xf32>)
    %89 = stablehlo.broadcast_in_dim %87, dims = [0, 1, 2] : (tensor<2x7x1xf32>) -> tensor<2x7x12xf32>
    %90 = stablehlo.subtract %83, %89 : tensor<2x7x12xf32>
    %cst_21 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %91 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %92 = stablehlo.add %88#0, %91 : tensor<2x7x1xf32>
    %93 = stablehlo.rsqrt %92 : tensor<2x7x1xf32>
    %94 = stablehlo.divide %93, %92 : tensor<2x7x1xf32>
    %cst_22 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %95 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %96 = stablehlo.multiply %95, %94 : tensor<2x7x1xf32>
    %97 = stablehlo.broadcast_in_dim %93, dims = [0, 1, 2] : (tensor<2x7x1xf32>) -> tensor<2x7x12xf32>
    %98 = stablehlo.multiply %90, %97 : tensor<2x7x12xf32>
    %99 = stablehlo.broadcast_in_dim %arg7, dims = [2] : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %100 = stablehlo.broadcast_in_dim %99, dims = [0, 1, 2] : (tensor<1x1x12xf32>) -> tensor<2x7x12xf32>
    %101 = stablehlo.multiply %98, %100 : tensor<2x7x12xf32>
    %102 = stablehlo.broadcast_in_dim %arg6, dims = [2] : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %103 = stablehlo.broadcast_in_dim %102, dims = [0, 1, 2] : (tensor<1x1x12xf32>) -> tensor<2x7x12xf32>
    %104 = stablehlo.add %101, %103 : tensor<2x7x12xf32>
    %105 = stablehlo.dot_general %104, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x7x12xf32>, tensor<12x48xf32>) -> tensor<2x7x48xf32>
    %106 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<48xf32>) -> tensor<1x1x48xf32>
    %107 = stablehlo.broadcast_in_dim %106, dims = [0, 1, 2] : (tensor<1x1x48xf32>) -> tensor<2x7x48xf32>
    %108 = stablehlo.add %105, %107 : tensor<2x7x48xf32>
    %109 = stablehlo.multiply %108, %108 : tensor<2x7x48xf32>
    %110 = stablehlo.multiply %109, %108 : tensor<2x7x48xf32>
    %111 = stablehlo.multiply %108, %108 : tensor<2x7x48xf32>
    %cst_23 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %112 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<2x7x48xf32>
    %113 = stablehlo.multiply %112, %111 : tensor<2x7x48xf32>
    %cst_24 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %114 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<2x7x48xf32>
    %115 = stablehlo.multiply %114, %110 : tensor<2x7x48xf32>
    %116 = stablehlo.add %108, %115 : tensor<2x7x48xf32>
    %cst_25 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %117 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<2x7x48xf32>
    %118 = stablehlo.multiply %117, %116 : tensor<2x7x48xf32>
    %119 = stablehlo.tanh %118 : tensor<2x7x48xf32>
    %cst_26 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %120 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<2x7x48xf32>
    %121 = stablehlo.subtract %120, %119 : tensor<2x7x48xf32>
    %cst_27 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %122 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<2x7x48xf32>
    %123 = stablehlo.add %122, %119 : tensor<2x7x48xf32>
    %cst_28 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %124 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<2x7x48xf32>
    %125 = stablehlo.multiply %124, %123 : tensor<2x7x48xf32>
    %126 = stablehlo.multiply %108, %125 : tensor<2x7x48xf32>
    %127 = stablehlo.dot_general %126, %arg11, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x7x48xf32>, tensor<48x12xf32>) -> tensor<2x7x12xf32>
    %128 = stablehlo.add %83, %127 : tensor<2x7x12xf32>
    %129 = stablehlo.broadcast_in_dim %arg10, dims = [2] : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %130 = stablehlo.broadcast_in_dim %129, dims = [0, 1, 2] : (tensor<1x1x12xf32>) -> tensor<2x7x12xf32>
    %131 = stablehlo.add %128, %130 : tensor<2x7x12xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %132 = stablehlo.reduce(%131 init: %cst_29) applies stablehlo.add across dimensions = [2] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<2x7xf32>
    %133 = stablehlo.broadcast_in_dim %132, dims = [0, 1] : (tensor<2x7xf32>) -> tensor<2x7x1xf32>
    %cst_30 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %134 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %135 = stablehlo.divide %133, %134 : tensor<2x7x1xf32>
    %c_31 = stablehlo.constant dense<0> : tensor<i32>
    %136:5 = call @_var(%131, %c_31) : (tensor<2x7x12xf32>, tensor<i32>) -> (tensor<2x7x1xf32>, tensor<2x7x12xf32>, tensor<f32>, tensor<i1>, tensor<2x7x1xf32>)
    %137 = stablehlo.broadcast_in_dim %135, dims = [0, 1, 2] : (tensor<2x7x1xf32>) -> tensor<2x7x12xf32>
    %138 = stablehlo.subtract %131, %137 : tensor<2x7x12xf32>
    %cst_32 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %139 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %140 = stablehlo.add %136#0, %139 : tensor<2x7x1xf32>
    %141 = stablehlo.rsqrt %140 : tensor<2x7x1xf32>
    %142 = stablehlo.divide %141, %140 : tensor<2x7x1xf32>
    %cst_33 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %143 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %144 = stablehlo.multiply %143, %142 : tensor<2x7x1xf32>
    %145 = stablehlo.broadcast_in_dim %141, dims = [0, 1, 2] : (tensor<2x7x1xf32>) -> tensor<2x7x12xf32>
    %146 = stablehlo.multiply %138, %145 : tensor<2x7x12xf32>
    %147 = stablehlo.broadcast_in_dim %arg9, dims = [2] : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %148 = stablehlo.broadcast_in_dim %147, dims = [0, 1, 2] : (tensor<1x1x12xf32>) -> tensor<2x7x12xf32>
    %149 = stablehlo.multiply %146, %148 : tensor<2x7x12xf32>
    %150 = stablehlo.broadcast_in_dim %arg8, dims = [2] : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %151 = stablehlo.broadcast_in_dim %150, dims = [0, 1, 2] : (tensor<1x1x12xf32>) -> tensor<2x7x12xf32>
    %152 = stablehlo.add %149, %151 : tensor<2x7x12xf32>
    %153 = stablehlo.transpose %arg15, dims = [1, 0] : (tensor<13x12xf32>) -> tensor<12x13xf32>
    %154 = stablehlo.dot_general %152, %153, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x7x12xf32>, tensor<12x13xf32>) -> tensor<2x7x13xf32>
    %155:3 = call @log_softmax(%154) : (tensor<2x7x13xf32>) -> (tensor<2x7x13xf32>, tensor<2x7x13xf32>, tensor<2x7x1xf32>)
    %156 = stablehlo.broadcast_in_dim %arg17, dims = [0, 1] : (tensor<2x7xi32>) -> tensor<2x7x1xi32>
    %157:2 = call @take_along_axis(%155#0, %156) : (tensor<2x7x13xf32>, tensor<2x7x1xi32>) -> (tensor<2x7x1xf32>, tensor<2x7x1x1xi32>)
    %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %158 = stablehlo.reduce(%157#0 init: %cst_34) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<2x7x1xf32>, tensor<f32>) -> tensor<f32>
    %cst_35 = stablehlo.constant dense<1.400000e+01> : tensor<f32>
    %159 = stablehlo.divide %158, %cst_35 : tensor<f32>
    %160 = stablehlo.negate %159 : tensor<f32>
    %cst_36 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %161 = stablehlo.negate %cst_36 : tensor<f32>
    %cst_37 = stablehlo.constant dense<1.400000e+01> : tensor<f32>
    %162 = stablehlo.divide %161, %cst_37 : tensor<f32>
    %163 = stablehlo.broadcast_in_dim %162, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %164 = call @take_along_axis_1(%157#1, %163) : (tensor<2x7x1x1xi32>, tensor<2x7x1xf32>) -> tensor<2x7x13xf32>
    %165 = call @log_softmax_2(%155#1, %155#2, %164) : (tensor<2x7x13xf32>, tensor<2x7x1xf32>, tensor<2x7x13xf32>) -> tensor<2x7x13xf32>
    %166 = stablehlo.dot_general %165, %152, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x7x13xf32>, tensor<2x7x12xf32>) -> tensor<13x12xf32>
    %167 = stablehlo.transpose %166, dims = [1, 0] : (tensor<13x12xf32>) -> tensor<12x13xf32>
    %168 = stablehlo.dot_general %165, %153, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x7x13xf32>, tensor<12x13xf32>) -> tensor<2x7x12xf32>
    %169 = stablehlo.transpose %167, dims = [1, 0] : (tensor<12x13xf32>) -> tensor<13x12xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %170 = stablehlo.reduce(%168 init: %cst_38) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<12xf32>
    %171 = stablehlo.reshape %170 : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %172 = stablehlo.reduce(%171 init: %cst_39) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x12xf32>, tensor<f32>) -> tensor<12xf32>
    %173 = stablehlo.multiply %146, %168 : tensor<2x7x12xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %174 = stablehlo.reduce(%173 init: %cst_40) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<12xf32>
    %175 = stablehlo.reshape %174 : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %176 = stablehlo.broadcast_in_dim %147, dims = [0, 1, 2] : (tensor<1x1x12xf32>) -> tensor<2x7x12xf32>
    %177 = stablehlo.multiply %168, %176 : tensor<2x7x12xf32>
    %cst_41 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %178 = stablehlo.reduce(%175 init: %cst_41) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x12xf32>, tensor<f32>) -> tensor<12xf32>
    %179 = stablehlo.multiply %138, %177 : tensor<2x7x12xf32>
    %cst_42 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %180 = stablehlo.reduce(%179 init: %cst_42) applies stablehlo.add across dimensions = [2] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<2x7xf32>
    %181 = stablehlo.reshape %180 : (tensor<2x7xf32>) -> tensor<2x7x1xf32>
    %182 = stablehlo.broadcast_in_dim %141, dims = [0, 1, 2] : (tensor<2x7x1xf32>) -> tensor<2x7x12xf32>
    %183 = stablehlo.multiply %177, %182 : tensor<2x7x12xf32>
    %184 = stablehlo.multiply %181, %144 : tensor<2x7x1xf32>
    %185 = stablehlo.negate %183 : tensor<2x7x12xf32>
    %cst_43 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %186 = stablehlo.reduce(%185 init: %cst_43) applies stablehlo.add across dimensions = [2] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<2x7xf32>
    %187 = stablehlo.reshape %186 : (tensor<2x7xf32>) -> tensor<2x7x1xf32>
    %188 = call @_var_3(%136#1, %136#2, %136#3, %136#4, %184) : (tensor<2x7x12xf32>, tensor<f32>, tensor<i1>, tensor<2x7x1xf32>, tensor<2x7x1xf32>) -> tensor<2x7x12xf32>
    %189 = stablehlo.add %183, %188 : tensor<2x7x12xf32>
    %cst_44 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %190 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %191 = stablehlo.divide %187, %190 : tensor<2x7x1xf32>
    %cst_45 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %192 = stablehlo.reduce(%191 init: %cst_45) applies stablehlo.add across dimensions = [2] : (tensor<2x7x1xf32>, tensor<f32>) -> tensor<2x7xf32>
    %193 = stablehlo.broadcast_in_dim %192, dims = [0, 1] : (tensor<2x7xf32>) -> tensor<2x7x12xf32>
    %194 = stablehlo.add %189, %193 : tensor<2x7x12xf32>
    %cst_46 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %195 = stablehlo.reduce(%194 init: %cst_46) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<12xf32>
    %196 = stablehlo.reshape %195 : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %cst_47 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %197 = stablehlo.reduce(%196 init: %cst_47) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x12xf32>, tensor<f32>) -> tensor<12xf32>
    %198 = stablehlo.dot_general %194, %126, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x7x12xf32>, tensor<2x7x48xf32>) -> tensor<12x48xf32>
    %199 = stablehlo.transpose %198, dims = [1, 0] : (tensor<12x48xf32>) -> tensor<48x12xf32>
    %200 = stablehlo.dot_general %194, %arg11, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x7x12xf32>, tensor<48x12xf32>) -> tensor<2x7x48xf32>
    %201 = stablehlo.multiply %108, %200 : tensor<2x7x48xf32>
    %202 = stablehlo.multiply %200, %125 : tensor<2x7x48xf32>
    %cst_48 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %203 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<2x7x48xf32>
    %204 = stablehlo.multiply %203, %201 : tensor<2x7x48xf32>
    %205 = stablehlo.multiply %204, %121 : tensor<2x7x48xf32>
    %206 = stablehlo.multiply %205, %119 : tensor<2x7x48xf32>
    %207 = stablehlo.add %205, %206 : tensor<2x7x48xf32>
    %cst_49 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %208 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<2x7x48xf32>
    %209 = stablehlo.multiply %208, %207 : tensor<2x7x48xf32>
    %210 = stablehlo.add %202, %209 : tensor<2x7x48xf32>
    %cst_50 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %211 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<2x7x48xf32>
    %212 = stablehlo.multiply %211, %209 : tensor<2x7x48xf32>
    %213 = stablehlo.multiply %212, %113 : tensor<2x7x48xf32>
    %214 = stablehlo.add %210, %213 : tensor<2x7x48xf32>
    %cst_51 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %215 = stablehlo.reduce(%214 init: %cst_51) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x7x48xf32>, tensor<f32>) -> tensor<48xf32>
    %216 = stablehlo.reshape %215 : (tensor<48xf32>) -> tensor<1x1x48xf32>
    %cst_52 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %217 = stablehlo.reduce(%216 init: %cst_52) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x48xf32>, tensor<f32>) -> tensor<48xf32>
    %218 = stablehlo.dot_general %214, %104, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x7x48xf32>, tensor<2x7x12xf32>) -> tensor<48x12xf32>
    %219 = stablehlo.transpose %218, dims = [1, 0] : (tensor<48x12xf32>) -> tensor<12x48xf32>
    %220 = stablehlo.dot_general %214, %arg3, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x7x48xf32>, tensor<12x48xf32>) -> tensor<2x7x12xf32>
    %cst_53 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %221 = stablehlo.reduce(%220 init: %cst_53) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<12xf32>
    %222 = stablehlo.reshape %221 : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %cst_54 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %223 = stablehlo.reduce(%222 init: %cst_54) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x12xf32>, tensor<f32>) -> tensor<12xf32>
    %224 = stablehlo.multiply %98, %220 : tensor<2x7x12xf32>
    %cst_55 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %225 = stablehlo.reduce(%224 init: %cst_55) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<12xf32>
    %226 = stablehlo.reshape %225 : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %227 = stablehlo.broadcast_in_dim %99, dims = [0, 1, 2] : (tensor<1x1x12xf32>) -> tensor<2x7x12xf32>
    %228 = stablehlo.multiply %220, %227 : tensor<2x7x12xf32>
    %cst_56 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %229 = stablehlo.reduce(%226 init: %cst_56) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x12xf32>, tensor<f32>) -> tensor<12xf32>
    %230 = stablehlo.multiply %90, %228 : tensor<2x7x12xf32>
    %cst_57 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %231 = stablehlo.reduce(%230 init: %cst_57) applies stablehlo.add across dimensions = [2] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<2x7xf32>
    %232 = stablehlo.reshape %231 : (tensor<2x7xf32>) -> tensor<2x7x1xf32>
    %233 = stablehlo.broadcast_in_dim %93, dims = [0, 1, 2] : (tensor<2x7x1xf32>) -> tensor<2x7x12xf32>
    %234 = stablehlo.multiply %228, %233 : tensor<2x7x12xf32>
    %235 = stablehlo.multiply %232, %96 : tensor<2x7x1xf32>
    %236 = stablehlo.negate %234 : tensor<2x7x12xf32>
    %cst_58 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %237 = stablehlo.reduce(%236 init: %cst_58) applies stablehlo.add across dimensions = [2] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<2x7xf32>
    %238 = stablehlo.reshape %237 : (tensor<2x7xf32>) -> tensor<2x7x1xf32>
    %239 = stablehlo.add %194, %234 : tensor<2x7x12xf32>
    %240 = call @_var_3(%88#1, %88#2, %88#3, %88#4, %235) : (tensor<2x7x12xf32>, tensor<f32>, tensor<i1>, tensor<2x7x1xf32>, tensor<2x7x1xf32>) -> tensor<2x7x12xf32>
    %241 = stablehlo.add %239, %240 : tensor<2x7x12xf32>
    %cst_59 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %242 = stablehlo.broadcast_in_dim %cst_59, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %243 = stablehlo.divide %238, %242 : tensor<2x7x1xf32>
    %cst_60 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %244 = stablehlo.reduce(%243 init: %cst_60) applies stablehlo.add across dimensions = [2] : (tensor<2x7x1xf32>, tensor<f32>) -> tensor<2x7xf32>
    %245 = stablehlo.broadcast_in_dim %244, dims = [0, 1] : (tensor<2x7xf32>) -> tensor<2x7x12xf32>
    %246 = stablehlo.add %241, %245 : tensor<2x7x12xf32>
    %cst_61 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %247 = stablehlo.reduce(%246 init: %cst_61) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<12xf32>
    %248 = stablehlo.reshape %247 : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %cst_62 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %249 = stablehlo.reduce(%248 init: %cst_62) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x12xf32>, tensor<f32>) -> tensor<12xf32>
    %250 = stablehlo.dot_general %246, %78, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x7x12xf32>, tensor<2x7x12xf32>) -> tensor<12x12xf32>
    %251 = stablehlo.transpose %250, dims = [1, 0] : (tensor<12x12xf32>) -> tensor<12x12xf32>
    %252 = stablehlo.dot_general %246, %arg13, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x7x12xf32>, tensor<12x12xf32>) -> tensor<2x7x12xf32>
    %253 = stablehlo.reshape %252 : (tensor<2x7x12xf32>) -> tensor<2x7x3x4xf32>
    %254 = stablehlo.transpose %253, dims = [0, 2, 3, 1] : (tensor<2x7x3x4xf32>) -> tensor<2x3x4x7xf32>
    %255 = stablehlo.dot_general %254, %40, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x3x4x7xf32>, tensor<2x7x3x4xf32>) -> tensor<2x3x7x7xf32>
    %256 = stablehlo.dot_general %254, %72, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2], precision = [DEFAULT, DEFAULT] : (tensor<2x3x4x7xf32>, tensor<2x3x7x7xf32>) -> tensor<2x3x4x7xf32>
    %257 = stablehlo.transpose %256, dims = [0, 3, 1, 2] : (tensor<2x3x4x7xf32>) -> tensor<2x7x3x4xf32>
    %258 = stablehlo.broadcast_in_dim %75, dims = [0, 1, 2, 3] : (tensor<2x3x7x1xf32>) -> tensor<2x3x7x7xf32>
    %259 = stablehlo.multiply %255, %258 : tensor<2x3x7x7xf32>
    %260 = stablehlo.multiply %259, %68 : tensor<2x3x7x7xf32>
    %cst_63 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %261 = stablehlo.reduce(%260 init: %cst_63) applies stablehlo.add across dimensions = [3] : (tensor<2x3x7x7xf32>, tensor<f32>) -> tensor<2x3x7xf32>
    %262 = stablehlo.reshape %261 : (tensor<2x3x7xf32>) -> tensor<2x3x7x1xf32>
    %263 = stablehlo.negate %262 : tensor<2x3x7x1xf32>
    %264 = stablehlo.broadcast_in_dim %70, dims = [0, 1, 2, 3] : (tensor<2x3x7x1xf32>) -> tensor<2x3x7x7xf32>
    %265 = stablehlo.divide %255, %264 : tensor<2x3x7x7xf32>
    %cst_64 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %266 = stablehlo.reduce(%263 init: %cst_64) applies stablehlo.add across dimensions = [3] : (tensor<2x3x7x1xf32>, tensor<f32>) -> tensor<2x3x7xf32>
    %267 = stablehlo.broadcast_in_dim %266, dims = [0, 1, 2] : (tensor<2x3x7xf32>) -> tensor<2x3x7x7xf32>
    %268 = stablehlo.add %265, %267 : tensor<2x3x7x7xf32>
    %269 = stablehlo.multiply %268, %68 : tensor<2x3x7x7xf32>
    %270 = call @_where_5(%46#1, %46#2, %269) : (tensor<2x3x7x7xi1>, tensor<2x3x7x7xf32>, tensor<2x3x7x7xf32>) -> tensor<2x3x7x7xf32>
    %cst_65 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %271 = stablehlo.broadcast_in_dim %cst_65, dims = [] : (tensor<f32>) -> tensor<2x3x7x7xf32>
    %272 = stablehlo.divide %270, %271 : tensor<2x3x7x7xf32>
    %273 = stablehlo.dot_general %272, %38, batching_dims = [0, 1] x [0, 2], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x3x7x7xf32>, tensor<2x7x3x4xf32>) -> tensor<2x3x7x4xf32>
    %274 = stablehlo.transpose %273, dims = [0, 2, 1, 3] : (tensor<2x3x7x4xf32>) -> tensor<2x7x3x4xf32>
    %275 = stablehlo.dot_general %272, %39, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x3x7x7xf32>, tensor<2x7x3x4xf32>) -> tensor<2x3x7x4xf32>
    %276 = stablehlo.transpose %275, dims = [0, 2, 1, 3] : (tensor<2x3x7x4xf32>) -> tensor<2x7x3x4xf32>
    %277 = stablehlo.reshape %257 : (tensor<2x7x3x4xf32>) -> tensor<2x7x12xf32>
    %278 = stablehlo.reshape %274 : (tensor<2x7x3x4xf32>) -> tensor<2x7x12xf32>
    %279 = stablehlo.reshape %276 : (tensor<2x7x3x4xf32>) -> tensor<2x7x12xf32>
    %280 = stablehlo.concatenate %279, %278, %277, dim = 2 : (tensor<2x7x12xf32>, tensor<2x7x12xf32>, tensor<2x7x12xf32>) -> tensor<2x7x36xf32>
    %cst_66 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %281 = stablehlo.reduce(%280 init: %cst_66) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x7x36xf32>, tensor<f32>) -> tensor<36xf32>
    %282 = stablehlo.reshape %281 : (tensor<36xf32>) -> tensor<1x1x36xf32>
    %cst_67 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %283 = stablehlo.reduce(%282 init: %cst_67) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x36xf32>, tensor<f32>) -> tensor<36xf32>
    %284 = stablehlo.dot_general %280, %30, contracting_dims = [0, 1] x [0, 1], precision = [DEFAULT, DEFAULT] : (tensor<2x7x36xf32>, tensor<2x7x12xf32>) -> tensor<36x12xf32>
    %285 = stablehlo.transpose %284, dims = [1, 0] : (tensor<36x12xf32>) -> tensor<12x36xf32>
    %286 = stablehlo.dot_general %280, %arg1, contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x7x36xf32>, tensor<12x36xf32>) -> tensor<2x7x12xf32>
    %cst_68 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %287 = stablehlo.reduce(%286 init: %cst_68) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<12xf32>
    %288 = stablehlo.reshape %287 : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %cst_69 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %289 = stablehlo.reduce(%288 init: %cst_69) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x12xf32>, tensor<f32>) -> tensor<12xf32>
    %290 = stablehlo.multiply %24, %286 : tensor<2x7x12xf32>
    %cst_70 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %291 = stablehlo.reduce(%290 init: %cst_70) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<12xf32>
    %292 = stablehlo.reshape %291 : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %293 = stablehlo.broadcast_in_dim %25, dims = [0, 1, 2] : (tensor<1x1x12xf32>) -> tensor<2x7x12xf32>
    %294 = stablehlo.multiply %286, %293 : tensor<2x7x12xf32>
    %cst_71 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %295 = stablehlo.reduce(%292 init: %cst_71) applies stablehlo.add across dimensions = [0, 1] : (tensor<1x1x12xf32>, tensor<f32>) -> tensor<12xf32>
    %296 = stablehlo.multiply %16, %294 : tensor<2x7x12xf32>
    %cst_72 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %297 = stablehlo.reduce(%296 init: %cst_72) applies stablehlo.add across dimensions = [2] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<2x7xf32>
    %298 = stablehlo.reshape %297 : (tensor<2x7xf32>) -> tensor<2x7x1xf32>
    %299 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2] : (tensor<2x7x1xf32>) -> tensor<2x7x12xf32>
    %300 = stablehlo.multiply %294, %299 : tensor<2x7x12xf32>
    %301 = stablehlo.multiply %298, %22 : tensor<2x7x1xf32>
    %302 = stablehlo.negate %300 : tensor<2x7x12xf32>
    %cst_73 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %303 = stablehlo.reduce(%302 init: %cst_73) applies stablehlo.add across dimensions = [2] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<2x7xf32>
    %304 = stablehlo.reshape %303 : (tensor<2x7xf32>) -> tensor<2x7x1xf32>
    %305 = stablehlo.add %246, %300 : tensor<2x7x12xf32>
    %306 = call @_var_3(%14#1, %14#2, %14#3, %14#4, %301) : (tensor<2x7x12xf32>, tensor<f32>, tensor<i1>, tensor<2x7x1xf32>, tensor<2x7x1xf32>) -> tensor<2x7x12xf32>
    %307 = stablehlo.add %305, %306 : tensor<2x7x12xf32>
    %cst_74 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %308 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %309 = stablehlo.divide %304, %308 : tensor<2x7x1xf32>
    %cst_75 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %310 = stablehlo.reduce(%309 init: %cst_75) applies stablehlo.add across dimensions = [2] : (tensor<2x7x1xf32>, tensor<f32>) -> tensor<2x7xf32>
    %311 = stablehlo.broadcast_in_dim %310, dims = [0, 1] : (tensor<2x7xf32>) -> tensor<2x7x12xf32>
    %312 = stablehlo.add %307, %311 : tensor<2x7x12xf32>
    %cst_76 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %313 = stablehlo.reduce(%312 init: %cst_76) applies stablehlo.add across dimensions = [0] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<7x12xf32>
    %314 = stablehlo.reshape %313 : (tensor<7x12xf32>) -> tensor<1x7x12xf32>
    %cst_77 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %315 = stablehlo.reduce(%314 init: %cst_77) applies stablehlo.add across dimensions = [0] : (tensor<1x7x12xf32>, tensor<f32>) -> tensor<7x12xf32>
    %cst_78 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %316 = stablehlo.broadcast_in_dim %cst_78, dims = [] : (tensor<f32>) -> tensor<13x12xf32>
    %317 = "stablehlo.scatter"(%316, %5, %312) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [2], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 2>, unique_indices = false}> ({
    ^bb0(%arg18: tensor<f32>, %arg19: tensor<f32>):
      %367 = stablehlo.add %arg18, %arg19 : tensor<f32>
      stablehlo.return %367 : tensor<f32>
    }) : (tensor<13x12xf32>, tensor<2x7x1xi32>, tensor<2x7x12xf32>) -> tensor<13x12xf32>
    %318 = stablehlo.add %169, %317 : tensor<13x12xf32>
    %cst_79 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %319 = stablehlo.broadcast_in_dim %cst_79, dims = [] : (tensor<f32>) -> tensor<36xf32>
    %320 = stablehlo.multiply %319, %283 : tensor<36xf32>
    %321 = stablehlo.subtract %arg0, %320 : tensor<36xf32>
    %cst_80 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %322 = stablehlo.broadcast_in_dim %cst_80, dims = [] : (tensor<f32>) -> tensor<12x36xf32>
    %323 = stablehlo.multiply %322, %285 : tensor<12x36xf32>
    %324 = stablehlo.subtract %arg1, %323 : tensor<12x36xf32>
    %cst_81 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %325 = stablehlo.broadcast_in_dim %cst_81, dims = [] : (tensor<f32>) -> tensor<48xf32>
    %326 = stablehlo.multiply %325, %217 : tensor<48xf32>
    %327 = stablehlo.subtract %arg2, %326 : tensor<48xf32>
    %cst_82 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %328 = stablehlo.broadcast_in_dim %cst_82, dims = [] : (tensor<f32>) -> tensor<12x48xf32>
    %329 = stablehlo.multiply %328, %219 : tensor<12x48xf32>
    %330 = stablehlo.subtract %arg3, %329 : tensor<12x48xf32>
    %cst_83 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %331 = stablehlo.broadcast_in_dim %cst_83, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %332 = stablehlo.multiply %331, %289 : tensor<12xf32>
    %333 = stablehlo.subtract %arg4, %332 : tensor<12xf32>
    %cst_84 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %334 = stablehlo.broadcast_in_dim %cst_84, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %335 = stablehlo.multiply %334, %295 : tensor<12xf32>
    %336 = stablehlo.subtract %arg5, %335 : tensor<12xf32>
    %cst_85 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %337 = stablehlo.broadcast_in_dim %cst_85, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %338 = stablehlo.multiply %337, %223 : tensor<12xf32>
    %339 = stablehlo.subtract %arg6, %338 : tensor<12xf32>
    %cst_86 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %340 = stablehlo.broadcast_in_dim %cst_86, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %341 = stablehlo.multiply %340, %229 : tensor<12xf32>
    %342 = stablehlo.subtract %arg7, %341 : tensor<12xf32>
    %cst_87 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %343 = stablehlo.broadcast_in_dim %cst_87, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %344 = stablehlo.multiply %343, %172 : tensor<12xf32>
    %345 = stablehlo.subtract %arg8, %344 : tensor<12xf32>
    %cst_88 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %346 = stablehlo.broadcast_in_dim %cst_88, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %347 = stablehlo.multiply %346, %178 : tensor<12xf32>
    %348 = stablehlo.subtract %arg9, %347 : tensor<12xf32>
    %cst_89 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %349 = stablehlo.broadcast_in_dim %cst_89, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %350 = stablehlo.multiply %349, %197 : tensor<12xf32>
    %351 = stablehlo.subtract %arg10, %350 : tensor<12xf32>
    %cst_90 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %352 = stablehlo.broadcast_in_dim %cst_90, dims = [] : (tensor<f32>) -> tensor<48x12xf32>
    %353 = stablehlo.multiply %352, %199 : tensor<48x12xf32>
    %354 = stablehlo.subtract %arg11, %353 : tensor<48x12xf32>
    %cst_91 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %355 = stablehlo.broadcast_in_dim %cst_91, dims = [] : (tensor<f32>) -> tensor<12xf32>
    %356 = stablehlo.multiply %355, %249 : tensor<12xf32>
    %357 = stablehlo.subtract %arg12, %356 : tensor<12xf32>
    %cst_92 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %358 = stablehlo.broadcast_in_dim %cst_92, dims = [] : (tensor<f32>) -> tensor<12x12xf32>
    %359 = stablehlo.multiply %358, %251 : tensor<12x12xf32>
    %360 = stablehlo.subtract %arg13, %359 : tensor<12x12xf32>
    %cst_93 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %361 = stablehlo.broadcast_in_dim %cst_93, dims = [] : (tensor<f32>) -> tensor<7x12xf32>
    %362 = stablehlo.multiply %361, %315 : tensor<7x12xf32>
    %363 = stablehlo.subtract %arg14, %362 : tensor<7x12xf32>
    %cst_94 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %364 = stablehlo.broadcast_in_dim %cst_94, dims = [] : (tensor<f32>) -> tensor<13x12xf32>
    %365 = stablehlo.multiply %364, %318 : tensor<13x12xf32>
    %366 = stablehlo.subtract %arg15, %365 : tensor<13x12xf32>
    return %160, %321, %324, %327, %330, %333, %336, %339, %342, %345, %348, %351, %354, %357, %360, %363, %366 : tensor<f32>, tensor<36xf32>, tensor<12x36xf32>, tensor<48xf32>, tensor<12x48xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<12xf32>, tensor<48x12xf32>, tensor<12xf32>, tensor<12x12xf32>, tensor<7x12xf32>, tensor<13x12xf32>
  }
  func.func private @_var(%arg0: tensor<2x7x12xf32>, %arg1: tensor<i32>) -> (tensor<2x7x1xf32>, tensor<2x7x12xf32>, tensor<f32>, tensor<i1>, tensor<2x7x1xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<2x7xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<2x7xf32>) -> tensor<2x7x1xf32>
    %cst_0 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2x7x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x7x1xf32>) -> tensor<2x7x12xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x7x12xf32>
    %6 = chlo.square %5 : tensor<2x7x12xf32> -> tensor<2x7x12xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x7x12xf32>
    %8 = stablehlo.multiply %7, %5 : tensor<2x7x12xf32>
    %9 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %10 = stablehlo.subtract %cst_2, %9 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%6 init: %cst_3) applies stablehlo.add across dimensions = [2] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<2x7xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<2x7xf32>) -> tensor<2x7x1xf32>
    %13 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %14 = stablehlo.divide %12, %13 : tensor<2x7x1xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.compare GT, %10, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %16:2 = call @_where(%15, %14, %cst_5) : (tensor<i1>, tensor<2x7x1xf32>, tensor<f32>) -> (tensor<2x7x1xf32>, tensor<2x7x1xf32>)
    return %16#0, %8, %10, %15, %16#1 : tensor<2x7x1xf32>, tensor<2x7x12xf32>, tensor<f32>, tensor<i1>, tensor<2x7x1xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<2x7x1xf32>, %arg2: tensor<f32>) -> (tensor<2x7x1xf32>, tensor<2x7x1xf32>) {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<2x7x1xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    return %2, %3 : tensor<2x7x1xf32>, tensor<2x7x1xf32>
  }
  func.func private @tril(%arg0: tensor<7x7xi1>) -> tensor<7x7xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<7x7xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<7x7xi32>
    %2 = stablehlo.add %0, %1 : tensor<7x7xi32>
    %3 = stablehlo.iota dim = 1 : tensor<7x7xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<7x7xi32>, tensor<7x7xi32>) -> tensor<7x7xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<7x7xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<7x7xi1>, tensor<7x7xi1>
    return %6 : tensor<7x7xi1>
  }
  func.func private @_where_0(%arg0: tensor<7x7xi1>, %arg1: tensor<2x3x7x7xf32>, %arg2: tensor<f32>) -> (tensor<2x3x7x7xf32>, tensor<2x3x7x7xi1>, tensor<2x3x7x7xf32>) {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<7x7xi1>) -> tensor<2x3x7x7xi1>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2x3x7x7xf32>
    %2 = stablehlo.select %0, %arg1, %1 : tensor<2x3x7x7xi1>, tensor<2x3x7x7xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x3x7x7xf32>
    return %2, %0, %3 : tensor<2x3x7x7xf32>, tensor<2x3x7x7xi1>, tensor<2x3x7x7xf32>
  }
  func.func private @log_softmax(%arg0: tensor<2x7x13xf32>) -> (tensor<2x7x13xf32>, tensor<2x7x13xf32>, tensor<2x7x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [2] : (tensor<2x7x13xf32>, tensor<f32>) -> tensor<2x7xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x7xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<2x7xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0, 1] : (tensor<2x7xf32>) -> tensor<2x7x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x7x1xf32>) -> tensor<2x7x13xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x7x13xf32>
    %6 = stablehlo.exponential %5 : tensor<2x7x13xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [2] : (tensor<2x7x13xf32>, tensor<f32>) -> tensor<2x7xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1] : (tensor<2x7xf32>) -> tensor<2x7x1xf32>
    %9 = stablehlo.log %8 : tensor<2x7x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<2x7x1xf32>) -> tensor<2x7x13xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<2x7x13xf32>
    return %11, %6, %8 : tensor<2x7x13xf32>, tensor<2x7x13xf32>, tensor<2x7x1xf32>
  }
  func.func private @take_along_axis(%arg0: tensor<2x7x13xf32>, %arg1: tensor<2x7x1xi32>) -> (tensor<2x7x1xf32>, tensor<2x7x1x1xi32>) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x7x1xi32>
    %1 = stablehlo.compare LT, %arg1, %0, SIGNED : (tensor<2x7x1xi32>, tensor<2x7x1xi32>) -> tensor<2x7x1xi1>
    %c_0 = stablehlo.constant dense<13> : tensor<i32>
    %2 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i32>) -> tensor<2x7x1xi32>
    %3 = stablehlo.add %arg1, %2 : tensor<2x7x1xi32>
    %4 = stablehlo.select %1, %3, %arg1 : tensor<2x7x1xi1>, tensor<2x7x1xi32>
    %5 = stablehlo.reshape %4 : (tensor<2x7x1xi32>) -> tensor<2x7x1x1xi32>
    %c_1 = stablehlo.constant dense<12> : tensor<1xi32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %6 = stablehlo.broadcast_in_dim %c_2, dims = [] : (tensor<i32>) -> tensor<2x7x1x1xi32>
    %7 = stablehlo.compare GE, %5, %6, SIGNED : (tensor<2x7x1x1xi32>, tensor<2x7x1x1xi32>) -> tensor<2x7x1x1xi1>
    %8 = stablehlo.broadcast_in_dim %c_1, dims = [3] : (tensor<1xi32>) -> tensor<1x1x1x1xi32>
    %9 = stablehlo.broadcast_in_dim %8, dims = [0, 1, 2, 3] : (tensor<1x1x1x1xi32>) -> tensor<2x7x1x1xi32>
    %10 = stablehlo.compare LE, %5, %9, SIGNED : (tensor<2x7x1x1xi32>, tensor<2x7x1x1xi32>) -> tensor<2x7x1x1xi1>
    %11 = stablehlo.and %7, %10 : tensor<2x7x1x1xi1>
    %c_3 = stablehlo.constant dense<true> : tensor<i1>
    %12 = stablehlo.reduce(%11 init: %c_3) applies stablehlo.and across dimensions = [3] : (tensor<2x7x1x1xi1>, tensor<i1>) -> tensor<2x7x1xi1>
    %13 = "stablehlo.gather"(%arg0, %5) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [2], operand_batching_dims = [0, 1], start_indices_batching_dims = [0, 1], start_index_map = [2], index_vector_dim = 3>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 1>}> : (tensor<2x7x13xf32>, tensor<2x7x1x1xi32>) -> tensor<2x7x1xf32>
    %cst = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %15 = stablehlo.select %12, %13, %14 : tensor<2x7x1xi1>, tensor<2x7x1xf32>
    return %15, %5 : tensor<2x7x1xf32>, tensor<2x7x1x1xi32>
  }
  func.func private @take_along_axis_1(%arg0: tensor<2x7x1x1xi32>, %arg1: tensor<2x7x1xf32>) -> tensor<2x7x13xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x7x13xf32>
    %1 = "stablehlo.scatter"(%0, %arg0, %arg1) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<inserted_window_dims = [2], input_batching_dims = [0, 1], scatter_indices_batching_dims = [0, 1], scatter_dims_to_operand_dims = [2], index_vector_dim = 3>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %2 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<2x7x13xf32>, tensor<2x7x1x1xi32>, tensor<2x7x1xf32>) -> tensor<2x7x13xf32>
    return %1 : tensor<2x7x13xf32>
  }
  func.func private @log_softmax_2(%arg0: tensor<2x7x13xf32>, %arg1: tensor<2x7x1xf32>, %arg2: tensor<2x7x13xf32>) -> tensor<2x7x13xf32> {
    %0 = stablehlo.negate %arg2 : tensor<2x7x13xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x7x13xf32>, tensor<f32>) -> tensor<2x7xf32>
    %2 = stablehlo.reshape %1 : (tensor<2x7xf32>) -> tensor<2x7x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<2x7x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<2x7x1xf32>, tensor<f32>) -> tensor<2x7xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0, 1] : (tensor<2x7xf32>) -> tensor<2x7x13xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<2x7x13xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<2x7x13xf32>
    return %7 : tensor<2x7x13xf32>
  }
  func.func private @_var_3(%arg0: tensor<2x7x12xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>, %arg3: tensor<2x7x1xf32>, %arg4: tensor<2x7x1xf32>) -> tensor<2x7x12xf32> {
    %0 = call @_where_4(%arg2, %arg3, %arg4) : (tensor<i1>, tensor<2x7x1xf32>, tensor<2x7x1xf32>) -> tensor<2x7x1xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %2 = stablehlo.divide %0, %1 : tensor<2x7x1xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.reduce(%2 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x7x1xf32>, tensor<f32>) -> tensor<2x7xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<2x7xf32>) -> tensor<2x7x12xf32>
    %5 = stablehlo.multiply %4, %arg0 : tensor<2x7x12xf32>
    %6 = stablehlo.negate %5 : tensor<2x7x12xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_0) applies stablehlo.add across dimensions = [2] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<2x7xf32>
    %8 = stablehlo.reshape %7 : (tensor<2x7xf32>) -> tensor<2x7x1xf32>
    %cst_1 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %9 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %10 = stablehlo.divide %8, %9 : tensor<2x7x1xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%10 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<2x7x1xf32>, tensor<f32>) -> tensor<2x7xf32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<2x7xf32>) -> tensor<2x7x12xf32>
    %13 = stablehlo.add %5, %12 : tensor<2x7x12xf32>
    return %13 : tensor<2x7x12xf32>
  }
  func.func private @_where_4(%arg0: tensor<i1>, %arg1: tensor<2x7x1xf32>, %arg2: tensor<2x7x1xf32>) -> tensor<2x7x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %1 = stablehlo.select %arg0, %arg2, %0 : tensor<i1>, tensor<2x7x1xf32>
    return %1 : tensor<2x7x1xf32>
  }
  func.func private @_where_5(%arg0: tensor<2x3x7x7xi1>, %arg1: tensor<2x3x7x7xf32>, %arg2: tensor<2x3x7x7xf32>) -> tensor<2x3x7x7xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x3x7x7xf32>
    %1 = stablehlo.select %arg0, %arg2, %0 : tensor<2x3x7x7xi1>, tensor<2x3x7x7xf32>
    return %1 : tensor<2x3x7x7xf32>
  }
}
