// Fuzzer mutant kept for its diagnostic:
// error: _ op body arguments must be scalars, got _
tdl.operator @tensorarg dims ["i"] inputs [affine_map<(i) -> ()>] {
^bb0(%a: tensor<4xf32>):
  %c = arith.constant 0.0 : f32
  tdl.yield %c : f32
}
