//===- GenericCallTest.cpp - tofu-jit's generic C-interface call ----------===//
//
// The result struct layout must be the one a C compiler gives the AOT
// adapter's `struct Results` (and LLVM gives the C interface's struct), and
// the packed operands must be what the ExecutionEngine's packed wrapper of
// `_mlir_ciface_*` reads. The wrappers below are written by hand the way
// MLIR generates them: operand i points to argument i, a result is stored
// through the last operand.
//
//===----------------------------------------------------------------------===//

#include "GenericCall.h"

#include <gtest/gtest.h>

#include <cstddef>

using namespace tofu_run;

namespace {

ValueSpec tensor(DType t, std::vector<int64_t> shape) {
  ValueSpec v;
  v.dtype = t;
  v.shape = std::move(shape);
  return v;
}
ValueSpec scalar(DType t) {
  ValueSpec v;
  v.dtype = t;
  v.isTensor = false;
  return v;
}

Array array(DType t, std::vector<int64_t> shape) {
  Array a;
  a.dtype = t;
  a.shape = std::move(shape);
  a.bytes.assign(a.numElements() * byteWidth(t), 0);
  return a;
}

// The AOT adapter's struct for results (f32, memref<2x3xf64>, i32,
// memref<f32>, f64, i64, memref<4xi32>).
struct Mixed {
  float r0;
  MemRef<2> r1;
  int32_t r2;
  MemRef<0> r3;
  double r4;
  int64_t r5;
  MemRef<1> r6;
};

std::vector<ValueSpec> mixedResults() {
  return {scalar(DType::F32),     tensor(DType::F64, {2, 3}),
          scalar(DType::I32),     tensor(DType::F32, {}),
          scalar(DType::F64),     scalar(DType::I64),
          tensor(DType::I32, {4})};
}

TEST(GenericCall, DescriptorBytes) {
  EXPECT_EQ(descriptorBytes(0), sizeof(MemRef<0>));
  EXPECT_EQ(descriptorBytes(1), sizeof(MemRef<1>));
  EXPECT_EQ(descriptorBytes(4), sizeof(MemRef<4>));
}

TEST(GenericCall, ResultStructMatchesTheCompilersLayout) {
  ResultLayout l = resultLayout(mixedResults());
  ASSERT_TRUE(l.viaStruct);
  ASSERT_EQ(l.offsets.size(), 7u);
  EXPECT_EQ(l.offsets[0], offsetof(Mixed, r0));
  EXPECT_EQ(l.offsets[1], offsetof(Mixed, r1));
  EXPECT_EQ(l.offsets[2], offsetof(Mixed, r2));
  EXPECT_EQ(l.offsets[3], offsetof(Mixed, r3));
  EXPECT_EQ(l.offsets[4], offsetof(Mixed, r4));
  EXPECT_EQ(l.offsets[5], offsetof(Mixed, r5));
  EXPECT_EQ(l.offsets[6], offsetof(Mixed, r6));
  EXPECT_EQ(l.size, sizeof(Mixed));
  EXPECT_EQ(l.align, alignof(Mixed));

  // Only 4-byte fields: alignment 4, no padding.
  struct Small {
    float a;
    int32_t b;
    float c;
  };
  ResultLayout s = resultLayout(
      {scalar(DType::F32), scalar(DType::I32), scalar(DType::F32)});
  EXPECT_EQ(s.offsets,
            (std::vector<size_t>{offsetof(Small, a), offsetof(Small, b),
                                 offsetof(Small, c)}));
  EXPECT_EQ(s.size, sizeof(Small));
  EXPECT_EQ(s.align, 4u);
}

TEST(GenericCall, WhenResultsGoThroughAStruct) {
  EXPECT_FALSE(resultLayout({}).viaStruct);
  EXPECT_FALSE(resultLayout({scalar(DType::F64)}).viaStruct);
  EXPECT_TRUE(resultLayout({tensor(DType::F32, {})}).viaStruct);
  EXPECT_TRUE(resultLayout({scalar(DType::F32), scalar(DType::F32)}).viaStruct);
}

// void f(Mixed *out, MemRef<2> *x, float s, int32_t k, double d, int64_t n)
double seenS, seenD;
int64_t seenK, seenN;
float *seenX;
int64_t seenSizes[2], seenStrides[2];
void mixedCiface(Mixed *out, MemRef<2> *x, float s, int32_t k, double d,
                 int64_t n) {
  seenX = static_cast<float *>(x->aligned);
  seenSizes[0] = x->sizes[0];
  seenSizes[1] = x->sizes[1];
  seenStrides[0] = x->strides[0];
  seenStrides[1] = x->strides[1];
  seenS = s;
  seenK = k;
  seenD = d;
  seenN = n;
  static double r1[2 * 3 + 3];
  for (int i = 0; i < 9; ++i)
    r1[i] = i;
  static float r3 = 2.5f;
  static int32_t r6[8] = {0, 10, 0, 11, 0, 12, 0, 13};
  out->r0 = 1.5f;
  // A strided view: offset 1, row stride 4 (columns 1-3 of a 2x4 buffer).
  out->r1 = MemRef<2>{r1, r1, 1, {2, 3}, {4, 1}};
  out->r2 = -7;
  out->r3 = MemRef<0>{&r3, &r3, 0};
  out->r4 = 1e-300;
  out->r5 = int64_t(1) << 40;
  out->r6 = MemRef<1>{r6, r6, 1, {4}, {2}};
}
void mixedPacked(void **ops) {
  mixedCiface(*static_cast<Mixed **>(ops[0]),
              *static_cast<MemRef<2> **>(ops[1]), *static_cast<float *>(ops[2]),
              *static_cast<int32_t *>(ops[3]), *static_cast<double *>(ops[4]),
              *static_cast<int64_t *>(ops[5]));
}

TEST(GenericCall, PacksArgumentsAndReadsMixedResults) {
  EntrySpec spec;
  spec.entry = "f";
  spec.args = {tensor(DType::F32, {2, -1}), scalar(DType::F32),
               scalar(DType::I32), scalar(DType::F64), scalar(DType::I64)};
  spec.results = mixedResults();
  std::vector<Array> args = {array(DType::F32, {2, 5}), array(DType::F32, {}),
                             array(DType::I32, {}), array(DType::F64, {}),
                             array(DType::I64, {})};
  *args[1].data<float>() = 0.25f;
  *args[2].data<int32_t>() = -3;
  *args[3].data<double>() = 1.0 / 3;
  *args[4].data<int64_t>() = int64_t(5) << 35;
  PackedCall call(spec, args,
                  [](Array &a) -> void * { return a.bytes.data(); });
  EXPECT_EQ(call.operands().size(), 6u);
  call.invoke(mixedPacked);
  EXPECT_EQ(seenX, args[0].data<float>());
  EXPECT_EQ(seenSizes[0], 2);
  EXPECT_EQ(seenSizes[1], 5); // the dynamic size comes from the array
  EXPECT_EQ(seenStrides[0], 5);
  EXPECT_EQ(seenStrides[1], 1);
  EXPECT_EQ(seenS, 0.25);
  EXPECT_EQ(seenK, -3);
  EXPECT_EQ(seenD, 1.0 / 3);
  EXPECT_EQ(seenN, int64_t(5) << 35);

  std::vector<Array> r = call.results();
  ASSERT_EQ(r.size(), 7u);
  EXPECT_EQ(*r[0].data<float>(), 1.5f);
  EXPECT_TRUE(r[0].shape.empty());
  EXPECT_EQ(r[1].shape, (std::vector<int64_t>{2, 3}));
  EXPECT_EQ(r[1].dtype, DType::F64);
  const double want1[] = {1, 2, 3, 5, 6, 7};
  for (int i = 0; i < 6; ++i)
    EXPECT_EQ(r[1].data<double>()[i], want1[i]) << i;
  EXPECT_EQ(*r[2].data<int32_t>(), -7);
  EXPECT_TRUE(r[3].shape.empty());
  EXPECT_EQ(*r[3].data<float>(), 2.5f);
  EXPECT_EQ(*r[4].data<double>(), 1e-300);
  EXPECT_EQ(*r[5].data<int64_t>(), int64_t(1) << 40);
  EXPECT_EQ(r[6].shape, (std::vector<int64_t>{4}));
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(r[6].data<int32_t>()[i], 10 + i);
}

// double g(MemRef<1> *x): one scalar result comes back directly.
double sumCiface(MemRef<1> *x) {
  double s = 0;
  for (int64_t i = 0; i < x->sizes[0]; ++i)
    s += static_cast<double *>(x->aligned)[x->offset + i * x->strides[0]];
  return s;
}
void sumPacked(void **ops) {
  *static_cast<double *>(ops[1]) =
      sumCiface(*static_cast<MemRef<1> **>(ops[0]));
}

TEST(GenericCall, ScalarResultAndFreshBuffers) {
  EntrySpec spec;
  spec.args = {tensor(DType::F64, {3})};
  spec.results = {scalar(DType::F64)};
  std::vector<Array> args = {array(DType::F64, {3})};
  for (int i = 0; i < 3; ++i)
    args[0].data<double>()[i] = i + 1;
  PackedCall call(spec, args,
                  [](Array &a) -> void * { return a.bytes.data(); });
  ASSERT_EQ(call.operands().size(), 2u);
  call.invoke(sumPacked);
  EXPECT_EQ(*call.results()[0].data<double>(), 6.0);

  // A copy with other buffers (as the GPU timing runs make): the original's
  // operands are untouched, the copy reads the new buffer.
  double other[3] = {10, 20, 30};
  const void *asked = nullptr;
  PackedCall fresh = call.withFreshBuffers([&](const void *aligned) {
    asked = aligned;
    return static_cast<void *>(other);
  });
  EXPECT_EQ(asked, args[0].bytes.data());
  fresh.invoke(sumPacked);
  EXPECT_EQ(*fresh.results()[0].data<double>(), 60.0);
  EXPECT_EQ(*call.results()[0].data<double>(), 6.0);
  call.invoke(sumPacked);
  EXPECT_EQ(*call.results()[0].data<double>(), 6.0);
  // Moving keeps the operands valid.
  PackedCall moved = std::move(fresh);
  moved.invoke(sumPacked);
  EXPECT_EQ(*moved.results()[0].data<double>(), 60.0);
}

// No results: void, one operand per argument.
int called = 0;
void voidPacked(void **ops) { called = *static_cast<int32_t *>(ops[0]); }

TEST(GenericCall, NoResults) {
  EntrySpec spec;
  spec.args = {scalar(DType::I32)};
  std::vector<Array> args = {array(DType::I32, {})};
  *args[0].data<int32_t>() = 42;
  PackedCall call(spec, args,
                  [](Array &a) -> void * { return a.bytes.data(); });
  EXPECT_EQ(call.operands().size(), 1u);
  call.invoke(voidPacked);
  EXPECT_EQ(called, 42);
  EXPECT_TRUE(call.results().empty());
}

} // namespace

