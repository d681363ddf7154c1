// m_t_conv1d_net: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<3x9xi64>) -> tensor<3x3xf32> {
    %0 = "tosa.const"() <{values = dense<"0x4201293EBAA3FEBD1383093D3FB0FA3DB589333ED37C1C3D"> : tensor<6xf32>}> : () -> tensor<6xf32>
    %1 = "tosa.const"() <{values = dense<"0xE92D06BEDB0146BEE77D6ABEA6EED23D530CB4BD2860783D3D13493D"> : tensor<7xf32>}> : () -> tensor<7xf32>
    %2 = tosa.const_shape  {values = dense<[1, 27]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %3 = tosa.const_shape  {values = dense<[3, 9, 5]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %4 = tosa.const_shape  {values = dense<[3, 5, 1, 9]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %5 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %6 = tosa.const_shape  {values = dense<[3, 7, 7]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %7 = tosa.const_shape  {values = dense<[3, 7, 1, 7]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %8 = tosa.const_shape  {values = dense<[3, 6, 7]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %9 = tosa.const_shape  {values = dense<[1, 3, 6]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %10 = tosa.const_shape  {values = dense<3> : tensor<2xindex>} : () -> !tosa.shape<2>
    %11 = "tosa.const"() <{values = dense<"0xDB379FBF1346B23FB6B40DBE867C8CBF5F05F13EFDB2AC3FBE805B3E779C13BE6999B8BFBD94DFBE75D9C8BF371794BE044C12BF839718BE60BE09401282A8BF47465A3DEE35BE3FAC33F53E304CC13F09E0B1BFD0EA27BDA8EDE8BE7502483F6CAA1ABFF787D93C19CD96BFFCE79DBF95373C3F607B863EC8D1CE3EA3F4C2BF659C98BF07F80C3FDB3A303E60E5923E23724DBFB2BA4E3FE3BE02BF115924BD5E6182BF740692BF85E1573F3CCB1ABF2FD19D3FFB8CD93E4A38DA3E64773DBFD3770A4094965CBFB92C263EE6080DC08E0144BDE96DAE3F4D32B03E699468BC6E11D8BD94A5553E83DF0B400A39243E51326FBF56552FBF2542FFBE210EC1BE76BF89BFD59467BFB10D96BF7CEB70BF1B63893CE29D5EBF552C54BE789D78BE5E03A4BE70F714C0B4CEB1BE"> : tensor<1x15x5xf32>}> : () -> tensor<1x15x5xf32>
    %12 = "tosa.const"() <{values = dense<"0xA443D93D3D236D3EBE0E24BEBE32FB3D26C9153E566071BE1A75543E22475F3DDF6B253E9C5C5ABD9FF047BEBB2B51BE5ABF75BE14B76EBE435A9FBC2E0E153B453772BD24EF14BE450D603EFF25A7BDC67FC0BCAEF1003E470B49BE6D8F793E3B9EDC3D0FB42C3EB844FFBDB09D18BEDA49F03D063CC23DE40A3C3DA926793E9B81383E1046CA3D75C431BC361C13BED1E5813E63FDEEBD71B2BF3C80D93C3EF0658EBD95C9803EDAB2D43C0EAB68BE032A94BD2E5E3F3E6D4F4F3E5C763EBE9243263CDBD9573E2C6218BEFDDBB9BC7E051F3EF9A3E7BD8C3E42BE37B0F5BAECF6BDBD7C61833EE4A37CBE5C0407BE32E5D2BCE401EB3D425F383E7D04F73D9C3E383DDF2F8CBD410576BE889100BE9EE101BEE60354BE60733EBE5C693C3C13385E3E204B7FBE57911B3E575836BEC6CC7BBE28089B3D90FB7BBE03FAE93B899FEF3DA62BBCBC6C63CCBCA256D93DBAC5BFBD81DE05BE63844DBE77291C3EFA306ABD361BF7BD86A469BEC12F09BE25D1003E8156553E6F9EA1BCE72C0CBEA64CBFBC1FAD27BED8E58EBD6EFEB6BD6A2E2ABECEA938BEBDCDE33D5EC5743E44C28F3D"> : tensor<7x1x3x5xf32>}> : () -> tensor<7x1x3x5xf32>
    %13 = "tosa.const"() <{values = dense<"0xA610003ED6BE583E773456BD830C03BE3E6EB73D35EC56BD9521813D4104373DED1C1F3EF40342BE55E92DBEA975333D6CF949BE49D91E3DE278D43C32632C3E196A3C3E3EEBF33DA497B53DA7200D3E84934DBE975A2EBE7B87CABB5680E8BDB93B4D3E1DFC173DCC6AAC3DD61DEDBD688C583E4A6ABA3C555703BE0BFB343DA8871B3D47804F3E1BF4B63BD8EA34BEEBB531BE40EF133D84A824BEB64E783DE30CB8BDCAC085BC834CECBD80D6F6BCB88D033E1DD5FEBB4AE9C8BDE6774ABE4E895ABE38035A3D133B20BDC9EC283E59DD5CBD39B6F13DB45F213EE08C293E03E787BD2BB40F3E1E934E3E6E109ABC2FF3F1BBA3182F3E40888B3D19945DBE46263A3EE276603901463CBEAC5798BDB694A3BD1C233FBDE85C37BEA20C0C3E445BC9BC31F53CBEADE97FBDD2B5403EA2895C3D0C15D4BBECF0DF3DD59B56BEE0AE32BE4C63103E3977FEBD9D8153BEE0F79F3DF227313EDB1CDBBC7D0C363E49CE3D3E4B8CF2BD96DA253E78FB7C3CAFFC103EAB100B3E67CA283E584BE63DA4F20ABE3A3D55BD93E227BEB81B39BE5A52C4BD8CAA57BC843157BE0D97973DCB291BBEC380183E23D74CBEAB75FE3D75E6CBBDFE4313BE552249BE082946BDC6D5143ED58F353EAF9D5CBEDAD49B3D91224BBE018F973D52B0A53AE2549A3D0BEB523E61359DBC1809B8BD10F01EBD916510BE324708BE"> : tensor<6x1x3x7xf32>}> : () -> tensor<6x1x3x7xf32>
    %14 = "tosa.const"() <{values = dense<[[[0.0574516244, 0.246473238, -0.216608107], [-0.347462893, -0.118480667, -0.218035266], [0.211605296, 0.353998423, -0.388373107], [0.138603494, 0.188278079, -0.169643253], [0.136243731, 0.00804879051, 6.26879511E-4], [-0.103715442, -6.67467772E-4, 0.180966109]]]> : tensor<1x6x3xf32>}> : () -> tensor<1x6x3xf32>
    %15 = "tosa.const"() <{values = dense<"0xA0FF0E3E133FBF3ED8D549BE"> : tensor<1x3xf32>}> : () -> tensor<1x3xf32>
    %16 = tosa.reshape %arg0, %2 : (tensor<3x9xi64>, !tosa.shape<2>) -> tensor<1x27xi64>
    %17 = tosa.cast %16 : (tensor<1x27xi64>) -> tensor<1x27xi32>
    %18 = tosa.gather %11, %17 : (tensor<1x15x5xf32>, tensor<1x27xi32>) -> tensor<1x27x5xf32>
    %19 = tosa.reshape %18, %3 : (tensor<1x27x5xf32>, !tosa.shape<3>) -> tensor<3x9x5xf32>
    %20 = tosa.transpose %19 {perms = array<i32: 0, 2, 1>} : (tensor<3x9x5xf32>) -> tensor<3x5x9xf32>
    %21 = tosa.reshape %20, %4 : (tensor<3x5x9xf32>, !tosa.shape<4>) -> tensor<3x5x1x9xf32>
    %22 = tosa.transpose %21 {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x5x1x9xf32>) -> tensor<3x1x9x5xf32>
    %23 = tosa.conv2d %22, %12, %1, %5, %5 {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 0, 0>, stride = array<i64: 1, 1>} : (tensor<3x1x9x5xf32>, tensor<7x1x3x5xf32>, tensor<7xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<3x1x7x7xf32>
    %24 = tosa.transpose %23 {perms = array<i32: 0, 3, 1, 2>} : (tensor<3x1x7x7xf32>) -> tensor<3x7x1x7xf32>
    %25 = tosa.reshape %24, %6 : (tensor<3x7x1x7xf32>, !tosa.shape<3>) -> tensor<3x7x7xf32>
    %26 = tosa.clamp %25 {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32} : (tensor<3x7x7xf32>) -> tensor<3x7x7xf32>
    %27 = tosa.reshape %26, %7 : (tensor<3x7x7xf32>, !tosa.shape<4>) -> tensor<3x7x1x7xf32>
    %28 = tosa.transpose %27 {perms = array<i32: 0, 2, 3, 1>} : (tensor<3x7x1x7xf32>) -> tensor<3x1x7x7xf32>
    %29 = tosa.conv2d %28, %13, %0, %5, %5 {acc_type = f32, dilation = array<i64: 1, 1>, pad = array<i64: 0, 0, 1, 1>, stride = array<i64: 1, 1>} : (tensor<3x1x7x7xf32>, tensor<6x1x3x7xf32>, tensor<6xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<3x1x7x6xf32>
    %30 = tosa.transpose %29 {perms = array<i32: 0, 3, 1, 2>} : (tensor<3x1x7x6xf32>) -> tensor<3x6x1x7xf32>
    %31 = tosa.reshape %30, %8 : (tensor<3x6x1x7xf32>, !tosa.shape<3>) -> tensor<3x6x7xf32>
    %32 = tosa.clamp %31 {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32} : (tensor<3x6x7xf32>) -> tensor<3x6x7xf32>
    %33 = tosa.reduce_max %32 {axis = 2 : i32} : (tensor<3x6x7xf32>) -> tensor<3x6x1xf32>
    %34 = tosa.reshape %33, %9 : (tensor<3x6x1xf32>, !tosa.shape<3>) -> tensor<1x3x6xf32>
    %35 = tosa.matmul %34, %14, %5, %5 : (tensor<1x3x6xf32>, tensor<1x6x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x3xf32>
    %36 = tosa.reshape %35, %10 : (tensor<1x3x3xf32>, !tosa.shape<2>) -> tensor<3x3xf32>
    %37 = tosa.add %36, %15 : (tensor<3x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
    return %37 : tensor<3x3xf32>
  }
}
