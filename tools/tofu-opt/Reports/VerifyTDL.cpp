//===- VerifyTDL.cpp - Lower TDL descriptions to code, check them ---------===//
//
// --tofu-verify-tdl: for every op of every function, takes its TDL
// description (the concrete tdl.operator that --tofu-print-tdl prints),
// checks its accesses statically (every unguarded access inside its input,
// the output map covering the result exactly once) and, when the
// description has a body, lowers the description itself to executable code:
// a linalg.generic over the description's iteration space that reads each
// input with tensor.extract at the description's affine access (guarded
// accesses: clamped index, padding value outside), runs the description's
// scalar body and combines with its reducer, starting from the `init` input
// or the reducer's identity. Each function @f with at least one lowered op
// gets a twin @f__tdl in which those ops are replaced; functions without one
// are dropped. python/tofu/verify_tdl.py then runs @f (through the op's real
// lowering) and @f__tdl on random inputs and compares them.
//
//===----------------------------------------------------------------------===//

#include "Passes.h"
#include "Tofu/Analysis/Description.h"
#include "Tofu/Support/Interval.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <limits>

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUVERIFYTDL
#include "Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;
using namespace mlir::tofu;

namespace {

Value combine(OpBuilder &b, Location loc, tdl::Reducer reducer, Value acc,
              Value v) {
  bool isFloat = isa<FloatType>(acc.getType());
  switch (reducer) {
  case tdl::Reducer::sum:
    return isFloat ? arith::AddFOp::create(b, loc, acc, v).getResult()
                   : arith::AddIOp::create(b, loc, acc, v).getResult();
  case tdl::Reducer::prod:
    return isFloat ? arith::MulFOp::create(b, loc, acc, v).getResult()
                   : arith::MulIOp::create(b, loc, acc, v).getResult();
  case tdl::Reducer::max:
    return isFloat ? arith::MaximumFOp::create(b, loc, acc, v).getResult()
                   : arith::MaxSIOp::create(b, loc, acc, v).getResult();
  case tdl::Reducer::min:
    return isFloat ? arith::MinimumFOp::create(b, loc, acc, v).getResult()
                   : arith::MinSIOp::create(b, loc, acc, v).getResult();
  }
  llvm_unreachable("unknown reducer");
}

struct Entry {
  std::string func, op, description, status, reason, loc;
};

/// Lowers one concrete TDL description of an op to a linalg.generic (see the
/// file comment). The steps share the loop order, the output map and the
/// accesses, so they are members.
class DescriptionLowering {
public:
  DescriptionLowering(Operation *op, const OpDescription &desc,
                      tdl::OperatorOp tdl)
      : op(op), desc(desc), tdl(tdl), loc(op->getLoc()), ctx(op->getContext()) {
  }

  FailureOr<Value> lower(OpBuilder &b, std::string &why) {
    if (failed(checkSignature(why)))
      return failure();
    if (failed(computeLoops(why)) || failed(readAccesses(why)))
      return failure();
    FailureOr<Value> init = initialAccumulator(b, why);
    if (failed(init))
      return failure();
    FailureOr<Value> result = buildGeneric(b, *init, why);
    if (failed(result))
      return failure();
    if (genShape.size() == static_cast<size_t>(resultType.getRank()))
      return *result;
    return reinsertUnitDims(b, *result);
  }

private:
  /// The op has one tensor result and the body's arguments and yield have
  /// the operands' and the result's element types.
  LogicalResult checkSignature(std::string &why) {
    if (tdl.getBody().empty()) {
      why = "no body";
      return failure();
    }
    if (op->getNumResults() != 1) {
      why = "several results";
      return failure();
    }
    resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!resultType) {
      why = "no tensor result";
      return failure();
    }
    body = &tdl.getBody().front();
    for (auto [arg, in] : llvm::zip(body->getArguments(), desc.inputs)) {
      Type operandElt = getElementTypeOrSelf(op->getOperand(in.operandNumber));
      if (arg.getType() != operandElt) {
        std::string s;
        llvm::raw_string_ostream os(s);
        os << "body argument #" << arg.getArgNumber() << " is " << arg.getType()
           << " but the operand holds " << operandElt;
        why = s;
        return failure();
      }
    }
    yield = cast<tdl::YieldOp>(body->getTerminator());
    elt = resultType.getElementType();
    if (yield->getNumOperands() != 1 || yield->getOperand(0).getType() != elt) {
      why = "the body does not yield the result's element type";
      return failure();
    }
    return success();
  }

