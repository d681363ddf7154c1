// Calls a function that no library defines: the AOT link fails, tofu-jit
// says which symbol is missing before compiling.
module {
  func.func private @tofu_no_such_function(f64) -> f64
  func.func @main(%x: f64) -> f64 {
    %y = func.call @tofu_no_such_function(%x) : (f64) -> f64
    return %y : f64
  }
}
