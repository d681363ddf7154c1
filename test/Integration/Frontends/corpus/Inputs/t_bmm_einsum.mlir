// t_bmm_einsum: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<3x5x4xf32>, %arg1: tensor<3x7x4xf32>) -> (tensor<3x5x7xf32>, tensor<3x5x7xf32>) {
    %0 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %1 = tosa.const_shape  {values = dense<[3, 7, 4, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %2 = tosa.const_shape  {values = dense<[3, 4, 7]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %3 = tosa.transpose %arg1 {perms = array<i32: 0, 2, 1>} : (tensor<3x7x4xf32>) -> tensor<3x4x7xf32>
    %4 = tosa.matmul %arg0, %3, %0, %0 : (tensor<3x5x4xf32>, tensor<3x4x7xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<3x5x7xf32>
    %5 = tosa.reshape %arg1, %1 : (tensor<3x7x4xf32>, !tosa.shape<4>) -> tensor<3x7x4x1xf32>
    %6 = tosa.transpose %5 {perms = array<i32: 0, 2, 1, 3>} : (tensor<3x7x4x1xf32>) -> tensor<3x4x7x1xf32>
    %7 = tosa.reshape %6, %2 : (tensor<3x4x7x1xf32>, !tosa.shape<3>) -> tensor<3x4x7xf32>
    %8 = tosa.matmul %arg0, %7, %0, %0 : (tensor<3x5x4xf32>, tensor<3x4x7xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<3x5x7xf32>
    return %4, %8 : tensor<3x5x7xf32>, tensor<3x5x7xf32>
  }
}
