//===- ProductsTest.cpp ---------------------------------------------------===//
// The OpenBLAS products of libtofu_runtime (tofu_rt_cpu_matmul_f32 and
// tofu_rt_cpu_batch_matmul_f32) against a double-precision reference, on
// every stride case the runtime distinguishes: contiguous rows (each trans
// flag), contiguous columns (a transposed view, of a factor and of C),
// padded rows, broadcast rows (the loop fallback), batches and empty sums.
//
// Usage: tofu-runtime-products-test; prints one line, exit status 0 iff
// every check passed.
//
//===----------------------------------------------------------------------===//

#include "tofu_rank_sanitizer_options.h"
#include "tofu_runtime.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <vector>

namespace {

// A strided rank-3 memref descriptor over a buffer (rank 2 uses sizes[1..]).
struct View {
  float *allocated, *aligned;
  int64_t offset;
  int64_t sizesAndStrides[6];
};

struct Matrix {
  std::vector<float> storage;
  int64_t batch, rows, cols, sb, sr, sc;
  float &at(int64_t q, int64_t i, int64_t j) {
    return storage[q * sb + i * sr + j * sc];
  }
  // The descriptor of rank `rank` (2: the first batch only).
  View view(int rank) {
    View v{storage.data(), storage.data(), 0, {}};
    int64_t sizes[3] = {batch, rows, cols}, strides[3] = {sb, sr, sc};
    int first = 3 - rank;
    for (int d = 0; d < rank; ++d) {
      v.sizesAndStrides[d] = sizes[first + d];
      v.sizesAndStrides[rank + d] = strides[first + d];
    }
    return v;
  }
};

// rows x cols per batch; `colMajor` puts columns contiguous, `pad` extra
// elements after each row (or column), `broadcastRows` stride 0 rows.
Matrix make(int64_t batch, int64_t rows, int64_t cols, bool colMajor,
            int64_t pad, bool broadcastRows, unsigned seed) {
  Matrix m{{}, batch, rows, cols, 0, 0, 0};
  if (broadcastRows) {
    m.sr = 0;
    m.sc = 1;
    m.sb = cols;
  } else if (colMajor) {
    m.sc = rows + pad;
    m.sr = 1;
    m.sb = cols * m.sc;
  } else {
    m.sr = cols + pad;
    m.sc = 1;
    m.sb = rows * m.sr;
  }
  m.storage.assign(std::max<int64_t>(batch * m.sb, 1), 0.0f);
  for (size_t i = 0; i < m.storage.size(); ++i)
    m.storage[i] = float(int((i * 7 + seed * 13) % 17) - 8) / 8.0f;
  return m;
}

int checks = 0, failures = 0;

void check(const char *what, int64_t batch, int64_t m, int64_t n, int64_t k,
           bool ta, bool tb, bool aCol, bool bCol, bool cCol, int64_t pad,
           bool broadcastA) {
  Matrix A = make(batch, ta ? k : m, ta ? m : k, aCol, pad, broadcastA, 1);
  Matrix B = make(batch, tb ? n : k, tb ? k : n, bCol, pad, false, 2);
  Matrix C = make(batch, m, n, cCol, pad, false, 3);
  Matrix want = C;
  for (int64_t q = 0; q < batch; ++q)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double sum = want.at(q, i, j);
        for (int64_t l = 0; l < k; ++l)
          sum += double(ta ? A.at(q, l, i) : A.at(q, i, l)) *
                 (tb ? B.at(q, j, l) : B.at(q, l, j));
        want.at(q, i, j) = float(sum);
      }
  int rank = batch == 1 ? 2 : 3;
  View a = A.view(rank), b = B.view(rank), c = C.view(rank);
  int32_t rc = rank == 2
                   ? tofu_rt_cpu_matmul_f32(2, &a, 2, &b, 2, &c, ta, tb)
                   : tofu_rt_cpu_batch_matmul_f32(3, &a, 3, &b, 3, &c, ta, tb);
  double worst = 0;
  for (int64_t q = 0; q < batch; ++q)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j)
        worst = std::max(worst,
                         double(std::fabs(C.at(q, i, j) - want.at(q, i, j))));
  ++checks;
  // Values are multiples of 1/8 up to 1, sums of at most 40 products: the
  // f32 results are exact in any summation order.
  if (rc != 0 || worst != 0) {
    ++failures;
    std::printf("FAILED %s: status %d, max error %g\n", what, rc, worst);
  }
}

} // namespace

int main() {
  for (bool ta : {false, true})
    for (bool tb : {false, true}) {
      check("contiguous rows", 1, 5, 7, 3, ta, tb, false, false, false, 0,
            false);
      check("padded rows", 1, 5, 7, 3, ta, tb, false, false, false, 2, false);
      check("column-major A", 1, 5, 7, 3, ta, tb, true, false, false, 1, false);
      check("column-major B", 1, 5, 7, 3, ta, tb, false, true, false, 0, false);
      check("column-major C", 1, 5, 7, 3, ta, tb, false, false, true, 0, false);
      check("all column-major", 1, 4, 6, 40, ta, tb, true, true, true, 1,
            false);
      check("broadcast rows of A", 1, 5, 7, 3, ta, tb, false, false, false, 0,
            true);
      check("batch", 3, 5, 7, 3, ta, tb, false, false, false, 1, false);
      check("one row", 1, 1, 7, 3, ta, tb, false, false, false, 0, false);
      check("one column", 1, 5, 1, 3, ta, tb, false, false, false, 0, false);
      check("empty sum", 1, 5, 7, 0, ta, tb, false, false, false, 0, false);
    }
  std::printf("products: %d checks, %s (%d BLAS threads)\n", checks,
              failures ? "FAILED" : "all passed", tofu_rt_cpu_blas_threads());
  return failures ? 1 : 0;
}
