// j_bf16_compute: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<5x6xf32>, %arg1: tensor<6x3xf32>) -> (tensor<5x3xf32> {jax.result_info = "result[0]"}, tensor<5x6xf32> {jax.result_info = "result[1]"}) {
    %0 = stablehlo.convert %arg0 : (tensor<5x6xf32>) -> tensor<5x6xbf16>
    %1 = stablehlo.convert %arg1 : (tensor<6x3xf32>) -> tensor<6x3xbf16>
    %2 = stablehlo.dot_general %0, %1, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<5x6xbf16>, tensor<6x3xbf16>) -> tensor<5x3xbf16>
    %3 = stablehlo.convert %2 : (tensor<5x3xbf16>) -> tensor<5x3xf32>
    %4 = stablehlo.convert %arg0 : (tensor<5x6xf32>) -> tensor<5x6xf16>
    %cst = stablehlo.constant dense<3.000000e+00> : tensor<f16>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f16>) -> tensor<5x6xf16>
    %6 = stablehlo.multiply %4, %5 : tensor<5x6xf16>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<f16>
    %7 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f16>) -> tensor<5x6xf16>
    %8 = stablehlo.add %6, %7 : tensor<5x6xf16>
    %9 = stablehlo.convert %8 : (tensor<5x6xf16>) -> tensor<5x6xf32>
    return %3, %9 : tensor<5x3xf32>, tensor<5x6xf32>
  }
}
