// m_t_embedding_bag_clf: PyTorch 2.15.0+cu132 forward graph (torch-mlir fx.export_and_import, output_type=tosa) by python/corpus/export.py; do not edit.
module {
  func.func @main(%arg0: tensor<5x3xi64>) -> tensor<5x4xf32> {
    %0 = tosa.const_shape  {values = dense<[1, 15]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %1 = tosa.const_shape  {values = dense<[5, 3, 6]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %2 = tosa.const_shape  {values = dense<[5, 6]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %3 = "tosa.const"() <{values = dense<0> : tensor<1xi8>}> : () -> tensor<1xi8>
    %4 = "tosa.const"() <{values = dense<0.000000e+00> : tensor<1xf32>}> : () -> tensor<1xf32>
    %5 = tosa.const_shape  {values = dense<[1, 5, 6]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %6 = tosa.const_shape  {values = dense<[5, 9]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %7 = tosa.const_shape  {values = dense<[1, 5, 9]> : tensor<3xindex>} : () -> !tosa.shape<3>
    %8 = tosa.const_shape  {values = dense<[5, 4]> : tensor<2xindex>} : () -> !tosa.shape<2>
    %9 = "tosa.const"() <{values = dense<"0x567502BFB275A7BF9B5A21BFF6388EBE2CC552BC2BED593E8A5916BF9483D0BE0F1BD13D6FEF94BFB95AD5BEDF68783F4DB9AB3E414F323F043EEB3E6C441CBDAFC4A5BE71EF003F746DCABE0BFD24BD95AF7C3F6998093F43EA68BFB7D9163E34EB9EBF9A372DBDC8968ABFF4DAF63FCE788CBF7834453FA3B2E4BEACE91D3FBB2CCEBF401478BFFCB1503F232852BEFEF96CBF73C126BE33CC103F339ED33E61D16CBF2A1D453F250576BEB12200BF87E41BBF4D1DDF3D2823B0BE0573CDBF2D49BF3EFB39203EC5A042BE118A043F197F67BFA63B00BF39D346BF8A944C3F50FDC5BF0171F43E35DA98BED010A0BF3E7CDD3F86B0613F74F6483ED80AE0BED3BE28BE07AEAB3FC5DE8FBF6EFB89BFC5BEB13F1AD91B4073F4EABE4F8FCE3D8C3C093ED80A02C02DBEF5BDEE454D3FA4D0A4BE42C9A1BFFD60733FC8980B3E0AC7AC3FC213D3BFB2030BBF4FCF59BE897323BFF542FFBECE67223E415914BE4A3D693F9177DEBFFE15C73FF91551BD19E4C93F96A6253FF0CFEA3E5D914BBDBF934B3FC1B0413F6114F53F46CC993FE4EBF4BD1906293D"> : tensor<1x17x6xf32>}> : () -> tensor<1x17x6xf32>
    %10 = "tosa.const"() <{values = dense<0.333333343> : tensor<1x1xf32>}> : () -> tensor<1x1xf32>
    %11 = "tosa.const"() <{values = dense<[[[-0.316104174, 0.301115483, 0.140022516, -0.309469491, -0.157678574, 0.257842422, 0.227588013, -0.145272031, 0.118678108], [0.351717472, 0.155798659, 0.272780806, 0.13276729, 0.0599343218, -0.190457046, -0.263124704, 0.372321457, -0.305898935], [-0.0250424761, -0.290031314, -0.284406632, -0.326204419, -0.160221174, -0.0763049721, -0.0764429942, -0.103209257, 0.143235862], [-0.170441434, 0.363277465, -0.302810192, -0.244368687, -7.68938451E-4, -0.0614827126, 0.233021349, 0.292165846, -0.298152626], [-0.26463595, 0.394171387, 0.171467438, -0.0946323797, -0.369269222, -0.0474612676, -0.301418424, 0.358152598, 0.321496367], [-0.00859926268, -0.202268526, 0.0913948044, 0.249202341, -0.270814925, -0.171354473, -0.167793363, -0.355211318, -0.396790981]]]> : tensor<1x6x9xf32>}> : () -> tensor<1x6x9xf32>
    %12 = "tosa.const"() <{values = dense<"0x55D1EC3D5546A93E9391B3BE346D973E3925AC3E9FED4A3E08D7CE3D48A2813EE993A33E"> : tensor<1x9xf32>}> : () -> tensor<1x9xf32>
    %13 = "tosa.const"() <{values = dense<[[[0.249290869, 0.00529062748, -0.107376218, 0.104975224], [-0.310698122, -0.0514444932, 0.0836625546, 0.33153972], [0.127472043, 0.327658981, 0.119350553, -0.204198241], [0.294798344, -0.027067503, -0.266766429, -0.0333073959], [-0.118257567, -0.0613288879, -0.108539462, -0.163391039], [-0.172831535, -0.272468537, -0.265529484, 0.306944817], [-0.164670676, -0.292744875, 0.102699324, -0.00886130332], [7.743120e-03, 0.28238377, 0.202562094, -0.120211683], [0.244219542, -0.0593436174, 0.236089438, 0.166903183]]]> : tensor<1x9x4xf32>}> : () -> tensor<1x9x4xf32>
    %14 = "tosa.const"() <{values = dense<"0x16F8223E78E99EBE969AB23DE0B333BE"> : tensor<1x4xf32>}> : () -> tensor<1x4xf32>
    %15 = tosa.reshape %arg0, %0 : (tensor<5x3xi64>, !tosa.shape<2>) -> tensor<1x15xi64>
    %16 = tosa.cast %15 : (tensor<1x15xi64>) -> tensor<1x15xi32>
    %17 = tosa.gather %9, %16 : (tensor<1x17x6xf32>, tensor<1x15xi32>) -> tensor<1x15x6xf32>
    %18 = tosa.reshape %17, %1 : (tensor<1x15x6xf32>, !tosa.shape<3>) -> tensor<5x3x6xf32>
    %19 = tosa.reduce_sum %18 {axis = 1 : i32} : (tensor<5x3x6xf32>) -> tensor<5x1x6xf32>
    %20 = tosa.reshape %19, %2 : (tensor<5x1x6xf32>, !tosa.shape<2>) -> tensor<5x6xf32>
    %21 = tosa.mul %20, %10, %3 : (tensor<5x6xf32>, tensor<1x1xf32>, tensor<1xi8>) -> tensor<5x6xf32>
    %22 = tosa.reshape %21, %5 : (tensor<5x6xf32>, !tosa.shape<3>) -> tensor<1x5x6xf32>
    %23 = tosa.matmul %22, %11, %4, %4 : (tensor<1x5x6xf32>, tensor<1x6x9xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x5x9xf32>
    %24 = tosa.reshape %23, %6 : (tensor<1x5x9xf32>, !tosa.shape<2>) -> tensor<5x9xf32>
    %25 = tosa.add %24, %12 : (tensor<5x9xf32>, tensor<1x9xf32>) -> tensor<5x9xf32>
    %26 = tosa.tanh %25 : (tensor<5x9xf32>) -> tensor<5x9xf32>
    %27 = tosa.reshape %26, %7 : (tensor<5x9xf32>, !tosa.shape<3>) -> tensor<1x5x9xf32>
    %28 = tosa.matmul %27, %13, %4, %4 : (tensor<1x5x9xf32>, tensor<1x9x4xf32>, tensor<1xf32>, tensor<1xf32>) -> tensor<1x5x4xf32>
    %29 = tosa.reshape %28, %8 : (tensor<1x5x4xf32>, !tosa.shape<2>) -> tensor<5x4xf32>
    %30 = tosa.add %29, %14 : (tensor<5x4xf32>, tensor<1x4xf32>) -> tensor<5x4xf32>
    return %30 : tensor<5x4xf32>
  }
}