  /// Loop order of the concrete TDL: output dims, then reduction dims; the
  /// output map and which loops it indexes.
  LogicalResult computeLoops(std::string &why) {
    SmallVector<unsigned> order;
    for (unsigned d = 0; d < desc.getNumLoops(); ++d)
      if (!desc.isReduction[d])
        order.push_back(d);
    numOut = order.size();
    for (unsigned d = 0; d < desc.getNumLoops(); ++d)
      if (desc.isReduction[d])
        order.push_back(d);
    n = order.size();
    for (unsigned d : order)
      extents.push_back(desc.extents[d]);
    if (tdl.getOutput()) {
      out = *tdl.getOutput();
    } else {
      SmallVector<AffineExpr> dims;
      for (unsigned d = 0; d < numOut; ++d)
        dims.push_back(getAffineDimExpr(d, ctx));
      out = AffineMap::get(n, 0, dims, ctx);
    }
    for (AffineExpr e : out.getResults())
      if (auto d = dyn_cast<AffineDimExpr>(e)) {
        outDims.push_back(d.getPosition());
        genShape.push_back(extents[d.getPosition()]);
      }
    for (unsigned l = 0; l < n; ++l)
      if (!llvm::is_contained(outDims, l))
        others.push_back(l);
    reducer = tdl.getReducer();
    if (!reducer && !others.empty()) {
      why = "loops that write no output and no reducer";
      return failure();
    }
    return success();
  }

  /// Each input's affine access and whether it is guarded.
  LogicalResult readAccesses(std::string &why) {
    for (Attribute a : tdl.getInputs()) {
      bool g = false;
      if (auto ga = dyn_cast<tdl::GuardedAttr>(a)) {
        g = true;
        a = ga.getAccess();
      }
      auto m = dyn_cast<AffineMapAttr>(a);
      if (!m || m.getValue().getNumSymbols()) {
        why = "an access is not a concrete affine map";
        return failure();
      }
      accessMaps.push_back(m.getValue());
      guarded.push_back(g);
    }
    return success();
  }

