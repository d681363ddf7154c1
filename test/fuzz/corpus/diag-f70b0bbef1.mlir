// Fuzzer mutant kept for its diagnostic:
// error: _ op is not side-effect free; TDL bodies are pure scalar expressions
tdl.operator @impure dims ["i"] inputs [affine_map<(i) -> ()>] {
^bb0(%a: f32):
  memref.alloc() : memref<4xf32>
  tdl.yield %a : f32
}
