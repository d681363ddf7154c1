// RUN: tofu-opt %s --tofu-gpu-library-calls=memory=device | FileCheck %s
// RUN: tofu-opt %s --tofu-gpu-library-calls | FileCheck %s --check-prefix=MANAGED
// RUN: not tofu-opt %s --tofu-gpu-library-calls=memory=pinned 2>&1 | FileCheck %s --check-prefix=BAD

// memory=device: buffers the function does not return live in device
// memory; what may reach the results (directly or through a view) stays
// managed so that the caller can read it; constants are copied to the device
// with gpu.memcpy (and freed at the return). The default puts everything in
// managed memory.

memref.global "private" constant @bias : memref<4xf32> = dense<[1.0, 2.0, 3.0, 4.0]>

// CHECK-LABEL: func.func @step
// Device allocations and copies in the awaited async form that
// --gpu-to-llvm lowers.
// CHECK: %[[G:.*]] = memref.get_global @bias : memref<4xf32>
// CHECK-NEXT: %[[W0:.*]] = gpu.wait async
// CHECK-NEXT: %[[C:.*]], %[[A0:.*]] = gpu.alloc async [%[[W0]]] () : memref<4xf32>
// CHECK-NEXT: gpu.wait [%[[A0]]]
// CHECK-NEXT: %[[W1:.*]] = gpu.wait async
// CHECK-NEXT: %[[M:.*]] = gpu.memcpy async [%[[W1]]] %[[C]], %[[G]] : memref<4xf32>, memref<4xf32>
// CHECK-NEXT: gpu.wait [%[[M]]]
// CHECK: %[[T:.*]], %{{.*}} = gpu.alloc async [%{{.*}}] () : memref<4xf32>
// CHECK: %[[R:.*]] = gpu.alloc  host_shared () : memref<4xf32>
// CHECK: %[[V:.*]] = gpu.alloc  host_shared () : memref<2x4xf32>
// CHECK: linalg.add ins(%arg0, %[[C]] : memref<4xf32>, memref<4xf32>) outs(%[[T]] : memref<4xf32>)
// CHECK: gpu.dealloc async [%{{.*}}] %[[T]]
// The constant's copy is freed at the return.
// CHECK: gpu.dealloc async [%{{.*}}] %[[C]]
// CHECK-NEXT: gpu.wait
// CHECK-NEXT: return %[[R]], %{{.*}} : memref<4xf32>, memref<8xf32>
// MANAGED-LABEL: func.func @step
// MANAGED-NOT: gpu.alloc async
// MANAGED-NOT: gpu.memcpy
// MANAGED: memref.copy
// MANAGED-COUNT-3: gpu.alloc  host_shared
// BAD: for the --memory option: unknown value 'pinned'; expected one of: managed, device
func.func @step(%x: memref<4xf32>) -> (memref<4xf32>, memref<8xf32>) {
  %b = memref.get_global @bias : memref<4xf32>
  %t = memref.alloc() : memref<4xf32>
  %r = memref.alloc() : memref<4xf32>
  %v = memref.alloc() : memref<2x4xf32>
  linalg.add ins(%x, %b : memref<4xf32>, memref<4xf32>) outs(%t : memref<4xf32>)
  linalg.mul ins(%t, %t : memref<4xf32>, memref<4xf32>) outs(%r : memref<4xf32>)
  %flat = memref.collapse_shape %v [[0, 1]] : memref<2x4xf32> into memref<8xf32>
  memref.dealloc %t : memref<4xf32>
  return %r, %flat : memref<4xf32>, memref<8xf32>
}
