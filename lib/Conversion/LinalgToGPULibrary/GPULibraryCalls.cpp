//===- GPULibraryCalls.cpp - cuBLAS calls, GPU collectives, managed memory ===//
//
// --tofu-gpu-library-calls: the project-specific step of the GPU pipeline
// (the GPU lowering pipeline). It works on bufferized functions:
// matrix products become calls into libtofu_runtime_gpu (cuBLAS), the CPU
// runtime's collectives become their GPU versions, host allocations become
// managed memory that kernels, libraries and host code share, and copies
// become linalg.copy so that they run as kernels. See docs/gpu.md.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Analysis/BufferViews.h"
#include "Tofu/Analysis/Convolution.h"
#include "Tofu/Analysis/MatrixProduct.h"
#include "Tofu/Conversion/LinalgToGPULibrary/Passes.h"
#include "Tofu/Conversion/RuntimeCalls.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

#include "llvm/ADT/StringSwitch.h"

#include <functional>

namespace mlir::tofu {
#define GEN_PASS_DEF_TOFUGPULIBRARYCALLS
#include "Tofu/Conversion/LinalgToGPULibrary/Passes.h.inc"
} // namespace mlir::tofu

using namespace mlir;

namespace {

// Host code: not inside a kernel (gpu.launch) or a GPU module.
bool onHost(Operation *op) {
  return !op->getParentOfType<gpu::LaunchOp>() &&
         !op->getParentOfType<gpu::GPUModuleOp>();
}

FailureOr<func::FuncOp> declare(ModuleOp module, StringRef name,
                                FunctionType type, Location loc) {
  return tofu::declareRuntimeFunction(module, name, type, loc, "GPU runtime");
}

struct TofuGPULibraryCallsPass
    : public tofu::impl::TofuGPULibraryCallsBase<TofuGPULibraryCallsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (hostMemory) {
      // Library calls only: the program keeps running on the CPU (tests
      // link a reference library of the same entry points).
      if ((cudnn && failed(dnnToCudnn(module))) ||
          (cublas && failed(productsToCublas(module))))
        signalPassFailure();
      return;
    }
    if (failed(copiesToKernels(module)) ||
        (cudnn && failed(dnnToCudnn(module))) ||
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
    SmallVector<std::pair<linalg::LinalgOp, tofu::MatrixProduct>> found;
    module.walk([&](linalg::LinalgOp op) {
      if (!onHost(op))
        return;
      if (std::optional<tofu::MatrixProduct> p = tofu::matchMatrixProduct(op))
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
      if (Attribute name = op->getAttr(tofu::kNameAttrName))
        call->setAttr(tofu::kNameAttrName, name);
      op->erase();
    }
    return success();
  }

  // Convolutions and poolings -> @tofu_rt_gpu_{conv2d,pool2d}_*_f32.
  LogicalResult dnnToCudnn(ModuleOp module) {
    SmallVector<std::pair<linalg::LinalgOp, tofu::DnnCall>> found;
    module.walk([&](linalg::LinalgOp op) {
      if (!onHost(op))
        return;
      if (std::optional<tofu::DnnCall> c = tofu::matchConvolution(op))
        found.push_back({op, *c});
      else if (std::optional<tofu::DnnCall> c = tofu::matchPooling(op))
        found.push_back({op, *c});
    });
    for (auto &[op, c] : found)
      if (failed(tofu::replaceByDnnCall(module, op, c, "gpu", "GPU runtime")))
        return failure();
    return success();
  }

  // @tofu_rt_<c>_memref_f32 -> @tofu_rt_gpu_<c>_memref_f32.
  LogicalResult collectivesToGpu(ModuleOp module) {
    // The collectives of other element types (every type but f32, and f64
    // outside all-reduce) have no GPU entry points yet; the host-side CPU
    // functions cannot read device memory, so refuse them here.
    WalkResult generic = module.walk([&](func::CallOp call) {
      StringRef callee = call.getCallee();
      if (callee.starts_with("tofu_rt_") &&
          !callee.starts_with("tofu_rt_gpu_") && callee.contains("_memref_") &&
          !callee.ends_with("_memref_f32") &&
          callee != "tofu_rt_all_reduce_memref_f64") {
        call.emitOpError("calls ")
            << callee << " on "
            << cast<UnrankedMemRefType>(call.getOperandTypes()[0])
                   .getElementType()
            << " data; the GPU runtime's collectives move f32 tensors (and "
               "all-reduce f64) only";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (generic.wasInterrupted())
      return failure();
    SmallVector<func::CallOp> calls;
    module.walk([&](func::CallOp call) {
      StringRef callee = call.getCallee();
      if (callee.starts_with("tofu_rt_") &&
          !callee.starts_with("tofu_rt_gpu_") &&
          (callee.ends_with("_memref_f32") ||
           callee == "tofu_rt_all_reduce_memref_f64"))
        calls.push_back(call);
    });
    llvm::SmallDenseSet<StringRef> replaced;
    for (func::CallOp call : calls) {
      StringRef callee = call.getCallee();
      std::string name = ("tofu_rt_gpu_" + callee.drop_front(8)).str();
      auto type = FunctionType::get(module.getContext(), call.getOperandTypes(),
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

  // Whether the buffer `v` may reach a result of its function: through
  // views and casts to a return, or through an op we cannot follow (a
  // memref result that is not a view, a region terminator).
  static bool mayEscape(Value v) {
    return !tofu::walkBufferUses(v, [](Operation *user) {
      return !user->hasTrait<OpTrait::IsTerminator>();
    });
  }

  // Host allocations -> GPU memory: managed (gpu.alloc host_shared), or
  // with memory=device, device memory for what does not escape.
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
      bool device = memory == tofu::GPUMemory::Device;
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        op->getResult(0).replaceAllUsesWith(
            gpuBuffer(b, loc, alloc.getType(), alloc.getDynamicSizes(),
                      alloc.getSymbolOperands(),
                      !device || mayEscape(alloc.getResult())));
        op->erase();
      } else if (auto alloca = dyn_cast<memref::AllocaOp>(op)) {
        op->getResult(0).replaceAllUsesWith(
            gpuBuffer(b, loc, alloca.getType(), alloca.getDynamicSizes(),
                      alloca.getSymbolOperands(),
                      !device || mayEscape(alloca.getResult())));
        op->erase();
      } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
        gpuFree(b, loc, dealloc.getMemref());
        op->erase();
      } else if (auto global = dyn_cast<memref::GetGlobalOp>(op)) {
        // Globals live in host memory: copy them into GPU memory that
        // kernels can read (on the host into managed memory; with
        // memory=device, a gpu.memcpy into device memory).
        auto type = global.getType();
        if (!type.getLayout().isIdentity())
          return global.emitError()
                 << "the GPU lowering supports only globals with the "
                    "identity layout";
        b.setInsertionPointAfter(op);
        Value copy = gpuBuffer(b, loc, type, {}, {}, /*hostShared=*/!device);
        global.getResult().replaceAllUsesWith(copy);
        if (device) {
          // The GPU-to-LLVM lowering takes device copies in async form only.
          Type token = gpu::AsyncTokenType::get(b.getContext());
          Value ready =
              gpu::WaitOp::create(b, loc, token, ValueRange{}).getAsyncToken();
          Value done = gpu::MemcpyOp::create(b, loc, token, ValueRange{ready},
                                             copy, global.getResult())
                           .getAsyncToken();
          gpu::WaitOp::create(b, loc, Type(), ValueRange{done});
        } else
          memref::CopyOp::create(b, loc, global.getResult(), copy);
        // The copy is freed when the function returns (unless returned).
        Operation *end = op->getBlock()->getTerminator();
        if (isa<func::ReturnOp>(end) && !mayEscape(copy)) {
          b.setInsertionPoint(end);
          gpuFree(b, loc, copy);
        }
      }
    }
    return success();
  }

  // An asynchronous gpu.dealloc of `buffer`, waited for.
  void gpuFree(OpBuilder &b, Location loc, Value buffer) {
    Type token = gpu::AsyncTokenType::get(b.getContext());
    Value ready =
        gpu::WaitOp::create(b, loc, token, ValueRange{}).getAsyncToken();
    Value done =
        gpu::DeallocOp::create(b, loc, token, ValueRange{ready}, buffer)
            .getAsyncToken();
    gpu::WaitOp::create(b, loc, Type(), ValueRange{done});
  }

  // Managed (hostShared) or device memory. The GPU-to-LLVM lowering takes
  // device allocations in async form only: an awaited one is emitted.
  Value gpuBuffer(OpBuilder &b, Location loc, MemRefType type,
                  ValueRange dynamicSizes, ValueRange symbols,
                  bool hostShared) {
    if (hostShared)
      return gpu::AllocOp::create(b, loc, type, /*asyncToken=*/Type(),
                                  /*asyncDependencies=*/ValueRange{},
                                  dynamicSizes, symbols, /*hostShared=*/true)
          .getMemref();
    Type token = gpu::AsyncTokenType::get(b.getContext());
    Value ready =
        gpu::WaitOp::create(b, loc, token, ValueRange{}).getAsyncToken();
    auto alloc = gpu::AllocOp::create(b, loc, type, token, ValueRange{ready},
                                      dynamicSizes, symbols,
                                      /*hostShared=*/false);
    gpu::WaitOp::create(b, loc, Type(), ValueRange{alloc.getAsyncToken()});
    return alloc.getMemref();
  }
};

} // namespace
