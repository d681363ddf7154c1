// m_j_llama_block_fwd: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<12xf32>, %arg1: tensor<12x12xf32>, %arg2: tensor<12x12xf32>, %arg3: tensor<12x12xf32>, %arg4: tensor<12x12xf32>, %arg5: tensor<12xf32>, %arg6: tensor<12x18xf32>, %arg7: tensor<12x18xf32>, %arg8: tensor<18x12xf32>, %arg9: tensor<2x5x12xf32>) -> (tensor<2x5x12xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.multiply %arg9, %arg9 : tensor<2x5x12xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<2x5x12xf32>, tensor<f32>) -> tensor<2x5xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %cst_0 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %4 = stablehlo.divide %2, %3 : tensor<2x5x1xf32>
    %cst_1 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %6 = stablehlo.add %4, %5 : tensor<2x5x1xf32>
    %7 = stablehlo.rsqrt %6 : tensor<2x5x1xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x12xf32>
    %9 = stablehlo.multiply %arg9, %8 : tensor<2x5x12xf32>
    %10 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2] : (tensor<1x1x12xf32>) -> tensor<2x5x12xf32>
    %12 = stablehlo.multiply %9, %11 : tensor<2x5x12xf32>
    %13 = stablehlo.dot_general %12, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x12xf32>, tensor<12x12xf32>) -> tensor<2x5x12xf32>
    %14 = stablehlo.reshape %13 : (tensor<2x5x12xf32>) -> tensor<2x5x2x6xf32>
    %15 = stablehlo.dot_general %12, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x12xf32>, tensor<12x12xf32>) -> tensor<2x5x12xf32>
    %16 = stablehlo.reshape %15 : (tensor<2x5x12xf32>) -> tensor<2x5x2x6xf32>
    %17 = stablehlo.dot_general %12, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x12xf32>, tensor<12x12xf32>) -> tensor<2x5x12xf32>
    %18 = stablehlo.reshape %17 : (tensor<2x5x12xf32>) -> tensor<2x5x2x6xf32>
    %19 = stablehlo.iota dim = 0 : tensor<3xf32>
    %cst_2 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %21 = stablehlo.multiply %20, %19 : tensor<3xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %23 = stablehlo.add %22, %21 : tensor<3xf32>
    %cst_4 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %25 = stablehlo.divide %23, %24 : tensor<3xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+04> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %27 = stablehlo.power %26, %25 : tensor<3xf32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %29 = stablehlo.divide %28, %27 : tensor<3xf32>
    %30 = stablehlo.iota dim = 0 : tensor<5xf32>
    %31 = stablehlo.broadcast_in_dim %30, dims = [0] : (tensor<5xf32>) -> tensor<5x1xf32>
    %32 = stablehlo.broadcast_in_dim %29, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %33 = stablehlo.broadcast_in_dim %31, dims = [0, 1] : (tensor<5x1xf32>) -> tensor<5x3xf32>
    %34 = stablehlo.broadcast_in_dim %32, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<5x3xf32>
    %35 = stablehlo.multiply %33, %34 : tensor<5x3xf32>
    %36 = stablehlo.cosine %35 : tensor<5x3xf32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [1, 3] : (tensor<5x3xf32>) -> tensor<1x5x1x3xf32>
    %38 = stablehlo.sine %35 : tensor<5x3xf32>
    %39 = stablehlo.broadcast_in_dim %38, dims = [1, 3] : (tensor<5x3xf32>) -> tensor<1x5x1x3xf32>
    %40 = stablehlo.slice %14 [0:2, 0:5, 0:2, 0:6:2] : (tensor<2x5x2x6xf32>) -> tensor<2x5x2x3xf32>
    %41 = stablehlo.slice %14 [0:2, 0:5, 0:2, 1:6:2] : (tensor<2x5x2x6xf32>) -> tensor<2x5x2x3xf32>
    %42 = stablehlo.broadcast_in_dim %37, dims = [0, 1, 2, 3] : (tensor<1x5x1x3xf32>) -> tensor<2x5x2x3xf32>
    %43 = stablehlo.multiply %40, %42 : tensor<2x5x2x3xf32>
    %44 = stablehlo.broadcast_in_dim %39, dims = [0, 1, 2, 3] : (tensor<1x5x1x3xf32>) -> tensor<2x5x2x3xf32>
    %45 = stablehlo.multiply %41, %44 : tensor<2x5x2x3xf32>
    %46 = stablehlo.subtract %43, %45 : tensor<2x5x2x3xf32>
    %47 = stablehlo.broadcast_in_dim %39, dims = [0, 1, 2, 3] : (tensor<1x5x1x3xf32>) -> tensor<2x5x2x3xf32>
    %48 = stablehlo.multiply %40, %47 : tensor<2x5x2x3xf32>
    %49 = stablehlo.broadcast_in_dim %37, dims = [0, 1, 2, 3] : (tensor<1x5x1x3xf32>) -> tensor<2x5x2x3xf32>
    %50 = stablehlo.multiply %41, %49 : tensor<2x5x2x3xf32>
    %51 = stablehlo.add %48, %50 : tensor<2x5x2x3xf32>
    %52 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2, 3] : (tensor<2x5x2x3xf32>) -> tensor<2x5x2x3x1xf32>
    %53 = stablehlo.broadcast_in_dim %51, dims = [0, 1, 2, 3] : (tensor<2x5x2x3xf32>) -> tensor<2x5x2x3x1xf32>
    %54 = stablehlo.concatenate %52, %53, dim = 4 : (tensor<2x5x2x3x1xf32>, tensor<2x5x2x3x1xf32>) -> tensor<2x5x2x3x2xf32>
    %55 = stablehlo.reshape %54 : (tensor<2x5x2x3x2xf32>) -> tensor<2x5x2x6xf32>
    %56 = stablehlo.iota dim = 0 : tensor<3xf32>
    %cst_7 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %58 = stablehlo.multiply %57, %56 : tensor<3xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %59 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %60 = stablehlo.add %59, %58 : tensor<3xf32>
    %cst_9 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %61 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %62 = stablehlo.divide %60, %61 : tensor<3xf32>
    %cst_10 = stablehlo.constant dense<1.000000e+04> : tensor<f32>
    %63 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %64 = stablehlo.power %63, %62 : tensor<3xf32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %65 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %66 = stablehlo.divide %65, %64 : tensor<3xf32>
    %67 = stablehlo.iota dim = 0 : tensor<5xf32>
    %68 = stablehlo.broadcast_in_dim %67, dims = [0] : (tensor<5xf32>) -> tensor<5x1xf32>
    %69 = stablehlo.broadcast_in_dim %66, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %70 = stablehlo.broadcast_in_dim %68, dims = [0, 1] : (tensor<5x1xf32>) -> tensor<5x3xf32>
    %71 = stablehlo.broadcast_in_dim %69, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<5x3xf32>
    %72 = stablehlo.multiply %70, %71 : tensor<5x3xf32>
    %73 = stablehlo.cosine %72 : tensor<5x3xf32>
    %74 = stablehlo.broadcast_in_dim %73, dims = [1, 3] : (tensor<5x3xf32>) -> tensor<1x5x1x3xf32>
    %75 = stablehlo.sine %72 : tensor<5x3xf32>
    %76 = stablehlo.broadcast_in_dim %75, dims = [1, 3] : (tensor<5x3xf32>) -> tensor<1x5x1x3xf32>
    %77 = stablehlo.slice %16 [0:2, 0:5, 0:2, 0:6:2] : (tensor<2x5x2x6xf32>) -> tensor<2x5x2x3xf32>
    %78 = stablehlo.slice %16 [0:2, 0:5, 0:2, 1:6:2] : (tensor<2x5x2x6xf32>) -> tensor<2x5x2x3xf32>
    %79 = stablehlo.broadcast_in_dim %74, dims = [0, 1, 2, 3] : (tensor<1x5x1x3xf32>) -> tensor<2x5x2x3xf32>
    %80 = stablehlo.multiply %77, %79 : tensor<2x5x2x3xf32>
    %81 = stablehlo.broadcast_in_dim %76, dims = [0, 1, 2, 3] : (tensor<1x5x1x3xf32>) -> tensor<2x5x2x3xf32>
    %82 = stablehlo.multiply %78, %81 : tensor<2x5x2x3xf32>
    %83 = stablehlo.subtract %80, %82 : tensor<2x5x2x3xf32>
    %84 = stablehlo.broadcast_in_dim %76, dims = [0, 1, 2, 3] : (tensor<1x5x1x3xf32>) -> tensor<2x5x2x3xf32>
    %85 = stablehlo.multiply %77, %84 : tensor<2x5x2x3xf32>
    %86 = stablehlo.broadcast_in_dim %74, dims = [0, 1, 2, 3] : (tensor<1x5x1x3xf32>) -> tensor<2x5x2x3xf32>
    %87 = stablehlo.multiply %78, %86 : tensor<2x5x2x3xf32>
    %88 = stablehlo.add %85, %87 : tensor<2x5x2x3xf32>
    %89 = stablehlo.broadcast_in_dim %83, dims = [0, 1, 2, 3] : (tensor<2x5x2x3xf32>) -> tensor<2x5x2x3x1xf32>
    %90 = stablehlo.broadcast_in_dim %88, dims = [0, 1, 2, 3] : (tensor<2x5x2x3xf32>) -> tensor<2x5x2x3x1xf32>
    %91 = stablehlo.concatenate %89, %90, dim = 4 : (tensor<2x5x2x3x1xf32>, tensor<2x5x2x3x1xf32>) -> tensor<2x5x2x3x2xf32>
    %92 = stablehlo.reshape %91 : (tensor<2x5x2x3x2xf32>) -> tensor<2x5x2x6xf32>
    %93 = stablehlo.dot_general %55, %92, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x5x2x6xf32>, tensor<2x5x2x6xf32>) -> tensor<2x2x5x5xf32>
    %cst_12 = stablehlo.constant dense<2.44948983> : tensor<f32>
    %94 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<2x2x5x5xf32>
    %95 = stablehlo.divide %93, %94 : tensor<2x2x5x5xf32>
    %c = stablehlo.constant dense<true> : tensor<i1>
    %96 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i1>) -> tensor<5x5xi1>
    %97 = call @tril(%96) : (tensor<5x5xi1>) -> tensor<5x5xi1>
    %cst_13 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %98 = call @_where(%97, %95, %cst_13) : (tensor<5x5xi1>, tensor<2x2x5x5xf32>, tensor<f32>) -> tensor<2x2x5x5xf32>
    %cst_14 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %99 = stablehlo.reduce(%98 init: %cst_14) applies stablehlo.maximum across dimensions = [3] : (tensor<2x2x5x5xf32>, tensor<f32>) -> tensor<2x2x5xf32>
    %cst_15 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %100 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<2x2x5xf32>
    %101 = stablehlo.maximum %100, %99 : tensor<2x2x5xf32>
    %102 = stablehlo.broadcast_in_dim %101, dims = [0, 1, 2] : (tensor<2x2x5xf32>) -> tensor<2x2x5x1xf32>
    %103 = stablehlo.broadcast_in_dim %102, dims = [0, 1, 2, 3] : (tensor<2x2x5x1xf32>) -> tensor<2x2x5x5xf32>
    %104 = stablehlo.subtract %98, %103 : tensor<2x2x5x5xf32>
    %105 = stablehlo.exponential %104 : tensor<2x2x5x5xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %106 = stablehlo.reduce(%105 init: %cst_16) applies stablehlo.add across dimensions = [3] : (tensor<2x2x5x5xf32>, tensor<f32>) -> tensor<2x2x5xf32>
    %107 = stablehlo.broadcast_in_dim %106, dims = [0, 1, 2] : (tensor<2x2x5xf32>) -> tensor<2x2x5x1xf32>
    %108 = stablehlo.broadcast_in_dim %107, dims = [0, 1, 2, 3] : (tensor<2x2x5x1xf32>) -> tensor<2x2x5x5xf32>
    %109 = stablehlo.divide %105, %108 : tensor<2x2x5x5xf32>
    %110 = stablehlo.dot_general %18, %109, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<2x5x2x6xf32>, tensor<2x2x5x5xf32>) -> tensor<2x2x6x5xf32>
    %111 = stablehlo.transpose %110, dims = [0, 3, 1, 2] : (tensor<2x2x6x5xf32>) -> tensor<2x5x2x6xf32>
    %112 = stablehlo.reshape %111 : (tensor<2x5x2x6xf32>) -> tensor<2x5x12xf32>
    %113 = stablehlo.dot_general %112, %arg4, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x12xf32>, tensor<12x12xf32>) -> tensor<2x5x12xf32>
    %114 = stablehlo.add %arg9, %113 : tensor<2x5x12xf32>
    %115 = stablehlo.multiply %114, %114 : tensor<2x5x12xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %116 = stablehlo.reduce(%115 init: %cst_17) applies stablehlo.add across dimensions = [2] : (tensor<2x5x12xf32>, tensor<f32>) -> tensor<2x5xf32>
    %117 = stablehlo.broadcast_in_dim %116, dims = [0, 1] : (tensor<2x5xf32>) -> tensor<2x5x1xf32>
    %cst_18 = stablehlo.constant dense<1.200000e+01> : tensor<f32>
    %118 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %119 = stablehlo.divide %117, %118 : tensor<2x5x1xf32>
    %cst_19 = stablehlo.constant dense<9.99999997E-7> : tensor<f32>
    %120 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<2x5x1xf32>
    %121 = stablehlo.add %119, %120 : tensor<2x5x1xf32>
    %122 = stablehlo.rsqrt %121 : tensor<2x5x1xf32>
    %123 = stablehlo.broadcast_in_dim %122, dims = [0, 1, 2] : (tensor<2x5x1xf32>) -> tensor<2x5x12xf32>
    %124 = stablehlo.multiply %114, %123 : tensor<2x5x12xf32>
    %125 = stablehlo.broadcast_in_dim %arg5, dims = [2] : (tensor<12xf32>) -> tensor<1x1x12xf32>
    %126 = stablehlo.broadcast_in_dim %125, dims = [0, 1, 2] : (tensor<1x1x12xf32>) -> tensor<2x5x12xf32>
    %127 = stablehlo.multiply %124, %126 : tensor<2x5x12xf32>
    %128 = stablehlo.dot_general %127, %arg6, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x12xf32>, tensor<12x18xf32>) -> tensor<2x5x18xf32>
    %129 = call @silu(%128) : (tensor<2x5x18xf32>) -> tensor<2x5x18xf32>
    %130 = stablehlo.dot_general %127, %arg7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x12xf32>, tensor<12x18xf32>) -> tensor<2x5x18xf32>
    %131 = stablehlo.multiply %129, %130 : tensor<2x5x18xf32>
    %132 = stablehlo.dot_general %131, %arg8, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x5x18xf32>, tensor<18x12xf32>) -> tensor<2x5x12xf32>
    %133 = stablehlo.add %114, %132 : tensor<2x5x12xf32>
    return %133 : tensor<2x5x12xf32>
  }
  func.func private @tril(%arg0: tensor<5x5xi1>) -> tensor<5x5xi1> {
    %0 = stablehlo.iota dim = 0 : tensor<5x5xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<5x5xi32>
    %2 = stablehlo.add %0, %1 : tensor<5x5xi32>
    %3 = stablehlo.iota dim = 1 : tensor<5x5xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<5x5xi32>, tensor<5x5xi32>) -> tensor<5x5xi1>
    %c_0 = stablehlo.constant dense<false> : tensor<i1>
    %5 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<i1>) -> tensor<5x5xi1>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<5x5xi1>, tensor<5x5xi1>
    return %6 : tensor<5x5xi1>
  }
  func.func private @_where(%arg0: tensor<5x5xi1>, %arg1: tensor<2x2x5x5xf32>, %arg2: tensor<f32>) -> tensor<2x2x5x5xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [2, 3] : (tensor<5x5xi1>) -> tensor<2x2x5x5xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<2x2x5x5xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<2x2x5x5xi1>, tensor<2x2x5x5xf32>
    return %3 : tensor<2x2x5x5xf32>
  }
  func.func private @silu(%arg0: tensor<2x5x18xf32>) -> tensor<2x5x18xf32> {
    %0 = stablehlo.negate %arg0 : tensor<2x5x18xf32>
    %1 = stablehlo.exponential %0 : tensor<2x5x18xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x5x18xf32>
    %3 = stablehlo.add %2, %1 : tensor<2x5x18xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<2x5x18xf32>
    %5 = stablehlo.divide %4, %3 : tensor<2x5x18xf32>
    %6 = stablehlo.multiply %arg0, %5 : tensor<2x5x18xf32>
    return %6 : tensor<2x5x18xf32>
  }
}
