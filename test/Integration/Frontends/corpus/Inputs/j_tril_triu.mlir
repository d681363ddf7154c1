// j_tril_triu: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit__lambda attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<7x5xf32>) -> (tensor<7x5xf32> {jax.result_info = "result[0]"}, tensor<7x5xf32> {jax.result_info = "result[1]"}, tensor<7x5xf32> {jax.result_info = "result[2]"}) {
    %0 = call @tril(%arg0) : (tensor<7x5xf32>) -> tensor<7x5xf32>
    %1 = call @triu(%arg0) : (tensor<7x5xf32>) -> tensor<7x5xf32>
    %2 = stablehlo.iota dim = 0 : tensor<7x5xi32>
    %3 = stablehlo.iota dim = 1 : tensor<7x5xi32>
    %c = stablehlo.constant dense<1> : tensor<i32>
    %4 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<7x5xi32>
    %5 = stablehlo.add %2, %4 : tensor<7x5xi32>
    %6 = stablehlo.compare EQ, %5, %3, SIGNED : (tensor<7x5xi32>, tensor<7x5xi32>) -> tensor<7x5xi1>
    %7 = stablehlo.convert %6 : (tensor<7x5xi1>) -> tensor<7x5xf32>
    %8 = stablehlo.multiply %arg0, %7 : tensor<7x5xf32>
    return %0, %1, %8 : tensor<7x5xf32>, tensor<7x5xf32>, tensor<7x5xf32>
  }
  func.func private @tril(%arg0: tensor<7x5xf32>) -> tensor<7x5xf32> {
    %0 = stablehlo.iota dim = 0 : tensor<7x5xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<7x5xi32>
    %2 = stablehlo.add %0, %1 : tensor<7x5xi32>
    %3 = stablehlo.iota dim = 1 : tensor<7x5xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<7x5xi32>, tensor<7x5xi32>) -> tensor<7x5xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<7x5xf32>
    %6 = stablehlo.select %4, %arg0, %5 : tensor<7x5xi1>, tensor<7x5xf32>
    return %6 : tensor<7x5xf32>
  }
  func.func private @triu(%arg0: tensor<7x5xf32>) -> tensor<7x5xf32> {
    %0 = stablehlo.iota dim = 0 : tensor<7x5xi32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<7x5xi32>
    %2 = stablehlo.add %0, %1 : tensor<7x5xi32>
    %3 = stablehlo.iota dim = 1 : tensor<7x5xi32>
    %4 = stablehlo.compare GE, %2, %3, SIGNED : (tensor<7x5xi32>, tensor<7x5xi32>) -> tensor<7x5xi1>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<7x5xf32>
    %6 = stablehlo.select %4, %5, %arg0 : tensor<7x5xi1>, tensor<7x5xf32>
    return %6 : tensor<7x5xf32>
  }
}
