// t_multihead_attention: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<3x5x10xf32>) -> tensor<3x5x10xf32> {
    %0 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<3x2x5x5xf32>}> : () -> tensor<3x2x5x5xf32>
    %1 = tosa.const_shape  {values = dense<[5, 3, 10]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %2 = tosa.const_shape  {values = dense<[5, 1, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %3 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %4 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %5 = tosa.const_shape  {values = dense<[1, 5, 3, 3, 10]> : tensor<5xindex>} : () -> !tosa.shape<5>
    %6 = tosa.const_shape  {values = dense<[3, 5, 3, 10]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %7 = tosa.const_shape  {values = dense<[1, 5, 3, 10]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %8 = tosa.const_shape  {values = dense<0> : tensor<4xindex>} : () -> !tosa.shape<4>
    %9 = tosa.const_shape  {values = dense<[1, 0, 0, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %10 = tosa.const_shape  {values = dense<[2, 0, 0, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %11 = tosa.const_shape  {values = dense<[5, 6, 5]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %12 = tosa.const_shape  {values = dense<[3, 2, 5, 5]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %13 = tosa.const_shape  {values = dense<[6, 5, 5]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %14 = tosa.const_shape  {values = dense<[15, 10]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %15 = tosa.const_shape  {values = dense<[1, 15, 10]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %16 = "tosa.const"() <{values = dense<"0xC8DE1E3C805F863DD927AE3DF049BE3EE7E3EC3DD0BBA33EAA19C23E8745BE3E9545D8BDFC6618BE3D9AA03C8E629E3DA5807BBE8FC5C13CD61259BEAE260A3EAC97743E9A1C1F3D2317BEBE246BC0BE80ED523E5E46583EDADB97BEE315483E89440F3E6112863AD12ED5BDF75303BEEECBA43E7CDC9F3DEA48AA3E5E72B2BE82B12BBE7320B0BEA06902BEBFC7BC3E4178F73D2860E8BDABFA8C3E7CE68D3E0CA4BABE04168DBD648118BEC0E1A8BE24B78FBDB017BABE667001BE1FA8943E5E6AC23E9F34F1BC9EABB4BEA45BB9BEEFCA023ECA7270BE56B5B4BC289F94BE7399AD3E6902413DA678C2BE675A94BE069C813EFCBE6E3E573DACBEC01D8DBEDB14863ECAC8953E6789B9BEC385B13ED7348BBEDD7C9DBD4BF6263D49B833BD2B01BABE2BDDEBBC9430653EA340A3BD095B74BE83D695BDF137943E5F539EBE888BABBE82FA04BD23C14E3E92FB96BE985B66BE821A02BEA11C833D76F80C3CE90632BED88011BEBFDCA9BE1286833CE8B7EFBC4FEE1B3E67240F3E0E2D2EBE1A32593B00DA84BE59A83CBDD28605BE974D99BE0D1E1EBD4362AF3D2E824F3DA350873E9F91683E6D60C7BD6AAB8A3EB626BE3EC071A23D8EC9723E6A3C5ABE69D49F3E963C3B3E711F663EA689273EB55C1BBE1E4A8EBEFFFD863ECDF08B3EA8D4973E656F353ECD4C87BED74F9D3D0F5D6E3EFA86E7BDC07D90BDAB73BEBE56DEE1BD95CEF33CBF7C043ECCA501BE358B323E773CAF3E3AC4C53E687D1A3E4C30E23D6417123E86B30D3EB95F0DBDC91E2BBD21BBBDBE112AAF3E2C19BF3E8F85AE3E59A5BB3E008AA0BEBB5D3FBEEDCB82BD65A40A3EE7A42FBE8518BE3EC761233EF036A7BEE3A7F63D56B9ADBEDC5D9BBE7F4001BEE99F503D0891933ED3838BBE879E053D51FD77BE3884F9BD8090BB3D31828D3E2CA0A73C4F1F85BE1EC26EBDA690033E317B113CCE538BBEAF124BBE157A07BDE3B0F53DB14143BDDC572D3E23F8A4BEDBB5943D3BEDEE3D0F13ACBED1B635BEC55289BE2C8423BC6AF23B3EF01AC43E493B453EAD08813D86C2B63EB2A298BE31602C3CBD259CBC339488BEBA61B4BE0E89A4BEFE47ADBB9C44C63CA6A6C1BD51FCC3BEB16CA8BE4123C03E09FEB03C413E51BE345C85BD72407F3D2AB5B93E427B2DBE3F60C33E0A0EB8BD45B8B7BEC0E7E63D71AFC1BE12E5513E05CBE13CB0833F3EB49A0D3E65BDDC3DFAF30B3EB8289C3EB619783E2B76AFBED78D143DC506CDBD3A55A0BD134903BD4CF8273EBD874DBD462585BE038801BE67CD5E3E4E1A53BD7FEE973E1AE09D3E797C5CBDC66A583EA6E5AB3E0B0379BE9D7A923CFFD3B6BE9641C13E595F913E6D3BE0BD91B2A13D2F415D3E15E5A6BEFA8F0ABE2BFD93BEDA57BBBEE6F9C5BE9B8445BE0A78B4BEC438A2BEE6EA82BEA8C343BE193CC53ED184B93E3136BCBD8869113EA214C43E5663DFBD6ECDDF3B2C383E3E898CAB3DAC7E3B3E218A203E6E1FB33E1A374B3E39052BBD2F02CBBD532D07BEA42832BDCF1851BEAAD2973E75E298BDE9043D3DF6D2A2BE699B5FBEEF61BDBDA3E89CBEC70C6B3EB457953EBABE893E9397CE3D93A5A8BD421D92BE0D68EFBD713F99BEB43394BEE8362BBE1151C43E6F1F72BEFBCB513EE2DD26BE49855F3E95508EBEAF781FBE84D2793EF3E926BDCD0C953E6774EBBD"> : tensor<1x10x30xf32>}> : () -> tensor<1x10x30xf32>
    %17 = "tosa.const"() <{values = dense<"0x000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"> : tensor<1x1x30xf32>}> : () -> tensor<1x1x30xf32>
    %18 = "tosa.const"() <{values = dense<0.668740332> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
    %19 = "tosa.const"() <{values = dense<0xFFF0000000000000> : tensor<1x1x1x1xf64>}> : () -> tensor<1x1x1x1xf64>
    %20 = "tosa.const"() <{values = dense<[[[0.0259670597, 0.246836603, 0.147134855, 0.0755532831, 0.281590402, 0.122439466, 0.202306449, -0.136109143, 0.197649509, 0.236766249], [-0.19925794, 0.193551183, 0.26591441, -0.0427348875, 0.30289948, -0.0876607075, -0.277612329, -0.195193231, -0.101729862, 0.191717058], [-0.1673107, -0.199692324, 0.132454813, 0.0773154423, -0.284359068, 0.182368621, 0.0655883774, -0.315521121, 0.313865364, 0.154953077], [0.207293049, 0.206424952, 0.00595628424, -0.219947457, -0.134266049, -0.259694904, -0.00720459223, -0.22087346, 0.23611401, -0.31604591], [0.197941631, 0.233140379, -0.262070686, 0.269857317, 0.0723970383, -0.0666854829, 0.0396080129, 0.017526675, -0.113246493, 0.298474759], [0.113968439, 0.0572257265, 0.176906243, 0.0628766641, 0.103885658, 0.090373516, -0.298635393, -0.294198513, -0.0500401333, 0.00942658354], [0.174086154, -0.0530325063, 0.102061488, 0.089792259, 0.202674821, -0.261004359, 0.0979157984, 0.255365193, 0.176733851, -0.208816126], [0.310406446, 0.184968606, -0.236836523, -0.226413116, 0.226982638, 0.122163527, -0.0621892139, -0.0289546084, -0.110309727, 0.124484055], [-0.218136147, -5.007900e-02, 0.213874087, -0.143160909, -0.219009057, 0.238864034, -0.0468459278, 0.165144309, 0.14392142, 0.0162429698], [-0.234319657, -0.0121467067, 0.0910825654, -0.0104796952, -0.218144402, -0.268486649, -0.148273423, -0.108117513, 0.252820373, 0.229005709]]]> : tensor<1x10x10xf32>}> : () -> tensor<1x10x10xf32>
    %21 = "tosa.const"() <{values = dense<"0x00000000000000000000000000000000000000000000000000000000000000000000000000000000"> : tensor<1x10xf32>}> : () -> tensor<1x10xf32>
    %22 = tosa.transpose %arg0 {perms = array<i32: 1, 0, 2>} : (tensor<3x5x10xf32>) -> tensor<5x3x10xf32>
    %23 = tosa.tile %16, %2 : (tensor<1x10x30xf32>, !tosa.shape<3>) -> tensor<5x10x30xf32>
    %24 = tosa.matmul %22, %23, %3, %3 : (tensor<5x3x10xf32>, tensor<5x10x30xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<5x3x30xf32>
    %25 = tosa.add %24, %17 : (tensor<5x3x30xf32>, tensor<1x1x30xf32>) -> tensor<5x3x30xf32>
    %26 = tosa.reshape %25, %5 : (tensor<5x3x30xf32>, !tosa.shape<5>) -> tensor<1x5x3x3x10xf32>
    %27 = tosa.transpose %26 {perms = array<i32: 3, 1, 2, 0, 4>} : (tensor<1x5x3x3x10xf32>) -> tensor<3x5x3x1x10xf32>
    %28 = tosa.reshape %27, %6 : (tensor<3x5x3x1x10xf32>, !tosa.shape<4>) -> tensor<3x5x3x10xf32>
    %29 = tosa.slice %28, %8, %7 : (tensor<3x5x3x10xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x5x3x10xf32>
    %30 = tosa.slice %28, %9, %7 : (tensor<3x5x3x10xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x5x3x10xf32>
    %31 = tosa.slice %28, %10, %7 : (tensor<3x5x3x10xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x5x3x10xf32>
    %32 = tosa.reshape %29, %11 : (tensor<1x5x3x10xf32>, !tosa.shape<3>) -> tensor<5x6x5xf32>
    %33 = tosa.transpose %32 {perms = array<i32: 1, 0, 2>} : (tensor<5x6x5xf32>) -> tensor<6x5x5xf32>
    %34 = tosa.reshape %30, %11 : (tensor<1x5x3x10xf32>, !tosa.shape<3>) -> tensor<5x6x5xf32>
    %35 = tosa.transpose %34 {perms = array<i32: 1, 0, 2>} : (tensor<5x6x5xf32>) -> tensor<6x5x5xf32>
    %36 = tosa.reshape %31, %11 : (tensor<1x5x3x10xf32>, !tosa.shape<3>) -> tensor<5x6x5xf32>
    %37 = tosa.transpose %36 {perms = array<i32: 1, 0, 2>} : (tensor<5x6x5xf32>) -> tensor<6x5x5xf32>
    %38 = tosa.reshape %33, %12 : (tensor<6x5x5xf32>, !tosa.shape<4>) -> tensor<3x2x5x5xf32>
    %39 = tosa.reshape %35, %12 : (tensor<6x5x5xf32>, !tosa.shape<4>) -> tensor<3x2x5x5xf32>
    %40 = tosa.mul %38, %18, %4 : (tensor<3x2x5x5xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<3x2x5x5xf32>
    %41 = tosa.transpose %39 {perms = array<i32: 0, 1, 3, 2>} : (tensor<3x2x5x5xf32>) -> tensor<3x2x5x5xf32>
    %42 = tosa.mul %41, %18, %4 : (tensor<3x2x5x5xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<3x2x5x5xf32>
    %43 = tosa.reshape %40, %13 : (tensor<3x2x5x5xf32>, !tosa.shape<3>) -> tensor<6x5x5xf32>
    %44 = tosa.reshape %42, %13 : (tensor<3x2x5x5xf32>, !tosa.shape<3>) -> tensor<6x5x5xf32>
    %45 = tosa.matmul %43, %44, %3, %3 : (tensor<6x5x5xf32>, tensor<6x5x5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<6x5x5xf32>
    %46 = tosa.reshape %45, %12 : (tensor<6x5x5xf32>, !tosa.shape<4>) -> tensor<3x2x5x5xf32>
    %47 = tosa.reduce_max %46 {axis = 3 : i32} : (tensor<3x2x5x5xf32>) -> tensor<3x2x5x1xf32>
    %48 = tosa.sub %46, %47 : (tensor<3x2x5x5xf32>, tensor<3x2x5x1xf32>) -> tensor<3x2x5x5xf32>
    %49 = tosa.exp %48 : (tensor<3x2x5x5xf32>) -> tensor<3x2x5x5xf32>
    %50 = tosa.reduce_sum %49 {axis = 3 : i32} : (tensor<3x2x5x5xf32>) -> tensor<3x2x5x1xf32>
    %51 = tosa.reciprocal %50 : (tensor<3x2x5x1xf32>) -> tensor<3x2x5x1xf32>
    %52 = tosa.mul %49, %51, %4 : (tensor<3x2x5x5xf32>, tensor<3x2x5x1xf32>, tensor<1xi8>) -> tensor<3x2x5x5xf32>
    %53 = tosa.cast %46 : (tensor<3x2x5x5xf32>) -> tensor<3x2x5x5xf64>
    %54 = tosa.equal %53, %19 : (tensor<3x2x5x5xf64>, tensor<1x1x1x1xf64>) -> tensor<3x2x5x5xi1>
    %55 = tosa.reduce_all %54 {axis = 3 : i32} : (tensor<3x2x5x5xi1>) -> tensor<3x2x5x1xi1>
    %56 = tosa.select %55, %0, %52 : (tensor<3x2x5x1xi1>, tensor<3x2x5x5xf32>, tensor<3x2x5x5xf32>) -> tensor<3x2x5x5xf32>
    %57 = tosa.reshape %56, %13 : (tensor<3x2x5x5xf32>, !tosa.shape<3>) -> tensor<6x5x5xf32>
    %58 = tosa.matmul %57, %37, %3, %3 : (tensor<6x5x5xf32>, tensor<6x5x5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<6x5x5xf32>
    %59 = tosa.reshape %58, %12 : (tensor<6x5x5xf32>, !tosa.shape<4>) -> tensor<3x2x5x5xf32>
    %60 = tosa.transpose %59 {perms = array<i32: 2, 0, 1, 3>} : (tensor<3x2x5x5xf32>) -> tensor<5x3x2x5xf32>
    %61 = tosa.reshape %60, %15 : (tensor<5x3x2x5xf32>, !tosa.shape<3>) -> tensor<1x15x10xf32>
    %62 = tosa.matmul %61, %20, %3, %3 : (tensor<1x15x10xf32>, tensor<1x10x10xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x15x10xf32>
    %63 = tosa.reshape %62, %14 : (tensor<1x15x10xf32>, !tosa.shape<2>) -> tensor<15x10xf32>
    %64 = tosa.add %63, %21 : (tensor<15x10xf32>, tensor<1x10xf32>) -> tensor<15x10xf32>
    %65 = tosa.reshape %64, %1 : (tensor<15x10xf32>, !tosa.shape<3>) -> tensor<5x3x10xf32>
    %66 = tosa.transpose %65 {perms = array<i32: 1, 0, 2>} : (tensor<5x3x10xf32>) -> tensor<3x5x10xf32>
    return %66 : tensor<3x5x10xf32>
  }
}
