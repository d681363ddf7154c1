//===- TestRelayout.cpp - The --test-tofu-relayout pass -------------------===//
//
// Drives the relayout engine on its own, as upstream tests resharding apart
// from the partitioner: each annotated function returns its argument brought
// from one layout to another, so that IR tests check the collectives.
//
//===----------------------------------------------------------------------===//

#include "TestPasses.h"
#include "Tofu/SPMD/Relayout.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TESTTOFURELAYOUT
#include "TestSPMDPasses.h.inc"
} // namespace mlir::tofu

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::spmd;

namespace {

constexpr StringLiteral kTestAttrName = "test.relayout";

/// The test attribute's request, checked.
struct Request {
  SmallVector<int64_t> levels, from, to;
  tdl::Reducer reducer = tdl::Reducer::sum;
};

FailureOr<Request> parseRequest(func::FuncOp func, DictionaryAttr attr) {
  Request r;
  auto array = [&](StringRef name, SmallVector<int64_t> &out) -> LogicalResult {
    auto a = attr.getAs<DenseI64ArrayAttr>(name);
    if (!a)
      return func.emitOpError(kTestAttrName)
             << " needs '" << name << "' (array<i64: ...>)";
    out.assign(a.asArrayRef().begin(), a.asArrayRef().end());
    return success();
  };
  if (failed(array("levels", r.levels)) || failed(array("from", r.from)) ||
      failed(array("to", r.to)))
    return failure();
  if (r.from.size() != r.levels.size() || r.to.size() != r.levels.size())
    return func.emitOpError(kTestAttrName)
           << ": 'from' and 'to' need one entry per level (" << r.levels.size()
           << ")";
  if (llvm::is_contained(r.to, kPartial))
    return func.emitOpError(kTestAttrName) << ": 'to' cannot be partial";
  if (llvm::any_of(r.levels, [](int64_t k) { return k < 1; }))
    return func.emitOpError(kTestAttrName) << ": levels must be positive";
  if (auto name = attr.getAs<StringAttr>("reducer")) {
    std::optional<tdl::Reducer> reducer = tdl::symbolizeReducer(name);
    if (!reducer)
      return func.emitOpError(kTestAttrName)
             << ": unknown reducer '" << name.getValue() << "'";
    r.reducer = *reducer;
  }
  auto type = func.getNumArguments()
                  ? dyn_cast<RankedTensorType>(func.getArgument(0).getType())
                  : RankedTensorType();
  if (!type)
    return func.emitOpError(kTestAttrName)
           << " needs a ranked tensor first argument";
  for (ArrayRef<int64_t> layout : {ArrayRef(r.from), ArrayRef(r.to)})
    for (int64_t d : layout)
      if (d < kPartial || d >= type.getRank())
        return func.emitOpError(kTestAttrName)
               << ": layout entry " << d << " is not a dimension of a rank-"
               << type.getRank() << " tensor, -1 or -2";
  return r;
}

LogicalResult relayoutFunction(ModuleOp module, func::FuncOp func,
                               DictionaryAttr attr) {
  FailureOr<Request> r = parseRequest(func, attr);
  if (failed(r))
    return failure();
  if (func.getBody().empty() || !func.getBody().hasOneBlock())
    return func.emitOpError(kTestAttrName) << " needs a one-block body";
  OpBuilder b(func.getContext());
  b.setInsertionPointToStart(module.getBody());
  std::string gridName = (func.getSymName() + "_grid").str();
  shard::GridOp::create(b, func.getLoc(), gridName, r->levels);
  auto grid = FlatSymbolRefAttr::get(func.getContext(), gridName);

  Block &body = func.getBody().front();
  Operation *terminator = body.getTerminator();
  b.setInsertionPoint(terminator);
  RelayoutEngine engine(b, grid, r->levels);
  FailureOr<Value> v = engine.relayout(func.getArgument(0), r->from, r->to,
                                       r->reducer, func.getLoc());
  if (failed(v))
    return failure();
  func::ReturnOp::create(b, terminator->getLoc(), *v);
  terminator->erase();
  func.setType(b.getFunctionType(func.getArgumentTypes(), v->getType()));
  func->removeAttr(kTestAttrName);
  return success();
}

struct TestTofuRelayoutPass
    : public tofu::impl::TestTofuRelayoutBase<TestTofuRelayoutPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
    bool ok = true;
    for (func::FuncOp func : funcs)
      if (auto attr = func->getAttrOfType<DictionaryAttr>(kTestAttrName))
        ok &= succeeded(relayoutFunction(module, func, attr));
    if (!ok)
      signalPassFailure();
  }
};

} // namespace
