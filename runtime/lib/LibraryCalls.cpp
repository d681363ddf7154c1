//===- LibraryCalls.cpp - CPU products, convolutions and poolings ---------===//
//
// The tofu_rt_cpu_* functions of tofu_runtime.h that the CPU lowering calls
// for products (OpenBLAS's sgemm on strided f32 memrefs) and for
// convolutions and poolings (im2col + sgemm), with OpenBLAS's thread count
// set per rank. Errors are reported as the collectives' are
// (RuntimeInternal.h).
//
//===----------------------------------------------------------------------===//

#include "tofu_runtime.h"

#include "RuntimeInternal.h"

#include <cblas.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <vector>

using tofu_rt::fail;

//===----------------------------------------------------------------------===//
// Matrix products (OpenBLAS)
//===----------------------------------------------------------------------===//

namespace {

// A strided f32 memref (unranked: rank, descriptor) of rank 2 or 3.
struct Matrices {
  float *data = nullptr;
  int64_t sizes[3] = {1, 1, 1}, strides[3] = {0, 0, 0};
};

bool readMatrices(int64_t rank, void *descriptor, int64_t want, Matrices &m) {
  if (rank != want || !descriptor)
    return false;
  // {allocated, aligned, offset, sizes[rank], strides[rank]}
  char *fields = static_cast<char *>(descriptor);
  float *aligned;
  int64_t offset;
  std::memcpy(&aligned, fields + sizeof(void *), sizeof(void *));
  std::memcpy(&offset, fields + 2 * sizeof(void *), sizeof(int64_t));
  const char *dims = fields + 2 * sizeof(void *) + sizeof(int64_t);
  // Rank 2 reads as one batch of stride 0.
  int64_t first = 3 - rank;
  std::memcpy(m.sizes + first, dims, rank * sizeof(int64_t));
  std::memcpy(m.strides + first, dims + rank * sizeof(int64_t),
              rank * sizeof(int64_t));
  m.data = aligned + offset;
  return true;
}

int blasThreads() {
  static int threads = [] {
    if (const char *v = std::getenv("TOFU_THREADS")) {
      char *end;
      long n = std::strtol(v, &end, 10);
      if (*end == 0 && n > 0)
        openblas_set_num_threads(static_cast<int>(n));
    }
    return openblas_get_num_threads();
  }();
  return threads;
}

// One factor or the product as cblas takes it: row-major with a leading
// dimension, transposed or not.
struct Operand {
  const float *data;
  int64_t ld = 0; // 0: the strides fit no BLAS layout
  bool trans;
};

// A rows x cols matrix with strides (sr, sc), used as op(X) (transposed if
// `trans`). A matrix whose columns are contiguous (sr == 1) is the row-major
// transpose of itself: it is taken with the other `trans`.
Operand blasOperand(const float *data, int64_t rows, int64_t cols, int64_t sr,
                    int64_t sc, bool trans) {
  if (cols == 1 || sc == 1) {
    int64_t ld = rows == 1 ? std::max<int64_t>(cols, 1) : sr;
    return {data, ld >= cols ? ld : 0, trans};
  }
  if (rows == 1 || sr == 1) {
    int64_t ld = cols == 1 ? std::max<int64_t>(rows, 1) : sc;
    return {data, ld >= rows ? ld : 0, !trans};
  }
  return {data, 0, trans};
}

// One product whose strides fit no BLAS layout (a broadcast row), in plain
// loops.
void productLoops(const Matrices &A, const float *a, const Matrices &B,
                  const float *b, const Matrices &C, float *c, int64_t k,
                  bool ta, bool tb) {
  for (int64_t i = 0; i < C.sizes[1]; ++i)
    for (int64_t j = 0; j < C.sizes[2]; ++j) {
      float &out = c[i * C.strides[1] + j * C.strides[2]];
      for (int64_t l = 0; l < k; ++l)
        out += a[ta ? l * A.strides[1] + i * A.strides[2]
                    : i * A.strides[1] + l * A.strides[2]] *
               b[tb ? j * B.strides[1] + l * B.strides[2]
                    : l * B.strides[1] + j * B.strides[2]];
    }
}

// C += op(A) op(B) for one batch, through cblas_sgemm where the strides
// allow. A product whose C has contiguous columns is computed transposed:
// C^T += op(B)^T op(A)^T.
void productOne(const Matrices &A, const float *a, const Matrices &B,
                const float *b, const Matrices &C, float *c, int64_t k, bool ta,
                bool tb) {
  int64_t m = C.sizes[1], n = C.sizes[2];
  Operand oc = blasOperand(c, m, n, C.strides[1], C.strides[2], false);
  Operand oa =
      blasOperand(a, A.sizes[1], A.sizes[2], A.strides[1], A.strides[2], ta);
  Operand ob =
      blasOperand(b, B.sizes[1], B.sizes[2], B.strides[1], B.strides[2], tb);
  if (!oa.ld || !ob.ld || !oc.ld) {
    productLoops(A, a, B, b, C, c, k, ta, tb);
    return;
  }
  if (oc.trans) {
    std::swap(oa, ob);
    std::swap(m, n);
    oa.trans = !oa.trans;
    ob.trans = !ob.trans;
  }
  cblas_sgemm(CblasRowMajor, oa.trans ? CblasTrans : CblasNoTrans,
              ob.trans ? CblasTrans : CblasNoTrans, m, n, k, 1.0f, oa.data,
              oa.ld, ob.data, ob.ld, 1.0f, c, oc.ld);
}

int32_t product(const char *call, int64_t rank, int64_t ar, void *ad,
                int64_t br, void *bd, int64_t cr, void *cd, int32_t ta,
                int32_t tb) {
  Matrices A, B, C;
  if (!readMatrices(ar, ad, rank, A) || !readMatrices(br, bd, rank, B) ||
      !readMatrices(cr, cd, rank, C))
    return fail(TOFU_RT_ERR_ARGUMENT, call,
                "operands must be rank-%lld memrefs", (long long)rank);
  int64_t batch = C.sizes[0], m = C.sizes[1], n = C.sizes[2];
  int64_t k = ta ? A.sizes[1] : A.sizes[2];
  if (A.sizes[0] != batch || B.sizes[0] != batch ||
      (ta ? A.sizes[2] : A.sizes[1]) != m ||
      (tb ? B.sizes[1] : B.sizes[2]) != n ||
      (tb ? B.sizes[2] : B.sizes[1]) != k)
    return fail(TOFU_RT_ERR_ARGUMENT, call,
                "sizes do not form a product (C %lldx%lldx%lld)",
                (long long)batch, (long long)m, (long long)n);
  if (batch == 0 || m == 0 || n == 0 || k == 0)
    return 0; // C += nothing
  blasThreads();
  for (int64_t q = 0; q < batch; ++q)
    productOne(A, A.data + q * A.strides[0], B, B.data + q * B.strides[0], C,
               C.data + q * C.strides[0], k, ta, tb);
  return 0;
}

//===----------------------------------------------------------------------===//
// Convolutions and poolings (im2col + cblas_sgemm)
//===----------------------------------------------------------------------===//

// A rank-4 memref as its logical N,C,H,W (activations) or F,C,R,S (filters):
// layout 0 reads the memref as it is, layout 1 (NHWC / FHWC) permutes.
struct Tensor4 {
  float *data;
  int64_t size[4], stride[4];
  float &at(int64_t a, int64_t b, int64_t c, int64_t d) const {
    return data[a * stride[0] + b * stride[1] + c * stride[2] + d * stride[3]];
  }
};

bool readTensor4(int64_t rank, void *descriptor, int32_t layout, Tensor4 &t) {
  if (rank != 4 || !descriptor || (layout != 0 && layout != 1))
    return false;
  char *fields = static_cast<char *>(descriptor);
  float *aligned;
  int64_t offset, sizes[4], strides[4];
  std::memcpy(&aligned, fields + sizeof(void *), sizeof(void *));
  std::memcpy(&offset, fields + 2 * sizeof(void *), sizeof(int64_t));
  const char *dims = fields + 2 * sizeof(void *) + sizeof(int64_t);
  std::memcpy(sizes, dims, sizeof(sizes));
  std::memcpy(strides, dims + sizeof(sizes), sizeof(strides));
  static const int perm[2][4] = {{0, 1, 2, 3}, {0, 3, 1, 2}};
  t.data = aligned + offset;
  for (int i = 0; i < 4; ++i) {
    t.size[i] = sizes[perm[layout][i]];
    t.stride[i] = strides[perm[layout][i]];
  }
  return true;
}

// The geometry of one convolution: input (x or dx) N,C,H,W, filter F,C,R,S,
// output (y or dy) N,F,OH,OW; input position oh * s + kh * d - p.
struct ConvShape {
  int64_t n, c, h, w, f, r, s, oh, ow;
  int64_t sh, sw, ph, pw, dh, dw;
  // The GEMMs' reduction (filter taps) and column (output positions) sizes.
  int64_t taps() const { return c * r * s; }
  int64_t positions() const { return n * oh * ow; }
};

int32_t convShape(const char *call, const Tensor4 &in, const Tensor4 &filter,
                  const Tensor4 &out, const int64_t params[6], ConvShape &g) {
  g = {in.size[0],     in.size[1],     in.size[2],  in.size[3],  filter.size[0],
       filter.size[2], filter.size[3], out.size[2], out.size[3], params[0],
       params[1],      params[2],      params[3],   params[4],   params[5]};
  if (out.size[0] != g.n || out.size[1] != g.f || filter.size[1] != g.c)
    return fail(TOFU_RT_ERR_ARGUMENT, call,
                "shapes do not form a convolution (input %lldx%lldx%lldx%lld, "
                "filter %lldx%lldx%lldx%lld, output %lldx%lldx%lldx%lld)",
                (long long)in.size[0], (long long)in.size[1],
                (long long)in.size[2], (long long)in.size[3],
                (long long)filter.size[0], (long long)filter.size[1],
                (long long)filter.size[2], (long long)filter.size[3],
                (long long)out.size[0], (long long)out.size[1],
                (long long)out.size[2], (long long)out.size[3]);
  if (g.sh < 1 || g.sw < 1 || g.dh < 1 || g.dw < 1 || g.ph < 0 || g.pw < 0)
    return fail(TOFU_RT_ERR_ARGUMENT, call,
                "strides and dilations must be positive, pads not negative");
  return 0;
}

// Scratch buffers reused from call to call (a step makes hundreds of
// calls; allocating each one's columns would cost more than small GEMMs).
float *scratch(int which, size_t count) {
  thread_local std::vector<float> buffers[3];
  std::vector<float> &b = buffers[which];
  if (b.size() < count)
    b.resize(count);
  return b.data();
}

// The output columns [lo, hi) of one filter column kw whose input column
// ow * sw + kw * dw - pw lies inside the row; the rest read padding.
void validColumns(const ConvShape &g, int64_t kw, int64_t &lo, int64_t &hi) {
  int64_t first = kw * g.dw - g.pw; // input column of ow = 0
  lo = first >= 0 ? 0 : (-first + g.sw - 1) / g.sw;
  hi = first >= g.w ? 0 : (g.w - 1 - first) / g.sw + 1;
  lo = std::min(lo, g.ow);
  hi = std::max(lo, std::min(hi, g.ow));
}

// col[(c*R+kh)*S+kw][(n*OH+oh)*OW+ow] = x[n,c,oh*sh+kh*dh-ph,ow*sw+kw*dw-pw]
// (0 in the padding): the convolution becomes filter[F x taps] * col. The
// bounds are worked out per row so the copies have no branches (these
// copies, not the GEMM, dominate the small convolutions of a WRN step).
void im2col(const Tensor4 &x, const ConvShape &g, float *col) {
  int64_t P = g.positions(), xs = x.stride[3];
  for (int64_t c = 0; c < g.c; ++c)
    for (int64_t kh = 0; kh < g.r; ++kh)
      for (int64_t kw = 0; kw < g.s; ++kw) {
        float *row = col + ((c * g.r + kh) * g.s + kw) * P;
        int64_t lo, hi;
        validColumns(g, kw, lo, hi);
        int64_t first = kw * g.dw - g.pw;
        for (int64_t n = 0; n < g.n; ++n)
          for (int64_t oh = 0; oh < g.oh; ++oh) {
            float *dst = row + (n * g.oh + oh) * g.ow;
            int64_t ih = oh * g.sh + kh * g.dh - g.ph;
            if (ih < 0 || ih >= g.h) {
              std::fill(dst, dst + g.ow, 0.0f);
              continue;
            }
            const float *src = &x.at(n, c, ih, 0) + first * xs;
            std::fill(dst, dst + lo, 0.0f);
            if (g.sw == 1 && xs == 1)
              std::copy(src + lo, src + hi, dst + lo);
            else
              for (int64_t ow = lo; ow < hi; ++ow)
                dst[ow] = src[ow * g.sw * xs];
            std::fill(dst + hi, dst + g.ow, 0.0f);
          }
      }
}

// The adjoint of im2col: dx[...] += col[...] for every tap inside dx.
void col2imAdd(const float *col, const ConvShape &g, const Tensor4 &dx) {
  int64_t P = g.positions(), xs = dx.stride[3];
  for (int64_t c = 0; c < g.c; ++c)
    for (int64_t kh = 0; kh < g.r; ++kh)
      for (int64_t kw = 0; kw < g.s; ++kw) {
        const float *row = col + ((c * g.r + kh) * g.s + kw) * P;
        int64_t lo, hi;
        validColumns(g, kw, lo, hi);
        int64_t first = kw * g.dw - g.pw;
        for (int64_t n = 0; n < g.n; ++n)
          for (int64_t oh = 0; oh < g.oh; ++oh) {
            int64_t ih = oh * g.sh + kh * g.dh - g.ph;
            if (ih < 0 || ih >= g.h)
              continue;
            const float *src = row + (n * g.oh + oh) * g.ow;
            float *dst = &dx.at(n, c, ih, 0) + first * xs;
            int64_t step = g.sw * xs;
            for (int64_t ow = lo; ow < hi; ++ow)
              dst[ow * step] += src[ow];
          }
      }
}

// An activation N,F,OH,OW as the matrix m[f][(n*OH+oh)*OW+ow] (gather), or
// the matrix added into the activation (scatter).
void activationToMatrix(const Tensor4 &a, float *m) {
  int64_t F = a.size[1], HW = a.size[2] * a.size[3], P = a.size[0] * HW;
  for (int64_t n = 0; n < a.size[0]; ++n)
    for (int64_t f = 0; f < F; ++f)
      for (int64_t i = 0; i < a.size[2]; ++i) {
        float *dst = m + f * P + n * HW + i * a.size[3];
        const float *src = &a.at(n, f, i, 0);
        if (a.stride[3] == 1)
          std::copy(src, src + a.size[3], dst);
        else
          for (int64_t j = 0; j < a.size[3]; ++j)
            dst[j] = src[j * a.stride[3]];
      }
}

void addMatrixToActivation(const float *m, const Tensor4 &a) {
  int64_t F = a.size[1], HW = a.size[2] * a.size[3], P = a.size[0] * HW;
  for (int64_t n = 0; n < a.size[0]; ++n)
    for (int64_t f = 0; f < F; ++f)
      for (int64_t i = 0; i < a.size[2]; ++i) {
        const float *src = m + f * P + n * HW + i * a.size[3];
        float *dst = &a.at(n, f, i, 0);
        if (a.stride[3] == 1)
          for (int64_t j = 0; j < a.size[3]; ++j)
            dst[j] += src[j];
        else
          for (int64_t j = 0; j < a.size[3]; ++j)
            dst[j * a.stride[3]] += src[j];
      }
}

bool packedFilter(const Tensor4 &w) {
  int64_t C = w.size[1], R = w.size[2], S = w.size[3];
  return w.stride[3] == 1 && w.stride[2] == S && w.stride[1] == R * S &&
         w.stride[0] == C * R * S;
}

// A filter F,C,R,S as the row-major F x taps matrix: itself when packed
// FCHW, else a packed copy in `buffer`.
const float *filterMatrix(const Tensor4 &w, float *buffer) {
  int64_t C = w.size[1], R = w.size[2], S = w.size[3];
  if (packedFilter(w))
    return w.data;
  for (int64_t f = 0; f < w.size[0]; ++f)
    for (int64_t c = 0; c < C; ++c)
      for (int64_t kh = 0; kh < R; ++kh)
        for (int64_t kw = 0; kw < S; ++kw)
          buffer[((f * C + c) * R + kh) * S + kw] = w.at(f, c, kh, kw);
  return buffer;
}

void addMatrixToFilter(const float *m, const Tensor4 &w) {
  int64_t C = w.size[1], R = w.size[2], S = w.size[3];
  if (packedFilter(w)) {
    for (int64_t i = 0, e = w.size[0] * C * R * S; i < e; ++i)
      w.data[i] += m[i];
    return;
  }
  for (int64_t f = 0; f < w.size[0]; ++f)
    for (int64_t c = 0; c < C; ++c)
      for (int64_t kh = 0; kh < R; ++kh)
        for (int64_t kw = 0; kw < S; ++kw)
          w.at(f, c, kh, kw) += m[((f * C + c) * R + kh) * S + kw];
}

enum class ConvKind { Fwd, BwdData, BwdFilter };

// One convolution of the three kinds; the operands in the entry point's
// order (fwd: x, w, y; bwd_data: dy, w, dx; bwd_filter: x, dy, dw).
int32_t convolution(const char *call, ConvKind kind, int64_t r0, void *d0,
                    int64_t r1, void *d1, int64_t r2, void *d2, int32_t layout,
                    const int64_t params[6]) {
  Tensor4 t0, t1, t2;
  if (!readTensor4(r0, d0, layout, t0) || !readTensor4(r1, d1, layout, t1) ||
      !readTensor4(r2, d2, layout, t2))
    return fail(TOFU_RT_ERR_ARGUMENT, call,
                "operands must be rank-4 memrefs and the layout 0 or 1");
  const Tensor4 &in = kind == ConvKind::BwdData ? t2 : t0;
  const Tensor4 &filter = kind == ConvKind::BwdFilter ? t2 : t1;
  const Tensor4 &out = kind == ConvKind::Fwd       ? t2
                       : kind == ConvKind::BwdData ? t0
                                                   : t1;
  ConvShape g;
  if (int32_t rc = convShape(call, in, filter, out, params, g))
    return rc;
  int64_t F = g.f, K = g.taps(), P = g.positions();
  if (F == 0 || K == 0 || P == 0)
    return 0; // adds nothing
  blasThreads();
  float *col = scratch(0, size_t(K) * P);
  switch (kind) {
  case ConvKind::Fwd: {
    // y += (filter[F x K] * col[K x P]) as N,F,OH,OW.
    const float *wm = filterMatrix(filter, scratch(1, size_t(F) * K));
    im2col(in, g, col);
    float *ym = scratch(2, size_t(F) * P);
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, F, P, K, 1.0f, wm, K,
                col, P, 0.0f, ym, P);
    addMatrixToActivation(ym, out);
    break;
  }
  case ConvKind::BwdData: {
    // dcol[K x P] = filter^T * dy[F x P], scattered into dx.
    const float *wm = filterMatrix(filter, scratch(1, size_t(F) * K));
    float *dym = scratch(2, size_t(F) * P);
    activationToMatrix(out, dym);
    cblas_sgemm(CblasRowMajor, CblasTrans, CblasNoTrans, K, P, F, 1.0f, wm, K,
                dym, P, 0.0f, col, P);
    col2imAdd(col, g, in);
    break;
  }
  case ConvKind::BwdFilter: {
    // dw[F x K] += dy[F x P] * col^T.
    im2col(in, g, col);
    float *dym = scratch(2, size_t(F) * P);
    activationToMatrix(out, dym);
    float *dwm = scratch(1, size_t(F) * K);
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, F, K, P, 1.0f, dym, P,
                col, P, 0.0f, dwm, K);
    addMatrixToFilter(dwm, filter);
    break;
  }
  }
  return 0;
}

