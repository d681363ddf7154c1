// t_round_floor: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<3x4xf32>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>) {
    %0 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %1 = "tosa.const"() <{values = dense<5.000000e-01> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %2 = "tosa.const"() <{values = dense<2.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %3 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %4 = "tosa.const"() <{values = dense<1.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %5 = "tosa.const"() <{values = dense<-1.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %6 = tosa.floor %arg0 : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %7 = tosa.sub %arg0, %6 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    %8 = tosa.ceil %arg0 : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %9 = tosa.mul %6, %1, %0 : (tensor<3x4xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<3x4xf32>
    %10 = tosa.floor %9 : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %11 = tosa.mul %10, %2, %0 : (tensor<3x4xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<3x4xf32>
    %12 = tosa.equal %6, %11 : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
    %13 = tosa.equal %7, %1 : (tensor<3x4xf32>, tensor<1x1xf32>) -> tensor<3x4xi1>
    %14 = tosa.greater %1, %7 : (tensor<1x1xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
    %15 = tosa.logical_and %13, %12 : (tensor<3x4xi1>, tensor<3x4xi1>) -> tensor<3x4xi1>
    %16 = tosa.logical_or %14, %15 : (tensor<3x4xi1>, tensor<3x4xi1>) -> tensor<3x4xi1>
    %17 = tosa.select %16, %6, %8 : (tensor<3x4xi1>, tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    %18 = tosa.greater %arg0, %3 : (tensor<3x4xf32>, tensor<1x1xf32>) -> tensor<3x4xi1>
    %19 = tosa.greater %3, %arg0 : (tensor<1x1xf32>, tensor<3x4xf32>) -> tensor<3x4xi1>
    %20 = tosa.select %18, %4, %3 : (tensor<3x4xi1>, tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<3x4xf32>
    %21 = tosa.select %19, %5, %20 : (tensor<3x4xi1>, tensor<1x1xf32>, tensor<3x4xf32>) -> tensor<3x4xf32>
    %22 = tosa.abs %arg0 : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %23 = tosa.floor %22 : (tensor<3x4xf32>) -> tensor<3x4xf32>
    %24 = tosa.mul %21, %23, %0 : (tensor<3x4xf32>, tensor<3x4xf32>, tensor<1xi8>) -> tensor<3x4xf32>
    return %17, %6, %8, %24 : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>
  }
}
