//===- LowerSPMD.cpp - shard collectives to runtime calls -----------------===//
//
// --tofu-lower-spmd rewrites the collectives a materialized function uses
// (upstream `shard` ops on the grid whose axes are the plan's recursion
// levels) into calls to the runtime library's memref ABI (docs/runtime.md),
// at the tensor level, before bufferization:
//
//   %src = bufferization.to_buffer %t read_only
//   %buf = memref.alloc()            // the runtime writes here
//   func.call @tofu_rt_...(unranked %src / %buf, axis, level, reducer)
//   %r = bufferization.to_tensor %buf restrict
//
// shard.all_slice becomes a tensor.extract_slice at the rank's block and
// shard.process_multi_index calls tofu_rt_coord. The same calls serve both
// transports: the CPU runtime implements them with MPI, the GPU runtime with
// NCCL (or staged through the host).
//
//===----------------------------------------------------------------------===//

#include "Tofu/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFULOWERSPMD
#include "Tofu/Transforms/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;

namespace {

class Lowering {
public:
  explicit Lowering(ModuleOp module) : module(module), b(module.getContext()) {}

  LogicalResult lower(Operation *op);
  void eraseGrids();

private:
  func::FuncOp declare(StringRef name, ArrayRef<Type> args, Type result);
  Value call(Location loc, StringRef name, ValueRange args, Type result);
  Value i64(Location loc, int64_t v) {
    return arith::ConstantIntOp::create(b, loc, v, 64);
  }
  Value i32(Location loc, int64_t v) {
    return arith::ConstantIntOp::create(b, loc, v, 32);
  }
  Value coord(Location loc, int64_t level) {
    Value c = call(loc, "tofu_rt_coord", {i64(loc, level)}, b.getI64Type());
    return arith::IndexCastOp::create(b, loc, b.getIndexType(), c);
  }
  /// The tensor's data as an unranked memref the runtime only reads.
  Value readBuffer(Location loc, Value tensor);
  /// A fresh buffer of `type` the runtime writes, and its unranked form.
  std::pair<Value, Value> freshBuffer(Location loc, RankedTensorType type);
  Value asTensor(Location loc, Value buffer, Type type) {
    return bufferization::ToTensorOp::create(b, loc, type, buffer,
                                             /*restrict=*/true);
  }
  static bool canCarry(Type t) {
    return t.isF32() || t.isF16() || t.isBF16() ||
           (t.isSignlessInteger() && t.getIntOrFloatBitWidth() <= 32);
  }
  /// `tensor` as f32 elements: 32-bit integers bitcast, narrower integers
  /// zero-extended to i32 first, f16/bf16 extended (all exact).
  Value asF32(Location loc, Value tensor) {
    auto t = cast<RankedTensorType>(tensor.getType());
    Type e = t.getElementType();
    if (e.isF32())
      return tensor;
    auto f32 = t.clone(b.getF32Type());
    if (isa<FloatType>(e))
      return arith::ExtFOp::create(b, loc, f32, tensor);
    if (e.getIntOrFloatBitWidth() < 32)
      tensor = arith::ExtUIOp::create(b, loc, t.clone(b.getI32Type()), tensor);
    return arith::BitcastOp::create(b, loc, f32, tensor);
  }
  /// The inverse of asF32.
  Value fromF32(Location loc, Value tensor, Type element) {
    auto t = cast<RankedTensorType>(tensor.getType());
    if (element.isF32())
      return tensor;
    if (isa<FloatType>(element))
      return arith::TruncFOp::create(b, loc, t.clone(element), tensor);
    Value i = arith::BitcastOp::create(b, loc, t.clone(b.getI32Type()), tensor);
    if (element.getIntOrFloatBitWidth() < 32)
      i = arith::TruncIOp::create(b, loc, t.clone(element), i);
    return i;
  }
  FailureOr<SmallVector<int64_t>>
  levelsOf(Operation *op, FlatSymbolRefAttr grid, ArrayRef<int16_t> axes);
  MemRefType memrefOf(RankedTensorType t) {
    return MemRefType::get(t.getShape(), t.getElementType());
  }
  Type unranked(Type element) {
    return UnrankedMemRefType::get(element, /*memorySpace=*/0);
  }

