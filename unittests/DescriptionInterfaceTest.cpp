//===- DescriptionInterfaceTest.cpp - The TDL description interface -------===//
//
// Tests that each model of the TDL description interface answers (linalg,
// library-backed, native tdl.apply), that the library-backed model reaches
// ops of a dialect loaded after the library was built, that a user library
// overrides a shipped entry, and that a missing or malformed library is a
// located error.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Analysis/Description.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tofu;

namespace {

class DescriptionInterfaceTest : public ::testing::Test {
protected:
  DescriptionInterfaceTest() : context(makeRegistry()) {
    context.loadDialect<tdl::TDLDialect, func::FuncDialect>();
    handler.emplace(&context, [this](Diagnostic &diag) {
      llvm::raw_string_ostream os(diagnostics);
      os << diag.getLocation() << ": " << diag << "\n";
    });
  }

  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    registry.insert<tdl::TDLDialect, func::FuncDialect, tosa::TosaDialect,
                    linalg::LinalgDialect, tensor::TensorDialect,
                    arith::ArithDialect, math::MathDialect>();
    registerTDLDescriptionModels(registry);
    return registry;
  }

  /// The first op of the first function of `source`.
  Operation *firstOp(StringRef source) {
    module = parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module);
    if (!module)
      return nullptr;
    auto func = *module->getOps<func::FuncOp>().begin();
    return &func.getBody().front().front();
  }

  /// Writes `text` to a temporary file and returns its path.
  std::string writeTemp(StringRef text) {
    SmallString<128> path;
    int fd;
    EXPECT_FALSE(
        llvm::sys::fs::createTemporaryFile("tdl-library", "mlir", fd, path));
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << text;
    temps.push_back(path.str().str());
    return temps.back();
  }

  ~DescriptionInterfaceTest() override {
    for (const std::string &path : temps)
      llvm::sys::fs::remove(path);
  }

  MLIRContext context;
  std::optional<ScopedDiagnosticHandler> handler;
  std::string diagnostics;
  OwningOpRef<ModuleOp> module;
  SmallVector<std::string> temps;
};

TEST_F(DescriptionInterfaceTest, LibraryModelReachesDialectsLoadedLater) {
  // The library is built while TOSA is not loaded yet.
  ASSERT_TRUE(succeeded(tdl::getDescriptionLibrary(&context)));
  ASSERT_FALSE(context.getLoadedDialect<tosa::TosaDialect>());
  Operation *op = firstOp(R"mlir(
    func.func @f(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
      %0 = tosa.exp %a : (tensor<4x6xf32>) -> tensor<4x6xf32>
      return %0 : tensor<4x6xf32>
    })mlir");
  ASSERT_TRUE(op);
  EXPECT_TRUE(isa<TDLDescriptionOpInterface>(op));
  FailureOr<OpDescription> desc = getDescription(op);
  ASSERT_TRUE(succeeded(desc)) << diagnostics;
  EXPECT_EQ(desc->name, "tosa.exp");
  EXPECT_EQ(desc->extents, (SmallVector<int64_t>{4, 6}));
  EXPECT_TRUE(isa_and_nonnull<tdl::OperatorOp>(desc->source));
}

TEST_F(DescriptionInterfaceTest, LinalgModelDerivesFromIndexingMaps) {
  Operation *op = firstOp(R"mlir(
    func.func @f(%a: tensor<4x8xf32>, %b: tensor<8x16xf32>,
                 %c: tensor<4x16xf32>) -> tensor<4x16xf32> {
      %0 = linalg.matmul ins(%a, %b : tensor<4x8xf32>, tensor<8x16xf32>)
                         outs(%c : tensor<4x16xf32>) -> tensor<4x16xf32>
      return %0 : tensor<4x16xf32>
    })mlir");
  ASSERT_TRUE(op);
  FailureOr<OpDescription> desc = getDescription(op);
  ASSERT_TRUE(succeeded(desc)) << diagnostics;
  EXPECT_EQ(desc->linalgOp, op);
  EXPECT_EQ(desc->extents, (SmallVector<int64_t>{4, 16, 8}));
  EXPECT_EQ(desc->isReduction, (SmallVector<bool>{false, false, true}));
  EXPECT_EQ(desc->reducer, tdl::Reducer::sum);
}

TEST_F(DescriptionInterfaceTest, ApplyIsNative) {
  Operation *op = firstOp(R"mlir(
    func.func @f(%a: tensor<12xf32>) -> tensor<10xf32> {
      %0 = tdl.apply @shift_two(%a) : (tensor<12xf32>) -> tensor<10xf32>
      return %0 : tensor<10xf32>
    }
    tdl.operator @shift_two dims ["i"] inputs [affine_map<(i) -> (i + 2)>])mlir");
  ASSERT_TRUE(op);
  auto described = dyn_cast<TDLDescriptionOpInterface>(op);
  ASSERT_TRUE(described);
  FailureOr<OpDescription> desc = described.getTDLDescription();
  ASSERT_TRUE(succeeded(desc)) << diagnostics;
  EXPECT_EQ(desc->name, "shift_two");
  EXPECT_EQ(desc->extents, (SmallVector<int64_t>{10}));
}

TEST_F(DescriptionInterfaceTest, UserLibraryOverridesShippedEntry) {
  std::string path = writeTemp(
      R"(tdl.opaque @"tosa.exp" dims ["a", "b"] batch ["a"] inputs [["a", ":"]])");
  ASSERT_TRUE(succeeded(
      tdl::loadDescriptionLibrary(&context, path, UnknownLoc::get(&context))))
      << diagnostics;
  Operation *op = firstOp(R"mlir(
    func.func @f(%a: tensor<4x6xf32>) -> tensor<4x6xf32> {
      %0 = tosa.exp %a : (tensor<4x6xf32>) -> tensor<4x6xf32>
      return %0 : tensor<4x6xf32>
    })mlir");
  ASSERT_TRUE(op);
  FailureOr<OpDescription> desc = getDescription(op);
  ASSERT_TRUE(succeeded(desc)) << diagnostics;
  EXPECT_TRUE(desc->opaque);
  EXPECT_EQ(desc->canSplit, (SmallVector<bool>{true, false}));
}

TEST_F(DescriptionInterfaceTest, MissingLibraryIsLocated) {
  Location loc = FileLineColLoc::get(&context, "model.mlir", 3, 5);
  EXPECT_TRUE(failed(
      tdl::loadDescriptionLibrary(&context, "/nonexistent/lib.mlir", loc)));
  EXPECT_NE(diagnostics.find("\"model.mlir\":3:5): cannot load TDL description "
                             "file '/nonexistent/lib.mlir'"),
            std::string::npos)
      << diagnostics;
}

TEST_F(DescriptionInterfaceTest, MalformedLibraryIsLocatedInTheFile) {
  std::string path = writeTemp("tdl.opaque @\"tosa.exp\" dims [\"a\"]\n");
  EXPECT_TRUE(failed(
      tdl::loadDescriptionLibrary(&context, path, UnknownLoc::get(&context))));
  EXPECT_NE(diagnostics.find("\"" + path + "\":"), std::string::npos)
      << diagnostics;
}

} // namespace
