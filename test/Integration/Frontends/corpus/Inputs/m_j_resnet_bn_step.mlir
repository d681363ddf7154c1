// m_j_resnet_bn_step: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<3x3x3x6xf32>, %arg1: tensor<3x3x6x6xf32>, %arg2: tensor<6xf32>, %arg3: tensor<6xf32>, %arg4: tensor<3x3x6x6xf32>, %arg5: tensor<6xf32>, %arg6: tensor<6xf32>, %arg7: tensor<6x5xf32>, %arg8: tensor<3x6x6x3xf32>, %arg9: tensor<3x5xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<3x3x3x6xf32> {jax.result_info = "result[1][0]"}, tensor<3x3x6x6xf32> {jax.result_info = "result[1][1]"}, tensor<6xf32> {jax.result_info = "result[1][2]"}, tensor<6xf32> {jax.result_info = "result[1][3]"}, tensor<3x3x6x6xf32> {jax.result_info = "result[1][4]"}, tensor<6xf32> {jax.result_info = "result[1][5]"}, tensor<6xf32> {jax.result_info = "result[1][6]"}, tensor<6x5xf32> {jax.result_info = "result[1][7]"}) {
    %0 = stablehlo.convolution(%arg8, %arg0) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<3x6x6x3xf32>, tensor<3x3x3x6xf32>) -> tensor<3x6x6x6xf32>
    %1 = call @relu(%0) : (tensor<3x6x6x6xf32>) -> tensor<3x6x6x6xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x6x6x6xf32>
    %3 = stablehlo.compare GT, %0, %2, FLOAT : (tensor<3x6x6x6xf32>, tensor<3x6x6x6xf32>) -> tensor<3x6x6x6xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3x6x6x6xf32>
    %5 = stablehlo.convolution(%1, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<3x6x6x6xf32>, tensor<3x3x6x6xf32>) -> tensor<3x6x6x6xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.reduce(%5 init: %cst_1) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x6x6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %cst_2 = stablehlo.constant dense<1.080000e+02> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %8 = stablehlo.divide %6, %7 : tensor<6xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %9:5 = call @_var(%5, %c) : (tensor<3x6x6x6xf32>, tensor<i32>) -> (tensor<6xf32>, tensor<3x6x6x6xf32>, tensor<f32>, tensor<i1>, tensor<6xf32>)
    %10 = stablehlo.broadcast_in_dim %8, dims = [3] : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [0, 1, 2, 3] : (tensor<1x1x1x6xf32>) -> tensor<3x6x6x6xf32>
    %12 = stablehlo.subtract %5, %11 : tensor<3x6x6x6xf32>
    %cst_3 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %14 = stablehlo.add %9#0, %13 : tensor<6xf32>
    %15 = stablehlo.rsqrt %14 : tensor<6xf32>
    %16 = stablehlo.divide %15, %14 : tensor<6xf32>
    %cst_4 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %17 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %18 = stablehlo.multiply %17, %16 : tensor<6xf32>
    %19 = stablehlo.broadcast_in_dim %15, dims = [3] : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2, 3] : (tensor<1x1x1x6xf32>) -> tensor<3x6x6x6xf32>
    %21 = stablehlo.multiply %12, %20 : tensor<3x6x6x6xf32>
    %22 = stablehlo.broadcast_in_dim %arg2, dims = [3] : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %23 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2, 3] : (tensor<1x1x1x6xf32>) -> tensor<3x6x6x6xf32>
    %24 = stablehlo.multiply %21, %23 : tensor<3x6x6x6xf32>
    %25 = stablehlo.broadcast_in_dim %arg3, dims = [3] : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %26 = stablehlo.broadcast_in_dim %25, dims = [0, 1, 2, 3] : (tensor<1x1x1x6xf32>) -> tensor<3x6x6x6xf32>
    %27 = stablehlo.add %24, %26 : tensor<3x6x6x6xf32>
    %28 = call @relu(%27) : (tensor<3x6x6x6xf32>) -> tensor<3x6x6x6xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<3x6x6x6xf32>
    %30 = stablehlo.compare GT, %27, %29, FLOAT : (tensor<3x6x6x6xf32>, tensor<3x6x6x6xf32>) -> tensor<3x6x6x6xi1>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<3x6x6x6xf32>
    %32 = stablehlo.convolution(%28, %arg4) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<3x6x6x6xf32>, tensor<3x3x6x6xf32>) -> tensor<3x6x6x6xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %33 = stablehlo.reduce(%32 init: %cst_7) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x6x6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %cst_8 = stablehlo.constant dense<1.080000e+02> : tensor<f32>
    %34 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %35 = stablehlo.divide %33, %34 : tensor<6xf32>
    %c_9 = stablehlo.constant dense<0> : tensor<i32>
    %36:5 = call @_var(%32, %c_9) : (tensor<3x6x6x6xf32>, tensor<i32>) -> (tensor<6xf32>, tensor<3x6x6x6xf32>, tensor<f32>, tensor<i1>, tensor<6xf32>)
    %37 = stablehlo.broadcast_in_dim %35, dims = [3] : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %38 = stablehlo.broadcast_in_dim %37, dims = [0, 1, 2, 3] : (tensor<1x1x1x6xf32>) -> tensor<3x6x6x6xf32>
    %39 = stablehlo.subtract %32, %38 : tensor<3x6x6x6xf32>
    %cst_10 = stablehlo.constant dense<9.99999974E-6> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %41 = stablehlo.add %36#0, %40 : tensor<6xf32>
    %42 = stablehlo.rsqrt %41 : tensor<6xf32>
    %43 = stablehlo.divide %42, %41 : tensor<6xf32>
    %cst_11 = stablehlo.constant dense<-5.000000e-01> : tensor<f32>
    %44 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %45 = stablehlo.multiply %44, %43 : tensor<6xf32>
    %46 = stablehlo.broadcast_in_dim %42, dims = [3] : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %47 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2, 3] : (tensor<1x1x1x6xf32>) -> tensor<3x6x6x6xf32>
    %48 = stablehlo.multiply %39, %47 : tensor<3x6x6x6xf32>
    %49 = stablehlo.broadcast_in_dim %arg5, dims = [3] : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %50 = stablehlo.broadcast_in_dim %49, dims = [0, 1, 2, 3] : (tensor<1x1x1x6xf32>) -> tensor<3x6x6x6xf32>
    %51 = stablehlo.multiply %48, %50 : tensor<3x6x6x6xf32>
    %52 = stablehlo.broadcast_in_dim %arg6, dims = [3] : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %53 = stablehlo.broadcast_in_dim %52, dims = [0, 1, 2, 3] : (tensor<1x1x1x6xf32>) -> tensor<3x6x6x6xf32>
    %54 = stablehlo.add %51, %53 : tensor<3x6x6x6xf32>
    %55 = stablehlo.add %1, %54 : tensor<3x6x6x6xf32>
    %56 = call @relu(%55) : (tensor<3x6x6x6xf32>) -> tensor<3x6x6x6xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<3x6x6x6xf32>
    %58 = stablehlo.compare GT, %55, %57, FLOAT : (tensor<3x6x6x6xf32>, tensor<3x6x6x6xf32>) -> tensor<3x6x6x6xi1>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %59 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<3x6x6x6xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %60 = stablehlo.reduce(%56 init: %cst_14) applies stablehlo.add across dimensions = [1, 2] : (tensor<3x6x6x6xf32>, tensor<f32>) -> tensor<3x6xf32>
    %cst_15 = stablehlo.constant dense<3.600000e+01> : tensor<f32>
    %61 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<3x6xf32>
    %62 = stablehlo.divide %60, %61 : tensor<3x6xf32>
    %63 = stablehlo.dot_general %62, %arg7, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x6xf32>, tensor<6x5xf32>) -> tensor<3x5xf32>
    %64:3 = call @log_softmax(%63) : (tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x1xf32>)
    %65 = stablehlo.multiply %64#0, %arg9 : tensor<3x5xf32>
    %cst_16 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %66 = stablehlo.reduce(%65 init: %cst_16) applies stablehlo.add across dimensions = [1] : (tensor<3x5xf32>, tensor<f32>) -> tensor<3xf32>
    %cst_17 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %67 = stablehlo.reduce(%66 init: %cst_17) applies stablehlo.add across dimensions = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<f32>
    %cst_18 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %68 = stablehlo.divide %67, %cst_18 : tensor<f32>
    %69 = stablehlo.negate %68 : tensor<f32>
    %cst_19 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %70 = stablehlo.negate %cst_19 : tensor<f32>
    %cst_20 = stablehlo.constant dense<3.000000e+00> : tensor<f32>
    %71 = stablehlo.divide %70, %cst_20 : tensor<f32>
    %72 = stablehlo.broadcast_in_dim %71, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %73 = stablehlo.broadcast_in_dim %72, dims = [0] : (tensor<3xf32>) -> tensor<3x5xf32>
    %74 = stablehlo.multiply %73, %arg9 : tensor<3x5xf32>
    %75 = call @log_softmax_0(%64#1, %64#2, %74) : (tensor<3x5xf32>, tensor<3x1xf32>, tensor<3x5xf32>) -> tensor<3x5xf32>
    %76 = stablehlo.dot_general %75, %62, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<3x5xf32>, tensor<3x6xf32>) -> tensor<5x6xf32>
    %77 = stablehlo.transpose %76, dims = [1, 0] : (tensor<5x6xf32>) -> tensor<6x5xf32>
    %78 = stablehlo.dot_general %75, %arg7, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<3x5xf32>, tensor<6x5xf32>) -> tensor<3x6xf32>
    %cst_21 = stablehlo.constant dense<3.600000e+01> : tensor<f32>
    %79 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<3x6xf32>
    %80 = stablehlo.divide %78, %79 : tensor<3x6xf32>
    %81 = stablehlo.broadcast_in_dim %80, dims = [0, 3] : (tensor<3x6xf32>) -> tensor<3x6x6x6xf32>
    %cst_22 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %82 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<3x6x6x6xf32>
    %83 = stablehlo.select %58, %81, %82 : tensor<3x6x6x6xi1>, tensor<3x6x6x6xf32>
    %cst_23 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %84 = stablehlo.reduce(%83 init: %cst_23) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x6x6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %85 = stablehlo.reshape %84 : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %cst_24 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %86 = stablehlo.reduce(%85 init: %cst_24) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x6xf32>, tensor<f32>) -> tensor<6xf32>
    %87 = stablehlo.multiply %48, %83 : tensor<3x6x6x6xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %88 = stablehlo.reduce(%87 init: %cst_25) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x6x6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %89 = stablehlo.reshape %88 : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %90 = stablehlo.broadcast_in_dim %49, dims = [0, 1, 2, 3] : (tensor<1x1x1x6xf32>) -> tensor<3x6x6x6xf32>
    %91 = stablehlo.multiply %83, %90 : tensor<3x6x6x6xf32>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %92 = stablehlo.reduce(%89 init: %cst_26) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x6xf32>, tensor<f32>) -> tensor<6xf32>
    %93 = stablehlo.multiply %39, %91 : tensor<3x6x6x6xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %94 = stablehlo.reduce(%93 init: %cst_27) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x6x6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %95 = stablehlo.reshape %94 : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %96 = stablehlo.broadcast_in_dim %46, dims = [0, 1, 2, 3] : (tensor<1x1x1x6xf32>) -> tensor<3x6x6x6xf32>
    %97 = stablehlo.multiply %91, %96 : tensor<3x6x6x6xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %98 = stablehlo.reduce(%95 init: %cst_28) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x6xf32>, tensor<f32>) -> tensor<6xf32>
    %99 = stablehlo.multiply %98, %45 : tensor<6xf32>
    %100 = stablehlo.negate %97 : tensor<3x6x6x6xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %101 = stablehlo.reduce(%100 init: %cst_29) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x6x6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %102 = stablehlo.reshape %101 : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %103 = stablehlo.reduce(%102 init: %cst_30) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x6xf32>, tensor<f32>) -> tensor<6xf32>
    %104 = call @_var_1(%36#1, %36#2, %36#3, %36#4, %99) : (tensor<3x6x6x6xf32>, tensor<f32>, tensor<i1>, tensor<6xf32>, tensor<6xf32>) -> tensor<3x6x6x6xf32>
    %105 = stablehlo.add %97, %104 : tensor<3x6x6x6xf32>
    %cst_31 = stablehlo.constant dense<1.080000e+02> : tensor<f32>
    %106 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %107 = stablehlo.divide %103, %106 : tensor<6xf32>
    %108 = stablehlo.broadcast_in_dim %107, dims = [3] : (tensor<6xf32>) -> tensor<3x6x6x6xf32>
    %109 = stablehlo.add %105, %108 : tensor<3x6x6x6xf32>
    %110 = stablehlo.convolution(%28, %109) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<3x6x6x6xf32>, tensor<3x6x6x6xf32>) -> tensor<3x3x6x6xf32>
    %111 = stablehlo.reverse %arg4, dims = [0, 1] : tensor<3x3x6x6xf32>
    %112 = stablehlo.convolution(%109, %111) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<3x6x6x6xf32>, tensor<3x3x6x6xf32>) -> tensor<3x6x6x6xf32>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %113 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<3x6x6x6xf32>
    %114 = stablehlo.select %30, %112, %113 : tensor<3x6x6x6xi1>, tensor<3x6x6x6xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %115 = stablehlo.reduce(%114 init: %cst_33) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x6x6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %116 = stablehlo.reshape %115 : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %117 = stablehlo.reduce(%116 init: %cst_34) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x6xf32>, tensor<f32>) -> tensor<6xf32>
    %118 = stablehlo.multiply %21, %114 : tensor<3x6x6x6xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %119 = stablehlo.reduce(%118 init: %cst_35) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x6x6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %120 = stablehlo.reshape %119 : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %121 = stablehlo.broadcast_in_dim %22, dims = [0, 1, 2, 3] : (tensor<1x1x1x6xf32>) -> tensor<3x6x6x6xf32>
    %122 = stablehlo.multiply %114, %121 : tensor<3x6x6x6xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %123 = stablehlo.reduce(%120 init: %cst_36) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x6xf32>, tensor<f32>) -> tensor<6xf32>
    %124 = stablehlo.multiply %12, %122 : tensor<3x6x6x6xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %125 = stablehlo.reduce(%124 init: %cst_37) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x6x6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %126 = stablehlo.reshape %125 : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %127 = stablehlo.broadcast_in_dim %19, dims = [0, 1, 2, 3] : (tensor<1x1x1x6xf32>) -> tensor<3x6x6x6xf32>
    %128 = stablehlo.multiply %122, %127 : tensor<3x6x6x6xf32>
    %cst_38 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %129 = stablehlo.reduce(%126 init: %cst_38) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x6xf32>, tensor<f32>) -> tensor<6xf32>
    %130 = stablehlo.multiply %129, %18 : tensor<6xf32>
    %131 = stablehlo.negate %128 : tensor<3x6x6x6xf32>
    %cst_39 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %132 = stablehlo.reduce(%131 init: %cst_39) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x6x6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %133 = stablehlo.reshape %132 : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %cst_40 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %134 = stablehlo.reduce(%133 init: %cst_40) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x6xf32>, tensor<f32>) -> tensor<6xf32>
    %135 = call @_var_1(%9#1, %9#2, %9#3, %9#4, %130) : (tensor<3x6x6x6xf32>, tensor<f32>, tensor<i1>, tensor<6xf32>, tensor<6xf32>) -> tensor<3x6x6x6xf32>
    %136 = stablehlo.add %128, %135 : tensor<3x6x6x6xf32>
    %cst_41 = stablehlo.constant dense<1.080000e+02> : tensor<f32>
    %137 = stablehlo.broadcast_in_dim %cst_41, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %138 = stablehlo.divide %134, %137 : tensor<6xf32>
    %139 = stablehlo.broadcast_in_dim %138, dims = [3] : (tensor<6xf32>) -> tensor<3x6x6x6xf32>
    %140 = stablehlo.add %136, %139 : tensor<3x6x6x6xf32>
    %141 = stablehlo.convolution(%1, %140) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<3x6x6x6xf32>, tensor<3x6x6x6xf32>) -> tensor<3x3x6x6xf32>
    %142 = stablehlo.reverse %arg1, dims = [0, 1] : tensor<3x3x6x6xf32>
    %143 = stablehlo.convolution(%140, %142) dim_numbers = [b, 0, 1, f]x[0, 1, o, i]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<3x6x6x6xf32>, tensor<3x3x6x6xf32>) -> tensor<3x6x6x6xf32>
    %144 = stablehlo.add %83, %143 : tensor<3x6x6x6xf32>
    %cst_42 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %145 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<3x6x6x6xf32>
    %146 = stablehlo.select %3, %144, %145 : tensor<3x6x6x6xi1>, tensor<3x6x6x6xf32>
    %147 = stablehlo.convolution(%arg8, %146) dim_numbers = [f, 0, 1, b]x[i, 0, 1, o]->[0, 1, b, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<3x6x6x3xf32>, tensor<3x6x6x6xf32>) -> tensor<3x3x3x6xf32>
    %cst_43 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %148 = stablehlo.broadcast_in_dim %cst_43, dims = [] : (tensor<f32>) -> tensor<3x3x3x6xf32>
    %149 = stablehlo.multiply %148, %147 : tensor<3x3x3x6xf32>
    %150 = stablehlo.subtract %arg0, %149 : tensor<3x3x3x6xf32>
    %cst_44 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %151 = stablehlo.broadcast_in_dim %cst_44, dims = [] : (tensor<f32>) -> tensor<3x3x6x6xf32>
    %152 = stablehlo.multiply %151, %141 : tensor<3x3x6x6xf32>
    %153 = stablehlo.subtract %arg1, %152 : tensor<3x3x6x6xf32>
    %cst_45 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %154 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %155 = stablehlo.multiply %154, %123 : tensor<6xf32>
    %156 = stablehlo.subtract %arg2, %155 : tensor<6xf32>
    %cst_46 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %157 = stablehlo.broadcast_in_dim %cst_46, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %158 = stablehlo.multiply %157, %117 : tensor<6xf32>
    %159 = stablehlo.subtract %arg3, %158 : tensor<6xf32>
    %cst_47 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %160 = stablehlo.broadcast_in_dim %cst_47, dims = [] : (tensor<f32>) -> tensor<3x3x6x6xf32>
    %161 = stablehlo.multiply %160, %110 : tensor<3x3x6x6xf32>
    %162 = stablehlo.subtract %arg4, %161 : tensor<3x3x6x6xf32>
    %cst_48 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %163 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %164 = stablehlo.multiply %163, %92 : tensor<6xf32>
    %165 = stablehlo.subtract %arg5, %164 : tensor<6xf32>
    %cst_49 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %166 = stablehlo.broadcast_in_dim %cst_49, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %167 = stablehlo.multiply %166, %86 : tensor<6xf32>
    %168 = stablehlo.subtract %arg6, %167 : tensor<6xf32>
    %cst_50 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %169 = stablehlo.broadcast_in_dim %cst_50, dims = [] : (tensor<f32>) -> tensor<6x5xf32>
    %170 = stablehlo.multiply %169, %77 : tensor<6x5xf32>
    %171 = stablehlo.subtract %arg7, %170 : tensor<6x5xf32>
    return %69, %150, %153, %156, %159, %162, %165, %168, %171 : tensor<f32>, tensor<3x3x3x6xf32>, tensor<3x3x6x6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<3x3x6x6xf32>, tensor<6xf32>, tensor<6xf32>, tensor<6x5xf32>
  }
  func.func private @relu(%arg0: tensor<3x6x6x6xf32>) -> tensor<3x6x6x6xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<3x6x6x6xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<3x6x6x6xf32>
    return %1 : tensor<3x6x6x6xf32>
  }
  func.func private @_var(%arg0: tensor<3x6x6x6xf32>, %arg1: tensor<i32>) -> (tensor<6xf32>, tensor<3x6x6x6xf32>, tensor<f32>, tensor<i1>, tensor<6xf32>) {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x6x6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [3] : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %cst_0 = stablehlo.constant dense<1.080000e+02> : tensor<f32>
    %2 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x6xf32>
    %3 = stablehlo.divide %1, %2 : tensor<1x1x1x6xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1, 2, 3] : (tensor<1x1x1x6xf32>) -> tensor<3x6x6x6xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<3x6x6x6xf32>
    %6 = chlo.square %5 : tensor<3x6x6x6xf32> -> tensor<3x6x6x6xf32>
    %cst_1 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_1, dims = [] : (tensor<f32>) -> tensor<3x6x6x6xf32>
    %8 = stablehlo.multiply %7, %5 : tensor<3x6x6x6xf32>
    %9 = stablehlo.convert %arg1 : (tensor<i32>) -> tensor<f32>
    %cst_2 = stablehlo.constant dense<1.080000e+02> : tensor<f32>
    %10 = stablehlo.subtract %cst_2, %9 : tensor<f32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %11 = stablehlo.reduce(%6 init: %cst_3) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x6x6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %12 = stablehlo.broadcast_in_dim %10, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %13 = stablehlo.divide %11, %12 : tensor<6xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.compare GT, %10, %cst_4, FLOAT : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %cst_5 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %15:2 = call @_where(%14, %13, %cst_5) : (tensor<i1>, tensor<6xf32>, tensor<f32>) -> (tensor<6xf32>, tensor<6xf32>)
    return %15#0, %8, %10, %14, %15#1 : tensor<6xf32>, tensor<3x6x6x6xf32>, tensor<f32>, tensor<i1>, tensor<6xf32>
  }
  func.func private @_where(%arg0: tensor<i1>, %arg1: tensor<6xf32>, %arg2: tensor<f32>) -> (tensor<6xf32>, tensor<6xf32>) {
    %0 = stablehlo.convert %arg2 : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %2 = stablehlo.select %arg0, %arg1, %1 : tensor<i1>, tensor<6xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %3 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6xf32>
    return %2, %3 : tensor<6xf32>, tensor<6xf32>
  }
  func.func private @log_softmax(%arg0: tensor<3x5xf32>) -> (tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<3x5xf32>, tensor<f32>) -> tensor<3xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<3xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x5xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<3x5xf32>
    %6 = stablehlo.exponential %5 : tensor<3x5xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<3x5xf32>, tensor<f32>) -> tensor<3xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<3xf32>) -> tensor<3x1xf32>
    %9 = stablehlo.log %8 : tensor<3x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x5xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<3x5xf32>
    return %11, %6, %8 : tensor<3x5xf32>, tensor<3x5xf32>, tensor<3x1xf32>
  }
  func.func private @log_softmax_0(%arg0: tensor<3x5xf32>, %arg1: tensor<3x1xf32>, %arg2: tensor<3x5xf32>) -> tensor<3x5xf32> {
    %0 = stablehlo.negate %arg2 : tensor<3x5xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<3x5xf32>, tensor<f32>) -> tensor<3xf32>
    %2 = stablehlo.reshape %1 : (tensor<3xf32>) -> tensor<3x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<3x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<3x1xf32>, tensor<f32>) -> tensor<3xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<3xf32>) -> tensor<3x5xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<3x5xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<3x5xf32>
    return %7 : tensor<3x5xf32>
  }
  func.func private @_var_1(%arg0: tensor<3x6x6x6xf32>, %arg1: tensor<f32>, %arg2: tensor<i1>, %arg3: tensor<6xf32>, %arg4: tensor<6xf32>) -> tensor<3x6x6x6xf32> {
    %0 = call @_where_2(%arg2, %arg3, %arg4) : (tensor<i1>, tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %2 = stablehlo.divide %0, %1 : tensor<6xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [3] : (tensor<6xf32>) -> tensor<3x6x6x6xf32>
    %4 = stablehlo.multiply %3, %arg0 : tensor<3x6x6x6xf32>
    %5 = stablehlo.negate %4 : tensor<3x6x6x6xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %6 = stablehlo.reduce(%5 init: %cst) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<3x6x6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %7 = stablehlo.reshape %6 : (tensor<6xf32>) -> tensor<1x1x1x6xf32>
    %cst_0 = stablehlo.constant dense<1.080000e+02> : tensor<f32>
    %8 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<1x1x1x6xf32>
    %9 = stablehlo.divide %7, %8 : tensor<1x1x1x6xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %10 = stablehlo.reduce(%9 init: %cst_1) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<1x1x1x6xf32>, tensor<f32>) -> tensor<6xf32>
    %11 = stablehlo.broadcast_in_dim %10, dims = [3] : (tensor<6xf32>) -> tensor<3x6x6x6xf32>
    %12 = stablehlo.add %4, %11 : tensor<3x6x6x6xf32>
    return %12 : tensor<3x6x6x6xf32>
  }
  func.func private @_where_2(%arg0: tensor<i1>, %arg1: tensor<6xf32>, %arg2: tensor<6xf32>) -> tensor<6xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %1 = stablehlo.select %arg0, %arg2, %0 : tensor<i1>, tensor<6xf32>
    return %1 : tensor<6xf32>
  }
}
