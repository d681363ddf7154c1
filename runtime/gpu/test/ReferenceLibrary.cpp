//===- ReferenceLibrary.cpp -----------------------------------------------===//
// CPU loops behind the GPU library entry points
//
// libtofu_runtime_gpu_reference.so (tests only): the cuBLAS and cuDNN entry
// points of tofu_runtime_gpu.h -- tofu_rt_gpu_{matmul,batch_matmul}_f32,
// tofu_rt_gpu_conv2d_{fwd,bwd_data,bwd_filter}_f32,
// tofu_rt_gpu_pool2d_{fwd,bwd}_f32 -- as plain loops on host memrefs,
// written from the semantics the header states (not from the GPU runtime's
// code). test/Integration/GPU/library-calls-cpu.test rewrites programs with
// `--tofu-gpu-library-calls=host-memory=true` and runs them on the CPU
// against this library: what the rewrite matched must compute what the
// linalg ops it replaced computed. No CUDA needed.
//
//===----------------------------------------------------------------------===//

#include "tofu_runtime_gpu.h"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

[[noreturn]] void fail(const char *call, const char *what) {
  std::fprintf(stderr, "tofu_rt_gpu_reference: %s: %s\n", call, what);
  std::exit(1);
}

// A strided memref view (unranked: rank, descriptor).
struct Ref {
  float *data = nullptr;
  std::vector<int64_t> sizes, strides;
  Ref(const char *call, int64_t rank, void *descriptor, int64_t want) {
    if (rank != want || !descriptor)
      fail(call, "unexpected memref rank");
    char *fields = static_cast<char *>(descriptor);
    char *aligned;
    int64_t offset;
    std::memcpy(&aligned, fields + sizeof(void *), sizeof(void *));
    std::memcpy(&offset, fields + 2 * sizeof(void *), sizeof(int64_t));
    auto *dims = reinterpret_cast<int64_t *>(fields + 2 * sizeof(void *) +
                                             sizeof(int64_t));
    sizes.assign(dims, dims + rank);
    strides.assign(dims + rank, dims + 2 * rank);
    data = reinterpret_cast<float *>(aligned) + offset;
  }
};

// Logical NCHW (activations) / KCRS (filters) view of a rank-4 memref.
struct T4 {
  float *data;
  int64_t size[4], stride[4];
  T4(const char *call, int64_t rank, void *d, int32_t layout) {
    Ref r(call, rank, d, 4);
    // layout 0: the memref is NCHW / FCHW; 1: NHWC / FHWC.
    static const int perm[2][4] = {{0, 1, 2, 3}, {0, 3, 1, 2}};
    if (layout != 0 && layout != 1)
      fail(call, "bad layout");
    data = r.data;
    for (int i = 0; i < 4; ++i) {
      size[i] = r.sizes[perm[layout][i]];
      stride[i] = r.strides[perm[layout][i]];
    }
  }
  float &at(int64_t a, int64_t b, int64_t c, int64_t d) const {
    return data[a * stride[0] + b * stride[1] + c * stride[2] + d * stride[3]];
  }
};

void matmul(const char *call, int64_t rank, int64_t ar, void *ad, int64_t br,
            void *bd, int64_t cr, void *cd, int32_t ta, int32_t tb) {
  Ref a(call, ar, ad, rank), b(call, br, bd, rank), c(call, cr, cd, rank);
  int64_t o = rank - 2, batch = rank == 3 ? c.sizes[0] : 1;
  int64_t m = c.sizes[o], n = c.sizes[o + 1];
  int64_t k = ta ? a.sizes[o] : a.sizes[o + 1];
  for (int64_t q = 0; q < batch; ++q) {
    float *A = a.data + (rank == 3 ? q * a.strides[0] : 0);
    float *B = b.data + (rank == 3 ? q * b.strides[0] : 0);
    float *C = c.data + (rank == 3 ? q * c.strides[0] : 0);
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double sum = 0;
        for (int64_t l = 0; l < k; ++l) {
          float x = ta ? A[l * a.strides[o] + i * a.strides[o + 1]]
                       : A[i * a.strides[o] + l * a.strides[o + 1]];
          float y = tb ? B[j * b.strides[o] + l * b.strides[o + 1]]
                       : B[l * b.strides[o] + j * b.strides[o + 1]];
          sum += double(x) * y;
        }
        C[i * c.strides[o] + j * c.strides[o + 1]] += float(sum);
      }
  }
}

} // namespace

