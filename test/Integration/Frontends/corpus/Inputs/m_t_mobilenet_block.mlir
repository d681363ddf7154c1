// m_t_mobilenet_block: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32> {
    %0 = "tosa.const"() <{values = dense<"0x50D3323F4D735F3FDA17353F5DACA43F"> : tensor<4xf32>}> : () -> tensor<4xf32>
    %1 = "tosa.const"() <{values = dense<"0xEC5EA13F87096D3FC4F10B3F1DD0193FA0B95A3F60D7853F8B869E3F48737A3F57DBA03FDF19663F9F2E963F3BAB943F"> : tensor<12xf32>}> : () -> tensor<12xf32>
    %2 = "tosa.const"() <{values = dense<"0x5294B33FDAF77C3F661D453F980D183F54226C3F25E86C3F1B6C5C3F56122A3FF971433F2A3FA33FF1AE713F53CF173F"> : tensor<12xf32>}> : () -> tensor<12xf32>
    %3 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %4 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<12xf32>}> : () -> tensor<12xf32>
    %5 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %6 = tosa.const_shape  {values = dense<[1, 12, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %7 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<4xf32>}> : () -> tensor<4xf32>
    %8 = tosa.const_shape  {values = dense<[1, 4, 1, 1]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %9 = "tosa.const"() <{values = dense<[[[[-0.0614913702, 0.107433975, -0.129686356, -0.112009764]]], [[[0.140085697, -0.287871361, -0.233010173, 0.100259662]]], [[[-0.140841901, 0.228881955, -0.411728024, -0.242776752]]], [[[0.402963817, -0.0118430853, -0.230020165, -0.406042576]]], [[[-0.0776011943, -0.0745827556, -0.138975441, -0.335657716]]], [[[-0.236542165, 0.275365114, -0.055924356, -0.406992733]]], [[[-0.135950089, 0.467581093, -0.225298107, 0.429844618]]], [[[-0.280532479, -0.29678762, -0.0182868838, -0.437244892]]], [[[0.190362811, 0.209096134, 0.402098238, 0.490632653]]], [[[0.0847247839, -0.191490173, 0.0168088675, 0.0824036598]]], [[[-0.0943751335, 0.363498449, 0.0195464492, -0.16473031]]], [[[-0.0235002637, 0.310783386, -7.028490e-02, -0.43912673]]]]> : tensor<12x1x1x4xf32>}> : () -> tensor<12x1x1x4xf32>
    %10 = "tosa.const"() <{values = dense<9.99999974E-6> : tensor<1xf32>}> : () -> tensor<1xf32>
    %11 = "tosa.const"() <{values = dense<"0x60DE7BBD5806DC3D80CC04BE6065E5BDA0720F3EE06393BE389A6EBEF054CD3DDC3810BE08606A3E04CED2BE789A78BE"> : tensor<1x12x1x1xf32>}> : () -> tensor<1x12x1x1xf32>
    %12 = "tosa.const"() <{values = dense<"0x60325D3FB2D9BB3FDD52463F2605B73F062F383FBA05343F8D517B3FB810103FCF5D983FAAC39A3FF477B33F0DCDBE3F"> : tensor<1x12x1x1xf32>}> : () -> tensor<1x12x1x1xf32>
    %13 = "tosa.const"() <{values = dense<"0x3084AD3D001644BEC0B2893C40C3A83DC047C1BD781CBA3EE01FA03C10AF28BEA083C0BC001F9F3E88F18FBD38D5E0BE"> : tensor<1x12x1x1xf32>}> : () -> tensor<1x12x1x1xf32>
    %14 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
    %15 = "tosa.const"() <{values = dense<6.000000e+00> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
    %16 = "tosa.const"() <{values = dense<"0xE8975E3EF3489E3E90CD223E32A19F3EE87A9E3E80E9ACBC66C047BE1060133E8B84A2BE874E863E2B369A3E065693BEFA9595BEEB31BDBD56C96CBC58FF98BE864698BD3C6D96BE4697433E08F91F3E4BA08B3DF85912BE17E99E3E8E35683E7BB888BEF625843E7B3C2F3E0B24B0BD9697DD3C4233803E26783DBE72D7A8BE8B61EA3DA0F25ABD602CA0BE2E87383EC75F96BE40FA313EB0208ABDEB9130BED665F4BC30B5EBBD6E4178BE93363B3E97CB80BEFE8D6A3E4B22853D68DA933E68A01D3E0B454ABDF69BEC3D7649E03D7B791F3E30B2D83D8FCDA5BE9B0C8ABDB086CCBD23C563BE068F30BE564EBF3D76B397BEA6BD9ABECB77DC3DC8A823BE427397BE0B023E3DB04F953EDE1964BE0B3E68BD58AD0FBE0E3D82BE883D553E9313723EDA3F88BE1688C73C48F20E3E00F65CBB56BD163E303D1CBE66DBE2BD6E81A93E00A2C2BBAB1F0D3ED0E7473E50C5763EABCCC6BD5068873EA622A83DA6C40C3E80CC4DBEB6EC553DF2F6923E00A36A3D3BFB54BE9368833E109B05BEBB14953EAB3AF93CCB51583D00CD0FBC730654BE1099ADBDB0D89F3E6F598DBEF029D23D886A443E1045AFBDC01BC1BC"> : tensor<3x3x12x1xf32>}> : () -> tensor<3x3x12x1xf32>
    %17 = "tosa.const"() <{values = dense<"0xEEF1A63EF660E0BEB814CDBEAA8FE1BE9C706C3E308DE3BEAE8EB53EFC13B93E189FDF3E6C6DED3E70E50DBEF038C63E"> : tensor<1x12x1x1xf32>}> : () -> tensor<1x12x1x1xf32>
    %18 = "tosa.const"() <{values = dense<"0x30AD843F1EC7B23FD6238A3F72DCBB3F7E400D3F3EF95E3F48C93D3FE306953FB5A0423F6ECD9A3F40C38F3F32A17C3F"> : tensor<1x12x1x1xf32>}> : () -> tensor<1x12x1x1xf32>
    %19 = "tosa.const"() <{values = dense<"0x5CB8ED3EC869E4BDB031263D604C37BD38366F3EE22CE3BE80B8A5BBF826533ED6049FBE20AF01BDDAA3E1BEE24CC03E"> : tensor<1x12x1x1xf32>}> : () -> tensor<1x12x1x1xf32>
    %20 = "tosa.const"() <{values = dense<[[[[0.0771830305, -0.196059421, -0.131488666, 0.111865617, -0.0181154609, 0.114873603, -0.0508116074, -0.135464266, 0.26264593, 0.224858835, 0.149809599, 0.202352375]]], [[[-0.175613046, 0.221872494, -0.130497277, 0.268265277, 0.129015043, 0.127447262, 0.0343464427, -0.0530271679, -0.187032551, 0.285721481, -0.0661689863, 0.104933582]]], [[[-0.0153394174, -0.0510134026, 0.179189458, -0.190823182, 0.221562952, -0.235338658, 0.119858429, 0.174335852, -0.0587934367, -0.255918443, -0.0946253091, -0.0886237546]]], [[[0.0586983226, 0.00753446668, 0.152061239, 0.0940572917, 0.182032913, 0.240069583, 0.274648637, 0.177519441, 0.191818431, -0.0593083575, 0.128329471, -0.0579987802]]]]> : tensor<4x1x1x12xf32>}> : () -> tensor<4x1x1x12xf32>
    %21 = "tosa.const"() <{values = dense<"0xE4C730BEA485223E88818E3D001C623E"> : tensor<1x4x1x1xf32>}> : () -> tensor<1x4x1x1xf32>
    %22 = "tosa.const"() <{values = dense<"0xF2F2383F77E7223FD5A5033FE2FDB73F"> : tensor<1x4x1x1xf32>}> : () -> tensor<1x4x1x1xf32>
    %23 = "tosa.const"() <{values = dense<"0xC85B6ABE8871A03D08C5EF3E18105D3E"> : tensor<1x4x1x1xf32>}> : () -> tensor<1x4x1x1xf32>
    %24 = tosa.transpose %arg0 {perms = array<i32: 0, 2, 3, 1>} : (tensor<2x4x5x5xf32>) -> tensor<2x5x5x4xf32>
    %25 = tosa.conv2d %24, %9, %4, %3, %3 {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<2x5x5x4xf32>, tensor<12x1x1x4xf32>, tensor<12xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x5x5x12xf32>
    %26 = tosa.transpose %25 {perms = array<i32: 0, 3, 1, 2>} : (tensor<2x5x5x12xf32>) -> tensor<2x12x5x5xf32>
    %27 = tosa.add %10, %2 : (tensor<1xf32>, tensor<12xf32>) -> tensor<12xf32>
    %28 = tosa.rsqrt %27 : (tensor<12xf32>) -> tensor<12xf32>
    %29 = tosa.sub %26, %11 : (tensor<2x12x5x5xf32>, tensor<1x12x1x1xf32>) -> tensor<2x12x5x5xf32>
    %30 = tosa.reshape %28, %6 : (tensor<12xf32>, !tosa.shape<4>) -> tensor<1x12x1x1xf32>
    %31 = tosa.mul %29, %30, %5 : (tensor<2x12x5x5xf32>, tensor<1x12x1x1xf32>, tensor<1xi8>) -> tensor<2x12x5x5xf32>
    %32 = tosa.mul %31, %12, %5 : (tensor<2x12x5x5xf32>, tensor<1x12x1x1xf32>, tensor<1xi8>) -> tensor<2x12x5x5xf32>
    %33 = tosa.add %32, %13 : (tensor<2x12x5x5xf32>, tensor<1x12x1x1xf32>) -> tensor<2x12x5x5xf32>
    %34 = tosa.maximum %33, %14 : (tensor<2x12x5x5xf32>, tensor<1x1x1x1xf32>) -> tensor<2x12x5x5xf32>
    %35 = tosa.minimum %34, %15 : (tensor<2x12x5x5xf32>, tensor<1x1x1x1xf32>) -> tensor<2x12x5x5xf32>
    %36 = tosa.transpose %35 {perms = array<i32: 0, 2, 3, 1>} : (tensor<2x12x5x5xf32>) -> tensor<2x5x5x12xf32>
    %37 = tosa.depthwise_conv2d %36, %16, %4, %3, %3 {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 1, 1, 1, 1>, stride = array<i64: 1, 1>} : (tensor<2x5x5x12xf32>, tensor<3x3x12x1xf32>, tensor<12xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x5x5x12xf32>
    %38 = tosa.transpose %37 {perms = array<i32: 0, 3, 1, 2>} : (tensor<2x5x5x12xf32>) -> tensor<2x12x5x5xf32>
    %39 = tosa.add %10, %1 : (tensor<1xf32>, tensor<12xf32>) -> tensor<12xf32>
    %40 = tosa.rsqrt %39 : (tensor<12xf32>) -> tensor<12xf32>
    %41 = tosa.sub %38, %17 : (tensor<2x12x5x5xf32>, tensor<1x12x1x1xf32>) -> tensor<2x12x5x5xf32>
    %42 = tosa.reshape %40, %6 : (tensor<12xf32>, !tosa.shape<4>) -> tensor<1x12x1x1xf32>
    %43 = tosa.mul %41, %42, %5 : (tensor<2x12x5x5xf32>, tensor<1x12x1x1xf32>, tensor<1xi8>) -> tensor<2x12x5x5xf32>
    %44 = tosa.mul %43, %18, %5 : (tensor<2x12x5x5xf32>, tensor<1x12x1x1xf32>, tensor<1xi8>) -> tensor<2x12x5x5xf32>
    %45 = tosa.add %44, %19 : (tensor<2x12x5x5xf32>, tensor<1x12x1x1xf32>) -> tensor<2x12x5x5xf32>
    %46 = tosa.maximum %45, %14 : (tensor<2x12x5x5xf32>, tensor<1x1x1x1xf32>) -> tensor<2x12x5x5xf32>
    %47 = tosa.minimum %46, %15 : (tensor<2x12x5x5xf32>, tensor<1x1x1x1xf32>) -> tensor<2x12x5x5xf32>
    %48 = tosa.transpose %47 {perms = array<i32: 0, 2, 3, 1>} : (tensor<2x12x5x5xf32>) -> tensor<2x5x5x12xf32>
    %49 = tosa.conv2d %48, %20, %7, %3, %3 {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<2x5x5x12xf32>, tensor<4x1x1x12xf32>, tensor<4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<2x5x5x4xf32>
    %50 = tosa.transpose %49 {perms = array<i32: 0, 3, 1, 2>} : (tensor<2x5x5x4xf32>) -> tensor<2x4x5x5xf32>
    %51 = tosa.add %10, %0 : (tensor<1xf32>, tensor<4xf32>) -> tensor<4xf32>
    %52 = tosa.rsqrt %51 : (tensor<4xf32>) -> tensor<4xf32>
    %53 = tosa.sub %50, %21 : (tensor<2x4x5x5xf32>, tensor<1x4x1x1xf32>) -> tensor<2x4x5x5xf32>
    %54 = tosa.reshape %52, %8 : (tensor<4xf32>, !tosa.shape<4>) -> tensor<1x4x1x1xf32>
    %55 = tosa.mul %53, %54, %5 : (tensor<2x4x5x5xf32>, tensor<1x4x1x1xf32>, tensor<1xi8>) -> tensor<2x4x5x5xf32>
    %56 = tosa.mul %55, %22, %5 : (tensor<2x4x5x5xf32>, tensor<1x4x1x1xf32>, tensor<1xi8>) -> tensor<2x4x5x5xf32>
    %57 = tosa.add %56, %23 : (tensor<2x4x5x5xf32>, tensor<1x4x1x1xf32>) -> tensor<2x4x5x5xf32>
    %58 = tosa.add %arg0, %57 : (tensor<2x4x5x5xf32>, tensor<2x4x5x5xf32>) -> tensor<2x4x5x5xf32>
    return %58 : tensor<2x4x5x5xf32>
  }
}
