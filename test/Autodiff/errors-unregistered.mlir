// Tests that --tofu-autodiff rejects an unregistered op on the gradient path.
// RUN: tofu-opt %s --tofu-autodiff --allow-unregistered-dialect -verify-diagnostics

func.func @forward(%w: tensor<2xf32> {tofu.param}) -> tensor<f32> {
  // expected-error @+1 {{'foo.loss' op cannot differentiate: no gradient rule}}
  %l = "foo.loss"(%w) : (tensor<2xf32>) -> tensor<f32>
  return %l : tensor<f32>
}
