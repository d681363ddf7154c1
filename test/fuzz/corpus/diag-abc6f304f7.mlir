// Fuzzer mutant kept for its diagnostic:
// error: _ op has a dynamic shape _; Tofu partitions static shapes only
func.func @dynamic(%x: tensor<?x8xf32>, %w: tensor<8x16xf32>, %o: tensor<?x16xf32>) -> tensor<?x16xf32> {
  %m = linalg.matmul ins(%x, %w : tensor<?x8xf32>, tensor<8x16xf32>) outs(%o : tensor<?x16xf32>) -> tensor<?x16xf32>
  return %m : tensor<?x16xf32>
}
