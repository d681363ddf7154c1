//===- NpyTest.cpp - The .npy reader and writer of tofu-run ---------------===//

#include "RunSupport.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <unistd.h>

using namespace tofu_run;
using V = std::vector<int64_t>;

namespace {

std::string tempPath(const char *name) {
  return "/tmp/tofu-run-npytest-" + std::to_string(getpid()) + "-" + name;
}

Array iota(DType t, V shape) {
  Array a;
  a.dtype = t;
  a.shape = shape;
  a.bytes.resize(a.numElements() * byteWidth(t));
  for (int64_t i = 0; i < a.numElements(); ++i)
    switch (t) {
    case DType::F32:
      a.data<float>()[i] = 0.5f * i;
      break;
    case DType::F64:
      a.data<double>()[i] = 0.25 * i;
      break;
    case DType::I32:
      a.data<int32_t>()[i] = static_cast<int32_t>(i) - 3;
      break;
    case DType::I64:
      a.data<int64_t>()[i] = i * 1000000000000ll;
      break;
    }
  return a;
}

TEST(Npy, RoundTripEveryDtypeAndRank) {
  std::string path = tempPath("rt.npy"), error;
  for (DType t : {DType::F32, DType::F64, DType::I32, DType::I64})
    for (V shape : {V{}, V{5}, V{3, 4}, V{2, 3, 4}, V{0, 3}}) {
      Array a = iota(t, shape);
      ASSERT_TRUE(writeNpy(path, a, error)) << error;
      NpyHeader h;
      ASSERT_TRUE(readNpyHeader(path, h, error)) << error;
      EXPECT_EQ(h.dtype, t);
      EXPECT_EQ(h.shape, shape);
      EXPECT_EQ(h.dataOffset % 64, 0);
      Array b;
      ASSERT_TRUE(readNpyBlock(path, h, V(shape.size(), 0), shape, b, error));
      EXPECT_EQ(b.bytes, a.bytes);
    }
  std::remove(path.c_str());
}

TEST(Npy, ReadsOnlyTheBlock) {
  std::string path = tempPath("block.npy"), error;
  Array a = iota(DType::F32, {4, 5, 6});
  ASSERT_TRUE(writeNpy(path, a, error));
  NpyHeader h;
  ASSERT_TRUE(readNpyHeader(path, h, error));
  for (V off : {V{1, 2, 3}, V{0, 0, 0}, V{2, 0, 0}})
    for (V size : {V{2, 3, 3}, V{2, 5, 6}, V{1, 1, 1}}) {
      Array b;
      ASSERT_TRUE(readNpyBlock(path, h, off, size, b, error));
      for (int64_t i = 0; i < size[0]; ++i)
        for (int64_t j = 0; j < size[1]; ++j)
          for (int64_t k = 0; k < size[2]; ++k)
            ASSERT_EQ(b.data<float>()[(i * size[1] + j) * size[2] + k],
                      a.data<float>()[((off[0] + i) * 5 + off[1] + j) * 6 +
                                      off[2] + k]);
    }
  std::remove(path.c_str());
}

void writeRaw(const std::string &path, const std::string &dict,
              size_t dataBytes) {
  std::string head = "\x93NUMPY";
  head += '\x01';
  head += '\x00';
  std::string d = dict + "\n";
  head += static_cast<char>(d.size() & 0xff);
  head += static_cast<char>(d.size() >> 8);
  std::ofstream f(path, std::ios::binary);
  f << head << d << std::string(dataBytes, '\0');
}

TEST(Npy, Errors) {
  std::string path = tempPath("bad.npy"), error;
  NpyHeader h;
  EXPECT_FALSE(readNpyHeader(tempPath("missing.npy"), h, error));
  EXPECT_NE(error.find("cannot open"), std::string::npos) << error;

  writeRaw(path, "{'descr': '|u1', 'fortran_order': False, 'shape': (2,), }",
           2);
  EXPECT_FALSE(readNpyHeader(path, h, error));
  EXPECT_NE(error.find("holds uint8"), std::string::npos) << error;

  // bool is one byte per element (the entry type i1).
  writeRaw(path, "{'descr': '|b1', 'fortran_order': False, 'shape': (2,), }",
           2);
  EXPECT_TRUE(readNpyHeader(path, h, error)) << error;
  EXPECT_EQ(h.dtype, DType::I1);

  writeRaw(path, "{'descr': '<f4', 'fortran_order': True, 'shape': (2, 2), }",
           16);
  EXPECT_FALSE(readNpyHeader(path, h, error));
  EXPECT_NE(error.find("Fortran order"), std::string::npos) << error;

  writeRaw(path, "{'descr': '<f4', 'fortran_order': False, 'shape': (4, 4), }",
           16);
  EXPECT_FALSE(readNpyHeader(path, h, error));
  EXPECT_NE(error.find("is truncated"), std::string::npos) << error;

  std::ofstream(path) << "hello";
  EXPECT_FALSE(readNpyHeader(path, h, error));
  EXPECT_NE(error.find("is not a .npy file"), std::string::npos) << error;
  std::remove(path.c_str());
}

} // namespace