// (MemRef<1> a, MemRef<1> b, MemRef<1> c, MemRef<1> d) f(MemRef<1> *x): a
// fresh block, a view of the argument, a constant and a second view of the
// fresh block; takeResults frees the fresh block once and nothing else (a
// wrong free aborts, a missing one is a leak in the sanitized suite).
struct FourViews {
  MemRef<1> fresh, ofArgument, constant, freshAgain;
};
float constantData[2] = {7, 8};
void fourViewsPacked(void **ops) {
  FourViews *out = *static_cast<FourViews **>(ops[0]);
  MemRef<1> *x = *static_cast<MemRef<1> **>(ops[1]);
  float *block = static_cast<float *>(std::malloc(4 * sizeof(float)));
  for (int i = 0; i < 4; ++i)
    block[i] = 100 + i;
  out->fresh = MemRef<1>{block, block, 0, {2}, {1}};
  out->ofArgument = MemRef<1>{x->allocated, x->aligned, 1, {2}, {1}};
  out->constant = MemRef<1>{reinterpret_cast<void *>(uintptr_t(0xdeadbeef)),
                            constantData,
                            0,
                            {2},
                            {1}};
  out->freshAgain = MemRef<1>{block, block, 2, {2}, {1}};
}

TEST(GenericCall, TakeResultsFreesOnlyTheEntrysBlocks) {
  EntrySpec spec;
  spec.args = {tensor(DType::F32, {3})};
  spec.results = {tensor(DType::F32, {2}), tensor(DType::F32, {2}),
                  tensor(DType::F32, {2}), tensor(DType::F32, {2})};
  std::vector<Array> args = {array(DType::F32, {3})};
  for (int i = 0; i < 3; ++i)
    args[0].data<float>()[i] = i + 1;
  PackedCall call(spec, args,
                  [](Array &a) -> void * { return a.bytes.data(); });
  call.invoke(fourViewsPacked);
  std::vector<Array> r = call.takeResults();
  ASSERT_EQ(r.size(), 4u);
  EXPECT_EQ(r[0].data<float>()[1], 101.f);
  EXPECT_EQ(r[1].data<float>()[0], 2.f);
  EXPECT_EQ(r[2].data<float>()[1], 8.f);
  EXPECT_EQ(r[3].data<float>()[0], 102.f);
  // The argument's block is still the harness's.
  EXPECT_EQ(args[0].data<float>()[2], 3.f);
}
