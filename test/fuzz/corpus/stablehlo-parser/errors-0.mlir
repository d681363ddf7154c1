func.func @dynamic(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = stablehlo.negate %a : tensor<?x4xf32>
  return %0 : tensor<?x4xf32>
}
