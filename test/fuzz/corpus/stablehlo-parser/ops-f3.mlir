func.func @reduce_region(%x: tensor<5x4xf32>, %i: tensor<5x4xi32>) -> (tensor<5xf32>, tensor<5xf32>, tensor<5xi32>) {
  %ninf = stablehlo.constant dense<0xFF800000> : tensor<f32>
  %zero = stablehlo.constant dense<0> : tensor<i32>
  %0 = stablehlo.reduce(%x init: %ninf) across dimensions = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    %m = stablehlo.maximum %b, %a : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }
  %1 = "stablehlo.reduce"(%x, %ninf) <{dimensions = array<i64: 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %m = stablehlo.maximum %a, %b : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }) : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
  %2:2 = stablehlo.reduce(%x init: %ninf), (%i init: %zero) across dimensions = [1] : (tensor<5x4xf32>, tensor<5x4xi32>, tensor<f32>, tensor<i32>) -> (tensor<5xf32>, tensor<5xi32>)
   reducer(%av: tensor<f32>, %bv: tensor<f32>) (%ai: tensor<i32>, %bi: tensor<i32>) {
    %p = stablehlo.compare GE, %av, %bv, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = stablehlo.select %p, %av, %bv : tensor<i1>, tensor<f32>
    %k = stablehlo.select %p, %ai, %bi : tensor<i1>, tensor<i32>
    stablehlo.return %v, %k : tensor<f32>, tensor<i32>
  }
  return %0, %1, %2#1 : tensor<5xf32>, tensor<5xf32>, tensor<5xi32>
}
