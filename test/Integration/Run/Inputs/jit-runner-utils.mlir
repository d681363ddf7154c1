// Calls @rtclock, which only the MLIR runner-utils libraries define: the
// AOT link adds them (--as-needed), tofu-jit loads them on demand.
module {
  func.func private @rtclock() -> f64
  func.func @main(%x: f64) -> f64 {
    %t = func.call @rtclock() : () -> f64
    %z = arith.subf %t, %t : f64
    %r = arith.addf %x, %z : f64
    return %r : f64
  }
}
