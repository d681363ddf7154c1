//===- Passes.td - Test-only partition passes --------------*- tablegen -*-===//
#ifndef TOFU_TEST_PARTITION_PASSES_TD
#define TOFU_TEST_PARTITION_PASSES_TD

include "mlir/Pass/PassBase.td"

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

#endif // TOFU_TEST_PARTITION_PASSES_TD
