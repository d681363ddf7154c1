//===- TestSearchOptimality.cpp - DP versus exhaustive enumeration --------===//

#include "TestPasses.h"
#include "Tofu/Partition/Search.h"

#include <cmath>

namespace mlir::tofu {
#define GEN_PASS_DEF_TESTTOFUSEARCHOPTIMALITY
#include "TestPasses.h.inc"
} // namespace mlir::tofu

using namespace mlir;
using namespace mlir::tofu;

namespace {
struct TestTofuSearchOptimalityPass
    : public tofu::impl::TestTofuSearchOptimalityBase<
          TestTofuSearchOptimalityPass> {
  using Base::Base;

  void runOnOperation() override {
    bool frontier = against == OptimalityOracle::Frontier;
    unsigned functions = 0, checkedLevels = 0, mismatches = 0, beamCut = 0;
    double maxFrontier = 0;
    for (auto func : getOperation().getOps<func::FuncOp>()) {
      FailureOr<PartitionGraph> graph =
          PartitionGraph::build(func, /*coarsen=*/true);
      if (failed(graph))
        return signalPassFailure();
      ++functions;
      for (unsigned k : gpus) {
        for (const SmallVector<unsigned> &levels : factorizations(k)) {
          SearchOptions options;
          options.crossCheck = !frontier;
          options.crossCheckFrontier = frontier;
          options.maxTableEntries = std::max(1u, unsigned(beam));
          options.levels = levels;
          std::string error;
          FailureOr<Plan> plan = searchPlan(*graph, k, options, error);
          if (failed(plan)) {
            func.emitError() << error;
            return signalPassFailure();
          }
          for (auto [i, level] : llvm::enumerate(plan->perLevel)) {
            maxFrontier = std::max<double>(maxFrontier, level.widestFrontier);
            if (frontier && level.frontierApproximate) {
              ++beamCut;
              continue;
            }
            ++checkedLevels;
            double other = frontier ? level.frontierCost : level.exhaustiveCost;
            bool same = std::fabs(level.solverCost - other) <=
                        1e-9 * std::max(1.0, other);
            bool consistent =
                std::fabs(level.solverCost - level.groupCommBytes) <=
                1e-9 * std::max(1.0, level.groupCommBytes);
            if (same && consistent)
              continue;
            ++mismatches;
            llvm::outs() << "MISMATCH @" << func.getSymName() << " k=" << k
                         << " levels";
            for (unsigned f : levels)
              llvm::outs() << " " << f;
            llvm::outs() << ", level " << i << ": solver " << level.solverCost
                         << ", " << (frontier ? "frontier" : "exhaustive")
                         << " " << other << ", recomputed "
                         << level.groupCommBytes << "\n";
          }
        }
      }
    }
    llvm::outs() << "checked " << functions << " functions, " << checkedLevels
                 << " levels: " << mismatches << " mismatches (widest frontier "
                 << maxFrontier << ")";
    if (frontier)
      llvm::outs() << ", " << beamCut << " levels where the frontier DP's beam "
                   << "cut states";
    llvm::outs() << "\n";
    if (mismatches)
      signalPassFailure();
  }
};
} // namespace
