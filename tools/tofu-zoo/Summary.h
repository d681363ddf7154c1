//===- Summary.h - Size and cost summary of a zoo model ---------*- C++ -*-===//
//
// Everything here is computed by walking the emitted function, so the summary
// describes exactly the IR that tofu-zoo prints.
//
//===----------------------------------------------------------------------===//

#ifndef TOFU_TOOLS_TOFU_ZOO_SUMMARY_H
#define TOFU_TOOLS_TOFU_ZOO_SUMMARY_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace tofu::zoo {

struct ModelSummary {
  uint64_t parameters = 0;     ///< Elements of `tofu.param` arguments.
  uint64_t parameterBytes = 0; ///< fp32.
  uint64_t inputBytes = 0;     ///< The other (data) arguments.
  double forwardFlops = 0;     ///< Iterations x scalar ops of every linalg op.
  uint64_t activationBytes = 0;
  uint64_t numOps = 0; ///< Ops in the function body (not in payloads).
  std::map<std::string, uint64_t> opCounts;

  /// Forward + backward; the backward pass costs about twice the forward.
  double trainingFlops() const { return 3 * forwardFlops; }
  /// The paper's Table 2 "total weight size": weights, their gradients and one
  /// optimizer-state copy (SGD momentum), fp32, in GiB.
  double paperAccountingGiB() const {
    return 3.0 * double(parameterBytes) / double(uint64_t(1) << 30);
  }
};

ModelSummary summarize(mlir::func::FuncOp func);

using ConfigList = std::vector<std::pair<std::string, int64_t>>;

void printSummaryText(const ModelSummary &s, llvm::StringRef family,
                      const ConfigList &config, llvm::raw_ostream &os);
void printSummaryJson(const ModelSummary &s, llvm::StringRef family,
                      const ConfigList &config, llvm::raw_ostream &os);

} // namespace tofu::zoo

#endif // TOFU_TOOLS_TOFU_ZOO_SUMMARY_H
