//===- Machine.h - Machine descriptions for cost estimates ------*- C++ -*-===//
//
// A machine is a device model (FLOP/s, memory) and an interconnect hierarchy:
// links ordered from the innermost (e.g. NVLink inside a node) outwards, each
// serving groups of up to `group_size` devices. A recursion level whose
// device group fits in a link's group size communicates over that link.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_PARTITION_MACHINE_H
#define TOFU_PARTITION_MACHINE_H

#include "mlir/Support/LLVM.h"
#include <string>
#include <vector>

namespace mlir::tofu {

struct Link {
  std::string name;
  /// Largest device group this link connects; 0 means unbounded.
  int64_t groupSize = 0;
  /// Per-device bandwidth in bytes/s.
  double bandwidth = 0;
  double latency = 0;
};

struct Machine {
  std::string name;
  std::string deviceName;
  double deviceFlops = 0;
  double deviceMemoryBytes = 0;
  std::vector<Link> links;

  /// The link used by collectives among `groupSize` devices.
  const Link &linkFor(int64_t groupSize) const;

  /// Parses the JSON form; on failure `error` says why.
  static FailureOr<Machine> parse(StringRef json, std::string &error);
  /// `nameOrPath`: a bundled machine ("k80-pcie", "h200-nvlink") or a file.
  static FailureOr<Machine> load(StringRef nameOrPath, std::string &error);
  /// Names of the bundled machines.
  static std::vector<std::string> bundledNames();
};

} // namespace mlir::tofu

#endif // TOFU_PARTITION_MACHINE_H
