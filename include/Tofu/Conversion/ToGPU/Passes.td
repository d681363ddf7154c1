//===- Passes.td - Lowering bufferized programs to the GPU --*- tablegen -*-===//
#ifndef TOFU_CONVERSION_TOGPU_PASSES_TD
#define TOFU_CONVERSION_TOGPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def TofuGPULibraryCalls : Pass<"tofu-gpu-library-calls", "ModuleOp"> {
  let summary = "Prepare a bufferized program for the GPU: cuBLAS calls, "
                "GPU collectives, device-accessible allocations";
  let description = [{
    Runs after `--one-shot-bufferize` and before the upstream passes that map
    the remaining linalg ops to GPU kernels
    (`python/tofu/gpu_lowering_passes.txt`, `docs/gpu.md`). In every function:

    - `linalg.matmul` (also with transposed operand maps),
      `linalg.batch_matmul` and `linalg.generic` contractions of the same
      form (`C[i,j] += A[i,k] * B[k,j]` with either operand transposed, with
      or without a leading batch loop) on f32 memrefs with contiguous rows
      become calls to `@tofu_rt_gpu_matmul_f32` /
      `@tofu_rt_gpu_batch_matmul_f32` (cuBLAS, `C = op(A) op(B) + C`);
    - 2-D convolutions on f32 memrefs -- `linalg.conv_2d_nchw_fchw`,
      `linalg.conv_2d_nhwc_fhwc` and generics of the same index maps and
      body, autodiff's input gradients (gather form over the padded output
      gradient with the flipped filter, or scatter form) and weight
      gradients -- become `@tofu_rt_gpu_conv2d_{fwd,bwd_data,bwd_filter}_f32`
      (cuDNN), when the filter is packed; `linalg.pooling_{nchw,nhwc}_{max,
      sum}` (no dilation) and the scatter-form gradient of a sum pooling
      become `@tofu_rt_gpu_pool2d_{fwd,bwd}_f32`;
    - calls to the CPU runtime's collectives `@tofu_rt_<name>_memref_f32`
      become calls to `@tofu_rt_gpu_<name>_memref_f32` (same operands; NCCL
      or staged through the host, see `runtime/gpu/`);
    - `memref.alloc`/`memref.alloca` become `gpu.alloc host_shared` (managed
      memory: kernels, cuBLAS, NCCL and host code all reach it), or with
      `memory=device` a device `gpu.alloc` unless the buffer may reach the
      function's results, and `memref.dealloc` an asynchronous `gpu.dealloc`
      that is waited for; constants (`memref.get_global`) are copied into
      managed memory once at their use (`memory=device`: into device memory
      with `gpu.memcpy`);
    - `memref.copy` becomes `linalg.copy` so that it runs as a kernel.

    Function arguments must be device-accessible (tofu-run's GPU driver
    passes managed memory). Other ops are left to the upstream passes.
  }];
  let options = [
    Option<"cublas", "cublas", "bool", /*default=*/"true",
           "Rewrite matrix products into cuBLAS calls (false: they become "
           "kernels like every other linalg op)">,
    Option<"cudnn", "cudnn", "bool", /*default=*/"true",
           "Rewrite convolutions and poolings into cuDNN calls (false: "
           "kernels)">,
    Option<"memory", "memory", "std::string", /*default=*/"\"managed\"",
           "Where buffers live: managed (every allocation is CUDA managed "
           "memory) or device (device memory for buffers the function does "
           "not return, constants copied to the device with gpu.memcpy; "
           "returned buffers stay managed so the caller can read them)">,
    Option<"hostMemory", "host-memory", "bool", /*default=*/"false",
           "Only the library calls (cuBLAS, cuDNN): leave allocations, "
           "copies and collectives as they are, so that the program runs on "
           "the CPU against a reference library of the same entry points "
           "(tests)">,
  ];
  let dependentDialects = [
    "::mlir::func::FuncDialect", "::mlir::gpu::GPUDialect",
    "::mlir::linalg::LinalgDialect", "::mlir::memref::MemRefDialect",
    "::mlir::arith::ArithDialect"
  ];
}

