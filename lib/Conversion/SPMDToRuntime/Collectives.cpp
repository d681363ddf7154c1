//===- Collectives.cpp - shard collectives to runtime calls ---------------===//
//
// One conversion pattern per shard op. Collectives become calls into the
// runtime's memref ABI on a fresh buffer, at the tensor level:
//
//   %src = bufferization.to_buffer %t read_only
//   %buf = memref.alloc()            // the runtime writes here
//   func.call @tofu_rt_..._memref_<type>(unranked %src / %buf, axis, level,
//   reducer) %r = bufferization.to_tensor %buf restrict
//
// Point-to-point messages (shard.send, shard.recv) become
// tofu_rt_send/recv_memref_<type> on the one level of the op: a send passes
// its input through, a receive fills a fresh buffer.
//
// The runtime has one entry point per collective and element type
// (tofu_rt_all_reduce_memref_f32, ..._i64); the GPU pipeline maps the f32
// ones (and the f64 all-reduce) onto its own. The same calls serve both
// transports: the CPU runtime implements them with MPI, the GPU runtime with
// NCCL (or staged through the host).
//
//===----------------------------------------------------------------------===//

#include "Tofu/Conversion/SPMDToRuntime/Passes.h"

#include "tofu_runtime.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;

namespace mlir::tofu {

std::optional<int32_t> runtimeElementType(Type t) {
  if (t.isF32())
    return TOFU_RT_F32;
  if (t.isF64())
    return TOFU_RT_F64;
  if (t.isF16())
    return TOFU_RT_F16;
  if (t.isBF16())
    return TOFU_RT_BF16;
  if (!t.isSignlessInteger())
    return std::nullopt;
  switch (t.getIntOrFloatBitWidth()) {
  case 1:
    return TOFU_RT_I1;
  case 8:
    return TOFU_RT_I8;
  case 16:
    return TOFU_RT_I16;
  case 32:
    return TOFU_RT_I32;
  case 64:
    return TOFU_RT_I64;
  default:
    return std::nullopt;
  }
}

} // namespace mlir::tofu

namespace {

std::optional<int32_t> reducerCode(shard::ReductionKind kind) {
  switch (kind) {
  case shard::ReductionKind::Sum:
    return TOFU_RT_SUM;
  case shard::ReductionKind::Max:
    return TOFU_RT_MAX;
  case shard::ReductionKind::Min:
    return TOFU_RT_MIN;
  case shard::ReductionKind::Product:
    return TOFU_RT_PROD;
  default:
    return std::nullopt;
  }
}

shard::GridOp gridOf(Operation *op, FlatSymbolRefAttr ref) {
  auto module = op->getParentOfType<ModuleOp>();
  return module ? module.lookupSymbol<shard::GridOp>(ref.getAttr())
                : shard::GridOp();
}

/// The levels (grid axes) a collective runs on: its axes, or every axis of
/// the grid when it names none.
SmallVector<int64_t> levelsOf(shard::GridOp grid, ArrayRef<int16_t> axes) {
  SmallVector<int64_t> levels;
  if (axes.empty())
    for (int64_t i = 0; i < grid.getRank(); ++i)
      levels.push_back(i);
  else
    levels.assign(axes.begin(), axes.end());
  return levels;
}

/// The builder helpers every collective pattern shares.
struct RuntimeCalls {
  ConversionPatternRewriter &rewriter;
  Location loc;

