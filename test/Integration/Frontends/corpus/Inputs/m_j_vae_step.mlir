// m_j_vae_step: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<9x7xf32>, %arg1: tensor<7x3xf32>, %arg2: tensor<7x3xf32>, %arg3: tensor<3x9xf32>, %arg4: tensor<5x9xf32>, %arg5: tensor<5x3xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<9x7xf32> {jax.result_info = "result[1][0]"}, tensor<7x3xf32> {jax.result_info = "result[1][1]"}, tensor<7x3xf32> {jax.result_info = "result[1][2]"}, tensor<3x9xf32> {jax.result_info = "result[1][3]"}) {
    %0 = stablehlo.dot_general %arg4, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x9xf32>, tensor<9x7xf32>) -> tensor<5x7xf32>
    %1 = stablehlo.tanh %0 : tensor<5x7xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<5x7xf32>
    %3 = stablehlo.subtract %2, %1 : tensor<5x7xf32>
    %4 = stablehlo.dot_general %1, %arg1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x7xf32>, tensor<7x3xf32>) -> tensor<5x3xf32>
    %5 = stablehlo.dot_general %1, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x7xf32>, tensor<7x3xf32>) -> tensor<5x3xf32>
    %cst_0 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<5x3xf32>
    %7 = stablehlo.multiply %6, %5 : tensor<5x3xf32>
    %8 = stablehlo.exponential %7 : tensor<5x3xf32>
    %9 = stablehlo.multiply %8, %arg5 : tensor<5x3xf32>
    %10 = stablehlo.add %4, %9 : tensor<5x3xf32>
    %11 = stablehlo.tanh %10 : tensor<5x3xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<5x3xf32>
    %13 = stablehlo.subtract %12, %11 : tensor<5x3xf32>
    %14 = stablehlo.dot_general %11, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x3xf32>, tensor<3x9xf32>) -> tensor<5x9xf32>
    %15 = stablehlo.negate %14 : tensor<5x9xf32>
    %16 = stablehlo.exponential %15 : tensor<5x9xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<5x9xf32>
    %18 = stablehlo.add %17, %16 : tensor<5x9xf32>
    %cst_3 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<5x9xf32>
    %20 = stablehlo.divide %19, %18 : tensor<5x9xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<5x9xf32>
    %22 = stablehlo.subtract %21, %20 : tensor<5x9xf32>
    %23 = stablehlo.multiply %20, %22 : tensor<5x9xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<5x3xf32>
    %25 = stablehlo.add %24, %5 : tensor<5x3xf32>
    %26 = stablehlo.multiply %4, %4 : tensor<5x3xf32>
    %cst_6 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<5x3xf32>
    %28 = stablehlo.multiply %27, %4 : tensor<5x3xf32>
    %29 = stablehlo.subtract %25, %26 : tensor<5x3xf32>
    %30 = stablehlo.exponential %5 : tensor<5x3xf32>
    %31 = stablehlo.subtract %29, %30 : tensor<5x3xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.reduce(%31 init: %cst_7) applies stablehlo.add across dimensions = [1] : (tensor<5x3xf32>, tensor<f32>) -> tensor<5xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %33 = stablehlo.reduce(%32 init: %cst_8) applies stablehlo.add across dimensions = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
    %cst_9 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %34 = stablehlo.divide %33, %cst_9 : tensor<f32>
    %cst_10 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %35 = stablehlo.multiply %cst_10, %34 : tensor<f32>
    %36 = stablehlo.subtract %20, %arg4 : tensor<5x9xf32>
    %37 = stablehlo.multiply %36, %36 : tensor<5x9xf32>
    %cst_11 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<5x9xf32>
    %39 = stablehlo.multiply %38, %36 : tensor<5x9xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %40 = stablehlo.reduce(%37 init: %cst_12) applies stablehlo.add across dimensions = [1] : (tensor<5x9xf32>, tensor<f32>) -> tensor<5xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %41 = stablehlo.reduce(%40 init: %cst_13) applies stablehlo.add across dimensions = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<f32>
    %cst_14 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %42 = stablehlo.divide %41, %cst_14 : tensor<f32>
    %43 = stablehlo.add %42, %35 : tensor<f32>
    %cst_15 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_16 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %44 = stablehlo.divide %cst_15, %cst_16 : tensor<f32>
    %45 = stablehlo.broadcast_in_dim %44, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %46 = stablehlo.broadcast_in_dim %45, dims = [0] : (tensor<5xf32>) -> tensor<5x9xf32>
    %47 = stablehlo.multiply %46, %39 : tensor<5x9xf32>
    %cst_17 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %cst_18 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %48 = stablehlo.multiply %cst_17, %cst_18 : tensor<f32>
    %cst_19 = stablehlo.constant dense<5.000000e+00> : tensor<f32>
    %49 = stablehlo.divide %48, %cst_19 : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %49, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %51 = stablehlo.broadcast_in_dim %50, dims = [0] : (tensor<5xf32>) -> tensor<5x3xf32>
    %52 = stablehlo.negate %51 : tensor<5x3xf32>
    %53 = stablehlo.multiply %52, %30 : tensor<5x3xf32>
    %54 = stablehlo.negate %51 : tensor<5x3xf32>
    %55 = stablehlo.add %53, %51 : tensor<5x3xf32>
    %56 = stablehlo.multiply %54, %28 : tensor<5x3xf32>
    %57 = stablehlo.multiply %47, %23 : tensor<5x9xf32>
    %58 = stablehlo.dot_general %57, %11, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x9xf32>, tensor<5x3xf32>) -> tensor<9x3xf32>
    %59 = stablehlo.transpose %58, dims = [1, 0] : (tensor<9x3xf32>) -> tensor<3x9xf32>
    %60 = stablehlo.dot_general %57, %arg3, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<5x9xf32>, tensor<3x9xf32>) -> tensor<5x3xf32>
    %61 = stablehlo.multiply %60, %13 : tensor<5x3xf32>
    %62 = stablehlo.multiply %61, %11 : tensor<5x3xf32>
    %63 = stablehlo.add %61, %62 : tensor<5x3xf32>
    %64 = stablehlo.add %56, %63 : tensor<5x3xf32>
    %65 = stablehlo.multiply %63, %arg5 : tensor<5x3xf32>
    %66 = stablehlo.multiply %65, %8 : tensor<5x3xf32>
    %cst_20 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %67 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<5x3xf32>
    %68 = stablehlo.multiply %67, %66 : tensor<5x3xf32>
    %69 = stablehlo.add %55, %68 : tensor<5x3xf32>
    %70 = stablehlo.dot_general %69, %1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x3xf32>, tensor<5x7xf32>) -> tensor<3x7xf32>
    %71 = stablehlo.transpose %70, dims = [1, 0] : (tensor<3x7xf32>) -> tensor<7x3xf32>
    %72 = stablehlo.dot_general %69, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<5x3xf32>, tensor<7x3xf32>) -> tensor<5x7xf32>
    %73 = stablehlo.dot_general %64, %1, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x3xf32>, tensor<5x7xf32>) -> tensor<3x7xf32>
    %74 = stablehlo.transpose %73, dims = [1, 0] : (tensor<3x7xf32>) -> tensor<7x3xf32>
    %75 = stablehlo.dot_general %64, %arg1, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<5x3xf32>, tensor<7x3xf32>) -> tensor<5x7xf32>
    %76 = stablehlo.add %72, %75 : tensor<5x7xf32>
    %77 = stablehlo.multiply %76, %3 : tensor<5x7xf32>
    %78 = stablehlo.multiply %77, %1 : tensor<5x7xf32>
    %79 = stablehlo.add %77, %78 : tensor<5x7xf32>
    %80 = stablehlo.dot_general %79, %arg4, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x7xf32>, tensor<5x9xf32>) -> tensor<7x9xf32>
    %81 = stablehlo.transpose %80, dims = [1, 0] : (tensor<7x9xf32>) -> tensor<9x7xf32>
    %cst_21 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %82 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<9x7xf32>
    %83 = stablehlo.multiply %82, %81 : tensor<9x7xf32>
    %84 = stablehlo.subtract %arg0, %83 : tensor<9x7xf32>
    %cst_22 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %85 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<7x3xf32>
    %86 = stablehlo.multiply %85, %74 : tensor<7x3xf32>
    %87 = stablehlo.subtract %arg1, %86 : tensor<7x3xf32>
    %cst_23 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %88 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<7x3xf32>
    %89 = stablehlo.multiply %88, %71 : tensor<7x3xf32>
    %90 = stablehlo.subtract %arg2, %89 : tensor<7x3xf32>
    %cst_24 = stablehlo.constant dense<5.000000e-02> : tensor<f32>
    %91 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<3x9xf32>
    %92 = stablehlo.multiply %91, %59 : tensor<3x9xf32>
    %93 = stablehlo.subtract %arg3, %92 : tensor<3x9xf32>
    return %43, %84, %87, %90, %93 : tensor<f32>, tensor<9x7xf32>, tensor<7x3xf32>, tensor<7x3xf32>, tensor<3x9xf32>
  }
}
