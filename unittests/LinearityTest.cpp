//===- LinearityTest.cpp - Which operands an op is linear in --------------===//
//
// Tests the linearity analysis on linalg bodies and tensor ops: sums,
// differences, scaling by a free operand or a constant, negation, matmul in
// one operand, copies and transposes, sum reductions from a zero init are
// linear; relu, exp, products of two set operands, adding a free operand and
// reductions from a non-zero init are not.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Analysis/Linearity.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tofu;

namespace {

class LinearityTest : public ::testing::Test {
protected:
  LinearityTest() {
    context.loadDialect<func::FuncDialect, linalg::LinalgDialect,
                        tensor::TensorDialect, arith::ArithDialect,
                        math::MathDialect>();
  }

  /// The op named `name` (tofu.name) in a function over %a, %b of 4x4 and
  /// %w of 4x4, whose body is `body`.
  Operation *op(StringRef body) {
    std::string source =
        "func.func @f(%a: tensor<4x4xf32>, %b: tensor<4x4xf32>, "
        "%w: tensor<4x4xf32>, %s: f32) -> tensor<4x4xf32> {\n"
        "  %c0 = arith.constant 0.0 : f32\n"
        "  %c1 = arith.constant 1.0 : f32\n"
        "  %e = tensor.empty() : tensor<4x4xf32>\n"
        "  %z = linalg.fill ins(%c0 : f32) outs(%e : tensor<4x4xf32>) -> "
        "tensor<4x4xf32>\n"
        "  %o = linalg.fill ins(%c1 : f32) outs(%e : tensor<4x4xf32>) -> "
        "tensor<4x4xf32>\n" +
        body.str() + "\n  return %r : tensor<4x4xf32>\n}\n";
    module = parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module) << source;
    if (!module)
      return nullptr;
    Operation *found = nullptr;
    module->walk([&](Operation *o) {
      if (o->hasAttr("tofu.name"))
        found = o;
    });
    EXPECT_TRUE(found);
    return found;
  }

