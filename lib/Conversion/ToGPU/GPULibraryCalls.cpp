//===- GPULibraryCalls.cpp - cuBLAS calls, GPU collectives, managed memory ===//
//
// --tofu-gpu-library-calls: the project-specific step of the GPU pipeline
// (python/tofu/gpu_lowering_passes.txt). It works on bufferized functions:
// matrix products become calls into libtofu_runtime_gpu (cuBLAS), the CPU
// runtime's collectives become their GPU versions, host allocations become
// managed memory that kernels, libraries and host code share, and copies
// become linalg.copy so that they run as kernels. See docs/gpu.md.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Conversion/ToGPU/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/StringSwitch.h"

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUGPULIBRARYCALLS
#define GEN_PASS_DEF_TOFUGPUMAPPARALLELLOOPS
#include "Tofu/Conversion/ToGPU/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;

namespace {

// Host code: not inside a kernel (gpu.launch) or a GPU module.
bool onHost(Operation *op) {
  return !op->getParentOfType<gpu::LaunchOp>() &&
         !op->getParentOfType<gpu::GPUModuleOp>();
}

// The private declaration @name : type, created if missing. Fails (with a
// diagnostic) when the module defines @name with another type.
FailureOr<func::FuncOp> declare(ModuleOp module, StringRef name,
                                FunctionType type, Location loc) {
  if (Operation *existing = SymbolTable::lookupSymbolIn(module, name)) {
    auto fn = dyn_cast<func::FuncOp>(existing);
    if (!fn || fn.getFunctionType() != type) {
      existing->emitError() << "@" << name << " is reserved for the GPU runtime "
                            << "and must be a function of type " << type;
      return failure();
    }
    return fn;
  }
  OpBuilder b = OpBuilder::atBlockBegin(module.getBody());
  auto fn = func::FuncOp::create(b, loc, name, type);
  fn.setPrivate();
  return fn;
}

// f32 memref of the given rank whose rows are contiguous (last stride 1).
bool cublasOperand(Value v, int64_t rank) {
  auto type = dyn_cast<MemRefType>(v.getType());
  if (!type || type.getRank() != rank || !type.getElementType().isF32())
    return false;
  SmallVector<int64_t> strides;
  int64_t offset;
  if (failed(type.getStridesAndOffset(strides, offset)))
    return false;
  return strides.back() == 1;
}

// Whether `map` yields exactly the loop dimensions `dims`, in order.
bool yieldsDims(AffineMap map, ArrayRef<unsigned> dims) {
  if (map.getNumResults() != dims.size())
    return false;
  for (auto [expr, d] : llvm::zip(map.getResults(), dims)) {
    auto dim = dyn_cast<AffineDimExpr>(expr);
    if (!dim || dim.getPosition() != d)
      return false;
  }
  return true;
}

struct Product {
  bool batched = false;
  bool transA = false, transB = false;
  bool swapped = false; // A is the second input, B the first
};

// Recognizes C[b?,r,c] += A[b?,r,k|k,r] * B[b?,k,c|c,k] on f32 memrefs, A and
// B being the two inputs in either order.
std::optional<Product> matchProduct(linalg::LinalgOp op) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1 || !linalg::isaContractionOpInterface(op))
    return std::nullopt;
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->batch.size() > 1 || dims->m.size() != 1 ||
      dims->n.size() != 1 || dims->k.size() != 1)
    return std::nullopt;
  Product p;
  p.batched = dims->batch.size() == 1;
  int64_t rank = p.batched ? 3 : 2;
  if (op.getNumLoops() != (unsigned)rank + 1)
    return std::nullopt;
  SmallVector<unsigned> lead;
  if (p.batched)
    lead.push_back(dims->batch[0]);
  unsigned m = dims->m[0], n = dims->n[0], k = dims->k[0];
  auto with = [&](unsigned x, unsigned y) {
    SmallVector<unsigned> out(lead);
    out.push_back(x);
    out.push_back(y);
    return out;
  };
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  // m occurs in the first input, n in the second: C[m,n] = A * B, while
  // C[n,m] = B' * A' takes the inputs the other way round.
  unsigned r = m, c = n;
  if (yieldsDims(maps[2], with(n, m))) {
    p.swapped = true;
    std::swap(r, c);
  } else if (!yieldsDims(maps[2], with(m, n))) {
    return std::nullopt;
  }
  AffineMap a = maps[p.swapped ? 1 : 0], b = maps[p.swapped ? 0 : 1];
  if (yieldsDims(a, with(r, k)))
    p.transA = false;
  else if (yieldsDims(a, with(k, r)))
    p.transA = true;
  else
    return std::nullopt;
  if (yieldsDims(b, with(k, c)))
    p.transB = false;
  else if (yieldsDims(b, with(c, k)))
    p.transB = true;
  else
    return std::nullopt;
  for (OpOperand &operand : op->getOpOperands())
    if (!cublasOperand(operand.get(), rank))
      return std::nullopt;
  return p;
}

