// t_where_clamp: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<6x7xf32>, %arg1: tensor<6x7xf32>) -> (tensor<6x7xf32>, tensor<6x7xf32>, tensor<6x7xf32>) {
    %0 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %1 = "tosa.const"() <{values = dense<0.20000000298023224> : tensor<1x1xf64>}> : () -> tensor<1x1xf64>
    %2 = "tosa.const"() <{values = dense<1.000000e-01> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %3 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %4 = "tosa.const"() <{values = dense<1.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %5 = "tosa.const"() <{values = dense<-1.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %6 = tosa.cast %arg0 : (tensor<6x7xf32>) -> tensor<6x7xf64>
    %7 = tosa.greater %6, %1 : (tensor<6x7xf64>, tensor<1x1xf64>) -> tensor<6x7xi1>
    %8 = tosa.mul %arg1, %2, %0 : (tensor<6x7xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<6x7xf32>
    %9 = tosa.select %7, %arg0, %8 : (tensor<6x7xi1>, tensor<6x7xf32>, tensor<6x7xf32>) -> tensor<6x7xf32>
    %10 = tosa.clamp %arg0 {max_val = 0.699999988 : f32, min_val = -5.000000e-01 : f32} : (tensor<6x7xf32>) -> tensor<6x7xf32>
    %11 = tosa.abs %arg0 : (tensor<6x7xf32>) -> tensor<6x7xf32>
    %12 = tosa.greater %arg1, %3 : (tensor<6x7xf32>, tensor<1x1xf32>) -> tensor<6x7xi1>
    %13 = tosa.greater %3, %arg1 : (tensor<1x1xf32>, tensor<6x7xf32>) -> tensor<6x7xi1>
    %14 = tosa.select %12, %4, %3 : (tensor<6x7xi1>, tensor<1x1xf32>, tensor<1x1xf32>) -> tensor<6x7xf32>
    %15 = tosa.select %13, %5, %14 : (tensor<6x7xi1>, tensor<1x1xf32>, tensor<6x7xf32>) -> tensor<6x7xf32>
    %16 = tosa.mul %11, %15, %0 : (tensor<6x7xf32>, tensor<6x7xf32>, tensor<1xi8>) -> tensor<6x7xf32>
    return %9, %10, %16 : tensor<6x7xf32>, tensor<6x7xf32>, tensor<6x7xf32>
  }
}
