// t_maxpool1d: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<2x3x9xf32>) -> (tensor<2x3x4xf32>, tensor<2x3x4xf32>) {
    %0 = tosa.const_shape  {values = dense<[2, 3, 1, 9]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %1 = tosa.const_shape  {values = dense<[2, 1, 8, 3]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %2 = tosa.const_shape  {values = dense<0> : tensor<4xindex>} : () -> !tosa.shape<4>
    %3 = tosa.const_shape  {values = dense<[2, 3, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %4 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %5 = tosa.reshape %arg0, %0 : (tensor<2x3x9xf32>, !tosa.shape<4>) -> tensor<2x3x1x9xf32>
    %6 = tosa.transpose %5 {perms = array<i32: 0, 2, 3, 1>} : (tensor<2x3x1x9xf32>) -> tensor<2x1x9x3xf32>
    %7 = tosa.slice %6, %2, %1 : (tensor<2x1x9x3xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<2x1x8x3xf32>
    %8 = tosa.max_pool2d %7 {kernel = array<i64: 1, 2>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 2>} : (tensor<2x1x8x3xf32>) -> tensor<2x1x4x3xf32>
    %9 = tosa.transpose %8 {perms = array<i32: 0, 3, 1, 2>} : (tensor<2x1x4x3xf32>) -> tensor<2x3x1x4xf32>
    %10 = tosa.reshape %9, %3 : (tensor<2x3x1x4xf32>, !tosa.shape<3>) -> tensor<2x3x4xf32>
    %11 = tosa.avg_pool2d %6, %4, %4 {acc_type = f32, kernel = array<i64: 1, 3>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 2>} : (tensor<2x1x9x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x1x4x3xf32>
    %12 = tosa.transpose %11 {perms = array<i32: 0, 3, 1, 2>} : (tensor<2x1x4x3xf32>) -> tensor<2x3x1x4xf32>
    %13 = tosa.reshape %12, %3 : (tensor<2x3x1x4xf32>, !tosa.shape<3>) -> tensor<2x3x4xf32>
    return %10, %13 : tensor<2x3x4xf32>, tensor<2x3x4xf32>
  }
}
