// m_t_mha_block: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<2x6x10xf32>) -> tensor<2x6x10xf32> {
    %0 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<2x2x6x6xf32>}> : () -> tensor<2x2x6x6xf32>
    %1 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %2 = tosa.const_shape  {values = dense<[6, 2, 10]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %3 = tosa.const_shape  {values = dense<[6, 1, 1]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %4 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %5 = tosa.const_shape  {values = dense<[1, 6, 2, 3, 10]> : tensor<5xindex>} : () -> !tosa.shape<5>
    %6 = tosa.const_shape  {values = dense<[3, 6, 2, 10]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %7 = tosa.const_shape  {values = dense<[1, 6, 2, 10]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %8 = tosa.const_shape  {values = dense<0> : tensor<4xindex>} : () -> !tosa.shape<4>
    %9 = tosa.const_shape  {values = dense<[1, 0, 0, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %10 = tosa.const_shape  {values = dense<[2, 0, 0, 0]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %11 = tosa.const_shape  {values = dense<[6, 4, 5]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %12 = tosa.const_shape  {values = dense<[2, 2, 6, 5]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %13 = tosa.const_shape  {values = dense<[4, 6, 5]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %14 = tosa.const_shape  {values = dense<[4, 5, 6]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %15 = tosa.const_shape  {values = dense<[2, 2, 6, 6]> : tensor<4xindex>} : () -> !tosa.shape<4>
    %16 = tosa.const_shape  {values = dense<[4, 6, 6]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %17 = tosa.const_shape  {values = dense<[12, 10]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %18 = tosa.const_shape  {values = dense<[1, 12, 10]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %19 = tosa.const_shape  {values = dense<[12, 14]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %20 = tosa.const_shape  {values = dense<[2, 6, 14]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %21 = tosa.const_shape  {values = dense<[1, 12, 14]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %22 = tosa.const_shape  {values = dense<[2, 6, 10]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %23 = "tosa.const"() <{values = dense<1.000000e-01> : tensor<1x1x1xf64>}> : () -> tensor<1x1x1xf64>
    %24 = "tosa.const"() <{values = dense<1.000000e-01> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %25 = "tosa.const"() <{values = dense<9.99999974E-6> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %26 = "tosa.const"() <{values = dense<"0x0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F"> : tensor<1x1x10xf32>}> : () -> tensor<1x1x10xf32>
    %27 = "tosa.const"() <{values = dense<"0x00000000000000000000000000000000000000000000000000000000000000000000000000000000"> : tensor<1x1x10xf32>}> : () -> tensor<1x1x10xf32>
    %28 = "tosa.const"() <{values = dense<"0x3D4A9BBCB7C2163ECC8F353E0D39B2BEA43148BD523B30BE981B523EB08C163DDDFC59BEFAF381BECB3C35BC980F8A3EE336493ECFB017BD04F5833ED650323E5816C33E9841AD3EA1877E3E61D827BD06821EBCD4119BBE5F75833E48854DBE8A39A03EFA2956BEC5E26BBE3712523D699A55BE7F09B03E9407B7BEF94067BEE8ED5A3E0603B3BEAC2FB6BE50D7C9BC0A1A393E152D84BEF9F717BEC5459DBD7B56AC3EC508C5BE66ED853E8EEC073E919D29BD318224BDA984D23C77E6843D1EC0A1BE706D33BD6CA5F13C0F299B3EF878493E8BF3453EC11D7E3E78A1A7BE1B6A1E3D82CECB3C59427A3EE69EAFBDA72A273EA378B9BE88E2A43E69CC023D2EC3BBBEBB72423D939B3EBDC2EC263C867833BD952B8D3B46B8943D3C66B5BB414547BE4BF72D3D9350A6BEC3BFBE3EFCD890BE35D510BE0C5CF53D64710CBD1FF354BEE3800DBE017123BCEA31383D30883C3EC6BB873E12F003BE946DD43D93E2B13EE066A83EDF63A93E3990E7BDD823CE3D61CE7F3E91BF663D967C4E3E71017BBED51E8B3E875C273E7A0ADABDC7B7223EA425323D8940AA3E7678C3BE4B421C3E280E833D783C393D972829BE460139BE9501B4BEB8F7223EF26D9A3EB60CCA3D94BE02BED526D0BBE8B688BEC87E473E2C229ABEC34CAEBD132F8B3EF1BE19BE70A39B3E38CDB23D9941A13E3C5A513E1F4708BEC144A73E4A868B3EE79AB33E7B6F273E4FFEB43E99EF17BDC5AD0E3DD56F10BED90FBE3E9F91BDBE982A84BE0B8B36BE9EBE4BBE4350B0BE51BD1B3E1C0717BEB91F273E51994BBEDF29A1BE8D1042BDD51606BCF33892BEC29C83BE8A56933EE27B93BEB108973E0891EF3DAF5E90BE833B9C3E0B92403CE4D0BA3E698EDC3D927A2A3DD7FB49BE221EB63E59C34ABED67EBA3EB4A92B3E4725F73DEA763BBD86A7AF3E4CCC403E205C093ED80886BD34B452BE04AE9EBE38F0183E3329AA3EB6F135BDA0124CBDFC27C43E3DA1A7BD709590BEAFB195BEA3214ABED3EDA5BEA313283EA75CABBEC173C5BEECDF2D3E070BB63E4B36773E94AD9D3EE54D95BC0E0158BE506D073EF18755BE2FF8463E7F4F9CBD14BFB73E5F969DBE1BEE80BE391DB7BE45E281BE3D638D3E8EB6B63EC70E6C3E0D44A93D36F48FBB858A813C83949D3C53CF8EBE9D54BABEFF8D44BE0DA606BE5D8D9B3EC6726FBEA3CF90BE590B3DBE165D36BD3937A93EF143B33ED1161C3E4047C23EF9CC233E28304F3E2682E4BDA316673EDD319BBE49C77C3EC69F553EDB4C16BE2DE69A3E7C21293EBC04E43DB637AABB69AB11BB9A7AAC3E733AABBDB3D0563E22BDA93E4917A73D43B0953E8876513E1EE5703EA0C789BE947F9ABEB0B94A3E1D769E3DFD51163E74599EBE22B30CBC425D88BE53711FBDE4EE6CBD4F5FBABE8BDA923E0C16A43EC7CCB73E48666E3EB6E6B9BD3479F23D68C0363E199A2DBC8189303DE41851BD15F391BE74EA593CB7A8AF3E516C893E32078CBE5A7EA73EC8A6A13EB049A23C2197B5BD8BF34DBEAA0363BE0E40DC3BABF65CBE7DFE5D3EE399ADBEB3311C3D1946843E085204BDADBC27BEEC8CABBD2578773E6A1FA0BD2B48183E9CB3A13B9360C5BE7EB9FDBD6BCDA8BE2A678C3EE6446B3ED902B5BE71A658BE2AC50BBE866BB83D1060DE3D79CC56BD84E0A23D5F870D3D6702A53E"> : tensor<1x10x30xf32>}> : () -> tensor<1x10x30xf32>
    %29 = "tosa.const"() <{values = dense<"0x000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000"> : tensor<1x1x30xf32>}> : () -> tensor<1x1x30xf32>
    %30 = "tosa.const"() <{values = dense<0.668740332> : tensor<1x1x1x1xf32>}> : () -> tensor<1x1x1x1xf32>
    %31 = "tosa.const"() <{values = dense<0xFFF0000000000000> : tensor<1x1x1x1xf64>}> : () -> tensor<1x1x1x1xf64>
    %32 = "tosa.const"() <{values = dense<[[[0.313280553, -0.275764942, -0.148811132, -0.289614767, -0.0638115928, 0.085554637, 0.297327667, 0.235082731, -0.0447835103, 0.0435180105], [-0.077983886, -0.0188398603, -0.107496113, 0.0125530837, -0.181900263, -0.227373153, 0.18659611, 0.102076262, 0.251044393, 0.133179381], [9.612420e-02, -0.306353211, -0.0609150082, 0.135919496, 0.0646287575, -0.30785194, 0.142276198, -0.233064339, 0.306341529, 0.0995198935], [0.0197214112, 0.209495515, -0.253403306, 0.173914284, 0.294773906, 0.198664621, -0.246618673, -0.0307691284, 0.115498379, -0.120098241], [-0.220755354, 0.245228171, 0.234361514, -0.0268436726, 0.0130717605, -0.293548405, -0.184479132, -0.249840349, -0.0550675951, -0.14267014], [-0.0176543929, -0.262747675, -0.0987592414, 0.225377828, 0.101297021, -0.150514826, -0.110472843, 0.242484376, -0.202128097, 0.108266875], [0.307317168, -0.302246451, -0.283830047, 0.222204849, -0.104274087, -0.0714087635, 0.0268849134, 0.242320418, 0.043522045, -0.130829453], [0.187327355, -0.173267439, 0.0430601798, 0.0698794201, -0.046295736, -0.139152944, -0.154676676, 0.0830371677, -2.770440e-01, -0.304331809], [0.310096592, -0.315529823, -0.146655723, 0.0885037333, -0.0111590754, 0.16812855, -0.144480929, 0.204783723, -0.0459896736, 0.189803764], [0.225909472, -0.099949792, 0.184252724, -0.0384487063, -0.0821132138, -0.00212786114, 0.177112222, -0.120208353, -0.246559486, -0.184494525]]]> : tensor<1x10x10xf32>}> : () -> tensor<1x10x10xf32>
    %33 = "tosa.const"() <{values = dense<"0x00000000000000000000000000000000000000000000000000000000000000000000000000000000"> : tensor<1x10xf32>}> : () -> tensor<1x10xf32>
    %34 = "tosa.const"() <{values = dense<"0x0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F0000803F"> : tensor<1x1x10xf32>}> : () -> tensor<1x1x10xf32>
    %35 = "tosa.const"() <{values = dense<"0x00000000000000000000000000000000000000000000000000000000000000000000000000000000"> : tensor<1x1x10xf32>}> : () -> tensor<1x1x10xf32>
    %36 = "tosa.const"() <{values = dense<"0xA4A2833E98F0D5BD821860BEB8E0953E944C65BE9BC831BC168F033D5AED62BEF107F73CD97BB83DA93D1D3DAB4CB53D9C03033E1834543ED1449ABC1B6232BE843C7BBEA994A03B480A7ABEB1A4AD3CDE6F363EC07968BD7AA83A3E21807E3E81456DBC83BC8B3E4F9191BD8792053E1279FABD399023BE73D4A13E3DC0D0BDB621973E9C6F013C46667DBEA0B289BE3B74763E482256BECCAF20BEAA50023E6B9C42BE5FCA473EF539763E6A5A963D32C17B3E18615BBE352C8FBE69CF623D0E8F653D1F4395BE300089BCC5AF103E19FAEB3CF002833DAB5C133DB8E961BEDFBD95BECAF1933E81F35CBCE12B7FBDE8D4983EE2AFD83CE392313DCA24663DA8DBD43C620A80BE95328BBEA4B3B5BD87D409BEE802E53D1DE0253EED77973DC39C7D3D7B6E273E7FF1223ED2A781BDD90E723E8458633EE5D5953DDDAE393E188715BE7BA0873EACD565BE27A697BE161609BD7EC79ABE0177BB3D5BCB4EBEE8394CBE20B3533E49A9B8BDB9EF82BE77ED2ABD6CF59D3EC9F57C3E58EC5DBEBB2291BE68FFDDBD840847BD9BE2073E52BF30BE09249C3E391CD13D0CCB78BE50AB18BE1187713E58C94CBC9EEA8D3E9F35753D25D0973EBBAAC9BDE884D03C11C53F3E471812BE4972BCBC16F8523EEDBF99BE8B7A9DBE1769033EEF8029BCEA4E5F3E6AB00FBE67DEE43D143849BCF48560BED60983BD43A02DBEF4FF25BCAD28BBBD5494613D5174903E8190CFBD0DF8A0BE2D385C3E91108EBD971C9F3EB81D5ABEBB1B5BBD022258BE5AF4923D"> : tensor<1x10x14xf32>}> : () -> tensor<1x10x14xf32>
    %37 = "tosa.const"() <{values = dense<"0xF419F2BC50A74CBDC86F803EE95E99BE71B14EBE927B45BD73D12FBEE31D9A3E97478A3E788D9DBD901485BE524974BE0916DEBC52487A3E"> : tensor<1x14xf32>}> : () -> tensor<1x14xf32>
    %38 = "tosa.const"() <{values = dense<1.000000e+00> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %39 = "tosa.const"() <{values = dense<5.000000e-01> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %40 = "tosa.const"() <{values = dense<0.707106769> : tensor<1x1x1xf32>}> : () -> tensor<1x1x1xf32>
    %41 = "tosa.const"() <{values = dense<"0x2121883C9B46FBBD65D086BE91411F3E19D3363E96C787BE4D722BBE0DD2673E99865E3D7D906D3E1F35543C6400803EE4BB1A3E5D41B5BD264557BEA08397BB2C9D51BEDC731B3E0E71883DBE10853E099CF1BDFF16FABDD6A7E3BD2EFCF6BDDE69A3B9D7257B3EA8E63EBE3B25003EA320F43CB789553EB44E503EF76B6DBE91690C3E4580DF3D60C7DEBD74C2403EF001843E851C40BE2CE85A3EDD3212BDC117D33CFDF96ABD57B738BE40DD52BEACD7CABDE32E633EF82D873D9C3538BD954568BD1B8448BE7E5CD4BD569FEF3D016BB53DACB357BEEDDF28BEB86539BD16A250BE448FEE3CF89150BE0D75E63D4698243EF9CCFC3D1D9561BEC1371CBED13706BE44D64E3D3911A4BD2D6B10BEAA97643EFAA9B5BDFC3376BEB6A687BEF9CC813EBCA1803E200D5ABE0C66483ED69791BDE8C0793B5DC72ABD9C9485BE0601653E6F0F01BE4C2ECA3DC6A1543E88D558BE910D54BBD6BA423E5841183E835A2A3E58216B3D0B8529BD963D203E4616873ED57485BE4408573E6B67C93D364C183EF67EFABD68152D3DC9C6613E372A863E846135BED2A72CBE0C67CD3C71FE123E52C9FE3D3DD20B3E335258BD09CB52BE07B538BD600E61BEDCF7A63D9B9E133E715D4A3E5BB8D63DA667363E70A8BFBDF0C972BD1D15D83D7E8A2F3E4DE93DBE913F9B3D17EA87BDA30A543EF0D113BE4050C93C837F683DF93E86BD9713493E229E85BECB0F2F3E4779EC3D14A27CBD49C604BB86935D3AACB1533E0C0F1FBE48AB473D96BD403EDFA16EBD"> : tensor<1x14x10xf32>}> : () -> tensor<1x14x10xf32>
    %42 = "tosa.const"() <{values = dense<"0x2B395B3E8FA8B6BD4DAD8CBDFD103B3E14D54B3EF00DB83D41A28FBD8ED362BE710375BDEE5C943D"> : tensor<1x10xf32>}> : () -> tensor<1x10xf32>
    %43 = tosa.cast %arg0 : (tensor<2x6x10xf32>) -> tensor<2x6x10xf64>
    %44 = tosa.reduce_sum %43 {axis = 2 : i32} : (tensor<2x6x10xf64>) -> tensor<2x6x1xf64>
    %45 = tosa.mul %44, %23, %1 : (tensor<2x6x1xf64>, tensor<1x1x1xf64>, tensor<1xi8>) -> tensor<2x6x1xf64>
    %46 = tosa.sub %43, %45 : (tensor<2x6x10xf64>, tensor<2x6x1xf64>) -> tensor<2x6x10xf64>
    %47 = tosa.mul %46, %46, %1 : (tensor<2x6x10xf64>, tensor<2x6x10xf64>, tensor<1xi8>) -> tensor<2x6x10xf64>
    %48 = tosa.reduce_sum %47 {axis = 2 : i32} : (tensor<2x6x10xf64>) -> tensor<2x6x1xf64>
    %49 = tosa.mul %48, %23, %1 : (tensor<2x6x1xf64>, tensor<1x1x1xf64>, tensor<1xi8>) -> tensor<2x6x1xf64>
    %50 = tosa.cast %49 : (tensor<2x6x1xf64>) -> tensor<2x6x1xf32>
    %51 = tosa.reduce_sum %arg0 {axis = 2 : i32} : (tensor<2x6x10xf32>) -> tensor<2x6x1xf32>
    %52 = tosa.mul %51, %24, %1 : (tensor<2x6x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<2x6x1xf32>
    %53 = tosa.add %50, %25 : (tensor<2x6x1xf32>, tensor<1x1x1xf32>) -> tensor<2x6x1xf32>
    %54 = tosa.rsqrt %53 : (tensor<2x6x1xf32>) -> tensor<2x6x1xf32>
    %55 = tosa.sub %arg0, %52 : (tensor<2x6x10xf32>, tensor<2x6x1xf32>) -> tensor<2x6x10xf32>
    %56 = tosa.mul %55, %54, %1 : (tensor<2x6x10xf32>, tensor<2x6x1xf32>, tensor<1xi8>) -> tensor<2x6x10xf32>
    %57 = tosa.mul %56, %26, %1 : (tensor<2x6x10xf32>, tensor<1x1x10xf32>, tensor<1xi8>) -> tensor<2x6x10xf32>
    %58 = tosa.add %57, %27 : (tensor<2x6x10xf32>, tensor<1x1x10xf32>) -> tensor<2x6x10xf32>
    %59 = tosa.transpose %58 {perms = array<i32: 1, 0, 2>} : (tensor<2x6x10xf32>) -> tensor<6x2x10xf32>
    %60 = tosa.tile %28, %3 : (tensor<1x10x30xf32>, !tosa.shape<3>) -> tensor<6x10x30xf32>
    %61 = tosa.matmul %59, %60, %4, %4 : (tensor<6x2x10xf32>, tensor<6x10x30xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<6x2x30xf32>
    %62 = tosa.add %61, %29 : (tensor<6x2x30xf32>, tensor<1x1x30xf32>) -> tensor<6x2x30xf32>
    %63 = tosa.reshape %62, %5 : (tensor<6x2x30xf32>, !tosa.shape<5>) -> tensor<1x6x2x3x10xf32>
    %64 = tosa.transpose %63 {perms = array<i32: 3, 1, 2, 0, 4>} : (tensor<1x6x2x3x10xf32>) -> tensor<3x6x2x1x10xf32>
    %65 = tosa.reshape %64, %6 : (tensor<3x6x2x1x10xf32>, !tosa.shape<4>) -> tensor<3x6x2x10xf32>
    %66 = tosa.slice %65, %8, %7 : (tensor<3x6x2x10xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x6x2x10xf32>
    %67 = tosa.slice %65, %9, %7 : (tensor<3x6x2x10xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x6x2x10xf32>
    %68 = tosa.slice %65, %10, %7 : (tensor<3x6x2x10xf32>, !tosa.shape<4>, !tosa.shape<4>) -> tensor<1x6x2x10xf32>
    %69 = tosa.reshape %66, %11 : (tensor<1x6x2x10xf32>, !tosa.shape<3>) -> tensor<6x4x5xf32>
    %70 = tosa.transpose %69 {perms = array<i32: 1, 0, 2>} : (tensor<6x4x5xf32>) -> tensor<4x6x5xf32>
    %71 = tosa.reshape %67, %11 : (tensor<1x6x2x10xf32>, !tosa.shape<3>) -> tensor<6x4x5xf32>
    %72 = tosa.transpose %71 {perms = array<i32: 1, 0, 2>} : (tensor<6x4x5xf32>) -> tensor<4x6x5xf32>
    %73 = tosa.reshape %68, %11 : (tensor<1x6x2x10xf32>, !tosa.shape<3>) -> tensor<6x4x5xf32>
    %74 = tosa.transpose %73 {perms = array<i32: 1, 0, 2>} : (tensor<6x4x5xf32>) -> tensor<4x6x5xf32>
    %75 = tosa.reshape %70, %12 : (tensor<4x6x5xf32>, !tosa.shape<4>) -> tensor<2x2x6x5xf32>
    %76 = tosa.reshape %72, %12 : (tensor<4x6x5xf32>, !tosa.shape<4>) -> tensor<2x2x6x5xf32>
    %77 = tosa.mul %75, %30, %1 : (tensor<2x2x6x5xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<2x2x6x5xf32>
    %78 = tosa.transpose %76 {perms = array<i32: 0, 1, 3, 2>} : (tensor<2x2x6x5xf32>) -> tensor<2x2x5x6xf32>
    %79 = tosa.mul %78, %30, %1 : (tensor<2x2x5x6xf32>, tensor<1x1x1x1xf32>, tensor<1xi8>) -> tensor<2x2x5x6xf32>
    %80 = tosa.reshape %77, %13 : (tensor<2x2x6x5xf32>, !tosa.shape<3>) -> tensor<4x6x5xf32>
    %81 = tosa.reshape %79, %14 : (tensor<2x2x5x6xf32>, !tosa.shape<3>) -> tensor<4x5x6xf32>
    %82 = tosa.matmul %80, %81, %4, %4 : (tensor<4x6x5xf32>, tensor<4x5x6xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x6x6xf32>
    %83 = tosa.reshape %82, %15 : (tensor<4x6x6xf32>, !tosa.shape<4>) -> tensor<2x2x6x6xf32>
    %84 = tosa.reduce_max %83 {axis = 3 : i32} : (tensor<2x2x6x6xf32>) -> tensor<2x2x6x1xf32>
    %85 = tosa.sub %83, %84 : (tensor<2x2x6x6xf32>, tensor<2x2x6x1xf32>) -> tensor<2x2x6x6xf32>
    %86 = tosa.exp %85 : (tensor<2x2x6x6xf32>) -> tensor<2x2x6x6xf32>
    %87 = tosa.reduce_sum %86 {axis = 3 : i32} : (tensor<2x2x6x6xf32>) -> tensor<2x2x6x1xf32>
    %88 = tosa.reciprocal %87 : (tensor<2x2x6x1xf32>) -> tensor<2x2x6x1xf32>
    %89 = tosa.mul %86, %88, %1 : (tensor<2x2x6x6xf32>, tensor<2x2x6x1xf32>, tensor<1xi8>) -> tensor<2x2x6x6xf32>
    %90 = tosa.cast %83 : (tensor<2x2x6x6xf32>) -> tensor<2x2x6x6xf64>
    %91 = tosa.equal %90, %31 : (tensor<2x2x6x6xf64>, tensor<1x1x1x1xf64>) -> tensor<2x2x6x6xi1>
    %92 = tosa.reduce_all %91 {axis = 3 : i32} : (tensor<2x2x6x6xi1>) -> tensor<2x2x6x1xi1>
    %93 = tosa.select %92, %0, %89 : (tensor<2x2x6x1xi1>, tensor<2x2x6x6xf32>, tensor<2x2x6x6xf32>) -> tensor<2x2x6x6xf32>
    %94 = tosa.reshape %93, %16 : (tensor<2x2x6x6xf32>, !tosa.shape<3>) -> tensor<4x6x6xf32>
    %95 = tosa.matmul %94, %74, %4, %4 : (tensor<4x6x6xf32>, tensor<4x6x5xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<4x6x5xf32>
    %96 = tosa.reshape %95, %12 : (tensor<4x6x5xf32>, !tosa.shape<4>) -> tensor<2x2x6x5xf32>
    %97 = tosa.transpose %96 {perms = array<i32: 2, 0, 1, 3>} : (tensor<2x2x6x5xf32>) -> tensor<6x2x2x5xf32>
    %98 = tosa.reshape %97, %18 : (tensor<6x2x2x5xf32>, !tosa.shape<3>) -> tensor<1x12x10xf32>
    %99 = tosa.matmul %98, %32, %4, %4 : (tensor<1x12x10xf32>, tensor<1x10x10xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x12x10xf32>
    %100 = tosa.reshape %99, %17 : (tensor<1x12x10xf32>, !tosa.shape<2>) -> tensor<12x10xf32>
    %101 = tosa.add %100, %33 : (tensor<12x10xf32>, tensor<1x10xf32>) -> tensor<12x10xf32>
    %102 = tosa.reshape %101, %2 : (tensor<12x10xf32>, !tosa.shape<3>) -> tensor<6x2x10xf32>
    %103 = tosa.transpose %102 {perms = array<i32: 1, 0, 2>} : (tensor<6x2x10xf32>) -> tensor<2x6x10xf32>
    %104 = tosa.add %arg0, %103 : (tensor<2x6x10xf32>, tensor<2x6x10xf32>) -> tensor<2x6x10xf32>
    %105 = tosa.cast %104 : (tensor<2x6x10xf32>) -> tensor<2x6x10xf64>
    %106 = tosa.reduce_sum %105 {axis = 2 : i32} : (tensor<2x6x10xf64>) -> tensor<2x6x1xf64>
    %107 = tosa.mul %106, %23, %1 : (tensor<2x6x1xf64>, tensor<1x1x1xf64>, tensor<1xi8>) -> tensor<2x6x1xf64>
    %108 = tosa.sub %105, %107 : (tensor<2x6x10xf64>, tensor<2x6x1xf64>) -> tensor<2x6x10xf64>
    %109 = tosa.mul %108, %108, %1 : (tensor<2x6x10xf64>, tensor<2x6x10xf64>, tensor<1xi8>) -> tensor<2x6x10xf64>
    %110 = tosa.reduce_sum %109 {axis = 2 : i32} : (tensor<2x6x10xf64>) -> tensor<2x6x1xf64>
    %111 = tosa.mul %110, %23, %1 : (tensor<2x6x1xf64>, tensor<1x1x1xf64>, tensor<1xi8>) -> tensor<2x6x1xf64>
    %112 = tosa.cast %111 : (tensor<2x6x1xf64>) -> tensor<2x6x1xf32>
    %113 = tosa.reduce_sum %104 {axis = 2 : i32} : (tensor<2x6x10xf32>) -> tensor<2x6x1xf32>
    %114 = tosa.mul %113, %24, %1 : (tensor<2x6x1xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<2x6x1xf32>
    %115 = tosa.add %112, %25 : (tensor<2x6x1xf32>, tensor<1x1x1xf32>) -> tensor<2x6x1xf32>
    %116 = tosa.rsqrt %115 : (tensor<2x6x1xf32>) -> tensor<2x6x1xf32>
    %117 = tosa.sub %104, %114 : (tensor<2x6x10xf32>, tensor<2x6x1xf32>) -> tensor<2x6x10xf32>
    %118 = tosa.mul %117, %116, %1 : (tensor<2x6x10xf32>, tensor<2x6x1xf32>, tensor<1xi8>) -> tensor<2x6x10xf32>
    %119 = tosa.mul %118, %34, %1 : (tensor<2x6x10xf32>, tensor<1x1x10xf32>, tensor<1xi8>) -> tensor<2x6x10xf32>
    %120 = tosa.add %119, %35 : (tensor<2x6x10xf32>, tensor<1x1x10xf32>) -> tensor<2x6x10xf32>
    %121 = tosa.reshape %120, %18 : (tensor<2x6x10xf32>, !tosa.shape<3>) -> tensor<1x12x10xf32>
    %122 = tosa.matmul %121, %36, %4, %4 : (tensor<1x12x10xf32>, tensor<1x10x14xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x12x14xf32>
    %123 = tosa.reshape %122, %19 : (tensor<1x12x14xf32>, !tosa.shape<2>) -> tensor<12x14xf32>
    %124 = tosa.add %123, %37 : (tensor<12x14xf32>, tensor<1x14xf32>) -> tensor<12x14xf32>
    %125 = tosa.reshape %124, %20 : (tensor<12x14xf32>, !tosa.shape<3>) -> tensor<2x6x14xf32>
    %126 = tosa.mul %125, %40, %1 : (tensor<2x6x14xf32>, tensor<1x1x1xf32>, tensor<1xi8>) -> tensor<2x6x14xf32>
    %127 = tosa.erf %126 : (tensor<2x6x14xf32>) -> tensor<2x6x14xf32>
    %128 = tosa.add %127, %38 : (tensor<2x6x14xf32>, tensor<1x1x1xf32>) -> tensor<2x6x14xf32>
    %129 = tosa.mul %39, %128, %1 : (tensor<1x1x1xf32>, tensor<2x6x14xf32>, tensor<1xi8>) -> tensor<2x6x14xf32>
    %130 = tosa.mul %125, %129, %1 : (tensor<2x6x14xf32>, tensor<2x6x14xf32>, tensor<1xi8>) -> tensor<2x6x14xf32>
    %131 = tosa.reshape %130, %21 : (tensor<2x6x14xf32>, !tosa.shape<3>) -> tensor<1x12x14xf32>
    %132 = tosa.matmul %131, %41, %4, %4 : (tensor<1x12x14xf32>, tensor<1x14x10xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x12x10xf32>
    %133 = tosa.reshape %132, %17 : (tensor<1x12x10xf32>, !tosa.shape<2>) -> tensor<12x10xf32>
    %134 = tosa.add %133, %42 : (tensor<12x10xf32>, tensor<1x10xf32>) -> tensor<12x10xf32>
    %135 = tosa.reshape %134, %22 : (tensor<12x10xf32>, !tosa.shape<3>) -> tensor<2x6x10xf32>
    %136 = tosa.add %104, %135 : (tensor<2x6x10xf32>, tensor<2x6x10xf32>) -> tensor<2x6x10xf32>
    return %136 : tensor<2x6x10xf32>
  }
}
