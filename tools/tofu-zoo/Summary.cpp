//===- Summary.cpp - Size and cost summary of a zoo model -----------------===//

#include "Summary.h"

#include "Tofu/Dialect/Tofu/IR/Tofu.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/JSON.h"

using namespace mlir;
using namespace ::tofu::zoo;
namespace zoo = ::tofu::zoo;

namespace {
uint64_t bytesOf(Type type) {
  auto tensor = dyn_cast<RankedTensorType>(type);
  if (!tensor || !tensor.hasStaticShape())
    return 0;
  return uint64_t(tensor.getNumElements()) *
         (tensor.getElementTypeBitWidth() / 8);
}

/// Scalar arithmetic per iteration of a linalg op: every arith/math op of its
/// payload except constants. A matmul counts 2 (mul + add), a max pool 1, a
/// fill or transpose 0.
unsigned payloadOps(linalg::LinalgOp op) {
  unsigned count = 0;
  for (Operation &inner : op.getBlock()->without_terminator()) {
    if (isa<arith::ConstantOp>(inner))
      continue;
    if (isa<arith::ArithDialect, math::MathDialect>(inner.getDialect()))
      ++count;
  }
  return count;
}

/// Ops whose results are fresh intermediate tensors (not views, scratch
/// initial values or shared constants).
bool producesActivation(Operation *op) {
  if (isa<linalg::FillOp>(op))
    return false;
  return isa<linalg::LinalgOp, tensor::PadOp, tensor::ExtractSliceOp>(op);
}

std::string flopsText(double flops) {
  std::string text;
  llvm::raw_string_ostream os(text);
  os << llvm::format("%.0f", flops);
  return text;
}

llvm::json::Value flopsJson(double flops) {
  if (flops < 9.0e18)
    return int64_t(flops);
  return flops;
}
} // namespace

ModelSummary zoo::summarize(func::FuncOp func) {
  ModelSummary s;
  for (BlockArgument arg : func.getArguments()) {
    uint64_t bytes = bytesOf(arg.getType());
    if (func.getArgAttr(arg.getArgNumber(), mlir::tofu::kParamAttrName)) {
      s.parameters += cast<RankedTensorType>(arg.getType()).getNumElements();
      s.parameterBytes += bytes;
    } else {
      s.inputBytes += bytes;
    }
  }
  for (Operation &op : func.getBody().front()) {
    ++s.numOps;
    ++s.opCounts[op.getName().getStringRef().str()];
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(&op)) {
      double iterations = 1;
      for (int64_t range : linalgOp.getStaticLoopRanges())
        iterations *= double(range);
      s.forwardFlops += iterations * payloadOps(linalgOp);
    }
    if (producesActivation(&op))
      for (Value result : op.getResults())
        s.activationBytes += bytesOf(result.getType());
  }
  return s;
}

void zoo::printSummaryText(const ModelSummary &s, llvm::StringRef family,
                           const ConfigList &config, llvm::raw_ostream &os) {
  os << "family: " << family << "\n";
  os << "config:";
  for (const auto &[knob, value] : config)
    os << " " << knob << "=" << value;
  os << "\n";
  os << "parameters: " << s.parameters << "\n";
  os << "parameter_bytes: " << s.parameterBytes << " (fp32)\n";
  os << "input_bytes: " << s.inputBytes << "\n";
  os << "forward_flops: " << flopsText(s.forwardFlops) << "\n";
  os << "training_flops: " << flopsText(s.trainingFlops())
     << " (3 x forward)\n";
  os << "activation_bytes: " << s.activationBytes << "\n";
  os << "paper_accounting_gib: " << llvm::format("%.3f", s.paperAccountingGiB())
     << " (3 x parameter_bytes / 2^30: weights + gradients + momentum)\n";
  os << "ops: " << s.numOps << "\n";
  for (const auto &[name, count] : s.opCounts)
    os << "op: " << name << " " << count << "\n";
}

void zoo::printSummaryJson(const ModelSummary &s, llvm::StringRef family,
                           const ConfigList &config, llvm::raw_ostream &os) {
  llvm::json::Object cfg;
  for (const auto &[knob, value] : config)
    cfg[knob] = value;
  llvm::json::Object ops;
  for (const auto &[name, count] : s.opCounts)
    ops[name] = int64_t(count);
  llvm::json::Object root{
      {"family", family.str()},
      {"config", std::move(cfg)},
      {"parameters", int64_t(s.parameters)},
      {"parameter_bytes", int64_t(s.parameterBytes)},
      {"input_bytes", int64_t(s.inputBytes)},
      {"forward_flops", flopsJson(s.forwardFlops)},
      {"training_flops", flopsJson(s.trainingFlops())},
      {"training_flops_rule", "3 x forward_flops"},
      {"activation_bytes", int64_t(s.activationBytes)},
      {"paper_accounting_gib", s.paperAccountingGiB()},
      {"paper_accounting_rule",
       "3 x parameter_bytes / 2^30 (weights + gradients + momentum)"},
      {"ops", int64_t(s.numOps)},
      {"op_counts", std::move(ops)},
  };
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(root))) << "\n";
}
