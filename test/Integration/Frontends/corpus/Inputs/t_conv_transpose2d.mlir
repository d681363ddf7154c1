// t_conv_transpose2d: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<1x3x5x5xf32>) -> tensor<1x4x9x9xf32> {
    %0 = "tosa.const"() <{values = dense<"0xAE9BE43D807F43BD1360843D00793D3B"> : tensor<4xf32>}> : () -> tensor<4xf32>
    %1 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %2 = tosa.const_shape  {values = dense<[1, 9, 9, 4]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %3 = tosa.const_shape  {values = dense<[0, 1, 1, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %4 = "tosa.const"() <{values = dense<"0x2B47B5BB56024E3D8EE2F73DA0798BBD80D9063DA37E033EC8FBAC3DE0E19C3D56453F3B2E27F23D00F7293BBE44B7BDBB02AA3DD6B1923C96F2E63D6B6FDEBD2BCA94BBDA6316BE138FAABD188CD2BDAB88A93C80190B3D4B44F63C0A7F02BE380EA33DA835D4BD53DDA53D00ADDD3DF04448BDB0F6563DAB34CBBC00F8FB3B767596BDFBF2F4BDD6F9863B1623063C56D0773DB62C85BC5E87E93D90FEF4BD00FEFFBD3E0CC73D14D40D3E0361AA3D58C7C73D2A1A273E10EB1FBDD6088CBBCB4257BDB2FB293E4846EABD0B1DF43D1871E33DE69FB8BD23EDC6BD9EB682BDFB5312BDBBA5573DD6E268BDAB27553C56123D3DF01F61BDC6A39C3D005ED63A6335CABD96270BBD1B16C2BD50DADCBDB6DB1FBDBE88A7BD3BACBA3DE2A302BE6BB2D5BC7E35CDBDEBE4B13CEB1425BDD7A61E3E2018D73C26F3C3BD0C0212BED31FA0BD34D702BED0698BBD402AA93D0EB9A93D3C9E0EBE28EC003EBEB9A1BD00E0603C3B5DC03D73110BBE2BEC38BDBEF5C13DAB02A83D0E7EA23DAB78B83BBB3470BD00B1AC3CD6789BBBEB7CCB3C80C65F3C745F09BE1BA7243D8B61E23C2EB6BC3D4055F93C73C6E03D9071E33D"> : tensor<4x3x3x3xf32>}> : () -> tensor<4x3x3x3xf32>
    %5 = tosa.transpose %arg0 {perms = array<i32: 0, 2, 3, 1>} : (tensor<1x3x5x5xf32>) -> tensor<1x5x5x3xf32>
    %6 = tosa.transpose_conv2d %5, %4, %0, %1, %1 {acc_type = f32, out_pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 2, 2>} : (tensor<1x5x5x3xf32>, tensor<4x3x3x3xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x11x11x4xf32>
    %7 = tosa.slice %6, %3, %2 : (tensor<1x11x11x4xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x9x9x4xf32>
    %8 = tosa.transpose %7 {perms = array<i32: 0, 3, 1, 2>} : (tensor<1x9x9x4xf32>) -> tensor<1x4x9x9xf32>
    return %8 : tensor<1x4x9x9xf32>
  }
}
