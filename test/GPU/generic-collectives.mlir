// Tests that --tofu-gpu-library-calls refuses the element-type generic
// collectives (here an i64 all-reduce), which have no GPU entry points yet,
// instead of leaving host calls that would read device memory.
// RUN: tofu-opt --tofu-gpu-library-calls --verify-diagnostics %s

func.func private @tofu_rt_all_reduce_memref(memref<*xi64>, i64, i32, i32) -> i32
func.func @sum_ids(%m: memref<4xi64>) {
  %u = memref.cast %m : memref<4xi64> to memref<*xi64>
  %level = arith.constant 0 : i64
  %sum = arith.constant 0 : i32
  %i64 = arith.constant 8 : i32
  // expected-error @below {{calls tofu_rt_all_reduce_memref on 'i64' data; the GPU runtime's collectives move f32 tensors (and all-reduce f64) only}}
  %rc = func.call @tofu_rt_all_reduce_memref(%u, %level, %sum, %i64) : (memref<*xi64>, i64, i32, i32) -> i32
  return
}
