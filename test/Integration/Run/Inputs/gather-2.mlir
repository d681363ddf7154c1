// A hand-partitioned relu(x) + 1 on 2 ranks: x arrives split along its
// columns, each rank computes its block, then all-gathers the blocks along
// dimension 1; the second result stays split.
module attributes {tofu.partition = #tofu.plan<workers = 2, levels = [2]>} {
  func.func private @tofu_rt_all_gather_memref_f32(memref<*xf32>, memref<*xf32>, i64, i64) -> i32
  func.func @main(%x: memref<3x4xf32> {tofu.layout = #tofu.layout<[1]>})
      -> (memref<3x8xf32>, memref<3x4xf32> {tofu.layout = #tofu.layout<[1]>}) {
    %local = memref.alloc() : memref<3x4xf32>
    linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                    iterator_types = ["parallel", "parallel"]}
        ins(%x : memref<3x4xf32>) outs(%local : memref<3x4xf32>) {
    ^bb0(%in: f32, %out: f32):
      %zero = arith.constant 0.0 : f32
      %one = arith.constant 1.0 : f32
      %r = arith.maximumf %in, %zero : f32
      %s = arith.addf %r, %one : f32
      linalg.yield %s : f32
    }
    %whole = memref.alloc() : memref<3x8xf32>
    %in = memref.cast %local : memref<3x4xf32> to memref<*xf32>
    %out = memref.cast %whole : memref<3x8xf32> to memref<*xf32>
    %axis = arith.constant 1 : i64
    %level = arith.constant 0 : i64
    %rc = func.call @tofu_rt_all_gather_memref_f32(%in, %out, %axis, %level) : (memref<*xf32>, memref<*xf32>, i64, i64) -> i32
    return %whole, %local : memref<3x8xf32>, memref<3x4xf32>
  }
}
