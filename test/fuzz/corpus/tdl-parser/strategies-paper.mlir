tdl.operator @conv1d dims ["b", "co", "x"] reduce sum ["ci", "dx"]
    inputs [affine_map<(b, co, x, ci, dx) -> (b, ci, x + dx)>,
            affine_map<(b, co, x, ci, dx) -> (ci, co, dx)>] {
^bb0(%data: f32, %filter: f32):
  %0 = arith.mulf %data, %filter : f32
  tdl.yield %0 : f32
}

tdl.operator @shift_two dims ["i"] inputs [affine_map<(i) -> (i + 2)>] {
^bb0(%a: f32):
  tdl.yield %a : f32
}

func.func @shift(%a: tensor<12xf32>) -> tensor<10xf32> {
  %b = tdl.apply @shift_two(%a) : (tensor<12xf32>) -> tensor<10xf32>
  return %b : tensor<10xf32>
}

tdl.opaque @batch_cholesky dims ["b", "i", "j"] batch ["b"] inputs [["b", ":", ":"]]

func.func @matmul(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>, %o: tensor<4x16xf32>) -> tensor<4x16xf32> {
  %m = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x16xf32>) outs(%o : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %m : tensor<4x16xf32>
}
