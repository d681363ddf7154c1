// Tests that --tofu-autodiff=lr-arg=true rejects parameters that an f32
// learning rate cannot update.
// RUN: tofu-opt %s --tofu-autodiff="lr-arg=true" -verify-diagnostics

// expected-error @+1 {{'func.func' op parameter argument #0 must have f32 elements to use an f32 learning-rate argument}}
func.func @forward(%w: tensor<f64> {tofu.param}) -> tensor<f64> {
  return %w : tensor<f64>
}
