//===- ParamRefTest.cpp - TDL parameter references ------------------------===//
//
// Tests that ParamRef::parse accepts every documented form and rejects each
// malformed one with its own message, and that evaluate reads attributes,
// constant operands and shapes of a real operation.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Dialect/TDL/IR/ParamRef.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"

using namespace mlir;
using namespace mlir::tdl;

namespace {

ParamRef parseOk(StringRef text) {
  std::string error;
  FailureOr<ParamRef> ref = ParamRef::parse(text, error);
  EXPECT_TRUE(succeeded(ref)) << "'" << text.str() << "': " << error;
  return succeeded(ref) ? *ref : ParamRef();
}

std::string parseError(StringRef text) {
  std::string error;
  FailureOr<ParamRef> ref = ParamRef::parse(text, error);
  if (succeeded(ref))
    return "<accepted>";
  return error;
}

//===----------------------------------------------------------------------===//
// parse
//===----------------------------------------------------------------------===//

TEST(ParamRefParseTest, AttributeForms) {
  ParamRef plain = parseOk("attr.kernel");
  EXPECT_EQ(plain.source, ParamRef::Source::Attr);
  EXPECT_EQ(plain.name, "kernel");
  EXPECT_FALSE(plain.hasIndex);
  EXPECT_FALSE(plain.usesPosition());

  ParamRef indexed = parseOk("attr.kernel[1]");
  EXPECT_EQ(indexed.name, "kernel");
  EXPECT_TRUE(indexed.hasIndex);
  EXPECT_EQ(indexed.indexScale, 0);
  EXPECT_EQ(indexed.indexOffset, 1);
  EXPECT_FALSE(indexed.usesPosition());

  ParamRef position = parseOk("attr.static_offsets[i]");
  EXPECT_EQ(position.name, "static_offsets");
  EXPECT_EQ(position.indexScale, 1);
  EXPECT_EQ(position.indexOffset, 0);
  EXPECT_TRUE(position.usesPosition());
}

TEST(ParamRefParseTest, IndexExpressions) {
  ParamRef a = parseOk("operand.1[2*i]");
  EXPECT_EQ(a.source, ParamRef::Source::Operand);
  EXPECT_EQ(a.index, 1u);
  EXPECT_EQ(a.indexScale, 2);
  EXPECT_EQ(a.indexOffset, 0);

  ParamRef b = parseOk("operand.1[2*i+1]");
  EXPECT_EQ(b.indexScale, 2);
  EXPECT_EQ(b.indexOffset, 1);

  ParamRef c = parseOk("attr.pad[i-1]");
  EXPECT_EQ(c.indexScale, 1);
  EXPECT_EQ(c.indexOffset, -1);

  ParamRef d = parseOk("attr.pad[ 3 * i + 2 ]");
  EXPECT_EQ(d.indexScale, 3);
  EXPECT_EQ(d.indexOffset, 2);

  ParamRef e = parseOk("attr.pad[-2]");
  EXPECT_EQ(e.indexScale, 0);
  EXPECT_EQ(e.indexOffset, -2);

  ParamRef f = parseOk("attr.pad[0*i+4]");
  EXPECT_EQ(f.indexScale, 0);
  EXPECT_FALSE(f.usesPosition());
}

TEST(ParamRefParseTest, OperandAndShapeForms) {
  ParamRef operand = parseOk("operand.2");
  EXPECT_EQ(operand.source, ParamRef::Source::Operand);
  EXPECT_EQ(operand.index, 2u);
  EXPECT_FALSE(operand.hasIndex);

  ParamRef in = parseOk("in.12.shape[0]");
  EXPECT_EQ(in.source, ParamRef::Source::InputShape);
  EXPECT_EQ(in.index, 12u);
  EXPECT_EQ(in.indexOffset, 0);

  ParamRef out = parseOk("out.shape[i+1]");
  EXPECT_EQ(out.source, ParamRef::Source::OutputShape);
  EXPECT_EQ(out.indexScale, 1);
  EXPECT_EQ(out.indexOffset, 1);
}

TEST(ParamRefParseTest, RejectedForms) {
  EXPECT_EQ(parseError("attr."), "missing attribute name");
  EXPECT_EQ(parseError("attr.[0]"), "missing attribute name");
  EXPECT_EQ(parseError("attr.k[1"), "expected ']' at the end");
  EXPECT_EQ(parseError("attr.k[1]x"), "expected ']' at the end");
  EXPECT_EQ(parseError("attr.k[x]"),
            "bad index 'x'; expected an integer or K*i+C");
  EXPECT_EQ(parseError("attr.k[2i]"),
            "bad index '2i'; expected an integer or K*i+C");
  EXPECT_EQ(parseError("attr.k[i*2]"),
            "bad index 'i*2'; expected an integer or K*i+C");
  EXPECT_EQ(parseError("attr.k[i+]"),
            "bad index 'i+'; expected an integer or K*i+C");
  EXPECT_EQ(parseError("attr.k[]"),
            "bad index ''; expected an integer or K*i+C");
  EXPECT_EQ(parseError("operand.x"),
            "expected an operand number after 'operand.'");
  EXPECT_EQ(parseError("operand.[0]"),
            "expected an operand number after 'operand.'");
  EXPECT_EQ(parseError("out.shape"), "a shape reference needs an index");
  EXPECT_EQ(parseError("in.0.shape"), "a shape reference needs an index");
  EXPECT_EQ(parseError("in.a.shape[0]"),
            "expected an input number in 'in.N.shape'");
  const char *source =
      "expected 'attr.', 'operand.', 'in.N.shape' or 'out.shape'";
  EXPECT_EQ(parseError(""), source);
  EXPECT_EQ(parseError("kernel"), source);
  EXPECT_EQ(parseError("in.0[1]"), source);
  EXPECT_EQ(parseError("out.size[0]"), source);
}

//===----------------------------------------------------------------------===//
// evaluate
//===----------------------------------------------------------------------===//

class ParamRefEvalTest : public ::testing::Test {
protected:
  void SetUp() override {
    ctx.loadDialect<func::FuncDialect, arith::ArithDialect>();
    ctx.allowUnregisteredDialects();
    const char *source = R"mlir(
      func.func @f(%a: tensor<2x3xf32>, %dyn: tensor<?x3xf32>) -> tensor<4xf32> {
        %c = arith.constant dense<[5, 6, 7]> : tensor<3xi64>
        %r = "test.op"(%a, %c, %dyn) {
          i32s = array<i32: 1, -2>, i64s = array<i64: 10, 20, 30>,
          arr = [1 : i64, 2 : i32], scalar = 7 : i64, text = "x",
          mixed = [1 : i64, "y"], dense = dense<[8, 9]> : tensor<2xi32>,
          wide = 36893488147419103232 : i128, narrow = -5 : i128,
          widelist = [1 : i64, 36893488147419103232 : i128]
        } : (tensor<2x3xf32>, tensor<3xi64>, tensor<?x3xf32>) -> tensor<4xf32>
        return %r : tensor<4xf32>
      })mlir";
    module = parseSourceString<ModuleOp>(source, &ctx);
    ASSERT_TRUE(module);
    module->walk([&](Operation *o) {
      if (o->getName().getStringRef() == "test.op")
        op = o;
    });
    ASSERT_NE(op, nullptr);
  }

