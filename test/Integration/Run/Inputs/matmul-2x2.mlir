// A hand-partitioned y = x @ w on a 2x2 grid, written as the materializer's
// output would be: level 0 splits the rows of x, level 1 the contraction, so
// each rank holds a partial product that is summed over level 1.
module attributes {tofu.partition = #tofu.plan<workers = 4, levels = [2, 2]>} {
  func.func private @tofu_rt_all_reduce_memref_f32(memref<*xf32>, i64, i32) -> i32
  func.func @main(%x: memref<2x4xf32> {tofu.layout = #tofu.layout<[0, 1]>, tofu.name = "x"},
                  %w: memref<4x6xf32> {tofu.layout = #tofu.layout<[replicated, 0]>, tofu.name = "w"})
      -> (memref<2x6xf32> {tofu.layout = #tofu.layout<[0, replicated]>}) {
    %y = memref.alloc() : memref<2x6xf32>
    %zero = arith.constant 0.0 : f32
    linalg.fill ins(%zero : f32) outs(%y : memref<2x6xf32>)
    linalg.matmul ins(%x, %w : memref<2x4xf32>, memref<4x6xf32>) outs(%y : memref<2x6xf32>)
    %u = memref.cast %y : memref<2x6xf32> to memref<*xf32>
    %level = arith.constant 1 : i64
    %sum = arith.constant 0 : i32
    %rc = func.call @tofu_rt_all_reduce_memref_f32(%u, %level, %sum) : (memref<*xf32>, i64, i32) -> i32
    return %y : memref<2x6xf32>
  }
}
