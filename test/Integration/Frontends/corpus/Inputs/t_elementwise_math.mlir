// t_elementwise_math: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<5x6xf32>) -> (tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>) {
    %0 = "tosa.const"() <{values = dense<1.000000e-01> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %1 = "tosa.const"() <{values = dense<5.000000e-01> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %2 = "tosa.const"() <{values = dense<1.500000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %3 = "tosa.const"() <{values = dense<3.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %4 = tosa.abs %arg0 : (tensor<5x6xf32>) -> tensor<5x6xf32>
    %5 = tosa.add %4, %0 : (tensor<5x6xf32>, tensor<1x1xf32>) -> tensor<5x6xf32>
    %6 = tosa.exp %arg0 : (tensor<5x6xf32>) -> tensor<5x6xf32>
    %7 = tosa.log %5 : (tensor<5x6xf32>) -> tensor<5x6xf32>
    %8 = tosa.pow %5, %1 : (tensor<5x6xf32>, tensor<1x1xf32>) -> tensor<5x6xf32>
    %9 = tosa.rsqrt %5 : (tensor<5x6xf32>) -> tensor<5x6xf32>
    %10 = tosa.sin %arg0 : (tensor<5x6xf32>) -> tensor<5x6xf32>
    %11 = tosa.cos %arg0 : (tensor<5x6xf32>) -> tensor<5x6xf32>
    %12 = tosa.pow %5, %2 : (tensor<5x6xf32>, tensor<1x1xf32>) -> tensor<5x6xf32>
    %13 = tosa.reciprocal %5 : (tensor<5x6xf32>) -> tensor<5x6xf32>
    %14 = tosa.erf %arg0 : (tensor<5x6xf32>) -> tensor<5x6xf32>
    %15 = tosa.pow %arg0, %3 : (tensor<5x6xf32>, tensor<1x1xf32>) -> tensor<5x6xf32>
    return %6, %7, %8, %9, %10, %11, %12, %13, %14, %15 : tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>
  }
}
