// t_cumsum: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<5x6xf32>) -> tensor<5x6xf32> {
    %0 = tosa.const_shape  {values = dense<[5, 6, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %1 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %2 = tosa.const_shape  {values = dense<0> : tensor<3xindex>} : () -> !tosa.shape<3>
    %3 = tosa.const_shape  {values = dense<[0, 0, 1, 0, 0, 0]> : tensor<6xindex>} : () -> !tosa.shape<6>
    %4 = tosa.const_shape  {values = dense<[0, 0, 2, 0, 0, 0]> : tensor<6xindex>} : () -> !tosa.shape<6>
    %5 = tosa.const_shape  {values = dense<[0, 0, 4, 0, 0, 0]> : tensor<6xindex>} : () -> !tosa.shape<6>
    %6 = tosa.const_shape  {values = dense<[5, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %7 = tosa.reshape %arg0, %0 : (tensor<5x6xf32>, !tosa.shape<3>) -> tensor<5x6x1xf32>
    %8 = tosa.pad %7, %3, %1 : (tensor<5x6x1xf32>, !tosa.shape<6>, tensor<1xf32>) -> tensor<5x7x1xf32>
    %9 = tosa.slice %8, %2, %0 : (tensor<5x7x1xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<5x6x1xf32>
    %10 = tosa.add %7, %9 : (tensor<5x6x1xf32>, tensor<5x6x1xf32>) -> tensor<5x6x1xf32>
    %11 = tosa.pad %10, %4, %1 : (tensor<5x6x1xf32>, !tosa.shape<6>, tensor<1xf32>) -> tensor<5x8x1xf32>
    %12 = tosa.slice %11, %2, %0 : (tensor<5x8x1xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<5x6x1xf32>
    %13 = tosa.add %10, %12 : (tensor<5x6x1xf32>, tensor<5x6x1xf32>) -> tensor<5x6x1xf32>
    %14 = tosa.pad %13, %5, %1 : (tensor<5x6x1xf32>, !tosa.shape<6>, tensor<1xf32>) -> tensor<5x10x1xf32>
    %15 = tosa.slice %14, %2, %0 : (tensor<5x10x1xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<5x6x1xf32>
    %16 = tosa.add %13, %15 : (tensor<5x6x1xf32>, tensor<5x6x1xf32>) -> tensor<5x6x1xf32>
    %17 = tosa.reshape %16, %6 : (tensor<5x6x1xf32>, !tosa.shape<2>) -> tensor<5x6xf32>
    return %17 : tensor<5x6xf32>
  }
}
