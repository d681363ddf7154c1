// Two arguments of the same shape, so inputs fed to the wrong argument
// would still pass a shape check.
func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {
  %0 = arith.subf %a, %b : tensor<4xf32>
  return %0 : tensor<4xf32>
}
