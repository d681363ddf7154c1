func.func @stray(%arg: f32) {
  tdl.yield %arg : f32
}
