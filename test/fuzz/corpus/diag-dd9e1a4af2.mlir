// Fuzzer mutant kept for its diagnostic:
// error: interval analysis failed: divisor must be a positive constant in _
func.func @generic(%a: tensor<10x4xf32>, %o: tensor<8xf32>) -> tensor<8xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i + k floordiv -1, k)>, affine_map<(i, k) -> (i)>], iterator_types = ["parallel", "reduction"]}
      ins(%a : tensor<10x4xf32>) outs(%o : tensor<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %m = arith.maximumf %acc, %x : f32
    linalg.yield %m : f32
  } -> tensor<8xf32>
  return %0 : tensor<8xf32>
}
