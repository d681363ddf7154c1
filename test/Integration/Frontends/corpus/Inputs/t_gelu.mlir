// t_gelu: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<5x7xf32>) -> (tensor<5x7xf32>, tensor<5x7xf32>) {
    %0 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %1 = "tosa.const"() <{values = dense<5.000000e-01> : tensor<5x7xf32>}> : () -> tensor<5x7xf32>
    %2 = "tosa.const"() <{values = dense<1.000000e+00> : tensor<5x7xf32>}> : () -> tensor<5x7xf32>
    %3 = "tosa.const"() <{values = dense<3.000000e+00> : tensor<5x7xf32>}> : () -> tensor<5x7xf32>
    %4 = "tosa.const"() <{values = dense<4.471500e-02> : tensor<5x7xf32>}> : () -> tensor<5x7xf32>
    %5 = "tosa.const"() <{values = dense<0.636619746> : tensor<5x7xf32>}> : () -> tensor<5x7xf32>
    %6 = "tosa.const"() <{values = dense<1.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %7 = "tosa.const"() <{values = dense<5.000000e-01> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %8 = "tosa.const"() <{values = dense<0.707106769> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %9 = tosa.mul %arg0, %8, %0 : (tensor<5x7xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<5x7xf32>
    %10 = tosa.erf %9 : (tensor<5x7xf32>) -> tensor<5x7xf32>
    %11 = tosa.add %10, %6 : (tensor<5x7xf32>, tensor<1x1xf32>) -> tensor<5x7xf32>
    %12 = tosa.mul %7, %11, %0 : (tensor<1x1xf32>, tensor<5x7xf32>, tensor<1xi8>) -> tensor<5x7xf32>
    %13 = tosa.mul %arg0, %12, %0 : (tensor<5x7xf32>, tensor<5x7xf32>, tensor<1xi8>) -> tensor<5x7xf32>
    %14 = tosa.mul %1, %arg0, %0 : (tensor<5x7xf32>, tensor<5x7xf32>, tensor<1xi8>) -> tensor<5x7xf32>
    %15 = tosa.pow %5, %1 : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xf32>
    %16 = tosa.pow %arg0, %3 : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xf32>
    %17 = tosa.mul %4, %16, %0 : (tensor<5x7xf32>, tensor<5x7xf32>, tensor<1xi8>) -> tensor<5x7xf32>
    %18 = tosa.add %arg0, %17 : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xf32>
    %19 = tosa.mul %15, %18, %0 : (tensor<5x7xf32>, tensor<5x7xf32>, tensor<1xi8>) -> tensor<5x7xf32>
    %20 = tosa.tanh %19 : (tensor<5x7xf32>) -> tensor<5x7xf32>
    %21 = tosa.add %20, %2 : (tensor<5x7xf32>, tensor<5x7xf32>) -> tensor<5x7xf32>
    %22 = tosa.mul %14, %21, %0 : (tensor<5x7xf32>, tensor<5x7xf32>, tensor<1xi8>) -> tensor<5x7xf32>
    return %13, %22 : tensor<5x7xf32>, tensor<5x7xf32>
  }
}
