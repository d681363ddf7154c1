//===- Passes.td - Tofu analysis and transformation passes -*- tablegen -*-===//
#ifndef TOFU_TRANSFORMS_PASSES_TD
#define TOFU_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TofuPrintTDL : Pass<"tofu-print-tdl", "ModuleOp"> {
  let summary = "Print the TDL description of every op in every function";
  let description = [{
    For each operation in each `func.func`, prints (to stdout) the TDL
    description that the partitioner uses, as a concrete `tdl.operator` or
    `tdl.opaque`, preceded by a comment naming the op and its location. The
    descriptions come from `tofu::getDescription`: derived from linalg
    structured ops, resolved through `tdl.apply`, or instantiated from the
    shipped TOSA/tensor library. Ops without a description (constants,
    returns) are skipped; an op that should have one and cannot be described
    gets an error.
  }];
  let options = [
    ListOption<"libraries", "library", "std::string",
               "extra TDL description files to load before the built-in library">,
  ];
  let dependentDialects = ["::mlir::tdl::TDLDialect"];
}

def TofuPrintStrategies : Pass<"tofu-print-strategies", "ModuleOp"> {
  let summary = "Print every basic 2-way partition strategy of every op";
  let description = [{
    Runs symbolic interval analysis on the TDL description of each op and
    prints its basic 2-way strategies: one per output dimension (the input
    region each worker needs: whole, half along a dimension, or half plus a
    halo) and one per reduction dimension (the output becomes partial with
    the op's reducer). Opaque ops get batch splits only.

    Standalone `tdl.operator` descriptions are analysed symbolically over
    their extents; ops in functions are analysed with their concrete shapes,
    which also gives each worker's region. `format=json` prints the JSON
    documented in docs/strategies.md.

    ```mlir
    %b = tdl.apply @shift_two(%a) : (tensor<12xf32>) -> tensor<10xf32>
    // split i: worker 0 B[0:4] reads A[2:6], worker 1 B[5:9] reads A[7:11]
    ```
  }];
  let options = [
    Option<"format", "format", "std::string", /*default=*/"\"text\"",
           "output format: text or json">,
    ListOption<"libraries", "library", "std::string",
               "extra TDL description files to load before the built-in library">,
  ];
  let dependentDialects = ["::mlir::tdl::TDLDialect"];
}

def TofuPartition : Pass<"tofu-partition", "ModuleOp"> {
  let summary = "Search the k-worker partition plan with least communication";
  let description = [{
    Builds the search graph of the entry function (TDL descriptions of its
    ops, tensors coarsened into classes), then finds, recursively over the
    prime factors of `gpus`, the plan that minimises bytes communicated per
    step, with the chosen `strategy` (Tofu's dynamic programming, or a
    baseline). The plan is attached as attributes:

    - module: `tofu.partition = {gpus, levels, strategy, machine, comm_bytes}`
    - each partitioned op: `tofu.strategy = array<i64: ...>`, the split loop
      per level (-1: replicated);
    - each op: `tofu.layouts = [array<i64: ...>, ...]`, per result the split
      dimension per level (-1: replicated); arguments: `tofu.layout`.

    `report=FILE` writes the JSON report documented in docs/search.md.

    Then (unless `materialize=false`) the function is rewritten into the SPMD
    program every rank runs on its shards, as `--tofu-materialize` does:
    arguments and results become shard types carrying `tofu.layout`, and
    communication is explicit `shard` collectives on `shard.grid @tofu_grid`
    (one grid axis per recursion level). `--tofu-lower-spmd` turns those into
    runtime calls; `tofu-run` does that. TOSA ops are lowered to linalg
    (`tosa-to-linalg` and friends) before the search when materializing, so
    that the plan is made for the ops that run. See docs/materialization.md.
  }];
  let options = [
    Option<"gpus", "gpus", "std::string", /*default=*/"\"2\"",
           "number of workers k (a positive integer); factored into primes, "
           "largest first">,
    Option<"materialize", "materialize", "bool", /*default=*/"true",
           "rewrite the function into its SPMD form (false: attach the plan "
           "only)">,
    Option<"strategy", "strategy", "std::string", /*default=*/"\"tofu\"",
           "tofu | data-parallel | allrow-greedy | spartan | equal-chop | "
           "no-reduce | exhaustive">,
    Option<"machine", "machine", "std::string", /*default=*/"\"k80-pcie\"",
           "machine description: a bundled name (k80-pcie, h200-nvlink) or "
           "a JSON file">,
    Option<"entry", "entry", "std::string", /*default=*/"\"\"",
           "function to partition (default: the first public function)">,
    Option<"report", "report", "std::string", /*default=*/"\"\"",
           "write the plan report as JSON to this file">,
    ListOption<"levels", "levels", "unsigned",
               "recursion levels, e.g. 4,2 (default: tofu compares every "
               "non-increasing factorization of gpus)">,
    Option<"beam", "beam", "unsigned", /*default=*/"16384",
           "most dynamic-programming states kept per step">,
    Option<"coarsen", "coarsen", "bool", /*default=*/"true",
           "tie forward/backward tensors and RNN timesteps (Tofu's coarsening)">,
    ListOption<"libraries", "library", "std::string",
               "extra TDL description files">,
  ];
  let dependentDialects = ["::mlir::tdl::TDLDialect",
                           "::mlir::shard::ShardDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect"];
}

def TofuMaterialize : Pass<"tofu-materialize", "ModuleOp"> {
  let summary = "Rewrite a function annotated with a partition plan into its "
                "SPMD form";
  let description = [{
    Reads the plan `--tofu-partition=materialize=false` attached (or one
    written by hand): `tofu.partition = {gpus, levels, ...}` on the module,
    `tofu.strategy` / `tofu.layouts` on the ops and `tofu.layout` on the
    arguments of the function named by `tofu.partition`'s `function` (or
    `entry`). Every rank then runs the rewritten function on its own shards:

    - each op is computed on the rank's block of its iteration space; its
      operands are first brought to the layout it needs, with `shard`
      collectives on `shard.grid @tofu_grid` (axis i = recursion level i):
      `all_reduce` / `reduce_scatter` for partial sums of split reductions,
      `all_gather` to undo a split, `all_to_all` to move a split to another
      dimension, `all_slice` (local) to split; windows with halos (e.g. a
      convolution split along its output rows) are cut from the gathered
      dimension;
    - ops that cannot be split the planned way (e.g. a reshape splitting an
      inner dimension) are computed whole from gathered operands and sliced;
      their number is recorded as `replicated_ops` in `tofu.partition`.

    Communication is emitted right before the op that needs it, in program
    order. The result verifies and stays at the tensor level.
  }];
  let options = [
    Option<"entry", "entry", "std::string", /*default=*/"\"\"",
           "function to rewrite (default: tofu.partition's 'function')">,
    ListOption<"libraries", "library", "std::string",
               "extra TDL description files">,
  ];
  let dependentDialects = ["::mlir::shard::ShardDialect",
                           "::mlir::tensor::TensorDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect"];
}

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

