//===- Passes.td - The partition search --------------------*- tablegen -*-===//
#ifndef TOFU_PARTITION_PASSES_TD
#define TOFU_PARTITION_PASSES_TD

include "mlir/Pass/PassBase.td"

def TofuSearch : Pass<"tofu-search", "ModuleOp"> {
  let summary = "Search the k-worker partition plan with least communication";
  let description = [{
    Builds the search graph of the entry function (TDL descriptions of its
    ops, tensors coarsened into classes), then finds, recursively over the
    prime factors of `gpus`, the plan that minimises bytes communicated per
    step, with the chosen `strategy` (each level solved exactly by the
    solver library TofuSolver, or a baseline). With `memory=`, each level's
    modelled memory (tensor shards, op buffers) stays under the limit in the
    solver and a plan whose memory estimate exceeds it is refused; when none
    fits, the pass fails naming the smallest peak found and what dominates
    it (docs/search.md). The plan is attached as the Tofu dialect's
    attributes (docs/plan.md):

    - module: `tofu.partition = #tofu.plan<workers = k, levels = [...],
      strategy = "...", machine = "...", function = "...", comm_bytes = N>`;
    - each partitioned op: `tofu.strategy = #tofu.strategy<[...]>`, the split
      loop per level (or `replicated`);
    - each op: `tofu.layouts = [#tofu.layout<[...]>, ...]`, per result the
      split dimension per level (or `replicated`); arguments: `tofu.layout`.

    `report=FILE` writes the JSON report documented in docs/search.md;
    `print=table` prints the plan as a readable table on stdout (levels,
    communication per level and link, estimated step time against the
    ideal, peak memory per device, the layout of every tensor class and the
    strategy of every op per level), `print=json` prints the JSON report.

    The search plans the IR it is given: the `--tofu-partition` pipeline
    imports StableHLO and TOSA into linalg first, so that the plan it
    reports is the plan `--tofu-materialize` carries out.
  }];
let options = [
    Option<"gpus", "gpus", "std::string", /*default=*/"\"2\"",
           "number of workers k (a positive integer); factored into primes, "
           "largest first">,
    Option<"strategy", "strategy", "::mlir::tofu::SearchStrategy",
           /*default=*/"::mlir::tofu::SearchStrategy::Tofu",
           "the search (docs/search.md#strategies)",
           "::mlir::tofu::searchStrategyValues()">,
    Option<"machine", "machine", "std::string", /*default=*/"\"k80-pcie\"",
           "machine description: a bundled name (k80-pcie, h200-nvlink) or "
           "a JSON file">,
    Option<"entry", "entry", "std::string", /*default=*/"\"\"",
           "function to partition (default: the first public function)">,
    Option<"report", "report", "std::string", /*default=*/"\"\"",
           "write the plan report as JSON to this file">,
    Option<"table", "table", "std::string", /*default=*/"\"\"",
           "write the plan table (what print=table shows) to this file">,
    Option<"print", "print", "::mlir::tofu::PrintFormat",
           /*default=*/"::mlir::tofu::PrintFormat::None",
           "print the plan on stdout",
           "::mlir::tofu::printFormatValues()">,
    ListOption<"levels", "levels", "unsigned",
               "recursion levels, e.g. 4,2 (default: tofu compares every "
               "non-increasing factorization of gpus)">,
    Option<"beam", "beam", "unsigned", /*default=*/"65536",
           "largest table (entries) the solver's elimination may create at "
           "a level; variables beyond it are searched locally and the plan "
           "is reported approximate">,
    Option<"coarsen", "coarsen", "bool", /*default=*/"true",
           "tie forward/backward tensors and RNN timesteps (Tofu's coarsening)">,
    ListOption<"explain", "explain", "std::string",
               "tensor classes or ops (names as in the report) to explain: "
               "each level is solved again with each held at every layout "
               "or strategy it could take, and the report and table say "
               "what each would cost">,
    Option<"memory", "memory", "std::string", /*default=*/"\"\"",
           "bytes per device the plan must fit (80e9, 80GB, 40GiB, 512kB; "
           "'machine': the machine description's device memory; empty or 0: "
           "no limit)">,
    Option<"partials", "partials", "bool", /*default=*/"true",
           "let partial sums flow into linear consumers before they are "
           "reduced (tofu and exhaustive strategies)">,
    Option<"objective", "objective", "::mlir::tofu::SearchObjective",
           /*default=*/"::mlir::tofu::SearchObjective::Bytes",
           "what each level minimizes",
           "::mlir::tofu::searchObjectiveValues()">,
    Option<"dumpLevels", "dump-levels", "std::string", /*default=*/"\"\"",
           "write every level's problem, with its memory model, in the "
           "IOPDDL contest's JSON format into this existing directory "
           "(level-<levels>-<index>.json; docs/solver.md)">,
  ];
  let dependentDialects = ["::mlir::tdl::TDLDialect",
                           "::mlir::tofu::TofuDialect"];
}