// Poolings: window kh x kw, strides, pads (input position oh * s + i - p;
// positions in the padding are skipped, as the GPU reference does).
// The pooling modes of tofu_runtime_gpu.h's TOFU_RT_POOL_* (the two headers
// are included together, so the names are not repeated in tofu_runtime.h).
enum PoolMode : int32_t { PoolMax = 0, PoolSum = 1, PoolAvg = 2 };

struct PoolShape {
  int64_t kh, kw, sh, sw, ph, pw;
};

int32_t readPool(const char *call, int32_t mode, const int64_t params[6],
                 PoolShape &p) {
  p = {params[0], params[1], params[2], params[3], params[4], params[5]};
  if (mode != PoolMax && mode != PoolSum && mode != PoolAvg)
    return fail(TOFU_RT_ERR_ARGUMENT, call, "unknown pooling mode %d", mode);
  if (p.kh < 1 || p.kw < 1 || p.sh < 1 || p.sw < 1 || p.ph < 0 || p.pw < 0)
    return fail(TOFU_RT_ERR_ARGUMENT, call,
                "windows and strides must be positive, pads not negative");
  return 0;
}

int32_t poolForward(const char *call, int64_t xr, void *xd, int64_t yr,
                    void *yd, int32_t layout, int32_t mode,
                    const int64_t params[6]) {
  Tensor4 x, y;
  PoolShape p;
  if (!readTensor4(xr, xd, layout, x) || !readTensor4(yr, yd, layout, y))
    return fail(TOFU_RT_ERR_ARGUMENT, call,
                "operands must be rank-4 memrefs and the layout 0 or 1");
  if (int32_t rc = readPool(call, mode, params, p))
    return rc;
  if (x.size[0] != y.size[0] || x.size[1] != y.size[1])
    return fail(TOFU_RT_ERR_ARGUMENT, call,
                "input and output differ in batch or channels");
  double scale = mode == PoolAvg ? 1.0 / double(p.kh * p.kw) : 1.0;
  for (int64_t n = 0; n < y.size[0]; ++n)
    for (int64_t c = 0; c < y.size[1]; ++c)
      for (int64_t oh = 0; oh < y.size[2]; ++oh)
        for (int64_t ow = 0; ow < y.size[3]; ++ow) {
          float best = -INFINITY, sum = 0.0f;
          bool nan = false;
          for (int64_t i = 0; i < p.kh; ++i) {
            int64_t h = oh * p.sh + i - p.ph;
            if (h < 0 || h >= x.size[2])
              continue;
            for (int64_t j = 0; j < p.kw; ++j) {
              int64_t v = ow * p.sw + j - p.pw;
              if (v < 0 || v >= x.size[3])
                continue;
              float e = x.at(n, c, h, v);
              nan |= std::isnan(e);
              best = e > best ? e : best;
              sum += e;
            }
          }
          float &o = y.at(n, c, oh, ow);
          // linalg's max pooling uses arith.maximumf: NaN propagates.
          if (mode == PoolMax)
            o = nan || std::isnan(o) ? NAN : (best > o ? best : o);
          else
            o += float(sum * scale);
        }
  return 0;
}

