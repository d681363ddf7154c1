//===- Json.h - The authors' JSON input format ------------------*- C++ -*-===//
//
// Reads and writes one placement instance in the format of the paper's
// released code (msr-fiddle/dnn-partitioning):
//   {"maxSizePerFPGA": bytes, "maxFPGAs": k, "maxCPUs": l,
//    "nodes": [{"id", "supportedOnFpga", "fpgaLatency", "cpuLatency",
//               "isBackwardNode", "size"?, "colorClass"?, "layerId"?,
//               "name"?}],
//    "edges": [{"sourceId", "destId", "cost"}]}
// Booleans may be true/false or 0/1. Errors name the file and the JSON path
// ("nodes[3] (id 7): missing field 'fpgaLatency'"), and validate() runs on
// the result so cyclic graphs and backward-to-forward edges are caught here.
//
//===----------------------------------------------------------------------===//

#ifndef TOFU_PLACEMENT_JSON_H
#define TOFU_PLACEMENT_JSON_H

#include "Tofu/Placement/Problem.h"

#include "llvm/ADT/StringRef.h"

namespace tofu::placement {

llvm::Expected<Problem> parseProblem(llvm::StringRef text,
                                     llvm::StringRef fileName);

/// The instance in the same format (for graphs exported from MLIR).
std::string problemToJson(const Problem &problem);

} // namespace tofu::placement

#endif // TOFU_PLACEMENT_JSON_H
