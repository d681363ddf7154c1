//===- ConvolutionsTest.cpp -----------------------------------------------===//
// The im2col + OpenBLAS convolutions and the poolings of libtofu_runtime
// (tofu_rt_cpu_conv2d_{fwd,bwd_data,bwd_filter}_f32,
// tofu_rt_cpu_pool2d_{fwd,bwd}_f32) against double-precision loops written
// from the semantics of tofu_runtime.h: both layouts, strides, pads,
// dilations, operands with padded (non-packed) strides, accumulation into
// non-zero outputs, and the argument errors.
//
// Usage: tofu-runtime-convolutions-test; prints one line, exit status 0 iff
// every check passed.
//
//===----------------------------------------------------------------------===//

#include "tofu_rank_sanitizer_options.h"
#include "tofu_runtime.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

namespace {

struct View {
  float *allocated, *aligned;
  int64_t offset;
  int64_t sizesAndStrides[8];
};

// A logical N,C,H,W (or F,C,R,S) tensor stored in `layout` (0: as is, 1:
// N,H,W,C), with `pad` unused elements after each innermost run.
struct Tensor {
  std::vector<float> storage;
  int64_t size[4];   // logical
  int64_t stride[4]; // logical
  int layout;
  float &at(int64_t a, int64_t b, int64_t c, int64_t d) {
    return storage[a * stride[0] + b * stride[1] + c * stride[2] +
                   d * stride[3]];
  }
  View view() {
    // Memref dim i holds logical dim perm[layout][i] (NHWC: N, H, W, C).
    static const int perm[2][4] = {{0, 1, 2, 3}, {0, 2, 3, 1}};
    View v{storage.data(), storage.data(), 0, {}};
    for (int i = 0; i < 4; ++i) {
      v.sizesAndStrides[i] = size[perm[layout][i]];
      v.sizesAndStrides[4 + i] = stride[perm[layout][i]];
    }
    return v;
  }
};

Tensor make(int64_t a, int64_t b, int64_t c, int64_t d, int layout, int64_t pad,
            unsigned seed) {
  Tensor t{{}, {a, b, c, d}, {}, layout};
  // Memory order of the logical dims: layout 0 a,b,c,d; layout 1 a,c,d,b.
  int order[2][4] = {{0, 1, 2, 3}, {0, 2, 3, 1}};
  int64_t s = 1;
  for (int i = 3; i >= 0; --i) {
    int dim = order[layout][i];
    t.stride[dim] = s;
    s *= t.size[dim] + (i == 3 ? pad : 0);
  }
  t.storage.assign(s, 0.0f);
  for (size_t i = 0; i < t.storage.size(); ++i) {
    seed = seed * 1103515245u + 12345u;
    t.storage[i] = float((seed >> 9) % 2001) / 1000.0f - 1.0f;
  }
  return t;
}

struct Case {
  int64_t n, c, h, w, f, r, s, sh, sw, ph, pw, dh, dw;
  int layout;
  int64_t pad;
};

int64_t outSize(int64_t in, int64_t k, int64_t s, int64_t p, int64_t d) {
  return (in + 2 * p - d * (k - 1) - 1) / s + 1;
}

int checks = 0, failures = 0;

// |got - want| within 1e-5 of the largest |want| (the GEMM sums in float).
void expectClose(const char *what, const Case &k, Tensor &got,
                 const std::vector<double> &want) {
  ++checks;
  double scale = 0, err = 0;
  for (double v : want)
    scale = std::max(scale, std::fabs(v));
  size_t i = 0;
  for (int64_t a = 0; a < got.size[0]; ++a)
    for (int64_t b = 0; b < got.size[1]; ++b)
      for (int64_t c = 0; c < got.size[2]; ++c)
        for (int64_t d = 0; d < got.size[3]; ++d, ++i)
          err = std::max(err, std::fabs(got.at(a, b, c, d) - want[i]));
  if (err > 1e-5 * std::max(scale, 1.0)) {
    ++failures;
    std::printf("FAIL %s n%lld c%lld h%lld f%lld r%lld s%lld/%lld p%lld/%lld "
                "d%lld/%lld layout %d pad %lld: error %g of %g\n",
                what, (long long)k.n, (long long)k.c, (long long)k.h,
                (long long)k.f, (long long)k.r, (long long)k.sh,
                (long long)k.sw, (long long)k.ph, (long long)k.pw,
                (long long)k.dh, (long long)k.dw, k.layout, (long long)k.pad,
                err, scale);
  }
}

std::vector<double> snapshot(Tensor &t) {
  std::vector<double> v;
  for (int64_t a = 0; a < t.size[0]; ++a)
    for (int64_t b = 0; b < t.size[1]; ++b)
      for (int64_t c = 0; c < t.size[2]; ++c)
        for (int64_t d = 0; d < t.size[3]; ++d)
          v.push_back(t.at(a, b, c, d));
  return v;
}

void convolutions(const Case &k) {
  int64_t oh = outSize(k.h, k.r, k.sh, k.ph, k.dh),
          ow = outSize(k.w, k.s, k.sw, k.pw, k.dw);
  Tensor x = make(k.n, k.c, k.h, k.w, k.layout, k.pad, 1);
  Tensor w = make(k.f, k.c, k.r, k.s, k.layout, k.pad, 2);
  Tensor y = make(k.n, k.f, oh, ow, k.layout, k.pad, 3);
  Tensor dx = make(k.n, k.c, k.h, k.w, k.layout, k.pad, 4);
  Tensor dw = make(k.f, k.c, k.r, k.s, k.layout, k.pad, 5);
  std::vector<double> wantY = snapshot(y), wantDx = snapshot(dx),
                      wantDw = snapshot(dw);
  auto yIdx = [&](int64_t n, int64_t f, int64_t i, int64_t j) {
    return ((n * k.f + f) * oh + i) * ow + j;
  };
  auto xIdx = [&](int64_t n, int64_t c, int64_t i, int64_t j) {
    return ((n * k.c + c) * k.h + i) * k.w + j;
  };
  auto wIdx = [&](int64_t f, int64_t c, int64_t i, int64_t j) {
    return ((f * k.c + c) * k.r + i) * k.s + j;
  };
  // y += conv(x, w); dx += conv^T(y, w) (y as dy); dw += corr(x, y).
  for (int64_t n = 0; n < k.n; ++n)
    for (int64_t f = 0; f < k.f; ++f)
      for (int64_t i = 0; i < oh; ++i)
        for (int64_t j = 0; j < ow; ++j)
          for (int64_t c = 0; c < k.c; ++c)
            for (int64_t r = 0; r < k.r; ++r)
              for (int64_t s = 0; s < k.s; ++s) {
                int64_t h = i * k.sh + r * k.dh - k.ph,
                        v = j * k.sw + s * k.dw - k.pw;
                if (h < 0 || h >= k.h || v < 0 || v >= k.w)
                  continue;
                wantY[yIdx(n, f, i, j)] +=
                    double(x.at(n, c, h, v)) * w.at(f, c, r, s);
                wantDx[xIdx(n, c, h, v)] +=
                    double(y.at(n, f, i, j)) * w.at(f, c, r, s);
                wantDw[wIdx(f, c, r, s)] +=
                    double(x.at(n, c, h, v)) * y.at(n, f, i, j);
              }
  View xv = x.view(), wv = w.view(), yv = y.view(), dxv = dx.view(),
       dwv = dw.view();
  // Backward first: they read y as dy before the forward call adds to it.
  tofu_rt_cpu_conv2d_bwd_data_f32(4, &yv, 4, &wv, 4, &dxv, k.layout, k.sh, k.sw,
                                  k.ph, k.pw, k.dh, k.dw);
  tofu_rt_cpu_conv2d_bwd_filter_f32(4, &xv, 4, &yv, 4, &dwv, k.layout, k.sh,
                                    k.sw, k.ph, k.pw, k.dh, k.dw);
  tofu_rt_cpu_conv2d_fwd_f32(4, &xv, 4, &wv, 4, &yv, k.layout, k.sh, k.sw, k.ph,
                             k.pw, k.dh, k.dw);
  expectClose("bwd_data", k, dx, wantDx);
  expectClose("bwd_filter", k, dw, wantDw);
  expectClose("fwd", k, y, wantY);
}

void poolings(const Case &k, int mode) {
  int64_t oh = outSize(k.h, k.r, k.sh, k.ph, 1),
          ow = outSize(k.w, k.s, k.sw, k.pw, 1);
  Tensor x = make(k.n, k.c, k.h, k.w, k.layout, k.pad, 6);
  Tensor y = make(k.n, k.c, oh, ow, k.layout, k.pad, 7);
  Tensor dx = make(k.n, k.c, k.h, k.w, k.layout, k.pad, 8);
  std::vector<double> wantY = snapshot(y), wantDx = snapshot(dx);
  double scale = mode == 2 ? 1.0 / double(k.r * k.s) : 1.0;
  size_t o = 0;
  for (int64_t n = 0; n < k.n; ++n)
    for (int64_t c = 0; c < k.c; ++c)
      for (int64_t i = 0; i < oh; ++i)
        for (int64_t j = 0; j < ow; ++j, ++o) {
          double best = wantY[o], sum = 0;
          for (int64_t r = 0; r < k.r; ++r)
            for (int64_t s = 0; s < k.s; ++s) {
              int64_t h = i * k.sh + r - k.ph, v = j * k.sw + s - k.pw;
              if (h < 0 || h >= k.h || v < 0 || v >= k.w)
                continue;
              best = std::max(best, double(x.at(n, c, h, v)));
              sum += x.at(n, c, h, v);
              wantDx[((n * k.c + c) * k.h + h) * k.w + v] +=
                  double(y.at(n, c, i, j)) * scale;
            }
          wantY[o] = mode == 0 ? best : wantY[o] + sum * scale;
        }
  View xv = x.view(), yv = y.view(), dxv = dx.view();
  if (mode != 0) {
    tofu_rt_cpu_pool2d_bwd_f32(4, &yv, 4, &yv, 4, &dxv, 4, &dxv, k.layout, mode,
                               k.r, k.s, k.sh, k.sw, k.ph, k.pw);
    expectClose(mode == 1 ? "pool_bwd sum" : "pool_bwd avg", k, dx, wantDx);
  }
  tofu_rt_cpu_pool2d_fwd_f32(4, &xv, 4, &yv, k.layout, mode, k.r, k.s, k.sh,
                             k.sw, k.ph, k.pw);
  expectClose(mode == 0   ? "pool max"
              : mode == 1 ? "pool sum"
                          : "pool avg",
              k, y, wantY);
}

void expectError(int32_t rc, const char *want) {
  ++checks;
  const char *got = tofu_rt_last_error();
  if (rc != TOFU_RT_ERR_ARGUMENT || !got || !std::strstr(got, want)) {
    ++failures;
    std::printf("FAIL error case '%s': returned %d (%s)\n", want, rc,
                got ? got : "");
  }
}

// Calls with bad operands return TOFU_RT_ERR_ARGUMENT with a message.
void errors() {
  tofu_rt_set_abort_on_error(0);
  Tensor x = make(2, 3, 5, 5, 0, 0, 1), w = make(4, 2, 3, 3, 0, 0, 2),
         y = make(2, 4, 3, 3, 0, 0, 3), good = make(4, 3, 3, 3, 0, 0, 4);
  View xv = x.view(), wv = w.view(), yv = y.view(), gv = good.view();
  expectError(
      tofu_rt_cpu_conv2d_fwd_f32(4, &xv, 4, &wv, 4, &yv, 0, 1, 1, 0, 0, 1, 1),
      "shapes do not form a convolution");
  expectError(
      tofu_rt_cpu_conv2d_fwd_f32(3, &xv, 4, &gv, 4, &yv, 0, 1, 1, 0, 0, 1, 1),
      "operands must be rank-4 memrefs");
  expectError(tofu_rt_cpu_conv2d_bwd_filter_f32(4, &xv, 4, &yv, 4, &gv, 0, 0, 1,
                                                0, 0, 1, 1),
              "strides and dilations must be positive");
  expectError(tofu_rt_cpu_pool2d_bwd_f32(4, &yv, 4, &yv, 4, &xv, 4, &xv, 0, 0,
                                         2, 2, 1, 1, 0, 0),
              "max pooling's gradient is not supported");
  expectError(
      tofu_rt_cpu_pool2d_fwd_f32(4, &xv, 4, &yv, 0, 7, 2, 2, 1, 1, 0, 0),
      "unknown pooling mode 7");
}

} // namespace

