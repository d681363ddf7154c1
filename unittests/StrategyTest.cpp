//===- StrategyTest.cpp - Basic strategy discovery ------------------------===//
//
// Tests discoverStrategies on descriptions built directly in C++ (no parser,
// no library): which dimensions split, what each input needs along each of
// its dimensions, halo widths, and the per-worker regions.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Analysis/Strategy.h"

#include "mlir/IR/AffineMap.h"
#include "mlir/IR/MLIRContext.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tofu;

namespace {

using Kind = DimRequirement::Kind;

class StrategyTest : public ::testing::Test {
protected:
  AffineExpr d(unsigned i) { return getAffineDimExpr(i, &ctx); }
  AffineExpr s(unsigned i) { return getAffineSymbolExpr(i, &ctx); }
  AffineMap map(unsigned numDims, ArrayRef<AffineExpr> results,
                unsigned numSymbols = 0) {
    return AffineMap::get(numDims, numSymbols, results, &ctx);
  }

  /// A description over `loops`; `reductions` of them are reductions summed.
  OpDescription describe(ArrayRef<std::string> loops,
                         ArrayRef<bool> reductions) {
    OpDescription desc;
    desc.name = "test";
    desc.loopNames.assign(loops.begin(), loops.end());
    desc.isReduction.assign(reductions.begin(), reductions.end());
    if (llvm::is_contained(reductions, true))
      desc.reducer = tdl::Reducer::sum;
    return desc;
  }

  void addInput(OpDescription &desc, AffineMap m,
                ArrayRef<int64_t> shape = {}) {
    InputAccess in;
    in.map = m;
    in.shape.assign(shape.begin(), shape.end());
    in.operandNumber = desc.inputs.size();
    desc.inputs.push_back(std::move(in));
  }

  std::vector<Strategy> discover(const OpDescription &desc,
                                 unsigned numSymbols = 0) {
    std::string error;
    FailureOr<std::vector<Strategy>> result =
        discoverStrategies(desc, numSymbols, error);
    EXPECT_TRUE(succeeded(result)) << error;
    return succeeded(result) ? *result : std::vector<Strategy>();
  }

  static std::vector<Kind> kinds(const Strategy &s, unsigned input) {
    std::vector<Kind> result;
    for (const DimRequirement &r : s.inputs[input])
      result.push_back(r.kind);
    return result;
  }

  static std::string regions(const Strategy &s, unsigned input,
                             unsigned worker) {
    std::string str;
    for (const IntRange &r : s.inputRegions[input][worker])
      str += (str.empty() ? "" : " ") +
             (r.empty() ? std::string("none")
                        : std::to_string(r.lo) + ":" + std::to_string(r.hi));
    return str;
  }

  static std::string outRegions(const Strategy &s, unsigned worker) {
    std::string str;
    for (const IntRange &r : s.outputRegions[0][worker])
      str += (str.empty() ? "" : " ") + std::to_string(r.lo) + ":" +
             std::to_string(r.hi);
    return str;
  }

  std::string symRegion(const Strategy &s, const OpDescription &desc,
                        unsigned input, unsigned worker, unsigned pos,
                        ArrayRef<std::string> params = {}) {
    std::string str;
    llvm::raw_string_ostream os(str);
    s.symbolicRegions[input][worker][pos].print(
        os, symbolicVariableNames(desc, params));
    return str;
  }

  static std::string print(const LinearForm &f, ArrayRef<std::string> names) {
    std::string str;
    llvm::raw_string_ostream os(str);
    f.print(os, names);
    return str;
  }