def TofuLowerTosa : Pass<"tofu-lower-tosa", "ModuleOp"> {
  let summary = "Lower TOSA ops to linalg, tensor and arith (if there are any)";
  let description = [{
    Runs `func.func(tosa-optional-decompositions, tosa-to-linalg-named,
    tosa-to-linalg, tosa-to-arith, tosa-to-tensor), canonicalize` on modules
    that contain TOSA ops, and nothing otherwise. `tofu-run` runs it before
    lowering, so TOSA modules run as they are; `--tofu-partition` does the
    same before its search when it materializes.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::math::MathDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect"];
}

def TofuReport : Pass<"tofu-report", "ModuleOp"> {
  let summary = "Partition like --tofu-partition and print the plan as a table";
  let description = [{
    Runs the same search as `--tofu-partition` with the same options and
    prints, to stdout, a readable table: levels, communication per level and
    link, estimated step time against the ideal, peak memory per device, and
    the layout of every tensor class and strategy of every op per level.
  }];
  let options = [
    Option<"gpus", "gpus", "std::string", /*default=*/"\"2\"",
           "number of workers k (a positive integer); factored into primes, "
           "largest first">,
    Option<"strategy", "strategy", "std::string", /*default=*/"\"tofu\"",
           "tofu | data-parallel | allrow-greedy | spartan | equal-chop | "
           "no-reduce | exhaustive">,
    Option<"machine", "machine", "std::string", /*default=*/"\"k80-pcie\"",
           "machine description: a bundled name (k80-pcie, h200-nvlink) or "
           "a JSON file">,
    Option<"entry", "entry", "std::string", /*default=*/"\"\"",
           "function to partition (default: the first public function)">,
    Option<"report", "report", "std::string", /*default=*/"\"\"",
           "write the plan report as JSON to this file">,
    ListOption<"levels", "levels", "unsigned",
               "recursion levels, e.g. 4,2 (default: tofu compares every "
               "non-increasing factorization of gpus)">,
    Option<"beam", "beam", "unsigned", /*default=*/"16384",
           "most dynamic-programming states kept per step">,
    Option<"coarsen", "coarsen", "bool", /*default=*/"true",
           "tie forward/backward tensors and RNN timesteps (Tofu's coarsening)">,
    ListOption<"libraries", "library", "std::string",
               "extra TDL description files">,
  ];
  let dependentDialects = ["::mlir::tdl::TDLDialect"];
}

def TestTofuSearchOptimality : Pass<"test-tofu-search-optimality", "ModuleOp"> {
  let summary = "Test: the search's DP finds the exhaustive optimum";
  let description = [{
    For every function of the module and every worker count in `gpus`, runs
    the Tofu search and, at every recursion level, also enumerates that
    level's problem exhaustively; reports each level whose optimum differs,
    and the plan's total against the recomputed cost of its choices. Prints
    one summary line; fails on any mismatch.
  }];
  let options = [
    ListOption<"gpus", "gpus", "unsigned", "worker counts to check">,
    Option<"beam", "beam", "unsigned", /*default=*/"16384",
           "DP states kept per step (small values make the DP approximate)">,
  ];
  let dependentDialects = ["::mlir::tdl::TDLDialect"];
}

def TofuCoverage : Pass<"tofu-coverage", "ModuleOp"> {
  let summary = "Report which ops of a dialect are described, partitionable and lowerable";
  let description = [{
    For every op registered by `dialect` (`tosa`, `stablehlo` or `linalg`),
    takes its first instance in the input module (a corpus with one
    static-shape instance per op, e.g. `test/Coverage/Inputs/tosa.mlir`),
    isolates it into a function of its own and reports, computed by running
    the project's code on it:

    - its category: `tensor` (counted in the coverage ratio), `shape/scalar`,
      `constant`, `terminator`, `control flow`, `stateful`, `sparse`,
      `dynamic`;
    - whether it has a TDL description (`library`, `accesses` for bodiless
      library entries, `opaque`, `derived` for linalg; StableHLO ops: every
      op of their linalg conversion described) and how many basic 2-way
      strategies strategy discovery finds (partitionable: at least one);
    - whether every op of its linalg form (TOSA: `tosa-to-linalg` and
      friends; StableHLO: `--convert-stablehlo-to-linalg`) is described;
    - whether it lowers to the CPU: front end, then the passes of
      `python/tofu/lowering_passes.txt`, leaving only LLVM dialect ops;
    - whether it lowers for the GPU: front end, then the passes of
      `gpu-passes=FILE` (one flag a line) when given, else upstream mapping
      (`one-shot-bufferize`, `convert-linalg-to-parallel-loops`,
      `gpu-map-parallel-loops`, `convert-parallel-loops-to-gpu`,
      `gpu-kernel-outlining`) leaving no linalg op or `scf.parallel`.

    Ops without an instance are reported as not covered. Prints a summary
    and a markdown table (or JSON with `format=json`) to stdout;
    `scripts/gen-coverage.sh` assembles `docs/coverage.md` from it.
  }];
  let options = [
    Option<"dialect", "dialect", "std::string", /*default=*/"\"tosa\"",
           "tosa | stablehlo | chlo | linalg">,
    Option<"format", "format", "std::string", /*default=*/"\"markdown\"",
           "markdown | json">,
    Option<"gpuPassesFile", "gpu-passes", "std::string", /*default=*/"\"\"",
           "GPU lowering passes, one opt flag a line (default: upstream "
           "linalg-to-GPU mapping)">,
    ListOption<"libraries", "library", "std::string",
               "extra TDL description files to load before the built-in library">,
  ];
  let dependentDialects = ["::mlir::tdl::TDLDialect",
                           "::mlir::tosa::TosaDialect",
                           "::mlir::linalg::LinalgDialect"];
}

def TofuVerifyTDL : Pass<"tofu-verify-tdl", "ModuleOp"> {
  let summary = "Check TDL descriptions and lower them to code for a differential test";
  let description = [{
    For every op of every function, checks its TDL description against the
    op: every unguarded access stays inside its input, every guarded input is
    read somewhere, and the output map writes each result element exactly
    once. Then, when the description has a scalar body, lowers the
    description itself to code: a `linalg.generic` over its iteration space
    that reads each input with `tensor.extract` at the description's access
    (guarded accesses read the reducer's identity, or zero, outside the
    input), evaluates the body and combines with the reducer, starting from
    the `init` input or the reducer's identity.

    Each function `@f` with at least one lowered op gets a twin `@f__tdl` in
    which those ops are replaced; other functions are dropped (unless
    `keep-all`). `python/tofu/verify_tdl.py` runs both on random inputs,
    `@f` through the op's real lowering, and reports any disagreement naming
    the op and its description. Prints one line per op (`lowered`,
    `accesses checked only (why)`, or a failure), or JSON with `format=json`.
    Fails if any check fails or an op has no description.
  }];
  let options = [
    Option<"format", "format", "std::string", /*default=*/"\"text\"",
           "text | json">,
    Option<"keepAll", "keep-all", "bool", /*default=*/"false",
           "keep functions without a lowered op">,
    Option<"allowUndescribed", "allow-undescribed", "bool",
           /*default=*/"false",
           "list ops without a description instead of failing">,
    ListOption<"libraries", "library", "std::string",
               "extra TDL description files to load before the built-in library">,
  ];
  let dependentDialects = ["::mlir::tdl::TDLDialect",
                           "::mlir::affine::AffineDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

#endif // TOFU_TRANSFORMS_PASSES_TD
