// One process of bench/cpu/conv.py: times the convolutions of the zoo's WRN
// step (forward, backward-data, backward-filter) with oneDNN 2.6 and with
// libtofu_runtime's im2col + OpenBLAS entry points, on the plain NCHW/OIHW
// buffers the CPU lowering hands over. Also prints which implementation
// oneDNN picked for each (its impl_info_str). Prints one line per shape and
// direction: "shape dir onednn_s tofu_s max_abs_diff onednn_impl".
// Usage: OMP_NUM_THREADS=T TOFU_THREADS=T conv_bench (oneDNN runs on
// OpenMP threads, the runtime on OpenBLAS's).
#include "tofu_runtime.h"

#include <dnnl.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <vector>

using namespace dnnl;

namespace {

struct Shape {
  const char *name;
  int64_t n, c, h, w, f, k, s, p;
};

struct Desc {
  float *allocated, *aligned;
  int64_t offset, sizes[4], strides[4];
};

Desc desc(std::vector<float> &v, int64_t a, int64_t b, int64_t c, int64_t d) {
  return {v.data(), v.data(), 0, {a, b, c, d}, {b * c * d, c * d, d, 1}};
}

// Median of 5 rounds, each the mean of enough calls for about 20 ms.
double timeIt(const std::function<void()> &f) {
  f();
  auto now = [] { return std::chrono::steady_clock::now(); };
  auto t0 = now();
  f();
  double one = std::chrono::duration<double>(now() - t0).count();
  int reps = std::max(1, int(0.02 / std::max(one, 1e-7)));
  std::vector<double> rounds;
  for (int r = 0; r < 5; ++r) {
    auto start = now();
    for (int i = 0; i < reps; ++i)
      f();
    rounds.push_back(std::chrono::duration<double>(now() - start).count() /
                     reps);
  }
  std::sort(rounds.begin(), rounds.end());
  return rounds[2];
}

void fill(std::vector<float> &v, unsigned seed) {
  for (float &x : v) {
    seed = seed * 1103515245u + 12345u;
    x = float((seed >> 9) % 2001) / 1000.0f - 1.0f;
  }
}

double maxDiff(const std::vector<float> &a, const std::vector<float> &b) {
  double d = 0;
  for (size_t i = 0; i < a.size(); ++i)
    d = std::max(d, double(std::fabs(a[i] - b[i])));
  return d;
}

} // namespace