  Value i64(int64_t v) {
    return arith::ConstantIntOp::create(rewriter, loc, v, 64);
  }
  Value i32(int64_t v) {
    return arith::ConstantIntOp::create(rewriter, loc, v, 32);
  }
  /// Calls the runtime function `name` (declared on first use), returning
  /// its result of type `result`.
  Value call(Operation *at, StringRef name, ValueRange args, Type result) {
    auto module = at->getParentOfType<ModuleOp>();
    auto fn = module.lookupSymbol<func::FuncOp>(name);
    if (!fn) {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPointToStart(module.getBody());
      fn = func::FuncOp::create(
          rewriter, module.getLoc(), name,
          rewriter.getFunctionType(TypeRange(args), result));
      fn.setPrivate();
    }
    return func::CallOp::create(rewriter, loc, fn, args).getResult(0);
  }
  Value coord(Operation *at, int64_t level) {
    Value c = call(at, "tofu_rt_coord", {i64(level)}, rewriter.getI64Type());
    return arith::IndexCastOp::create(rewriter, loc, rewriter.getIndexType(),
                                      c);
  }
  static MemRefType memrefOf(RankedTensorType t) {
    return MemRefType::get(t.getShape(), t.getElementType());
  }
  Value unranked(Value memref) {
    auto type = cast<MemRefType>(memref.getType());
    return memref::CastOp::create(
        rewriter, loc,
        UnrankedMemRefType::get(type.getElementType(), /*memorySpace=*/0),
        memref);
  }
  /// The tensor's data as an unranked memref the runtime only reads.
  Value readBuffer(Value tensor) {
    auto type = cast<RankedTensorType>(tensor.getType());
    return unranked(bufferization::ToBufferOp::create(
        rewriter, loc, memrefOf(type), tensor, /*read_only=*/true));
  }
  /// A fresh buffer of `type` for the runtime to write.
  Value freshBuffer(RankedTensorType type) {
    return memref::AllocOp::create(rewriter, loc, memrefOf(type));
  }
  Value asTensor(Value buffer, Type type) {
    return bufferization::ToTensorOp::create(rewriter, loc, type, buffer,
                                             /*restrict=*/true);
  }
  /// The runtime function for collective `base` ("all_gather", ...) on
  /// `element`: one entry point per element type, since a module declares
  /// each symbol with one type (tofu_rt_all_gather_memref_i64).
  static std::string function(StringRef base, Type element) {
    std::string type;
    llvm::raw_string_ostream os(type);
    element.print(os);
    return ("tofu_rt_" + base + "_memref_" + type).str();
  }
};

struct AllReduceToRuntime : OpConversionPattern<shard::AllReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shard::AllReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeCalls rt{rewriter, op.getLoc()};
    auto type = cast<RankedTensorType>(op.getInput().getType());
    Value src = bufferization::ToBufferOp::create(
        rewriter, op.getLoc(), RuntimeCalls::memrefOf(type), adaptor.getInput(),
        /*read_only=*/true);
    Value buf = rt.freshBuffer(type);
    Value u = rt.unranked(buf);
    memref::CopyOp::create(rewriter, op.getLoc(), src, buf);
    int32_t reducer = *reducerCode(op.getReduction());
    // One call per level: a reduction over several axes is a reduction over
    // each in turn.
    for (int64_t level :
         levelsOf(gridOf(op, op.getGridAttr()), op.getGridAxes())) {
      rt.call(op, RuntimeCalls::function("all_reduce", type.getElementType()),
              {u, rt.i64(level), rt.i32(reducer)}, rewriter.getI32Type());
    }
    rewriter.replaceOp(op, rt.asTensor(buf, type));
    return success();
  }
};

/// An out-of-place single-level collective: the input's buffer read-only,
/// a fresh output buffer the runtime writes; `tail` are the i64 arguments
/// after the two buffers, `reducer` (if any) the trailing i32.
LogicalResult outOfPlace(Operation *op, Value input, StringRef base,
                         ArrayRef<int64_t> tail, std::optional<int32_t> reducer,
                         ConversionPatternRewriter &rewriter) {
  RuntimeCalls rt{rewriter, op->getLoc()};
  auto out = cast<RankedTensorType>(op->getResult(0).getType());
  Value in = rt.readBuffer(input);
  Value buf = rt.freshBuffer(out);
  SmallVector<Value> args{in, rt.unranked(buf)};
  for (int64_t v : tail)
    args.push_back(rt.i64(v));
  if (reducer)
    args.push_back(rt.i32(*reducer));
  rt.call(op, RuntimeCalls::function(base, out.getElementType()), args,
          rewriter.getI32Type());
  rewriter.replaceOp(op, rt.asTensor(buf, out));
  return success();
}

