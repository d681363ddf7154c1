// Tests that --tofu-gpu-library-calls refuses collectives of element types
// the GPU runtime has no entry points for yet (here an i64 all-reduce),
// instead of leaving host calls that would read device memory.
// RUN: tofu-opt --tofu-gpu-library-calls --verify-diagnostics %s

func.func private @tofu_rt_all_reduce_memref_i64(memref<*xi64>, i64, i32) -> i32
func.func @sum_ids(%m: memref<4xi64>) {
  %u = memref.cast %m : memref<4xi64> to memref<*xi64>
  %level = arith.constant 0 : i64
  %sum = arith.constant 0 : i32
  // expected-error @below {{calls tofu_rt_all_reduce_memref_i64 on 'i64' data; the GPU runtime's collectives move f32 tensors (and all-reduce f64) only}}
  %rc = func.call @tofu_rt_all_reduce_memref_i64(%u, %level, %sum) : (memref<*xi64>, i64, i32) -> i32
  return
}