int main() {
  const Case cases[] = {
      // n  c  h  w  f  r  s sh sw ph pw dh dw layout pad
      {2, 3, 9, 9, 4, 3, 3, 1, 1, 1, 1, 1, 1, 0, 0},   // 3x3 same
      {2, 3, 9, 9, 4, 3, 3, 1, 1, 1, 1, 1, 1, 1, 0},   // NHWC
      {3, 4, 8, 7, 5, 1, 1, 1, 1, 0, 0, 1, 1, 0, 0},   // 1x1
      {2, 4, 8, 8, 3, 1, 1, 2, 2, 0, 0, 1, 1, 0, 2},   // 1x1 stride 2, padded
      {2, 3, 16, 16, 8, 7, 7, 2, 2, 3, 3, 1, 1, 0, 0}, // the WRN stem
      {1, 2, 11, 10, 3, 3, 2, 2, 3, 1, 0, 2, 1, 0, 1}, // mixed, dilated
      {2, 5, 7, 9, 3, 2, 3, 1, 2, 0, 2, 1, 2, 1, 3},   // NHWC, dilated, padded
  };
  for (const Case &k : cases)
    convolutions(k);
  const Case pools[] = {
      {2, 3, 8, 8, 0, 3, 3, 2, 2, 1, 1, 1, 1, 0, 0},
      {2, 3, 9, 8, 0, 2, 2, 2, 2, 0, 0, 1, 1, 1, 1},
      {1, 4, 5, 7, 0, 3, 2, 1, 2, 0, 1, 1, 1, 0, 2},
  };
  for (const Case &k : pools)
    for (int mode = 0; mode < 3; ++mode)
      poolings(k, mode);
  errors();
  std::printf("convolutions: %d checks, %s\n", checks,
              failures ? "FAILED" : "all passed");
  return failures ? 1 : 0;
}