def TofuGPUMapParallelLoops : Pass<"tofu-gpu-map-parallel-loops", "ModuleOp"> {
  let summary = "Tile host scf.parallel loops into thread blocks and map "
                "them to the GPU, innermost dimension to x";
  let description = [{
    Replaces `--scf-parallel-loop-tiling` + `--gpu-map-parallel-loops` in the
    GPU pipeline. Every outermost `scf.parallel` on the host is tiled (inner
    loops with constant bounds and an in-bounds guard) so that a block holds
    `threads` points: the innermost dimension gets up to `inner-tile`
    points, the one before it the rest, others one. Then the tile loop is
    mapped to blocks and the point loop to threads with the **last**
    dimension on x (consecutive threads touch consecutive elements of
    row-major buffers), the two before it on y and z; further dimensions
    stay sequential loops. Run `--sccp` and `--convert-parallel-loops-to-gpu`
    after it.
  }];
  let options = [
    Option<"threads", "threads", "int64_t", /*default=*/"256",
           "Threads per block">,
    Option<"innerTile", "inner-tile", "int64_t", /*default=*/"64",
           "Threads along the innermost dimension">,
  ];
  let dependentDialects = [
    "::mlir::gpu::GPUDialect", "::mlir::scf::SCFDialect",
    "::mlir::arith::ArithDialect", "::mlir::affine::AffineDialect"
  ];
}

def TofuGPUFatbin : Pass<"tofu-gpu-fatbin", "ModuleOp"> {
  let summary = "Merge the per-chip objects of each gpu.binary into one "
                "CUDA fatbin";
  let description = [{
    Runs after `--gpu-module-to-binary` (the end of
    `--gpu-lower-to-nvvm-pipeline`) when GPU modules carry several
    `#nvvm.target`s (one per chip, e.g. sm_80 and sm_90). Upstream embeds
    one object per binary, picked at compile time (`#gpu.select_object`);
    this pass packs every object of a `gpu.binary` with CUDA's `fatbinary`
    into a single fatbin object (cubins, `cubin-format=bin`, as ELF images;
    PTX, `cubin-format=isa`, as PTX images that the driver compiles at
    load), so that the CUDA driver chooses the image for the GPU it runs on.
    Targets that appear twice are packed once. A binary with one object of
    format fatbin is left alone; objects already in fatbin format cannot be
    merged (an error says so).
  }];
  let options = [
    Option<"fatbinary", "fatbinary", "std::string", /*default=*/"\"\"",
           "Path of CUDA's fatbinary (default: $CUDA_HOME/bin, PATH, "
           "/usr/local/cuda/bin)">,
  ];
  let dependentDialects = ["::mlir::gpu::GPUDialect",
                           "::mlir::NVVM::NVVMDialect"];
}

def TofuGPUSerialOps : Pass<"tofu-gpu-serial-ops", "ModuleOp"> {
  let summary = "Keep every linalg op's loops on the device: parallel loops "
                "first, full reductions split, serial ops in one-thread kernels";
  let description = [{
    Runs on bufferized functions before the deallocation passes (which free
    the buffers it allocates) and `--tofu-gpu-library-calls` (which places
    them in GPU memory), ahead of `--convert-linalg-to-parallel-loops`, which
    makes an `scf.parallel` of an op's leading parallel loops only. Without this pass a reduction loop
    before a parallel one (a bias gradient summing over the batch) becomes a
    host loop launching one kernel per iteration, and an op with no parallel
    loop (the loss sum, 0-d ops and copies) runs on the host over GPU
    buffers — with managed memory, every such access migrates pages. This
    pass

    - moves the parallel loops of every other op first
      (`linalg::interchangeGenericOp`; named ops are generalized first);
    - splits a full reduction over two or more loops whose combiner has a
      neutral element (sum, product, min, max; `matchReduction` +
      `arith::getNeutralElement`) into a parallel partial reduction along
      its first loop (`partial[i] = reduce(the rest)`, in a new buffer
      filled with the neutral element) and a reduction of the partials into
      the original output, when the first loop has at least `split-min`
      iterations;
    - wraps every remaining op without a parallel loop, and every copy of
      0-d memrefs, in a one-iteration `scf.parallel`, which
      `--tofu-gpu-map-parallel-loops` turns into a one-thread kernel.

    Split reductions add their partials in another order, as any parallel
    reduction does.
  }];
  let options = [
    Option<"splitMin", "split-min", "int64_t", /*default=*/"2",
           "Split a full reduction only if its first loop has at least this "
           "many iterations (0: never split)">,
  ];
  let dependentDialects = ["::mlir::scf::SCFDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::memref::MemRefDialect",
                           "::mlir::arith::ArithDialect"];
}

#endif // TOFU_CONVERSION_TOGPU_PASSES_TD
