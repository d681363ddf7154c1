//===- Passes.td - Code generation passes ------------------*- tablegen -*-===//
#ifndef TOFU_TRANSFORMS_PASSES_TD
#define TOFU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TofuCPULoopOrder : Pass<"tofu-cpu-loop-order", "ModuleOp"> {
  let summary = "Reorder the loops of linalg reductions so that a parallel "
                "loop is innermost (vectorizable without reassociation)";
  let description = [{
    `--convert-linalg-to-loops` nests loops in the op's order, which for a
    product `C[i,j] += A[i,k] B[k,j]` puts the reduction `k` innermost: LLVM
    cannot vectorize it without reassociating floating-point sums. This pass
    moves the parallel loop that indexes the output's innermost dimension
    inside the reduction loops (`i, k, j`), named ops generalized first. The
    order in which each output element accumulates its terms is unchanged,
    so results are bit-identical; the innermost loop walks contiguous output
    elements, which LLVM's loop vectorizer (`opt`) turns into vector code.
    Ops whose output's innermost dimension is not a plain loop, whose
    innermost loop is already parallel, or with an input that the moved loop
    would walk with a stride (a row sum; a product with a transposed
    operand) are left alone.
  }];
  let dependentDialects = ["::mlir::linalg::LinalgDialect"];
}

def TofuEarlyDealloc : Pass<"tofu-early-dealloc", "ModuleOp"> {
  let summary = "Move each buffer's dealloc to right after its last use";
  let description = [{
    Upstream ownership-based deallocation (`--buffer-deallocation-pipeline`)
    frees a buffer at the end of the block that allocated it; in a training
    step, one straight-line block, nothing is freed before the step ends.
    This pass moves each `memref.dealloc` of a `memref.alloc` of the same
    block to right after the last op that uses the buffer or a view of it
    (subview, cast, reshape). Buffers that reach an op it cannot follow (an
    op returning a non-view memref, a terminator) keep their dealloc.
    `tofu-run` runs it after `--convert-bufferization-to-memref`.
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

def TofuFuseElementwise : Pass<"tofu-fuse-elementwise", "ModuleOp"> {
  let summary = "Fuse element-wise linalg.generic producers into their "
                "consumers where no element is computed twice";
  let description = [{
    Runs upstream element-wise fusion (`linalg::fuseElementwiseOps`) on
    tensors, before bufferization, under a stricter control than
    `--linalg-fuse-elementwise-ops`: a producer (an all-parallel
    `linalg.generic`) is fused into a consumer `linalg.generic` only when

    - the producer's result has this one use, and
    - the consumer reads it through a permutation of its loops, so every
      element of the producer is computed exactly once in the fused op.

    A contraction or convolution reads its operands through projections, so
    nothing is fused into it (it would recompute the producer once per
    output element, and it would no longer be a product that cuBLAS or
    cuDNN can take); element-wise chains, their reductions (a layer norm's
    sums) and broadcasts of their results are fused. Fewer ops mean fewer
    GPU kernels and fewer intermediate buffers on both back ends; the
    arithmetic of every element is unchanged. Prints nothing; with
    `stats=true` it adds `tofu.fusion = {before = N, after = M}` (linalg ops
    per function) to each function it changed.
  }];
  let options = [
    Option<"stats", "stats", "bool", /*default=*/"false",
           "record the linalg op counts before and after on each function">,
  ];
  let dependentDialects = ["::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
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

#endif // TOFU_TRANSFORMS_PASSES_TD
