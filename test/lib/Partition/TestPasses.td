//===- Passes.td - Test-only partition passes --------------*- tablegen -*-===//
#ifndef TOFU_TEST_PARTITION_PASSES_TD
#define TOFU_TEST_PARTITION_PASSES_TD

include "mlir/Pass/PassBase.td"

def TestTofuSearchOptimality : Pass<"test-tofu-search-optimality", "ModuleOp"> {
  let summary = "Test: the search's solver finds the exhaustive optimum";
  let description = [{
    For every function of the module and every worker count in `gpus`, runs
    the Tofu search (on the solver library) and, at every recursion level,
    also solves that level's problem by `against`: exhaustive enumeration,
    or the frontier dynamic program the search used before the library
    (levels where its beam cut states are counted, not compared); reports
    each level whose optimum differs, and the plan's total against the
    recomputed cost of its choices. Prints one summary line; fails on any
    mismatch.
  }];
  let options = [
    ListOption<"gpus", "gpus", "unsigned", "worker counts to check">,
    Option<"beam", "beam", "unsigned", /*default=*/"65536",
           "largest elimination table (small values make the solver "
           "approximate)">,
    Option<"against", "against", "::mlir::tofu::OptimalityOracle",
           /*default=*/"::mlir::tofu::OptimalityOracle::Exhaustive",
           "the oracle",
           [{::llvm::cl::values(
             clEnumValN(::mlir::tofu::OptimalityOracle::Exhaustive,
                        "exhaustive", "every layout assignment"),
             clEnumValN(::mlir::tofu::OptimalityOracle::Frontier, "frontier",
                        "the frontier DP"))}]>,
  ];
  let dependentDialects = ["::mlir::tdl::TDLDialect"];
}

#endif // TOFU_TEST_PARTITION_PASSES_TD
