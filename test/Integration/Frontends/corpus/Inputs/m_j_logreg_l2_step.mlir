// m_j_logreg_l2_step: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_steps attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<7xf32>, %arg1: tensor<10x7xf32>, %arg2: tensor<10xf32>) -> (tensor<7xf32> {jax.result_info = "result"}) {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0:5 = stablehlo.while(%iterArg = %arg1, %iterArg_1 = %arg2, %iterArg_2 = %c_0, %iterArg_3 = %c, %iterArg_4 = %arg0) : tensor<10x7xf32>, tensor<10xf32>, tensor<i32>, tensor<i32>, tensor<7xf32>
    cond {
      %c_5 = stablehlo.constant dense<3> : tensor<i32>
      %1 = stablehlo.compare LT, %iterArg_2, %c_5, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %1 : tensor<i1>
    } do {
      %1:2 = func.call @closed_call(%iterArg, %iterArg_1, %iterArg_3, %iterArg_4) : (tensor<10x7xf32>, tensor<10xf32>, tensor<i32>, tensor<7xf32>) -> (tensor<i32>, tensor<7xf32>)
      %c_5 = stablehlo.constant dense<1> : tensor<i32>
      %2 = stablehlo.add %iterArg_2, %c_5 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_1, %2, %1#0, %1#1 : tensor<10x7xf32>, tensor<10xf32>, tensor<i32>, tensor<i32>, tensor<7xf32>
    }
    return %0#4 : tensor<7xf32>
  }
  func.func private @closed_call(%arg0: tensor<10x7xf32>, %arg1: tensor<10xf32>, %arg2: tensor<i32>, %arg3: tensor<7xf32>) -> (tensor<i32>, tensor<7xf32>) {
    %c = stablehlo.constant dense<1> : tensor<i32>
    %0 = stablehlo.add %arg2, %c : tensor<i32>
    %1 = stablehlo.dot_general %arg0, %arg3, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<10x7xf32>, tensor<7xf32>) -> tensor<10xf32>
    %2:3 = call @softplus(%1) : (tensor<10xf32>) -> (tensor<10xf32>, tensor<10xf32>, tensor<10xf32>)
    %3 = stablehlo.multiply %arg1, %1 : tensor<10xf32>
    %4 = stablehlo.subtract %2#0, %3 : tensor<10xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.reduce(%4 init: %cst) applies stablehlo.add across dimensions = [0] : (tensor<10xf32>, tensor<f32>) -> tensor<f32>
    %cst_0 = stablehlo.constant dense<1.000000e+01> : tensor<f32>
    %6 = stablehlo.divide %5, %cst_0 : tensor<f32>
    %7 = stablehlo.multiply %arg3, %arg3 : tensor<7xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %8 = stablehlo.reduce(%7 init: %cst_1) applies stablehlo.add across dimensions = [0] : (tensor<7xf32>, tensor<f32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %9 = stablehlo.multiply %cst_2, %8 : tensor<f32>
    %10 = stablehlo.add %6, %9 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %11 = stablehlo.multiply %cst_3, %cst_4 : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<f32>) -> tensor<7xf32>
    %13 = stablehlo.multiply %arg3, %12 : tensor<7xf32>
    %14 = stablehlo.multiply %12, %arg3 : tensor<7xf32>
    %15 = stablehlo.add %13, %14 : tensor<7xf32>
    %cst_5 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_6 = stablehlo.constant dense<1.000000e+01> : tensor<f32>
    %16 = stablehlo.divide %cst_5, %cst_6 : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %16, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %18 = stablehlo.negate %17 : tensor<10xf32>
    %19 = stablehlo.multiply %arg1, %18 : tensor<10xf32>
    %20 = call @softplus_0(%2#1, %2#2, %17) : (tensor<10xf32>, tensor<10xf32>, tensor<10xf32>) -> tensor<10xf32>
    %21 = stablehlo.add %19, %20 : tensor<10xf32>
    %22 = stablehlo.dot_general %21, %arg0, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<10xf32>, tensor<10x7xf32>) -> tensor<7xf32>
    %23 = stablehlo.add %15, %22 : tensor<7xf32>
    %cst_7 = stablehlo.constant dense<5.000000e-01> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<7xf32>
    %25 = stablehlo.multiply %24, %23 : tensor<7xf32>
    %26 = stablehlo.subtract %arg3, %25 : tensor<7xf32>
    return %0, %26 : tensor<i32>, tensor<7xf32>
  }
  func.func private @softplus(%arg0: tensor<10xf32>) -> (tensor<10xf32>, tensor<10xf32>, tensor<10xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<10xf32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %3 = stablehlo.subtract %arg0, %2 : tensor<10xf32>
    %4 = stablehlo.compare NE, %3, %3, FLOAT : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %6 = stablehlo.add %arg0, %5 : tensor<10xf32>
    %7 = stablehlo.abs %3 : tensor<10xf32>
    %8 = stablehlo.negate %7 : tensor<10xf32>
    %9 = stablehlo.exponential %8 : tensor<10xf32>
    %10 = stablehlo.log_plus_one %9 : tensor<10xf32>
    %11 = stablehlo.add %1, %10 : tensor<10xf32>
    %12 = stablehlo.select %4, %6, %11 : tensor<10xi1>, tensor<10xf32>
    %cst_0 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %14 = stablehlo.compare EQ, %arg0, %13, FLOAT : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %16 = stablehlo.select %14, %15, %arg0 : tensor<10xi1>, tensor<10xf32>
    %cst_2 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %18 = stablehlo.compare EQ, %12, %17, FLOAT : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %20 = stablehlo.select %18, %19, %12 : tensor<10xi1>, tensor<10xf32>
    %21 = stablehlo.subtract %16, %20 : tensor<10xf32>
    %22 = stablehlo.exponential %21 : tensor<10xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_5 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %23 = stablehlo.compare EQ, %cst_4, %cst_5, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.select %23, %cst_7, %cst_6 : tensor<i1>, tensor<f32>
    %cst_8 = stablehlo.constant dense<0x7F800000> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %26 = stablehlo.compare EQ, %12, %25, FLOAT : (tensor<10xf32>, tensor<10xf32>) -> tensor<10xi1>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %28 = stablehlo.select %26, %27, %12 : tensor<10xi1>, tensor<10xf32>
    %29 = stablehlo.broadcast_in_dim %24, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %30 = stablehlo.subtract %29, %28 : tensor<10xf32>
    %31 = stablehlo.exponential %30 : tensor<10xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<10xf32>
    %33 = stablehlo.multiply %32, %31 : tensor<10xf32>
    return %12, %22, %33 : tensor<10xf32>, tensor<10xf32>, tensor<10xf32>
  }
  func.func private @softplus_0(%arg0: tensor<10xf32>, %arg1: tensor<10xf32>, %arg2: tensor<10xf32>) -> tensor<10xf32> {
    %0 = stablehlo.multiply %arg2, %arg0 : tensor<10xf32>
    return %0 : tensor<10xf32>
  }
}
