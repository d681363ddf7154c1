// The last rank stores through a wild pointer (address 8 * size, not known
// at compile time, so the store is not folded away): a real SIGSEGV, while
// the other ranks wait for it in a barrier.
module {
  func.func private @tofu_rt_rank() -> i64
  func.func private @tofu_rt_size() -> i64
  func.func private @tofu_rt_barrier(i64) -> i32
  func.func @main() -> f32 {
    %r = func.call @tofu_rt_rank() : () -> i64
    %k = func.call @tofu_rt_size() : () -> i64
    %c1 = arith.constant 1 : i64
    %last = arith.subi %k, %c1 : i64
    %crash = arith.cmpi eq, %r, %last : i64
    scf.if %crash {
      %c8 = arith.constant 8 : i64
      %addr = arith.muli %k, %c8 : i64
      %p = llvm.inttoptr %addr : i64 to !llvm.ptr
      %v = arith.constant 42 : i64
      llvm.store volatile %v, %p : i64, !llvm.ptr
    }
    %world = arith.constant -1 : i64
    %rc = func.call @tofu_rt_barrier(%world) : (i64) -> i32
    %one = arith.constant 1.0 : f32
    return %one : f32
  }
}
