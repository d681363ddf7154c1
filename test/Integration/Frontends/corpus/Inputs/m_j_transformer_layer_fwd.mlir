// m_j_transformer_layer_fwd: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<10x10xf32>, %arg1: tensor<10x10xf32>, %arg2: tensor<10x10xf32>, %arg3: tensor<10x10xf32>, %arg4: tensor<10xf32>, %arg5: tensor<10xf32>, %arg6: tensor<10x14xf32>, %arg7: tensor<14x10xf32>, %arg8: tensor<10xf32>, %arg9: tensor<10xf32>, %arg10: tensor<3x5x10xf32>, %arg11: tensor<3xi32>) -> (tensor<3x5x10xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg10, %arg0, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5x10xf32>, tensor<10x10xf32>) -> tensor<3x5x10xf32>
    %1 = stablehlo.reshape %0 : (tensor<3x5x10xf32>) -> tensor<3x5x2x5xf32>
    %2 = stablehlo.dot_general %arg10, %arg1, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5x10xf32>, tensor<10x10xf32>) -> tensor<3x5x10xf32>
    %3 = stablehlo.reshape %2 : (tensor<3x5x10xf32>) -> tensor<3x5x2x5xf32>
    %4 = stablehlo.dot_general %arg10, %arg2, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5x10xf32>, tensor<10x10xf32>) -> tensor<3x5x10xf32>
    %5 = stablehlo.reshape %4 : (tensor<3x5x10xf32>) -> tensor<3x5x2x5xf32>
    %6 = stablehlo.dot_general %1, %3, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3], precision = [DEFAULT, DEFAULT] : (tensor<3x5x2x5xf32>, tensor<3x5x2x5xf32>) -> tensor<3x2x5x5xf32>
    %cst = stablehlo.constant dense<2.23606801> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x2x5x5xf32>
    %8 = stablehlo.divide %6, %7 : tensor<3x2x5x5xf32>
    %9 = stablehlo.iota dim = 0 : tensor<5xi32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [1] : (tensor<5xi32>) -> tensor<1x5xi32>
    %11 = stablehlo.broadcast_in_dim %arg11, dims = [0] : (tensor<3xi32>) -> tensor<3x1xi32>
    %12 = stablehlo.broadcast_in_dim %10, dims = [0, 1] : (tensor<1x5xi32>) -> tensor<3x5xi32>
    %13 = stablehlo.broadcast_in_dim %11, dims = [0, 1] : (tensor<3x1xi32>) -> tensor<3x5xi32>
    %14 = stablehlo.compare LT, %12, %13, SIGNED : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi1>
    %15 = stablehlo.broadcast_in_dim %14, dims = [0, 3] : (tensor<3x5xi1>) -> tensor<3x1x1x5xi1>
    %cst_0 = stablehlo.constant dense<-1.000000e+09> : tensor<f32>
    %16 = call @_where(%15, %8, %cst_0) : (tensor<3x1x1x5xi1>, tensor<3x2x5x5xf32>, tensor<f32>) -> tensor<3x2x5x5xf32>
    %cst_1 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %17 = stablehlo.reduce(%16 init: %cst_1) applies stablehlo.maximum across dimensions = [3] : (tensor<3x2x5x5xf32>, tensor<f32>) -> tensor<3x2x5xf32>
    %cst_2 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %18 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<3x2x5xf32>
    %19 = stablehlo.maximum %18, %17 : tensor<3x2x5xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2] : (tensor<3x2x5xf32>) -> tensor<3x2x5x1xf32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [0, 1, 2, 3] : (tensor<3x2x5x1xf32>) -> tensor<3x2x5x5xf32>
    %22 = stablehlo.subtract %16, %21 : tensor<3x2x5x5xf32>
    %23 = stablehlo.exponential %22 : tensor<3x2x5x5xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.reduce(%23 init: %cst_3) applies stablehlo.add across dimensions = [3] : (tensor<3x2x5x5xf32>, tensor<f32>) -> tensor<3x2x5xf32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [0, 1, 2] : (tensor<3x2x5xf32>) -> tensor<3x2x5x1xf32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [0, 1, 2, 3] : (tensor<3x2x5x1xf32>) -> tensor<3x2x5x5xf32>
    %27 = stablehlo.divide %23, %26 : tensor<3x2x5x5xf32>
    %28 = stablehlo.dot_general %5, %27, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3], precision = [DEFAULT, DEFAULT] : (tensor<3x5x2x5xf32>, tensor<3x2x5x5xf32>) -> tensor<3x2x5x5xf32>
    %29 = stablehlo.transpose %28, dims = [0, 3, 1, 2] : (tensor<3x2x5x5xf32>) -> tensor<3x5x2x5xf32>
    %30 = stablehlo.reshape %29 : (tensor<3x5x2x5xf32>) -> tensor<3x5x10xf32>
    %31 = stablehlo.dot_general %30, %arg3, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5x10xf32>, tensor<10x10xf32>) -> tensor<3x5x10xf32>
    %32 = stablehlo.add %arg10, %31 : tensor<3x5x10xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %33 = stablehlo.reduce(%32 init: %cst_4) applies stablehlo.add across dimensions = [2] : (tensor<3x5x10xf32>, tensor<f32>) -> tensor<3x5xf32>
    %34 = stablehlo.broadcast_in_dim %33, dims = [0, 1] : (tensor<3x5xf32>) -> tensor<3x5x1xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+01> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<3x5x1xf32>
    %36 = stablehlo.divide %34, %35 : tensor<3x5x1xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %37 = call @_var(%32, %c) : (tensor<3x5x10xf32>, tensor<i32>) -> tensor<3x5x1xf32>
    %38 = stablehlo.broadcast_in_dim %36, dims = [0, 1, 2] : (tensor<3x5x1xf32>) -> tensor<3x5x10xf32>
    %39 = stablehlo.subtract %32, %38 : tensor<3x5x10xf32>
    %cst_6 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<3x5x1xf32>
    %41 = stablehlo.add %37, %40 : tensor<3x5x1xf32>
    %42 = stablehlo.rsqrt %41 : tensor<3x5x1xf32>
    %43 = stablehlo.broadcast_in_dim %42, dims = [0, 1, 2] : (tensor<3x5x1xf32>) -> tensor<3x5x10xf32>
    %44 = stablehlo.multiply %39, %43 : tensor<3x5x10xf32>
    %45 = stablehlo.broadcast_in_dim %arg4, dims = [2] : (tensor<10xf32>) -> tensor<1x1x10xf32>
    %46 = stablehlo.broadcast_in_dim %45, dims = [0, 1, 2] : (tensor<1x1x10xf32>) -> tensor<3x5x10xf32>
    %47 = stablehlo.multiply %44, %46 : tensor<3x5x10xf32>
    %48 = stablehlo.broadcast_in_dim %arg5, dims = [2] : (tensor<10xf32>) -> tensor<1x1x10xf32>
    %49 = stablehlo.broadcast_in_dim %48, dims = [0, 1, 2] : (tensor<1x1x10xf32>) -> tensor<3x5x10xf32>
    %50 = stablehlo.add %47, %49 : tensor<3x5x10xf32>
    %51 = stablehlo.dot_general %50, %arg6, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5x10xf32>, tensor<10x14xf32>) -> tensor<3x5x14xf32>
    %52 = call @relu(%51) : (tensor<3x5x14xf32>) -> tensor<3x5x14xf32>
    %53 = stablehlo.dot_general %52, %arg7, contracting_dims = [2] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5x14xf32>, tensor<14x10xf32>) -> tensor<3x5x10xf32>
    %54 = stablehlo.add %50, %53 : tensor<3x5x10xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %55 = stablehlo.reduce(%54 init: %cst_7) applies stablehlo.add across dimensions = [2] : (tensor<3x5x10xf32>, tensor<f32>) -> tensor<3x5xf32>
    %56 = stablehlo.broadcast_in_dim %55, dims = [0, 1] : (tensor<3x5xf32>) -> tensor<3x5x1xf32>
    %cst_8 = stablehlo.constant dense<1.000000e+01> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<3x5x1xf32>
    %58 = stablehlo.divide %56, %57 : tensor<3x5x1xf32>
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %59 = call @_var(%54, %c_9) : (tensor<3x5x10xf32>, tensor<i32>) -> tensor<3x5x1xf32>
    %60 = stablehlo.broadcast_in_dim %58, dims = [0, 1, 2] : (tensor<3x5x1xf32>) -> tensor<3x5x10xf32>
    %61 = stablehlo.subtract %54, %60 : tensor<3x5x10xf32>
    %cst_10 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %62 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<3x5x1xf32>
    %63 = stablehlo.add %59, %62 : tensor<3x5x1xf32>
    %64 = stablehlo.rsqrt %63 : tensor<3x5x1xf32>
    %65 = stablehlo.broadcast_in_dim %64, dims = [0, 1, 2] : (tensor<3x5x1xf32>) -> tensor<3x5x10xf32>
    %66 = stablehlo.multiply %61, %65 : tensor<3x5x10xf32>
    %67 = stablehlo.broadcast_in_dim %arg8, dims = [2] : (tensor<10xf32>) -> tensor<1x1x10xf32>
    %68 = stablehlo.broadcast_in_dim %67, dims = [0, 1, 2] : (tensor<1x1x10xf32>) -> tensor<3x5x10xf32>
    %69 = stablehlo.multiply %66, %68 : tensor<3x5x10xf32>
    %70 = stablehlo.broadcast_in_dim %arg9, dims = [2] : (tensor<10xf32>) -> tensor<1x1x10xf32>
    %71 = stablehlo.broadcast_in_dim %70, dims = [0, 1, 2] : (tensor<1x1x10xf32>) -> tensor<3x5x10xf32>
    %72 = stablehlo.add %69, %71 : tensor<3x5x10xf32>
    return %72 : tensor<3x5x10xf32>
  }
  func.func private @_where(%arg0: tensor<3x1x1x5xi1>, %arg1: tensor<3x2x5x5xf32>, %arg2: tensor<f32>) -> tensor<3x2x5x5xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %arg0, dims = [0, 1, 2, 3] : (tensor<3x1x1x5xi1>) -> tensor<3x2x5x5xi1>
    %2 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<3x2x5x5xf32>
    %3 = stablehlo.select %1, %arg1, %2 : tensor<3x2x5x5xi1>, tensor<3x2x5x5xf32>
    return %3 : tensor<3x2x5x5xf32>
  }
  func.func private @_var(%arg0: tensor<3x5x10xf32>, %arg1: tensor<i32>) -> tensor<3x5x1xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [2] : (tensor<3x5x10xf32>, tensor<f32>) -> tensor<3x5xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<3x5xf32>) -> tensor<3x5x1xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+01> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3x5x1xf32>
    %3 = stablehlo.divide %1, %2 : tensor<3x5x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2] : (tensor<3x5x1xf32>) -> tensor<3x5x10xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<3x5x10xf32>
    %6 = chlo.square %5 : tensor<3x5x10xf32> -> tensor<3x5x10xf32>
    %7 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_1 = stablehlo.constant dense<1.000000e+01> : tensor<f32>
    %8 = stablehlo.subtract %cst_1, %7 : tensor<f32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %9 = stablehlo.reduce(%6 init: %cst_2) applies stablehlo.add across dimensions = [2] : (tensor<3x5x10xf32>, tensor<f32>) -> tensor<3x5xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<3x5xf32>) -> tensor<3x5x1xf32>
    %11 = stablehlo.broadcast_in_dim %8, dims = [] : (tensor<f32>) -> tensor<3x5x1xf32>
    %12 = stablehlo.divide %10, %11 : tensor<3x5x1xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.compare GT, %8, %cst_3, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_4 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %14 = call @_where_0(%13, %12, %cst_4) : (tensor<i1>, tensor<3x5x1xf32>, tensor<f32>) -> tensor<3x5x1xf32>
    return %14 : tensor<3x5x1xf32>
  }
  func.func private @_where_0(%arg0: tensor<i1>, %arg1: tensor<3x5x1xf32>, %arg2: tensor<f32>) -> tensor<3x5x1xf32> {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<3x5x1xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<3x5x1xf32>
    return %2 : tensor<3x5x1xf32>
  }
  func.func private @relu(%arg0: tensor<3x5x14xf32>) -> tensor<3x5x14xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x5x14xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<3x5x14xf32>
    return %1 : tensor<3x5x14xf32>
  }
}
