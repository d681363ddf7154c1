//===- Convolution.h - Structured ops that are DNN library calls -*- C++
//-*-===//
//
// Recognizes bufferized linalg ops that a convolution library computes in
// one call: 2-D convolutions (forward, and the backward-data and
// backward-filter convolutions autodiff writes) and 2-D poolings. Shared by
// the GPU (cuDNN) and CPU (im2col + BLAS) library-call conversions, whose
// entry points take the same operands and parameters.
//
//===----------------------------------------------------------------------===//

#ifndef TOFU_ANALYSIS_CONVOLUTION_H
#define TOFU_ANALYSIS_CONVOLUTION_H

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"

#include <optional>

namespace mlir::tofu {

/// One call of tofu_rt_{gpu,cpu}_{conv2d,pool2d}_*_f32: see
/// runtime/gpu/include/tofu_runtime_gpu.h for the semantics.
struct DnnCall {
  enum Kind { ConvFwd, ConvBwdData, ConvBwdFilter, PoolFwd, PoolBwd } kind;
  /// 0: activations NCHW, filters FCHW; 1: NHWC, FHWC.
  int32_t layout = 0;
  /// Poolings: TOFU_RT_POOL_MAX (0) or TOFU_RT_POOL_SUM (1).
  int32_t mode = 0;
  /// Memrefs, in the entry point's order.
  SmallVector<Value> operands;
  /// Window (poolings only), strides, pads, dilations; two values each.
  SmallVector<int64_t> params;

  bool isPooling() const { return kind == PoolFwd || kind == PoolBwd; }
  /// "conv2d_fwd_f32", ...: the entry point is tofu_rt_<device>_<suffix>.
  StringRef entryPointSuffix() const;
};

/// Convolutions: linalg.conv_2d_nchw_fchw / conv_2d_nhwc_fhwc, generics of
/// their form (a 7-loop multiply-accumulate with window indices
/// oh * s + kh * d), the scatter-form backward-data and the backward-filter
/// convolutions of LinalgGradients.cpp, and the gather-form backward-data
/// convolution of ConvGradients.cpp; static f32 shapes, every index in
/// bounds. Activations may have any positive strides; filters must be
/// packed unless `anyFilterStrides` (the callee then takes any strides,
/// including ones known only at run time).
std::optional<DnnCall> matchConvolution(linalg::LinalgOp op,
                                        bool anyFilterStrides = false);

/// Poolings: the named max and sum poolings (no dilation) and the
/// scatter-form gradient of a sum pooling, dx[n,c,oh*s+kh,..] += dy.
std::optional<DnnCall> matchPooling(linalg::LinalgOp op);

} // namespace mlir::tofu

#endif // TOFU_ANALYSIS_CONVOLUTION_H
