// RUN: tofu-opt --one-shot-bufferize=bufferize-function-boundaries --buffer-deallocation-pipeline --convert-bufferization-to-memref --tofu-early-dealloc %s | FileCheck %s

// Upstream deallocation frees every buffer at the end of the block; the pass
// moves each dealloc to right after the buffer's last use, views included.
func.func private @ext(memref<*xf32>) -> i32
// CHECK-LABEL: func.func @chain
func.func @chain(%x: tensor<8xf32>) -> tensor<4xf32> {
  %buf = memref.alloc() : memref<8xf32>
  %u = memref.cast %buf : memref<8xf32> to memref<*xf32>
  %r = func.call @ext(%u) : (memref<*xf32>) -> i32
  %t = bufferization.to_tensor %buf restrict : memref<8xf32> to tensor<8xf32>
  %e = tensor.empty() : tensor<8xf32>
  %s = linalg.add ins(%t, %x : tensor<8xf32>, tensor<8xf32>) outs(%e : tensor<8xf32>) -> tensor<8xf32>
  %h = tensor.extract_slice %s[4] [4] [1] : tensor<8xf32> to tensor<4xf32>
  %e2 = tensor.empty() : tensor<4xf32>
  %s2 = linalg.add ins(%h, %h : tensor<4xf32>, tensor<4xf32>) outs(%e2 : tensor<4xf32>) -> tensor<4xf32>
  %e3 = tensor.empty() : tensor<4xf32>
  %s3 = linalg.add ins(%s2, %s2 : tensor<4xf32>, tensor<4xf32>) outs(%e3 : tensor<4xf32>) -> tensor<4xf32>
  return %s3 : tensor<4xf32>
}
// CHECK: %[[BUF:.*]] = memref.alloc() : memref<8xf32>
// CHECK: call @ext
// CHECK: %[[A0:.*]] = memref.alloc() {{.*}} : memref<8xf32>
// CHECK-NEXT: linalg.add ins(%[[BUF]], {{.*}} outs(%[[A0]] :
// CHECK-NEXT: memref.dealloc %[[BUF]]
// CHECK: %[[V:.*]] = memref.subview %[[A0]]
// CHECK: %[[A1:.*]] = memref.alloc()
// CHECK-NEXT: linalg.add ins(%[[V]], %[[V]] {{.*}} outs(%[[A1]] :
// CHECK-NEXT: memref.dealloc %[[A0]]
// CHECK: %[[A2:.*]] = memref.alloc()
// CHECK-NEXT: linalg.add ins(%[[A1]], %[[A1]] {{.*}} outs(%[[A2]] :
// CHECK-NEXT: memref.dealloc %[[A1]]
// CHECK-NEXT: return %[[A2]]
