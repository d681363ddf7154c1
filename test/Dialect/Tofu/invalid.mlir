// Tests that the Tofu dialect's verifier rejects malformed plans and naming
// attributes with located errors.
// RUN: tofu-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{#tofu.plan: workers = 8 but the levels multiply to 4}}
module attributes {tofu.partition = #tofu.plan<workers = 8, levels = [2, 2]>} {}

// -----

// expected-error @+1 {{#tofu.plan: levels must be positive, got 0}}
module attributes {tofu.partition = #tofu.plan<workers = 2, levels = [2, 0]>} {}

// -----

// expected-error @+1 {{#tofu.plan: a schedule needs microbatches}}
module attributes {tofu.partition = #tofu.plan<workers = 2, levels = [2], schedule = "1f1b">} {}

// -----

// expected-error @+1 {{'builtin.module' op tofu.partition must be a #tofu.plan, got {gpus = 4 : i64}}}
module attributes {tofu.partition = {gpus = 4 : i64}} {}

// -----

module attributes {tofu.partition = #tofu.plan<workers = 4, levels = [2, 2]>} {
  // expected-error @+1 {{'func.func' op argument 0: tofu.layout has 1 levels for a plan of 2}}
  func.func @main(%x: tensor<8x4xf32> {tofu.layout = #tofu.layout<[0]>}) -> tensor<8x4xf32> {
    return %x : tensor<8x4xf32>
  }
}

// -----

module attributes {tofu.partition = #tofu.plan<workers = 4, levels = [2, 2]>} {
  // expected-error @+1 {{'func.func' op argument 0: tofu.layout names dimension 2 of a rank-2 value}}
  func.func @main(%x: memref<2x4xf32> {tofu.layout = #tofu.layout<[0, 2]>}) {
    return
  }
}

// -----

module attributes {tofu.partition = #tofu.plan<workers = 2, levels = [2]>} {
  // expected-error @+1 {{'func.func' op result 0: tofu.layout names dimension 1 of a rank-1 value}}
  func.func private @f() -> (tensor<4xf32> {tofu.layout = #tofu.layout<[padded<1>]>})
}

// -----

// expected-error @+1 {{'func.func' op argument 0 has a tofu.layout but no enclosing op has a tofu.partition plan}}
func.func @main(%x: tensor<8x4xf32> {tofu.layout = #tofu.layout<[0, 1]>}) -> tensor<8x4xf32> {
  return %x : tensor<8x4xf32>
}

// -----

module attributes {tofu.partition = #tofu.plan<workers = 4, levels = [2, 2]>} {
  // expected-error @+1 {{'func.func' op argument 0: tofu.layout must be a #tofu.layout, got array<i64: 0, 1>}}
  func.func private @f(tensor<8x4xf32> {tofu.layout = array<i64: 0, 1>})
}

// -----

module attributes {tofu.partition = #tofu.plan<workers = 4, levels = [2, 2]>} {
  // expected-error @+1 {{'func.func' op argument 0: tofu.global_shape has 1 dimensions for a rank-2 value}}
  func.func private @f(tensor<8x4xf32> {tofu.global_shape = array<i64: 16>})
}

// -----

module attributes {tofu.partition = #tofu.plan<workers = 4, levels = [2, 2]>} {
  func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
    // expected-error @+1 {{'arith.addf' op tofu.strategy has 1 entries for a plan of 2 levels}}
    %y = arith.addf %x, %x {tofu.strategy = #tofu.strategy<[0]>} : tensor<8xf32>
    return %y : tensor<8xf32>
  }
}

// -----

func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'arith.addf' op has a tofu.strategy but no enclosing op has a tofu.partition plan}}
  %y = arith.addf %x, %x {tofu.strategy = #tofu.strategy<[0]>} : tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

module attributes {tofu.partition = #tofu.plan<workers = 2, levels = [2]>} {
  func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
    // expected-error @+1 {{'arith.addf' op tofu.layouts has 2 layouts for 1 results}}
    %y = arith.addf %x, %x {tofu.layouts = [#tofu.layout<[0]>, #tofu.layout<[0]>]} : tensor<8xf32>
    return %y : tensor<8xf32>
  }
}

// -----

module attributes {tofu.partition = #tofu.plan<workers = 2, levels = [2]>} {
  func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
    // expected-error @+1 {{'arith.addf' op result 0: tofu.layouts names dimension 3 of a rank-1 value}}
    %y = arith.addf %x, %x {tofu.layouts = [#tofu.layout<[3]>]} : tensor<8xf32>
    return %y : tensor<8xf32>
  }
}

// -----

module attributes {tofu.partition = #tofu.plan<workers = 2, levels = [2]>} {
  func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
    // expected-error @+1 {{'arith.addf' op tofu.layout is an attribute of function arguments and results (ops carry tofu.layouts)}}
    %y = arith.addf %x, %x {tofu.layout = #tofu.layout<[0]>} : tensor<8xf32>
    return %y : tensor<8xf32>
  }
}

// -----

// expected-error @+2 {{expected a dimension (>= 0), 'replicated', 'partial<...>' or 'padded<...>', got -1}}
// expected-error @+1 {{failed to parse Tofu_LayoutAttr parameter 'levels'}}
func.func private @f(tensor<8xf32> {tofu.layout = #tofu.layout<[-1]>})

// -----

// expected-error @+2 {{unknown reducer 'sum'; expected add, mul, max, min, and, or or xor}}
// expected-error @+1 {{failed to parse Tofu_LayoutAttr parameter 'levels'}}
func.func private @f(tensor<8xf32> {tofu.layout = #tofu.layout<[partial<sum>]>})

// -----

// expected-error @+1 {{#tofu.strategy stage must be non-negative, got -1}}
func.func private @f() attributes {s = #tofu.strategy<[0], stage = -1>}

// -----

// expected-error @+1 {{'func.func' op argument 0: tofu.name must be a string, got 3 : i64}}
func.func private @f(tensor<8xf32> {tofu.name = 3})

// -----

// expected-error @+1 {{'func.func' op argument 0: tofu.param must be a unit attribute, got "yes"}}
func.func private @f(tensor<8xf32> {tofu.param = "yes"})

// -----

func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'arith.addf' op tofu.step must be an integer, got "one"}}
  %y = arith.addf %x, %x {tofu.step = "one"} : tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

func.func @f(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error @+1 {{'arith.addf' op unknown attribute 'tofu.nmae'; the Tofu dialect defines tofu.partition, tofu.strategy}}
  %y = arith.addf %x, %x {tofu.nmae = "y"} : tensor<8xf32>
  return %y : tensor<8xf32>
}

// -----

// expected-error @+1 {{'func.func' op argument 0: tofu.strategy is an attribute of ops, not of values}}
func.func private @f(tensor<8xf32> {tofu.strategy = #tofu.strategy<[0]>})

// -----

// expected-error @+1 {{#tofu.plan: schedule must be "gpipe", "1f1b" or "interleaved", got "zigzag"}}
module attributes {tofu.partition = #tofu.plan<workers = 2, levels = [2], microbatches = 2, schedule = "zigzag">} {}

// -----

// expected-error @+1 {{#tofu.plan: virtual_stages goes with schedule = "interleaved", and only with it}}
module attributes {tofu.partition = #tofu.plan<workers = 2, levels = [2], microbatches = 2, schedule = "1f1b", stages = 2, virtual_stages = 2>} {}

// -----

// expected-error @+1 {{#tofu.plan: virtual_stages goes with schedule = "interleaved", and only with it}}
module attributes {tofu.partition = #tofu.plan<workers = 2, levels = [2], microbatches = 2, schedule = "interleaved", stages = 2>} {}

// -----

// expected-error @+1 {{#tofu.plan: virtual_stages must be 2 or more, got 1}}
module attributes {tofu.partition = #tofu.plan<workers = 2, levels = [2], microbatches = 2, schedule = "interleaved", stages = 2, virtual_stages = 1>} {}

// -----

// expected-error @+1 {{#tofu.plan: virtual_stages needs stages}}
module attributes {tofu.partition = #tofu.plan<workers = 2, levels = [2], microbatches = 2, schedule = "interleaved", virtual_stages = 2>} {}

// -----

// expected-error @+1 {{#tofu.plan: stages = 2 must be the first level (the stage axis)}}
module attributes {tofu.partition = #tofu.plan<workers = 4, levels = [4], stages = 2>} {}