struct TofuGPULibraryCallsPass
    : public tofu::impl::TofuGPULibraryCallsBase<TofuGPULibraryCallsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (failed(copiesToKernels(module)) ||
        (cublas && failed(productsToCublas(module))) ||
        failed(collectivesToGpu(module)) || failed(managedMemory(module)))
      signalPassFailure();
  }

  // memref.copy -> linalg.copy (a kernel after the upstream passes).
  LogicalResult copiesToKernels(ModuleOp module) {
    SmallVector<memref::CopyOp> copies;
    module.walk([&](memref::CopyOp op) {
      if (onHost(op))
        copies.push_back(op);
    });
    for (memref::CopyOp op : copies) {
      OpBuilder b(op);
      linalg::CopyOp::create(b, op.getLoc(), op.getSource(), op.getTarget());
      op.erase();
    }
    return success();
  }

  LogicalResult productsToCublas(ModuleOp module) {
    SmallVector<std::pair<linalg::LinalgOp, Product>> found;
    module.walk([&](linalg::LinalgOp op) {
      if (!onHost(op))
        return;
      if (std::optional<Product> p = matchProduct(op))
        found.push_back({op, *p});
    });
    if (found.empty())
      return success();
    MLIRContext *ctx = module.getContext();
    Type f32 = Float32Type::get(ctx);
    Type i32 = IntegerType::get(ctx, 32);
    for (auto &[op, p] : found) {
      OpBuilder b(op);
      Location loc = op.getLoc();
      SmallVector<Value> operands = {op.getDpsInputs()[p.swapped ? 1 : 0],
                                     op.getDpsInputs()[p.swapped ? 0 : 1],
                                     op.getDpsInits()[0]};
      SmallVector<Value> args;
      for (Value v : operands) {
        auto type = cast<MemRefType>(v.getType());
        auto unranked = UnrankedMemRefType::get(f32, type.getMemorySpace());
        args.push_back(memref::CastOp::create(b, loc, unranked, v));
      }
      args.push_back(arith::ConstantIntOp::create(b, loc, i32, p.transA));
      args.push_back(arith::ConstantIntOp::create(b, loc, i32, p.transB));
      auto type = FunctionType::get(ctx, ValueRange(args).getTypes(), {i32});
      FailureOr<func::FuncOp> fn = declare(
          module,
          p.batched ? "tofu_rt_gpu_batch_matmul_f32" : "tofu_rt_gpu_matmul_f32",
          type, loc);
      if (failed(fn))
        return failure();
      auto call = func::CallOp::create(b, loc, *fn, args);
      if (Attribute name = op->getAttr("tofu.name"))
        call->setAttr("tofu.name", name);
      op->erase();
    }
    return success();
  }

  // @tofu_rt_<c>_memref_f32 -> @tofu_rt_gpu_<c>_memref_f32.
  LogicalResult collectivesToGpu(ModuleOp module) {
    SmallVector<func::CallOp> calls;
    module.walk([&](func::CallOp call) {
      StringRef callee = call.getCallee();
      if (callee.starts_with("tofu_rt_") && !callee.starts_with("tofu_rt_gpu_") &&
          callee.ends_with("_memref_f32"))
        calls.push_back(call);
    });
    llvm::SmallDenseSet<StringRef> replaced;
    for (func::CallOp call : calls) {
      StringRef callee = call.getCallee();
      std::string name = ("tofu_rt_gpu_" + callee.drop_front(8)).str();
      auto type = FunctionType::get(module.getContext(),
                                    call.getOperandTypes(),
                                    call.getResultTypes());
      FailureOr<func::FuncOp> fn = declare(module, name, type, call.getLoc());
      if (failed(fn))
        return failure();
      call.setCallee(name);
      replaced.insert(callee);
    }
    for (StringRef old : replaced)
      if (auto fn = module.lookupSymbol<func::FuncOp>(old))
        if (fn.isExternal() && SymbolTable::symbolKnownUseEmpty(fn, module))
          fn.erase();
    return success();
  }

  // Host allocations -> managed memory (gpu.alloc host_shared).
  LogicalResult managedMemory(ModuleOp module) {
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) {
      if (isa<memref::AllocOp, memref::AllocaOp, memref::DeallocOp,
              memref::GetGlobalOp>(op) &&
          onHost(op))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        op->getResult(0).replaceAllUsesWith(managed(b, loc, alloc.getType(),
                                       alloc.getDynamicSizes(),
                                       alloc.getSymbolOperands()));
        op->erase();
      } else if (auto alloca = dyn_cast<memref::AllocaOp>(op)) {
        op->getResult(0).replaceAllUsesWith(managed(b, loc, alloca.getType(),
                                       alloca.getDynamicSizes(),
                                       alloca.getSymbolOperands()));
        op->erase();
      } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
        Type token = gpu::AsyncTokenType::get(b.getContext());
        Value ready =
            gpu::WaitOp::create(b, loc, token, ValueRange{}).getAsyncToken();
        Value done = gpu::DeallocOp::create(b, loc, token, ValueRange{ready},
                                            dealloc.getMemref())
                         .getAsyncToken();
        gpu::WaitOp::create(b, loc, Type(), ValueRange{done});
        op->erase();
      } else if (auto global = dyn_cast<memref::GetGlobalOp>(op)) {
        // Globals live in host memory: copy them (on the host) into managed
        // memory that kernels can read.
        auto type = global.getType();
        if (!type.getLayout().isIdentity())
          return global.emitError()
                 << "the GPU lowering supports only globals with the "
                    "identity layout";
        b.setInsertionPointAfter(op);
        Value copy = managed(b, loc, type, {}, {});
        global.getResult().replaceAllUsesWith(copy);
        memref::CopyOp::create(b, loc, global.getResult(), copy);
      }
    }
    return success();
  }

  Value managed(OpBuilder &b, Location loc, MemRefType type,
                ValueRange dynamicSizes, ValueRange symbols) {
    return gpu::AllocOp::create(b, loc, type, /*asyncToken=*/Type(),
                                /*asyncDependencies=*/ValueRange{},
                                dynamicSizes, symbols, /*hostShared=*/true)
        .getMemref();
  }
};

} // namespace

