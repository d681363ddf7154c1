// t_pixel_shuffle: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<1x8x3x3xf32>) -> tensor<1x2x6x6xf32> {
    %0 = tosa.const_shape  {values = dense<[1, 2, 2, 2, 3, 3]> : tensor<6xindex>} : () -> !tosa.shape<6>
    %1 = tosa.const_shape  {values = dense<[1, 2, 6, 6]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %2 = tosa.reshape %arg0, %0 : (tensor<1x8x3x3xf32>, !tosa.shape<6>) -> tensor<1x2x2x2x3x3xf32>
    %3 = tosa.transpose %2 {perms = array<i32: 0, 1, 4, 2, 5, 3>} : (tensor<1x2x2x2x3x3xf32>) -> tensor<1x2x3x2x3x2xf32>
    %4 = tosa.reshape %3, %1 : (tensor<1x2x3x2x3x2xf32>, !tosa.shape<4>) -> tensor<1x2x6x6xf32>
    return %4 : tensor<1x2x6x6xf32>
  }
}