  /// Evaluates `text` at dimension `position`; "error: ..." on failure.
  std::string eval(StringRef text, int64_t position = 0) {
    std::string error;
    FailureOr<ParamRef> ref = ParamRef::parse(text, error);
    if (failed(ref))
      return "parse error: " + error;
    FailureOr<int64_t> v = ref->evaluate(op, position, error);
    if (failed(v))
      return "error: " + error;
    return std::to_string(*v);
  }

  MLIRContext ctx;
  OwningOpRef<ModuleOp> module;
  Operation *op = nullptr;
};

TEST_F(ParamRefEvalTest, IntegerArrayAttributes) {
  EXPECT_EQ(eval("attr.i32s[0]"), "1");
  EXPECT_EQ(eval("attr.i32s[1]"), "-2");
  EXPECT_EQ(eval("attr.i64s[i]", 2), "30");
  EXPECT_EQ(eval("attr.i64s[2*i+1]", 0), "20");
  EXPECT_EQ(eval("attr.arr[1]"), "2");
  EXPECT_EQ(eval("attr.dense[i]", 1), "9");
}

TEST_F(ParamRefEvalTest, ScalarAttributes) {
  EXPECT_EQ(eval("attr.scalar"), "7");
  EXPECT_EQ(eval("attr.scalar[0]"), "7");
  EXPECT_EQ(eval("attr.scalar[1]"),
            "error: index 1 is outside the 1 referenced values");
}

