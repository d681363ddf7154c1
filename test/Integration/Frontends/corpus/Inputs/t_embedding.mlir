// t_embedding: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<2x5xi64>) -> tensor<2x5x6xf32> {
    %0 = tosa.const_shape  {values = dense<[1, 10]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %1 = tosa.const_shape  {values = dense<[2, 5, 6]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %2 = "tosa.const"() <{values = dense<"0x1E7751BFBC01103F21833A3F6F4FAABF6BC6D3BF92C0BEBFD427403FEC81813E5C30D7BF6351AFBE980795BC383F8B3B820A003EE3EF92BFCD970CBFB0CE573E00366ABF212DDD3E455C103FAFB38B3D550206BF298280BE8D80C7BF1733BDBEE60F19BF2A9438BFA9EABA3F8D4192BE733D1D3FCEA9DB3EB2E3ACBF09A403BF79F43C3EA6014A3E5049F03E7C04B13F28D9813F0449B6BD40BF013FEA3806BF7AA8AD3F614D4F3E837F103E8D355F3F6498ADBF20CE76BE3660733F5678D13EFEBFA1BE75984ABFC8AF2E3DF1FA08C032F2F4BF7D9A15C02AA99B3FB8347CBFDDA8233F8814543F3EE121C006CA47BF56A75E3E21592C3FCF410EBFECA9783F9F4514BD1795933F"> : tensor<1x11x6xf32>}> : () -> tensor<1x11x6xf32>
    %3 = tosa.reshape %arg0, %0 : (tensor<2x5xi64>, !tosa.shape<2>) -> tensor<1x10xi64>
    %4 = tosa.cast %3 : (tensor<1x10xi64>) -> tensor<1x10xi32>
    %5 = tosa.gather %2, %4 : (tensor<1x11x6xf32>, tensor<1x10xi32>) -> tensor<1x10x6xf32>
    %6 = tosa.reshape %5, %1 : (tensor<1x10x6xf32>, !tosa.shape<3>) -> tensor<2x5x6xf32>
    return %6 : tensor<2x5x6xf32>
  }
}
