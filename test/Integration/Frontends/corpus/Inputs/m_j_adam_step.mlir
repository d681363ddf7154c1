// m_j_adam_step: JAX 0.10.2 export (jax.jit keep_unused=True, lower().as_text()) by python/corpus/export.py; do not edit.
module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<7x13xf32>, %arg1: tensor<13xf32>, %arg2: tensor<13x3xf32>, %arg3: tensor<3xf32>, %arg4: tensor<7x13xf32>, %arg5: tensor<13xf32>, %arg6: tensor<13x3xf32>, %arg7: tensor<3xf32>, %arg8: tensor<7x13xf32>, %arg9: tensor<13xf32>, %arg10: tensor<13x3xf32>, %arg11: tensor<3xf32>, %arg12: tensor<f32>, %arg13: tensor<6x7xf32>, %arg14: tensor<6x3xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<7x13xf32> {jax.result_info = "result[1][0][0]"}, tensor<13xf32> {jax.result_info = "result[1][0][1]"}, tensor<13x3xf32> {jax.result_info = "result[1][1][0]"}, tensor<3xf32> {jax.result_info = "result[1][1][1]"}, tensor<7x13xf32> {jax.result_info = "result[2][0][0]"}, tensor<13xf32> {jax.result_info = "result[2][0][1]"}, tensor<13x3xf32> {jax.result_info = "result[2][1][0]"}, tensor<3xf32> {jax.result_info = "result[2][1][1]"}, tensor<7x13xf32> {jax.result_info = "result[3][0][0]"}, tensor<13xf32> {jax.result_info = "result[3][0][1]"}, tensor<13x3xf32> {jax.result_info = "result[3][1][0]"}, tensor<3xf32> {jax.result_info = "result[3][1][1]"}, tensor<f32> {jax.result_info = "result[4]"}) {
    %0 = stablehlo.dot_general %arg13, %arg0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x7xf32>, tensor<7x13xf32>) -> tensor<6x13xf32>
    %1 = stablehlo.broadcast_in_dim %arg1, dims = [1] : (tensor<13xf32>) -> tensor<1x13xf32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [0, 1] : (tensor<1x13xf32>) -> tensor<6x13xf32>
    %3 = stablehlo.add %0, %2 : tensor<6x13xf32>
    %4 = call @relu(%3) : (tensor<6x13xf32>) -> tensor<6x13xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %5 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x13xf32>
    %6 = stablehlo.compare GT, %3, %5, FLOAT : (tensor<6x13xf32>, tensor<6x13xf32>) -> tensor<6x13xi1>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<6x13xf32>
    %8 = stablehlo.dot_general %4, %arg2, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x13xf32>, tensor<13x3xf32>) -> tensor<6x3xf32>
    %9 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<3xf32>) -> tensor<1x3xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<1x3xf32>) -> tensor<6x3xf32>
    %11 = stablehlo.add %8, %10 : tensor<6x3xf32>
    %12:3 = call @log_softmax(%11) : (tensor<6x3xf32>) -> (tensor<6x3xf32>, tensor<6x3xf32>, tensor<6x1xf32>)
    %13 = stablehlo.multiply %12#0, %arg14 : tensor<6x3xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %14 = stablehlo.reduce(%13 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<6x3xf32>, tensor<f32>) -> tensor<6xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %15 = stablehlo.reduce(%14 init: %cst_2) applies stablehlo.add across dimensions = [0] : (tensor<6xf32>, tensor<f32>) -> tensor<f32>
    %cst_3 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %16 = stablehlo.divide %15, %cst_3 : tensor<f32>
    %17 = stablehlo.negate %16 : tensor<f32>
    %cst_4 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %18 = stablehlo.negate %cst_4 : tensor<f32>
    %cst_5 = stablehlo.constant dense<6.000000e+00> : tensor<f32>
    %19 = stablehlo.divide %18, %cst_5 : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %19, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %21 = stablehlo.broadcast_in_dim %20, dims = [0] : (tensor<6xf32>) -> tensor<6x3xf32>
    %22 = stablehlo.multiply %21, %arg14 : tensor<6x3xf32>
    %23 = call @log_softmax_0(%12#1, %12#2, %22) : (tensor<6x3xf32>, tensor<6x1xf32>, tensor<6x3xf32>) -> tensor<6x3xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.reduce(%23 init: %cst_6) applies stablehlo.add across dimensions = [0] : (tensor<6x3xf32>, tensor<f32>) -> tensor<3xf32>
    %25 = stablehlo.reshape %24 : (tensor<3xf32>) -> tensor<1x3xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %26 = stablehlo.reduce(%25 init: %cst_7) applies stablehlo.add across dimensions = [0] : (tensor<1x3xf32>, tensor<f32>) -> tensor<3xf32>
    %27 = stablehlo.dot_general %23, %4, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x3xf32>, tensor<6x13xf32>) -> tensor<3x13xf32>
    %28 = stablehlo.transpose %27, dims = [1, 0] : (tensor<3x13xf32>) -> tensor<13x3xf32>
    %29 = stablehlo.dot_general %23, %arg2, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<6x3xf32>, tensor<13x3xf32>) -> tensor<6x13xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<6x13xf32>
    %31 = stablehlo.select %6, %29, %30 : tensor<6x13xi1>, tensor<6x13xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %32 = stablehlo.reduce(%31 init: %cst_9) applies stablehlo.add across dimensions = [0] : (tensor<6x13xf32>, tensor<f32>) -> tensor<13xf32>
    %33 = stablehlo.reshape %32 : (tensor<13xf32>) -> tensor<1x13xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %34 = stablehlo.reduce(%33 init: %cst_10) applies stablehlo.add across dimensions = [0] : (tensor<1x13xf32>, tensor<f32>) -> tensor<13xf32>
    %35 = stablehlo.dot_general %31, %arg13, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<6x13xf32>, tensor<6x7xf32>) -> tensor<13x7xf32>
    %36 = stablehlo.transpose %35, dims = [1, 0] : (tensor<13x7xf32>) -> tensor<7x13xf32>
    %cst_11 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %37 = stablehlo.add %arg12, %cst_11 : tensor<f32>
    %cst_12 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %38 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<7x13xf32>
    %39 = stablehlo.multiply %38, %arg4 : tensor<7x13xf32>
    %cst_13 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<7x13xf32>
    %41 = stablehlo.multiply %40, %36 : tensor<7x13xf32>
    %42 = stablehlo.add %39, %41 : tensor<7x13xf32>
    %cst_14 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %43 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<13xf32>
    %44 = stablehlo.multiply %43, %arg5 : tensor<13xf32>
    %cst_15 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %45 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<13xf32>
    %46 = stablehlo.multiply %45, %34 : tensor<13xf32>
    %47 = stablehlo.add %44, %46 : tensor<13xf32>
    %cst_16 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %48 = stablehlo.broadcast_in_dim %cst_16, dims = [] : (tensor<f32>) -> tensor<13x3xf32>
    %49 = stablehlo.multiply %48, %arg6 : tensor<13x3xf32>
    %cst_17 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<13x3xf32>
    %51 = stablehlo.multiply %50, %28 : tensor<13x3xf32>
    %52 = stablehlo.add %49, %51 : tensor<13x3xf32>
    %cst_18 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %cst_18, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %54 = stablehlo.multiply %53, %arg7 : tensor<3xf32>
    %cst_19 = stablehlo.constant dense<1.000000e-01> : tensor<f32>
    %55 = stablehlo.broadcast_in_dim %cst_19, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %56 = stablehlo.multiply %55, %26 : tensor<3xf32>
    %57 = stablehlo.add %54, %56 : tensor<3xf32>
    %cst_20 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<7x13xf32>
    %59 = stablehlo.multiply %58, %arg8 : tensor<7x13xf32>
    %cst_21 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %60 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<7x13xf32>
    %61 = stablehlo.multiply %60, %36 : tensor<7x13xf32>
    %62 = stablehlo.multiply %61, %36 : tensor<7x13xf32>
    %63 = stablehlo.add %59, %62 : tensor<7x13xf32>
    %cst_22 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %64 = stablehlo.broadcast_in_dim %cst_22, dims = [] : (tensor<f32>) -> tensor<13xf32>
    %65 = stablehlo.multiply %64, %arg9 : tensor<13xf32>
    %cst_23 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %66 = stablehlo.broadcast_in_dim %cst_23, dims = [] : (tensor<f32>) -> tensor<13xf32>
    %67 = stablehlo.multiply %66, %34 : tensor<13xf32>
    %68 = stablehlo.multiply %67, %34 : tensor<13xf32>
    %69 = stablehlo.add %65, %68 : tensor<13xf32>
    %cst_24 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %70 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<13x3xf32>
    %71 = stablehlo.multiply %70, %arg10 : tensor<13x3xf32>
    %cst_25 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %72 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<13x3xf32>
    %73 = stablehlo.multiply %72, %28 : tensor<13x3xf32>
    %74 = stablehlo.multiply %73, %28 : tensor<13x3xf32>
    %75 = stablehlo.add %71, %74 : tensor<13x3xf32>
    %cst_26 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %76 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %77 = stablehlo.multiply %76, %arg11 : tensor<3xf32>
    %cst_27 = stablehlo.constant dense<1.000000e-03> : tensor<f32>
    %78 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %79 = stablehlo.multiply %78, %26 : tensor<3xf32>
    %80 = stablehlo.multiply %79, %26 : tensor<3xf32>
    %81 = stablehlo.add %77, %80 : tensor<3xf32>
    %cst_28 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %82 = stablehlo.power %cst_28, %37 : tensor<f32>
    %cst_29 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %83 = stablehlo.subtract %cst_29, %82 : tensor<f32>
    %84 = stablehlo.broadcast_in_dim %83, dims = [] : (tensor<f32>) -> tensor<7x13xf32>
    %85 = stablehlo.divide %42, %84 : tensor<7x13xf32>
    %cst_30 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %86 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<7x13xf32>
    %87 = stablehlo.multiply %86, %85 : tensor<7x13xf32>
    %cst_31 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %88 = stablehlo.power %cst_31, %37 : tensor<f32>
    %cst_32 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %89 = stablehlo.subtract %cst_32, %88 : tensor<f32>
    %90 = stablehlo.broadcast_in_dim %89, dims = [] : (tensor<f32>) -> tensor<7x13xf32>
    %91 = stablehlo.divide %63, %90 : tensor<7x13xf32>
    %92 = stablehlo.sqrt %91 : tensor<7x13xf32>
    %cst_33 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %93 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<7x13xf32>
    %94 = stablehlo.add %92, %93 : tensor<7x13xf32>
    %95 = stablehlo.divide %87, %94 : tensor<7x13xf32>
    %96 = stablehlo.subtract %arg0, %95 : tensor<7x13xf32>
    %cst_34 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %97 = stablehlo.power %cst_34, %37 : tensor<f32>
    %cst_35 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %98 = stablehlo.subtract %cst_35, %97 : tensor<f32>
    %99 = stablehlo.broadcast_in_dim %98, dims = [] : (tensor<f32>) -> tensor<13xf32>
    %100 = stablehlo.divide %47, %99 : tensor<13xf32>
    %cst_36 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %101 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<13xf32>
    %102 = stablehlo.multiply %101, %100 : tensor<13xf32>
    %cst_37 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %103 = stablehlo.power %cst_37, %37 : tensor<f32>
    %cst_38 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %104 = stablehlo.subtract %cst_38, %103 : tensor<f32>
    %105 = stablehlo.broadcast_in_dim %104, dims = [] : (tensor<f32>) -> tensor<13xf32>
    %106 = stablehlo.divide %69, %105 : tensor<13xf32>
    %107 = stablehlo.sqrt %106 : tensor<13xf32>
    %cst_39 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %108 = stablehlo.broadcast_in_dim %cst_39, dims = [] : (tensor<f32>) -> tensor<13xf32>
    %109 = stablehlo.add %107, %108 : tensor<13xf32>
    %110 = stablehlo.divide %102, %109 : tensor<13xf32>
    %111 = stablehlo.subtract %arg1, %110 : tensor<13xf32>
    %cst_40 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %112 = stablehlo.power %cst_40, %37 : tensor<f32>
    %cst_41 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %113 = stablehlo.subtract %cst_41, %112 : tensor<f32>
    %114 = stablehlo.broadcast_in_dim %113, dims = [] : (tensor<f32>) -> tensor<13x3xf32>
    %115 = stablehlo.divide %52, %114 : tensor<13x3xf32>
    %cst_42 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %116 = stablehlo.broadcast_in_dim %cst_42, dims = [] : (tensor<f32>) -> tensor<13x3xf32>
    %117 = stablehlo.multiply %116, %115 : tensor<13x3xf32>
    %cst_43 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %118 = stablehlo.power %cst_43, %37 : tensor<f32>
    %cst_44 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %119 = stablehlo.subtract %cst_44, %118 : tensor<f32>
    %120 = stablehlo.broadcast_in_dim %119, dims = [] : (tensor<f32>) -> tensor<13x3xf32>
    %121 = stablehlo.divide %75, %120 : tensor<13x3xf32>
    %122 = stablehlo.sqrt %121 : tensor<13x3xf32>
    %cst_45 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %123 = stablehlo.broadcast_in_dim %cst_45, dims = [] : (tensor<f32>) -> tensor<13x3xf32>
    %124 = stablehlo.add %122, %123 : tensor<13x3xf32>
    %125 = stablehlo.divide %117, %124 : tensor<13x3xf32>
    %126 = stablehlo.subtract %arg2, %125 : tensor<13x3xf32>
    %cst_46 = stablehlo.constant dense<0.899999976> : tensor<f32>
    %127 = stablehlo.power %cst_46, %37 : tensor<f32>
    %cst_47 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %128 = stablehlo.subtract %cst_47, %127 : tensor<f32>
    %129 = stablehlo.broadcast_in_dim %128, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %130 = stablehlo.divide %57, %129 : tensor<3xf32>
    %cst_48 = stablehlo.constant dense<0.00999999977> : tensor<f32>
    %131 = stablehlo.broadcast_in_dim %cst_48, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %132 = stablehlo.multiply %131, %130 : tensor<3xf32>
    %cst_49 = stablehlo.constant dense<9.990000e-01> : tensor<f32>
    %133 = stablehlo.power %cst_49, %37 : tensor<f32>
    %cst_50 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %134 = stablehlo.subtract %cst_50, %133 : tensor<f32>
    %135 = stablehlo.broadcast_in_dim %134, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %136 = stablehlo.divide %81, %135 : tensor<3xf32>
    %137 = stablehlo.sqrt %136 : tensor<3xf32>
    %cst_51 = stablehlo.constant dense<9.99999993E-9> : tensor<f32>
    %138 = stablehlo.broadcast_in_dim %cst_51, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %139 = stablehlo.add %137, %138 : tensor<3xf32>
    %140 = stablehlo.divide %132, %139 : tensor<3xf32>
    %141 = stablehlo.subtract %arg3, %140 : tensor<3xf32>
    return %17, %96, %111, %126, %141, %42, %47, %52, %57, %63, %69, %75, %81, %37 : tensor<f32>, tensor<7x13xf32>, tensor<13xf32>, tensor<13x3xf32>, tensor<3xf32>, tensor<7x13xf32>, tensor<13xf32>, tensor<13x3xf32>, tensor<3xf32>, tensor<7x13xf32>, tensor<13xf32>, tensor<13x3xf32>, tensor<3xf32>, tensor<f32>
  }
  func.func private @relu(%arg0: tensor<6x13xf32>) -> tensor<6x13xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<6x13xf32>
    %1 = stablehlo.maximum %arg0, %0 : tensor<6x13xf32>
    return %1 : tensor<6x13xf32>
  }
  func.func private @log_softmax(%arg0: tensor<6x3xf32>) -> (tensor<6x3xf32>, tensor<6x3xf32>, tensor<6x1xf32>) {
    %cst = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %0 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [1] : (tensor<6x3xf32>, tensor<f32>) -> tensor<6xf32>
    %cst_0 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %1 = stablehlo.broadcast_in_dim %cst_0, dims = [] : (tensor<f32>) -> tensor<6xf32>
    %2 = stablehlo.maximum %1, %0 : tensor<6xf32>
    %3 = stablehlo.broadcast_in_dim %2, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %4 = stablehlo.broadcast_in_dim %3, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x3xf32>
    %5 = stablehlo.subtract %arg0, %4 : tensor<6x3xf32>
    %6 = stablehlo.exponential %5 : tensor<6x3xf32>
    %cst_1 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %7 = stablehlo.reduce(%6 init: %cst_1) applies stablehlo.add across dimensions = [1] : (tensor<6x3xf32>, tensor<f32>) -> tensor<6xf32>
    %8 = stablehlo.broadcast_in_dim %7, dims = [0] : (tensor<6xf32>) -> tensor<6x1xf32>
    %9 = stablehlo.log %8 : tensor<6x1xf32>
    %10 = stablehlo.broadcast_in_dim %9, dims = [0, 1] : (tensor<6x1xf32>) -> tensor<6x3xf32>
    %11 = stablehlo.subtract %5, %10 : tensor<6x3xf32>
    return %11, %6, %8 : tensor<6x3xf32>, tensor<6x3xf32>, tensor<6x1xf32>
  }
  func.func private @log_softmax_0(%arg0: tensor<6x3xf32>, %arg1: tensor<6x1xf32>, %arg2: tensor<6x3xf32>) -> tensor<6x3xf32> {
    %0 = stablehlo.negate %arg2 : tensor<6x3xf32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %1 = stablehlo.reduce(%0 init: %cst) applies stablehlo.add across dimensions = [1] : (tensor<6x3xf32>, tensor<f32>) -> tensor<6xf32>
    %2 = stablehlo.reshape %1 : (tensor<6xf32>) -> tensor<6x1xf32>
    %3 = stablehlo.divide %2, %arg1 : tensor<6x1xf32>
    %cst_0 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %4 = stablehlo.reduce(%3 init: %cst_0) applies stablehlo.add across dimensions = [1] : (tensor<6x1xf32>, tensor<f32>) -> tensor<6xf32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [0] : (tensor<6xf32>) -> tensor<6x3xf32>
    %6 = stablehlo.multiply %5, %arg0 : tensor<6x3xf32>
    %7 = stablehlo.add %arg2, %6 : tensor<6x3xf32>
    return %7 : tensor<6x3xf32>
  }
}
