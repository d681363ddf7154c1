// Tests that the training step built from an imported JAX forward function
// has one result attribute dictionary per result: the loss keeps the
// forward's `jax.result_info`, the updated parameters and gradients have
// none (copying the forward's single dictionary used to fail the verifier).
// RUN: tofu-opt %s --tofu-import-stablehlo --tofu-autodiff="forward=main" | FileCheck %s
// RUN: tofu-opt %s --tofu-import-stablehlo --tofu-autodiff="forward=main return-gradients=true lr-arg=true" | FileCheck %s --check-prefix=GRADS

// CHECK-LABEL: func.func public @main(
// CHECK-SAME: -> (tensor<f32> {jax.result_info = "result"})
// CHECK-LABEL: func.func public @train_step(
// CHECK-SAME: -> (tensor<4x3xf32>, tensor<f32> {jax.result_info = "result"})
// GRADS-LABEL: func.func public @train_step(
// GRADS-SAME: %{{.*}}: f32 {tofu.lr})
// GRADS-SAME: -> (tensor<4x3xf32>, tensor<f32> {jax.result_info = "result"}, tensor<4x3xf32>)
module @jit_loss attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4x3xf32> {tofu.param}, %arg1: tensor<2x4xf32>) -> (tensor<f32> {jax.result_info = "result"}) {
    %0 = stablehlo.dot_general %arg1, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x3xf32>) -> tensor<2x3xf32>
    %1 = stablehlo.multiply %0, %0 : tensor<2x3xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.reduce(%1 init: %cst) applies stablehlo.add across dimensions = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
    return %2 : tensor<f32>
  }
}