  /// Reads input `i` at the iteration point `idx` (index values).
  Value read(OpBuilder &nb, unsigned i, ArrayRef<Value> idx,
             unsigned numDims) const {
    Value tensor = op->getOperand(desc.inputs[i].operandNumber);
    auto type = dyn_cast<RankedTensorType>(tensor.getType());
    if (!type)
      return tensor; // a scalar operand (linalg.fill's value)
    SmallVector<Value> coords;
    Value inBounds;
    for (AffineExpr e : accessMaps[i].getResults()) {
      Value c = affine::AffineApplyOp::create(
          nb, loc, AffineMap::get(numDims, 0, e, ctx), idx);
      coords.push_back(c);
    }
    if (guarded[i]) {
      Value zero = arith::ConstantIndexOp::create(nb, loc, 0);
      for (auto [pos, c] : llvm::enumerate(coords)) {
        int64_t size = type.getDimSize(pos);
        Value hi = arith::ConstantIndexOp::create(nb, loc, size - 1);
        Value ge =
            arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::sge, c, zero);
        Value le =
            arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::sle, c, hi);
        Value ok = arith::AndIOp::create(nb, loc, ge, le);
        inBounds = inBounds ? arith::AndIOp::create(nb, loc, inBounds, ok) : ok;
        c = arith::MinSIOp::create(
            nb, loc, arith::MaxSIOp::create(nb, loc, c, zero), hi);
      }
    }
    Value v = tensor::ExtractOp::create(nb, loc, tensor, coords);
    if (inBounds) {
      Value pad = arith::ConstantOp::create(
          nb, loc, reducerIdentity(reducer, type.getElementType()));
      v = arith::SelectOp::create(nb, loc, inBounds, v, pad);
    }
    return v;
  }

  /// The initial accumulator. Derived descriptions of linalg ops leave the
  /// accumulator operand (outs) out; linalg accumulates onto it, so it is
  /// the initial value here (see docs/tdl.md).
  FailureOr<Value> initialAccumulator(OpBuilder &b, std::string &why) {
    Value init = tensor::EmptyOp::create(b, loc, genShape, elt);
    auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
    if (reducer && linalgOp && linalgOp.getNumDpsInits() == 1 &&
        linalgOp.getDpsInits()[0].getType() == init.getType())
      return Value(linalgOp.getDpsInits()[0]);
    if (!reducer)
      return init;
    if (std::optional<int64_t> initInput = tdl.getInit())
      return readInitInput(b, *initInput, init, why);
    TypedAttr id = reducerIdentity(reducer, elt);
    if (!id) {
      why = "no identity for the result's element type";
      return failure();
    }
    Value c = arith::ConstantOp::create(b, loc, id);
    return linalg::FillOp::create(b, loc, ValueRange{c}, ValueRange{init})
        .getResult(0);
  }

  /// The `init` input `i` read at each output point (reduction loops at 0)
  /// into `empty`.
  FailureOr<Value> readInitInput(OpBuilder &b, unsigned i, Value empty,
                                 std::string &why) {
    SmallVector<AffineExpr> repl(n, getAffineConstantExpr(0, ctx));
    for (auto [p, l] : llvm::enumerate(outDims))
      repl[l] = getAffineDimExpr(p, ctx);
    for (AffineExpr e : accessMaps[i].getResults())
      for (unsigned l : others)
        if (e.isFunctionOfDim(l)) {
          why = "the init input depends on a reduction loop";
          return failure();
        }
    SmallVector<AffineMap> saved = accessMaps;
    accessMaps[i] =
        accessMaps[i].replaceDimsAndSymbols(repl, {}, outDims.size(), 0);
    unsigned m = outDims.size();
    auto gen = linalg::GenericOp::create(
        b, loc, TypeRange{empty.getType()}, ValueRange{}, ValueRange{empty},
        ArrayRef<AffineMap>{AffineMap::getMultiDimIdentityMap(m, ctx)},
        SmallVector<utils::IteratorType>(m, utils::IteratorType::parallel),
        [&](OpBuilder &nb, Location, ValueRange) {
          SmallVector<Value> idx;
          for (unsigned p = 0; p < m; ++p)
            idx.push_back(linalg::IndexOp::create(nb, loc, p));
          linalg::YieldOp::create(nb, loc, read(nb, i, idx, m));
        });
    accessMaps = saved;
    return gen.getResult(0);
  }

  /// The generic over the description's iteration space: reads the inputs,
  /// clones the scalar body and combines with the reducer.
  FailureOr<Value> buildGeneric(OpBuilder &b, Value init, std::string &why) {
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    if (!others.empty()) {
      // A placeholder operand gives linalg the extents of the loops the
      // output does not index (as linalg's pooling ops do).
      SmallVector<int64_t> shape;
      SmallVector<AffineExpr> dims;
      for (unsigned l : others) {
        shape.push_back(extents[l]);
        dims.push_back(getAffineDimExpr(l, ctx));
      }
      inputs.push_back(tensor::EmptyOp::create(b, loc, shape, b.getI8Type()));
      maps.push_back(AffineMap::get(n, 0, dims, ctx));
    }
    SmallVector<AffineExpr> outExprs;
    for (unsigned l : outDims)
      outExprs.push_back(getAffineDimExpr(l, ctx));
    maps.push_back(AffineMap::get(n, 0, outExprs, ctx));
    SmallVector<utils::IteratorType> iterators;
    for (unsigned l = 0; l < n; ++l)
      iterators.push_back(l < numOut ? utils::IteratorType::parallel
                                     : utils::IteratorType::reduction);
    bool bodyOk = true;
    auto generic = linalg::GenericOp::create(
        b, loc, TypeRange{init.getType()}, inputs, ValueRange{init}, maps,
        iterators, [&](OpBuilder &nb, Location, ValueRange args) {
          SmallVector<Value> idx;
          for (unsigned l = 0; l < n; ++l)
            idx.push_back(linalg::IndexOp::create(nb, loc, l));
          IRMapping mapping;
          for (auto [i, arg] : llvm::enumerate(body->getArguments()))
            mapping.map(arg, read(nb, i, idx, n));
          for (Operation &bodyOp : body->without_terminator()) {
            if (auto index = dyn_cast<tdl::IndexOp>(bodyOp)) {
              mapping.map(index.getResult(), idx[index.getDim()]);
              continue;
            }
            if (bodyOp.getNumRegions())
              bodyOk = false;
            nb.clone(bodyOp, mapping);
          }
          Value v = mapping.lookupOrDefault(yield->getOperand(0));
          if (reducer)
            v = combine(nb, loc, *reducer, args.back(), v);
          linalg::YieldOp::create(nb, loc, v);
        });
    if (!bodyOk) {
      generic->erase();
      why = "the body has regions";
      return failure();
    }
    return generic.getResult(0);
  }

  /// Re-inserts the kept unit dimensions of reductions.
  Value reinsertUnitDims(OpBuilder &b, Value result) const {
    SmallVector<ReassociationIndices> groups;
    SmallVector<int64_t> pending;
    for (auto [pos, e] : llvm::enumerate(out.getResults())) {
      pending.push_back(pos);
      if (isa<AffineDimExpr>(e)) {
        groups.push_back(ReassociationIndices(pending.begin(), pending.end()));
        pending.clear();
      }
    }
    if (!groups.empty())
      groups.back().append(pending.begin(), pending.end());
    return tensor::ExpandShapeOp::create(b, loc, resultType, result, groups)
        .getResult();
  }

  Operation *op;
  const OpDescription &desc;
  tdl::OperatorOp tdl;
  Location loc;
  MLIRContext *ctx;
  RankedTensorType resultType;
  Block *body = nullptr;
  tdl::YieldOp yield;
  Type elt;
  /// Loops in the concrete TDL's order: numOut output loops first.
  unsigned numOut = 0, n = 0;
  SmallVector<int64_t> extents;
  AffineMap out;
  /// The loops the output map indexes, and the shape they give the
  /// generic's result; the loops it does not.
  SmallVector<unsigned> outDims, others;
  SmallVector<int64_t> genShape;
  std::optional<tdl::Reducer> reducer;
  SmallVector<AffineMap> accessMaps;
  SmallVector<bool> guarded;
};