int64_t singleLevel(Operation *op, FlatSymbolRefAttr grid,
                    ArrayRef<int16_t> axes) {
  return levelsOf(gridOf(op, grid), axes).front();
}

struct AllGatherToRuntime : OpConversionPattern<shard::AllGatherOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shard::AllGatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return outOfPlace(op, adaptor.getInput(), "all_gather",
                      {op.getGatherAxis().getSExtValue(),
                       singleLevel(op, op.getGridAttr(), op.getGridAxes())},
                      std::nullopt, rewriter);
  }
};

struct ReduceScatterToRuntime : OpConversionPattern<shard::ReduceScatterOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shard::ReduceScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return outOfPlace(op, adaptor.getInput(), "reduce_scatter",
                      {op.getScatterAxis().getSExtValue(),
                       singleLevel(op, op.getGridAttr(), op.getGridAxes())},
                      reducerCode(op.getReduction()), rewriter);
  }
};

struct AllToAllToRuntime : OpConversionPattern<shard::AllToAllOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shard::AllToAllOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    return outOfPlace(op, adaptor.getInput(), "all_to_all",
                      {op.getSplitAxis().getSExtValue(),
                       op.getConcatAxis().getSExtValue(),
                       singleLevel(op, op.getGridAttr(), op.getGridAxes())},
                      std::nullopt, rewriter);
  }
};

/// The rank's block along the slice axis, as a compact copy: a view would
/// keep the whole tensor's buffer alive as long as the block is used.
struct AllSliceToRuntime : OpConversionPattern<shard::AllSliceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shard::AllSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeCalls rt{rewriter, op.getLoc()};
    auto out = cast<RankedTensorType>(op.getResult().getType());
    int64_t axis = op.getSliceAxis().getSExtValue();
    int64_t level = singleLevel(op, op.getGridAttr(), op.getGridAxes());
    SmallVector<OpFoldResult> offsets, sizes, strides;
    for (int64_t d = 0; d < out.getRank(); ++d) {
      strides.push_back(rewriter.getIndexAttr(1));
      sizes.push_back(rewriter.getIndexAttr(out.getDimSize(d)));
      if (d != axis) {
        offsets.push_back(rewriter.getIndexAttr(0));
        continue;
      }
      Value blockSize = arith::ConstantIndexOp::create(rewriter, op.getLoc(),
                                                       out.getDimSize(d));
      offsets.push_back(arith::MulIOp::create(rewriter, op.getLoc(),
                                              rt.coord(op, level), blockSize)
                            .getResult());
    }
    Value block = tensor::ExtractSliceOp::create(rewriter, op.getLoc(), out,
                                                 adaptor.getInput(), offsets,
                                                 sizes, strides);
    Value empty = tensor::EmptyOp::create(rewriter, op.getLoc(), out.getShape(),
                                          out.getElementType());
    rewriter.replaceOp(
        op, linalg::CopyOp::create(rewriter, op.getLoc(), block, empty)
                .getResult(0));
    return success();
  }
};

/// The in-group index of a send, recv or broadcast on one level: its one
/// static coordinate, the member's coordinate on that level (the order of
/// the runtime's level communicators). Fails on any other index, which
/// checkLowerableToRuntime has reported.
FailureOr<int64_t> memberOf(std::optional<ArrayRef<int64_t>> index,
                            ValueRange dynamic) {
  if (!index || !dynamic.empty() || index->size() != 1 ||
      ShapedType::isDynamic(index->front()))
    return failure();
  return index->front();
}

/// tofu_rt_send_memref_<type>(input, level, dest). The result is the input:
/// the runtime copies the data before the call returns. The call has side
/// effects, so the send stays even when nothing uses its result.
struct SendToRuntime : OpConversionPattern<shard::SendOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shard::SendOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<int64_t> dest =
        memberOf(op.getDestination(), op.getDestinationDynamic());
    if (failed(dest))
      return rewriter.notifyMatchFailure(op, "no static one-axis destination");
    RuntimeCalls rt{rewriter, op.getLoc()};
    auto type = cast<RankedTensorType>(op.getInput().getType());
    int64_t level = singleLevel(op, op.getGridAttr(), op.getGridAxes());
    rt.call(op, RuntimeCalls::function("send", type.getElementType()),
            {rt.readBuffer(adaptor.getInput()), rt.i64(level), rt.i64(*dest)},
            rewriter.getI32Type());
    rewriter.replaceOp(op, adaptor.getInput());
    return success();
  }
};

