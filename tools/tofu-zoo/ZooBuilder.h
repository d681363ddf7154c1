//===- ZooBuilder.h - Structured-op building blocks for tofu-zoo -*- C++
//-*-===//
//
// Helpers that build the model zoo's forward functions out of the restricted
// op set documented in docs/zoo.md (linalg named ops and generics, tensor
// reshapes/slices/pads, arith and math in generic bodies). Every op created in
// the function body gets a unique, deterministic `tofu.name`; ops built while
// an RNN timestep is active also get `tofu.step`.
//
//===----------------------------------------------------------------------===//

#ifndef TOFU_TOOLS_TOFU_ZOO_ZOOBUILDER_H
#define TOFU_TOOLS_TOFU_ZOO_ZOOBUILDER_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"

#include <functional>
#include <optional>
#include <string>

namespace tofu::zoo {

using mlir::Value;
using Shape = llvm::SmallVector<int64_t, 4>;

/// Computes the scalar body of a linalg.generic from its block arguments.
using BodyFn =
    std::function<Value(mlir::OpBuilder &, mlir::Location, mlir::ValueRange)>;

/// Builds `func.func @forward(params..., data...) -> tensor<f32>`.
class ZooBuilder {
public:
  explicit ZooBuilder(mlir::MLIRContext *ctx);

  mlir::ModuleOp getModule() { return *module; }
  mlir::OwningOpRef<mlir::ModuleOp> takeModule() { return std::move(module); }
  mlir::MLIRContext *getContext() { return ctx; }

  /// Finishes the function: returns `loss`, sets the function type and the
  /// argument attributes.
  void finish(Value loss);

  /// True if some tensor built so far has more elements than the tool
  /// supports (sizes would overflow the summary's 64-bit arithmetic).
  bool hasOversizedTensor() const { return oversized; }

  //===--------------------------------------------------------------------===//
  // Naming
  //===--------------------------------------------------------------------===//

  /// Pushes a name component ("l3", "fc") for the lifetime of the guard.
  class Scope {
  public:
    Scope(ZooBuilder &b, llvm::StringRef component);
    ~Scope();
    Scope(const Scope &) = delete;
    Scope &operator=(const Scope &) = delete;

  private:
    ZooBuilder &builder;
  };

  /// Marks every op built while the guard lives with `tofu.step = step`.
  class StepScope {
  public:
    StepScope(ZooBuilder &b, int64_t step);
    ~StepScope();
    StepScope(const StepScope &) = delete;
    StepScope &operator=(const StepScope &) = delete;

  private:
    ZooBuilder &builder;
    std::optional<int64_t> saved;
  };

  /// The scoped name for `leaf`, made unique with a numeric suffix.
  std::string uniqueName(llvm::StringRef leaf);

  //===--------------------------------------------------------------------===//
  // Function arguments
  //===--------------------------------------------------------------------===//

  /// A weight: an argument among the leading parameter arguments, with the
  /// unit attribute `tofu.param`.
  Value param(llvm::StringRef leaf, llvm::ArrayRef<int64_t> shape);
  /// A data input (images, one-hot tokens, one-hot labels), after the params.
  /// A data argument; `batchDim` is the dimension that walks the batch.
  Value input(llvm::StringRef leaf, llvm::ArrayRef<int64_t> shape,
              int64_t batchDim = 0);

  //===--------------------------------------------------------------------===//
  // Tensor creation
  //===--------------------------------------------------------------------===//

  mlir::RankedTensorType tensorType(llvm::ArrayRef<int64_t> shape);
  Value constant(double value, llvm::StringRef leaf);
  Value empty(llvm::ArrayRef<int64_t> shape, llvm::StringRef leaf);
  /// tensor.empty + linalg.fill with `value`.
  Value filled(llvm::ArrayRef<int64_t> shape, double value,
               llvm::StringRef leaf);

  //===--------------------------------------------------------------------===//
  // Structured ops
  //===--------------------------------------------------------------------===//

