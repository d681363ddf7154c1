// m_j_autoencoder_step: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<11x5xf32>, %arg1: tensor<5xf32>, %arg2: tensor<11xf32>, %arg3: tensor<6x11xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<11x5xf32> {jax.result_info = "result[1][0]"}, tensor<5xf32> {jax.result_info = "result[1][1]"}, tensor<11xf32> {jax.result_info = "result[1][2]"}) {
    %0 = stablehlo.dot_general %arg3, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x11xf32>, tensor<11x5xf32>) -> tensor<6x5xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<5xf32>) -> tensor<1x5xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x5xf32>) -> tensor<6x5xf32>
    %3 = stablehlo.add %0, %2 : tensor<6x5xf32>
    %4 = stablehlo.tanh %3 : tensor<6x5xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %6 = stablehlo.subtract %5, %4 : tensor<6x5xf32>
    %7 = stablehlo.transpose %arg0, dims = [1, 0] : (tensor<11x5xf32>) -> tensor<5x11xf32>
    %8 = stablehlo.dot_general %4, %7, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x5xf32>, tensor<5x11xf32>) -> tensor<6x11xf32>
    %9 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<11xf32>) -> tensor<1x11xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<1x11xf32>) -> tensor<6x11xf32>
    %11 = stablehlo.add %8, %10 : tensor<6x11xf32>
    %12 = stablehlo.negate %11 : tensor<6x11xf32>
    %13 = stablehlo.exponential %12 : tensor<6x11xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %14 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<6x11xf32>
    %15 = stablehlo.add %14, %13 : tensor<6x11xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %16 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<6x11xf32>
    %17 = stablehlo.divide %16, %15 : tensor<6x11xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<6x11xf32>
    %19 = stablehlo.subtract %18, %17 : tensor<6x11xf32>
    %20 = stablehlo.multiply %17, %19 : tensor<6x11xf32>
    %21 = stablehlo.subtract %17, %arg3 : tensor<6x11xf32>
    %22 = stablehlo.multiply %21, %21 : tensor<6x11xf32>
    %cst_3 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<6x11xf32>
    %24 = stablehlo.multiply %23, %21 : tensor<6x11xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %25 = stablehlo.reduce(%22 init: %cst_4) applies stablehlo.add across dimensions = [0, 1] : (tensor<6x11xf32>, tensor<f32>) -> tensor<f32>
    %cst_5 = stablehlo.constant dense<6.600000e+01> : tensor<f32>
    %26 = stablehlo.divide %25, %cst_5 : tensor<f32>
    %cst_6 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_7 = stablehlo.constant dense<6.600000e+01> : tensor<f32>
    %27 = stablehlo.divide %cst_6, %cst_7 : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %27, dims = [] : (tensor<f32>) -> tensor<6x11xf32>
    %29 = stablehlo.multiply %28, %24 : tensor<6x11xf32>
    %30 = stablehlo.multiply %29, %20 : tensor<6x11xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %31 = stablehlo.reduce(%30 init: %cst_8) applies stablehlo.add across dimensions = [0] : (tensor<6x11xf32>, tensor<f32>) -> tensor<11xf32>
    %32 = stablehlo.reshape %31 : (tensor<11xf32>) -> tensor<1x11xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %33 = stablehlo.reduce(%32 init: %cst_9) applies stablehlo.add across dimensions = [0] : (tensor<1x11xf32>, tensor<f32>) -> tensor<11xf32>
    %34 = stablehlo.dot_general %30, %4, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x11xf32>, tensor<6x5xf32>) -> tensor<11x5xf32>
    %35 = stablehlo.transpose %34, dims = [1, 0] : (tensor<11x5xf32>) -> tensor<5x11xf32>
    %36 = stablehlo.dot_general %30, %7, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x11xf32>, tensor<5x11xf32>) -> tensor<6x5xf32>
    %37 = stablehlo.transpose %35, dims = [1, 0] : (tensor<5x11xf32>) -> tensor<11x5xf32>
    %38 = stablehlo.multiply %36, %6 : tensor<6x5xf32>
    %39 = stablehlo.multiply %38, %4 : tensor<6x5xf32>
    %40 = stablehlo.add %38, %39 : tensor<6x5xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %41 = stablehlo.reduce(%40 init: %cst_10) applies stablehlo.add across dimensions = [0] : (tensor<6x5xf32>, tensor<f32>) -> tensor<5xf32>
    %42 = stablehlo.reshape %41 : (tensor<5xf32>) -> tensor<1x5xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %43 = stablehlo.reduce(%42 init: %cst_11) applies stablehlo.add across dimensions = [0] : (tensor<1x5xf32>, tensor<f32>) -> tensor<5xf32>
    %44 = stablehlo.dot_general %40, %arg3, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x5xf32>, tensor<6x11xf32>) -> tensor<5x11xf32>
    %45 = stablehlo.transpose %44, dims = [1, 0] : (tensor<5x11xf32>) -> tensor<11x5xf32>
    %46 = stablehlo.add %37, %45 : tensor<11x5xf32>
    %cst_12 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<11x5xf32>
    %48 = stablehlo.multiply %47, %46 : tensor<11x5xf32>
    %49 = stablehlo.subtract %arg0, %48 : tensor<11x5xf32>
    %cst_13 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<5xf32>
    %51 = stablehlo.multiply %50, %43 : tensor<5xf32>
    %52 = stablehlo.subtract %arg1, %51 : tensor<5xf32>
    %cst_14 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<11xf32>
    %54 = stablehlo.multiply %53, %33 : tensor<11xf32>
    %55 = stablehlo.subtract %arg2, %54 : tensor<11xf32>
    return %26, %49, %52, %55 : tensor<f32>, tensor<11x5xf32>, tensor<5xf32>, tensor<11xf32>
  }
}
