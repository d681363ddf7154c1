// t_batchnorm1d: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<6x7xf32>) -> tensor<6x7xf32> {
    %0 = "tosa.const"() <{values = dense<"0xAE05AF3F145E983F15C8B23F28BFAD3F994D433FC837BB3FA3FB1A3F"> : tensor<7xf32>}> : () -> tensor<7xf32>
    %1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %2 = tosa.const_shape  {values = dense<[1, 7]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %3 = "tosa.const"() <{values = dense<9.99999974E-6> : tensor<1xf32>}> : () -> tensor<1xf32>
    %4 = "tosa.const"() <{values = dense<"0xE090F33EBC688CBE701CD13D7C71143E1636DE3EE846493E44276FBE"> : tensor<1x7xf32>}> : () -> tensor<1x7xf32>
    %5 = "tosa.const"() <{values = dense<"0xF47DAF3FDA6A903F1E14083F3E54833FB90E013FC9851C3F895E3D3F"> : tensor<1x7xf32>}> : () -> tensor<1x7xf32>
    %6 = "tosa.const"() <{values = dense<"0x48DCD83DC44C25BE0810C0BDECAAF93E1C8AAD3E08B8FEBE1AC2E63E"> : tensor<1x7xf32>}> : () -> tensor<1x7xf32>
    %7 = tosa.add %3, %0 : (tensor<1xf32>, tensor<7xf32>) -> tensor<7xf32>
    %8 = tosa.rsqrt %7 : (tensor<7xf32>) -> tensor<7xf32>
    %9 = tosa.sub %arg0, %4 : (tensor<6x7xf32>, tensor<1x7xf32>) -> tensor<6x7xf32>
    %10 = tosa.reshape %8, %2 : (tensor<7xf32>, !tosa.shape<2>) -> tensor<1x7xf32>
    %11 = tosa.mul %9, %10, %1 : (tensor<6x7xf32>, tensor<1x7xf32>, tensor<1xi8>) -> tensor<6x7xf32>
    %12 = tosa.mul %11, %5, %1 : (tensor<6x7xf32>, tensor<1x7xf32>, tensor<1xi8>) -> tensor<6x7xf32>
    %13 = tosa.add %12, %6 : (tensor<6x7xf32>, tensor<1x7xf32>) -> tensor<6x7xf32>
    return %13 : tensor<6x7xf32>
  }
}
