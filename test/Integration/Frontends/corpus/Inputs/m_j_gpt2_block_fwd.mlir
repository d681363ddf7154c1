// m_j_gpt2_block_fwd: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_gpt2_logits attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<36xf32>, %arg1: tensor<12x36xf32>, %arg2: tensor<48xf32>, %arg3: tensor<12x48xf32>, %arg4: tensor<12xf32>, %arg5: tensor<12xf32>, %arg6: tensor<12xf32>, %arg7: tensor<12xf32>, %arg8: tensor<12xf32>, %arg9: tensor<12xf32>, %arg10: tensor<12xf32>, %arg11: tensor<48x12xf32>, %arg12: tensor<12xf32>, %arg13: tensor<12x12xf32>, %arg14: tensor<7x12xf32>, %arg15: tensor<13x12xf32>, %arg16: tensor<2x7xi32>) -> (tensor<2x7x13xf32> {jax.result_info = "result"}) {
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
    %14 = call @_var(%9, %c_2) : (tensor<2x7x12xf32>, tensor<i32>) -> tensor<2x7x1xf32>
    %15 = stablehlo.broadcast_in_dim %13, dims = [0, 1, 2] : (tensor<2x7x1xf32>) -> tensor<2x7x12xf32>
    %16 = stablehlo.subtract %9, %15 : tensor<2x7x12xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %18 = stablehlo.add %14, %17 : tensor<2x7x1xf32>
    %19 = stablehlo.rsqrt %18 : tensor<2x7x1xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2] : (tensor<2x7x1xf32>) -> tensor<2x7x12xf32>
    %21 = stablehlo.multiply %16, %20 : tensor<2x7x12xf32>
    %22 = stablehlo.broadcast_in_dim %arg5, dims = [2] : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2] : (tensor<1x1x12xf32>) -> tensor<2x7x12xf32>
    %24 = stablehlo.multiply %21, %23 : tensor<2x7x12xf32>
    %25 = stablehlo.broadcast_in_dim %arg4, dims = [2] : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [0, 1, 2] : (tensor<1x1x12xf32>) -> tensor<2x7x12xf32>
    %27 = stablehlo.add %24, %26 : tensor<2x7x12xf32>
    %28 = stablehlo.dot_general %27, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x7x12xf32>, tensor<12x36xf32>) -> tensor<2x7x36xf32>
    %29 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<36xf32>) -> tensor<1x1x36xf32>
    %30 = stablehlo.broadcast_in_dim %29, dims = [0, 1, 2] : (tensor<1x1x36xf32>) -> tensor<2x7x36xf32>
    %31 = stablehlo.add %28, %30 : tensor<2x7x36xf32>
    %32 = stablehlo.slice %31 [0:2, 0:7, 0:12] : (tensor<2x7x36xf32>) -> tensor<2x7x12xf32>
    %33 = stablehlo.slice %31 [0:2, 0:7, 12:24] : (tensor<2x7x36xf32>) -> tensor<2x7x12xf32>
    %34 = stablehlo.slice %31 [0:2, 0:7, 24:36] : (tensor<2x7x36xf32>) -> tensor<2x7x12xf32>
    %35 = stablehlo.reshape %32 : (tensor<2x7x12xf32>) -> tensor<2x7x3x4xf32>
    %36 = stablehlo.reshape %33 : (tensor<2x7x12xf32>) -> tensor<2x7x3x4xf32>
    %37 = stablehlo.reshape %34 : (tensor<2x7x12xf32>) -> tensor<2x7x3x4xf32>
    %38 = stablehlo.dot_general %35, %36, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x7x3x4xf32>, tensor<2x7x3x4xf32>) -> tensor<2x3x7x7xf32>
    %cst_4 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<2x3x7x7xf32>
    %40 = stablehlo.divide %38, %39 : tensor<2x3x7x7xf32>
    %c_5 = stablehlo.constant dense<true> : tensor<i1>
    %41 = stablehlo.broadcast_in_dim %c_5, dims = [] : (tensor<i1>) -> tensor<7x7xi1>
    %42 = call @tril(%41) : (tensor<7x7xi1>) -> tensor<7x7xi1>
    %cst_6 = stablehlo.constant dense<-3.40282347E+38> : tensor<f32>
    %43 = call @_where_0(%42, %40, %cst_6) : (tensor<7x7xi1>, tensor<2x3x7x7xf32>, tensor<f32>) -> tensor<2x3x7x7xf32>
    %cst_7 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %44 = stablehlo.reduce(%43 init: %cst_7) applies stablehlo.maximum across dimensions = [3] : (tensor<2x3x7x7xf32>, tensor<f32>) -> tensor<2x3x7xf32>
    %cst_8 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %45 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<2x3x7xf32>
    %46 = stablehlo.maximum %45, %44 : tensor<2x3x7xf32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2] : (tensor<2x3x7xf32>) -> tensor<2x3x7x1xf32>
    %48 = stablehlo.broadcast_in_dim %47, dims = [0, 1, 2, 3] : (tensor<2x3x7x1xf32>) -> tensor<2x3x7x7xf32>
    %49 = stablehlo.subtract %43, %48 : tensor<2x3x7x7xf32>
    %50 = stablehlo.exponential %49 : tensor<2x3x7x7xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %51 = stablehlo.reduce(%50 init: %cst_9) applies stablehlo.add across dimensions = [3] : (tensor<2x3x7x7xf32>, tensor<f32>) -> tensor<2x3x7xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0, 1, 2] : (tensor<2x3x7xf32>) -> tensor<2x3x7x1xf32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [0, 1, 2, 3] : (tensor<2x3x7x1xf32>) -> tensor<2x3x7x7xf32>
    %54 = stablehlo.divide %50, %53 : tensor<2x3x7x7xf32>
    %55 = stablehlo.dot_general %37, %54, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x7x3x4xf32>, tensor<2x3x7x7xf32>) -> tensor<2x3x4x7xf32>
    %56 = stablehlo.transpose %55, dims = [0, 3, 1, 2] : (tensor<2x3x4x7xf32>) -> tensor<2x7x3x4xf32>
    %57 = stablehlo.reshape %56 : (tensor<2x7x3x4xf32>) -> tensor<2x7x12xf32>
    %58 = stablehlo.dot_general %57, %arg13, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x7x12xf32>, tensor<12x12xf32>) -> tensor<2x7x12xf32>
    %59 = stablehlo.add %9, %58 : tensor<2x7x12xf32>
    %60 = stablehlo.broadcast_in_dim %arg12, dims = [2] : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %61 = stablehlo.broadcast_in_dim %60, dims = [0, 1, 2] : (tensor<1x1x12xf32>) -> tensor<2x7x12xf32>
    %62 = stablehlo.add %59, %61 : tensor<2x7x12xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %63 = stablehlo.reduce(%62 init: %cst_10) applies stablehlo.add across dimensions = [2] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<2x7xf32>
    %64 = stablehlo.broadcast_in_dim %63, dims = [0, 1] : (tensor<2x7xf32>) -> tensor<2x7x1xf32>
    %cst_11 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %65 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %66 = stablehlo.divide %64, %65 : tensor<2x7x1xf32>
    %c_12 = stablehlo.constant dense<0> : tensor<i32>
    %67 = call @_var(%62, %c_12) : (tensor<2x7x12xf32>, tensor<i32>) -> tensor<2x7x1xf32>
    %68 = stablehlo.broadcast_in_dim %66, dims = [0, 1, 2] : (tensor<2x7x1xf32>) -> tensor<2x7x12xf32>
    %69 = stablehlo.subtract %62, %68 : tensor<2x7x12xf32>
    %cst_13 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %71 = stablehlo.add %67, %70 : tensor<2x7x1xf32>
    %72 = stablehlo.rsqrt %71 : tensor<2x7x1xf32>
    %73 = stablehlo.broadcast_in_dim %72, dims = [0, 1, 2] : (tensor<2x7x1xf32>) -> tensor<2x7x12xf32>
    %74 = stablehlo.multiply %69, %73 : tensor<2x7x12xf32>
    %75 = stablehlo.broadcast_in_dim %arg7, dims = [2] : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %76 = stablehlo.broadcast_in_dim %75, dims = [0, 1, 2] : (tensor<1x1x12xf32>) -> tensor<2x7x12xf32>
    %77 = stablehlo.multiply %74, %76 : tensor<2x7x12xf32>
    %78 = stablehlo.broadcast_in_dim %arg6, dims = [2] : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %79 = stablehlo.broadcast_in_dim %78, dims = [0, 1, 2] : (tensor<1x1x12xf32>) -> tensor<2x7x12xf32>
    %80 = stablehlo.add %77, %79 : tensor<2x7x12xf32>
    %81 = stablehlo.dot_general %80, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x7x12xf32>, tensor<12x48xf32>) -> tensor<2x7x48xf32>
    %82 = stablehlo.broadcast_in_dim %arg2, dims = [2] : (tensor<48xf32>) -> tensor<1x1x48xf32>
    %83 = stablehlo.broadcast_in_dim %82, dims = [0, 1, 2] : (tensor<1x1x48xf32>) -> tensor<2x7x48xf32>
    %84 = stablehlo.add %81, %83 : tensor<2x7x48xf32>
    %85 = stablehlo.multiply %84, %84 : tensor<2x7x48xf32>
    %86 = stablehlo.multiply %85, %84 : tensor<2x7x48xf32>
    %cst_14 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %87 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<2x7x48xf32>
    %88 = stablehlo.multiply %87, %86 : tensor<2x7x48xf32>
    %89 = stablehlo.add %84, %88 : tensor<2x7x48xf32>
    %cst_15 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %90 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<2x7x48xf32>
    %91 = stablehlo.multiply %90, %89 : tensor<2x7x48xf32>
    %92 = stablehlo.tanh %91 : tensor<2x7x48xf32>
    %cst_16 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %93 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<2x7x48xf32>
    %94 = stablehlo.add %93, %92 : tensor<2x7x48xf32>
    %cst_17 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %95 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<2x7x48xf32>
    %96 = stablehlo.multiply %95, %94 : tensor<2x7x48xf32>
    %97 = stablehlo.multiply %84, %96 : tensor<2x7x48xf32>
    %98 = stablehlo.dot_general %97, %arg11, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x7x48xf32>, tensor<48x12xf32>) -> tensor<2x7x12xf32>
    %99 = stablehlo.add %62, %98 : tensor<2x7x12xf32>
    %100 = stablehlo.broadcast_in_dim %arg10, dims = [2] : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %101 = stablehlo.broadcast_in_dim %100, dims = [0, 1, 2] : (tensor<1x1x12xf32>) -> tensor<2x7x12xf32>
    %102 = stablehlo.add %99, %101 : tensor<2x7x12xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %103 = stablehlo.reduce(%102 init: %cst_18) applies stablehlo.add across dimensions = [2] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<2x7xf32>
    %104 = stablehlo.broadcast_in_dim %103, dims = [0, 1] : (tensor<2x7xf32>) -> tensor<2x7x1xf32>
    %cst_19 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %105 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %106 = stablehlo.divide %104, %105 : tensor<2x7x1xf32>
    %c_20 = stablehlo.constant dense<0> : tensor<i32>
    %107 = call @_var(%102, %c_20) : (tensor<2x7x12xf32>, tensor<i32>) -> tensor<2x7x1xf32>
    %108 = stablehlo.broadcast_in_dim %106, dims = [0, 1, 2] : (tensor<2x7x1xf32>) -> tensor<2x7x12xf32>
    %109 = stablehlo.subtract %102, %108 : tensor<2x7x12xf32>
    %cst_21 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %110 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %111 = stablehlo.add %107, %110 : tensor<2x7x1xf32>
    %112 = stablehlo.rsqrt %111 : tensor<2x7x1xf32>
    %113 = stablehlo.broadcast_in_dim %112, dims = [0, 1, 2] : (tensor<2x7x1xf32>) -> tensor<2x7x12xf32>
    %114 = stablehlo.multiply %109, %113 : tensor<2x7x12xf32>
    %115 = stablehlo.broadcast_in_dim %arg9, dims = [2] : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %116 = stablehlo.broadcast_in_dim %115, dims = [0, 1, 2] : (tensor<1x1x12xf32>) -> tensor<2x7x12xf32>
    %117 = stablehlo.multiply %114, %116 : tensor<2x7x12xf32>
    %118 = stablehlo.broadcast_in_dim %arg8, dims = [2] : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %119 = stablehlo.broadcast_in_dim %118, dims = [0, 1, 2] : (tensor<1x1x12xf32>) -> tensor<2x7x12xf32>
    %120 = stablehlo.add %117, %119 : tensor<2x7x12xf32>
    %121 = stablehlo.transpose %arg15, dims = [1, 0] : (tensor<13x12xf32>) -> tensor<12x13xf32>
    %122 = stablehlo.dot_general %120, %121, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x7x12xf32>, tensor<12x13xf32>) -> tensor<2x7x13xf32>
    return %122 : tensor<2x7x13xf32>
  }
  func.func private @_var(%arg0: tensor<2x7x12xf32>, %arg1: tensor<i32>) -> tensor<2x7x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<2x7xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<2x7xf32>) -> tensor<2x7x1xf32>
    %cst_0 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<2x7x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<2x7x1xf32>) -> tensor<2x7x12xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<2x7x12xf32>
    %6 = chlo.square %5 : tensor<2x7x12xf32> -> tensor<2x7x12xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<2x7x12xf32>, tensor<f32>) -> tensor<2x7xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<2x7xf32>) -> tensor<2x7x1xf32>
    %11 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %12 = stablehlo.divide %10, %11 : tensor<2x7x1xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = call @_where(%13, %12, %cst_4) : (tensor<i1>, tensor<2x7x1xf32>, tensor<f32>) -> tensor<2x7x1xf32>
    return %14 : tensor<2x7x1xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<2x7x1xf32>, %arg2: tensor<f32>) -> tensor<2x7x1xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x7x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<2x7x1xf32>
    return %2 : tensor<2x7x1xf32>
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
  func.func private @_where_0(%arg0: tensor<7x7xi1>, %arg1: tensor<2x3x7x7xf32>, %arg2: tensor<f32>) -> tensor<2x3x7x7xf32> {
    %0 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<7x7xi1>) -> tensor<2x3x7x7xi1>
    %1 = stablehlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<2x3x7x7xf32>
    %2 = stablehlo.select %0, %arg1, %1 : tensor<2x3x7x7xi1>, tensor<2x3x7x7xf32>
    return %2 : tensor<2x3x7x7xf32>
  }
}