  /// [M,K] x [K,N] -> [M,N] with `linalg.matmul`.
  Value matmul(Value lhs, Value rhs, llvm::StringRef leaf);
  /// [B,M,K] x [B,K,N] -> [B,M,N] with `linalg.batch_matmul`.
  Value batchMatmul(Value lhs, Value rhs, llvm::StringRef leaf);
  /// NCHW x FCHW convolution with `linalg.conv_2d_nchw_fchw` on an input that
  /// is first zero-padded by `pad` on each spatial side with `tensor.pad`.
  Value conv2d(Value input, Value filter, int64_t stride, int64_t pad,
               llvm::StringRef leaf);
  /// Max pooling with `linalg.pooling_nchw_max` after -inf padding.
  Value maxPool2d(Value input, int64_t window, int64_t stride, int64_t pad,
                  llvm::StringRef leaf);
  /// `linalg.transpose`.
  Value transpose(Value input, llvm::ArrayRef<int64_t> perm,
                  llvm::StringRef leaf);
  Value expandShape(Value input, llvm::ArrayRef<int64_t> shape,
                    llvm::ArrayRef<mlir::ReassociationIndices> groups,
                    llvm::StringRef leaf);
  Value collapseShape(Value input,
                      llvm::ArrayRef<mlir::ReassociationIndices> groups,
                      llvm::StringRef leaf);
  /// A static `tensor.extract_slice` with unit strides; dimensions listed in
  /// `dropDims` (of size 1) are rank-reduced away.
  Value slice(Value input, llvm::ArrayRef<int64_t> offsets,
              llvm::ArrayRef<int64_t> sizes, llvm::ArrayRef<int64_t> dropDims,
              llvm::StringRef leaf);

  /// An all-parallel `linalg.generic` producing a tensor of `outShape`.
  /// `inputMaps[i]` maps the output's iteration space to input i (so
  /// broadcasting is a projection).
  Value elementwise(mlir::ValueRange inputs,
                    llvm::ArrayRef<mlir::AffineMap> inputMaps,
                    llvm::ArrayRef<int64_t> outShape, BodyFn body,
                    llvm::StringRef leaf);
  /// Element-wise op over operands that all have the shape of the first one
  /// or are broadcast along leading dimensions (trailing dims aligned).
  Value map(mlir::ValueRange inputs, BodyFn body, llvm::StringRef leaf);

  /// A `linalg.generic` reduction: iterates over `loopShape` with
  /// `iterators`, reads `inputs` through `inputMaps`, accumulates into a
  /// tensor of `outShape` (through `outMap`) initialised by `linalg.fill`
  /// with `init`. `body` receives the input values and then the accumulator.
  Value reduce(mlir::ValueRange inputs,
               llvm::ArrayRef<mlir::AffineMap> inputMaps,
               llvm::ArrayRef<int64_t> loopShape,
               llvm::ArrayRef<mlir::utils::IteratorType> iterators,
               mlir::AffineMap outMap, llvm::ArrayRef<int64_t> outShape,
               double init, BodyFn body, llvm::StringRef leaf);

  //===--------------------------------------------------------------------===//
  // Layers
  //===--------------------------------------------------------------------===//

  /// x[M,N] + bias[N].
  Value addBias(Value x, Value bias, llvm::StringRef leaf);
  Value relu(Value x, llvm::StringRef leaf);
  Value add(Value a, Value b, llvm::StringRef leaf);
  Value scale(Value x, double factor, llvm::StringRef leaf);
  /// Dense layer x[M,K] . W[K,N] (+ b[N]) with parameters named
  /// "<scope>.weight"/"<scope>.bias".
  Value dense(Value x, int64_t outFeatures, bool withBias);
  /// Layer normalisation over the last dimension of x[N,H].
  Value layerNorm(Value x);
  /// Numerically stable softmax over the last dimension of a rank-3 tensor.
  Value softmaxLastDim(Value x);
  /// Sum over the batch (rows) of the softmax cross-entropy of logits[N,C]
  /// against one-hot labels[N,C]; a 0-d tensor.
  Value crossEntropySum(Value logits, Value labels);

  // Scalar helpers for generic bodies.
  static Value sigmoid(mlir::OpBuilder &b, mlir::Location loc, Value x);
  static Value f32(mlir::OpBuilder &b, mlir::Location loc, double value);

private:
  void tag(mlir::Operation *op, llvm::StringRef leaf);
  mlir::Location loc() { return builder.getUnknownLoc(); }

  mlir::MLIRContext *ctx;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  mlir::func::FuncOp func;
  mlir::Block *entry;
  mlir::OpBuilder builder;

  llvm::SmallVector<std::string> scopes;
  llvm::StringSet<> usedNames;
  std::optional<int64_t> step;
  unsigned numParams = 0;
  llvm::SmallVector<mlir::DictionaryAttr> paramAttrs;
  llvm::SmallVector<mlir::DictionaryAttr> inputAttrs;
  bool oversized = false;
};

} // namespace tofu::zoo

#endif // TOFU_TOOLS_TOFU_ZOO_ZOOBUILDER_H
