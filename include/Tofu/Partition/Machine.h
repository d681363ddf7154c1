//===- Machine.h - Machine descriptions for cost estimates ------*- C++ -*-===//
//
// A machine is a device model (peak FLOP/s per element type, memory size and
// bandwidth, the fraction of peak large kernels reach) and an interconnect
// hierarchy: links ordered from the innermost (e.g. NVLink inside a node)
// outwards, each serving groups of up to `group_size` devices, with an
// alpha-beta model (latency, per-device bandwidth). A device group that fits
// in a link's group size communicates over that link. The JSON format and
// the bundled machines are described in docs/cost-model.md.
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
  /// Measured per collective ("all_reduce", "all_gather", "reduce_scatter",
  /// "send_recv"; tofu-calibrate): (latency, bandwidth) in the planner's
  /// formulas for that collective, overriding the two above; sorted.
  std::vector<std::pair<std::string, std::pair<double, double>>> byCollective;
  /// (latency, bandwidth) of collective `kind` on this link.
  std::pair<double, double> rate(StringRef kind) const;
};

struct Machine {
  std::string name;
  std::string deviceName;
  /// Peak FLOP/s of the default (f32) arithmetic.
  double deviceFlops = 0;
  double deviceMemoryBytes = 0;
  /// Device memory bandwidth in bytes/s (0: not given; the roofline then
  /// counts FLOPs only).
  double memoryBandwidth = 0;
  /// Fraction of peak FLOP/s that large kernels reach (e.g. cuBLAS GEMMs);
  /// compute time is FLOPs / (peak * efficiency).
  double computeEfficiency = 1;
  /// Peak FLOP/s by element type ("bf16", "f16", "f32", ...), overriding
  /// deviceFlops for that type.
  std::vector<std::pair<std::string, double>> flopsByType;
  /// Measured curves (tofu-calibrate), sorted by their first member:
  /// (FLOPs of one op, FLOP/s it reached) and (bytes one op moves, bytes/s
  /// it reached). Between two points the rate is interpolated linearly in
  /// log(size); outside them it is the nearest point's. Empty: the flat
  /// deviceFlops / memoryBandwidth.
  std::vector<std::pair<double, double>> flopsCurve, bandwidthCurve;
  std::vector<Link> links;

  /// Peak FLOP/s for arithmetic on `elementType` (falls back to
  /// deviceFlops).
  double peakFlops(StringRef elementType) const;
  /// Roofline seconds of `flops` arithmetic on `elementType` and `bytes` of
  /// memory traffic on one device: the larger of the FLOPs at the peak times
  /// computeEfficiency and the bytes at memoryBandwidth (docs/cost-model.md).
  /// With curves, the rates are those of the op's size: FLOP/s at `flops`
  /// (scaled by peakFlops(elementType) / deviceFlops) and bytes/s at `bytes`.
  /// A `product` (a contraction: the back end's BLAS calls) with a measured
  /// flopsCurve takes the curve's FLOP/s alone: the curve was measured on
  /// products moving their own operands, so their traffic is in it already.
  double rooflineSeconds(double flops, double bytes, StringRef elementType,
                         bool product = false) const;
  /// Seconds to move `bytes` as one op (0 without a memory bandwidth).
  double memorySeconds(double bytes) const;
  /// Devices per node: the group size of the innermost bounded link (1 when
  /// every link is unbounded).
  int64_t nodeSize() const;

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
