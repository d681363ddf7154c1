//===- TrainingStep.h - The roles in a training step, from dataflow -*- C++
//-*-//
//
// Finds what --tofu-autodiff's tags say (parameters, the loss, forward,
// backward and update ops) in any training step, from its dataflow alone: a
// hand-written linalg step, or a JAX value_and_grad + SGD/Adam step imported
// from StableHLO, carries no tofu.* attribute.
//
//  - An argument is *updated* when the step returns a value of its type that
//    it reaches through element-wise ops only (w - lr * g, b1 * m + ...);
//    results and arguments are paired by elimination (a result one argument
//    alone reaches first), then in order.
//  - The *loss* is the first returned float scalar that is not an update.
//  - *Forward* ops are those the loss depends on; *update* ops, those outside
//    the forward on an argument's element-wise path to its update, reading
//    optimizer state, or reading update values; *backward* ops, the rest
//    that an update depends on (what flows back from the loss: gradients
//    depend on forward values, not on the loss's constant cotangent), and
//    whatever reads a backward value. Ops that depend on no argument
//    (constants, empty tensors, the cotangent seed) are *constant*.
//  - An updated argument the forward reads and whose update reads a backward
//    value is a *parameter* (a gradient reaches it); any other updated
//    argument is optimizer *state* or a counter (Adam's m, v, step count).
//    Other tensor arguments the forward reads are *data*.
//  - The batch dimension of the data: tofu.batch_dim where given, else the
//    first dimension index at which every data argument has the same size
//    (0 when none does).
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_ANALYSIS_TRAININGSTEP_H
#define TOFU_ANALYSIS_TRAININGSTEP_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <vector>

namespace mlir::tofu {

enum class ArgumentRole { Parameter, State, Data, Other };
enum class OpRole { Constant, Forward, Backward, Update };

StringRef stringifyArgumentRole(ArgumentRole role);
StringRef stringifyOpRole(OpRole role);

class TrainingStep {
public:
  struct Argument {
    ArgumentRole role = ArgumentRole::Other;
    /// The result that returns its updated value (parameters and state).
    std::optional<unsigned> updatedBy;
    /// Data only: the dimension that walks the batch.
    int64_t batchDim = -1;
  };

  /// The roles in `func` (one block). Emits a located error and fails when
  /// `func` is not a training step: no argument is updated, no loss, or no
  /// gradient reaches any updated argument.
  static FailureOr<TrainingStep> analyze(func::FuncOp func);

  /// Whether `func` carries --tofu-autodiff's tags (tofu.fwd, tofu.grad_of or
  /// tofu.update_of on an op).
  static bool hasTags(func::FuncOp func);

  /// Writes the roles as the tags --tofu-autodiff writes, with the same
  /// meanings (docs/autodiff.md): tofu.param on parameters, tofu.state on
  /// state, tofu.batch_dim on data whose batch is not dimension 0, a
  /// tofu.name on every unnamed forward op, tofu.fwd (the forward op a
  /// backward op belongs with) on backward ops, tofu.grad_of = "arg<N>" on the
  /// backward ops whose values an update reads, tofu.update_of = "arg<N>" on
  /// update ops.
  void annotate();

  func::FuncOp func;
  std::vector<Argument> arguments;
  unsigned lossResult = 0;
  /// The role of every op of the body but the terminator.
  DenseMap<Operation *, OpRole> roles;
  /// Backward ops: the forward op placed with it (a forward op that reads
  /// what it reads, else its first backward operand's, else the loss's op).
  DenseMap<Operation *, Operation *> forwardOf;
  /// Backward ops whose value an update reads: the parameter whose update
  /// it reaches (the first, by argument number).
  DenseMap<Operation *, unsigned> gradientOf;
  /// Update ops: the updated argument they belong to.
  DenseMap<Operation *, unsigned> updateOf;
};

} // namespace mlir::tofu

#endif // TOFU_ANALYSIS_TRAININGSTEP_H
