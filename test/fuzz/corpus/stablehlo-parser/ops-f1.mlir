func.func public @elementwise(%a: tensor<5x16xf32>, %b: tensor<5x16xf32>, %i: tensor<3xi32>, %p: tensor<3xi1>) -> (tensor<5x16xf32> {jax.result_info = "result[0]"}, tensor<3xi32>) {
  %0 = stablehlo.add %a, %b : tensor<5x16xf32>
  %1 = stablehlo.subtract %0, %b : tensor<5x16xf32>
  %2 = stablehlo.multiply %1, %b : tensor<5x16xf32>
  %3 = stablehlo.divide %2, %b : tensor<5x16xf32>
  %4 = stablehlo.maximum %3, %b : tensor<5x16xf32>
  %5 = stablehlo.minimum %4, %b : tensor<5x16xf32>
  %6 = stablehlo.power %5, %b : tensor<5x16xf32>
  %7 = stablehlo.negate %6 : tensor<5x16xf32>
  %8 = stablehlo.exponential %7 : tensor<5x16xf32>
  %9 = stablehlo.log %8 : tensor<5x16xf32>
  %10 = stablehlo.tanh %9 : tensor<5x16xf32>
  %11 = stablehlo.logistic %10 : tensor<5x16xf32>
  %12 = stablehlo.sqrt %11 : tensor<5x16xf32>
  %13 = stablehlo.rsqrt %12 : tensor<5x16xf32>
  %14 = stablehlo.abs %13 : tensor<5x16xf32>
  %15 = stablehlo.convert %14 : tensor<5x16xf32>
  %16 = stablehlo.convert %15 : (tensor<5x16xf32>) -> tensor<5x16xi32>
  %17 = stablehlo.compare GT, %15, %a, FLOAT : (tensor<5x16xf32>, tensor<5x16xf32>) -> tensor<5x16xi1>
  %18 = stablehlo.select %17, %15, %a : tensor<5x16xi1>, tensor<5x16xf32>
  %19 = stablehlo.compare LT, %i, %i, SIGNED : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  %20 = stablehlo.compare EQ, %i, %i : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi1>
  %21 = stablehlo.and %19, %20 : tensor<3xi1>
  %22 = stablehlo.or %21, %p : tensor<3xi1>
  %23 = stablehlo.not %22 : tensor<3xi1>
  %24 = stablehlo.select %23, %i, %i : tensor<3xi1>, tensor<3xi32>
  return %18, %24 : tensor<5x16xf32>, tensor<3xi32>
}
