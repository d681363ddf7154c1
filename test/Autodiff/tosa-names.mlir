// Tests that --tofu-autodiff lowers TOSA forward ops to linalg in the training
// step, naming each lowered op after its TOSA op, while @forward keeps TOSA.
// RUN: tofu-opt %s --tofu-autodiff | FileCheck %s

// CHECK-LABEL: func.func @forward(
// CHECK: tosa.matmul {{.*}} {tofu.name = "matmul_2"}
// CHECK-LABEL: func.func @train_step(
// CHECK-NOT: tosa.
// CHECK: linalg.batch_matmul {tofu.name = "matmul_2.{{[0-9]+}}"}
// CHECK: %[[REDUCED:.*]] = linalg.reduce {{.*}} {tofu.name = "reduce_sum_3.{{[0-9]+}}"}
// CHECK: tofu.fwd = "reduce_sum_3.{{[0-9]+}}"
// CHECK: tofu.fwd = "matmul_2.{{[0-9]+}}", tofu.grad_of = "arg0"
// CHECK-NOT: tosa.
// CHECK: return
func.func @forward(%w: tensor<1x4x3xf32> {tofu.param}, %x: tensor<1x2x4xf32>) -> tensor<f32> {
  %zp = "tosa.const"() <{values = dense<0.0> : tensor<1xf32>}> : () -> tensor<1xf32>
  %shape = tosa.const_shape {values = dense<[]> : tensor<0xindex>} : () -> !tosa.shape<0>
  %m = tosa.matmul %x, %w, %zp, %zp : (tensor<1x2x4xf32>, tensor<1x4x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x2x3xf32>
  %s1 = tosa.reduce_sum %m {axis = 1 : i32} : (tensor<1x2x3xf32>) -> tensor<1x1x3xf32>
  %s2 = tosa.reduce_sum %s1 {axis = 2 : i32} : (tensor<1x1x3xf32>) -> tensor<1x1x1xf32>
  %l = tosa.reshape %s2, %shape : (tensor<1x1x1xf32>, !tosa.shape<0>) -> tensor<f32>
  return %l : tensor<f32>
}
