// Tests that --tofu-autodiff reports unsupported input with located errors.
// RUN: tofu-opt %s --tofu-autodiff -split-input-file -verify-diagnostics

// expected-error @+1 {{no function named 'forward' to differentiate}}
module {
  func.func @model(%w: tensor<2xf32> {tofu.param}) -> tensor<f32> {
    %c = arith.constant dense<0.0> : tensor<f32>
    return %c : tensor<f32>
  }
}

// -----

// expected-error @+1 {{'func.func' op has no argument marked 'tofu.param'}}
func.func @forward(%x: tensor<2xf32>) -> tensor<f32> {
  %c = arith.constant dense<0.0> : tensor<f32>
  return %c : tensor<f32>
}

// -----

// expected-error @+1 {{'func.func' op must return a single 0-d float tensor (the loss)}}
func.func @forward(%w: tensor<2xf32> {tofu.param}) -> tensor<2xf32> {
  return %w : tensor<2xf32>
}

// -----

// expected-error @+1 {{'func.func' op must return a single 0-d float tensor (the loss)}}
func.func @forward(%w: tensor<f32> {tofu.param}) -> (tensor<f32>, tensor<f32>) {
  return %w, %w : tensor<f32>, tensor<f32>
}

// -----

// expected-error @+1 {{'func.func' op parameter argument #0 must be a statically shaped float tensor}}
func.func @forward(%w: tensor<?xf32> {tofu.param}) -> tensor<f32> {
  %c = arith.constant dense<0.0> : tensor<f32>
  return %c : tensor<f32>
}

// -----

// expected-error @+1 {{'func.func' op cannot differentiate a function without a body}}
func.func private @forward(%w: tensor<2xf32> {tofu.param}) -> tensor<f32>

// -----

// expected-error @+1 {{'func.func' op loss does not depend on any 'tofu.param' argument}}
func.func @forward(%w: tensor<2xf32> {tofu.param}) -> tensor<f32> {
  %c = arith.constant dense<0.0> : tensor<f32>
  return %c : tensor<f32>
}

// -----

// expected-error @+1 {{'func.func' op training-step name 'train_step' is already taken in the module}}
func.func @forward(%w: tensor<f32> {tofu.param}) -> tensor<f32> {
  return %w : tensor<f32>
}
func.func @train_step() {
  return
}

// -----

func.func @forward(%w: tensor<f32> {tofu.param}) -> tensor<f32> {
  %s = tensor.extract %w[] : tensor<f32>
  // expected-error @+1 {{'tensor.from_elements' op cannot differentiate: no gradient rule}}
  %t = tensor.from_elements %s : tensor<f32>
  return %t : tensor<f32>
}

// -----

#id = affine_map<(d0) -> (d0)>
#sc = affine_map<(d0) -> ()>
func.func @forward(%w: tensor<3xf32> {tofu.param}) -> tensor<f32> {
  %one = arith.constant dense<1.0> : tensor<f32>
  // expected-error @+1 {{'linalg.generic' op cannot differentiate: reduction body does not combine the output with addf, max or min}}
  %p = linalg.generic {indexing_maps = [#id, #sc], iterator_types = ["reduction"]} ins(%w : tensor<3xf32>) outs(%one : tensor<f32>) {
  ^bb0(%x: f32, %o: f32):
    %m = arith.mulf %o, %x : f32
    linalg.yield %m : f32
  } -> tensor<f32>
  return %p : tensor<f32>
}

// -----

#sc = affine_map<() -> ()>
func.func @forward(%w: tensor<f32> {tofu.param}) -> tensor<f32> {
  %e = tensor.empty() : tensor<f32>
  // expected-error @+1 {{'linalg.generic' op cannot differentiate: no derivative rule for 'math.atan' in the body}}
  %p = linalg.generic {indexing_maps = [#sc, #sc], iterator_types = []} ins(%w : tensor<f32>) outs(%e : tensor<f32>) {
  ^bb0(%x: f32, %o: f32):
    %a = math.atan %x : f32
    linalg.yield %a : f32
  } -> tensor<f32>
  return %p : tensor<f32>
}

// -----

#sc = affine_map<() -> ()>
func.func @forward(%w: tensor<f32> {tofu.param}) -> tensor<f32> {
  %s = tensor.extract %w[] : tensor<f32>
  %e = tensor.empty() : tensor<f32>
  // expected-error @+1 {{'linalg.generic' op cannot differentiate: a region uses a value computed from a parameter}}
  %p = linalg.generic {indexing_maps = [#sc], iterator_types = []} outs(%e : tensor<f32>) {
  ^bb0(%o: f32):
    linalg.yield %s : f32
  } -> tensor<f32>
  return %p : tensor<f32>
}

// -----

// expected-warning @+1 {{parameter #1 does not affect the loss; it is returned unchanged}}
func.func @forward(%w: tensor<f32> {tofu.param}, %unused: tensor<2xf32> {tofu.param}) -> tensor<f32> {
  return %w : tensor<f32>
}

