//===- ShardTest.cpp - The layout -> shard mapping of tofu-run ------------===//

#include "RunSupport.h"

#include <gtest/gtest.h>

#include <set>

using namespace tofu_run;
using V = std::vector<int64_t>;

namespace {

TEST(GridCoords, RowMajorLevelZeroMostSignificant) {
  EXPECT_EQ(gridCoords(0, {3, 2}), (V{0, 0}));
  EXPECT_EQ(gridCoords(1, {3, 2}), (V{0, 1}));
  EXPECT_EQ(gridCoords(2, {3, 2}), (V{1, 0}));
  EXPECT_EQ(gridCoords(5, {3, 2}), (V{2, 1}));
  EXPECT_EQ(gridCoords(6, {2, 2, 2}), (V{1, 1, 0}));
  EXPECT_EQ(gridCoords(0, {}), V{});
}

TEST(ShardBox, ReplicatedIsWhole) {
  Box b = shardBox({8, 4}, {}, {2}, {1});
  EXPECT_EQ(b.offsets, (V{0, 0}));
  EXPECT_EQ(b.sizes, (V{8, 4}));
  b = shardBox({8, 4}, {-1, -1}, {2, 3}, {1, 2});
  EXPECT_EQ(b.sizes, (V{8, 4}));
}

TEST(ShardBox, OneLevel) {
  Box b = shardBox({8, 4}, {1}, {2}, {1});
  EXPECT_EQ(b.offsets, (V{0, 2}));
  EXPECT_EQ(b.sizes, (V{8, 2}));
}

TEST(ShardBox, TwoLevelsDifferentDims) {
  // Level 0 splits rows in 3, level 1 columns in 2.
  Box b = shardBox({6, 4}, {0, 1}, {3, 2}, {2, 1});
  EXPECT_EQ(b.offsets, (V{4, 2}));
  EXPECT_EQ(b.sizes, (V{2, 2}));
}

TEST(ShardBox, SameDimTwiceNestsInRankOrder) {
  // Splitting dim 0 at both levels gives the block of index c0*k1 + c1.
  for (int64_t c0 = 0; c0 < 2; ++c0)
    for (int64_t c1 = 0; c1 < 2; ++c1) {
      Box b = shardBox({8}, {0, 0}, {2, 2}, {c0, c1});
      EXPECT_EQ(b.offsets, (V{(c0 * 2 + c1) * 2}));
      EXPECT_EQ(b.sizes, (V{2}));
    }
}

TEST(PaddedShardBox, TenRowsOverFourDropNone) {
  // Blocks of 3: [0,3) [3,6) [6,9) and [9,10) plus two rows of padding.
  V extents;
  for (int64_t c = 0; c < 4; ++c) {
    Box b = paddedShardBox({10, 6}, {0}, {4}, {c}, extents);
    EXPECT_EQ(extents, (V{3, 6}));
    EXPECT_EQ(b.offsets, (V{3 * c, 0}));
    EXPECT_EQ(b.sizes, (V{c < 3 ? 3 : 1, 6}));
  }
}

TEST(PaddedShardBox, NestedLevelsSplitThePaddedBlock) {
  // 10 over 3 then 2: blocks of 4, then 2 of each; rank (2, 0) holds rows 8
  // and 9, rank (2, 1) padding only. 1000 over 2 then 3: 500, then 167,
  // the third block of 500 padded by one (row 500 is the next block's).
  V extents;
  Box b = paddedShardBox({10}, {0, 0}, {3, 2}, {2, 0}, extents);
  EXPECT_EQ(extents, (V{2}));
  EXPECT_EQ(b.offsets, (V{8}));
  EXPECT_EQ(b.sizes, (V{2}));
  b = paddedShardBox({10}, {0, 0}, {3, 2}, {2, 1}, extents);
  EXPECT_EQ(b.sizes, (V{0}));
  b = paddedShardBox({1000}, {0, 0}, {2, 3}, {0, 2}, extents);
  EXPECT_EQ(extents, (V{167}));
  EXPECT_EQ(b.offsets, (V{334}));
  EXPECT_EQ(b.sizes, (V{166}));
  b = paddedShardBox({1000}, {0, 0}, {2, 3}, {1, 0}, extents);
  EXPECT_EQ(b.offsets, (V{500}));
  EXPECT_EQ(b.sizes, (V{167}));
}

TEST(PaddedShardBox, PadThenCropRoundTrips) {
  Array block;
  block.dtype = DType::F32;
  fillSeeded(5, 0, {10, 6}, Box{{9, 0}, {1, 6}}, block);
  Array shard = block;
  padBlock(shard, {3, 6});
  ASSERT_EQ(shard.shape, (V{3, 6}));
  for (int64_t i = 0; i < 6; ++i)
    EXPECT_EQ(shard.data<float>()[i], block.data<float>()[i]);
  for (int64_t i = 6; i < 18; ++i)
    EXPECT_EQ(shard.data<float>()[i], 0.0f);
  cropBlock(shard, {1, 6});
  EXPECT_EQ(shard.shape, block.shape);
  EXPECT_EQ(shard.bytes, block.bytes);
}

TEST(PaddedShardBox, OnlyWithGlobalShapeAndStaticShards) {
  ValueSpec v;
  v.shape = {3, 6};
  v.layout = {0};
  EXPECT_FALSE(isPaddedValue(v, {10, 6}, {4})); // no tofu.global_shape
  v.globalShape = {10, 6};
  EXPECT_TRUE(isPaddedValue(v, {10, 6}, {4}));
  EXPECT_FALSE(isPaddedValue(v, {12, 6}, {4})); // even
  v.shape = {-1, 6};
  EXPECT_FALSE(isPaddedValue(v, {10, 6}, {4})); // balanced, dynamic
}

TEST(ShardBox, UnevenSplitsAreBalanced) {
  // 7 elements in 3 parts: [0,2) [2,4) [4,7).
  EXPECT_EQ(shardBox({7}, {0}, {3}, {0}).sizes, (V{2}));
  EXPECT_EQ(shardBox({7}, {0}, {3}, {1}).offsets, (V{2}));
  EXPECT_EQ(shardBox({7}, {0}, {3}, {2}).sizes, (V{3}));
  EXPECT_EQ(shardBox({7}, {0}, {3}, {2}).offsets, (V{4}));
}

// Every element of the tensor is owned by exactly one rank among the ranks
// that are not replicas, for random layouts on several grids.
TEST(ShardBox, BlocksTileTheTensor) {
  const std::vector<V> grids = {{2}, {2, 2}, {3, 2}, {2, 2, 2}, {4, 3}};
  const V whole = {7, 6, 5};
  unsigned seed = 1;
  for (const V &grid : grids)
    for (int trial = 0; trial < 40; ++trial) {
      V layout(grid.size());
      for (int64_t &d : layout) {
        seed = seed * 1103515245u + 12345u;
        d = static_cast<int64_t>((seed >> 16) % 4) - 1; // -1..2
      }
      int64_t k = 1;
      for (int64_t g : grid)
        k *= g;
      std::vector<int> owners(7 * 6 * 5, 0);
      for (int64_t r = 0; r < k; ++r) {
        V c = gridCoords(r, grid);
        bool replica = false;
        for (size_t l = 0; l < grid.size(); ++l)
          replica |= layout[l] < 0 && c[l] != 0;
        if (replica)
          continue;
        Box b = shardBox(whole, layout, grid, c);
        for (int64_t i = 0; i < b.sizes[0]; ++i)
          for (int64_t j = 0; j < b.sizes[1]; ++j)
            for (int64_t m = 0; m < b.sizes[2]; ++m)
              ++owners[((b.offsets[0] + i) * 6 + b.offsets[1] + j) * 5 +
                       b.offsets[2] + m];
      }
      for (int o : owners)
        ASSERT_EQ(o, 1);
    }
}

TEST(EvenWholeShape, MultipliesSplitDims) {
  EXPECT_EQ(evenWholeShape({4, 3}, {0, 1}, {2, 3}), (V{8, 9}));
  EXPECT_EQ(evenWholeShape({4, 3}, {0, 0}, {2, 3}), (V{24, 3}));
  EXPECT_EQ(evenWholeShape({4, 3}, {}, {2}), (V{4, 3}));
}

TEST(CheckLayout, Errors) {
  EXPECT_EQ(checkLayout({0, -1}, 2, 2), "");
  EXPECT_EQ(checkLayout({}, 2, 2), "");
  EXPECT_EQ(checkLayout({0}, 2, 2),
            "has 1 entries but the grid has 2 level(s)");
  EXPECT_EQ(checkLayout({0, 2}, 2, 2), "names dimension 2 of a rank-2 value");
  EXPECT_EQ(checkLayout({-2}, 2, 1), "names dimension -2 of a rank-2 value");
}

TEST(Seeded, DeterministicAndRankIndependent) {
  // A block generated alone equals the same part of the whole tensor.
  Array whole, block;
  whole.dtype = block.dtype = DType::F32;
  fillSeeded(7, 3, {6, 4}, Box{{0, 0}, {6, 4}}, whole);
  fillSeeded(7, 3, {6, 4}, Box{{2, 1}, {3, 2}}, block);
  for (int64_t i = 0; i < 3; ++i)
    for (int64_t j = 0; j < 2; ++j)
      EXPECT_EQ(block.data<float>()[i * 2 + j],
                whole.data<float>()[(i + 2) * 4 + j + 1]);
  std::set<float> distinct(whole.data<float>(), whole.data<float>() + 24);
  EXPECT_GT(distinct.size(), 20u);
  for (float v : distinct) {
    EXPECT_GE(v, -1.0f);
    EXPECT_LT(v, 1.0f);
  }
  Array other;
  other.dtype = DType::F32;
  fillSeeded(8, 3, {6, 4}, Box{{0, 0}, {6, 4}}, other);
  EXPECT_NE(other.bytes, whole.bytes);
}

} // namespace
