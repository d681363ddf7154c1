// t_batchnorm2d: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<3x5x4x4xf32>) -> tensor<3x5x4x4xf32> {
    %0 = "tosa.const"() <{values = dense<"0x654D033FC649873F9206453F3671403FD2ABAD3F"> : tensor<5xf32>}> : () -> tensor<5xf32>
    %1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %2 = tosa.const_shape  {values = dense<[1, 5, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %3 = "tosa.const"() <{values = dense<9.99999974E-6> : tensor<1xf32>}> : () -> tensor<1xf32>
    %4 = "tosa.const"() <{values = dense<"0xA033F0BEE075C93CA8F2C9BD507CC7BDB8A5FC3D"> : tensor<1x5x1x1xf32>}> : () -> tensor<1x5x1x1xf32>
    %5 = "tosa.const"() <{values = dense<"0x3A32823F2C687D3FDA81AD3FF95F6A3FFF15BB3F"> : tensor<1x5x1x1xf32>}> : () -> tensor<1x5x1x1xf32>
    %6 = "tosa.const"() <{values = dense<"0x0C6EA33E8C0CD93EB819263E68365D3E36A8FB3E"> : tensor<1x5x1x1xf32>}> : () -> tensor<1x5x1x1xf32>
    %7 = tosa.add %3, %0 : (tensor<1xf32>, tensor<5xf32>) -> tensor<5xf32>
    %8 = tosa.rsqrt %7 : (tensor<5xf32>) -> tensor<5xf32>
    %9 = tosa.sub %arg0, %4 : (tensor<3x5x4x4xf32>, tensor<1x5x1x1xf32>) -> tensor<3x5x4x4xf32>
    %10 = tosa.reshape %8, %2 : (tensor<5xf32>, !tosa.shape<4>) -> tensor<1x5x1x1xf32>
    %11 = tosa.mul %9, %10, %1 : (tensor<3x5x4x4xf32>, tensor<1x5x1x1xf32>, tensor<1xi8>) -> tensor<3x5x4x4xf32>
    %12 = tosa.mul %11, %5, %1 : (tensor<3x5x4x4xf32>, tensor<1x5x1x1xf32>, tensor<1xi8>) -> tensor<3x5x4x4xf32>
    %13 = tosa.add %12, %6 : (tensor<3x5x4x4xf32>, tensor<1x5x1x1xf32>) -> tensor<3x5x4x4xf32>
    return %13 : tensor<3x5x4x4xf32>
  }
}
