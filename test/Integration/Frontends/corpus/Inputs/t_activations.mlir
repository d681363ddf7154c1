// t_activations: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<6x5xf32>) -> (tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>) {
    %0 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %1 = "tosa.const"() <{values = dense<3.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %2 = "tosa.const"() <{values = dense<0.166666672> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %3 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %4 = "tosa.const"() <{values = dense<1.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %5 = "tosa.const"() <{values = dense<1.000000e-01> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %6 = "tosa.const"() <{values = dense<2.000000e+01> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %7 = "tosa.const"() <{values = dense<4.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %8 = "tosa.const"() <{values = dense<6.000000e+00> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %9 = tosa.sigmoid %arg0 : (tensor<6x5xf32>) -> tensor<6x5xf32>
    %10 = tosa.mul %arg0, %9, %0 : (tensor<6x5xf32>, tensor<6x5xf32>, tensor<1xi8>) -> tensor<6x5xf32>
    %11 = tosa.add %arg0, %1 : (tensor<6x5xf32>, tensor<1x1xf32>) -> tensor<6x5xf32>
    %12 = tosa.clamp %11 {max_val = 6.000000e+00 : f32, min_val = 0.000000e+00 : f32} : (tensor<6x5xf32>) -> tensor<6x5xf32>
    %13 = tosa.mul %arg0, %12, %0 : (tensor<6x5xf32>, tensor<6x5xf32>, tensor<1xi8>) -> tensor<6x5xf32>
    %14 = tosa.mul %13, %2, %0 : (tensor<6x5xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<6x5xf32>
    %15 = tosa.maximum %arg0, %3 : (tensor<6x5xf32>, tensor<1x1xf32>) -> tensor<6x5xf32>
    %16 = tosa.minimum %arg0, %3 : (tensor<6x5xf32>, tensor<1x1xf32>) -> tensor<6x5xf32>
    %17 = tosa.exp %16 : (tensor<6x5xf32>) -> tensor<6x5xf32>
    %18 = tosa.sub %17, %4 : (tensor<6x5xf32>, tensor<1x1xf32>) -> tensor<6x5xf32>
    %19 = tosa.add %15, %18 : (tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xf32>
    %20 = tosa.mul %16, %5, %0 : (tensor<6x5xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<6x5xf32>
    %21 = tosa.add %15, %20 : (tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xf32>
    %22 = tosa.exp %arg0 : (tensor<6x5xf32>) -> tensor<6x5xf32>
    %23 = tosa.add %22, %4 : (tensor<6x5xf32>, tensor<1x1xf32>) -> tensor<6x5xf32>
    %24 = tosa.log %23 : (tensor<6x5xf32>) -> tensor<6x5xf32>
    %25 = tosa.greater %arg0, %6 : (tensor<6x5xf32>, tensor<1x1xf32>) -> tensor<6x5xi1>
    %26 = tosa.select %25, %arg0, %24 : (tensor<6x5xi1>, tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xf32>
    %27 = tosa.tanh %26 : (tensor<6x5xf32>) -> tensor<6x5xf32>
    %28 = tosa.mul %arg0, %27, %0 : (tensor<6x5xf32>, tensor<6x5xf32>, tensor<1xi8>) -> tensor<6x5xf32>
    %29 = tosa.mul %12, %2, %0 : (tensor<6x5xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<6x5xf32>
    %30 = tosa.tanh %arg0 : (tensor<6x5xf32>) -> tensor<6x5xf32>
    %31 = tosa.mul %arg0, %7, %0 : (tensor<6x5xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<6x5xf32>
    %32 = tosa.maximum %31, %3 : (tensor<6x5xf32>, tensor<1x1xf32>) -> tensor<6x5xf32>
    %33 = tosa.minimum %32, %8 : (tensor<6x5xf32>, tensor<1x1xf32>) -> tensor<6x5xf32>
    return %10, %14, %19, %21, %26, %28, %29, %30, %33 : tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>
  }
}
