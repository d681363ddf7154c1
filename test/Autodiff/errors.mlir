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


// -----

// A gather that reads the values with the same loop at two positions (a
// diagonal) has no adjoint with a projected-permutation output map.
#d2 = affine_map<(d0) -> (d0)>
func.func @forward(%w: tensor<3x3xf32> {tofu.param}) -> tensor<f32> {
  %e = tensor.empty() : tensor<3xf32>
  // expected-error @+1 {{'linalg.generic' op cannot differentiate: gather reads the values with loop 0 at two positions}}
  %g = linalg.generic {indexing_maps = [#d2], iterator_types = ["parallel"]} outs(%e : tensor<3xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %v = tensor.extract %w[%i, %i] : tensor<3x3xf32>
    linalg.yield %v : f32
  } -> tensor<3xf32>
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<f32>
  %i0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %l = linalg.reduce ins(%g : tensor<3xf32>) outs(%i0 : tensor<f32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %l : tensor<f32>
}

// -----

// A gather whose float operand depends on a parameter (it would need the
// generic rule too).
#d1 = affine_map<(d0) -> (d0)>
func.func @forward(%w: tensor<3xf32> {tofu.param}, %idx: tensor<3xi32>) -> tensor<f32> {
  %e = tensor.empty() : tensor<3xf32>
  // expected-error @+1 {{'linalg.generic' op cannot differentiate: gather with a parameter-dependent float operand #1}}
  %g = linalg.generic {indexing_maps = [#d1, #d1, #d1], iterator_types = ["parallel"]} ins(%idx, %w : tensor<3xi32>, tensor<3xf32>) outs(%e : tensor<3xf32>) {
  ^bb0(%j: i32, %x: f32, %o: f32):
    %k = arith.index_cast %j : i32 to index
    %v = tensor.extract %w[%k] : tensor<3xf32>
    linalg.yield %v : f32
  } -> tensor<3xf32>
  %z = arith.constant 0.0 : f32
  %e0 = tensor.empty() : tensor<f32>
  %i0 = linalg.fill ins(%z : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
  %l = linalg.reduce ins(%g : tensor<3xf32>) outs(%i0 : tensor<f32>) dimensions = [0]
    (%a: f32, %b: f32) {
      %s = arith.addf %a, %b : f32
      linalg.yield %s : f32
    }
  return %l : tensor<f32>
}
