// x + transpose(x) (xor for i1) for every element type tofu-run reads:
// a split plan moves each x from rows to columns (alltoall-bytes.test).
func.func @main(%a0: tensor<16x16xf32>, %a1: tensor<16x16xf64>, %a2: tensor<16x16xi32>, %a3: tensor<16x16xi64>, %a4: tensor<16x16xi1>, %a5: tensor<16x16xi8>, %a6: tensor<16x16xi16>, %a7: tensor<16x16xf16>, %a8: tensor<16x16xbf16>) -> (tensor<16x16xf32>, tensor<16x16xf64>, tensor<16x16xi32>, tensor<16x16xi64>, tensor<16x16xi1>, tensor<16x16xi8>, tensor<16x16xi16>, tensor<16x16xf16>, tensor<16x16xbf16>) {
  %e0 = tensor.empty() : tensor<16x16xf32>
  %t0 = linalg.transpose ins(%a0 : tensor<16x16xf32>) outs(%e0 : tensor<16x16xf32>) permutation = [1, 0]
  %y0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a0, %t0 : tensor<16x16xf32>, tensor<16x16xf32>) outs(%e0 : tensor<16x16xf32>) {
  ^bb0(%p: f32, %q: f32, %o: f32):
    %r = arith.addf %p, %q : f32
    linalg.yield %r : f32
  } -> tensor<16x16xf32>
  %e1 = tensor.empty() : tensor<16x16xf64>
  %t1 = linalg.transpose ins(%a1 : tensor<16x16xf64>) outs(%e1 : tensor<16x16xf64>) permutation = [1, 0]
  %y1 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a1, %t1 : tensor<16x16xf64>, tensor<16x16xf64>) outs(%e1 : tensor<16x16xf64>) {
  ^bb0(%p: f64, %q: f64, %o: f64):
    %r = arith.addf %p, %q : f64
    linalg.yield %r : f64
  } -> tensor<16x16xf64>
  %e2 = tensor.empty() : tensor<16x16xi32>
  %t2 = linalg.transpose ins(%a2 : tensor<16x16xi32>) outs(%e2 : tensor<16x16xi32>) permutation = [1, 0]
  %y2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a2, %t2 : tensor<16x16xi32>, tensor<16x16xi32>) outs(%e2 : tensor<16x16xi32>) {
  ^bb0(%p: i32, %q: i32, %o: i32):
    %r = arith.addi %p, %q : i32
    linalg.yield %r : i32
  } -> tensor<16x16xi32>
  %e3 = tensor.empty() : tensor<16x16xi64>
  %t3 = linalg.transpose ins(%a3 : tensor<16x16xi64>) outs(%e3 : tensor<16x16xi64>) permutation = [1, 0]
  %y3 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a3, %t3 : tensor<16x16xi64>, tensor<16x16xi64>) outs(%e3 : tensor<16x16xi64>) {
  ^bb0(%p: i64, %q: i64, %o: i64):
    %r = arith.addi %p, %q : i64
    linalg.yield %r : i64
  } -> tensor<16x16xi64>
  %e4 = tensor.empty() : tensor<16x16xi1>
  %t4 = linalg.transpose ins(%a4 : tensor<16x16xi1>) outs(%e4 : tensor<16x16xi1>) permutation = [1, 0]
  %y4 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a4, %t4 : tensor<16x16xi1>, tensor<16x16xi1>) outs(%e4 : tensor<16x16xi1>) {
  ^bb0(%p: i1, %q: i1, %o: i1):
    %r = arith.xori %p, %q : i1
    linalg.yield %r : i1
  } -> tensor<16x16xi1>
  %e5 = tensor.empty() : tensor<16x16xi8>
  %t5 = linalg.transpose ins(%a5 : tensor<16x16xi8>) outs(%e5 : tensor<16x16xi8>) permutation = [1, 0]
  %y5 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a5, %t5 : tensor<16x16xi8>, tensor<16x16xi8>) outs(%e5 : tensor<16x16xi8>) {
  ^bb0(%p: i8, %q: i8, %o: i8):
    %r = arith.addi %p, %q : i8
    linalg.yield %r : i8
  } -> tensor<16x16xi8>
  %e6 = tensor.empty() : tensor<16x16xi16>
  %t6 = linalg.transpose ins(%a6 : tensor<16x16xi16>) outs(%e6 : tensor<16x16xi16>) permutation = [1, 0]
  %y6 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a6, %t6 : tensor<16x16xi16>, tensor<16x16xi16>) outs(%e6 : tensor<16x16xi16>) {
  ^bb0(%p: i16, %q: i16, %o: i16):
    %r = arith.addi %p, %q : i16
    linalg.yield %r : i16
  } -> tensor<16x16xi16>
  %e7 = tensor.empty() : tensor<16x16xf16>
  %t7 = linalg.transpose ins(%a7 : tensor<16x16xf16>) outs(%e7 : tensor<16x16xf16>) permutation = [1, 0]
  %y7 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a7, %t7 : tensor<16x16xf16>, tensor<16x16xf16>) outs(%e7 : tensor<16x16xf16>) {
  ^bb0(%p: f16, %q: f16, %o: f16):
    %r = arith.addf %p, %q : f16
    linalg.yield %r : f16
  } -> tensor<16x16xf16>
  %e8 = tensor.empty() : tensor<16x16xbf16>
  %t8 = linalg.transpose ins(%a8 : tensor<16x16xbf16>) outs(%e8 : tensor<16x16xbf16>) permutation = [1, 0]
  %y8 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a8, %t8 : tensor<16x16xbf16>, tensor<16x16xbf16>) outs(%e8 : tensor<16x16xbf16>) {
  ^bb0(%p: bf16, %q: bf16, %o: bf16):
    %r = arith.addf %p, %q : bf16
    linalg.yield %r : bf16
  } -> tensor<16x16xbf16>
  return %y0, %y1, %y2, %y3, %y4, %y5, %y6, %y7, %y8 : tensor<16x16xf32>, tensor<16x16xf64>, tensor<16x16xi32>, tensor<16x16xi64>, tensor<16x16xi1>, tensor<16x16xi8>, tensor<16x16xi16>, tensor<16x16xf16>, tensor<16x16xbf16>
}
