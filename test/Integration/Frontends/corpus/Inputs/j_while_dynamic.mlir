// j_while_dynamic: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_fn attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<f32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<i32> {jax.result_info = "result[1]"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %c) : tensor<f32>, tensor<i32>
    cond {
      %cst = stablehlo.constant dense<1.000000e+01> : tensor<f32>
      %1 = stablehlo.compare LT, %iterArg, %cst, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %cst = stablehlo.constant dense<1.500000e+00> : tensor<f32>
      %1 = stablehlo.multiply %iterArg, %cst : tensor<f32>
      %cst_1 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
      %2 = stablehlo.add %1, %cst_1 : tensor<f32>
      %c_2 = stablehlo.constant dense<1> : tensor<i32>
      %3 = stablehlo.add %iterArg_0, %c_2 : tensor<i32>
      stablehlo.return %2, %3 : tensor<f32>, tensor<i32>
    }
    return %0#0, %0#1 : tensor<f32>, tensor<i32>
  }
}
