// Deliberately wrong descriptions for the negative test of the differential
// check (test/Reports/verify-tdl-negative.test): tosa.sub described as an
// addition, and tosa.reverse described as reading the input unreversed.
tdl.operator @"tosa.sub" dims ["..."] inputs [#tdl.broadcast, #tdl.broadcast] {
^bb0(%a: f32, %b: f32):
  %r = arith.addf %a, %b : f32
  tdl.yield %r : f32
}
tdl.operator @"tosa.reverse" dims ["..."] inputs [#tdl.broadcast] {
^bb0(%a: f32):
  tdl.yield %a : f32
}
