// m_t_gru_unrolled: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<5x6x4xf32>) -> tensor<6x3xf32> {
    %0 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<6x10xf32>}> : () -> tensor<6x10xf32>
    %1 = "tosa.const"() <{values = dense<"0x77808BBED7C81A3DCFB6843E5316B93DE2122A3ED166853ED2E9F0BD6BA040BEEA2197BD3737723E4831E6BDCE8C5F3DFB2839BEE077DFBD96EB42BE3EB1543E9900893E5ACF573E45C14A3D21E4E0BD7CDB383EABE9AABCAB0E9B3D68EEF3BDB8EF5EBD3DA88B3D132146BD04517DBEC4AA0EBD9DDB233B9594A3BDA74E29BD5DAA9D3E193921BDEECCD73D5F657B3DCFEC1D3E91B72FBEAF70ECBD508B05BE83BB37BE75ED19BEC1B25CBE5F99D8BDE4F32CBE6582A63C16603BBE3824B33DB62F963E00582E3E2A745E3E168F553EAE527FBE458DCDBD288348BDCE80953EDDD28A3C0A62F33C93FEE0BDEAED203DDB0E3BBE8E0A70BE9FE46BBED85DD8BD63B566BDCECE1B3EA5B9AEBDF6B7903DB03A79BED104403E961052BCABF352BEE7B4CEBDD59E6F3E4CAC43BEBD065CBE60F2933E707415BDFD97403EB94E93BE719B863E22069B3E0A7C51BE7D94563ED29EBA3D94BF10BEE6A4983D82426D3EE4BD81BEE998863DA91B01BECB7B363E824BD9BD53962F3EAA868D3E539E6FBEC0CA34BE5708853EFBB361BEBF408BBE74D9E63D4E1F7BBEF4879EBEE677793D77EAD83D8BA806BE7E65813CDD67D83C2E43CE3D83468E3E0A4A813E4B48AA3DB6A928BE84A34FBC5B9C99BE7EC743BD67673A3D9E166EBEB29E863E36765BBDFA6B893E12FA94BEC7FA593D0D8704BD042A69BE802236BE5E639BBEF6080CBD609554BD58DE543DDB02683E920DF03C504E373E88EECA3BEB1D803E592C003D844D683E08DD2CBD3F8AA1BEBF7521BE0C37D53D541E593EEA4C8F3EC988CA3DB573E6BD342641BD8F2696BEFB1664BEC0E30A3EC3DB7F3E08CF813D2433C6BD03218E3E59E8093E63A6503EB9A7653E17613FBE4E7B9ABE4B13253DE90C15BEF6B9863EE2373E3E07EF613E07F7673DE77E4A3D97D60FBEB41227BE27809E3EA840693BDA5E75BEBB00C4BCAAC36E3E95ACC83DA856533D992A3F3E3B2C14BDFD639CBE6D8F0A3CB05CC3BD474A9EBD1297303E3A36163EEBD17DBE133C29BD472F2B3DCD72963CFAFA4BBEF4A69B3E42EE883E9192B0BD8401D7BD47DF6D3E39D3DB3DA58E42BE74A30B3D6A69953E90BF853D78E31EBE933CC73D89B150BE7B671D3D100EC63BBD97C9BC1F14783E0D93943EC03407BEF77BE2BD6891393EE314A73D3F81ECBDAE86AF3D6319173EE59D83BEEF2955BECA3E373EF7996DBE207E1CBE5C0895BEA7AE77BE25B2E0BD9830773E8547D03D20681DBE316C2B3CC9E3783D3D2C9CBE471D613EFB07F4BD4993F2BD1C4E2BBEDD5D523DB595BD3DAA7C40BECA00A43D99D7B6BD44E616BD5E2981BEFFAE7FBDBE4783BE4DC9603EFF97823E33E23C3E663F77BE24BD00BDFA4798BE4E76183E4DF308BDD7EA82BEAFAF8BBE61321E3EF389A03D4E509BBD423744BECB87863D23DF17BDBED5463E508824BDF1690D3E822704BE4FC999BD71334A3E86787BBE11341FBDD7DB3EBEDA58923E19F30D3E8A2D45BD761350BC79361BBE8C053DBE9693423EFEDD3BBE68A87C3EA4E87FBE8513A6BD897D2EBE54D29F3EA313963EF8EFD3BDCABF76BE51B3083EE11481BECEBA203D71BB59BE75A556BEEBF703BD87F21EBE9CFF29BED866B6BDE02CC3BD3149403EAA4E8B3CF2393F3ED6995D3D0456093E5167AF3C9AE6D3BDEB038CBED612A13E4D0528BE"> : tensor<30x10xf32>}> : () -> tensor<30x10xf32>
    %2 = "tosa.const"() <{values = dense<"0x1A88983EA44099BE03F088BE5A445FBE0A8F90BEF9378EBE4DE42D3E3BE6933E5C07593DC78125BCB2D8953EB877E93D39BC593E6BDAC23D0A8C8CBE7CFFA63DAFE9093E2036333E579D3A3E5BBE853EF37A8ABEE26AEEBD92820FBE89AA813E594F9DBEC2079CBDA9385F3EF0D9AA3C3844033E3FB5823D3A270D3D4B3B3EBED7BE9D3EFE895EBEEA2F98BDAF43B3BC7C2356BE3F214BBE7C895ABE1E641BBE1476023C2D1D283C699F963DF0424A3D24D4E03DC01C133EFCC70FBEECAAAE3D7CBC7A3E5EE26C3BE03C81BE682CF43D8EA0873EC59D0CBECB760F3E25A1973E3453A0BEDFF6E73DF824663ED5DBBA3DE55B683EBD4E9C3EF8EA33BE8012243EBE5985BEAABB9EBD465469BE8EE7D1BCAC5EA13D89DC05BD207DB43DA75F58BEB5291B3E298F0DBE9044263EAE517CBEBC23EB3D9EED55BE2EE13F3E254FBCBD44A51F3EAD4E863EE69EA0BEA6D5123EDCE9CC3D4DF9383E7BAD9CBD4F095E3D07BA1F3E4FD771BE7B0C07BED2680EBEE35B8EBE798299BD53E3D73D2E9AC43DBD2563BE8C8660BE001584BE2A43573EA7EA46BE5CD829BE55B3993D2994473E4DFD823E5AD2F83DEAAB5FBD2223093EF5AC04BE77750DBEA7A7B3BD8BD5913E2081A2BD50C236BE5D7E43BD6DBD153E29612CBEC7EFC73D42B3183EC15885BE"> : tensor<30x4xf32>}> : () -> tensor<30x4xf32>
    %3 = tosa.const_shape  {values = dense<[1, 6, 4]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %4 = tosa.const_shape  {values = dense<0> : tensor<3xindex>} : () -> !tosa.shape<3>
    %5 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %6 = tosa.const_shape  {values = dense<[1, 4, 30]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %7 = tosa.const_shape  {values = dense<[6, 30]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %8 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %9 = tosa.const_shape  {values = dense<[6, 10]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %10 = tosa.const_shape  {values = dense<0> : tensor<2xindex>} : () -> !tosa.shape<2>
    %11 = tosa.const_shape  {values = dense<[0, 10]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %12 = tosa.const_shape  {values = dense<[0, 20]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %13 = tosa.const_shape  {values = dense<[1, 6, 10]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %14 = tosa.const_shape  {values = dense<[1, 10, 30]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %15 = tosa.const_shape  {values = dense<[1, 0, 0]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %16 = tosa.const_shape  {values = dense<[2, 0, 0]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %17 = tosa.const_shape  {values = dense<[3, 0, 0]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %18 = tosa.const_shape  {values = dense<[4, 0, 0]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %19 = tosa.const_shape  {values = dense<[6, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %20 = "tosa.const"() <{values = dense<"0xB5831A3D9F51D7BD1601973DEC33313EE7292EBC399EC9BCF30DE7BD63D595BE54D6A23CAA4D8C3D78BD92BE0A6E23BC2D545EBD2CF2853E0AA678BD47A623BE9473173ED106343E0C211BBE5518F8BD70C3CC3D94B52A3EC2078ABED8171C3E0722883E658DA13E43F88ABEB64603BEFDAFBCBDE657BF3D"> : tensor<1x30xf32>}> : () -> tensor<1x30xf32>
    %21 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1x6x10xf32>}> : () -> tensor<1x6x10xf32>
    %22 = "tosa.const"() <{values = dense<"0x499467BD9E028C3E19BBBC3CD080823E0F813CBE5C6E35BEC579C5BD83D55E3D72492E3E37BD68BE5E18933E66CFB03D9E6F8A3E8C32E63C05BE003E5F6F513E941C9C3E9F1C68BEE8312B3E494783BE06A37E3E1F0CB23BF219FABD5AB73E3C91B705BE8705A3BC1E2D1A3E45D4483D0FBDDA3DB98FD7BC"> : tensor<1x30xf32>}> : () -> tensor<1x30xf32>
    %23 = "tosa.const"() <{values = dense<[[[0.305742294, 0.293694109, 0.0706452802], [-0.251532018, -0.227701873, -0.292206526], [0.0631239936, -0.0748020485, 0.252834886], [0.222668707, -0.0663913339, -0.207527488], [0.0086803278, -0.095031917, -0.225262433], [0.249549747, -0.203415051, 0.0416994207], [0.0715129226, -0.169387862, 0.187106982], [2.148150e-01, 0.204087079, 0.260816038], [-0.212321758, 0.290680051, 0.288993329], [0.198385969, 0.0701579675, -0.186539859]]]> : tensor<1x10x3xf32>}> : () -> tensor<1x10x3xf32>
    %24 = "tosa.const"() <{values = dense<"0xC4D4753EA6EA123E91301DBE"> : tensor<1x3xf32>}> : () -> tensor<1x3xf32>
    %25 = tosa.slice %arg0, %4, %3 : (tensor<5x6x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x6x4xf32>
    %26 = tosa.transpose %2 {perms = array<i32: 1, 0>} : (tensor<30x4xf32>) -> tensor<4x30xf32>
    %27 = tosa.reshape %26, %6 : (tensor<4x30xf32>, !tosa.shape<3>) -> tensor<1x4x30xf32>
    %28 = tosa.matmul %25, %27, %5, %5 : (tensor<1x6x4xf32>, tensor<1x4x30xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x30xf32>
    %29 = tosa.reshape %28, %7 : (tensor<1x6x30xf32>, !tosa.shape<2>) -> tensor<6x30xf32>
    %30 = tosa.add %29, %20 : (tensor<6x30xf32>, tensor<1x30xf32>) -> tensor<6x30xf32>
    %31 = tosa.slice %30, %10, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %32 = tosa.slice %30, %11, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %33 = tosa.slice %30, %12, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %34 = tosa.transpose %1 {perms = array<i32: 1, 0>} : (tensor<30x10xf32>) -> tensor<10x30xf32>
    %35 = tosa.reshape %34, %14 : (tensor<10x30xf32>, !tosa.shape<3>) -> tensor<1x10x30xf32>
    %36 = tosa.matmul %21, %35, %5, %5 : (tensor<1x6x10xf32>, tensor<1x10x30xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x30xf32>
    %37 = tosa.reshape %36, %7 : (tensor<1x6x30xf32>, !tosa.shape<2>) -> tensor<6x30xf32>
    %38 = tosa.add %37, %22 : (tensor<6x30xf32>, tensor<1x30xf32>) -> tensor<6x30xf32>
    %39 = tosa.slice %38, %10, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %40 = tosa.slice %38, %11, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %41 = tosa.slice %38, %12, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %42 = tosa.add %39, %31 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %43 = tosa.sigmoid %42 : (tensor<6x10xf32>) -> tensor<6x10xf32>
    %44 = tosa.add %40, %32 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %45 = tosa.sigmoid %44 : (tensor<6x10xf32>) -> tensor<6x10xf32>
    %46 = tosa.mul %41, %43, %8 : (tensor<6x10xf32>, tensor<6x10xf32>, tensor<1xi8>) -> tensor<6x10xf32>
    %47 = tosa.add %33, %46 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %48 = tosa.tanh %47 : (tensor<6x10xf32>) -> tensor<6x10xf32>
    %49 = tosa.sub %0, %48 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %50 = tosa.mul %49, %45, %8 : (tensor<6x10xf32>, tensor<6x10xf32>, tensor<1xi8>) -> tensor<6x10xf32>
    %51 = tosa.add %50, %48 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %52 = tosa.slice %arg0, %15, %3 : (tensor<5x6x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x6x4xf32>
    %53 = tosa.matmul %52, %27, %5, %5 : (tensor<1x6x4xf32>, tensor<1x4x30xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x30xf32>
    %54 = tosa.reshape %53, %7 : (tensor<1x6x30xf32>, !tosa.shape<2>) -> tensor<6x30xf32>
    %55 = tosa.add %54, %20 : (tensor<6x30xf32>, tensor<1x30xf32>) -> tensor<6x30xf32>
    %56 = tosa.slice %55, %10, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %57 = tosa.slice %55, %11, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %58 = tosa.slice %55, %12, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %59 = tosa.reshape %51, %13 : (tensor<6x10xf32>, !tosa.shape<3>) -> tensor<1x6x10xf32>
    %60 = tosa.matmul %59, %35, %5, %5 : (tensor<1x6x10xf32>, tensor<1x10x30xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x30xf32>
    %61 = tosa.reshape %60, %7 : (tensor<1x6x30xf32>, !tosa.shape<2>) -> tensor<6x30xf32>
    %62 = tosa.add %61, %22 : (tensor<6x30xf32>, tensor<1x30xf32>) -> tensor<6x30xf32>
    %63 = tosa.slice %62, %10, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %64 = tosa.slice %62, %11, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %65 = tosa.slice %62, %12, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %66 = tosa.add %63, %56 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %67 = tosa.sigmoid %66 : (tensor<6x10xf32>) -> tensor<6x10xf32>
    %68 = tosa.add %64, %57 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %69 = tosa.sigmoid %68 : (tensor<6x10xf32>) -> tensor<6x10xf32>
    %70 = tosa.mul %65, %67, %8 : (tensor<6x10xf32>, tensor<6x10xf32>, tensor<1xi8>) -> tensor<6x10xf32>
    %71 = tosa.add %58, %70 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %72 = tosa.tanh %71 : (tensor<6x10xf32>) -> tensor<6x10xf32>
    %73 = tosa.sub %51, %72 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %74 = tosa.mul %73, %69, %8 : (tensor<6x10xf32>, tensor<6x10xf32>, tensor<1xi8>) -> tensor<6x10xf32>
    %75 = tosa.add %74, %72 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %76 = tosa.slice %arg0, %16, %3 : (tensor<5x6x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x6x4xf32>
    %77 = tosa.matmul %76, %27, %5, %5 : (tensor<1x6x4xf32>, tensor<1x4x30xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x30xf32>
    %78 = tosa.reshape %77, %7 : (tensor<1x6x30xf32>, !tosa.shape<2>) -> tensor<6x30xf32>
    %79 = tosa.add %78, %20 : (tensor<6x30xf32>, tensor<1x30xf32>) -> tensor<6x30xf32>
    %80 = tosa.slice %79, %10, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %81 = tosa.slice %79, %11, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %82 = tosa.slice %79, %12, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %83 = tosa.reshape %75, %13 : (tensor<6x10xf32>, !tosa.shape<3>) -> tensor<1x6x10xf32>
    %84 = tosa.matmul %83, %35, %5, %5 : (tensor<1x6x10xf32>, tensor<1x10x30xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x30xf32>
    %85 = tosa.reshape %84, %7 : (tensor<1x6x30xf32>, !tosa.shape<2>) -> tensor<6x30xf32>
    %86 = tosa.add %85, %22 : (tensor<6x30xf32>, tensor<1x30xf32>) -> tensor<6x30xf32>
    %87 = tosa.slice %86, %10, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %88 = tosa.slice %86, %11, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %89 = tosa.slice %86, %12, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %90 = tosa.add %87, %80 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %91 = tosa.sigmoid %90 : (tensor<6x10xf32>) -> tensor<6x10xf32>
    %92 = tosa.add %88, %81 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %93 = tosa.sigmoid %92 : (tensor<6x10xf32>) -> tensor<6x10xf32>
    %94 = tosa.mul %89, %91, %8 : (tensor<6x10xf32>, tensor<6x10xf32>, tensor<1xi8>) -> tensor<6x10xf32>
    %95 = tosa.add %82, %94 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %96 = tosa.tanh %95 : (tensor<6x10xf32>) -> tensor<6x10xf32>
    %97 = tosa.sub %75, %96 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %98 = tosa.mul %97, %93, %8 : (tensor<6x10xf32>, tensor<6x10xf32>, tensor<1xi8>) -> tensor<6x10xf32>
    %99 = tosa.add %98, %96 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %100 = tosa.slice %arg0, %17, %3 : (tensor<5x6x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x6x4xf32>
    %101 = tosa.matmul %100, %27, %5, %5 : (tensor<1x6x4xf32>, tensor<1x4x30xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x30xf32>
    %102 = tosa.reshape %101, %7 : (tensor<1x6x30xf32>, !tosa.shape<2>) -> tensor<6x30xf32>
    %103 = tosa.add %102, %20 : (tensor<6x30xf32>, tensor<1x30xf32>) -> tensor<6x30xf32>
    %104 = tosa.slice %103, %10, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %105 = tosa.slice %103, %11, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %106 = tosa.slice %103, %12, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %107 = tosa.reshape %99, %13 : (tensor<6x10xf32>, !tosa.shape<3>) -> tensor<1x6x10xf32>
    %108 = tosa.matmul %107, %35, %5, %5 : (tensor<1x6x10xf32>, tensor<1x10x30xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x30xf32>
    %109 = tosa.reshape %108, %7 : (tensor<1x6x30xf32>, !tosa.shape<2>) -> tensor<6x30xf32>
    %110 = tosa.add %109, %22 : (tensor<6x30xf32>, tensor<1x30xf32>) -> tensor<6x30xf32>
    %111 = tosa.slice %110, %10, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %112 = tosa.slice %110, %11, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %113 = tosa.slice %110, %12, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %114 = tosa.add %111, %104 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %115 = tosa.sigmoid %114 : (tensor<6x10xf32>) -> tensor<6x10xf32>
    %116 = tosa.add %112, %105 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %117 = tosa.sigmoid %116 : (tensor<6x10xf32>) -> tensor<6x10xf32>
    %118 = tosa.mul %113, %115, %8 : (tensor<6x10xf32>, tensor<6x10xf32>, tensor<1xi8>) -> tensor<6x10xf32>
    %119 = tosa.add %106, %118 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %120 = tosa.tanh %119 : (tensor<6x10xf32>) -> tensor<6x10xf32>
    %121 = tosa.sub %99, %120 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %122 = tosa.mul %121, %117, %8 : (tensor<6x10xf32>, tensor<6x10xf32>, tensor<1xi8>) -> tensor<6x10xf32>
    %123 = tosa.add %122, %120 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %124 = tosa.slice %arg0, %18, %3 : (tensor<5x6x4xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x6x4xf32>
    %125 = tosa.matmul %124, %27, %5, %5 : (tensor<1x6x4xf32>, tensor<1x4x30xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x30xf32>
    %126 = tosa.reshape %125, %7 : (tensor<1x6x30xf32>, !tosa.shape<2>) -> tensor<6x30xf32>
    %127 = tosa.add %126, %20 : (tensor<6x30xf32>, tensor<1x30xf32>) -> tensor<6x30xf32>
    %128 = tosa.slice %127, %10, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %129 = tosa.slice %127, %11, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %130 = tosa.slice %127, %12, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %131 = tosa.reshape %123, %13 : (tensor<6x10xf32>, !tosa.shape<3>) -> tensor<1x6x10xf32>
    %132 = tosa.matmul %131, %35, %5, %5 : (tensor<1x6x10xf32>, tensor<1x10x30xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x30xf32>
    %133 = tosa.reshape %132, %7 : (tensor<1x6x30xf32>, !tosa.shape<2>) -> tensor<6x30xf32>
    %134 = tosa.add %133, %22 : (tensor<6x30xf32>, tensor<1x30xf32>) -> tensor<6x30xf32>
    %135 = tosa.slice %134, %10, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %136 = tosa.slice %134, %11, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %137 = tosa.slice %134, %12, %9 : (tensor<6x30xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<6x10xf32>
    %138 = tosa.add %135, %128 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %139 = tosa.sigmoid %138 : (tensor<6x10xf32>) -> tensor<6x10xf32>
    %140 = tosa.add %136, %129 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %141 = tosa.sigmoid %140 : (tensor<6x10xf32>) -> tensor<6x10xf32>
    %142 = tosa.mul %137, %139, %8 : (tensor<6x10xf32>, tensor<6x10xf32>, tensor<1xi8>) -> tensor<6x10xf32>
    %143 = tosa.add %130, %142 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %144 = tosa.tanh %143 : (tensor<6x10xf32>) -> tensor<6x10xf32>
    %145 = tosa.sub %123, %144 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %146 = tosa.mul %145, %141, %8 : (tensor<6x10xf32>, tensor<6x10xf32>, tensor<1xi8>) -> tensor<6x10xf32>
    %147 = tosa.add %146, %144 : (tensor<6x10xf32>, tensor<6x10xf32>) -> tensor<6x10xf32>
    %148 = tosa.reshape %147, %13 : (tensor<6x10xf32>, !tosa.shape<3>) -> tensor<1x6x10xf32>
    %149 = tosa.matmul %148, %23, %5, %5 : (tensor<1x6x10xf32>, tensor<1x10x3xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x6x3xf32>
    %150 = tosa.reshape %149, %19 : (tensor<1x6x3xf32>, !tosa.shape<2>) -> tensor<6x3xf32>
    %151 = tosa.add %150, %24 : (tensor<6x3xf32>, tensor<1x3xf32>) -> tensor<6x3xf32>
    return %151 : tensor<6x3xf32>
  }
}