extern "C" {

int32_t tofu_rt_gpu_matmul_f32(int64_t a_rank, void *a, int64_t b_rank, void *b,
                               int64_t c_rank, void *c, int32_t trans_a,
                               int32_t trans_b) {
  matmul("tofu_rt_gpu_matmul_f32", 2, a_rank, a, b_rank, b, c_rank, c, trans_a,
         trans_b);
  return 0;
}

int32_t tofu_rt_gpu_batch_matmul_f32(int64_t a_rank, void *a, int64_t b_rank,
                                     void *b, int64_t c_rank, void *c,
                                     int32_t trans_a, int32_t trans_b) {
  matmul("tofu_rt_gpu_batch_matmul_f32", 3, a_rank, a, b_rank, b, c_rank, c,
         trans_a, trans_b);
  return 0;
}

// y[n,f,oh,ow] += sum_{c,kh,kw} x[n,c,oh*s+kh*d-p,ow*s+kw*d-p] * w[f,c,kh,kw]
int32_t tofu_rt_gpu_conv2d_fwd_f32(int64_t x_rank, void *x, int64_t w_rank,
                                   void *w, int64_t y_rank, void *y,
                                   int32_t layout, int64_t sh, int64_t sw,
                                   int64_t ph, int64_t pw, int64_t dh,
                                   int64_t dw) {
  const char *call = "tofu_rt_gpu_conv2d_fwd_f32";
  T4 X(call, x_rank, x, layout), W(call, w_rank, w, layout),
      Y(call, y_rank, y, layout);
  for (int64_t n = 0; n < Y.size[0]; ++n)
    for (int64_t f = 0; f < Y.size[1]; ++f)
      for (int64_t oh = 0; oh < Y.size[2]; ++oh)
        for (int64_t ow = 0; ow < Y.size[3]; ++ow) {
          double sum = 0;
          for (int64_t c = 0; c < W.size[1]; ++c)
            for (int64_t kh = 0; kh < W.size[2]; ++kh)
              for (int64_t kw = 0; kw < W.size[3]; ++kw) {
                int64_t h = oh * sh + kh * dh - ph, v = ow * sw + kw * dw - pw;
                if (h >= 0 && h < X.size[2] && v >= 0 && v < X.size[3])
                  sum += double(X.at(n, c, h, v)) * W.at(f, c, kh, kw);
              }
          Y.at(n, f, oh, ow) += float(sum);
        }
  return 0;
}

// dx[n,c,h,w] += sum over h = oh*s+kh*d-p (and w alike) of dy * w
int32_t tofu_rt_gpu_conv2d_bwd_data_f32(int64_t dy_rank, void *dy,
                                        int64_t w_rank, void *w,
                                        int64_t dx_rank, void *dx,
                                        int32_t layout, int64_t sh, int64_t sw,
                                        int64_t ph, int64_t pw, int64_t dh,
                                        int64_t dw) {
  const char *call = "tofu_rt_gpu_conv2d_bwd_data_f32";
  T4 DY(call, dy_rank, dy, layout), W(call, w_rank, w, layout),
      DX(call, dx_rank, dx, layout);
  std::vector<double> acc(DX.size[0] * DX.size[1] * DX.size[2] * DX.size[3]);
  auto idx = [&](int64_t n, int64_t c, int64_t h, int64_t v) {
    return ((n * DX.size[1] + c) * DX.size[2] + h) * DX.size[3] + v;
  };
  for (int64_t n = 0; n < DY.size[0]; ++n)
    for (int64_t f = 0; f < DY.size[1]; ++f)
      for (int64_t oh = 0; oh < DY.size[2]; ++oh)
        for (int64_t ow = 0; ow < DY.size[3]; ++ow)
          for (int64_t c = 0; c < W.size[1]; ++c)
            for (int64_t kh = 0; kh < W.size[2]; ++kh)
              for (int64_t kw = 0; kw < W.size[3]; ++kw) {
                int64_t h = oh * sh + kh * dh - ph, v = ow * sw + kw * dw - pw;
                if (h >= 0 && h < DX.size[2] && v >= 0 && v < DX.size[3])
                  acc[idx(n, c, h, v)] +=
                      double(DY.at(n, f, oh, ow)) * W.at(f, c, kh, kw);
              }
  for (int64_t n = 0; n < DX.size[0]; ++n)
    for (int64_t c = 0; c < DX.size[1]; ++c)
      for (int64_t h = 0; h < DX.size[2]; ++h)
        for (int64_t v = 0; v < DX.size[3]; ++v)
          DX.at(n, c, h, v) += float(acc[idx(n, c, h, v)]);
  return 0;
}

// dw[f,c,kh,kw] += sum_{n,oh,ow} x[n,c,oh*s+kh*d-p,..] * dy[n,f,oh,ow]
int32_t tofu_rt_gpu_conv2d_bwd_filter_f32(int64_t x_rank, void *x,
                                          int64_t dy_rank, void *dy,
                                          int64_t dw_rank, void *dwp,
                                          int32_t layout, int64_t sh,
                                          int64_t sw, int64_t ph, int64_t pw,
                                          int64_t dh, int64_t dw) {
  const char *call = "tofu_rt_gpu_conv2d_bwd_filter_f32";
  T4 X(call, x_rank, x, layout), DY(call, dy_rank, dy, layout),
      DW(call, dw_rank, dwp, layout);
  for (int64_t f = 0; f < DW.size[0]; ++f)
    for (int64_t c = 0; c < DW.size[1]; ++c)
      for (int64_t kh = 0; kh < DW.size[2]; ++kh)
        for (int64_t kw = 0; kw < DW.size[3]; ++kw) {
          double sum = 0;
          for (int64_t n = 0; n < DY.size[0]; ++n)
            for (int64_t oh = 0; oh < DY.size[2]; ++oh)
              for (int64_t ow = 0; ow < DY.size[3]; ++ow) {
                int64_t h = oh * sh + kh * dh - ph, v = ow * sw + kw * dw - pw;
                if (h >= 0 && h < X.size[2] && v >= 0 && v < X.size[3])
                  sum += double(X.at(n, c, h, v)) * DY.at(n, f, oh, ow);
              }
          DW.at(f, c, kh, kw) += float(sum);
        }
  return 0;
}

int32_t tofu_rt_gpu_pool2d_fwd_f32(int64_t x_rank, void *x, int64_t y_rank,
                                   void *y, int32_t layout, int32_t mode,
                                   int64_t kh, int64_t kw, int64_t sh,
                                   int64_t sw, int64_t ph, int64_t pw) {
  const char *call = "tofu_rt_gpu_pool2d_fwd_f32";
  T4 X(call, x_rank, x, layout), Y(call, y_rank, y, layout);
  for (int64_t n = 0; n < Y.size[0]; ++n)
    for (int64_t c = 0; c < Y.size[1]; ++c)
      for (int64_t oh = 0; oh < Y.size[2]; ++oh)
        for (int64_t ow = 0; ow < Y.size[3]; ++ow) {
          float best = -INFINITY;
          double sum = 0;
          bool nan = false;
          for (int64_t i = 0; i < kh; ++i)
            for (int64_t j = 0; j < kw; ++j) {
              int64_t h = oh * sh + i - ph, v = ow * sw + j - pw;
              if (h < 0 || h >= X.size[2] || v < 0 || v >= X.size[3])
                continue;
              float e = X.at(n, c, h, v);
              nan |= std::isnan(e);
              best = e > best ? e : best;
              sum += e;
            }
          float &out = Y.at(n, c, oh, ow);
          if (mode == TOFU_RT_POOL_MAX)
            out = nan || std::isnan(out) ? NAN : (best > out ? best : out);
          else if (mode == TOFU_RT_POOL_SUM)
            out += float(sum);
          else if (mode == TOFU_RT_POOL_AVG)
            out += float(sum / double(kh * kw));
          else
            fail(call, "bad mode");
        }
  return 0;
}

int32_t tofu_rt_gpu_pool2d_bwd_f32(int64_t y_rank, void *y, int64_t dy_rank,
                                   void *dy, int64_t x_rank, void *x,
                                   int64_t dx_rank, void *dx, int32_t layout,
                                   int32_t mode, int64_t kh, int64_t kw,
                                   int64_t sh, int64_t sw, int64_t ph,
                                   int64_t pw) {
  const char *call = "tofu_rt_gpu_pool2d_bwd_f32";
  T4 Y(call, y_rank, y, layout), DY(call, dy_rank, dy, layout),
      X(call, x_rank, x, layout), DX(call, dx_rank, dx, layout);
  for (int64_t n = 0; n < DY.size[0]; ++n)
    for (int64_t c = 0; c < DY.size[1]; ++c)
      for (int64_t oh = 0; oh < DY.size[2]; ++oh)
        for (int64_t ow = 0; ow < DY.size[3]; ++ow) {
          float g = DY.at(n, c, oh, ow);
          bool given = false; // MAX: the first maximal element only
          for (int64_t i = 0; i < kh; ++i)
            for (int64_t j = 0; j < kw; ++j) {
              int64_t h = oh * sh + i - ph, v = ow * sw + j - pw;
              if (h < 0 || h >= DX.size[2] || v < 0 || v >= DX.size[3])
                continue;
              if (mode == TOFU_RT_POOL_SUM)
                DX.at(n, c, h, v) += g;
              else if (mode == TOFU_RT_POOL_AVG)
                DX.at(n, c, h, v) += g / float(kh * kw);
              else if (mode == TOFU_RT_POOL_MAX) {
                if (!given && X.at(n, c, h, v) == Y.at(n, c, oh, ow)) {
                  DX.at(n, c, h, v) += g;
                  given = true;
                }
              } else
                fail(call, "bad mode");
            }
        }
  return 0;
}

} // extern "C"