namespace {

struct TofuGPUMapParallelLoopsPass
    : public tofu::impl::TofuGPUMapParallelLoopsBase<
          TofuGPUMapParallelLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (threads < 1 || innerTile < 1 || innerTile > threads) {
      getOperation().emitError()
          << "--tofu-gpu-map-parallel-loops: need 1 <= inner-tile <= threads";
      return signalPassFailure();
    }
    SmallVector<scf::ParallelOp> outermost;
    getOperation().walk([&](scf::ParallelOp op) {
      if (onHost(op) && !op->getParentOfType<scf::ParallelOp>())
        outermost.push_back(op);
    });
    for (scf::ParallelOp op : outermost) {
      auto [tiles, points] =
          scf::tileParallelLoop(op, tileSizes(op), /*noMinMaxBounds=*/true);
      if (failed(map(tiles, /*level=*/0)) || failed(map(points, /*level=*/1)))
        return signalPassFailure();
    }
  }

  // Innermost dimension up to innerTile, the one before it the rest of the
  // block, clamped to static extents.
  SmallVector<int64_t> tileSizes(scf::ParallelOp op) {
    unsigned n = op.getNumLoops();
    SmallVector<int64_t> sizes(n, 1);
    auto extent = [&](unsigned d) -> int64_t {
      std::optional<int64_t> lb = getConstantIntValue(op.getLowerBound()[d]);
      std::optional<int64_t> ub = getConstantIntValue(op.getUpperBound()[d]);
      std::optional<int64_t> st = getConstantIntValue(op.getStep()[d]);
      if (!lb || !ub || !st || *st <= 0)
        return INT64_MAX;
      return std::max<int64_t>(1, (*ub - *lb + *st - 1) / *st);
    };
    int64_t left = threads;
    for (unsigned k = 0; k < std::min(n, 2u); ++k) {
      unsigned d = n - 1 - k;
      int64_t want = k == 0 ? std::min<int64_t>(innerTile, left) : left;
      sizes[d] = std::max<int64_t>(1, std::min(want, extent(d)));
      left = std::max<int64_t>(1, left / sizes[d]);
    }
    return sizes;
  }

  // Dimension d of an n-d loop: hardware index n-1-d (x for the last).
  LogicalResult map(scf::ParallelOp op, int level) {
    MLIRContext *ctx = op.getContext();
    AffineMap id = AffineMap::getMultiDimIdentityMap(1, ctx);
    unsigned n = op.getNumLoops();
    SmallVector<gpu::ParallelLoopDimMappingAttr> mapping;
    for (unsigned d = 0; d < n; ++d) {
      unsigned hw = n - 1 - d;
      gpu::Processor p = gpu::Processor::Sequential;
      if (hw < 3)
        p = static_cast<gpu::Processor>(
            (level == 0 ? static_cast<int64_t>(gpu::Processor::BlockX)
                        : static_cast<int64_t>(gpu::Processor::ThreadX)) +
            hw);
      mapping.push_back(gpu::ParallelLoopDimMappingAttr::get(ctx, p, id, id));
    }
    return gpu::setMappingAttr(op, mapping);
  }
};

} // namespace
