// matmul-2x2.mlir at the tensor level, the way a materialized function can
// call the runtime before bufferization: the partial product is copied into a
// fresh buffer, all-reduced in place there, and turned back into a tensor
// (`restrict`: nothing else aliases the buffer).
module attributes {tofu.partition = #tofu.plan<workers = 4, levels = [2, 2]>} {
  func.func private @tofu_rt_all_reduce_memref_f32(memref<*xf32>, i64, i32) -> i32
  func.func @main(%x: tensor<2x4xf32> {tofu.layout = #tofu.layout<[0, 1]>, tofu.name = "x"},
                  %w: tensor<4x6xf32> {tofu.layout = #tofu.layout<[replicated, 0]>, tofu.name = "w"})
      -> (tensor<2x6xf32> {tofu.layout = #tofu.layout<[0, replicated]>}) {
    %zero = arith.constant 0.0 : f32
    %empty = tensor.empty() : tensor<2x6xf32>
    %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<2x6xf32>) -> tensor<2x6xf32>
    %partial = linalg.matmul ins(%x, %w : tensor<2x4xf32>, tensor<4x6xf32>)
                             outs(%init : tensor<2x6xf32>) -> tensor<2x6xf32>
    %src = bufferization.to_buffer %partial read_only : tensor<2x6xf32> to memref<2x6xf32>
    %buf = memref.alloc() : memref<2x6xf32>
    memref.copy %src, %buf : memref<2x6xf32> to memref<2x6xf32>
    %u = memref.cast %buf : memref<2x6xf32> to memref<*xf32>
    %level = arith.constant 1 : i64
    %sum = arith.constant 0 : i32
    %rc = func.call @tofu_rt_all_reduce_memref_f32(%u, %level, %sum) : (memref<*xf32>, i64, i32) -> i32
    %y = bufferization.to_tensor %buf restrict : memref<2x6xf32> to tensor<2x6xf32>
    return %y : tensor<2x6xf32>
  }
}