  MLIRContext ctx;
};

TEST_F(StrategyTest, VariableNames) {
  OpDescription desc = describe({"b", "dx"}, {false, false});
  EXPECT_EQ(symbolicVariableNames(desc, {"attr.k"}),
            (SmallVector<std::string>{"B", "DX", "attr.k"}));
}

/// C[i, j] = sum_k A[i, k] * B[k, j] with i = 4, j = 6, k = 8.
TEST_F(StrategyTest, MatmulConcrete) {
  OpDescription desc = describe({"i", "j", "k"}, {false, false, true});
  desc.extents = {4, 6, 8};
  addInput(desc, map(3, {d(0), d(2)}), {4, 8});
  addInput(desc, map(3, {d(2), d(1)}), {8, 6});
  desc.outputMaps.push_back(map(3, {d(0), d(1)}));
  desc.outputShapes.push_back({4, 6});

  std::vector<Strategy> strategies = discover(desc);
  ASSERT_EQ(strategies.size(), 3u);

  const Strategy &i = strategies[0];
  EXPECT_EQ(i.loop, 0u);
  EXPECT_EQ(i.kind, Strategy::Kind::Output);
  EXPECT_EQ(kinds(i, 0), (std::vector<Kind>{Kind::Half, Kind::All}));
  EXPECT_EQ(kinds(i, 1), (std::vector<Kind>{Kind::All, Kind::All}));
  EXPECT_EQ(i.outputs[0], (SmallVector<bool>{true, false}));
  EXPECT_EQ(regions(i, 0, 0), "0:1 0:7");
  EXPECT_EQ(regions(i, 0, 1), "2:3 0:7");
  EXPECT_EQ(regions(i, 1, 1), "0:7 0:5");
  EXPECT_EQ(outRegions(i, 0), "0:1 0:5");
  EXPECT_EQ(outRegions(i, 1), "2:3 0:5");

  const Strategy &j = strategies[1];
  EXPECT_EQ(j.loop, 1u);
  EXPECT_EQ(kinds(j, 0), (std::vector<Kind>{Kind::All, Kind::All}));
  EXPECT_EQ(kinds(j, 1), (std::vector<Kind>{Kind::All, Kind::Half}));
  EXPECT_EQ(regions(j, 1, 1), "0:7 3:5");

  // Partition-n-reduce: both workers produce the whole (partial) output.
  const Strategy &k = strategies[2];
  EXPECT_EQ(k.loop, 2u);
  EXPECT_EQ(k.kind, Strategy::Kind::Reduction);
  EXPECT_EQ(kinds(k, 0), (std::vector<Kind>{Kind::All, Kind::Half}));
  EXPECT_EQ(kinds(k, 1), (std::vector<Kind>{Kind::Half, Kind::All}));
  EXPECT_EQ(k.outputs[0], (SmallVector<bool>{false, false}));
  EXPECT_EQ(regions(k, 0, 0), "0:3 0:3");
  EXPECT_EQ(regions(k, 0, 1), "0:3 4:7");
  EXPECT_EQ(outRegions(k, 0), "0:3 0:5");
  EXPECT_EQ(outRegions(k, 1), "0:3 0:5");
}

TEST_F(StrategyTest, ReductionWithoutReducerAndUnitExtentsAreNotSplit) {
  OpDescription desc = describe({"i", "j", "k"}, {false, false, true});
  desc.reducer.reset();
  desc.extents = {1, 6, 8};
  addInput(desc, map(3, {d(0), d(2)}), {1, 8});
  addInput(desc, map(3, {d(2), d(1)}), {8, 6});
  desc.outputMaps.push_back(map(3, {d(0), d(1)}));
  desc.outputShapes.push_back({1, 6});
  std::vector<Strategy> strategies = discover(desc);
  ASSERT_EQ(strategies.size(), 1u);
  EXPECT_EQ(strategies[0].loop, 1u);
}

/// The paper's conv1d: data[b, ci, x + dx] * filter[ci, co, dx].
TEST_F(StrategyTest, Conv1dSymbolicHalo) {
  OpDescription desc =
      describe({"b", "co", "x", "ci", "dx"}, {false, false, false, true, true});
  addInput(desc, map(5, {d(0), d(3), d(2) + d(4)}));
  addInput(desc, map(5, {d(3), d(1), d(4)}));
  desc.outputMaps.push_back(map(5, {d(0), d(1), d(2)}));
  SmallVector<std::string> names = symbolicVariableNames(desc, {});

  std::vector<Strategy> strategies = discover(desc);
  ASSERT_EQ(strategies.size(), 5u);

  const Strategy &x = strategies[2];
  EXPECT_EQ(x.loop, 2u);
  EXPECT_EQ(kinds(x, 0), (std::vector<Kind>{Kind::All, Kind::All, Kind::Halo}));
  ASSERT_TRUE(x.inputs[0][2].symbolicHalo.has_value());
  EXPECT_EQ(print(x.inputs[0][2].symbolicHalo->first, names), "0");
  EXPECT_EQ(print(x.inputs[0][2].symbolicHalo->second, names), "DX - 1");
  EXPECT_EQ(symRegion(x, desc, 0, 0, 2), "[0, X/2 + DX - 2]");
  EXPECT_EQ(symRegion(x, desc, 0, 1, 2), "[X/2, X + DX - 2]");
  EXPECT_EQ(kinds(x, 1), (std::vector<Kind>{Kind::All, Kind::All, Kind::All}));

  const Strategy &dx = strategies[4];
  EXPECT_EQ(dx.kind, Strategy::Kind::Reduction);
  EXPECT_EQ(kinds(dx, 0),
            (std::vector<Kind>{Kind::All, Kind::All, Kind::Halo}));
  EXPECT_EQ(print(dx.inputs[0][2].symbolicHalo->second, names), "X - 1");
  EXPECT_EQ(kinds(dx, 1),
            (std::vector<Kind>{Kind::All, Kind::All, Kind::Half}));

  const Strategy &b = strategies[0];
  EXPECT_EQ(kinds(b, 0), (std::vector<Kind>{Kind::Half, Kind::All, Kind::All}));
  EXPECT_EQ(symRegion(b, desc, 0, 0, 0), "[0, B/2 - 1]");
  EXPECT_EQ(symRegion(b, desc, 0, 1, 0), "[B/2, B - 1]");
}

TEST_F(StrategyTest, Conv1dConcreteHalo) {
  OpDescription desc =
      describe({"b", "co", "x", "ci", "dx"}, {false, false, false, true, true});
  desc.extents = {2, 3, 8, 4, 3};
  addInput(desc, map(5, {d(0), d(3), d(2) + d(4)}), {2, 4, 10});
  addInput(desc, map(5, {d(3), d(1), d(4)}), {4, 3, 3});
  desc.outputMaps.push_back(map(5, {d(0), d(1), d(2)}));
  desc.outputShapes.push_back({2, 3, 8});

  std::vector<Strategy> strategies = discover(desc);
  ASSERT_EQ(strategies.size(), 5u);
  const Strategy &x = strategies[2];
  const DimRequirement &halo = x.inputs[0][2];
  EXPECT_EQ(halo.kind, Kind::Halo);
  EXPECT_EQ(halo.haloLo, 0);
  EXPECT_EQ(halo.haloHi, 2);
  EXPECT_FALSE(halo.symbolicHalo.has_value());
  EXPECT_EQ(regions(x, 0, 0), "0:1 0:3 0:5");
  EXPECT_EQ(regions(x, 0, 1), "0:1 0:3 4:9");
  EXPECT_EQ(outRegions(x, 1), "0:1 0:2 4:7");

  // A strided window (x * 2 + dx) needs dx's width minus the stride.
  OpDescription strided = describe({"x", "dx"}, {false, true});
  strided.extents = {4, 3};
  addInput(strided, map(2, {d(0) * 2 + d(1)}), {9});
  strided.outputMaps.push_back(map(2, {d(0)}));
  strided.outputShapes.push_back({4});
  std::vector<Strategy> s = discover(strided);
  ASSERT_EQ(s.size(), 2u);
  EXPECT_EQ(s[0].inputs[0][0].kind, Kind::Halo);
  EXPECT_EQ(s[0].inputs[0][0].haloLo, 0);
  EXPECT_EQ(s[0].inputs[0][0].haloHi, 1);
  EXPECT_EQ(regions(s[0], 0, 0), "0:4");
  EXPECT_EQ(regions(s[0], 0, 1), "4:8");
}

/// The paper's shift_two: out[i] = in[i + 2].
TEST_F(StrategyTest, Shift) {
  OpDescription desc = describe({"i"}, {false});
  addInput(desc, map(1, {d(0) + 2}));
  desc.outputMaps.push_back(map(1, {d(0)}));
  std::vector<Strategy> symbolic = discover(desc);
  ASSERT_EQ(symbolic.size(), 1u);
  EXPECT_EQ(kinds(symbolic[0], 0), (std::vector<Kind>{Kind::Half}));
  EXPECT_EQ(symRegion(symbolic[0], desc, 0, 0, 0), "[2, I/2 + 1]");
  EXPECT_EQ(symRegion(symbolic[0], desc, 0, 1, 0), "[I/2 + 2, I + 1]");

  desc.extents = {10};
  desc.inputs[0].shape = {12};
  desc.outputShapes.push_back({10});
  std::vector<Strategy> concrete = discover(desc);
  ASSERT_EQ(concrete.size(), 1u);
  EXPECT_EQ(kinds(concrete[0], 0), (std::vector<Kind>{Kind::Half}));
  EXPECT_EQ(regions(concrete[0], 0, 0), "2:6");
  EXPECT_EQ(regions(concrete[0], 0, 1), "7:11");
}

/// A guarded (padded) access is clamped to the input.
TEST_F(StrategyTest, GuardedRegionsAreClamped) {
  OpDescription desc = describe({"x", "k"}, {false, true});
  desc.extents = {6, 3};
  addInput(desc, map(2, {d(0) + d(1) - 1}), {6});
  desc.inputs[0].guarded = true;
  desc.outputMaps.push_back(map(2, {d(0)}));
  desc.outputShapes.push_back({6});
  std::vector<Strategy> strategies = discover(desc);
  ASSERT_EQ(strategies.size(), 2u);
  EXPECT_EQ(strategies[0].inputs[0][0].kind, Kind::Halo);
  EXPECT_EQ(strategies[0].inputs[0][0].haloLo, 1);
  EXPECT_EQ(strategies[0].inputs[0][0].haloHi, 1);
  EXPECT_EQ(regions(strategies[0], 0, 0), "0:3");
  EXPECT_EQ(regions(strategies[0], 0, 1), "2:5");
}

TEST_F(StrategyTest, NonLinearAccesses) {
  // in[i mod 2] with i = 4: both workers read the same elements.
  OpDescription tile = describe({"i"}, {false});
  tile.extents = {4};
  addInput(tile, map(1, {d(0) % 2}), {2});
  tile.outputMaps.push_back(map(1, {d(0)}));
  tile.outputShapes.push_back({4});
  std::vector<Strategy> t = discover(tile);
  ASSERT_EQ(t.size(), 1u);
  EXPECT_EQ(kinds(t[0], 0), (std::vector<Kind>{Kind::All}));
  EXPECT_EQ(regions(t[0], 0, 0), "0:1");
  EXPECT_EQ(regions(t[0], 0, 1), "0:1");

  // in[i floordiv 2] with i = 8: disjoint halves.
  OpDescription down = describe({"i"}, {false});
  down.extents = {8};
  addInput(down, map(1, {d(0).floorDiv(2)}), {4});
  down.outputMaps.push_back(map(1, {d(0)}));
  down.outputShapes.push_back({8});
  std::vector<Strategy> dn = discover(down);
  ASSERT_EQ(dn.size(), 1u);
  EXPECT_EQ(kinds(dn[0], 0), (std::vector<Kind>{Kind::Half}));
  EXPECT_EQ(regions(dn[0], 0, 0), "0:1");
  EXPECT_EQ(regions(dn[0], 0, 1), "2:3");

  // Symbolically: mod needs everything, floordiv a half.
  tile.extents.clear();
  down.extents.clear();
  EXPECT_EQ(kinds(discover(tile)[0], 0), (std::vector<Kind>{Kind::All}));
  EXPECT_EQ(kinds(discover(down)[0], 0), (std::vector<Kind>{Kind::Half}));
}

/// The paper's batch_cholesky: x[b, :, :], splittable along b only.
TEST_F(StrategyTest, Opaque) {
  OpDescription desc = describe({"b", "i", "j"}, {false, false, false});
  desc.opaque = true;
  desc.canSplit = {true, false, false};
  addInput(desc, map(3, {d(0), getAffineConstantExpr(0, &ctx),
                         getAffineConstantExpr(0, &ctx)}));
  desc.inputs[0].whole.resize(3);
  desc.inputs[0].whole.set(1);
  desc.inputs[0].whole.set(2);
  desc.outputMaps.push_back(AffineMap::getMultiDimIdentityMap(3, &ctx));

  std::vector<Strategy> symbolic = discover(desc);
  ASSERT_EQ(symbolic.size(), 1u);
  EXPECT_EQ(symbolic[0].loop, 0u);
  EXPECT_EQ(kinds(symbolic[0], 0),
            (std::vector<Kind>{Kind::Half, Kind::All, Kind::All}));
  EXPECT_EQ(symbolic[0].outputs[0], (SmallVector<bool>{true, false, false}));
  EXPECT_EQ(symRegion(symbolic[0], desc, 0, 1, 0), "[B/2, B - 1]");

  desc.extents = {4, 3, 3};
  desc.inputs[0].shape = {4, 3, 3};
  desc.outputShapes.push_back({4, 3, 3});
  std::vector<Strategy> concrete = discover(desc);
  ASSERT_EQ(concrete.size(), 1u);
  EXPECT_EQ(regions(concrete[0], 0, 0), "0:1 0:2 0:2");
  EXPECT_EQ(regions(concrete[0], 0, 1), "2:3 0:2 0:2");
  EXPECT_EQ(outRegions(concrete[0], 1), "2:3 0:2 0:2");
}

TEST_F(StrategyTest, ProductOfIntervalsFails) {
  OpDescription desc = describe({"i", "k"}, {false, true});
  addInput(desc, map(2, {d(0) * s(0) + d(1)}, 1));
  desc.outputMaps.push_back(map(2, {d(0)}));
  std::string error;
  FailureOr<std::vector<Strategy>> result = discoverStrategies(desc, 1, error);
  EXPECT_TRUE(failed(result));
  EXPECT_NE(error.find("product of two intervals"), std::string::npos) << error;
}

TEST_F(StrategyTest, SymbolicHaloWithParams) {
  // in[x + k - P]: a padded window whose halo depends on the param P.
  OpDescription desc = describe({"x", "k"}, {false, true});
  addInput(desc, map(2, {d(0) + d(1) - s(0)}, 1));
  desc.outputMaps.push_back(map(2, {d(0)}));
  SmallVector<std::string> names = symbolicVariableNames(desc, {"P"});
  std::vector<Strategy> strategies = discover(desc, 1);
  ASSERT_EQ(strategies.size(), 2u);
  const DimRequirement &req = strategies[0].inputs[0][0];
  EXPECT_EQ(req.kind, Kind::Halo);
  ASSERT_TRUE(req.symbolicHalo.has_value());
  EXPECT_EQ(print(req.symbolicHalo->first, names), "P");
  EXPECT_EQ(print(req.symbolicHalo->second, names), "K - P - 1");
  EXPECT_EQ(symRegion(strategies[0], desc, 0, 0, 0, {"P"}),
            "[-P, X/2 + K - P - 2]");
}

} // namespace
