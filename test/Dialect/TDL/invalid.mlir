// Tests that the TDL verifiers reject malformed descriptions with located errors.
// RUN: tofu-opt %s -split-input-file -verify-diagnostics

// expected-error @+1 {{dimension 'x' is declared twice}}
tdl.operator @dup dims ["x", "x"] inputs []

// -----

// expected-error @+1 {{'...' must be the only output dimension}}
tdl.operator @ellipsis dims ["i", "..."] inputs []

// -----

// expected-error @+1 {{dimension names must not be empty}}
tdl.operator @empty dims [""] inputs []

// -----

// expected-error @+1 {{input #0 access has 1 dimensions but the iteration space has 2}}
tdl.operator @rank dims ["i"] reduce sum ["k"] inputs [affine_map<(i) -> (i)>]

// -----

// expected-error @+1 {{input #0 access uses 1 symbols but only 0 params are bound}}
tdl.operator @unbound dims ["i"] inputs [affine_map<(i)[s] -> (i + s)>]

// -----

// expected-error @+1 {{input #0 access is outside the affine subset}}
tdl.operator @notmap dims ["i"] inputs [42 : i64]

// -----

// expected-error @+1 {{input #0 access is outside the affine subset: divisor must be positive}}
tdl.operator @negdiv dims ["i"] inputs [affine_map<(i) -> (i floordiv -2)>]

// -----

