//===- RuntimeTest.cpp ----------------------------------------------------===//
// Collectives of libtofu_runtime vs serial references
//
// Usage: tofu-runtime-test k_0 k_1 ...     (run under mpirun -np k_0*k_1*...)
//        tofu-runtime-test --errors k_0 ... (checks the error reports)
//        tofu-runtime-test --p2p k_0 ...    (point-to-point messages)
//
// Every rank fills its buffers with values that are a known function of
// (world rank, position), so each rank can compute what every collective must
// return from the values of its group members without communicating. The
// values are small multiples of 1/4 (products: of 1, 1.5 and 2), so sums and
// products are exact in f32 whatever order MPI reduces in; results are
// compared bit for bit. Exit status 0 iff every check on every rank passed.
//
//===----------------------------------------------------------------------===//

#include "tofu_rank_sanitizer_options.h"
#include "tofu_runtime.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

namespace {

std::vector<int64_t> grid;
int64_t myRank = 0;
int64_t checks = 0, failures = 0;

void expect(bool ok, const std::string &what) {
  ++checks;
  if (ok)
    return;
  ++failures;
  if (failures <= 20)
    std::fprintf(stderr, "rank %lld: FAIL %s\n", (long long)myRank,
                 what.c_str());
}

int64_t numLevels() { return static_cast<int64_t>(grid.size()); }

int64_t stride(int64_t level) {
  int64_t s = 1;
  for (int64_t j = level + 1; j < numLevels(); ++j)
    s *= grid[j];
  return s;
}

int64_t coordOf(int64_t rank, int64_t level) {
  if (level == TOFU_RT_WORLD)
    return rank;
  return (rank / stride(level)) % grid[level];
}

int64_t groupSizeOf(int64_t level) {
  if (level == TOFU_RT_WORLD) {
    int64_t k = 1;
    for (int64_t g : grid)
      k *= g;
    return k;
  }
  return grid[level];
}

// World rank of member `j` of this rank's group at `level`.
int64_t member(int64_t level, int64_t j) {
  if (level == TOFU_RT_WORLD)
    return j;
  return myRank + (j - coordOf(myRank, level)) * stride(level);
}

// The value rank `r` holds at position `i` of test buffer `tag`.
float value(int64_t r, int64_t i, int tag) {
  return static_cast<float>(((r * 131 + i * 7 + tag * 29) % 17) - 8) * 0.25f;
}
float productValue(int64_t r, int64_t i) {
  return 1.0f + 0.5f * static_cast<float>((r * 5 + i * 3) % 3);
}

float reduce(int32_t reducer, float a, float b) {
  switch (reducer) {
  case TOFU_RT_MAX:
    return a > b ? a : b;
  case TOFU_RT_MIN:
    return a < b ? a : b;
  case TOFU_RT_PROD:
    return a * b;
  default:
    return a + b;
  }
}

float input(int64_t r, int64_t i, int tag, int32_t reducer) {
  return reducer == TOFU_RT_PROD ? productValue(r, i + tag) : value(r, i, tag);
}

std::string where(const char *op, int64_t level, int64_t i) {
  return std::string(op) + " level " + std::to_string(level) + " element " +
         std::to_string(i);
}

bool same(float a, float b) { return std::memcmp(&a, &b, sizeof(float)) == 0; }

const char *reducerName(int32_t r) {
  static const char *names[] = {"sum", "max", "min", "prod"};
  return names[r];
}

//===----------------------------------------------------------------------===//
// Contiguous collectives
//===----------------------------------------------------------------------===//

void testContiguous(int64_t level) {
  const int64_t g = groupSizeOf(level);
  const int64_t c = coordOf(myRank, level);
  const int64_t n = 37;

  for (int32_t red = TOFU_RT_SUM; red <= TOFU_RT_PROD; ++red) {
    std::vector<float> buf(n);
    for (int64_t i = 0; i < n; ++i)
      buf[i] = input(myRank, i, 1, red);
    expect(tofu_rt_all_reduce_f32(buf.data(), n, level, red) == 0,
           "all_reduce status");
    for (int64_t i = 0; i < n; ++i) {
      float ref = input(member(level, 0), i, 1, red);
      for (int64_t j = 1; j < g; ++j)
        ref = reduce(red, ref, input(member(level, j), i, 1, red));
      expect(same(buf[i], ref),
             where((std::string("all_reduce ") + reducerName(red)).c_str(),
                   level, i));
    }

    std::vector<float> in(g * n), out(n);
    for (int64_t i = 0; i < g * n; ++i)
      in[i] = input(myRank, i, 2, red);
    expect(tofu_rt_reduce_scatter_f32(in.data(), out.data(), n, level, red) ==
               0,
           "reduce_scatter status");
    for (int64_t i = 0; i < n; ++i) {
      float ref = input(member(level, 0), c * n + i, 2, red);
      for (int64_t j = 1; j < g; ++j)
        ref = reduce(red, ref, input(member(level, j), c * n + i, 2, red));
      expect(same(out[i], ref),
             where((std::string("reduce_scatter ") + reducerName(red)).c_str(),
                   level, i));
    }
  }

  {
    std::vector<float> in(n), out(g * n, -99.0f);
    for (int64_t i = 0; i < n; ++i)
      in[i] = value(myRank, i, 3);
    expect(tofu_rt_all_gather_f32(in.data(), out.data(), n, level) == 0,
           "all_gather status");
    for (int64_t j = 0; j < g; ++j)
      for (int64_t i = 0; i < n; ++i)
        expect(same(out[j * n + i], value(member(level, j), i, 3)),
               where("all_gather", level, j * n + i));
    // In place: the own block already sits in `out`.
    std::vector<float> inPlace(g * n, -99.0f);
    for (int64_t i = 0; i < n; ++i)
      inPlace[c * n + i] = value(myRank, i, 4);
    expect(tofu_rt_all_gather_f32(inPlace.data() + c * n, inPlace.data(), n,
                                  level) == 0,
           "all_gather in place status");
    for (int64_t j = 0; j < g; ++j)
      for (int64_t i = 0; i < n; ++i)
        expect(same(inPlace[j * n + i], value(member(level, j), i, 4)),
               where("all_gather in place", level, j * n + i));
  }

  {
    std::vector<float> in(g * n), out(g * n);
    for (int64_t j = 0; j < g; ++j)
      for (int64_t i = 0; i < n; ++i)
        in[j * n + i] = value(myRank, j * 1000 + i, 5);
    expect(tofu_rt_all_to_all_f32(in.data(), out.data(), n, level) == 0,
           "all_to_all status");
    for (int64_t j = 0; j < g; ++j)
      for (int64_t i = 0; i < n; ++i)
        expect(same(out[j * n + i], value(member(level, j), c * 1000 + i, 5)),
               where("all_to_all", level, j * n + i));
  }

  {
    std::vector<float> buf(n);
    int64_t root = g - 1;
    for (int64_t i = 0; i < n; ++i)
      buf[i] = value(myRank, i, 6);
    expect(tofu_rt_broadcast_f32(buf.data(), n, root, level) == 0,
           "broadcast status");
    for (int64_t i = 0; i < n; ++i)
      expect(same(buf[i], value(member(level, root), i, 6)),
             where("broadcast", level, i));
  }

  {
    // A periodic shift and a non-periodic halo step (edges send or receive
    // nothing); receive counts differ from send counts on purpose.
    std::vector<float> send(n), recv(n, -99.0f);
    for (int64_t i = 0; i < n; ++i)
      send[i] = value(myRank, i, 7);
    int64_t dest = (c + 1) % g, source = (c - 1 + g) % g;
    expect(tofu_rt_send_recv_f32(send.data(), n, dest, recv.data(), n, source,
                                 level) == 0,
           "send_recv status");
    for (int64_t i = 0; i < n; ++i)
      expect(same(recv[i], value(member(level, source), i, 7)),
             where("send_recv ring", level, i));

    int64_t up = c + 1 < g ? c + 1 : -1, down = c > 0 ? c - 1 : -1;
    std::vector<float> halo(3, -99.0f);
    // Send my first 3 elements down, receive the first 3 of the member above.
    expect(tofu_rt_send_recv_f32(send.data(), 3, down, halo.data(), 3, up,
                                 level) == 0,
           "send_recv halo status");
    for (int64_t i = 0; i < 3; ++i)
      expect(same(halo[i], up < 0 ? -99.0f : value(member(level, up), i, 7)),
             where("send_recv halo", level, i));
  }

  expect(tofu_rt_barrier(level) == 0, "barrier status");
}

//===----------------------------------------------------------------------===//
// Memref variants
//===----------------------------------------------------------------------===//

// A ranked memref descriptor as MLIR lays it out.
template <int R> struct Desc {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t sizes[R];
  int64_t strides[R];
};

// A rank-3 tensor stored with a padded, non-contiguous layout (each element
// followed by a gap, plus an offset), to exercise the packing path.
struct Tensor3 {
  std::vector<float> storage;
  Desc<3> desc;
  Tensor3(int64_t a, int64_t b, int64_t c, bool padded) {
    int64_t step = padded ? 2 : 1, offset = padded ? 5 : 0;
    storage.assign(offset + a * b * c * step, -77.0f);
    desc = {storage.data(),
            storage.data(),
            offset,
            {a, b, c},
            {b * c * step, c * step, step}};
  }
  float &at(int64_t i, int64_t j, int64_t k) {
    return desc.aligned[desc.offset + i * desc.strides[0] +
                        j * desc.strides[1] + k * desc.strides[2]];
  }
  int64_t size(int d) const { return desc.sizes[d]; }
};

// Fills t with value(rank, global index) where the block sits at
// `offset` (along `axis`) of a tensor of dims `whole`.
void fill(Tensor3 &t, int64_t rank, int tag) {
  for (int64_t i = 0; i < t.size(0); ++i)
    for (int64_t j = 0; j < t.size(1); ++j)
      for (int64_t k = 0; k < t.size(2); ++k)
        t.at(i, j, k) = value(rank, (i * 100 + j) * 100 + k, tag);
}

void testMemRef(int64_t level) {
  const int64_t g = groupSizeOf(level);
  const int64_t c = coordOf(myRank, level);
  const int64_t d[3] = {3, 2, 4};

  for (int axis = 0; axis < 3; ++axis) {
    // all_gather along `axis`, out padded.
    Tensor3 in(d[0], d[1], d[2], false);
    int64_t od[3] = {d[0], d[1], d[2]};
    od[axis] *= g;
    Tensor3 out(od[0], od[1], od[2], true);
    fill(in, myRank, 10 + axis);
    expect(tofu_rt_all_gather_memref_f32(3, &in.desc, 3, &out.desc, axis,
                                         level) == 0,
           "all_gather_memref status");
    for (int64_t i = 0; i < od[0]; ++i)
      for (int64_t j = 0; j < od[1]; ++j)
        for (int64_t k = 0; k < od[2]; ++k) {
          int64_t idx[3] = {i, j, k};
          int64_t src = idx[axis] / d[axis];
          idx[axis] %= d[axis];
          float ref = value(member(level, src),
                            (idx[0] * 100 + idx[1]) * 100 + idx[2], 10 + axis);
          expect(same(out.at(i, j, k), ref),
                 where("all_gather_memref", level, (i * 100 + j) * 100 + k) +
                     " axis " + std::to_string(axis));
        }

    // reduce_scatter (sum) along `axis`, in padded.
    Tensor3 big(od[0], od[1], od[2], true);
    fill(big, myRank, 20 + axis);
    Tensor3 part(d[0], d[1], d[2], false);
    expect(tofu_rt_reduce_scatter_memref_f32(3, &big.desc, 3, &part.desc, axis,
                                             level, TOFU_RT_SUM) == 0,
           "reduce_scatter_memref status");
    for (int64_t i = 0; i < d[0]; ++i)
      for (int64_t j = 0; j < d[1]; ++j)
        for (int64_t k = 0; k < d[2]; ++k) {
          int64_t idx[3] = {i, j, k};
          idx[axis] += c * d[axis];
          float ref = 0.0f;
          for (int64_t m = 0; m < g; ++m)
            ref += value(member(level, m),
                         (idx[0] * 100 + idx[1]) * 100 + idx[2], 20 + axis);
          expect(
              same(part.at(i, j, k), ref),
              where("reduce_scatter_memref", level, (i * 100 + j) * 100 + k) +
                  " axis " + std::to_string(axis));
        }
  }

  // all_to_all: split along s, concatenate along t.
  for (int s = 0; s < 3; ++s)
    for (int t = 0; t < 3; ++t) {
      int64_t id[3] = {d[0], d[1], d[2]};
      id[s] *= g;
      int64_t od[3] = {d[0], d[1], d[2]};
      od[t] *= g;
      Tensor3 in(id[0], id[1], id[2], s == t);
      Tensor3 out(od[0], od[1], od[2], s != t);
      fill(in, myRank, 30 + s * 3 + t);
      expect(tofu_rt_all_to_all_memref_f32(3, &in.desc, 3, &out.desc, s, t,
                                           level) == 0,
             "all_to_all_memref status");
      for (int64_t i = 0; i < od[0]; ++i)
        for (int64_t j = 0; j < od[1]; ++j)
          for (int64_t k = 0; k < od[2]; ++k) {
            int64_t idx[3] = {i, j, k};
            int64_t src = idx[t] / d[t];
            idx[t] %= d[t];
            idx[s] += c * d[s]; // the part of the source meant for me
            float ref =
                value(member(level, src),
                      (idx[0] * 100 + idx[1]) * 100 + idx[2], 30 + s * 3 + t);
            expect(same(out.at(i, j, k), ref),
                   where("all_to_all_memref", level, (i * 100 + j) * 100 + k) +
                       " split " + std::to_string(s) + " concat " +
                       std::to_string(t));
          }
    }

  {
    Tensor3 buf(d[0], d[1], d[2], true);
    fill(buf, myRank, 40);
    expect(tofu_rt_all_reduce_memref_f32(3, &buf.desc, level, TOFU_RT_MAX) == 0,
           "all_reduce_memref status");
    for (int64_t i = 0; i < d[0]; ++i)
      for (int64_t j = 0; j < d[1]; ++j)
        for (int64_t k = 0; k < d[2]; ++k) {
          float ref = value(member(level, 0), (i * 100 + j) * 100 + k, 40);
          for (int64_t m = 1; m < g; ++m)
            ref = reduce(TOFU_RT_MAX, ref,
                         value(member(level, m), (i * 100 + j) * 100 + k, 40));
          expect(same(buf.at(i, j, k), ref),
                 where("all_reduce_memref", level, (i * 100 + j) * 100 + k));
        }
    // The padding between elements must be untouched.
    expect(same(buf.storage[0], -77.0f) && same(buf.storage[6], -77.0f),
           "all_reduce_memref padding");
  }

  {
    Tensor3 buf(d[0], d[1], d[2], true);
    fill(buf, myRank, 41);
    expect(tofu_rt_broadcast_memref_f32(3, &buf.desc, 0, level) == 0,
           "broadcast_memref status");
    for (int64_t i = 0; i < d[0]; ++i)
      for (int64_t j = 0; j < d[1]; ++j)
        for (int64_t k = 0; k < d[2]; ++k)
          expect(same(buf.at(i, j, k),
                      value(member(level, 0), (i * 100 + j) * 100 + k, 41)),
                 where("broadcast_memref", level, (i * 100 + j) * 100 + k));
  }

  {
    Tensor3 send(d[0], d[1], d[2], false), recv(d[0], d[1], d[2], true);
    fill(send, myRank, 42);
    int64_t dest = (c + 1) % g, source = (c - 1 + g) % g;
    expect(tofu_rt_send_recv_memref_f32(3, &send.desc, dest, 3, &recv.desc,
                                        source, level) == 0,
           "send_recv_memref status");
    for (int64_t i = 0; i < d[0]; ++i)
      for (int64_t j = 0; j < d[1]; ++j)
        for (int64_t k = 0; k < d[2]; ++k)
          expect(same(recv.at(i, j, k), value(member(level, source),
                                              (i * 100 + j) * 100 + k, 42)),
                 where("send_recv_memref", level, (i * 100 + j) * 100 + k));
  }
}

//===----------------------------------------------------------------------===//
// Error reports (abort mode off)
//===----------------------------------------------------------------------===//

bool lastErrorHas(const char *text) {
  return std::strstr(tofu_rt_last_error(), text) != nullptr;
}

//===----------------------------------------------------------------------===//
// The element-type generic memref collectives
//===----------------------------------------------------------------------===//

// A rank-1 memref descriptor of any element type, stored with a stride of 2
// (every other element) when `padded`, to exercise the packing path.
template <typename T> struct Vec {
  std::vector<T> storage;
  struct {
    T *allocated, *aligned;
    int64_t offset, size, stride;
  } desc;
  Vec(int64_t n, bool padded) : storage(n * (padded ? 2 : 1) + 1) {
    desc = {storage.data(), storage.data(), 1, n, padded ? 2 : 1};
  }
  T &operator[](int64_t i) { return storage[1 + i * desc.stride]; }
};

// Exactly representable values (multiples of 1/4 of magnitude <= 2) as f16
// and bf16 bits, encoded from sign, exponent and fraction (normal numbers
// and zero only), independently of the runtime's conversions.
uint16_t exactNarrow(float v, bool bfloat) {
  if (v == 0)
    return std::signbit(v) ? 0x8000 : 0;
  int e;
  float m = std::frexp(std::fabs(v), &e); // v = m * 2^e, m in [0.5, 1)
  int fractionBits = bfloat ? 7 : 10, bias = bfloat ? 127 : 15;
  uint32_t fraction =
      static_cast<uint32_t>(std::ldexp(m * 2 - 1, fractionBits));
  return static_cast<uint16_t>((v < 0 ? 0x8000 : 0) |
                               (e - 1 + bias) << fractionBits | fraction);
}

int64_t wrapInt(int64_t v, int bits) {
  uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
  uint64_t u = static_cast<uint64_t>(v) & mask;
  if (bits < 64 && (u >> (bits - 1)) & 1)
    u |= ~mask;
  return static_cast<int64_t>(u);
}

// Integers: large values so that sums and products overflow and must wrap.
template <typename T> T intValue(int64_t r, int64_t i) {
  int bits = 8 * sizeof(T);
  int64_t big = (r * 7919 + i * 104729 + 3) % 251 - 125;
  return static_cast<T>(
      wrapInt(bits > 9 ? big * (int64_t(1) << (bits - 9)) : big, bits));
}

template <typename T>
void testIntegerReduce(int64_t level, int32_t dtype, const char *name) {
  const int64_t g = groupSizeOf(level), n = 9;
  const int bits = 8 * sizeof(T);
  for (int32_t red = TOFU_RT_SUM; red <= TOFU_RT_PROD; ++red) {
    Vec<T> buf(n, red % 2 == 1);
    for (int64_t i = 0; i < n; ++i)
      buf[i] = intValue<T>(myRank, i);
    expect(tofu_rt_all_reduce_memref(1, &buf.desc, level, red, dtype) == 0,
           std::string("all_reduce_memref ") + name + " status");
    for (int64_t i = 0; i < n; ++i) {
      int64_t ref = intValue<T>(member(level, 0), i);
      for (int64_t j = 1; j < g; ++j) {
        int64_t x = intValue<T>(member(level, j), i);
        switch (red) {
        case TOFU_RT_SUM:
          ref = wrapInt(static_cast<int64_t>(static_cast<uint64_t>(ref) +
                                             static_cast<uint64_t>(x)),
                        bits);
          break;
        case TOFU_RT_PROD:
          ref = wrapInt(static_cast<int64_t>(static_cast<uint64_t>(ref) *
                                             static_cast<uint64_t>(x)),
                        bits);
          break;
        case TOFU_RT_MAX:
          ref = ref > x ? ref : x;
          break;
        default:
          ref = ref < x ? ref : x;
        }
      }
      expect(static_cast<int64_t>(buf[i]) == ref,
             where("all_reduce_memref", level, i) + " " + name + " " +
                 reducerName(red));
    }
  }
}

void testTypedMemRef(int64_t level) {
  const int64_t g = groupSizeOf(level), c = coordOf(myRank, level);
  testIntegerReduce<int8_t>(level, TOFU_RT_I8, "i8");
  testIntegerReduce<int16_t>(level, TOFU_RT_I16, "i16");
  testIntegerReduce<int32_t>(level, TOFU_RT_I32, "i32");
  testIntegerReduce<int64_t>(level, TOFU_RT_I64, "i64");

  // i1 as arith combines it: add is xor, mul and signed max are and, signed
  // min is or.
  const int64_t n = 11;
  auto boolValue = [](int64_t r, int64_t i) -> uint8_t {
    return ((r * 3 + i) % 4) != 0;
  };
  for (int32_t red = TOFU_RT_SUM; red <= TOFU_RT_PROD; ++red) {
    Vec<uint8_t> buf(n, true);
    for (int64_t i = 0; i < n; ++i)
      buf[i] = boolValue(myRank, i);
    expect(tofu_rt_all_reduce_memref(1, &buf.desc, level, red, TOFU_RT_I1) == 0,
           "all_reduce_memref i1 status");
    for (int64_t i = 0; i < n; ++i) {
      uint8_t ref = boolValue(member(level, 0), i);
      for (int64_t j = 1; j < g; ++j) {
        uint8_t x = boolValue(member(level, j), i);
        ref = red == TOFU_RT_SUM   ? ref ^ x
              : red == TOFU_RT_MIN ? (ref | x)
                                   : (ref & x);
      }
      expect(buf[i] == ref,
             where("all_reduce_memref", level, i) + " i1 " + reducerName(red));
    }
  }

  // f32 and f64 max/min propagate NaN whichever member holds it.
  auto nanValue = [](int64_t r, int64_t i) -> double {
    return (r + i) % 5 == 0 ? std::nan("") : value(r, i, 3);
  };
  for (int32_t red : {TOFU_RT_MAX, TOFU_RT_MIN}) {
    Vec<float> f(n, false);
    Vec<double> d(n, true);
    for (int64_t i = 0; i < n; ++i) {
      f[i] = static_cast<float>(nanValue(myRank, i));
      d[i] = nanValue(myRank, i);
    }
    expect(tofu_rt_all_reduce_memref(1, &f.desc, level, red, TOFU_RT_F32) == 0,
           "all_reduce_memref f32 status");
    expect(tofu_rt_all_reduce_memref_f64(1, &d.desc, level, red) == 0,
           "all_reduce_memref_f64 status");
    for (int64_t i = 0; i < n; ++i) {
      bool anyNan = false;
      double ref = red == TOFU_RT_MAX ? -1e300 : 1e300;
      for (int64_t j = 0; j < g; ++j) {
        double x = nanValue(member(level, j), i);
        anyNan |= std::isnan(x);
        if (!std::isnan(x))
          ref = red == TOFU_RT_MAX ? std::max(ref, x) : std::min(ref, x);
      }
      std::string what =
          where("all_reduce_memref", level, i) + " NaN " + reducerName(red);
      expect(anyNan ? std::isnan(f[i]) : f[i] == static_cast<float>(ref),
             what + " f32");
      expect(anyNan ? std::isnan(d[i]) : d[i] == ref, what + " f64");
    }
  }

  // f16 and bf16 reduce in their own type; the values sum exactly.
  for (bool bfloat : {false, true})
    for (int32_t red : {TOFU_RT_SUM, TOFU_RT_MAX}) {
      Vec<uint16_t> buf(n, true);
      for (int64_t i = 0; i < n; ++i)
        buf[i] = exactNarrow(value(myRank, i, 5), bfloat);
      expect(tofu_rt_all_reduce_memref(1, &buf.desc, level, red,
                                       bfloat ? TOFU_RT_BF16 : TOFU_RT_F16) ==
                 0,
             "all_reduce_memref f16/bf16 status");
      for (int64_t i = 0; i < n; ++i) {
        float ref = value(member(level, 0), i, 5);
        for (int64_t j = 1; j < g; ++j)
          ref = reduce(red, ref, value(member(level, j), i, 5));
        expect(buf[i] == exactNarrow(ref, bfloat),
               where("all_reduce_memref", level, i) +
                   (bfloat ? " bf16 " : " f16 ") + reducerName(red));
      }
    }

  // Data movement is bit for bit: an i64 all-gather (values above 2^53,
  // which an f32 or f64 detour would round), an i16 reduce-scatter and an
  // i8 broadcast.
  auto longValue = [](int64_t r, int64_t i) -> int64_t {
    return (int64_t(1) << 60) + r * 1000003 + i;
  };
  Vec<int64_t> part(n, false), whole(n * g, true);
  for (int64_t i = 0; i < n; ++i)
    part[i] = longValue(myRank, i);
  expect(tofu_rt_all_gather_memref(1, &part.desc, 1, &whole.desc, 0, level,
                                   TOFU_RT_I64) == 0,
         "all_gather_memref i64 status");
  for (int64_t j = 0; j < g; ++j)
    for (int64_t i = 0; i < n; ++i)
      expect(whole[j * n + i] == longValue(member(level, j), i),
             where("all_gather_memref i64", level, j * n + i));

  Vec<int16_t> blocks(n * g, true), mine(n, false);
  for (int64_t i = 0; i < n * g; ++i)
    blocks[i] = intValue<int16_t>(myRank, i);
  expect(tofu_rt_reduce_scatter_memref(1, &blocks.desc, 1, &mine.desc, 0, level,
                                       TOFU_RT_SUM, TOFU_RT_I16) == 0,
         "reduce_scatter_memref i16 status");
  for (int64_t i = 0; i < n; ++i) {
    int64_t ref = 0;
    for (int64_t j = 0; j < g; ++j)
      ref = wrapInt(ref + intValue<int16_t>(member(level, j), c * n + i), 16);
    expect(mine[i] == ref, where("reduce_scatter_memref i16", level, i));
  }

  Vec<int8_t> bytes(n, true);
  for (int64_t i = 0; i < n; ++i)
    bytes[i] = static_cast<int8_t>(myRank * 10 + i);
  expect(tofu_rt_broadcast_memref(1, &bytes.desc, g - 1, level, TOFU_RT_I8) ==
             0,
         "broadcast_memref i8 status");
  for (int64_t i = 0; i < n; ++i)
    expect(bytes[i] == static_cast<int8_t>(member(level, g - 1) * 10 + i),
           where("broadcast_memref i8", level, i));
}

void testErrors() {
  tofu_rt_set_abort_on_error(0);
  float buf[8] = {0};
  std::string rankTag = "tofu_rt: rank " + std::to_string(myRank) + ": ";

  expect(tofu_rt_all_reduce_f32(buf, 8, numLevels(), TOFU_RT_SUM) ==
                 TOFU_RT_ERR_ARGUMENT &&
             lastErrorHas("is out of range") && lastErrorHas(rankTag.c_str()) &&
             lastErrorHas("tofu_rt_all_reduce_f32("),
         std::string("bad level: ") + tofu_rt_last_error());
  expect(tofu_rt_all_reduce_f32(buf, 8, TOFU_RT_WORLD, 9) ==
                 TOFU_RT_ERR_ARGUMENT &&
             lastErrorHas("unknown reducer 9"),
         std::string("bad reducer: ") + tofu_rt_last_error());
  expect(tofu_rt_all_gather_f32(buf, buf, -1, TOFU_RT_WORLD) ==
                 TOFU_RT_ERR_ARGUMENT &&
             lastErrorHas("negative"),
         std::string("negative count: ") + tofu_rt_last_error());
  expect(tofu_rt_broadcast_f32(buf, 8, tofu_rt_size(), TOFU_RT_WORLD) ==
                 TOFU_RT_ERR_ARGUMENT &&
             lastErrorHas("is not a member"),
         std::string("bad root: ") + tofu_rt_last_error());

  // Mis-shaped all_gather output.
  Tensor3 in(2, 2, 2, false), out(2, 2, 2, false);
  if (tofu_rt_size() > 1)
    expect(tofu_rt_all_gather_memref_f32(3, &in.desc, 3, &out.desc, 0,
                                         TOFU_RT_WORLD) ==
                   TOFU_RT_ERR_ARGUMENT &&
               lastErrorHas("must be in [2x2x2] with dimension 0 multiplied"),
           std::string("memref shape: ") + tofu_rt_last_error());
  expect(tofu_rt_all_gather_memref_f32(3, &in.desc, 3, &out.desc, 3,
                                       TOFU_RT_WORLD) == TOFU_RT_ERR_ARGUMENT &&
             lastErrorHas("axis 3 is out of range"),
         std::string("memref axis: ") + tofu_rt_last_error());

  // A real MPI error: every rank receives fewer elements than its neighbour
  // sends (MPI_ERR_TRUNCATE), reported with the MPI call and the rank.
  if (!std::strcmp(tofu_rt_backend(), "mpi") && tofu_rt_size() > 1) {
    int64_t k = tofu_rt_size();
    float small[2];
    int32_t rc = tofu_rt_send_recv_f32(buf, 8, (myRank + 1) % k, small, 2,
                                       (myRank + k - 1) % k, TOFU_RT_WORLD);
    expect(rc == TOFU_RT_ERR_MPI && lastErrorHas("MPI_Sendrecv failed") &&
               lastErrorHas(rankTag.c_str()),
           std::string("MPI truncation: ") + tofu_rt_last_error());
  }
  tofu_rt_set_abort_on_error(1);
}

//===----------------------------------------------------------------------===//
// Point-to-point messages (tofu_rt_send/recv_memref)
//===----------------------------------------------------------------------===//

// A 0-d memref descriptor (one element, no sizes or strides).
template <typename T> struct Scalar {
  T storage[2] = {};
  struct {
    T *allocated, *aligned;
    int64_t offset;
  } desc = {storage, storage, 1};
  T &get() { return storage[1]; }
};

// Every member sends three messages to the next one of its group (a ring)
// before it receives any: a large one (past MPI's eager limit, where a
// rendezvous send would wait for a receive that never comes first), a 0-d
// f64 and a strided i64 one; then it receives them from the previous member
// in order. With the single-process backend the ring is the process itself.
void testMessages(int64_t level) {
  const int64_t g = groupSizeOf(level), c = coordOf(myRank, level);
  bool mpi = !std::strcmp(tofu_rt_backend(), "mpi");
  if (mpi && g == 1)
    return; // no other member to message
  const int64_t dest = (c + 1) % g, source = (c - 1 + g) % g;
  const int64_t from = member(level, source), big = int64_t(1) << 18, n = 7;
  auto longValue = [](int64_t r, int64_t i) -> int64_t {
    return (int64_t(1) << 60) + r * 1000003 + i; // above 2^53: bit for bit
  };

  Vec<float> large(big, false);
  for (int64_t i = 0; i < big; ++i)
    large[i] = value(myRank, i, 50);
  Scalar<double> zero;
  zero.get() = value(myRank, 0, 51);
  Vec<int64_t> longs(n, true);
  for (int64_t i = 0; i < n; ++i)
    longs[i] = longValue(myRank, i);
  expect(tofu_rt_send_memref_f32(1, &large.desc, level, dest) == 0,
         "send_memref f32 status");
  expect(tofu_rt_send_memref(0, &zero.desc, level, dest, TOFU_RT_F64) == 0,
         "send_memref 0-d f64 status");
  expect(tofu_rt_send_memref_i64(1, &longs.desc, level, dest) == 0,
         "send_memref i64 status");
  // The sender's buffers are its own again as soon as the calls return.
  large[0] = zero.get() = -99.0f;
  longs[0] = -99;

  Vec<float> gotLarge(big, true);
  Scalar<double> gotZero;
  Vec<int64_t> gotLongs(n, false);
  expect(tofu_rt_recv_memref(1, &gotLarge.desc, level, source, TOFU_RT_F32) ==
             0,
         "recv_memref f32 status");
  expect(tofu_rt_recv_memref_f64(0, &gotZero.desc, level, source) == 0,
         "recv_memref 0-d f64 status");
  expect(tofu_rt_recv_memref_i64(1, &gotLongs.desc, level, source) == 0,
         "recv_memref i64 status");
  bool largeOk = true;
  for (int64_t i = 0; i < big; ++i)
    largeOk &= same(gotLarge[i], value(from, i, 50));
  expect(largeOk, where("recv_memref f32 (first message)", level, 0));
  expect(gotZero.get() == value(from, 0, 51),
         where("recv_memref 0-d f64 (second message)", level, 0));
  for (int64_t i = 0; i < n; ++i)
    expect(gotLongs[i] == longValue(from, i),
           where("recv_memref i64 (third message)", level, i));

  // Broadcast from member 1 (0 in a group of one), of a 0-d i16 and a
  // strided f32 memref, through the generic entry point.
  int64_t root = g > 1 ? 1 : 0;
  Scalar<int16_t> half;
  half.get() = static_cast<int16_t>(myRank * 100 + 7);
  Tensor3 t(2, 3, 2, true);
  fill(t, myRank, 52);
  expect(tofu_rt_broadcast_memref(0, &half.desc, root, level, TOFU_RT_I16) == 0,
         "broadcast_memref 0-d i16 status");
  expect(tofu_rt_broadcast_memref(3, &t.desc, root, level, TOFU_RT_F32) == 0,
         "broadcast_memref f32 status");
  expect(half.get() == static_cast<int16_t>(member(level, root) * 100 + 7),
         where("broadcast_memref 0-d i16", level, 0));
  for (int64_t i = 0; i < 2; ++i)
    for (int64_t j = 0; j < 3; ++j)
      for (int64_t k = 0; k < 2; ++k)
        expect(same(t.at(i, j, k),
                    value(member(level, root), (i * 100 + j) * 100 + k, 52)),
               where("broadcast_memref f32", level, (i * 100 + j) * 100 + k));
  expect(tofu_rt_barrier(level) == 0, "barrier after messages status");
}

void testMessageErrors() {
  tofu_rt_set_abort_on_error(0);
  bool mpi = !std::strcmp(tofu_rt_backend(), "mpi");
  const int64_t k = tofu_rt_size();
  const int64_t next = (myRank + 1) % k, prev = (myRank + k - 1) % k;
  Vec<float> four(4, false), three(3, false);
  for (int64_t i = 0; i < 4; ++i)
    four[i] = value(myRank, i, 60);

  expect(tofu_rt_send_memref_f32(1, &four.desc, TOFU_RT_WORLD, k) ==
                 TOFU_RT_ERR_ARGUMENT &&
             lastErrorHas("tofu_rt_send_memref(level=-1, dest=") &&
             lastErrorHas("is not a member of a group of"),
         std::string("bad dest: ") + tofu_rt_last_error());
  expect(tofu_rt_recv_memref_f32(1, &four.desc, TOFU_RT_WORLD, -1) ==
                 TOFU_RT_ERR_ARGUMENT &&
             lastErrorHas("source -1 is not a member"),
         std::string("bad source: ") + tofu_rt_last_error());
  expect(tofu_rt_send_memref_f32(1, &four.desc, numLevels(), next) ==
                 TOFU_RT_ERR_ARGUMENT &&
             lastErrorHas("is out of range"),
         std::string("bad level: ") + tofu_rt_last_error());
  expect(tofu_rt_send_memref_f32(1, nullptr, TOFU_RT_WORLD, next) ==
                 TOFU_RT_ERR_ARGUMENT &&
             lastErrorHas("NULL memref descriptor"),
         std::string("NULL buffer: ") + tofu_rt_last_error());
  expect(tofu_rt_send_memref(1, &four.desc, TOFU_RT_WORLD, next, 42) ==
                 TOFU_RT_ERR_ARGUMENT &&
             lastErrorHas("unknown element type 42"),
         std::string("bad dtype: ") + tofu_rt_last_error());
  if (mpi)
    expect(tofu_rt_send_memref_f32(1, &four.desc, TOFU_RT_WORLD, myRank) ==
                   TOFU_RT_ERR_ARGUMENT &&
               lastErrorHas("this rank's own index"),
           std::string("send to itself: ") + tofu_rt_last_error());
  else
    expect(tofu_rt_recv_memref_f32(1, &four.desc, TOFU_RT_WORLD, 0) ==
                   TOFU_RT_ERR_ARGUMENT &&
               lastErrorHas("no message from member 0 is pending"),
           std::string("nothing sent: ") + tofu_rt_last_error());

  // A 4-element message received into 3 elements is refused with both
  // sizes and stays queued for the right receive.
  expect(tofu_rt_send_memref_f32(1, &four.desc, TOFU_RT_WORLD, next) == 0,
         "send_memref for the size check status");
  expect(tofu_rt_recv_memref_f32(1, &three.desc, TOFU_RT_WORLD, prev) ==
                 TOFU_RT_ERR_ARGUMENT &&
             lastErrorHas("tofu_rt_recv_memref(level=-1, source=") &&
             lastErrorHas(mpi ? "holds 4 f32 elements" : "holds 16 bytes") &&
             lastErrorHas("the buffer [3] holds 3 f32 elements"),
         std::string("wrong size: ") + tofu_rt_last_error());
  Vec<float> got(4, true);
  expect(tofu_rt_recv_memref_f32(1, &got.desc, TOFU_RT_WORLD, prev) == 0,
         "recv_memref after the size error status");
  for (int64_t i = 0; i < 4; ++i)
    expect(same(got[i], value(prev, i, 60)),
           where("recv_memref after the size error", TOFU_RT_WORLD, i));
  tofu_rt_set_abort_on_error(1);
}

} // namespace

