// Never returns (libc sleep in an endless loop): the run must be stopped by
// --timeout.
module {
  func.func private @sleep(i32) -> i32
  func.func @main() -> f32 {
    scf.while : () -> () {
      %true = arith.constant true
      scf.condition(%true)
    } do {
      %second = arith.constant 1 : i32
      %left = func.call @sleep(%second) : (i32) -> i32
      scf.yield
    }
    %one = arith.constant 1.0 : f32
    return %one : f32
  }
}
