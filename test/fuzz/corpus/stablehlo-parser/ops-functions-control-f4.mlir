func.func @case(%x: tensor<3x4xf32>, %k: tensor<i32>) -> tensor<3x4xf32> {
  %0 = "stablehlo.case"(%k) ({
    stablehlo.return %x : tensor<3x4xf32>
  }, {
    %1 = stablehlo.negate %x : tensor<3x4xf32>
    stablehlo.return %1 : tensor<3x4xf32>
  }) : (tensor<i32>) -> tensor<3x4xf32>
  return %0 : tensor<3x4xf32>
}