int main(int argc, char **argv) {
  bool errors = false, messages = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--errors")) {
      errors = true;
      continue;
    }
    if (!std::strcmp(argv[i], "--p2p")) {
      messages = true;
      continue;
    }
    char *end = nullptr;
    long long k = std::strtoll(argv[i], &end, 10);
    if (!end || *end || k < 1) {
      std::fprintf(stderr,
                   "usage: tofu-runtime-test [--errors|--p2p] k_0 k_1 ...\n");
      return 2;
    }
    grid.push_back(k);
  }
  // Errors in init end the job (abort mode), with a message.
  tofu_rt_init(numLevels(), grid.data());
  myRank = tofu_rt_rank();

  if (errors) {
    testErrors();
  } else if (messages) {
    for (int64_t level = TOFU_RT_WORLD; level < numLevels(); ++level)
      testMessages(level);
    testMessageErrors();
  } else {
    for (int64_t level = TOFU_RT_WORLD; level < numLevels(); ++level) {
      expect(tofu_rt_level_size(level) == groupSizeOf(level), "level_size");
      expect(tofu_rt_coord(level) == coordOf(myRank, level), "coord");
      testContiguous(level);
      testMemRef(level);
      testTypedMemRef(level);
    }
  }

  int64_t worst = failures;
  tofu_rt_max_i64(&worst);
  std::string shape;
  for (int64_t k : grid)
    shape += (shape.empty() ? "" : "x") + std::to_string(k);
  if (myRank == 0)
    std::printf("tofu-runtime-test: %s grid %s, %lld ranks, backend %s: "
                "%lld checks on rank 0, %s\n",
                errors     ? "errors"
                : messages ? "p2p"
                           : "collectives",
                shape.empty() ? "1" : shape.c_str(), (long long)tofu_rt_size(),
                tofu_rt_backend(), (long long)checks,
                worst ? "FAILED" : "all passed on every rank");
  tofu_rt_finalize();
  return worst ? 1 : 0;
}