int main() {
  const Shape shapes[] = {
      {"stem 3>8 7x7/2 32^2", 8, 3, 32, 32, 8, 7, 2, 3},
      {"s0 1x1 32>8 8^2", 8, 32, 8, 8, 8, 1, 1, 0},
      {"s0 3x3 8>8 8^2", 8, 8, 8, 8, 8, 3, 1, 1},
      {"s0 1x1 8>32 8^2", 8, 8, 8, 8, 32, 1, 1, 0},
      {"s1 proj 1x1/2 32>64", 8, 32, 8, 8, 64, 1, 2, 0},
      {"s1 3x3/2 16>16 8^2", 8, 16, 8, 8, 16, 3, 2, 1},
      {"s1 3x3 16>16 4^2", 8, 16, 4, 4, 16, 3, 1, 1},
      {"s1 1x1 64>16 4^2", 8, 64, 4, 4, 16, 1, 1, 0},
      {"s2 3x3 32>32 2^2", 8, 32, 2, 2, 32, 3, 1, 1},
      {"s2 1x1 128>32 2^2", 8, 128, 2, 2, 32, 1, 1, 0},
      {"s3 3x3 64>64 1^2", 8, 64, 1, 1, 64, 3, 1, 1},
      {"s3 1x1 256>64 1^2", 8, 256, 1, 1, 64, 1, 1, 0},
  };
  engine eng(engine::kind::cpu, 0);
  stream strm(eng);
  for (const Shape &sh : shapes) {
    int64_t oh = (sh.h + 2 * sh.p - sh.k) / sh.s + 1;
    int64_t ow = (sh.w + 2 * sh.p - sh.k) / sh.s + 1;
    memory::dims xd = {sh.n, sh.c, sh.h, sh.w}, wd = {sh.f, sh.c, sh.k, sh.k},
                 yd = {sh.n, sh.f, oh, ow}, st = {sh.s, sh.s},
                 pd = {sh.p, sh.p};
    auto f32 = memory::data_type::f32;
    memory::desc xm(xd, f32, memory::format_tag::nchw),
        wm(wd, f32, memory::format_tag::oihw),
        ym(yd, f32, memory::format_tag::nchw);
    std::vector<float> x(sh.n * sh.c * sh.h * sh.w),
        w(sh.f * sh.c * sh.k * sh.k), y(sh.n * sh.f * oh * ow);
    fill(x, 1), fill(w, 2), fill(y, 3);
    std::vector<float> yDnn(y.size()), yTofu(y.size()), dxDnn(x.size()),
        dxTofu(x.size()), dwDnn(w.size()), dwTofu(w.size());
    memory X(xm, eng, x.data()), W(wm, eng, w.data()), DY(ym, eng, y.data()),
        Y(ym, eng, yDnn.data()), DX(xm, eng, dxDnn.data()),
        DW(wm, eng, dwDnn.data());
    // oneDNN 2.6's API: an operation descriptor, then the primitive's.
    auto fwdPd = convolution_forward::primitive_desc(
        convolution_forward::desc(prop_kind::forward_training,
                                  algorithm::convolution_direct, xm, wm, ym, st,
                                  pd, pd),
        eng);
    auto bwdDataPd = convolution_backward_data::primitive_desc(
        convolution_backward_data::desc(algorithm::convolution_direct, xm, wm,
                                        ym, st, pd, pd),
        eng, fwdPd);
    auto bwdWPd = convolution_backward_weights::primitive_desc(
        convolution_backward_weights::desc(algorithm::convolution_direct, xm,
                                           wm, ym, st, pd, pd),
        eng, fwdPd);
    convolution_forward fwd(fwdPd);
    convolution_backward_data bwdData(bwdDataPd);
    convolution_backward_weights bwdW(bwdWPd);
    Desc xD = desc(x, sh.n, sh.c, sh.h, sh.w),
         wD = desc(w, sh.f, sh.c, sh.k, sh.k),
         dyD = desc(y, sh.n, sh.f, oh, ow),
         yT = desc(yTofu, sh.n, sh.f, oh, ow),
         dxT = desc(dxTofu, sh.n, sh.c, sh.h, sh.w),
         dwT = desc(dwTofu, sh.f, sh.c, sh.k, sh.k);
    // oneDNN overwrites its outputs; the runtime accumulates, so its outputs
    // are zeroed first (inside the timing, as the step's fills are).
    auto zero = [](std::vector<float> &v) {
      std::fill(v.begin(), v.end(), 0.0f);
    };
    double t[3][2];
    t[0][0] = timeIt([&] {
      fwd.execute(
          strm, {{DNNL_ARG_SRC, X}, {DNNL_ARG_WEIGHTS, W}, {DNNL_ARG_DST, Y}});
      strm.wait();
    });
    t[0][1] = timeIt([&] {
      zero(yTofu);
      tofu_rt_cpu_conv2d_fwd_f32(4, &xD, 4, &wD, 4, &yT, 0, sh.s, sh.s, sh.p,
                                 sh.p, 1, 1);
    });
    t[1][0] = timeIt([&] {
      bwdData.execute(strm, {{DNNL_ARG_DIFF_DST, DY},
                             {DNNL_ARG_WEIGHTS, W},
                             {DNNL_ARG_DIFF_SRC, DX}});
      strm.wait();
    });
    t[1][1] = timeIt([&] {
      zero(dxTofu);
      tofu_rt_cpu_conv2d_bwd_data_f32(4, &dyD, 4, &wD, 4, &dxT, 0, sh.s, sh.s,
                                      sh.p, sh.p, 1, 1);
    });
    t[2][0] = timeIt([&] {
      bwdW.execute(strm, {{DNNL_ARG_SRC, X},
                          {DNNL_ARG_DIFF_DST, DY},
                          {DNNL_ARG_DIFF_WEIGHTS, DW}});
      strm.wait();
    });
    t[2][1] = timeIt([&] {
      zero(dwTofu);
      tofu_rt_cpu_conv2d_bwd_filter_f32(4, &xD, 4, &dyD, 4, &dwT, 0, sh.s, sh.s,
                                        sh.p, sh.p, 1, 1);
    });
    double diff[3] = {maxDiff(yDnn, yTofu), maxDiff(dxDnn, dxTofu),
                      maxDiff(dwDnn, dwTofu)};
    const char *dirs[3] = {"fwd", "bwd_data", "bwd_filter"};
    const char *impls[3] = {fwdPd.impl_info_str(), bwdDataPd.impl_info_str(),
                            bwdWPd.impl_info_str()};
    for (int d = 0; d < 3; ++d)
      std::printf("%s\t%s\t%.9f\t%.9f\t%.3g\t%s\n", sh.name, dirs[d], t[d][0],
                  t[d][1], diff[d], impls[d]);
  }
  return 0;
}
