//===- AlpaStageTest.cpp - The alpa baseline's per-stage ILP --------------===//
//
// The per-stage problem of strategy=alpa on a small two-matmul graph: the
// answer TofuSolver returns equals the best of every assignment, and the
// segment cost the planner reads from it adds up to the objective.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Planner/AlpaStage.h"
#include "Tofu/Analysis/Description.h"
#include "Tofu/Dialect/TDL/IR/TDL.h"
#include "Tofu/Dialect/Tofu/IR/Tofu.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

#include <set>

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::planner;

namespace {

constexpr const char *kTwoMatmuls = R"mlir(
func.func @f(%x: tensor<2x8xf32>, %w1: tensor<8x8xf32> {tofu.param},
             %w2: tensor<8x4xf32> {tofu.param}) -> tensor<2x4xf32> {
  %e1 = tensor.empty() : tensor<2x8xf32>
  %h = linalg.matmul ins(%x, %w1 : tensor<2x8xf32>, tensor<8x8xf32>)
                     outs(%e1 : tensor<2x8xf32>) -> tensor<2x8xf32>
  %e2 = tensor.empty() : tensor<2x4xf32>
  %y = linalg.matmul ins(%h, %w2 : tensor<2x8xf32>, tensor<8x4xf32>)
                     outs(%e2 : tensor<2x4xf32>) -> tensor<2x4xf32>
  return %y : tensor<2x4xf32>
}
)mlir";

class AlpaStage : public ::testing::Test {
protected:
  AlpaStage() : context(makeRegistry()) {
    context.loadDialect<func::FuncDialect, linalg::LinalgDialect,
                        tensor::TensorDialect, arith::ArithDialect,
                        tdl::TDLDialect, TofuDialect>();
    module = parseSourceString<ModuleOp>(kTwoMatmuls, &context);
  }
  static DialectRegistry makeRegistry() {
    DialectRegistry registry;
    registry
        .insert<func::FuncDialect, linalg::LinalgDialect, tensor::TensorDialect,
                arith::ArithDialect, tdl::TDLDialect, TofuDialect>();
    registerTDLDescriptionModels(registry);
    return registry;
  }

  /// A machine whose link bandwidth sets how dear resharding is against
  /// compute (1000 FLOP/s, 10^4 B/s of memory bandwidth, 1 ms latency).
  static Machine machine(double bandwidth) {
    Machine m;
    m.name = "test";
    m.deviceFlops = 1000;
    m.memoryBandwidth = 1e4;
    m.links = {Link{"inner", 8, bandwidth, 1e-3}, Link{"outer", 0, 1, 1}};
    return m;
  }

  StageIlpInput input(const PartitionGraph &g, const Machine &m,
                      unsigned degree) {
    StageIlpInput in;
    in.graph = &g;
    in.machine = &m;
    in.degree = degree;
    in.forward.assign(g.ops.size(), true);
    in.update.assign(g.ops.size(), false);
    in.isFloat.assign(g.tensors.size(), true);
    for (BlockArgument arg : g.func.getArguments())
      if (g.func.getArgAttr(arg.getArgNumber(), "tofu.param"))
        in.parameters.push_back(
            {g.classOf.lookup(arg),
             double(cast<RankedTensorType>(arg.getType()).getNumElements())});
    return in;
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

TEST_F(AlpaStage, SolverEqualsBruteForce) {
  ASSERT_TRUE(module);
  auto func = *module->getOps<func::FuncOp>().begin();
  FailureOr<PartitionGraph> g = PartitionGraph::build(func);
  ASSERT_TRUE(succeeded(g));
  unsigned answers = 0;
  std::set<SmallVector<unsigned>> distinct;
  for (unsigned degree : {2u, 4u})
    for (double bandwidth : {1e1, 1e3, 1e5, 1e7}) {
      Machine m = machine(bandwidth);
      StageIlpInput in = input(*g, m, degree);
      StageIlp ilp = buildStageIlp(in);
      // Two matmuls and three outside tensors; every matmul loop that the
      // degree divides is a choice besides replication.
      ASSERT_EQ(ilp.nodes.size(), 5u);
      for (const StageNode &n : ilp.nodes)
        if (!n.isTensor)
          EXPECT_GT(n.choices.size(), 1u);
      std::string error;
      FailureOr<StageIlpAnswer> solved = solveStageIlp(ilp, error);
      ASSERT_TRUE(succeeded(solved)) << error;
      StageIlpAnswer brute = bruteForceStageIlp(ilp);
      // Each term is rounded to a picosecond for the solver.
      double slack = 1e-12 * (ilp.nodes.size() + ilp.edges.size() + 1);
      EXPECT_NEAR(solved->seconds, brute.seconds, slack + 1e-9 * brute.seconds)
          << "degree " << degree << ", bandwidth " << bandwidth;
      EXPECT_TRUE(solved->optimal) << solved->foundBy;
      SegmentCost cost = stageCost(in, ilp, solved->choice);
      EXPECT_NEAR(cost.seconds(false), solved->seconds, 1e-9 * solved->seconds);
      distinct.insert(solved->choice);
      ++answers;
    }
  // At degree 4 the batch (2) cannot be split: the matmuls either
  // replicate or split a weight dimension and reshard, and the bandwidths
  // span both answers.
  EXPECT_EQ(answers, 8u);
  EXPECT_GT(distinct.size(), 2u);
}

TEST_F(AlpaStage, OneDeviceIsReplicated) {
  ASSERT_TRUE(module);
  auto func = *module->getOps<func::FuncOp>().begin();
  FailureOr<PartitionGraph> g = PartitionGraph::build(func);
  ASSERT_TRUE(succeeded(g));
  Machine m = machine(1e3);
  StageIlpInput in = input(*g, m, 1);
  StageIlp ilp = buildStageIlp(in);
  std::string error;
  FailureOr<StageIlpAnswer> solved = solveStageIlp(ilp, error);
  ASSERT_TRUE(succeeded(solved)) << error;
  SegmentCost cost = stageCost(in, ilp, solved->choice);
  EXPECT_DOUBLE_EQ(cost.tensorComm(), 0);
  EXPECT_DOUBLE_EQ(cost.parameterElements, 8 * 8 + 8 * 4);
}

} // namespace
