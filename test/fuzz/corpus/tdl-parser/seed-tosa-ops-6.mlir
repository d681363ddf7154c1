func.func @tile(%a: tensor<2x3xf32>) -> tensor<4x9xf32> {
  %m = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %0 = tosa.tile %a, %m : (tensor<2x3xf32>, !tosa.shape<2>) -> tensor<4x9xf32>
  return %0 : tensor<4x9xf32>
}
