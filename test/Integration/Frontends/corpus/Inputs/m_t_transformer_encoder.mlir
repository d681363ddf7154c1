// m_t_transformer_encoder: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
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
    %16 = tosa.const_shape  {values = dense<[15, 14]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %17 = tosa.const_shape  {values = dense<[3, 5, 14]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %18 = tosa.const_shape  {values = dense<[1, 15, 14]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %19 = tosa.const_shape  {values = dense<[3, 5, 10]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %20 = "tosa.const"() <{values = dense<"0x54B0BFBE38ACB23E79100DBBB0334B3E38005E3EE790AE3C7F070EBEA716B4BE69151EBE6FE8703E037566BDE044373E6AA6AC3D510F84BE6BA09CBD2714723E915C39BDE58C61BE8BDE99BD17F43A3EEEC380BD443A243E1928873ECD39E0BDCB6C12BE0EFC1A3ECEB2A03E15EDA93DC026BD3EBCB2A7BE682EB93E2536D43D0FBD4EBE3BF8953E2120573D9E46D7BB767E3A3D48AA8BBEAD6BE83D5A61BABE6C7221BEBB51403E2CBFC7BD8E02B7BEFB2A643CD28B253E6370A1BDE8B9C33EA71A133E414736BEC55AC9BDFF2F5ABEFB70FA3CBB8C15BEF66E9B3E14C7703E876CD8BD2FDF36BE4DA277BEDA6C9B3E0C0B8BBE63928C3E40AEACBEF6CBA7BE183E91BD8D6223BE8AEBB0BE0596A0BE8546BB3E9D0D5D3EAE75103E877A90BE53BC9D3E5445163D51DA96BD80D99ABEE160913E08F0B5BEE8CA663EB71BD5BDD4319BBE3174DBBD1D7BA3BE66C31A3E5C9798BEE8739DBE403746BD36708F3E52B129BD171CA43DDD6FA73E1E28793D1539853E4AE0BBBEEA828DBE812A263E9288B5BE39FA39BE078EAFBE7B13D4BACF2F88BEA3500CBE96C344BDD594753EFAB763BE65447DBE9965953E62D9BF3E91B4CCBCCAEAB63CD2297BBE6A47A0BE9154C7BDB063453D4438E93DB4D6593C8AE64FBB99EE26BE5CB7873E667B1D3E31D9503EB6C12DBE8F1A56BE961000BE93ADB23E815BB53E300289BED85DACBDC1AF3C3DC0BAC9BB7AE54DBE01BB353EC39B833DCD11B53BB016BFBCBBF1A3BD0E97FF3CB0612B3DBC51893E29A9C1BEDEB68B3E253DE0BDB4FEF33C13EA783EEBD76C3ED95891BEC578833EE7D2343E9963C3BE993E943E6B541E3ED05DA6BED183BABE7007A1BEDF6D55BDF33FA6BD70FAAE3E021C903E002343BDC4D82FBEC117D13D6DED9A3E7C4C53BEA6B4DABD1886A23EC5FFAE3C9BF4E13DCFEDD7BD7FE1B3BEBF70C53E2EAA883EE486A7BEE779BA3E9AF08EBD60160CBD79D9733D38BE233EF01BC3BEEA275A3ED6FD013C59548CBE37BD0FBEA06A823E6E93AA3D5962FDBD68A5B4BDD4458EBDA6504EBEDE4348BEA53AB5BEB343173EA5957EBD50CE113D7ABF20BED404A4BE892EC63E5D3B87BDE85C0BBD98E3E8BD5045D23D34628ABD48DF9BBEC382443EB70753BD4E49293E2EF4663E26DF9F3E7C00553EBA37853D11D6603EF31822BE5A89003EBD80C3BE1EAD6BBEEBBCB33EEC0C15BDEFF29ABEA18E0CBE143AF93D2BBC643DE31E5BBE7DDBA4BEAECFA03EE0E19DBE8D0C6CBE3C9239BEB7F481BE676338BEBD883DBA4668A2BEE09791BE3825103E1A8DEDBD41099ABE1948BEBEE35C6EBDE02EAE3E503CA6BE584CB53E7568E83D3602233E0B3CBB3DA341AC3E8DB9883E933F04BE92EF90BB1AB8583DD726BBBCFA11C23D57C9313EE9E9DCBD15AA353EEC04313EE9338D3C345B34BEA7799F3E2CAA963CAD13AA3E444A78BE6A5E94BEAF24FA3D6D77D9BC704CA43E7B84323DF23E8CBBA96A86BEB616BFBE3F93043DEF1ABB3E1177AABEBE5187BEFB8BA03DB5B2BCBEEC2F793EC6B1BDBEFD9119BEAEBC973EC25C7D3ECA1C23BE48249D3E92CBBDBDFD6C9D3EDF650DBD6DFC0EBE5872FCBCAD12333EE323E9BDFA6B883E143D933EAAC38ABE1A2DB83EC8A6553E81AFE3BDBFCFF4BC4DFD513D7A88723ED90899BE8AA214BEF5466B3EA3DC5DBE"> : tensor<1x10x30xf32>}> : () -> tensor<1x10x30xf32>
    %21 = "tosa.const"() <{values = dense<"0x000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"> : tensor<1x1x30xf32>}> : () -> tensor<1x1x30xf32>
    %22 = "tosa.const"() <{values = dense<0.668740332> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
    %23 = "tosa.const"() <{values = dense<0xFFF0000000000000> : tensor<1x1x1x1xf64>}> : () -> tensor<1x1x1x1xf64>
    %24 = "tosa.const"() <{values = dense<[[[0.167647153, 0.235022753, -0.282946378, 0.0623619072, -0.303291857, -0.050491821, -0.192035303, 0.0879974961, 0.137226716, 0.0245354306], [0.0886764228, 0.272506148, -0.142306358, -0.28279826, -0.0974365919, -0.101525582, -0.132520333, -0.116917416, 0.308939397, -0.292435229], [-0.204072461, -0.00970840826, 0.0193541273, 0.283947796, 3.083840e-01, 0.311333716, 0.135751396, 0.258620799, -0.189971074, -0.0976461544], [0.052802138, 0.0623730645, -0.203764543, 0.290661514, 0.287408859, -0.272456229, 0.128457949, 0.297277272, -0.011648424, 0.0361238383], [-0.0148440227, 0.151133209, -0.239472926, -0.224748924, -0.123405389, 0.100930229, 0.0819686427, -0.0462554768, -0.185894251, 0.233531192], [-0.274132788, -0.173369929, 0.187537789, 0.0510973521, 0.0453554913, -0.0896160677, -0.0560105145, -0.179857939, 0.293786377, -0.305845886], [-0.0926143154, -0.149038404, 0.159592226, 0.186604813, -0.212193087, -0.0496966355, 0.254481196, 0.0422300845, -0.201781258, -0.0739774182], [0.29307583, 0.0949049964, -0.178925008, 0.224592179, -0.296649605, 0.0949886441, -0.280724525, -0.0845591649, -0.158503979, -0.248484075], [-0.137466177, -0.100266717, 1.094330e-01, 0.300553381, -0.121365018, -2.443310e-01, -0.280503303, -0.11629764, 0.112505779, -0.17147927], [0.293341249, -0.0383358784, -0.245601818, 0.274093956, -0.239040941, 0.0801296532, -0.277427226, 0.123478517, -0.154610902, -0.0440720506]]]> : tensor<1x10x10xf32>}> : () -> tensor<1x10x10xf32>
    %25 = "tosa.const"() <{values = dense<"0x00000000000000000000000000000000000000000000000000000000000000000000000000000000"> : tensor<1x10xf32>}> : () -> tensor<1x10xf32>
    %26 = "tosa.const"() <{values = dense<1.000000e-01> : tensor<1x1x1xf64>}> : () -> tensor<1x1x1xf64>
    %27 = "tosa.const"() <{values = dense<1.000000e-01> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %28 = "tosa.const"() <{values = dense<9.99999974E-6> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %29 = "tosa.const"() <{values = dense<"0x0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F"> : tensor<1x1x10xf32>}> : () -> tensor<1x1x10xf32>
    %30 = "tosa.const"() <{values = dense<"0x00000000000000000000000000000000000000000000000000000000000000000000000000000000"> : tensor<1x1x10xf32>}> : () -> tensor<1x1x10xf32>
    %31 = "tosa.const"() <{values = dense<"0xD6B5F9BCA968733E44E628BEF5C7E2BDBF87E23CF7DF51BE01E89FBEDC8201BE4DB1893E4FC8973D7B6A9CBD243F583ECD8B02BE5E4FBA3DE2EC073E4AC3043DEF81003EBBE342BE6ADE5EBE051CA33DA9948F3E4095493DDAFF8CBEDC7780BEEFD85B3E3663803E01D2273E6896533ED96C473E456418BEAA8BF63C1B2E8DBD332622BE6C616FBD66CF95BE9BA31A3C79F184BE34BC593E90B2EABC6AE8CF3DE23B223EB901183ED15706BE4E9D2E3E4B978BBE18C518BE0F17423E56498CBD42F5D8BD6D227EBE4E926BBEE876EC3DF1109FBE44AED23D4278D0BCA640F83DCE45D13C87C5453E9527CDBD4F7B5E3D6CA306BEC7A04D3DF973CA3DC223153CCC53993E162ED4BD23EAA63D1144713E65D06B3EC8ED9B3E2AF3F2BDEA0211BE3334333EB6B5FBBD8522933D7111953EC0EB30BE69088ABE754270BE80AF3DBD14D1A63DB24E95BE23D7873E37B0B4BD9F2D1A3E0BD43BBECF305BBE0A2B93BEFE0FE5BDE358543E14C39A3E0B47A9BDDB0AFCBDA9BF8F3EDE112EBE595EFDBD27A7893EF9418D3E1BF1AE3D894FE53D1EB3B0BC77EC883D360F20BD9142F5BD28278B3E125C1CBE4821D13DD3E631BE2FC830BECDFD81BE18725C3E078A453EE02C78BE9E56813ECF40A1BE8F389ABE8C3B0ABEC4247CBDFF3D8DBD0C429DBEB295BBBDC72F82BEF9490DBC8DFE9C3EC4A3173D250B543D5051553E31BE2EBEEC4AAABDE7A5653DF587983E8AEB9CBEBA81803EEF9A16BEB35B96BDF3549EBE43F604BEA49F15BE59D038BEC34334BE"> : tensor<1x10x14xf32>}> : () -> tensor<1x10x14xf32>
    %32 = "tosa.const"() <{values = dense<"0x90E8B4BD27A8E43D26A245BEE37E4B3D99E900BE477991BEF83026BC73A697BE7E1CB03D9C6B523EF9D642BEF6B71A3E0701913EB0DD233E"> : tensor<1x14xf32>}> : () -> tensor<1x14xf32>
    %33 = "tosa.const"() <{values = dense<"0xFF0B7F3E4D8A0ABEC88E77BEF104223D17805ABE05E942BE869F1B3E00D8083EB68DE83DCF84403EBCFC9ABCDF28B4BD37BDD13D1BD6803ED4D5563E15E106BE68DA54BEC37D4CBE292948BD153B7B3CCBE36E3E4235343E6B9EEA3DC8DB093E88ED333EB97C053E798F653EB5701ABE3DCD12BD6AC4863EA38BB83CFA22DE3DF9AD743E1F30CC3DF143663C4D4FF33D5DC2FBBD68D7A13D38630F3EB95BFCBCB8B506BDB0F80CBCB2767A3E5F89723EEB8E6A3C201A4A3E297AC8BD73DD8FBDE1F8A7BDDA3586BECB9C8ABD5E746A3E320A86BEF21A6EBEFC90223D650AFD3D3F8C923D2BDDE13DCE9C77BE249A38BE030014BE71C683BEA08F773DE1AF283EDD4B5C3C3CB838BD602C2D3E40B5113C3B2C473ECCD5813E60F4C63D5C552BBE0BDDAAB92C43203E22FB783CDD8F843E7348113E23232DBCD67E373DB5C1133E65910B3EE9AD663CA359BCBD343936BEBF24523C6D621BBD6C69E6BC9F2A5CBDFD1E133E7773833E24D78B3D1E16013DC527A3BD8BA5843C9B0C74BE397AB53DA2A01B3B6C510FBDAAC340BEB415CE3C56310ABE81CCEFBCF68E10BEFEF760BD547978BEBC4B6FBEB3C83F3EEB10263E58C73BBD0D43C1BD6D4B443D13FF8F3DC00D50BED3F3153E2511BD3CCBF55A3E3223323E01D3993CDD9E0ABE4E7E87BEEA8F80BE99419E3D4079EFBCB537073DF3D5003EA1BC80BEAD37423BFD97A93C59AD65BE99B0843E0ACC6A3E9EB3813EEFB6E83C65CC323E2BEF62BE046F33BEBBDE7F3E455312BD998D00BEB2F5003E"> : tensor<1x14x10xf32>}> : () -> tensor<1x14x10xf32>
    %34 = "tosa.const"() <{values = dense<"0x0348B0BD871312BD7F2E153D64D0043E7CA63ABE3BE1A23DB479883E39D9B23DD65C20BE211FB93D"> : tensor<1x10xf32>}> : () -> tensor<1x10xf32>
    %35 = "tosa.const"() <{values = dense<"0x0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F"> : tensor<1x1x10xf32>}> : () -> tensor<1x1x10xf32>
    %36 = "tosa.const"() <{values = dense<"0x00000000000000000000000000000000000000000000000000000000000000000000000000000000"> : tensor<1x1x10xf32>}> : () -> tensor<1x1x10xf32>
    %37 = tosa.transpose %arg0 {perms = array<i32: 1, 0, 2>} : (tensor<3x5x10xf32>) -> tensor<5x3x10xf32>
    %38 = tosa.tile %20, %2 : (tensor<1x10x30xf32>, !tosa.shape<3>) -> tensor<5x10x30xf32>
    %39 = tosa.matmul %37, %38, %3, %3 : (tensor<5x3x10xf32>, tensor<5x10x30xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<5x3x30xf32>
    %40 = tosa.add %39, %21 : (tensor<5x3x30xf32>, tensor<1x1x30xf32>) -> tensor<5x3x30xf32>
    %41 = tosa.reshape %40, %5 : (tensor<5x3x30xf32>, !tosa.shape<5>) -> tensor<1x5x3x3x10xf32>
    %42 = tosa.transpose %41 {perms = array<i32: 3, 1, 2, 0, 4>} : (tensor<1x5x3x3x10xf32>) -> tensor<3x5x3x1x10xf32>
    %43 = tosa.reshape %42, %6 : (tensor<3x5x3x1x10xf32>, !tosa.shape<4>) -> tensor<3x5x3x10xf32>
    %44 = tosa.slice %43, %8, %7 : (tensor<3x5x3x10xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x5x3x10xf32>
    %45 = tosa.slice %43, %9, %7 : (tensor<3x5x3x10xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x5x3x10xf32>
    %46 = tosa.slice %43, %10, %7 : (tensor<3x5x3x10xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x5x3x10xf32>
    %47 = tosa.reshape %44, %11 : (tensor<1x5x3x10xf32>, !tosa.shape<3>) -> tensor<5x6x5xf32>
    %48 = tosa.transpose %47 {perms = array<i32: 1, 0, 2>} : (tensor<5x6x5xf32>) -> tensor<6x5x5xf32>
    %49 = tosa.reshape %45, %11 : (tensor<1x5x3x10xf32>, !tosa.shape<3>) -> tensor<5x6x5xf32>
    %50 = tosa.transpose %49 {perms = array<i32: 1, 0, 2>} : (tensor<5x6x5xf32>) -> tensor<6x5x5xf32>
    %51 = tosa.reshape %46, %11 : (tensor<1x5x3x10xf32>, !tosa.shape<3>) -> tensor<5x6x5xf32>
    %52 = tosa.transpose %51 {perms = array<i32: 1, 0, 2>} : (tensor<5x6x5xf32>) -> tensor<6x5x5xf32>
    %53 = tosa.reshape %48, %12 : (tensor<6x5x5xf32>, !tosa.shape<4>) -> tensor<3x2x5x5xf32>
    %54 = tosa.reshape %50, %12 : (tensor<6x5x5xf32>, !tosa.shape<4>) -> tensor<3x2x5x5xf32>
    %55 = tosa.mul %53, %22, %4 : (tensor<3x2x5x5xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<3x2x5x5xf32>
    %56 = tosa.transpose %54 {perms = array<i32: 0, 1, 3, 2>} : (tensor<3x2x5x5xf32>) -> tensor<3x2x5x5xf32>
    %57 = tosa.mul %56, %22, %4 : (tensor<3x2x5x5xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<3x2x5x5xf32>
    %58 = tosa.reshape %55, %13 : (tensor<3x2x5x5xf32>, !tosa.shape<3>) -> tensor<6x5x5xf32>
    %59 = tosa.reshape %57, %13 : (tensor<3x2x5x5xf32>, !tosa.shape<3>) -> tensor<6x5x5xf32>
    %60 = tosa.matmul %58, %59, %3, %3 : (tensor<6x5x5xf32>, tensor<6x5x5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<6x5x5xf32>
    %61 = tosa.reshape %60, %12 : (tensor<6x5x5xf32>, !tosa.shape<4>) -> tensor<3x2x5x5xf32>
    %62 = tosa.reduce_max %61 {axis = 3 : i32} : (tensor<3x2x5x5xf32>) -> tensor<3x2x5x1xf32>
    %63 = tosa.sub %61, %62 : (tensor<3x2x5x5xf32>, tensor<3x2x5x1xf32>) -> tensor<3x2x5x5xf32>
    %64 = tosa.exp %63 : (tensor<3x2x5x5xf32>) -> tensor<3x2x5x5xf32>
    %65 = tosa.reduce_sum %64 {axis = 3 : i32} : (tensor<3x2x5x5xf32>) -> tensor<3x2x5x1xf32>
    %66 = tosa.reciprocal %65 : (tensor<3x2x5x1xf32>) -> tensor<3x2x5x1xf32>
    %67 = tosa.mul %64, %66, %4 : (tensor<3x2x5x5xf32>, tensor<3x2x5x1xf32>, tensor<1xi8>) -> tensor<3x2x5x5xf32>
    %68 = tosa.cast %61 : (tensor<3x2x5x5xf32>) -> tensor<3x2x5x5xf64>
    %69 = tosa.equal %68, %23 : (tensor<3x2x5x5xf64>, tensor<1x1x1x1xf64>) -> tensor<3x2x5x5xi1>
    %70 = tosa.reduce_all %69 {axis = 3 : i32} : (tensor<3x2x5x5xi1>) -> tensor<3x2x5x1xi1>
    %71 = tosa.select %70, %0, %67 : (tensor<3x2x5x1xi1>, tensor<3x2x5x5xf32>, tensor<3x2x5x5xf32>) -> tensor<3x2x5x5xf32>
    %72 = tosa.reshape %71, %13 : (tensor<3x2x5x5xf32>, !tosa.shape<3>) -> tensor<6x5x5xf32>
    %73 = tosa.matmul %72, %52, %3, %3 : (tensor<6x5x5xf32>, tensor<6x5x5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<6x5x5xf32>
    %74 = tosa.reshape %73, %12 : (tensor<6x5x5xf32>, !tosa.shape<4>) -> tensor<3x2x5x5xf32>
    %75 = tosa.transpose %74 {perms = array<i32: 2, 0, 1, 3>} : (tensor<3x2x5x5xf32>) -> tensor<5x3x2x5xf32>
    %76 = tosa.reshape %75, %15 : (tensor<5x3x2x5xf32>, !tosa.shape<3>) -> tensor<1x15x10xf32>
    %77 = tosa.matmul %76, %24, %3, %3 : (tensor<1x15x10xf32>, tensor<1x10x10xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x15x10xf32>
    %78 = tosa.reshape %77, %14 : (tensor<1x15x10xf32>, !tosa.shape<2>) -> tensor<15x10xf32>
    %79 = tosa.add %78, %25 : (tensor<15x10xf32>, tensor<1x10xf32>) -> tensor<15x10xf32>
    %80 = tosa.reshape %79, %1 : (tensor<15x10xf32>, !tosa.shape<3>) -> tensor<5x3x10xf32>
    %81 = tosa.transpose %80 {perms = array<i32: 1, 0, 2>} : (tensor<5x3x10xf32>) -> tensor<3x5x10xf32>
    %82 = tosa.add %arg0, %81 : (tensor<3x5x10xf32>, tensor<3x5x10xf32>) -> tensor<3x5x10xf32>
    %83 = tosa.cast %82 : (tensor<3x5x10xf32>) -> tensor<3x5x10xf64>
    %84 = tosa.reduce_sum %83 {axis = 2 : i32} : (tensor<3x5x10xf64>) -> tensor<3x5x1xf64>
    %85 = tosa.mul %84, %26, %4 : (tensor<3x5x1xf64>, tensor<1x1x1xf64>, tensor<1xi8>) -> tensor<3x5x1xf64>
    %86 = tosa.sub %83, %85 : (tensor<3x5x10xf64>, tensor<3x5x1xf64>) -> tensor<3x5x10xf64>
    %87 = tosa.mul %86, %86, %4 : (tensor<3x5x10xf64>, tensor<3x5x10xf64>, tensor<1xi8>) -> tensor<3x5x10xf64>
    %88 = tosa.reduce_sum %87 {axis = 2 : i32} : (tensor<3x5x10xf64>) -> tensor<3x5x1xf64>
    %89 = tosa.mul %88, %26, %4 : (tensor<3x5x1xf64>, tensor<1x1x1xf64>, tensor<1xi8>) -> tensor<3x5x1xf64>
    %90 = tosa.cast %89 : (tensor<3x5x1xf64>) -> tensor<3x5x1xf32>
    %91 = tosa.reduce_sum %82 {axis = 2 : i32} : (tensor<3x5x10xf32>) -> tensor<3x5x1xf32>
    %92 = tosa.mul %91, %27, %4 : (tensor<3x5x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<3x5x1xf32>
    %93 = tosa.add %90, %28 : (tensor<3x5x1xf32>, tensor<1x1x1xf32>) -> tensor<3x5x1xf32>
    %94 = tosa.rsqrt %93 : (tensor<3x5x1xf32>) -> tensor<3x5x1xf32>
    %95 = tosa.sub %82, %92 : (tensor<3x5x10xf32>, tensor<3x5x1xf32>) -> tensor<3x5x10xf32>
    %96 = tosa.mul %95, %94, %4 : (tensor<3x5x10xf32>, tensor<3x5x1xf32>, tensor<1xi8>) -> tensor<3x5x10xf32>
    %97 = tosa.mul %96, %29, %4 : (tensor<3x5x10xf32>, tensor<1x1x10xf32>, tensor<1xi8>) -> tensor<3x5x10xf32>
    %98 = tosa.add %97, %30 : (tensor<3x5x10xf32>, tensor<1x1x10xf32>) -> tensor<3x5x10xf32>
    %99 = tosa.reshape %98, %15 : (tensor<3x5x10xf32>, !tosa.shape<3>) -> tensor<1x15x10xf32>
    %100 = tosa.matmul %99, %31, %3, %3 : (tensor<1x15x10xf32>, tensor<1x10x14xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x15x14xf32>
    %101 = tosa.reshape %100, %16 : (tensor<1x15x14xf32>, !tosa.shape<2>) -> tensor<15x14xf32>
    %102 = tosa.add %101, %32 : (tensor<15x14xf32>, tensor<1x14xf32>) -> tensor<15x14xf32>
    %103 = tosa.reshape %102, %17 : (tensor<15x14xf32>, !tosa.shape<3>) -> tensor<3x5x14xf32>
    %104 = tosa.clamp %103 {max_val = 3.40282347E+38 : f32, min_val = 0.000000e+00 : f32} : (tensor<3x5x14xf32>) -> tensor<3x5x14xf32>
    %105 = tosa.reshape %104, %18 : (tensor<3x5x14xf32>, !tosa.shape<3>) -> tensor<1x15x14xf32>
    %106 = tosa.matmul %105, %33, %3, %3 : (tensor<1x15x14xf32>, tensor<1x14x10xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x15x10xf32>
    %107 = tosa.reshape %106, %14 : (tensor<1x15x10xf32>, !tosa.shape<2>) -> tensor<15x10xf32>
    %108 = tosa.add %107, %34 : (tensor<15x10xf32>, tensor<1x10xf32>) -> tensor<15x10xf32>
    %109 = tosa.reshape %108, %19 : (tensor<15x10xf32>, !tosa.shape<3>) -> tensor<3x5x10xf32>
    %110 = tosa.add %98, %109 : (tensor<3x5x10xf32>, tensor<3x5x10xf32>) -> tensor<3x5x10xf32>
    %111 = tosa.cast %110 : (tensor<3x5x10xf32>) -> tensor<3x5x10xf64>
    %112 = tosa.reduce_sum %111 {axis = 2 : i32} : (tensor<3x5x10xf64>) -> tensor<3x5x1xf64>
    %113 = tosa.mul %112, %26, %4 : (tensor<3x5x1xf64>, tensor<1x1x1xf64>, tensor<1xi8>) -> tensor<3x5x1xf64>
    %114 = tosa.sub %111, %113 : (tensor<3x5x10xf64>, tensor<3x5x1xf64>) -> tensor<3x5x10xf64>
    %115 = tosa.mul %114, %114, %4 : (tensor<3x5x10xf64>, tensor<3x5x10xf64>, tensor<1xi8>) -> tensor<3x5x10xf64>
    %116 = tosa.reduce_sum %115 {axis = 2 : i32} : (tensor<3x5x10xf64>) -> tensor<3x5x1xf64>
    %117 = tosa.mul %116, %26, %4 : (tensor<3x5x1xf64>, tensor<1x1x1xf64>, tensor<1xi8>) -> tensor<3x5x1xf64>
    %118 = tosa.cast %117 : (tensor<3x5x1xf64>) -> tensor<3x5x1xf32>
    %119 = tosa.reduce_sum %110 {axis = 2 : i32} : (tensor<3x5x10xf32>) -> tensor<3x5x1xf32>
    %120 = tosa.mul %119, %27, %4 : (tensor<3x5x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<3x5x1xf32>
    %121 = tosa.add %118, %28 : (tensor<3x5x1xf32>, tensor<1x1x1xf32>) -> tensor<3x5x1xf32>
    %122 = tosa.rsqrt %121 : (tensor<3x5x1xf32>) -> tensor<3x5x1xf32>
    %123 = tosa.sub %110, %120 : (tensor<3x5x10xf32>, tensor<3x5x1xf32>) -> tensor<3x5x10xf32>
    %124 = tosa.mul %123, %122, %4 : (tensor<3x5x10xf32>, tensor<3x5x1xf32>, tensor<1xi8>) -> tensor<3x5x10xf32>
    %125 = tosa.mul %124, %35, %4 : (tensor<3x5x10xf32>, tensor<1x1x10xf32>, tensor<1xi8>) -> tensor<3x5x10xf32>
    %126 = tosa.add %125, %36 : (tensor<3x5x10xf32>, tensor<1x1x10xf32>) -> tensor<3x5x10xf32>
    return %126 : tensor<3x5x10xf32>
  }
}
