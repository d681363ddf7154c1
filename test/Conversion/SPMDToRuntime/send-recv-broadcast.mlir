// Tests that --tofu-lower-spmd turns shard.send, shard.recv and
// shard.broadcast into the runtime's memref calls on the op's one level
// (the in-group index is the coordinate there): a send passes its input
// through, a receive fills a fresh buffer, a broadcast works in place on a
// copy; and that the calls survive the CPU pipeline although nothing uses
// their results.
// RUN: tofu-opt --tofu-lower-spmd %s | FileCheck %s
// RUN: tofu-opt --tofu-lower-to-llvm-cpu %s | FileCheck %s --check-prefix=LLVM

shard.grid @g(shape = 2x3)

// CHECK-DAG: func.func private @tofu_rt_send_memref_f32(memref<*xf32>, i64, i64) -> i32
// CHECK-DAG: func.func private @tofu_rt_recv_memref_f32(memref<*xf32>, i64, i64) -> i32
// CHECK-DAG: func.func private @tofu_rt_send_memref_i64(memref<*xi64>, i64, i64) -> i32
// CHECK-DAG: func.func private @tofu_rt_broadcast_memref_f32(memref<*xf32>, i64, i64) -> i32
// CHECK-DAG: func.func private @tofu_rt_broadcast_memref_bf16(memref<*xbf16>, i64, i64) -> i32
// CHECK-NOT: shard.grid

// CHECK-LABEL: func.func @send
// CHECK-SAME: (%[[X:.*]]: tensor<4x2xf32>)
// CHECK: %[[SRC:.*]] = bufferization.to_buffer %[[X]] read_only : tensor<4x2xf32> to memref<4x2xf32>
// CHECK: %[[U:.*]] = memref.cast %[[SRC]] : memref<4x2xf32> to memref<*xf32>
// CHECK-DAG: %[[LEVEL:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[DEST:.*]] = arith.constant 2 : i64
// CHECK: call @tofu_rt_send_memref_f32(%[[U]], %[[LEVEL]], %[[DEST]]) : (memref<*xf32>, i64, i64) -> i32
// CHECK: return %[[X]]
// LLVM-LABEL: llvm.func @send
// LLVM: llvm.call @tofu_rt_send_memref_f32
func.func @send(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %r = shard.send %x on @g grid_axes = [1] destination = [2] : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// A send whose result nothing uses is still made.
// CHECK-LABEL: func.func @send_unused
// CHECK: call @tofu_rt_send_memref_i64(%{{.*}}, %{{.*}}, %{{.*}}) : (memref<*xi64>, i64, i64) -> i32
// LLVM-LABEL: llvm.func @send_unused
// LLVM: llvm.call @tofu_rt_send_memref_i64
func.func @send_unused(%x: tensor<3xi64>) {
  %r = shard.send %x on @g grid_axes = [0] destination = [1] : (tensor<3xi64>) -> tensor<3xi64>
  return
}

// CHECK-LABEL: func.func @recv
// CHECK-NOT: bufferization.to_buffer
// CHECK: %[[BUF:.*]] = memref.alloc() : memref<4x2xf32>
// CHECK: %[[U:.*]] = memref.cast %[[BUF]] : memref<4x2xf32> to memref<*xf32>
// CHECK-DAG: %[[LEVEL:.*]] = arith.constant 0 : i64
// CHECK-DAG: %[[SOURCE:.*]] = arith.constant 1 : i64
// CHECK: call @tofu_rt_recv_memref_f32(%[[U]], %[[LEVEL]], %[[SOURCE]]) : (memref<*xf32>, i64, i64) -> i32
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[BUF]] restrict : memref<4x2xf32> to tensor<4x2xf32>
// CHECK: return %[[T]]
// LLVM-LABEL: llvm.func @recv
// LLVM: llvm.call @tofu_rt_recv_memref_f32
func.func @recv(%shape: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %r = shard.recv %shape on @g grid_axes = [0] source = [1] : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// A receive whose result nothing uses still takes its message.
// CHECK-LABEL: func.func @recv_unused
// CHECK: call @tofu_rt_recv_memref_f32(
// LLVM-LABEL: llvm.func @recv_unused
// LLVM: llvm.call @tofu_rt_recv_memref_f32
func.func @recv_unused(%shape: tensor<5xf32>) {
  %r = shard.recv %shape on @g grid_axes = [1] source = [0] : (tensor<5xf32>) -> tensor<5xf32>
  return
}

// CHECK-LABEL: func.func @broadcast
// CHECK-SAME: (%[[X:.*]]: tensor<4x2xf32>)
// CHECK: %[[SRC:.*]] = bufferization.to_buffer %[[X]] read_only : tensor<4x2xf32> to memref<4x2xf32>
// CHECK: %[[BUF:.*]] = memref.alloc() : memref<4x2xf32>
// CHECK: memref.copy %[[SRC]], %[[BUF]]
// CHECK: %[[U:.*]] = memref.cast %[[BUF]] : memref<4x2xf32> to memref<*xf32>
// CHECK-DAG: %[[ROOT:.*]] = arith.constant 2 : i64
// CHECK-DAG: %[[LEVEL:.*]] = arith.constant 1 : i64
// CHECK: call @tofu_rt_broadcast_memref_f32(%[[U]], %[[ROOT]], %[[LEVEL]]) : (memref<*xf32>, i64, i64) -> i32
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[BUF]] restrict : memref<4x2xf32> to tensor<4x2xf32>
// CHECK: return %[[T]]
func.func @broadcast(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %r = shard.broadcast %x on @g grid_axes = [1] root = [2] : (tensor<4x2xf32>) -> tensor<4x2xf32>
  return %r : tensor<4x2xf32>
}

// A 0-d tensor is one element.
// CHECK-LABEL: func.func @broadcast_scalar
// CHECK-SAME: (%[[X:.*]]: tensor<bf16>)
// CHECK: %[[SRC:.*]] = bufferization.to_buffer %[[X]] read_only : tensor<bf16> to memref<bf16>
// CHECK: %[[BUF:.*]] = memref.alloc() : memref<bf16>
// CHECK: memref.copy %[[SRC]], %[[BUF]]
// CHECK: %[[U:.*]] = memref.cast %[[BUF]] : memref<bf16> to memref<*xbf16>
// CHECK-DAG: %[[ROOT:.*]] = arith.constant 1 : i64
// CHECK-DAG: %[[LEVEL:.*]] = arith.constant 0 : i64
// CHECK: call @tofu_rt_broadcast_memref_bf16(%[[U]], %[[ROOT]], %[[LEVEL]]) : (memref<*xbf16>, i64, i64) -> i32
// CHECK: %[[T:.*]] = bufferization.to_tensor %[[BUF]] restrict : memref<bf16> to tensor<bf16>
// CHECK: return %[[T]]
// LLVM-LABEL: llvm.func @broadcast_scalar
// LLVM: llvm.call @tofu_rt_broadcast_memref_bf16
func.func @broadcast_scalar(%x: tensor<bf16>) -> tensor<bf16> {
  %r = shard.broadcast %x on @g grid_axes = [0] root = [1] : (tensor<bf16>) -> tensor<bf16>
  return %r : tensor<bf16>
}
