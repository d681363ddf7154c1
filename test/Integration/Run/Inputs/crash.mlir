// Rank 1 aborts while rank 0 waits in a barrier for it; on one rank, rank 0
// aborts.
module {
  func.func private @tofu_rt_rank() -> i64
  func.func private @tofu_rt_size() -> i64
  func.func private @tofu_rt_barrier(i64) -> i32
  func.func private @abort()
  func.func @main() -> f32 {
    %r = func.call @tofu_rt_rank() : () -> i64
    %k = func.call @tofu_rt_size() : () -> i64
    %c1 = arith.constant 1 : i64
    %last = arith.subi %k, %c1 : i64
    %crash = arith.cmpi eq, %r, %last : i64
    scf.if %crash {
      func.call @abort() : () -> ()
    }
    %world = arith.constant -1 : i64
    %rc = func.call @tofu_rt_barrier(%world) : (i64) -> i32
    %one = arith.constant 1.0 : f32
    return %one : f32
  }
}
