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
    step, with the chosen `strategy` (Tofu's dynamic programming, or a
    baseline). The plan is attached as the Tofu dialect's attributes
    (docs/plan.md):

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
    Option<"print", "print", "std::string", /*default=*/"\"none\"",
           "print the plan on stdout: none | table | json">,
    ListOption<"levels", "levels", "unsigned",
               "recursion levels, e.g. 4,2 (default: tofu compares every "
               "non-increasing factorization of gpus)">,
    Option<"beam", "beam", "unsigned", /*default=*/"16384",
           "most dynamic-programming states kept per step">,
    Option<"coarsen", "coarsen", "bool", /*default=*/"true",
           "tie forward/backward tensors and RNN timesteps (Tofu's coarsening)">,
  ];
  let dependentDialects = ["::mlir::tdl::TDLDialect",
                           "::mlir::tofu::TofuDialect"];
}


#endif // TOFU_PARTITION_PASSES_TD