// dx += the gradient of a sum or average pooling: each window's dy spread
// over the window (y and x are not read). A max pooling's gradient needs
// the argmax rule of the GPU runtime, which nothing here emits yet.
int32_t poolBackward(const char *call, int64_t dyr, void *dyd, int64_t dxr,
                     void *dxd, int32_t layout, int32_t mode,
                     const int64_t params[6]) {
  Tensor4 dy, dx;
  PoolShape p;
  if (!readTensor4(dyr, dyd, layout, dy) || !readTensor4(dxr, dxd, layout, dx))
    return fail(TOFU_RT_ERR_ARGUMENT, call,
                "operands must be rank-4 memrefs and the layout 0 or 1");
  if (int32_t rc = readPool(call, mode, params, p))
    return rc;
  if (mode == PoolMax)
    return fail(TOFU_RT_ERR_ARGUMENT, call,
                "the max pooling's gradient is not supported on the CPU");
  if (dx.size[0] != dy.size[0] || dx.size[1] != dy.size[1])
    return fail(TOFU_RT_ERR_ARGUMENT, call,
                "input and output differ in batch or channels");
  float scale = mode == PoolAvg ? 1.0f / float(p.kh * p.kw) : 1.0f;
  for (int64_t n = 0; n < dy.size[0]; ++n)
    for (int64_t c = 0; c < dy.size[1]; ++c)
      for (int64_t oh = 0; oh < dy.size[2]; ++oh)
        for (int64_t ow = 0; ow < dy.size[3]; ++ow) {
          float g = dy.at(n, c, oh, ow) * scale;
          for (int64_t i = 0; i < p.kh; ++i) {
            int64_t h = oh * p.sh + i - p.ph;
            if (h < 0 || h >= dx.size[2])
              continue;
            for (int64_t j = 0; j < p.kw; ++j) {
              int64_t v = ow * p.sw + j - p.pw;
              if (v >= 0 && v < dx.size[3])
                dx.at(n, c, h, v) += g;
            }
          }
        }
  return 0;
}

} // namespace

