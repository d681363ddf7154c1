// Tests that a module using the runtime's product symbol otherwise is
// refused with a located diagnostic.
// RUN: tofu-opt %s --tofu-cpu-library-calls --verify-diagnostics

// expected-error @below {{@tofu_rt_cpu_matmul_f32 is reserved for the CPU runtime}}
func.func private @tofu_rt_cpu_matmul_f32(i32)

func.func @matmul(%a: memref<4x8xf32>, %b: memref<8x16xf32>, %c: memref<4x16xf32>) {
  linalg.matmul ins(%a, %b : memref<4x8xf32>, memref<8x16xf32>) outs(%c : memref<4x16xf32>)
  return
}
