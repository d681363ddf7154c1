// j_activations: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<6x5xf32>) -> (tensor<6x5xf32> {jax.result_info = "result[0]"}, tensor<6x5xf32> {jax.result_info = "result[1]"}, tensor<6x5xf32> {jax.result_info = "result[2]"}, tensor<6x5xf32> {jax.result_info = "result[3]"}, tensor<6x5xf32> {jax.result_info = "result[4]"}, tensor<6x5xf32> {jax.result_info = "result[5]"}, tensor<6x5xf32> {jax.result_info = "result[6]"}, tensor<6x5xf32> {jax.result_info = "result[7]"}) {
    %cst = stablehlo.constant dense<4.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %1 = stablehlo.multiply %arg0, %0 : tensor<6x5xf32>
    %2 = call @relu6(%1) : (tensor<6x5xf32>) -> tensor<6x5xf32>
    %3 = call @silu(%arg0) : (tensor<6x5xf32>) -> tensor<6x5xf32>
    %4 = stablehlo.negate %arg0 : tensor<6x5xf32>
    %5 = stablehlo.exponential %4 : tensor<6x5xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %7 = stablehlo.add %6, %5 : tensor<6x5xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %9 = stablehlo.divide %8, %7 : tensor<6x5xf32>
    %10 = call @softplus(%arg0) : (tensor<6x5xf32>) -> tensor<6x5xf32>
    %11 = call @elu(%arg0) : (tensor<6x5xf32>) -> tensor<6x5xf32>
    %cst_2 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %12 = call @leaky_relu(%arg0, %cst_2) : (tensor<6x5xf32>, tensor<f32>) -> tensor<6x5xf32>
    %13 = call @celu(%arg0) : (tensor<6x5xf32>) -> tensor<6x5xf32>
    %14 = call @hard_tanh(%arg0) : (tensor<6x5xf32>) -> tensor<6x5xf32>
    return %2, %3, %9, %10, %11, %12, %13, %14 : tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>
  }
  func.func private @relu6(%arg0: tensor<6x5xf32>) -> tensor<6x5xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<6x5xf32>
    %cst_0 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %3 = stablehlo.minimum %1, %2 : tensor<6x5xf32>
    return %3 : tensor<6x5xf32>
  }
  func.func private @silu(%arg0: tensor<6x5xf32>) -> tensor<6x5xf32> {
    %0 = stablehlo.negate %arg0 : tensor<6x5xf32>
    %1 = stablehlo.exponential %0 : tensor<6x5xf32>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %3 = stablehlo.add %2, %1 : tensor<6x5xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %5 = stablehlo.divide %4, %3 : tensor<6x5xf32>
    %6 = stablehlo.multiply %arg0, %5 : tensor<6x5xf32>
    return %6 : tensor<6x5xf32>
  }
  func.func private @softplus(%arg0: tensor<6x5xf32>) -> tensor<6x5xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<6x5xf32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %3 = stablehlo.subtract %arg0, %2 : tensor<6x5xf32>
    %4 = stablehlo.compare NE, %3, %3, FLOAT : (tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xi1>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %6 = stablehlo.add %arg0, %5 : tensor<6x5xf32>
    %7 = stablehlo.abs %3 : tensor<6x5xf32>
    %8 = stablehlo.negate %7 : tensor<6x5xf32>
    %9 = stablehlo.exponential %8 : tensor<6x5xf32>
    %10 = stablehlo.log_plus_one %9 : tensor<6x5xf32>
    %11 = stablehlo.add %1, %10 : tensor<6x5xf32>
    %12 = stablehlo.select %4, %6, %11 : tensor<6x5xi1>, tensor<6x5xf32>
    return %12 : tensor<6x5xf32>
  }
  func.func private @elu(%arg0: tensor<6x5xf32>) -> tensor<6x5xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %1 = stablehlo.compare GT, %arg0, %0, FLOAT : (tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %3 = stablehlo.compare GT, %arg0, %2, FLOAT : (tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = call @_where(%3, %cst_1, %arg0) : (tensor<6x5xi1>, tensor<f32>, tensor<6x5xf32>) -> tensor<6x5xf32>
    %5 = stablehlo.exponential_minus_one %4 : tensor<6x5xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %6 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %7 = stablehlo.multiply %6, %5 : tensor<6x5xf32>
    %8 = call @_where_0(%1, %arg0, %7) : (tensor<6x5xi1>, tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xf32>
    return %8 : tensor<6x5xf32>
  }
  func.func private @_where(%arg0: tensor<6x5xi1>, %arg1: tensor<f32>, %arg2: tensor<6x5xf32>) -> tensor<6x5xf32> {
    %0 = stablehlo.convert %arg1 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %2 = stablehlo.select %arg0, %1, %arg2 : tensor<6x5xi1>, tensor<6x5xf32>
    return %2 : tensor<6x5xf32>
  }
  func.func private @_where_0(%arg0: tensor<6x5xi1>, %arg1: tensor<6x5xf32>, %arg2: tensor<6x5xf32>) -> tensor<6x5xf32> {
    %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<6x5xi1>, tensor<6x5xf32>
    return %0 : tensor<6x5xf32>
  }
  func.func private @leaky_relu(%arg0: tensor<6x5xf32>, %arg1: tensor<f32>) -> tensor<6x5xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %1 = stablehlo.compare GE, %arg0, %0, FLOAT : (tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xi1>
    %2 = stablehlo.convert %arg1 : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %4 = stablehlo.multiply %3, %arg0 : tensor<6x5xf32>
    %5 = call @_where_0(%1, %arg0, %4) : (tensor<6x5xi1>, tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xf32>
    return %5 : tensor<6x5xf32>
  }
  func.func private @celu(%arg0: tensor<6x5xf32>) -> tensor<6x5xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<6x5xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %3 = stablehlo.minimum %arg0, %2 : tensor<6x5xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %5 = stablehlo.divide %3, %4 : tensor<6x5xf32>
    %6 = stablehlo.exponential_minus_one %5 : tensor<6x5xf32>
    %cst_2 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %8 = stablehlo.multiply %7, %6 : tensor<6x5xf32>
    %9 = stablehlo.add %1, %8 : tensor<6x5xf32>
    return %9 : tensor<6x5xf32>
  }
  func.func private @hard_tanh(%arg0: tensor<6x5xf32>) -> tensor<6x5xf32> {
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %1 = stablehlo.compare GT, %arg0, %0, FLOAT : (tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xi1>
    %cst_0 = stablehlo.constant dense<-1.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %3 = stablehlo.compare LT, %arg0, %2, FLOAT : (tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xi1>
    %c = stablehlo.constant dense<-1> : tensor<i32>
    %4 = call @_where_1(%3, %c, %arg0) : (tensor<6x5xi1>, tensor<i32>, tensor<6x5xf32>) -> tensor<6x5xf32>
    %c_1 = stablehlo.constant dense<1> : tensor<i32>
    %5 = call @_where_1(%1, %c_1, %4) : (tensor<6x5xi1>, tensor<i32>, tensor<6x5xf32>) -> tensor<6x5xf32>
    return %5 : tensor<6x5xf32>
  }
  func.func private @_where_1(%arg0: tensor<6x5xi1>, %arg1: tensor<i32>, %arg2: tensor<6x5xf32>) -> tensor<6x5xf32> {
    %0 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %2 = stablehlo.select %arg0, %1, %arg2 : tensor<6x5xi1>, tensor<6x5xf32>
    return %2 : tensor<6x5xf32>
  }
}