/// tofu_rt_recv_memref_<type>(fresh buffer, level, source); the input only
/// gives the shape, its data is not read.
struct RecvToRuntime : OpConversionPattern<shard::RecvOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shard::RecvOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<int64_t> source = memberOf(op.getSource(), op.getSourceDynamic());
    if (failed(source))
      return rewriter.notifyMatchFailure(op, "no static one-axis source");
    RuntimeCalls rt{rewriter, op.getLoc()};
    auto type = cast<RankedTensorType>(op.getResult().getType());
    int64_t level = singleLevel(op, op.getGridAttr(), op.getGridAxes());
    Value buf = rt.freshBuffer(type);
    rt.call(op, RuntimeCalls::function("recv", type.getElementType()),
            {rt.unranked(buf), rt.i64(level), rt.i64(*source)},
            rewriter.getI32Type());
    rewriter.replaceOp(op, rt.asTensor(buf, type));
    return success();
  }
};

/// In place on a copy of the input, as the all-reduce:
/// tofu_rt_broadcast_memref_<type>(copy, root, level).
struct BroadcastToRuntime : OpConversionPattern<shard::BroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shard::BroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    FailureOr<int64_t> root = memberOf(op.getRoot(), op.getRootDynamic());
    if (failed(root))
      return rewriter.notifyMatchFailure(op, "no static one-axis root");
    RuntimeCalls rt{rewriter, op.getLoc()};
    auto type = cast<RankedTensorType>(op.getInput().getType());
    int64_t level = singleLevel(op, op.getGridAttr(), op.getGridAxes());
    Value src = bufferization::ToBufferOp::create(
        rewriter, op.getLoc(), RuntimeCalls::memrefOf(type), adaptor.getInput(),
        /*read_only=*/true);
    Value buf = rt.freshBuffer(type);
    memref::CopyOp::create(rewriter, op.getLoc(), src, buf);
    rt.call(op, RuntimeCalls::function("broadcast", type.getElementType()),
            {rt.unranked(buf), rt.i64(*root), rt.i64(level)},
            rewriter.getI32Type());
    rewriter.replaceOp(op, rt.asTensor(buf, type));
    return success();
  }
};

struct ProcessMultiIndexToRuntime
    : OpConversionPattern<shard::ProcessMultiIndexOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(shard::ProcessMultiIndexOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RuntimeCalls rt{rewriter, op.getLoc()};
    SmallVector<Value> coords;
    for (int64_t level : levelsOf(gridOf(op, op.getGridAttr()), op.getAxes()))
      coords.push_back(rt.coord(op, level));
    rewriter.replaceOp(op, coords);
    return success();
  }
};

/// Checks the parts every collective shares: a grid of its module, a tensor
/// of a type the runtime carries, at most one level unless `multiLevel`.
LogicalResult checkCollective(Operation *op, FlatSymbolRefAttr gridRef,
                              ArrayRef<int16_t> axes, bool multiLevel) {
  shard::GridOp grid = gridOf(op, gridRef);
  if (!grid)
    return op->emitOpError("names no shard.grid of this module");
  for (Type t : op->getOperandTypes()) {
    // Dynamic in-group indices (checkInGroupIndex) are not communicated.
    if (t.isIndex())
      continue;
    auto tensor = dyn_cast<RankedTensorType>(t);
    if (!tensor)
      return op->emitOpError("communicates ")
             << t << "; lower it before bufferization, on ranked tensors";
    if (!tofu::runtimeElementType(tensor.getElementType()))
      return op->emitOpError("communicates a tensor of ")
             << tensor.getElementType()
             << "; the runtime's collectives carry f32, f64, f16, bf16, i1, "
                "i8, i16, i32 and i64";
  }
  size_t levels = levelsOf(grid, axes).size();
  if (!multiLevel && levels != 1)
    return op->emitOpError("spans ")
           << levels
           << " grid axes; the runtime's collectives run on one level";
  return success();
}