TEST_F(ParamRefEvalTest, AttributeErrors) {
  EXPECT_EQ(eval("attr.i64s"),
            "error: the referenced value has 3 elements; add an index");
  EXPECT_EQ(eval("attr.i64s[3]"),
            "error: index 3 is outside the 3 referenced values");
  EXPECT_EQ(eval("attr.i64s[i-1]", 0),
            "error: index -1 is outside the 3 referenced values");
  EXPECT_EQ(eval("attr.missing"), "error: the op has no attribute 'missing'");
  EXPECT_EQ(eval("attr.text"),
            "error: attribute 'text' is not an integer or integer list");
  EXPECT_EQ(eval("attr.mixed[0]"),
            "error: attribute 'mixed' is not an integer or integer list");
}

TEST_F(ParamRefEvalTest, IntegersWiderThan64Bits) {
  // A wide type is fine when the value fits; a value that does not is an
  // error, not a truncation.
  EXPECT_EQ(eval("attr.narrow"), "-5");
  EXPECT_EQ(eval("attr.wide"), "error: attribute 'wide' holds an integer "
                               "that does not fit in 64 bits");
  EXPECT_EQ(eval("attr.widelist[0]"), "error: attribute 'widelist' holds an "
                                      "integer that does not fit in 64 bits");
}

TEST_F(ParamRefEvalTest, ConstantOperands) {
  EXPECT_EQ(eval("operand.1[2]"), "7");
  EXPECT_EQ(eval("operand.1[i]", 1), "6");
  EXPECT_EQ(eval("operand.0[0]"), "error: operand #0 is not a constant");
  EXPECT_EQ(eval("operand.5[0]"), "error: the op has no operand #5");
}

TEST_F(ParamRefEvalTest, Shapes) {
  EXPECT_EQ(eval("in.0.shape[1]"), "3");
  EXPECT_EQ(eval("in.0.shape[i]", 0), "2");
  EXPECT_EQ(eval("in.1.shape[0]"), "3");
  EXPECT_EQ(eval("out.shape[0]"), "4");
  EXPECT_EQ(eval("out.shape[1]"),
            "error: index 1 is outside the 1 referenced values");
  EXPECT_EQ(eval("in.2.shape[1]"),
            "error: the referenced value has no static shape");
  EXPECT_EQ(eval("in.3.shape[0]"), "error: the op has no operand #3");
}

TEST_F(ParamRefEvalTest, EvaluateList) {
  std::string error;
  FailureOr<ParamRef> ref = ParamRef::parse("attr.i64s[7]", error);
  ASSERT_TRUE(succeeded(ref));
  // The index is ignored: the whole list comes back.
  FailureOr<SmallVector<int64_t>> list = ref->evaluateList(op, error);
  ASSERT_TRUE(succeeded(list)) << error;
  EXPECT_EQ(*list, (SmallVector<int64_t>{10, 20, 30}));

  ref = ParamRef::parse("in.0.shape[0]", error);
  ASSERT_TRUE(succeeded(ref));
  list = ref->evaluateList(op, error);
  ASSERT_TRUE(succeeded(list)) << error;
  EXPECT_EQ(*list, (SmallVector<int64_t>{2, 3}));
}

} // namespace
