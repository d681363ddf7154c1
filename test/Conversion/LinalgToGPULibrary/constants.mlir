// RUN: tofu-opt %s --tofu-gpu-library-calls | FileCheck %s

// Constants (memref.get_global) live in host memory: each use gets a managed
// copy, made once on the host right after the get_global, so that kernels
// can read it.
memref.global "private" constant @scale : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>
// CHECK-LABEL: func.func @scaled
// CHECK: %[[G:.*]] = memref.get_global @scale : memref<4xf32>
// CHECK-NEXT: %[[M:.*]] = gpu.alloc  host_shared () : memref<4xf32>
// CHECK-NEXT: memref.copy %[[G]], %[[M]]
// CHECK: linalg.mul ins(%arg0, %[[M]] : memref<4xf32>, memref<4xf32>) outs(%arg1 : memref<4xf32>)
func.func @scaled(%x: memref<4xf32>, %y: memref<4xf32>) {
  %s = memref.get_global @scale : memref<4xf32>
  linalg.mul ins(%x, %s : memref<4xf32>, memref<4xf32>) outs(%y : memref<4xf32>)
  return
}