/// The member a send, recv or broadcast names (`what`: its destination,
/// source or root) must be a static index of one coordinate: the runtime's
/// messages and broadcasts run on one level, on the member's coordinate
/// there.
LogicalResult checkInGroupIndex(Operation *op, StringRef what,
                                std::optional<ArrayRef<int64_t>> index,
                                ValueRange dynamic) {
  if (!index)
    return op->emitOpError("names no ")
           << what << "; the runtime receives from one named member";
  if (!dynamic.empty() || llvm::any_of(*index, ShapedType::isDynamic))
    return op->emitOpError("has a dynamic ")
           << what << "; the runtime lowering takes a static in-group index";
  if (index->size() != 1)
    return op->emitOpError("names a ")
           << what << " of " << index->size()
           << " coordinates; the runtime's groups are one grid axis each";
  return success();
}

LogicalResult checkReduction(Operation *op, shard::ReductionKind kind) {
  if (!reducerCode(kind))
    return op->emitOpError("uses a reduction the runtime does not provide "
                           "(sum, max, min, product)");
  return success();
}

} // namespace

namespace mlir::tofu {

LogicalResult checkLowerableToRuntime(Operation *op) {
  if (auto ar = dyn_cast<shard::AllReduceOp>(op))
    return failure(
        failed(checkCollective(op, ar.getGridAttr(), ar.getGridAxes(), true)) ||
        failed(checkReduction(op, ar.getReduction())));
  if (auto rs = dyn_cast<shard::ReduceScatterOp>(op))
    return failure(failed(checkCollective(op, rs.getGridAttr(),
                                          rs.getGridAxes(), false)) ||
                   failed(checkReduction(op, rs.getReduction())));
  if (auto ag = dyn_cast<shard::AllGatherOp>(op))
    return checkCollective(op, ag.getGridAttr(), ag.getGridAxes(), false);
  if (auto a2a = dyn_cast<shard::AllToAllOp>(op))
    return checkCollective(op, a2a.getGridAttr(), a2a.getGridAxes(), false);
  if (auto slice = dyn_cast<shard::AllSliceOp>(op))
    return checkCollective(op, slice.getGridAttr(), slice.getGridAxes(), false);
  if (auto send = dyn_cast<shard::SendOp>(op))
    return failure(
        failed(checkCollective(op, send.getGridAttr(), send.getGridAxes(),
                               false)) ||
        failed(checkInGroupIndex(op, "destination", send.getDestination(),
                                 send.getDestinationDynamic())));
  if (auto recv = dyn_cast<shard::RecvOp>(op))
    return failure(failed(checkCollective(op, recv.getGridAttr(),
                                          recv.getGridAxes(), false)) ||
                   failed(checkInGroupIndex(op, "source", recv.getSource(),
                                            recv.getSourceDynamic())));
  if (auto bcast = dyn_cast<shard::BroadcastOp>(op))
    return failure(failed(checkCollective(op, bcast.getGridAttr(),
                                          bcast.getGridAxes(), false)) ||
                   failed(checkInGroupIndex(op, "root", bcast.getRoot(),
                                            bcast.getRootDynamic())));
  if (auto idx = dyn_cast<shard::ProcessMultiIndexOp>(op)) {
    if (!gridOf(op, idx.getGridAttr()))
      return op->emitOpError("names no shard.grid of this module");
    return success();
  }
  if (isa<shard::GridOp>(op))
    return success();
  return op->emitOpError("is a shard op --tofu-lower-spmd does not lower");
}

void populateSPMDToRuntimePatterns(RewritePatternSet &patterns) {
  patterns.add<AllReduceToRuntime, AllGatherToRuntime, ReduceScatterToRuntime,
               AllToAllToRuntime, AllSliceToRuntime, ProcessMultiIndexToRuntime,
               SendToRuntime, RecvToRuntime, BroadcastToRuntime>(
      patterns.getContext());
}

} // namespace mlir::tofu
