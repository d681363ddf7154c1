//===- Graph.h - The search graph of a function -----------------*- C++ -*-===//
//
// The partition search sees a function as operators (with their TDL
// descriptions) connected by tensors. Coarsening, as in Tofu, ties together
// what must be partitioned alike:
//  - tensor classes: a forward tensor with its gradient(s) and, for
//    parameters, their updated values; corresponding tensors of unrolled RNN
//    timesteps (same weights, same logic);
//  - op classes: corresponding ops of unrolled timesteps (one strategy);
//  - op groups: a forward op with its backward ops, searched next to each
//    other so that the frontier of the dynamic program stays narrow.
// Grouping comes from the attributes tofu-zoo and --tofu-autodiff attach
// (tofu.name, tofu.step, tofu.fwd, tofu.grad_of, tofu.update_of). Without
// them (e.g. a JAX training step), the search order is chosen greedily to
// keep the frontier small; see docs/search.md.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_PARTITION_GRAPH_H
#define TOFU_PARTITION_GRAPH_H

#include "Tofu/Analysis/Description.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::tofu {

/// One tensor operand read by an op: which description input it is, and the
/// tensor class it belongs to.
struct GraphInput {
  unsigned descInput;
  int tensorClass;
};

struct GraphOp {
  Operation *op = nullptr;
  std::string name;
  OpDescription desc;
  /// Per description input: tensor class, or -1 for constants.
  SmallVector<int> inputClasses;
  /// Per result: tensor class, or -1 when unused.
  SmallVector<int> outputClasses;
  int opClass = -1;
  /// FLOPs of one execution (iteration points times arithmetic body ops).
  double flops = 0;
  /// A contraction of two or more operands (a reduction loop): what the CPU
  /// back end calls BLAS for (matmuls, convolutions), as the roofline's
  /// `product` (Machine::rooflineSeconds).
  bool isProduct() const {
    return desc.inputs.size() >= 2 &&
           llvm::is_contained(desc.isReduction, true);
  }
};

struct TensorClass {
  std::string name;
  SmallVector<Value> values;
  SmallVector<int64_t> shape;
  int64_t elementBytes = 4;
  bool isParameter = false;
  int64_t bytes() const;
};

struct OpClass {
  std::string name;
  SmallVector<unsigned> ops;
};

class PartitionGraph {
public:
  /// Builds the graph of `func`; emits located errors and fails for ops
  /// without descriptions or with dynamic shapes.
  /// `untieGradientTerms`: with `coarsen`, the terms of an activation's
  /// accumulated gradient keep classes of their own instead of joining
  /// their value's (so that they can stay partial sums and be reduced once;
  /// the time objective's graph, docs/search.md).
  static FailureOr<PartitionGraph> build(func::FuncOp func, bool coarsen = true,
                                         bool untieGradientTerms = false);

  mutable func::FuncOp func;
  std::vector<GraphOp> ops;
  std::vector<TensorClass> tensors;
  std::vector<OpClass> opClasses;
  /// The order in which the search visits ops.
  SmallVector<unsigned> order;
  /// Class of each value in the graph.
  DenseMap<Value, int> classOf;
  /// Per tensor class: for a term of an accumulated activation gradient
  /// (kept apart from its forward value by coarsening), the forward value's
  /// class; else -1. followBatch gives a term its value's batch dimension.
  std::vector<int> gradientTermOf;
  /// Whether coarsening used autodiff/zoo attributes or the greedy order.
  bool attributeGrouping = false;
  /// Without attributes: whether a training step's forward/backward grouping
  /// was inferred from the loss (else the order is greedy).
  bool inferredGrouping = false;

  double totalFlops() const;
  int64_t totalTensorBytes() const;

  /// Follows the batch from the data arguments (non-parameter tensor
  /// arguments: dimension 0, or tofu.batch_dim when `fromAttributes`) along
  /// the access maps: per tensor class its batch dimension, per op its batch
  /// loop (-1: none). `throughReshapes` also follows the batch through the
  /// merged and split dimensions of reshapes (the leading term of `d0 * 8 +
  /// d1`, the outer index `d0 floordiv 8`); otherwise only plain dimensions.
  void followBatch(bool fromAttributes, bool throughReshapes,
                   std::vector<int> &batchDim,
                   std::vector<int> &batchLoop) const;
};

} // namespace mlir::tofu

#endif // TOFU_PARTITION_GRAPH_H