extern "C" {

int32_t tofu_rt_cpu_matmul_f32(int64_t a_rank, void *a, int64_t b_rank, void *b,
                               int64_t c_rank, void *c, int32_t trans_a,
                               int32_t trans_b) {
  return product("tofu_rt_cpu_matmul_f32", 2, a_rank, a, b_rank, b, c_rank, c,
                 trans_a, trans_b);
}

int32_t tofu_rt_cpu_batch_matmul_f32(int64_t a_rank, void *a, int64_t b_rank,
                                     void *b, int64_t c_rank, void *c,
                                     int32_t trans_a, int32_t trans_b) {
  return product("tofu_rt_cpu_batch_matmul_f32", 3, a_rank, a, b_rank, b,
                 c_rank, c, trans_a, trans_b);
}

int32_t tofu_rt_cpu_blas_threads(void) { return blasThreads(); }

int32_t tofu_rt_cpu_conv2d_fwd_f32(int64_t x_rank, void *x, int64_t w_rank,
                                   void *w, int64_t y_rank, void *y,
                                   int32_t layout, int64_t stride_h,
                                   int64_t stride_w, int64_t pad_h,
                                   int64_t pad_w, int64_t dil_h,
                                   int64_t dil_w) {
  const int64_t params[6] = {stride_h, stride_w, pad_h, pad_w, dil_h, dil_w};
  return convolution("tofu_rt_cpu_conv2d_fwd_f32", ConvKind::Fwd, x_rank, x,
                     w_rank, w, y_rank, y, layout, params);
}

int32_t tofu_rt_cpu_conv2d_bwd_data_f32(
    int64_t dy_rank, void *dy, int64_t w_rank, void *w, int64_t dx_rank,
    void *dx, int32_t layout, int64_t stride_h, int64_t stride_w, int64_t pad_h,
    int64_t pad_w, int64_t dil_h, int64_t dil_w) {
  const int64_t params[6] = {stride_h, stride_w, pad_h, pad_w, dil_h, dil_w};
  return convolution("tofu_rt_cpu_conv2d_bwd_data_f32", ConvKind::BwdData,
                     dy_rank, dy, w_rank, w, dx_rank, dx, layout, params);
}

int32_t tofu_rt_cpu_conv2d_bwd_filter_f32(
    int64_t x_rank, void *x, int64_t dy_rank, void *dy, int64_t dw_rank,
    void *dw, int32_t layout, int64_t stride_h, int64_t stride_w, int64_t pad_h,
    int64_t pad_w, int64_t dil_h, int64_t dil_w) {
  const int64_t params[6] = {stride_h, stride_w, pad_h, pad_w, dil_h, dil_w};
  return convolution("tofu_rt_cpu_conv2d_bwd_filter_f32", ConvKind::BwdFilter,
                     x_rank, x, dy_rank, dy, dw_rank, dw, layout, params);
}

int32_t tofu_rt_cpu_pool2d_fwd_f32(int64_t x_rank, void *x, int64_t y_rank,
                                   void *y, int32_t layout, int32_t mode,
                                   int64_t window_h, int64_t window_w,
                                   int64_t stride_h, int64_t stride_w,
                                   int64_t pad_h, int64_t pad_w) {
  const int64_t params[6] = {window_h, window_w, stride_h,
                             stride_w, pad_h,    pad_w};
  return poolForward("tofu_rt_cpu_pool2d_fwd_f32", x_rank, x, y_rank, y, layout,
                     mode, params);
}

int32_t tofu_rt_cpu_pool2d_bwd_f32(int64_t y_rank, void *y, int64_t dy_rank,
                                   void *dy, int64_t x_rank, void *x,
                                   int64_t dx_rank, void *dx, int32_t layout,
                                   int32_t mode, int64_t window_h,
                                   int64_t window_w, int64_t stride_h,
                                   int64_t stride_w, int64_t pad_h,
                                   int64_t pad_w) {
  (void)y_rank, (void)y, (void)x_rank, (void)x;
  const int64_t params[6] = {window_h, window_w, stride_h,
                             stride_w, pad_h,    pad_w};
  return poolBackward("tofu_rt_cpu_pool2d_bwd_f32", dy_rank, dy, dx_rank, dx,
                      layout, mode, params);
}

} // extern "C"
