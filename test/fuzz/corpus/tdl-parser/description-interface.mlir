tdl.operator @shift_two dims ["i"] inputs [affine_map<(i) -> (i + 2)>] {
^bb0(%a: f32):
  tdl.yield %a : f32
}

func.func @models(%x: tensor<4x8xf32>, %w: tensor<8x16xf32>, %o: tensor<4x16xf32>, %a: tensor<12xf32>) -> (tensor<4x16xf32>, tensor<10xf32>, tensor<4x16xf32>) {
  %m = linalg.matmul ins(%x, %w : tensor<4x8xf32>, tensor<8x16xf32>) outs(%o : tensor<4x16xf32>) -> tensor<4x16xf32>
  %e = tosa.exp %m : (tensor<4x16xf32>) -> tensor<4x16xf32>
  %s = tdl.apply @shift_two(%a) : (tensor<12xf32>) -> tensor<10xf32>
  %p = linalg.softmax dimension(1) ins(%e : tensor<4x16xf32>) outs(%o : tensor<4x16xf32>) -> tensor<4x16xf32>
  return %p, %s, %m : tensor<4x16xf32>, tensor<10xf32>, tensor<4x16xf32>
}
