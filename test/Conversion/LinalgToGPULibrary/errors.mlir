// Names the GPU lowering reserves for the runtime must not be taken.
// RUN: tofu-opt %s --tofu-gpu-library-calls --split-input-file --verify-diagnostics

// expected-error @+1 {{@tofu_rt_gpu_matmul_f32 is reserved for the GPU runtime and must be a function of type '(memref<*xf32>, memref<*xf32>, memref<*xf32>, i32, i32) -> i32'}}
func.func @tofu_rt_gpu_matmul_f32(%a: memref<4xf32>) {
  return
}
func.func @f(%a: memref<2x3xf32>, %b: memref<3x4xf32>, %c: memref<2x4xf32>) {
  linalg.matmul ins(%a, %b : memref<2x3xf32>, memref<3x4xf32>) outs(%c : memref<2x4xf32>)
  return
}

// -----

func.func private @tofu_rt_all_reduce_memref_f32(memref<*xf32>, i64, i32) -> i32
// expected-error @+1 {{@tofu_rt_gpu_all_reduce_memref_f32 is reserved for the GPU runtime and must be a function of type '(memref<*xf32>, i64, i32) -> i32'}}
func.func private @tofu_rt_gpu_all_reduce_memref_f32(memref<*xf32>) -> i32
func.func @g(%u: memref<*xf32>) -> i32 {
  %l = arith.constant 0 : i64
  %s = arith.constant 0 : i32
  %0 = func.call @tofu_rt_all_reduce_memref_f32(%u, %l, %s) : (memref<*xf32>, i64, i32) -> i32
  return %0 : i32
}