struct TofuVerifyTDLPass
    : public tofu::impl::TofuVerifyTDLBase<TofuVerifyTDLPass> {
  using Base::Base;

  /// Static checks shared by every description; emits located errors.
  LogicalResult checkAccesses(Operation *op, const OpDescription &desc) {
    SmallVector<IntRange> full;
    for (int64_t e : desc.extents)
      full.push_back(IntRange{0, e - 1});
    for (auto [idx, in] : llvm::enumerate(desc.inputs)) {
      bool touches = true;
      for (auto [pos, e] : llvm::enumerate(in.map.getResults())) {
        if (!in.whole.empty() && in.whole.test(pos))
          continue;
        std::string error;
        FailureOr<IntRange> r = evaluateConcrete(e, full, error);
        if (failed(r))
          return op->emitOpError("description '")
                 << desc.name << "': input #" << idx << ": " << error;
        int64_t size = in.shape[pos];
        if (in.guarded) {
          if (r->hi < 0 || r->lo >= size)
            touches = false;
          continue;
        }
        if (r->lo < 0 || r->hi >= size)
          return op->emitOpError("description '")
                 << desc.name << "' reads input #" << idx << " dimension "
                 << pos << " over [" << r->lo << ", " << r->hi
                 << "], outside its extent " << size;
      }
      if (!touches)
        return op->emitOpError("description '")
               << desc.name << "' never reads input #" << idx
               << " (its guarded access stays outside the input)";
    }
    // Each result element is produced by exactly one output coordinate.
    for (auto [map, shape] : llvm::zip(desc.outputMaps, desc.outputShapes)) {
      llvm::SmallBitVector seen(desc.getNumLoops());
      for (auto [pos, e] : llvm::enumerate(map.getResults())) {
        if (auto d = dyn_cast<AffineDimExpr>(e)) {
          unsigned l = d.getPosition();
          if (seen.test(l) ||
              (!desc.isReduction.empty() && desc.isReduction[l]) ||
              desc.extents[l] != shape[pos])
            return op->emitOpError("description '")
                   << desc.name << "': output dimension " << pos
                   << " is not covered exactly once by loop " << l;
          seen.set(l);
          continue;
        }
        auto c = dyn_cast<AffineConstantExpr>(e);
        if (!c || c.getValue() != 0 || shape[pos] != 1) {
          std::string text;
          llvm::raw_string_ostream os(text);
          e.print(os);
          return op->emitOpError("description '")
                 << desc.name << "': output dimension " << pos
                 << " is written at " << text << " but has extent "
                 << shape[pos];
        }
      }
      for (unsigned l = 0; l < desc.getNumLoops(); ++l)
        if (!desc.isReduction[l] && !seen.test(l) && desc.extents[l] != 1)
          return op->emitOpError("description '")
                 << desc.name << "': output loop " << l
                 << " writes no output dimension (results overwritten)";
    }
    return success();
  }

  /// Lowers the concrete description `tdl` of `op` to a value of the op's
  /// result type, built before `op`; or says why it cannot.
  FailureOr<Value> lower(OpBuilder &b, Operation *op, const OpDescription &desc,
                         tdl::OperatorOp tdl, std::string &why) {
    return DescriptionLowering(op, desc, tdl).lower(b, why);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *ctx = &getContext();
    // The shipped library, parsed once per context; user files come
    // from --tdl-load-library.
    if (failed(tdl::getDescriptionLibrary(ctx)))
      return signalPassFailure();
    OpBuilder b(ctx);
    OwningOpRef<ModuleOp> scratch = ModuleOp::create(module.getLoc());
    std::vector<Entry> entries;
    bool failedAny = false;
    SmallVector<func::FuncOp> funcs(module.getOps<func::FuncOp>());
    for (func::FuncOp func : funcs) {
      if (func.isExternal())
        continue;
      func::FuncOp twin = func.clone();
      twin.setSymName((func.getSymName() + "__tdl").str());
      SmallVector<Operation *> ops, twinOps;
      func.walk([&](Operation *op) { ops.push_back(op); });
      twin.walk([&](Operation *op) { twinOps.push_back(op); });
      unsigned lowered = 0;
      for (auto [op, twinOp] : llvm::zip(ops, twinOps)) {
        if (isStructuralNoOp(op) || op->getParentOfType<linalg::LinalgOp>() ||
            op->getParentOfType<tdl::OperatorOp>())
          continue;
        if (op->getParentOp() != func.getOperation())
          continue; // ops nested in control flow are not described
        Entry entry;
        entry.func = func.getSymName().str();
        entry.op = op->getName().getStringRef().str();
        {
          std::string s;
          llvm::raw_string_ostream os(s);
          op->getLoc().print(os);
          entry.loc = s;
        }
        FailureOr<OpDescription> desc;
        {
          // With allow-undescribed, a missing description is reported in the
          // listing only.
          std::optional<ScopedDiagnosticHandler> quiet;
          if (allowUndescribed)
            quiet.emplace(ctx, [](Diagnostic &) { return success(); });
          desc = tofu::getDescription(op);
        }
        if (failed(desc)) {
          failedAny |= !allowUndescribed;
          entry.status = "no description";
          entries.push_back(entry);
          continue;
        }
        entry.description = desc->name;
        if (failed(checkAccesses(op, *desc))) {
          failedAny = true;
          entry.status = "access check failed";
          entries.push_back(entry);
          continue;
        }
        if (desc->opaque) {
          entry.status = "accesses checked only";
          entry.reason = "opaque";
          entries.push_back(entry);
          continue;
        }
        b.setInsertionPointToEnd(scratch->getBody());
        auto tdl = dyn_cast<tdl::OperatorOp>(buildTDL(b, op->getLoc(), *desc));
        b.setInsertionPoint(twinOp);
        std::string why;
        FailureOr<Value> value =
            tdl ? lower(b, twinOp, *desc, tdl, why) : FailureOr<Value>();
        if (failed(value)) {
          entry.status = "accesses checked only";
          entry.reason = why.empty() ? "not an operator" : why;
          entries.push_back(entry);
          continue;
        }
        twinOp->getResult(0).replaceAllUsesWith(*value);
        twinOp->erase();
        ++lowered;
        entry.status = "lowered";
        entries.push_back(entry);
      }
      if (lowered) {
        b.setInsertionPointAfter(func);
        b.insert(twin);
      } else {
        twin->destroy();
        if (!keepAll)
          func->erase();
      }
    }
    if (!keepAll) {
      // Module-level symbols (e.g. tosa.variable) only dropped functions
      // used.
      SmallVector<Operation *> unused;
      for (Operation &top : module.getBody()->getOperations())
        if (!isa<func::FuncOp>(top) && isa<SymbolOpInterface>(top) &&
            SymbolTable::symbolKnownUseEmpty(&top, module))
          unused.push_back(&top);
      for (Operation *top : unused)
        top->erase();
    }
    raw_ostream &os = llvm::outs();
    if (format == ReportFormat::Json) {
      llvm::json::Array array;
      for (const Entry &e : entries)
        array.push_back(llvm::json::Object{{"func", e.func},
                                           {"op", e.op},
                                           {"description", e.description},
                                           {"status", e.status},
                                           {"reason", e.reason},
                                           {"loc", e.loc}});
      os << llvm::formatv("{0:2}", llvm::json::Value(std::move(array))) << "\n";
    } else {
      for (const Entry &e : entries) {
        os << "verify-tdl: @" << e.func << " " << e.op;
        if (!e.description.empty())
          os << " (description '" << e.description << "')";
        os << ": " << e.status;
        if (!e.reason.empty())
          os << " (" << e.reason << ")";
        os << "\n";
      }
    }
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace
