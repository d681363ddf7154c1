//===- SpecTextTest.cpp - The EntrySpec embedded in programs --------------===//
//
// What tofu-run writes into a program's object must read back as the same
// spec (names with any bytes included), and a damaged spec must be refused
// with the byte it stops at, not crash the program.
//
//===----------------------------------------------------------------------===//

#include "SpecText.h"

#include <gtest/gtest.h>

using namespace tofu_run;

namespace {

EntrySpec sample() {
  EntrySpec spec;
  spec.entry = "train step";
  spec.partitioned = true;
  spec.levelSizes = {2, 3};
  ValueSpec x;
  x.name = "x:1 \n";
  x.dtype = DType::BF16;
  x.shape = {4, -1};
  x.layout = {0, -1};
  x.globalShape = {8, 6};
  ValueSpec lr;
  lr.dtype = DType::F64;
  lr.isTensor = false;
  spec.args = {x, lr};
  ValueSpec loss;
  loss.name = "loss";
  loss.shape = {};
  spec.results = {loss};
  return spec;
}

TEST(SpecText, RoundTrip) {
  EntrySpec in = sample(), out;
  std::string error;
  ASSERT_TRUE(specFromText(specToText(in), out, error)) << error;
  EXPECT_EQ(out.entry, in.entry);
  EXPECT_EQ(out.partitioned, in.partitioned);
  EXPECT_EQ(out.levelSizes, in.levelSizes);
  ASSERT_EQ(out.args.size(), 2u);
  EXPECT_EQ(out.args[0].name, in.args[0].name);
  EXPECT_EQ(out.args[0].dtype, DType::BF16);
  EXPECT_EQ(out.args[0].shape, in.args[0].shape);
  EXPECT_EQ(out.args[0].layout, in.args[0].layout);
  EXPECT_EQ(out.args[0].globalShape, in.args[0].globalShape);
  EXPECT_FALSE(out.args[1].isTensor);
  EXPECT_EQ(out.args[1].dtype, DType::F64);
  ASSERT_EQ(out.results.size(), 1u);
  EXPECT_EQ(out.results[0].name, "loss");
  EXPECT_TRUE(out.results[0].shape.empty());
}

TEST(SpecText, RefusesDamage) {
  std::string text = specToText(sample()), error;
  EntrySpec out;
  EXPECT_FALSE(specFromText(text.substr(0, text.size() / 2), out, error));
  EXPECT_NE(error.find("at byte"), std::string::npos) << error;
  std::string bad = text;
  bad.replace(bad.find("bf16"), 4, "bf17");
  EXPECT_FALSE(specFromText(bad, out, error));
  EXPECT_NE(error.find("a dtype"), std::string::npos) << error;
  EXPECT_FALSE(specFromText("tofu-run-spec 2\n", out, error));
  EXPECT_NE(error.find("version 2"), std::string::npos) << error;
}

} // namespace
