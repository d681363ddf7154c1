// m_j_mixer_block_fwd: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6xf32>, %arg1: tensor<6xf32>, %arg2: tensor<5x9xf32>, %arg3: tensor<9x5xf32>, %arg4: tensor<6xf32>, %arg5: tensor<6xf32>, %arg6: tensor<6x10xf32>, %arg7: tensor<10x6xf32>, %arg8: tensor<3x5x6xf32>) -> (tensor<3x5x6xf32> {jax.result_info = "result"}) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg8 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<3x5x6xf32>, tensor<f32>) -> tensor<3x5xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<3x5xf32>) -> tensor<3x5x1xf32>
    %cst_0 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3x5x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<3x5x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %4 = call @_var(%arg8, %c) : (tensor<3x5x6xf32>, tensor<i32>) -> tensor<3x5x1xf32>
    %5 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<3x5x1xf32>) -> tensor<3x5x6xf32>
    %6 = stablehlo.subtract %arg8, %5 : tensor<3x5x6xf32>
    %cst_1 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<3x5x1xf32>
    %8 = stablehlo.add %4, %7 : tensor<3x5x1xf32>
    %9 = stablehlo.rsqrt %8 : tensor<3x5x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1, 2] : (tensor<3x5x1xf32>) -> tensor<3x5x6xf32>
    %11 = stablehlo.multiply %6, %10 : tensor<3x5x6xf32>
    %12 = stablehlo.broadcast_in_dim %arg0, dims = [2] : (tensor<6xf32>) -> tensor<1x1x6xf32>
    %13 = stablehlo.broadcast_in_dim %12, dims = [0, 1, 2] : (tensor<1x1x6xf32>) -> tensor<3x5x6xf32>
    %14 = stablehlo.multiply %11, %13 : tensor<3x5x6xf32>
    %15 = stablehlo.broadcast_in_dim %arg1, dims = [2] : (tensor<6xf32>) -> tensor<1x1x6xf32>
    %16 = stablehlo.broadcast_in_dim %15, dims = [0, 1, 2] : (tensor<1x1x6xf32>) -> tensor<3x5x6xf32>
    %17 = stablehlo.add %14, %16 : tensor<3x5x6xf32>
    %18 = stablehlo.transpose %17, dims = [0, 2, 1] : (tensor<3x5x6xf32>) -> tensor<3x6x5xf32>
    %19 = stablehlo.dot_general %18, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x6x5xf32>, tensor<5x9xf32>) -> tensor<3x6x9xf32>
    %20 = stablehlo.multiply %19, %19 : tensor<3x6x9xf32>
    %21 = stablehlo.multiply %20, %19 : tensor<3x6x9xf32>
    %cst_2 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<3x6x9xf32>
    %23 = stablehlo.multiply %22, %21 : tensor<3x6x9xf32>
    %24 = stablehlo.add %19, %23 : tensor<3x6x9xf32>
    %cst_3 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<3x6x9xf32>
    %26 = stablehlo.multiply %25, %24 : tensor<3x6x9xf32>
    %27 = stablehlo.tanh %26 : tensor<3x6x9xf32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<3x6x9xf32>
    %29 = stablehlo.add %28, %27 : tensor<3x6x9xf32>
    %cst_5 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<3x6x9xf32>
    %31 = stablehlo.multiply %30, %29 : tensor<3x6x9xf32>
    %32 = stablehlo.multiply %19, %31 : tensor<3x6x9xf32>
    %33 = stablehlo.dot_general %32, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x6x9xf32>, tensor<9x5xf32>) -> tensor<3x6x5xf32>
    %34 = stablehlo.transpose %33, dims = [0, 2, 1] : (tensor<3x6x5xf32>) -> tensor<3x5x6xf32>
    %35 = stablehlo.add %arg8, %34 : tensor<3x5x6xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %36 = stablehlo.reduce(%35 init: %cst_6) applies stablehlo.add across dimensions = [2] : (tensor<3x5x6xf32>, tensor<f32>) -> tensor<3x5xf32>
    %37 = stablehlo.broadcast_in_dim %36, dims = [0, 1] : (tensor<3x5xf32>) -> tensor<3x5x1xf32>
    %cst_7 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<3x5x1xf32>
    %39 = stablehlo.divide %37, %38 : tensor<3x5x1xf32>
    %c_8 = stablehlo.constant dense<0> : tensor<i32>
    %40 = call @_var(%35, %c_8) : (tensor<3x5x6xf32>, tensor<i32>) -> tensor<3x5x1xf32>
    %41 = stablehlo.broadcast_in_dim %39, dims = [0, 1, 2] : (tensor<3x5x1xf32>) -> tensor<3x5x6xf32>
    %42 = stablehlo.subtract %35, %41 : tensor<3x5x6xf32>
    %cst_9 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<3x5x1xf32>
    %44 = stablehlo.add %40, %43 : tensor<3x5x1xf32>
    %45 = stablehlo.rsqrt %44 : tensor<3x5x1xf32>
    %46 = stablehlo.broadcast_in_dim %45, dims = [0, 1, 2] : (tensor<3x5x1xf32>) -> tensor<3x5x6xf32>
    %47 = stablehlo.multiply %42, %46 : tensor<3x5x6xf32>
    %48 = stablehlo.broadcast_in_dim %arg4, dims = [2] : (tensor<6xf32>) -> tensor<1x1x6xf32>
    %49 = stablehlo.broadcast_in_dim %48, dims = [0, 1, 2] : (tensor<1x1x6xf32>) -> tensor<3x5x6xf32>
    %50 = stablehlo.multiply %47, %49 : tensor<3x5x6xf32>
    %51 = stablehlo.broadcast_in_dim %arg5, dims = [2] : (tensor<6xf32>) -> tensor<1x1x6xf32>
    %52 = stablehlo.broadcast_in_dim %51, dims = [0, 1, 2] : (tensor<1x1x6xf32>) -> tensor<3x5x6xf32>
    %53 = stablehlo.add %50, %52 : tensor<3x5x6xf32>
    %54 = stablehlo.dot_general %53, %arg6, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5x6xf32>, tensor<6x10xf32>) -> tensor<3x5x10xf32>
    %55 = stablehlo.multiply %54, %54 : tensor<3x5x10xf32>
    %56 = stablehlo.multiply %55, %54 : tensor<3x5x10xf32>
    %cst_10 = stablehlo.constant dense<4.471500e-02> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<3x5x10xf32>
    %58 = stablehlo.multiply %57, %56 : tensor<3x5x10xf32>
    %59 = stablehlo.add %54, %58 : tensor<3x5x10xf32>
    %cst_11 = stablehlo.constant dense<0.797884583> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<3x5x10xf32>
    %61 = stablehlo.multiply %60, %59 : tensor<3x5x10xf32>
    %62 = stablehlo.tanh %61 : tensor<3x5x10xf32>
    %cst_12 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %63 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<3x5x10xf32>
    %64 = stablehlo.add %63, %62 : tensor<3x5x10xf32>
    %cst_13 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %65 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<3x5x10xf32>
    %66 = stablehlo.multiply %65, %64 : tensor<3x5x10xf32>
    %67 = stablehlo.multiply %54, %66 : tensor<3x5x10xf32>
    %68 = stablehlo.dot_general %67, %arg7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5x10xf32>, tensor<10x6xf32>) -> tensor<3x5x6xf32>
    %69 = stablehlo.add %35, %68 : tensor<3x5x6xf32>
    return %69 : tensor<3x5x6xf32>
  }
  func.func private @_var(%arg0: tensor<3x5x6xf32>, %arg1: tensor<i32>) -> tensor<3x5x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<3x5x6xf32>, tensor<f32>) -> tensor<3x5xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<3x5xf32>) -> tensor<3x5x1xf32>
    %cst_0 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3x5x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<3x5x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<3x5x1xf32>) -> tensor<3x5x6xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<3x5x6xf32>
    %6 = chlo.square %5 : tensor<3x5x6xf32> -> tensor<3x5x6xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<3x5x6xf32>, tensor<f32>) -> tensor<3x5xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<3x5xf32>) -> tensor<3x5x1xf32>
    %11 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<3x5x1xf32>
    %12 = stablehlo.divide %10, %11 : tensor<3x5x1xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = call @_where(%13, %12, %cst_4) : (tensor<i1>, tensor<3x5x1xf32>, tensor<f32>) -> tensor<3x5x1xf32>
    return %14 : tensor<3x5x1xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<3x5x1xf32>, %arg2: tensor<f32>) -> tensor<3x5x1xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<3x5x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<3x5x1xf32>
    return %2 : tensor<3x5x1xf32>
  }
}
