// t_avgpool2d: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<3x5x6x6xf32>) -> (tensor<3x5x3x3xf32>, tensor<3x5x1x1xf32>) {
    %0 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %2 = "tosa.const"() <{values = dense<0.027777778> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
    %3 = tosa.transpose %arg0 {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x5x6x6xf32>) -> tensor<3x6x6x5xf32>
    %4 = tosa.avg_pool2d %3, %0, %0 {acc_type = f32, kernel = array<i64: 2, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<3x6x6x5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<3x3x3x5xf32>
    %5 = tosa.transpose %4 {perms = array<i32: 0, 3, 1, 2>} : (tensor<3x3x3x5xf32>) -> tensor<3x5x3x3xf32>
    %6 = tosa.reduce_sum %arg0 {axis = 3 : i32} : (tensor<3x5x6x6xf32>) -> tensor<3x5x6x1xf32>
    %7 = tosa.reduce_sum %6 {axis = 2 : i32} : (tensor<3x5x6x1xf32>) -> tensor<3x5x1x1xf32>
    %8 = tosa.mul %7, %2, %1 : (tensor<3x5x1x1xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<3x5x1x1xf32>
    return %5, %8 : tensor<3x5x3x3xf32>, tensor<3x5x1x1xf32>
  }
}