  ModuleOp module;
  OpBuilder b;
};

func::FuncOp Lowering::declare(StringRef name, ArrayRef<Type> args,
                               Type result) {
  if (auto f = module.lookupSymbol<func::FuncOp>(name))
    return f;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto f = func::FuncOp::create(b, module.getLoc(), name,
                                b.getFunctionType(args, result));
  f.setPrivate();
  return f;
}

Value Lowering::call(Location loc, StringRef name, ValueRange args,
                     Type result) {
  SmallVector<Type> types(args.getTypes());
  func::FuncOp f = declare(name, types, result);
  return func::CallOp::create(b, loc, f, args).getResult(0);
}

Value Lowering::readBuffer(Location loc, Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  Value m = bufferization::ToBufferOp::create(b, loc, memrefOf(type), tensor,
                                              /*read_only=*/true);
  return memref::CastOp::create(b, loc, unranked(type.getElementType()), m);
}

std::pair<Value, Value> Lowering::freshBuffer(Location loc,
                                              RankedTensorType type) {
  Value buf = memref::AllocOp::create(b, loc, memrefOf(type));
  return {buf,
          memref::CastOp::create(b, loc, unranked(type.getElementType()), buf)};
}

FailureOr<SmallVector<int64_t>> Lowering::levelsOf(Operation *op,
                                                   FlatSymbolRefAttr gridRef,
                                                   ArrayRef<int16_t> axes) {
  auto grid = module.lookupSymbol<shard::GridOp>(gridRef.getAttr());
  if (!grid)
    return op->emitOpError("names no shard.grid of this module");
  SmallVector<int64_t> levels;
  if (axes.empty())
    for (int64_t i = 0; i < grid.getRank(); ++i)
      levels.push_back(i);
  else
    levels.assign(axes.begin(), axes.end());
  return levels;
}

int32_t reducerCode(shard::ReductionKind kind) {
  switch (kind) {
  case shard::ReductionKind::Sum:
    return 0;
  case shard::ReductionKind::Max:
    return 1;
  case shard::ReductionKind::Min:
    return 2;
  case shard::ReductionKind::Product:
    return 3;
  default:
    return -1;
  }
}

LogicalResult Lowering::lower(Operation *op) {
  Location loc = op->getLoc();
  b.setInsertionPoint(op);
  // The runtime moves f32. Reductions need f32 data; the collectives that
  // only move data carry 32-bit types bit for bit and narrower integers and
  // floats widened exactly (see asF32).
  bool reduces = isa<shard::AllReduceOp, shard::ReduceScatterOp>(op);
  for (Value v : op->getOperands())
    if (auto t = dyn_cast<RankedTensorType>(v.getType());
        t && !t.getElementType().isF32() && !isa<shard::AllSliceOp>(op) &&
        !(isa<shard::AllReduceOp>(op) && t.getElementType().isF64()) &&
        (reduces || !canCarry(t.getElementType())))
      return op->emitOpError("communicates a tensor of ")
             << t.getElementType() << "; the runtime's collectives "
             << (reduces ? "reduce f32 tensors (and all-reduce f64) only"
                         : "move f32 and types of at most 32 bits");

  if (auto idx = dyn_cast<shard::ProcessMultiIndexOp>(op)) {
    FailureOr<SmallVector<int64_t>> levels =
        levelsOf(op, idx.getGridAttr(), idx.getAxes());
    if (failed(levels))
      return failure();
    for (auto [r, level] : llvm::zip(idx.getResults(), *levels))
      r.replaceAllUsesWith(coord(loc, level));
    op->erase();
    return success();
  }
  if (auto ar = dyn_cast<shard::AllReduceOp>(op)) {
    auto type = dyn_cast<RankedTensorType>(ar.getInput().getType());
    if (!type)
      return op->emitOpError("reduces a memref; lower it before bufferization");
    int32_t reducer = reducerCode(ar.getReduction());
    if (reducer < 0)
      return op->emitOpError("uses a reduction the runtime does not provide "
                             "(sum, max, min, product)");
    FailureOr<SmallVector<int64_t>> levels =
        levelsOf(op, ar.getGridAttr(), ar.getGridAxes());
    if (failed(levels))
      return failure();
    Value src = bufferization::ToBufferOp::create(b, loc, memrefOf(type),
                                                  ar.getInput(), true);
    bool f64 = type.getElementType().isF64();
    auto [buf, u] = freshBuffer(loc, type);
    memref::CopyOp::create(b, loc, src, buf);
    for (int64_t level : *levels)
      call(loc,
           f64 ? "tofu_rt_all_reduce_memref_f64"
               : "tofu_rt_all_reduce_memref_f32",
           {u, i64(loc, level), i32(loc, reducer)}, b.getI32Type());
    ar.getResult().replaceAllUsesWith(asTensor(loc, buf, type));
    op->erase();
    return success();
  }
  // The single-level collectives.
  auto single = [&](FlatSymbolRefAttr grid,
                    ArrayRef<int16_t> axes) -> FailureOr<int64_t> {
    FailureOr<SmallVector<int64_t>> levels = levelsOf(op, grid, axes);
    if (failed(levels))
      return failure();
    if (levels->size() != 1)
      return op->emitOpError("spans ")
             << levels->size()
             << " grid axes; the runtime's collectives run on one level";
    return (*levels)[0];
  };
  auto outOf = [&](Value result) {
    return cast<RankedTensorType>(result.getType());
  };
  // An out-of-place collective: the input's buffer read-only, a fresh output
  // buffer the runtime writes, data moved through f32 (asF32 / fromF32);
  // `tail` are the i64 arguments after the two buffers, `reducer` (if any)
  // the trailing i32.
  auto outOfPlace = [&](Value input, Value result, StringRef function,
                        ArrayRef<int64_t> tail,
                        std::optional<int32_t> reducer = std::nullopt) {
    Type element = outOf(result).getElementType();
    Value in = readBuffer(loc, asF32(loc, input));
    auto out = outOf(result).clone(b.getF32Type());
    auto [buf, u] = freshBuffer(loc, out);
    SmallVector<Value> args{in, u};
    for (int64_t v : tail)
      args.push_back(i64(loc, v));
    if (reducer)
      args.push_back(i32(loc, *reducer));
    call(loc, function, args, b.getI32Type());
    result.replaceAllUsesWith(fromF32(loc, asTensor(loc, buf, out), element));
    op->erase();
    return success();
  };
  if (auto ag = dyn_cast<shard::AllGatherOp>(op)) {
    FailureOr<int64_t> level = single(ag.getGridAttr(), ag.getGridAxes());
    if (failed(level))
      return failure();
    return outOfPlace(ag.getInput(), ag.getResult(),
                      "tofu_rt_all_gather_memref_f32",
                      {ag.getGatherAxis().getSExtValue(), *level});
  }
  if (auto rs = dyn_cast<shard::ReduceScatterOp>(op)) {
    FailureOr<int64_t> level = single(rs.getGridAttr(), rs.getGridAxes());
    if (failed(level))
      return failure();
    int32_t reducer = reducerCode(rs.getReduction());
    if (reducer < 0)
      return op->emitOpError("uses a reduction the runtime does not provide "
                             "(sum, max, min, product)");
    return outOfPlace(rs.getInput(), rs.getResult(),
                      "tofu_rt_reduce_scatter_memref_f32",
                      {rs.getScatterAxis().getSExtValue(), *level}, reducer);
  }
  if (auto a2a = dyn_cast<shard::AllToAllOp>(op)) {
    FailureOr<int64_t> level = single(a2a.getGridAttr(), a2a.getGridAxes());
    if (failed(level))
      return failure();
    return outOfPlace(a2a.getInput(), a2a.getResult(),
                      "tofu_rt_all_to_all_memref_f32",
                      {a2a.getSplitAxis().getSExtValue(),
                       a2a.getConcatAxis().getSExtValue(), *level});
  }
  if (auto slice = dyn_cast<shard::AllSliceOp>(op)) {
    FailureOr<int64_t> level = single(slice.getGridAttr(), slice.getGridAxes());
    if (failed(level))
      return failure();
    auto out = outOf(slice.getResult());
    int64_t axis = slice.getSliceAxis().getSExtValue();
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (int64_t d = 0; d < out.getRank(); ++d) {
      strides.push_back(b.getIndexAttr(1));
      sizes.push_back(b.getIndexAttr(out.getDimSize(d)));
      if (d != axis) {
        offsets.push_back(b.getIndexAttr(0));
        continue;
      }
      Value c = coord(loc, *level);
      offsets.push_back(arith::MulIOp::create(b, loc, c,
                                              arith::ConstantIndexOp::create(
                                                  b, loc, out.getDimSize(d)))
                            .getResult());
    }
    Value r = tensor::ExtractSliceOp::create(b, loc, out, slice.getInput(),
                                             offsets, sizes, strides);
    // A compact copy: a view would keep the whole tensor's buffer alive as
    // long as the block is used.
    Value empty =
        tensor::EmptyOp::create(b, loc, out.getShape(), out.getElementType());
    r = linalg::CopyOp::create(b, loc, r, empty).getResult(0);
    slice.getResult().replaceAllUsesWith(r);
    op->erase();
    return success();
  }
  if (isa<shard::GridOp>(op))
    return success();
  return op->emitOpError("is a shard op --tofu-lower-spmd does not lower");
}

void Lowering::eraseGrids() {
  for (auto grid : llvm::make_early_inc_range(module.getOps<shard::GridOp>()))
    if (SymbolTable::symbolKnownUseEmpty(grid, module))
      grid.erase();
}

struct TofuLowerSPMDPass
    : public tofu::impl::TofuLowerSPMDBase<TofuLowerSPMDPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) {
      if (isa<shard::ShardDialect>(op->getDialect()) && !isa<shard::GridOp>(op))
        ops.push_back(op);
    });
    Lowering lowering(module);
    for (Operation *op : ops)
      if (failed(lowering.lower(op)))
        return signalPassFailure();
    lowering.eraseGrids();
  }
};

} // namespace
