// The last rank sleeps for ever while the others wait for it in a barrier of
// the whole world: a deadlock ended by --timeout, whose report names the
// ranks blocked in MPI and the ranks they wait on.
module {
  func.func private @tofu_rt_rank() -> i64
  func.func private @tofu_rt_size() -> i64
  func.func private @tofu_rt_barrier(i64) -> i32
  func.func private @sleep(i32) -> i32
  func.func @main() -> f32 {
    %r = func.call @tofu_rt_rank() : () -> i64
    %k = func.call @tofu_rt_size() : () -> i64
    %c1 = arith.constant 1 : i64
    %last = arith.subi %k, %c1 : i64
    %sleeper = arith.cmpi eq, %r, %last : i64
    scf.if %sleeper {
      scf.while : () -> () {
        %true = arith.constant true
        scf.condition(%true)
      } do {
        %second = arith.constant 1 : i32
        %left = func.call @sleep(%second) : (i32) -> i32
        scf.yield
      }
    }
    %world = arith.constant -1 : i64
    %rc = func.call @tofu_rt_barrier(%world) : (i64) -> i32
    %one = arith.constant 1.0 : f32
    return %one : f32
  }
}
