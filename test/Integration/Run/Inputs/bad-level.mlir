// The last rank calls a barrier on level 7 of a one-level grid, a runtime
// error, while the other ranks wait in a barrier of the whole world.
module {
  func.func private @tofu_rt_rank() -> i64
  func.func private @tofu_rt_size() -> i64
  func.func private @tofu_rt_barrier(i64) -> i32
  func.func @main() -> f32 {
    %r = func.call @tofu_rt_rank() : () -> i64
    %k = func.call @tofu_rt_size() : () -> i64
    %c1 = arith.constant 1 : i64
    %last = arith.subi %k, %c1 : i64
    %wrong = arith.cmpi eq, %r, %last : i64
    %world = arith.constant -1 : i64
    %seven = arith.constant 7 : i64
    %level = arith.select %wrong, %seven, %world : i64
    %rc = func.call @tofu_rt_barrier(%level) : (i64) -> i32
    %one = arith.constant 1.0 : f32
    return %one : f32
  }
}
