// m_t_lstm_unrolled: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<4x3x5xf32>) -> (tensor<4x3x7xf32>, tensor<3x7xf32>) {
    %0 = "tosa.const"() <{values = dense<"0x8722E5BD93F48B3E70FFA83E86CB823ED02370BE4B586F3D0706AE3E58DFEFBD454154BE4384AFBE95395DBE0E76A83E1556513E82BFACBE4397A9BEA278853E7658B0BEC892673D746A993E44AF19BD418CAFBE5954F9BDBF7E0D3D2E2E923EBBF44E3E1D0CB8BE5834173EC14518BEBDD834BE8330643EA74915BE8C3AB2BE3F9FA63E0584EA3D912D9A3ECA42953C4220F03DBEEB98BEF03FEA3CF7E5B0BECDB983BC9D8E73BEE2F4923CD11EE03DEB7A313D75E4633EF3B20FBE77CC313D1BB2553E3FD48EBEE3748DBE7AE6DC3CCF7F8C3D2E31073EBE6A63BE082A863D18596BBE16E491BCBB5BB8BE70CF833ED7CF86BEC34CB43EE170863D76A6803E205B5F3DCF912EBD0CADC0BEDA98BFBE34FB3B3E6A3354BEDA6BE93DFBC22F3E294F61BECF5EB9BE8A0D953E851003BEF0F998BDB0931ABECDCFB93ECC1AB33DB882CF3D9B9F2C3A68DE1E3E439ED33D3E88433D3D4C943E1BFC6E3EEF72B7BC8C93B73E21617EBEA245FBBD8EEB69BC8E2975BE7C15313EEF6330BE38D858BE73229BBEDCED57BED17D49BE21B99C3EA1A5313D4BF7ADBDFD26D63B79A41E3D864CB3BE25988B3EAFED793DF4BECB3D7154CEBD3DB9BD3D541E1C3EA7EA05BE1A4373BE8B2A29BEE094BBBE553A853EE1F62ABEA438B2BECC4D92BDE95D28BE88DA963E2EFE3A3E0B88473E3294273D224B3C3D1377B2BE1993A0BEC976A73E60D993BE22E100BEFFDB363EFBBBAD3EFC2EBD3EE8AC433E987BA23E185FD2BD11085FBE30AD1DBE4F90063E31BA113E"> : tensor<28x5xf32>}> : () -> tensor<28x5xf32>
    %1 = "tosa.const"() <{values = dense<"0xB91BD3BC9B0204BD4A9FB63E4D42993E3D7530BEB04E603EDFAD8F3E0C309BBE391301BED4A81F3E0C5C66BED680133E7AAA783E27D1153E0863B53E0ADB373EB7EA293E82FAD43DD4BC26BEBDBB823D107EA7BDD61E1B3CBB91583E191E8FBE82F1C0BDF7B5553E57C4AC3E2EBB7BBEE02B13BE3D2205BEC584ADBED8D8313DEFF17BBD8B0D01BEA01CB9BEB58FBEBD6C8C883CDF6509BE16491E3EAAF8B13EE099173EB6C26D3E91DD95BE46EE623D1F8141BE329D0DBE5010C33DE29AB43DC4E82FBC9AEE2B3EDB4866BE6AA4B1BE043F5FBD3C088ABEEE1B82BDE4C6BCBD7630A03E5D1E133EADAA79BEF4E0BDBEC556703E0CE2723E6D1D73BD6AE3A33EADD3BB3E5CEB023ED772A03EE83847BECEB3AB3D5FD84F3E60BDA3BE4280AB3D98AA67BC50E12C3EEE883CBC2EDA663E5AC4503EE55FB33D55B8A9BEF9069C3EA7F47CBD9DF6A53EAAE6593EBF00DDBAD83B19BD4B41B33E1D1670BE3E022D3E37E584BE64CB30BE772997BE1A5EB93E90C3543E2652B73E626433BE9D1B4C3E89657B3E2D0877BE92A84D3EB134483DB7F62DBE3E9D00BD34B18D3E3DBF5FBE62C91C3E337F6E3D24536BBE68E0EABDD0EE98BDB17F373E1857073E824D463E1FDA6CBE25220F3DAFB034BE1202AABEAADAADBE95C0B93EE7B388BE468947BE7B8C843E3F01BEBE1DDB44BE24FE833D6BFD993E505DA33E975A98BEA98CCA3DDF9E87BE84D6073EC61D8C3C3AB05DBE511B8F3D499D9DBEF11A4D3E6B87B1BDD682CEBC134C9EBDF0CF0E3DCF04F53D4749B13E55F586BE478E92BE7C06C63D8FB4063EB3BD863C2A296F3EDFDA00BEEEBC893E4965AEBE713BB93EBDD095BDAA41BBBE4B1283BE36354EBEC9DA63BDDE9100BE349B89BEA78D153E61F78C3E03952ABED6DD0B3E15B0B23E69F49DBDA7E7983E975E973EE040053ECE5091BE4A284B3E541E94BE1D5EBFBE07B7A5BE0D55ACBCEA636FBC50A7A33E1BC73B3E651DA53DFD382CBE84179EBDA2E4AE3E8214B43E7AE7143E1C1B73BE244218BE4F8FC63DA793243E93019FBEFFEFEDBD4093843D1BF5973E7B9C76BEC1BF1CBE256B90BE54658EBE1D50A33D324D943E"> : tensor<28x7xf32>}> : () -> tensor<28x7xf32>
    %2 = tosa.const_shape  {values = dense<[1, 3, 5]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %3 = tosa.const_shape  {values = dense<0> : tensor<3xindex>} : () -> !tosa.shape<3>
    %4 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %5 = tosa.const_shape  {values = dense<[1, 3, 7]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %6 = tosa.const_shape  {values = dense<[1, 7, 28]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %7 = tosa.const_shape  {values = dense<[3, 28]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %8 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %9 = tosa.const_shape  {values = dense<[1, 5, 28]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %10 = tosa.const_shape  {values = dense<[3, 7]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %11 = tosa.const_shape  {values = dense<0> : tensor<2xindex>} : () -> !tosa.shape<2>
    %12 = tosa.const_shape  {values = dense<[0, 7]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %13 = tosa.const_shape  {values = dense<[0, 14]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %14 = tosa.const_shape  {values = dense<[0, 21]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %15 = tosa.const_shape  {values = dense<[1, 0, 0]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %16 = tosa.const_shape  {values = dense<[2, 0, 0]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %17 = tosa.const_shape  {values = dense<[3, 0, 0]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %18 = tosa.const_shape  {values = dense<[4, 3, 7]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %19 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1x3x7xf32>}> : () -> tensor<1x3x7xf32>
    %20 = "tosa.const"() <{values = dense<"0xE588B9BE7ECC50BDB546BEBEE1ECEA3DBDCCA9BE3DE8AA3E1D7EAB3E292E8BBE7AFB6E3E15A67ABD56DC82BD9E03B7BEA0AF4ABE554AACBEC75A153E4D605F3E6EE978BEFC80A1BEA636A0BE314A9D3E7CD784BE9D56863E4832B6BEDAA20FBEDBAE653EC492B0BE604A98BE805EA43D"> : tensor<1x28xf32>}> : () -> tensor<1x28xf32>
    %21 = "tosa.const"() <{values = dense<"0x3D895F3D9208943EBC1689BD7345193E6624973E6D35F4BD8F028E3D29F99BBE4740663E71365BBE9E9D82BE76B5E3BC9599D33DA59AA73DBE58923E4D5C043E27B542BE5B5D403E524E533D7899FA3D421D40BDFC8B9CBE96031CBEA7F834BE5527AEBE43CDA4BE0103A63E243AB43E"> : tensor<1x28xf32>}> : () -> tensor<1x28xf32>
    %22 = tosa.slice %arg0, %3, %2 : (tensor<4x3x5xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x3x5xf32>
    %23 = tosa.transpose %1 {perms = array<i32: 1, 0>} : (tensor<28x7xf32>) -> tensor<7x28xf32>
    %24 = tosa.reshape %23, %6 : (tensor<7x28xf32>, !tosa.shape<3>) -> tensor<1x7x28xf32>
    %25 = tosa.matmul %19, %24, %4, %4 : (tensor<1x3x7xf32>, tensor<1x7x28xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x28xf32>
    %26 = tosa.reshape %25, %7 : (tensor<1x3x28xf32>, !tosa.shape<2>) -> tensor<3x28xf32>
    %27 = tosa.add %26, %20 : (tensor<3x28xf32>, tensor<1x28xf32>) -> tensor<3x28xf32>
    %28 = tosa.transpose %0 {perms = array<i32: 1, 0>} : (tensor<28x5xf32>) -> tensor<5x28xf32>
    %29 = tosa.reshape %28, %9 : (tensor<5x28xf32>, !tosa.shape<3>) -> tensor<1x5x28xf32>
    %30 = tosa.matmul %22, %29, %4, %4 : (tensor<1x3x5xf32>, tensor<1x5x28xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x28xf32>
    %31 = tosa.reshape %30, %7 : (tensor<1x3x28xf32>, !tosa.shape<2>) -> tensor<3x28xf32>
    %32 = tosa.add %31, %21 : (tensor<3x28xf32>, tensor<1x28xf32>) -> tensor<3x28xf32>
    %33 = tosa.add %27, %32 : (tensor<3x28xf32>, tensor<3x28xf32>) -> tensor<3x28xf32>
    %34 = tosa.slice %33, %11, %10 : (tensor<3x28xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<3x7xf32>
    %35 = tosa.slice %33, %13, %10 : (tensor<3x28xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<3x7xf32>
    %36 = tosa.slice %33, %14, %10 : (tensor<3x28xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<3x7xf32>
    %37 = tosa.sigmoid %34 : (tensor<3x7xf32>) -> tensor<3x7xf32>
    %38 = tosa.tanh %35 : (tensor<3x7xf32>) -> tensor<3x7xf32>
    %39 = tosa.sigmoid %36 : (tensor<3x7xf32>) -> tensor<3x7xf32>
    %40 = tosa.mul %37, %38, %8 : (tensor<3x7xf32>, tensor<3x7xf32>, tensor<1xi8>) -> tensor<3x7xf32>
    %41 = tosa.tanh %40 : (tensor<3x7xf32>) -> tensor<3x7xf32>
    %42 = tosa.mul %39, %41, %8 : (tensor<3x7xf32>, tensor<3x7xf32>, tensor<1xi8>) -> tensor<3x7xf32>
    %43 = tosa.slice %arg0, %15, %2 : (tensor<4x3x5xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x3x5xf32>
    %44 = tosa.reshape %42, %5 : (tensor<3x7xf32>, !tosa.shape<3>) -> tensor<1x3x7xf32>
    %45 = tosa.matmul %44, %24, %4, %4 : (tensor<1x3x7xf32>, tensor<1x7x28xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x28xf32>
    %46 = tosa.reshape %45, %7 : (tensor<1x3x28xf32>, !tosa.shape<2>) -> tensor<3x28xf32>
    %47 = tosa.add %46, %20 : (tensor<3x28xf32>, tensor<1x28xf32>) -> tensor<3x28xf32>
    %48 = tosa.matmul %43, %29, %4, %4 : (tensor<1x3x5xf32>, tensor<1x5x28xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x28xf32>
    %49 = tosa.reshape %48, %7 : (tensor<1x3x28xf32>, !tosa.shape<2>) -> tensor<3x28xf32>
    %50 = tosa.add %49, %21 : (tensor<3x28xf32>, tensor<1x28xf32>) -> tensor<3x28xf32>
    %51 = tosa.add %47, %50 : (tensor<3x28xf32>, tensor<3x28xf32>) -> tensor<3x28xf32>
    %52 = tosa.slice %51, %11, %10 : (tensor<3x28xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<3x7xf32>
    %53 = tosa.slice %51, %12, %10 : (tensor<3x28xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<3x7xf32>
    %54 = tosa.slice %51, %13, %10 : (tensor<3x28xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<3x7xf32>
    %55 = tosa.slice %51, %14, %10 : (tensor<3x28xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<3x7xf32>
    %56 = tosa.sigmoid %52 : (tensor<3x7xf32>) -> tensor<3x7xf32>
    %57 = tosa.sigmoid %53 : (tensor<3x7xf32>) -> tensor<3x7xf32>
    %58 = tosa.tanh %54 : (tensor<3x7xf32>) -> tensor<3x7xf32>
    %59 = tosa.sigmoid %55 : (tensor<3x7xf32>) -> tensor<3x7xf32>
    %60 = tosa.mul %57, %40, %8 : (tensor<3x7xf32>, tensor<3x7xf32>, tensor<1xi8>) -> tensor<3x7xf32>
    %61 = tosa.mul %56, %58, %8 : (tensor<3x7xf32>, tensor<3x7xf32>, tensor<1xi8>) -> tensor<3x7xf32>
    %62 = tosa.add %60, %61 : (tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<3x7xf32>
    %63 = tosa.tanh %62 : (tensor<3x7xf32>) -> tensor<3x7xf32>
    %64 = tosa.mul %59, %63, %8 : (tensor<3x7xf32>, tensor<3x7xf32>, tensor<1xi8>) -> tensor<3x7xf32>
    %65 = tosa.slice %arg0, %16, %2 : (tensor<4x3x5xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x3x5xf32>
    %66 = tosa.reshape %64, %5 : (tensor<3x7xf32>, !tosa.shape<3>) -> tensor<1x3x7xf32>
    %67 = tosa.matmul %66, %24, %4, %4 : (tensor<1x3x7xf32>, tensor<1x7x28xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x28xf32>
    %68 = tosa.reshape %67, %7 : (tensor<1x3x28xf32>, !tosa.shape<2>) -> tensor<3x28xf32>
    %69 = tosa.add %68, %20 : (tensor<3x28xf32>, tensor<1x28xf32>) -> tensor<3x28xf32>
    %70 = tosa.matmul %65, %29, %4, %4 : (tensor<1x3x5xf32>, tensor<1x5x28xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x28xf32>
    %71 = tosa.reshape %70, %7 : (tensor<1x3x28xf32>, !tosa.shape<2>) -> tensor<3x28xf32>
    %72 = tosa.add %71, %21 : (tensor<3x28xf32>, tensor<1x28xf32>) -> tensor<3x28xf32>
    %73 = tosa.add %69, %72 : (tensor<3x28xf32>, tensor<3x28xf32>) -> tensor<3x28xf32>
    %74 = tosa.slice %73, %11, %10 : (tensor<3x28xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<3x7xf32>
    %75 = tosa.slice %73, %12, %10 : (tensor<3x28xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<3x7xf32>
    %76 = tosa.slice %73, %13, %10 : (tensor<3x28xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<3x7xf32>
    %77 = tosa.slice %73, %14, %10 : (tensor<3x28xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<3x7xf32>
    %78 = tosa.sigmoid %74 : (tensor<3x7xf32>) -> tensor<3x7xf32>
    %79 = tosa.sigmoid %75 : (tensor<3x7xf32>) -> tensor<3x7xf32>
    %80 = tosa.tanh %76 : (tensor<3x7xf32>) -> tensor<3x7xf32>
    %81 = tosa.sigmoid %77 : (tensor<3x7xf32>) -> tensor<3x7xf32>
    %82 = tosa.mul %79, %62, %8 : (tensor<3x7xf32>, tensor<3x7xf32>, tensor<1xi8>) -> tensor<3x7xf32>
    %83 = tosa.mul %78, %80, %8 : (tensor<3x7xf32>, tensor<3x7xf32>, tensor<1xi8>) -> tensor<3x7xf32>
    %84 = tosa.add %82, %83 : (tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<3x7xf32>
    %85 = tosa.tanh %84 : (tensor<3x7xf32>) -> tensor<3x7xf32>
    %86 = tosa.mul %81, %85, %8 : (tensor<3x7xf32>, tensor<3x7xf32>, tensor<1xi8>) -> tensor<3x7xf32>
    %87 = tosa.slice %arg0, %17, %2 : (tensor<4x3x5xf32>, !tosa.shape<3>, !tosa.shape<3>) -> tensor<1x3x5xf32>
    %88 = tosa.reshape %86, %5 : (tensor<3x7xf32>, !tosa.shape<3>) -> tensor<1x3x7xf32>
    %89 = tosa.matmul %88, %24, %4, %4 : (tensor<1x3x7xf32>, tensor<1x7x28xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x28xf32>
    %90 = tosa.reshape %89, %7 : (tensor<1x3x28xf32>, !tosa.shape<2>) -> tensor<3x28xf32>
    %91 = tosa.add %90, %20 : (tensor<3x28xf32>, tensor<1x28xf32>) -> tensor<3x28xf32>
    %92 = tosa.matmul %87, %29, %4, %4 : (tensor<1x3x5xf32>, tensor<1x5x28xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x3x28xf32>
    %93 = tosa.reshape %92, %7 : (tensor<1x3x28xf32>, !tosa.shape<2>) -> tensor<3x28xf32>
    %94 = tosa.add %93, %21 : (tensor<3x28xf32>, tensor<1x28xf32>) -> tensor<3x28xf32>
    %95 = tosa.add %91, %94 : (tensor<3x28xf32>, tensor<3x28xf32>) -> tensor<3x28xf32>
    %96 = tosa.slice %95, %11, %10 : (tensor<3x28xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<3x7xf32>
    %97 = tosa.slice %95, %12, %10 : (tensor<3x28xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<3x7xf32>
    %98 = tosa.slice %95, %13, %10 : (tensor<3x28xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<3x7xf32>
    %99 = tosa.slice %95, %14, %10 : (tensor<3x28xf32>, !tosa.shape<2>, !tosa.shape<2>) -> tensor<3x7xf32>
    %100 = tosa.sigmoid %96 : (tensor<3x7xf32>) -> tensor<3x7xf32>
    %101 = tosa.sigmoid %97 : (tensor<3x7xf32>) -> tensor<3x7xf32>
    %102 = tosa.tanh %98 : (tensor<3x7xf32>) -> tensor<3x7xf32>
    %103 = tosa.sigmoid %99 : (tensor<3x7xf32>) -> tensor<3x7xf32>
    %104 = tosa.mul %101, %84, %8 : (tensor<3x7xf32>, tensor<3x7xf32>, tensor<1xi8>) -> tensor<3x7xf32>
    %105 = tosa.mul %100, %102, %8 : (tensor<3x7xf32>, tensor<3x7xf32>, tensor<1xi8>) -> tensor<3x7xf32>
    %106 = tosa.add %104, %105 : (tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<3x7xf32>
    %107 = tosa.tanh %106 : (tensor<3x7xf32>) -> tensor<3x7xf32>
    %108 = tosa.mul %103, %107, %8 : (tensor<3x7xf32>, tensor<3x7xf32>, tensor<1xi8>) -> tensor<3x7xf32>
    %109 = tosa.concat %42, %64, %86, %108 {axis = 0 : i32} : (tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>, tensor<3x7xf32>) -> tensor<12x7xf32>
    %110 = tosa.reshape %109, %18 : (tensor<12x7xf32>, !tosa.shape<3>) -> tensor<4x3x7xf32>
    return %110, %106 : tensor<4x3x7xf32>, tensor<3x7xf32>
  }
}
