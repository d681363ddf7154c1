// One static-shape instance of linalg ops of MLIR 22, one function per op
// (named after it), for --tofu-coverage and the differential check of the
// derived TDL descriptions. linalg.index and linalg.yield appear inside
// @generic. Not here (so reported as not covered): the winograd transforms.

func.func @abs_op(%i0: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.abs ins(%i0 : tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @ceil_op(%i0: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.ceil ins(%i0 : tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @copy_op(%i0: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.copy ins(%i0 : tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @erf_op(%i0: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.erf ins(%i0 : tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @exp_op(%i0: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.exp ins(%i0 : tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @floor_op(%i0: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.floor ins(%i0 : tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @log_op(%i0: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.log ins(%i0 : tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @negf_op(%i0: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.negf ins(%i0 : tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @reciprocal_op(%i0: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.reciprocal ins(%i0 : tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @round_op(%i0: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.round ins(%i0 : tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @rsqrt_op(%i0: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.rsqrt ins(%i0 : tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @sqrt_op(%i0: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.sqrt ins(%i0 : tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @square_op(%i0: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.square ins(%i0 : tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @tanh_op(%i0: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.tanh ins(%i0 : tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @add_op(%i0: tensor<4x6xf32>, %i1: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.add ins(%i0, %i1 : tensor<4x6xf32>, tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @sub_op(%i0: tensor<4x6xf32>, %i1: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.sub ins(%i0, %i1 : tensor<4x6xf32>, tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @mul_op(%i0: tensor<4x6xf32>, %i1: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.mul ins(%i0, %i1 : tensor<4x6xf32>, tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @div_op(%i0: tensor<4x6xf32>, %i1: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.div ins(%i0, %i1 : tensor<4x6xf32>, tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @max_op(%i0: tensor<4x6xf32>, %i1: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.max ins(%i0, %i1 : tensor<4x6xf32>, tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @min_op(%i0: tensor<4x6xf32>, %i1: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.min ins(%i0, %i1 : tensor<4x6xf32>, tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @powf_op(%i0: tensor<4x6xf32>, %i1: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.powf ins(%i0, %i1 : tensor<4x6xf32>, tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @div_unsigned_op(%i0: tensor<4x6xi32>, %i1: tensor<4x6xi32>, %o: tensor<4x6xi32>) -> tensor<4x6xi32> {
  %0 = linalg.div_unsigned ins(%i0, %i1 : tensor<4x6xi32>, tensor<4x6xi32>) outs(%o : tensor<4x6xi32>) -> tensor<4x6xi32>
  return %0 : tensor<4x6xi32>
}
func.func @select_op(%i0: tensor<4x6xi1>, %i1: tensor<4x6xf32>, %i2: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.select ins(%i0, %i1, %i2 : tensor<4x6xi1>, tensor<4x6xf32>, tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @matmul_op(%i0: tensor<4x5xf32>, %i1: tensor<5x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.matmul ins(%i0, %i1 : tensor<4x5xf32>, tensor<5x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @batch_matmul_op(%i0: tensor<2x4x5xf32>, %i1: tensor<2x5x6xf32>, %o: tensor<2x4x6xf32>) -> tensor<2x4x6xf32> {
  %0 = linalg.batch_matmul ins(%i0, %i1 : tensor<2x4x5xf32>, tensor<2x5x6xf32>) outs(%o : tensor<2x4x6xf32>) -> tensor<2x4x6xf32>
  return %0 : tensor<2x4x6xf32>
}
func.func @batch_reduce_matmul_op(%i0: tensor<2x4x5xf32>, %i1: tensor<2x5x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.batch_reduce_matmul ins(%i0, %i1 : tensor<2x4x5xf32>, tensor<2x5x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @matvec_op(%i0: tensor<4x5xf32>, %i1: tensor<5xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.matvec ins(%i0, %i1 : tensor<4x5xf32>, tensor<5xf32>) outs(%o : tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func @vecmat_op(%i0: tensor<5xf32>, %i1: tensor<5x6xf32>, %o: tensor<6xf32>) -> tensor<6xf32> {
  %0 = linalg.vecmat ins(%i0, %i1 : tensor<5xf32>, tensor<5x6xf32>) outs(%o : tensor<6xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}
func.func @batch_matvec_op(%i0: tensor<2x4x5xf32>, %i1: tensor<2x5xf32>, %o: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = linalg.batch_matvec ins(%i0, %i1 : tensor<2x4x5xf32>, tensor<2x5xf32>) outs(%o : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}
func.func @batch_vecmat_op(%i0: tensor<2x5xf32>, %i1: tensor<2x5x6xf32>, %o: tensor<2x6xf32>) -> tensor<2x6xf32> {
  %0 = linalg.batch_vecmat ins(%i0, %i1 : tensor<2x5xf32>, tensor<2x5x6xf32>) outs(%o : tensor<2x6xf32>) -> tensor<2x6xf32>
  return %0 : tensor<2x6xf32>
}
func.func @dot_op(%i0: tensor<5xf32>, %i1: tensor<5xf32>, %o: tensor<f32>) -> tensor<f32> {
  %0 = linalg.dot ins(%i0, %i1 : tensor<5xf32>, tensor<5xf32>) outs(%o : tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
func.func @mmt4d_op(%i0: tensor<2x3x4x5xf32>, %i1: tensor<3x3x2x5xf32>, %o: tensor<2x3x4x2xf32>) -> tensor<2x3x4x2xf32> {
  %0 = linalg.mmt4d ins(%i0, %i1 : tensor<2x3x4x5xf32>, tensor<3x3x2x5xf32>) outs(%o : tensor<2x3x4x2xf32>) -> tensor<2x3x4x2xf32>
  return %0 : tensor<2x3x4x2xf32>
}
func.func @batch_mmt4d_op(%i0: tensor<2x2x3x4x5xf32>, %i1: tensor<2x3x3x2x5xf32>, %o: tensor<2x2x3x4x2xf32>) -> tensor<2x2x3x4x2xf32> {
  %0 = linalg.batch_mmt4d ins(%i0, %i1 : tensor<2x2x3x4x5xf32>, tensor<2x3x3x2x5xf32>) outs(%o : tensor<2x2x3x4x2xf32>) -> tensor<2x2x3x4x2xf32>
  return %0 : tensor<2x2x3x4x2xf32>
}
func.func @quantized_matmul_op(%i0: tensor<4x5xi8>, %i1: tensor<5x6xi8>, %i2: i32, %i3: i32, %o: tensor<4x6xi32>) -> tensor<4x6xi32> {
  %0 = linalg.quantized_matmul ins(%i0, %i1, %i2, %i3 : tensor<4x5xi8>, tensor<5x6xi8>, i32, i32) outs(%o : tensor<4x6xi32>) -> tensor<4x6xi32>
  return %0 : tensor<4x6xi32>
}
func.func @quantized_batch_matmul_op(%i0: tensor<2x4x5xi8>, %i1: tensor<2x5x6xi8>, %i2: i32, %i3: i32, %o: tensor<2x4x6xi32>) -> tensor<2x4x6xi32> {
  %0 = linalg.quantized_batch_matmul ins(%i0, %i1, %i2, %i3 : tensor<2x4x5xi8>, tensor<2x5x6xi8>, i32, i32) outs(%o : tensor<2x4x6xi32>) -> tensor<2x4x6xi32>
  return %0 : tensor<2x4x6xi32>
}
func.func @contract_op(%i0: tensor<4x5xf32>, %i1: tensor<5x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.contract indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] ins(%i0, %i1 : tensor<4x5xf32>, tensor<5x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @conv_1d_op(%i0: tensor<8xf32>, %i1: tensor<3xf32>, %o: tensor<6xf32>) -> tensor<6xf32> {
  %0 = linalg.conv_1d ins(%i0, %i1 : tensor<8xf32>, tensor<3xf32>) outs(%o : tensor<6xf32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}
func.func @conv_2d_op(%i0: tensor<8x8xf32>, %i1: tensor<3x3xf32>, %o: tensor<6x6xf32>) -> tensor<6x6xf32> {
  %0 = linalg.conv_2d ins(%i0, %i1 : tensor<8x8xf32>, tensor<3x3xf32>) outs(%o : tensor<6x6xf32>) -> tensor<6x6xf32>
  return %0 : tensor<6x6xf32>
}
func.func @conv_3d_op(%i0: tensor<6x6x6xf32>, %i1: tensor<3x3x3xf32>, %o: tensor<4x4x4xf32>) -> tensor<4x4x4xf32> {
  %0 = linalg.conv_3d ins(%i0, %i1 : tensor<6x6x6xf32>, tensor<3x3x3xf32>) outs(%o : tensor<4x4x4xf32>) -> tensor<4x4x4xf32>
  return %0 : tensor<4x4x4xf32>
}
func.func @conv_1d_nwc_wcf_op(%i0: tensor<2x8x3xf32>, %i1: tensor<3x3x4xf32>, %o: tensor<2x6x4xf32>) -> tensor<2x6x4xf32> {
  %0 = linalg.conv_1d_nwc_wcf ins(%i0, %i1 : tensor<2x8x3xf32>, tensor<3x3x4xf32>) outs(%o : tensor<2x6x4xf32>) -> tensor<2x6x4xf32>
  return %0 : tensor<2x6x4xf32>
}
func.func @conv_1d_ncw_fcw_op(%i0: tensor<2x3x8xf32>, %i1: tensor<4x3x3xf32>, %o: tensor<2x4x6xf32>) -> tensor<2x4x6xf32> {
  %0 = linalg.conv_1d_ncw_fcw ins(%i0, %i1 : tensor<2x3x8xf32>, tensor<4x3x3xf32>) outs(%o : tensor<2x4x6xf32>) -> tensor<2x4x6xf32>
  return %0 : tensor<2x4x6xf32>
}
func.func @conv_2d_nhwc_hwcf_op(%i0: tensor<2x6x6x3xf32>, %i1: tensor<3x3x3x4xf32>, %o: tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32> {
  %0 = linalg.conv_2d_nhwc_hwcf ins(%i0, %i1 : tensor<2x6x6x3xf32>, tensor<3x3x3x4xf32>) outs(%o : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  return %0 : tensor<2x4x4x4xf32>
}
func.func @conv_2d_nhwc_hwcf_q_op(%i0: tensor<2x6x6x3xi8>, %i1: tensor<3x3x3x4xi8>, %i2: i32, %i3: i32, %o: tensor<2x4x4x4xi32>) -> tensor<2x4x4x4xi32> {
  %0 = linalg.conv_2d_nhwc_hwcf_q ins(%i0, %i1, %i2, %i3 : tensor<2x6x6x3xi8>, tensor<3x3x3x4xi8>, i32, i32) outs(%o : tensor<2x4x4x4xi32>) -> tensor<2x4x4x4xi32>
  return %0 : tensor<2x4x4x4xi32>
}
func.func @conv_2d_nhwc_fhwc_op(%i0: tensor<2x6x6x3xf32>, %i1: tensor<4x3x3x3xf32>, %o: tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32> {
  %0 = linalg.conv_2d_nhwc_fhwc ins(%i0, %i1 : tensor<2x6x6x3xf32>, tensor<4x3x3x3xf32>) outs(%o : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  return %0 : tensor<2x4x4x4xf32>
}
func.func @conv_2d_nhwc_fhwc_q_op(%i0: tensor<2x6x6x3xi8>, %i1: tensor<4x3x3x3xi8>, %i2: i32, %i3: i32, %o: tensor<2x4x4x4xi32>) -> tensor<2x4x4x4xi32> {
  %0 = linalg.conv_2d_nhwc_fhwc_q ins(%i0, %i1, %i2, %i3 : tensor<2x6x6x3xi8>, tensor<4x3x3x3xi8>, i32, i32) outs(%o : tensor<2x4x4x4xi32>) -> tensor<2x4x4x4xi32>
  return %0 : tensor<2x4x4x4xi32>
}
func.func @conv_2d_nchw_fchw_op(%i0: tensor<2x3x6x6xf32>, %i1: tensor<4x3x3x3xf32>, %o: tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32> {
  %0 = linalg.conv_2d_nchw_fchw ins(%i0, %i1 : tensor<2x3x6x6xf32>, tensor<4x3x3x3xf32>) outs(%o : tensor<2x4x4x4xf32>) -> tensor<2x4x4x4xf32>
  return %0 : tensor<2x4x4x4xf32>
}
func.func @conv_2d_nchw_fchw_q_op(%i0: tensor<2x3x6x6xi8>, %i1: tensor<4x3x3x3xi8>, %i2: i32, %i3: i32, %o: tensor<2x4x4x4xi32>) -> tensor<2x4x4x4xi32> {
  %0 = linalg.conv_2d_nchw_fchw_q ins(%i0, %i1, %i2, %i3 : tensor<2x3x6x6xi8>, tensor<4x3x3x3xi8>, i32, i32) outs(%o : tensor<2x4x4x4xi32>) -> tensor<2x4x4x4xi32>
  return %0 : tensor<2x4x4x4xi32>
}
func.func @conv_2d_ngchw_fgchw_op(%i0: tensor<2x2x3x6x6xf32>, %i1: tensor<4x2x3x3x3xf32>, %o: tensor<2x2x4x4x4xf32>) -> tensor<2x2x4x4x4xf32> {
  %0 = linalg.conv_2d_ngchw_fgchw ins(%i0, %i1 : tensor<2x2x3x6x6xf32>, tensor<4x2x3x3x3xf32>) outs(%o : tensor<2x2x4x4x4xf32>) -> tensor<2x2x4x4x4xf32>
  return %0 : tensor<2x2x4x4x4xf32>
}
func.func @conv_2d_ngchw_gfchw_op(%i0: tensor<2x2x3x6x6xf32>, %i1: tensor<2x4x3x3x3xf32>, %o: tensor<2x2x4x4x4xf32>) -> tensor<2x2x4x4x4xf32> {
  %0 = linalg.conv_2d_ngchw_gfchw ins(%i0, %i1 : tensor<2x2x3x6x6xf32>, tensor<2x4x3x3x3xf32>) outs(%o : tensor<2x2x4x4x4xf32>) -> tensor<2x2x4x4x4xf32>
  return %0 : tensor<2x2x4x4x4xf32>
}
func.func @conv_2d_ngchw_gfchw_q_op(%i0: tensor<2x2x3x6x6xi8>, %i1: tensor<2x4x3x3x3xi8>, %i2: i32, %i3: i32, %o: tensor<2x2x4x4x4xi32>) -> tensor<2x2x4x4x4xi32> {
  %0 = linalg.conv_2d_ngchw_gfchw_q ins(%i0, %i1, %i2, %i3 : tensor<2x2x3x6x6xi8>, tensor<2x4x3x3x3xi8>, i32, i32) outs(%o : tensor<2x2x4x4x4xi32>) -> tensor<2x2x4x4x4xi32>
  return %0 : tensor<2x2x4x4x4xi32>
}
func.func @conv_2d_nhwgc_gfhwc_op(%i0: tensor<2x6x6x2x3xf32>, %i1: tensor<2x4x3x3x3xf32>, %o: tensor<2x4x4x2x4xf32>) -> tensor<2x4x4x2x4xf32> {
  %0 = linalg.conv_2d_nhwgc_gfhwc ins(%i0, %i1 : tensor<2x6x6x2x3xf32>, tensor<2x4x3x3x3xf32>) outs(%o : tensor<2x4x4x2x4xf32>) -> tensor<2x4x4x2x4xf32>
  return %0 : tensor<2x4x4x2x4xf32>
}
func.func @conv_2d_nhwgc_gfhwc_q_op(%i0: tensor<2x6x6x2x3xi8>, %i1: tensor<2x4x3x3x3xi8>, %i2: i32, %i3: i32, %o: tensor<2x4x4x2x4xi32>) -> tensor<2x4x4x2x4xi32> {
  %0 = linalg.conv_2d_nhwgc_gfhwc_q ins(%i0, %i1, %i2, %i3 : tensor<2x6x6x2x3xi8>, tensor<2x4x3x3x3xi8>, i32, i32) outs(%o : tensor<2x4x4x2x4xi32>) -> tensor<2x4x4x2x4xi32>
  return %0 : tensor<2x4x4x2x4xi32>
}
func.func @conv_3d_ndhwc_dhwcf_op(%i0: tensor<1x5x5x5x2xf32>, %i1: tensor<3x3x3x2x3xf32>, %o: tensor<1x3x3x3x3xf32>) -> tensor<1x3x3x3x3xf32> {
  %0 = linalg.conv_3d_ndhwc_dhwcf ins(%i0, %i1 : tensor<1x5x5x5x2xf32>, tensor<3x3x3x2x3xf32>) outs(%o : tensor<1x3x3x3x3xf32>) -> tensor<1x3x3x3x3xf32>
  return %0 : tensor<1x3x3x3x3xf32>
}
func.func @conv_3d_ndhwc_dhwcf_q_op(%i0: tensor<1x5x5x5x2xi8>, %i1: tensor<3x3x3x2x3xi8>, %i2: i32, %i3: i32, %o: tensor<1x3x3x3x3xi32>) -> tensor<1x3x3x3x3xi32> {
  %0 = linalg.conv_3d_ndhwc_dhwcf_q ins(%i0, %i1, %i2, %i3 : tensor<1x5x5x5x2xi8>, tensor<3x3x3x2x3xi8>, i32, i32) outs(%o : tensor<1x3x3x3x3xi32>) -> tensor<1x3x3x3x3xi32>
  return %0 : tensor<1x3x3x3x3xi32>
}
func.func @conv_3d_ncdhw_fcdhw_op(%i0: tensor<1x2x5x5x5xf32>, %i1: tensor<3x2x3x3x3xf32>, %o: tensor<1x3x3x3x3xf32>) -> tensor<1x3x3x3x3xf32> {
  %0 = linalg.conv_3d_ncdhw_fcdhw ins(%i0, %i1 : tensor<1x2x5x5x5xf32>, tensor<3x2x3x3x3xf32>) outs(%o : tensor<1x3x3x3x3xf32>) -> tensor<1x3x3x3x3xf32>
  return %0 : tensor<1x3x3x3x3xf32>
}
func.func @depthwise_conv_1d_nwc_wc_op(%i0: tensor<2x8x3xf32>, %i1: tensor<3x3xf32>, %o: tensor<2x6x3xf32>) -> tensor<2x6x3xf32> {
  %0 = linalg.depthwise_conv_1d_nwc_wc ins(%i0, %i1 : tensor<2x8x3xf32>, tensor<3x3xf32>) outs(%o : tensor<2x6x3xf32>) -> tensor<2x6x3xf32>
  return %0 : tensor<2x6x3xf32>
}
func.func @depthwise_conv_1d_ncw_cw_op(%i0: tensor<2x3x8xf32>, %i1: tensor<3x3xf32>, %o: tensor<2x3x6xf32>) -> tensor<2x3x6xf32> {
  %0 = linalg.depthwise_conv_1d_ncw_cw ins(%i0, %i1 : tensor<2x3x8xf32>, tensor<3x3xf32>) outs(%o : tensor<2x3x6xf32>) -> tensor<2x3x6xf32>
  return %0 : tensor<2x3x6xf32>
}
func.func @depthwise_conv_1d_nwc_wcm_op(%i0: tensor<2x8x3xf32>, %i1: tensor<3x3x2xf32>, %o: tensor<2x6x3x2xf32>) -> tensor<2x6x3x2xf32> {
  %0 = linalg.depthwise_conv_1d_nwc_wcm ins(%i0, %i1 : tensor<2x8x3xf32>, tensor<3x3x2xf32>) outs(%o : tensor<2x6x3x2xf32>) -> tensor<2x6x3x2xf32>
  return %0 : tensor<2x6x3x2xf32>
}
func.func @depthwise_conv_2d_nhwc_hwc_op(%i0: tensor<2x6x6x3xf32>, %i1: tensor<3x3x3xf32>, %o: tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc ins(%i0, %i1 : tensor<2x6x6x3xf32>, tensor<3x3x3xf32>) outs(%o : tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32>
  return %0 : tensor<2x4x4x3xf32>
}
func.func @depthwise_conv_2d_nhwc_hwc_q_op(%i0: tensor<2x6x6x3xi8>, %i1: tensor<3x3x3xi8>, %i2: i32, %i3: i32, %o: tensor<2x4x4x3xi32>) -> tensor<2x4x4x3xi32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwc_q ins(%i0, %i1, %i2, %i3 : tensor<2x6x6x3xi8>, tensor<3x3x3xi8>, i32, i32) outs(%o : tensor<2x4x4x3xi32>) -> tensor<2x4x4x3xi32>
  return %0 : tensor<2x4x4x3xi32>
}
func.func @depthwise_conv_2d_nchw_chw_op(%i0: tensor<2x3x6x6xf32>, %i1: tensor<3x3x3xf32>, %o: tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32> {
  %0 = linalg.depthwise_conv_2d_nchw_chw ins(%i0, %i1 : tensor<2x3x6x6xf32>, tensor<3x3x3xf32>) outs(%o : tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  return %0 : tensor<2x3x4x4xf32>
}
func.func @depthwise_conv_2d_nhwc_hwcm_op(%i0: tensor<2x6x6x3xf32>, %i1: tensor<3x3x3x2xf32>, %o: tensor<2x4x4x3x2xf32>) -> tensor<2x4x4x3x2xf32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwcm ins(%i0, %i1 : tensor<2x6x6x3xf32>, tensor<3x3x3x2xf32>) outs(%o : tensor<2x4x4x3x2xf32>) -> tensor<2x4x4x3x2xf32>
  return %0 : tensor<2x4x4x3x2xf32>
}
func.func @depthwise_conv_2d_nhwc_hwcm_q_op(%i0: tensor<2x6x6x3xi8>, %i1: tensor<3x3x3x2xi8>, %i2: i32, %i3: i32, %o: tensor<2x4x4x3x2xi32>) -> tensor<2x4x4x3x2xi32> {
  %0 = linalg.depthwise_conv_2d_nhwc_hwcm_q ins(%i0, %i1, %i2, %i3 : tensor<2x6x6x3xi8>, tensor<3x3x3x2xi8>, i32, i32) outs(%o : tensor<2x4x4x3x2xi32>) -> tensor<2x4x4x3x2xi32>
  return %0 : tensor<2x4x4x3x2xi32>
}
func.func @depthwise_conv_3d_ndhwc_dhwc_op(%i0: tensor<1x5x5x5x2xf32>, %i1: tensor<3x3x3x2xf32>, %o: tensor<1x3x3x3x2xf32>) -> tensor<1x3x3x3x2xf32> {
  %0 = linalg.depthwise_conv_3d_ndhwc_dhwc ins(%i0, %i1 : tensor<1x5x5x5x2xf32>, tensor<3x3x3x2xf32>) outs(%o : tensor<1x3x3x3x2xf32>) -> tensor<1x3x3x3x2xf32>
  return %0 : tensor<1x3x3x3x2xf32>
}
func.func @depthwise_conv_3d_ncdhw_cdhw_op(%i0: tensor<1x2x5x5x5xf32>, %i1: tensor<2x3x3x3xf32>, %o: tensor<1x2x3x3x3xf32>) -> tensor<1x2x3x3x3xf32> {
  %0 = linalg.depthwise_conv_3d_ncdhw_cdhw ins(%i0, %i1 : tensor<1x2x5x5x5xf32>, tensor<2x3x3x3xf32>) outs(%o : tensor<1x2x3x3x3xf32>) -> tensor<1x2x3x3x3xf32>
  return %0 : tensor<1x2x3x3x3xf32>
}
func.func @depthwise_conv_3d_ndhwc_dhwcm_op(%i0: tensor<1x5x5x5x2xf32>, %i1: tensor<3x3x3x2x2xf32>, %o: tensor<1x3x3x3x2x2xf32>) -> tensor<1x3x3x3x2x2xf32> {
  %0 = linalg.depthwise_conv_3d_ndhwc_dhwcm ins(%i0, %i1 : tensor<1x5x5x5x2xf32>, tensor<3x3x3x2x2xf32>) outs(%o : tensor<1x3x3x3x2x2xf32>) -> tensor<1x3x3x3x2x2xf32>
  return %0 : tensor<1x3x3x3x2x2xf32>
}
func.func @pooling_nhwc_sum_op(%i0: tensor<2x6x6x3xf32>, %i1: tensor<3x3xf32>, %o: tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32> {
  %0 = linalg.pooling_nhwc_sum ins(%i0, %i1 : tensor<2x6x6x3xf32>, tensor<3x3xf32>) outs(%o : tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32>
  return %0 : tensor<2x4x4x3xf32>
}
func.func @pooling_nwc_sum_op(%i0: tensor<2x8x3xf32>, %i1: tensor<3xf32>, %o: tensor<2x6x3xf32>) -> tensor<2x6x3xf32> {
  %0 = linalg.pooling_nwc_sum ins(%i0, %i1 : tensor<2x8x3xf32>, tensor<3xf32>) outs(%o : tensor<2x6x3xf32>) -> tensor<2x6x3xf32>
  return %0 : tensor<2x6x3xf32>
}
func.func @pooling_nhwc_max_op(%i0: tensor<2x6x6x3xf32>, %i1: tensor<3x3xf32>, %o: tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32> {
  %0 = linalg.pooling_nhwc_max ins(%i0, %i1 : tensor<2x6x6x3xf32>, tensor<3x3xf32>) outs(%o : tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32>
  return %0 : tensor<2x4x4x3xf32>
}
func.func @pooling_nwc_max_op(%i0: tensor<2x8x3xf32>, %i1: tensor<3xf32>, %o: tensor<2x6x3xf32>) -> tensor<2x6x3xf32> {
  %0 = linalg.pooling_nwc_max ins(%i0, %i1 : tensor<2x8x3xf32>, tensor<3xf32>) outs(%o : tensor<2x6x3xf32>) -> tensor<2x6x3xf32>
  return %0 : tensor<2x6x3xf32>
}
func.func @pooling_nhwc_min_op(%i0: tensor<2x6x6x3xf32>, %i1: tensor<3x3xf32>, %o: tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32> {
  %0 = linalg.pooling_nhwc_min ins(%i0, %i1 : tensor<2x6x6x3xf32>, tensor<3x3xf32>) outs(%o : tensor<2x4x4x3xf32>) -> tensor<2x4x4x3xf32>
  return %0 : tensor<2x4x4x3xf32>
}
func.func @pooling_nwc_min_op(%i0: tensor<2x8x3xf32>, %i1: tensor<3xf32>, %o: tensor<2x6x3xf32>) -> tensor<2x6x3xf32> {
  %0 = linalg.pooling_nwc_min ins(%i0, %i1 : tensor<2x8x3xf32>, tensor<3xf32>) outs(%o : tensor<2x6x3xf32>) -> tensor<2x6x3xf32>
  return %0 : tensor<2x6x3xf32>
}
func.func @pooling_nhwc_max_unsigned_op(%i0: tensor<2x6x6x3xi32>, %i1: tensor<3x3xi32>, %o: tensor<2x4x4x3xi32>) -> tensor<2x4x4x3xi32> {
  %0 = linalg.pooling_nhwc_max_unsigned ins(%i0, %i1 : tensor<2x6x6x3xi32>, tensor<3x3xi32>) outs(%o : tensor<2x4x4x3xi32>) -> tensor<2x4x4x3xi32>
  return %0 : tensor<2x4x4x3xi32>
}
func.func @pooling_nwc_max_unsigned_op(%i0: tensor<2x8x3xi32>, %i1: tensor<3xi32>, %o: tensor<2x6x3xi32>) -> tensor<2x6x3xi32> {
  %0 = linalg.pooling_nwc_max_unsigned ins(%i0, %i1 : tensor<2x8x3xi32>, tensor<3xi32>) outs(%o : tensor<2x6x3xi32>) -> tensor<2x6x3xi32>
  return %0 : tensor<2x6x3xi32>
}
func.func @pooling_nhwc_min_unsigned_op(%i0: tensor<2x6x6x3xi32>, %i1: tensor<3x3xi32>, %o: tensor<2x4x4x3xi32>) -> tensor<2x4x4x3xi32> {
  %0 = linalg.pooling_nhwc_min_unsigned ins(%i0, %i1 : tensor<2x6x6x3xi32>, tensor<3x3xi32>) outs(%o : tensor<2x4x4x3xi32>) -> tensor<2x4x4x3xi32>
  return %0 : tensor<2x4x4x3xi32>
}
func.func @pooling_nwc_min_unsigned_op(%i0: tensor<2x8x3xi32>, %i1: tensor<3xi32>, %o: tensor<2x6x3xi32>) -> tensor<2x6x3xi32> {
  %0 = linalg.pooling_nwc_min_unsigned ins(%i0, %i1 : tensor<2x8x3xi32>, tensor<3xi32>) outs(%o : tensor<2x6x3xi32>) -> tensor<2x6x3xi32>
  return %0 : tensor<2x6x3xi32>
}
func.func @pooling_nchw_sum_op(%i0: tensor<2x3x6x6xf32>, %i1: tensor<3x3xf32>, %o: tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32> {
  %0 = linalg.pooling_nchw_sum ins(%i0, %i1 : tensor<2x3x6x6xf32>, tensor<3x3xf32>) outs(%o : tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  return %0 : tensor<2x3x4x4xf32>
}
func.func @pooling_ncw_sum_op(%i0: tensor<2x3x8xf32>, %i1: tensor<3xf32>, %o: tensor<2x3x6xf32>) -> tensor<2x3x6xf32> {
  %0 = linalg.pooling_ncw_sum ins(%i0, %i1 : tensor<2x3x8xf32>, tensor<3xf32>) outs(%o : tensor<2x3x6xf32>) -> tensor<2x3x6xf32>
  return %0 : tensor<2x3x6xf32>
}
func.func @pooling_nchw_max_op(%i0: tensor<2x3x6x6xf32>, %i1: tensor<3x3xf32>, %o: tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32> {
  %0 = linalg.pooling_nchw_max ins(%i0, %i1 : tensor<2x3x6x6xf32>, tensor<3x3xf32>) outs(%o : tensor<2x3x4x4xf32>) -> tensor<2x3x4x4xf32>
  return %0 : tensor<2x3x4x4xf32>
}
func.func @pooling_ncw_max_op(%i0: tensor<2x3x8xf32>, %i1: tensor<3xf32>, %o: tensor<2x3x6xf32>) -> tensor<2x3x6xf32> {
  %0 = linalg.pooling_ncw_max ins(%i0, %i1 : tensor<2x3x8xf32>, tensor<3xf32>) outs(%o : tensor<2x3x6xf32>) -> tensor<2x3x6xf32>
  return %0 : tensor<2x3x6xf32>
}
func.func @pooling_ndhwc_sum_op(%i0: tensor<1x5x5x5x2xf32>, %i1: tensor<3x3x3xf32>, %o: tensor<1x3x3x3x2xf32>) -> tensor<1x3x3x3x2xf32> {
  %0 = linalg.pooling_ndhwc_sum ins(%i0, %i1 : tensor<1x5x5x5x2xf32>, tensor<3x3x3xf32>) outs(%o : tensor<1x3x3x3x2xf32>) -> tensor<1x3x3x3x2xf32>
  return %0 : tensor<1x3x3x3x2xf32>
}
func.func @pooling_ndhwc_max_op(%i0: tensor<1x5x5x5x2xf32>, %i1: tensor<3x3x3xf32>, %o: tensor<1x3x3x3x2xf32>) -> tensor<1x3x3x3x2xf32> {
  %0 = linalg.pooling_ndhwc_max ins(%i0, %i1 : tensor<1x5x5x5x2xf32>, tensor<3x3x3xf32>) outs(%o : tensor<1x3x3x3x2xf32>) -> tensor<1x3x3x3x2xf32>
  return %0 : tensor<1x3x3x3x2xf32>
}
func.func @pooling_ndhwc_min_op(%i0: tensor<1x5x5x5x2xf32>, %i1: tensor<3x3x3xf32>, %o: tensor<1x3x3x3x2xf32>) -> tensor<1x3x3x3x2xf32> {
  %0 = linalg.pooling_ndhwc_min ins(%i0, %i1 : tensor<1x5x5x5x2xf32>, tensor<3x3x3xf32>) outs(%o : tensor<1x3x3x3x2xf32>) -> tensor<1x3x3x3x2xf32>
  return %0 : tensor<1x3x3x3x2xf32>
}
func.func @fill_op(%i0: f32, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.fill ins(%i0 : f32) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @fill_rng_2d_op(%i0: f64, %i1: f64, %i2: i32, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.fill_rng_2d ins(%i0, %i1, %i2 : f64, f64, i32) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @elementwise_op(%i0: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%i0 : tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @softmax_op(%i0: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.softmax dimension(1) ins(%i0 : tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @generic_op(%a: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%a : tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) {
  ^bb0(%x: f32, %y: f32):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i32
    %jf = arith.sitofp %ji : i32 to f32
    %r = arith.addf %x, %jf : f32
    linalg.yield %r : f32
  } -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
func.func @map_op(%a: tensor<4x6xf32>, %b: tensor<4x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.map { arith.addf } ins(%a, %b : tensor<4x6xf32>, tensor<4x6xf32>) outs(%o : tensor<4x6xf32>)
  return %0 : tensor<4x6xf32>
}
func.func @reduce_op(%a: tensor<4x6xf32>, %o: tensor<4xf32>) -> tensor<4xf32> {
  %0 = linalg.reduce { arith.addf } ins(%a : tensor<4x6xf32>) outs(%o : tensor<4xf32>) dimensions = [1]
  return %0 : tensor<4xf32>
}
func.func @transpose_op(%a: tensor<4x6xf32>, %o: tensor<6x4xf32>) -> tensor<6x4xf32> {
  %0 = linalg.transpose ins(%a : tensor<4x6xf32>) outs(%o : tensor<6x4xf32>) permutation = [1, 0]
  return %0 : tensor<6x4xf32>
}
func.func @broadcast_op(%a: tensor<6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.broadcast ins(%a : tensor<6xf32>) outs(%o : tensor<4x6xf32>) dimensions = [0]
  return %0 : tensor<4x6xf32>
}
func.func @pack_op(%a: tensor<4x6xf32>, %o: tensor<2x3x2x2xf32>) -> tensor<2x3x2x2xf32> {
  %0 = linalg.pack %a inner_dims_pos = [0, 1] inner_tiles = [2, 2] into %o : tensor<4x6xf32> -> tensor<2x3x2x2xf32>
  return %0 : tensor<2x3x2x2xf32>
}
func.func @unpack_op(%a: tensor<2x3x2x2xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
  %0 = linalg.unpack %a inner_dims_pos = [0, 1] inner_tiles = [2, 2] into %o : tensor<2x3x2x2xf32> -> tensor<4x6xf32>
  return %0 : tensor<4x6xf32>
}
