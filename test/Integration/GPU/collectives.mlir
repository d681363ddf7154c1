// The runtime's collectives become their GPU versions (same operands), and
// the declarations of the CPU ones go when nothing calls them any more; the
// tensor-level form of docs/runtime.md goes through the whole kernel stage.
// RUN: tofu-opt %s --tofu-gpu-library-calls | FileCheck %s
// RUN: tofu-opt %tofu_src_root/test/Integration/Run/Inputs/matmul-2x2-tensor.mlir %gpu-kernels | FileCheck %s --check-prefix=TENSOR
// RUN: tofu-opt %tofu_src_root/test/Integration/Run/Inputs/gather-2.mlir %gpu-kernels | FileCheck %s --check-prefix=GATHER

// CHECK-NOT: func.func private @tofu_rt_all_reduce_memref_f32
// CHECK-DAG: func.func private @tofu_rt_gpu_all_reduce_memref_f32(memref<*xf32>, i64, i32) -> i32
// CHECK-DAG: func.func private @tofu_rt_gpu_reduce_scatter_memref_f32(memref<*xf32>, memref<*xf32>, i64, i64, i32) -> i32
// CHECK-DAG: func.func private @tofu_rt_gpu_all_to_all_memref_f32(memref<*xf32>, memref<*xf32>, i64, i64, i64) -> i32
// CHECK-DAG: func.func private @tofu_rt_gpu_broadcast_memref_f32(memref<*xf32>, i64, i64) -> i32
// CHECK-DAG: func.func private @tofu_rt_gpu_send_recv_memref_f32(memref<*xf32>, i64, memref<*xf32>, i64, i64) -> i32
// CHECK-DAG: func.func private @tofu_rt_gpu_all_reduce_memref_f64(memref<*xf64>, i64, i32) -> i32
// CHECK-NOT: func.func private @tofu_rt_all_reduce_memref_f64
// The CPU declaration that is still called elsewhere stays.
// CHECK-DAG: func.func private @tofu_rt_rank() -> i64
module attributes {tofu.partition = #tofu.plan<workers = 4, levels = [2, 2]>} {
  func.func private @tofu_rt_all_reduce_memref_f32(memref<*xf32>, i64, i32) -> i32
  func.func private @tofu_rt_reduce_scatter_memref_f32(memref<*xf32>, memref<*xf32>, i64, i64, i32) -> i32
  func.func private @tofu_rt_all_to_all_memref_f32(memref<*xf32>, memref<*xf32>, i64, i64, i64) -> i32
  func.func private @tofu_rt_broadcast_memref_f32(memref<*xf32>, i64, i64) -> i32
  func.func private @tofu_rt_send_recv_memref_f32(memref<*xf32>, i64, memref<*xf32>, i64, i64) -> i32
  func.func private @tofu_rt_rank() -> i64
  func.func private @tofu_rt_all_reduce_memref_f64(memref<*xf64>, i64, i32) -> i32

  // CHECK-LABEL: func.func @main(
  func.func @main(%x: memref<4x6xf32>) -> (memref<2x6xf32>, i64) {
    %l0 = arith.constant 0 : i64
    %l1 = arith.constant 1 : i64
    %sum = arith.constant 0 : i32
    // CHECK: %[[BUF:.*]] = gpu.alloc  host_shared () : memref<4x6xf32>
    %buf = memref.alloc() : memref<4x6xf32>
    // CHECK: linalg.copy ins(%{{.*}} : memref<4x6xf32>) outs(%[[BUF]] : memref<4x6xf32>)
    memref.copy %x, %buf : memref<4x6xf32> to memref<4x6xf32>
    %u = memref.cast %buf : memref<4x6xf32> to memref<*xf32>
    // CHECK: call @tofu_rt_gpu_all_reduce_memref_f32(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<*xf32>, i64, i32) -> i32
    %0 = func.call @tofu_rt_all_reduce_memref_f32(%u, %l1, %sum) : (memref<*xf32>, i64, i32) -> i32
    %half = memref.alloc() : memref<2x6xf32>
    %h = memref.cast %half : memref<2x6xf32> to memref<*xf32>
    // CHECK: call @tofu_rt_gpu_reduce_scatter_memref_f32(
    %1 = func.call @tofu_rt_reduce_scatter_memref_f32(%u, %h, %l0, %l0, %sum) : (memref<*xf32>, memref<*xf32>, i64, i64, i32) -> i32
    %t = memref.alloc() : memref<4x6xf32>
    %tu = memref.cast %t : memref<4x6xf32> to memref<*xf32>
    // CHECK: call @tofu_rt_gpu_all_to_all_memref_f32(
    %2 = func.call @tofu_rt_all_to_all_memref_f32(%u, %tu, %l0, %l0, %l1) : (memref<*xf32>, memref<*xf32>, i64, i64, i64) -> i32
    // CHECK: call @tofu_rt_gpu_broadcast_memref_f32(
    %3 = func.call @tofu_rt_broadcast_memref_f32(%tu, %l0, %l1) : (memref<*xf32>, i64, i64) -> i32
    // CHECK: call @tofu_rt_gpu_send_recv_memref_f32(
    %4 = func.call @tofu_rt_send_recv_memref_f32(%u, %l0, %tu, %l0, %l1) : (memref<*xf32>, i64, memref<*xf32>, i64, i64) -> i32
    %r = func.call @tofu_rt_rank() : () -> i64
    // f64 all-reduces (layer-norm statistics of torch-mlir models) too.
    %d = memref.alloc() : memref<6xf64>
    %du = memref.cast %d : memref<6xf64> to memref<*xf64>
    // CHECK: call @tofu_rt_gpu_all_reduce_memref_f64(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<*xf64>, i64, i32) -> i32
    %5 = func.call @tofu_rt_all_reduce_memref_f64(%du, %l0, %sum) : (memref<*xf64>, i64, i32) -> i32
    memref.dealloc %d : memref<6xf64>
    // CHECK: gpu.wait async
    // CHECK-NEXT: gpu.dealloc async
    // CHECK-NEXT: gpu.wait [
    memref.dealloc %t : memref<4x6xf32>
    return %half, %r : memref<2x6xf32>, i64
  }
}

// TENSOR-NOT: @tofu_rt_all_reduce_memref_f32
// TENSOR: call @tofu_rt_gpu_matmul_f32(%{{.*}}, %{{.*}}, %{{.*}}, %c0_i32, %c0_i32)
// TENSOR: gpu.launch_func
// TENSOR: call @tofu_rt_gpu_all_reduce_memref_f32(%{{.*}}, %c1_i64, %c0_i32)

// GATHER: gpu.launch_func
// GATHER: call @tofu_rt_gpu_all_gather_memref_f32(%{{.*}}, %{{.*}}, %c1_i64, %c0_i64)