// expected-error @+1 {{uses an access pattern, which needs a rank-generic iteration space}}
tdl.operator @pattern dims ["i"] inputs [#tdl.broadcast]

// -----

// expected-error @+1 {{expected string or keyword containing one of the following enum values for attribute 'reducer' [sum, max, min, prod]}}
tdl.operator @reducer dims ["i"] reduce avg ["k"] inputs []

// -----

// expected-error @+1 {{'reduce' needs at least one reduction dimension}}
tdl.operator @noreduce dims ["i"] reduce sum [] inputs []

// -----

// expected-error @+1 {{output map has 1 dimensions but the iteration space has 2}}
tdl.operator @outrank dims ["i", "j"] inputs [] output affine_map<(i) -> (i)>

// -----

// expected-error @+1 {{output map results must be output dimensions or 0, got d0 + d1}}
tdl.operator @outexpr dims ["i", "j"] inputs [] output affine_map<(i, j) -> (i + j)>

// -----

// expected-error @+1 {{output map uses dimension 'i' twice}}
tdl.operator @outtwice dims ["i", "j"] inputs [] output affine_map<(i, j) -> (i, i)>

// -----

// expected-error @+1 {{output map must place every output dimension}}
tdl.operator @outmissing dims ["i", "j"] inputs [] output affine_map<(i, j) -> (i)>

// -----

// expected-error @+1 {{output map constants must be 0}}
tdl.operator @outconst dims ["i"] inputs [] output affine_map<(i) -> (i, 1)>

// -----

// expected-error @+1 {{output map results must be output dimensions or 0, got d1}}
tdl.operator @outreduced dims ["i"] reduce sum ["k"] inputs [] output affine_map<(i, k) -> (k)>

// -----

// expected-error @+1 {{malformed parameter reference 'stride': expected 'attr.', 'operand.', 'in.N.shape' or 'out.shape'}}
tdl.operator @param dims ["i"] inputs [affine_map<(i)[s] -> (i * s)>] params ["stride"]

// -----

// expected-error @+1 {{malformed parameter reference 'attr.pad[x]': bad index 'x'}}
tdl.operator @paramidx dims ["i"] inputs [affine_map<(i)[s] -> (i + s)>] params ["attr.pad[x]"]

// -----

// expected-error @+1 {{malformed parameter reference 'in.0.shape': a shape reference needs an index}}
tdl.operator @paramshape dims ["i"] inputs [affine_map<(i)[s] -> (i + s)>] params ["in.0.shape"]

// -----

// expected-error @+1 {{reduction dimensions of a rank-generic description are parameter references}}
tdl.operator @genericred dims ["..."] reduce sum ["k"] inputs [#tdl.broadcast]

// -----

// expected-error @+1 {{a rank-generic description has no output map}}
tdl.operator @genericout dims ["..."] inputs [#tdl.broadcast] output affine_map<(i) -> (i)>

// -----

// expected-error @+1 {{'init' needs a reduction}}
tdl.operator @init dims ["i"] inputs [affine_map<(i) -> (i)>] attributes {init = 0 : i64}

// -----

// expected-error @+1 {{'init' names input #3 but there are 1 inputs}}
tdl.operator @init2 dims ["i"] reduce sum ["k"] inputs [affine_map<(i, k) -> (i, k)>] attributes {init = 3 : i64}

// -----

// expected-error @+1 {{'extents' names unknown dimension 'q'}}
tdl.operator @ext dims ["i"] inputs [] attributes {extents = {q = 3 : i64}}

// -----

// expected-error @+1 {{extent of 'i' must be positive}}
tdl.operator @ext2 dims ["i"] inputs [] attributes {extents = {i = 0 : i64}}

// -----

// expected-error @+1 {{'extents' values are parameter references or integers}}
tdl.operator @ext3 dims ["i"] inputs [] attributes {extents = {i = 1.0 : f32}}

// -----

// expected-error @+1 {{body has 2 arguments but there are 1 inputs}}
tdl.operator @args dims ["i"] inputs [affine_map<(i) -> (i)>] {
^bb0(%a: f32, %b: f32):
  tdl.yield %a : f32
}

// -----

// expected-error @+1 {{body arguments must be scalars, got 'tensor<4xf32>'}}
tdl.operator @tensorarg dims ["i"] inputs [affine_map<(i) -> (i)>] {
^bb0(%a: tensor<4xf32>):
  %c = arith.constant 0.0 : f32
  tdl.yield %c : f32
}

// -----

tdl.operator @impure dims ["i"] inputs [affine_map<(i) -> (i)>] {
^bb0(%a: f32):
  // expected-error @+1 {{is not side-effect free}}
  %m = memref.alloc() : memref<4xf32>
  tdl.yield %a : f32
}

// -----

tdl.operator @index dims ["i"] inputs [] {
^bb0:
  // expected-error @+1 {{dimension 3 is outside the iteration space of 1 dimensions}}
  %i = tdl.index 3
  %c = arith.constant 0.0 : f32
  tdl.yield %c : f32
}

// -----

func.func @stray(%arg: f32) {
  // expected-error @+1 {{'tdl.yield' op expects parent op 'tdl.operator'}}
  tdl.yield %arg : f32
}

// -----

// expected-error @+1 {{#tdl.guarded wraps an affine map or an access pattern}}
tdl.operator @guard dims ["..."] inputs [#tdl.guarded<5 : i64>]

// -----

// expected-error @+1 {{#tdl.shift scale must be 1 or -1, got 2}}
tdl.operator @shift dims ["..."] inputs [#tdl.shift<offsets = "attr.o[i]", scale = 2>]

// -----

// expected-error @+1 {{malformed parameter reference 'o': expected 'attr.'}}
tdl.operator @shift2 dims ["..."] inputs [#tdl.shift<offsets = "o">]

// -----

// expected-error @+1 {{batch dimension 'z' is not an output dimension}}
tdl.opaque @op1 dims ["b", "i"] batch ["z"] inputs []

// -----

// expected-error @+1 {{input #0 is indexed by unknown dimension 'q'}}
tdl.opaque @op2 dims ["b", "i"] batch ["b"] inputs [["q"]]

// -----

// expected-error @+1 {{input #0 is indexed by 'i', which is not a batch dimension; use ':'}}
tdl.opaque @op3 dims ["b", "i"] batch ["b"] inputs [["b", "i"]]

// -----

// expected-error @+1 {{dimension 'b' is declared twice}}
tdl.opaque @op4 dims ["b", "b"] batch ["b"] inputs []

// -----

func.func @missing(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'nothere' does not name a description}}
  %0 = tdl.apply @nothere(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @notdesc(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{'notdesc' is not a tdl.operator or tdl.opaque}}
  %0 = tdl.apply @notdesc(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

tdl.operator @one dims ["i"] inputs [affine_map<(i) -> (i)>]
func.func @arity(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{passes 2 operands to 'one', which has 1 inputs}}
  %0 = tdl.apply @one(%a, %a) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