  /// An elementwise generic over %a, %b (and %w) yielding `expr` of %x, %y,
  /// %v (their scalars) and %out.
  Operation *elementwise(StringRef ops) {
    std::string body =
        "  %r = linalg.generic {tofu.name = \"g\", indexing_maps = "
        "[affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, "
        "affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], "
        "iterator_types = [\"parallel\", \"parallel\"]} ins(%a, %b, %w : "
        "tensor<4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : "
        "tensor<4x4xf32>) {\n"
        "  ^bb0(%x: f32, %y: f32, %v: f32, %out: f32):\n" +
        ops.str() + "\n  } -> tensor<4x4xf32>";
    return op(body);
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

TEST_F(LinearityTest, SumsAndDifferences) {
  Operation *add = op("%r = linalg.add {tofu.name = \"add\"} ins(%a, %b : "
                      "tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : "
                      "tensor<4x4xf32>) -> tensor<4x4xf32>");
  ASSERT_TRUE(add);
  EXPECT_TRUE(isLinearIn(add, {0, 1}));
  // Adding an operand outside the set is affine, not linear.
  EXPECT_FALSE(isLinearIn(add, {0}));
  EXPECT_FALSE(isLinearIn(add, {1}));
  EXPECT_EQ(linearOperandSets(add),
            (SmallVector<SmallVector<unsigned>>{{0, 1}}));
  Operation *sub = elementwise("%d = arith.subf %x, %y : f32\n"
                               "linalg.yield %d : f32");
  EXPECT_TRUE(isLinearIn(sub, {0, 1}));
  EXPECT_FALSE(isLinearIn(sub, {0}));
}

TEST_F(LinearityTest, ScalingAndNegation) {
  Operation *mul = elementwise("%d = arith.mulf %x, %v : f32\n"
                               "%n = arith.negf %d : f32\n"
                               "%c = arith.mulf %n, %s : f32\n"
                               "%q = arith.divf %c, %v : f32\n"
                               "linalg.yield %q : f32");
  ASSERT_TRUE(mul);
  EXPECT_TRUE(isLinearIn(mul, {0}));
  // %y unused: the result does not depend on it, which is not linear.
  EXPECT_FALSE(isLinearIn(mul, {1}));
  // A product of two operands of the set is quadratic; dividing by one is
  // not linear either.
  EXPECT_FALSE(isLinearIn(mul, {0, 2}));
  EXPECT_FALSE(isLinearIn(mul, {2}));
}

TEST_F(LinearityTest, NonlinearBodies) {
  Operation *relu = elementwise("%c = arith.constant 0.0 : f32\n"
                                "%m = arith.maximumf %x, %c : f32\n"
                                "linalg.yield %m : f32");
  ASSERT_TRUE(relu);
  EXPECT_FALSE(isLinearIn(relu, {0}));
  Operation *exp = elementwise("%m = math.exp %x : f32\n"
                               "linalg.yield %m : f32");
  EXPECT_FALSE(isLinearIn(exp, {0}));
  // A body independent of the set yields a constant, not a linear map.
  Operation *free = elementwise("linalg.yield %y : f32");
  EXPECT_FALSE(isLinearIn(free, {0}));
  EXPECT_TRUE(isLinearIn(free, {1}));
}

TEST_F(LinearityTest, Contractions) {
  Operation *mm = op("%r = linalg.matmul {tofu.name = \"mm\"} ins(%a, %w : "
                     "tensor<4x4xf32>, tensor<4x4xf32>) outs(%z : "
                     "tensor<4x4xf32>) -> tensor<4x4xf32>");
  ASSERT_TRUE(mm);
  EXPECT_TRUE(isLinearIn(mm, {0}));
  EXPECT_TRUE(isLinearIn(mm, {1}));
  EXPECT_FALSE(isLinearIn(mm, {0, 1}));
  EXPECT_EQ(linearOperandSets(mm),
            (SmallVector<SmallVector<unsigned>>{{0}, {1}}));
  // From a non-zero init the sum is affine; from the init in the set it is
  // linear again.
  Operation *acc = op("%r = linalg.matmul {tofu.name = \"mm\"} ins(%a, %w : "
                      "tensor<4x4xf32>, tensor<4x4xf32>) outs(%o : "
                      "tensor<4x4xf32>) -> tensor<4x4xf32>");
  EXPECT_FALSE(isLinearIn(acc, {0}));
  EXPECT_TRUE(isLinearIn(acc, {0, 2}));
}

TEST_F(LinearityTest, SumReductionAndCopies) {
  Operation *sum =
      op("%x = tensor.empty() : tensor<4xf32>\n"
         "%zx = linalg.fill ins(%c0 : f32) outs(%x : tensor<4xf32>) -> "
         "tensor<4xf32>\n"
         "%red = linalg.reduce ins(%a : tensor<4x4xf32>) "
         "outs(%zx : tensor<4xf32>) dimensions = [1] {tofu.name = \"sum\"}\n"
         "  (%in: f32, %init: f32) {\n"
         "    %t = arith.addf %in, %init : f32\n"
         "    linalg.yield %t : f32\n"
         "  }\n"
         "%r = linalg.broadcast ins(%red : tensor<4xf32>) outs(%e : "
         "tensor<4x4xf32>) dimensions = [1]");
  ASSERT_TRUE(sum);
  EXPECT_TRUE(isLinearIn(sum, {0}));
  Operation *max =
      op("%x = tensor.empty() : tensor<4xf32>\n"
         "%zx = linalg.fill ins(%c0 : f32) outs(%x : tensor<4xf32>) -> "
         "tensor<4xf32>\n"
         "%red = linalg.reduce ins(%a : tensor<4x4xf32>) "
         "outs(%zx : tensor<4xf32>) dimensions = [1] {tofu.name = \"max\"}\n"
         "  (%in: f32, %init: f32) {\n"
         "    %t = arith.maximumf %in, %init : f32\n"
         "    linalg.yield %t : f32\n"
         "  }\n"
         "%r = linalg.broadcast ins(%red : tensor<4xf32>) outs(%e : "
         "tensor<4x4xf32>) dimensions = [1]");
  EXPECT_FALSE(isLinearIn(max, {0}));
  Operation *transpose =
      op("%r = linalg.transpose ins(%a : tensor<4x4xf32>) "
         "outs(%e : tensor<4x4xf32>) permutation = [1, 0] {tofu.name = \"t\"}");
  EXPECT_TRUE(isLinearIn(transpose, {0}));
  Operation *reshape =
      op("%f = tensor.collapse_shape %a [[0, 1]] {tofu.name = \"c\"} : "
         "tensor<4x4xf32> into tensor<16xf32>\n"
         "%r = tensor.expand_shape %f [[0, 1]] output_shape [4, 4] : "
         "tensor<16xf32> into tensor<4x4xf32>");
  EXPECT_TRUE(isLinearIn(reshape, {0}));
}

} // namespace