def TofuExportSharding : Pass<"tofu-export-sharding", "ModuleOp"> {
  let summary = "Write Tofu's plan of a StableHLO module as XLA sharding annotations";
  let description = [{
    Plans the entry of a module JAX lowered (StableHLO, unpartitioned) the
    way `--tofu-partition` does (import into linalg, `--tofu-search` with
    this pass's search options) on a copy, and writes the plan back into the
    StableHLO module itself, for XLA's partitioners to execute
    (docs/xla.md). The mesh's axes are Tofu's recursion levels, outermost
    first, named by `axes=` (default `l0`, `l1`, ...).

    - `dialect=sdy` (Shardy, JAX's default): a `sdy.mesh @mesh`, an
      `sdy.sharding` on every argument and result, and an
      `sdy.sharding_constraint` after every StableHLO op whose result Tofu's
      plan fixes;
    - `dialect=gspmd`: `mhlo.sharding` strings on the arguments and results
      and `stablehlo.custom_call @Sharding` constraints.

    A copy of the module is stamped with one location per op of the entry
    (the name `tofu.export#N` around the op's own location), imported and
    searched; a StableHLO op's result takes the layout of the linalg value
    made under its stamp that its users outside the stamp read. The
    module's `mhlo.num_partitions` becomes the plan's workers.

    ```mlir
    // tofu-opt --tofu-export-sharding="gpus=2 axes=x" (before: JAX's @main)
    "sdy.mesh"() {mesh = #sdy.mesh<["x"=2]>, sym_name = "mesh"} : () -> ()
    func.func public @main(%arg0: tensor<8x4xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {} ]>}, ...
      %0 = stablehlo.dot_general %arg0, %arg1, ...
      %1 = "sdy.sharding_constraint"(%0) {sharding = #sdy.sharding<@mesh, [{"x"}, {} ]>} : ...
    ```

    What XLA cannot express is refused or expressed another way: an
    argument or result split unevenly (`padded<N>`: JAX's in_shardings and
    out_shardings take even splits only) is a located error naming it; an
    intermediate split unevenly is annotated as it is (XLA pads); a partial
    sum (`partial<add>`, only with `partials=true`) gets no constraint (XLA
    decides where to reduce it), and a result held partial is written
    replicated along that axis. `shardings=FILE` writes the annotations as
    JSON (the mesh, every argument's and result's axes per dimension, the
    number of constraints), which `tofu.jax.shard` reads.
  }];
  let options = [
    Option<"dialect", "dialect", "::mlir::tofu::ShardingDialect",
           /*default=*/"::mlir::tofu::ShardingDialect::sdy",
           "the annotations' dialect: sdy (Shardy) | gspmd (mhlo.sharding)",
           [{::llvm::cl::values(
             clEnumValN(::mlir::tofu::ShardingDialect::sdy, "sdy",
                        "Shardy: sdy.mesh, sdy.sharding, sdy.sharding_constraint"),
             clEnumValN(::mlir::tofu::ShardingDialect::gspmd, "gspmd",
                        "GSPMD: mhlo.sharding, custom_call @Sharding"))}]>,
    ListOption<"axes", "axes", "std::string",
               "the mesh's axis names, one per level of the plan, outermost "
               "first (default: l0, l1, ...)">,
    Option<"shardings", "shardings", "std::string", /*default=*/"\"\"",
           "write the annotations as JSON to this file">,
    Option<"constraints", "constraints", "bool", /*default=*/"true",
           "constrain the intermediates the plan fixes (false: annotate the "
           "arguments and results only and let XLA propagate the rest)">,
    Option<"gpus", "gpus", "std::string", /*default=*/"\"2\"",
           "number of devices (the mesh's size); see --tofu-search">,
    ListOption<"levels", "levels", "unsigned",
               "recursion levels = the mesh's axis sizes, e.g. 2,2 "
               "(default: the search compares every factorization)">,
    Option<"strategy", "strategy", "::mlir::tofu::SearchStrategy",
           /*default=*/"::mlir::tofu::SearchStrategy::Tofu",
           "the search's strategy (see --tofu-search)",
           "::mlir::tofu::searchStrategyValues()">,
    Option<"machine", "machine", "std::string", /*default=*/"\"k80-pcie\"",
           "machine description (see --tofu-search)">,
    Option<"objective", "objective", "::mlir::tofu::SearchObjective",
           /*default=*/"::mlir::tofu::SearchObjective::Bytes",
           "what each level minimizes (see --tofu-search)",
           "::mlir::tofu::searchObjectiveValues()">,
    Option<"partials", "partials", "bool", /*default=*/"false",
           "let partial sums flow (XLA holds no partial tensor: such "
           "tensors are left unconstrained)">,
    Option<"entry", "entry", "std::string", /*default=*/"\"\"",
           "function to annotate (default: main, else the first public "
           "function)">,
    Option<"report", "report", "std::string", /*default=*/"\"\"",
           "write the search's plan report as JSON to this file">,
  ];
  let dependentDialects = ["::mlir::sdy_subset::SdyDialect",
                           "::mlir::stablehlo_subset::StableHLODialect"];
}

#endif // TOFU_PARTITION_PASSES_TD
