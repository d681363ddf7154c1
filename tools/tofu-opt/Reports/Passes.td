//===- Passes.td - Reports and coverage generators ---------*- tablegen -*-===//
#ifndef TOFU_OPT_REPORTS_PASSES_TD
#define TOFU_OPT_REPORTS_PASSES_TD

include "mlir/Pass/PassBase.td"

def TofuPrintTDL : Pass<"tofu-print-tdl", "ModuleOp"> {
  let summary = "Print the TDL description of every op in every function";
  let description = [{
    For each operation in each `func.func`, prints (to stdout) the TDL
    description that the partitioner uses, as a concrete `tdl.operator` or
    `tdl.opaque`, preceded by a comment naming the op and its location. The
    descriptions come from the TDL description interface
    (`tofu::getDescription`): derived from linalg structured ops, native to
    `tdl.apply`, or instantiated from the library (the shipped TOSA/tensor
    descriptions and files loaded with `--tdl-load-library`). Ops without a
    description (constants, returns) are skipped; an op that should have one
    and cannot be described gets an error.
  }];
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
    Option<"format", "format", "::mlir::tofu::ReportFormat",
           /*default=*/"::mlir::tofu::ReportFormat::Text", "output format",
           [{::llvm::cl::values(
             clEnumValN(::mlir::tofu::ReportFormat::Text, "text",
                        "lines for people"),
             clEnumValN(::mlir::tofu::ReportFormat::Json, "json", "JSON"))}]>,
  ];
  let dependentDialects = ["::mlir::tdl::TDLDialect"];
}

def TofuCoverage : Pass<"tofu-coverage", "ModuleOp"> {
  let summary = "Report which ops of a dialect are described, partitionable and lowerable";
  let description = [{
    For every op registered by `dialect` (`tosa`, `stablehlo` or `linalg`),
    takes its first instance in the input module (a corpus with one
    static-shape instance per op, e.g. `test/Reports/Inputs/tosa.mlir`),
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
      friends, `--tofu-import-tosa`; StableHLO: `--convert-stablehlo-to-linalg`)
      is described;
    - whether it lowers to the CPU: front end, then the passes of
      `--tofu-lower-to-llvm-cpu`, leaving only LLVM dialect ops;
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
    Option<"dialect", "dialect", "::mlir::tofu::CoverageDialect",
           /*default=*/"::mlir::tofu::CoverageDialect::Tosa",
           "the dialect whose registered ops are measured",
           [{::llvm::cl::values(
             clEnumValN(::mlir::tofu::CoverageDialect::Tosa, "tosa", ""),
             clEnumValN(::mlir::tofu::CoverageDialect::StableHLO,
                        "stablehlo", ""),
             clEnumValN(::mlir::tofu::CoverageDialect::CHLO, "chlo", ""),
             clEnumValN(::mlir::tofu::CoverageDialect::Linalg, "linalg",
                        ""))}]>,
    Option<"format", "format", "::mlir::tofu::CoverageFormat",
           /*default=*/"::mlir::tofu::CoverageFormat::Markdown",
           "output format",
           [{::llvm::cl::values(
             clEnumValN(::mlir::tofu::CoverageFormat::Markdown, "markdown",
                        "a summary and a markdown table"),
             clEnumValN(::mlir::tofu::CoverageFormat::Json, "json",
                        "JSON"))}]>,
    Option<"gpuPassesFile", "gpu-passes", "std::string", /*default=*/"\"\"",
           "GPU lowering passes, one opt flag a line (default: upstream "
           "linalg-to-GPU mapping)">,
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
    Option<"format", "format", "::mlir::tofu::ReportFormat",
           /*default=*/"::mlir::tofu::ReportFormat::Text", "output format",
           [{::llvm::cl::values(
             clEnumValN(::mlir::tofu::ReportFormat::Text, "text",
                        "lines for people"),
             clEnumValN(::mlir::tofu::ReportFormat::Json, "json", "JSON"))}]>,
    Option<"keepAll", "keep-all", "bool", /*default=*/"false",
           "keep functions without a lowered op">,
    Option<"allowUndescribed", "allow-undescribed", "bool",
           /*default=*/"false",
           "list ops without a description instead of failing">,
  ];
  let dependentDialects = ["::mlir::tdl::TDLDialect",
                           "::mlir::affine::AffineDialect",
                           "::mlir::arith::ArithDialect",
                           "::mlir::linalg::LinalgDialect",
                           "::mlir::tensor::TensorDialect"];
}

#endif // TOFU_OPT_REPORTS_PASSES_TD
