//===- CostModel.cpp - Step-time model of devices and collectives ---------===//

#include "Tofu/Planner/CostModel.h"

#include <algorithm>
#include <cmath>

using namespace mlir;
using namespace mlir::tofu;
using namespace mlir::tofu::planner;

/// Number of blocks of link `level` (groups of `group_size` consecutive
/// ranks) that the members of `group` fall into; 1 for an unbounded link.
static int64_t blocksAt(const Machine &machine, unsigned level,
                        DeviceGroup group) {
  int64_t blockSize = machine.links[level].groupSize;
  if (blockSize == 0 || group.size <= 1)
    return 1;
  int64_t membersPerBlock = std::max<int64_t>(1, blockSize / group.stride);
  return (group.size + membersPerBlock - 1) / membersPerBlock;
}

unsigned mlir::tofu::planner::linkLevelOf(const Machine &machine,
                                          DeviceGroup group) {
  for (unsigned l = 0; l < machine.links.size(); ++l)
    if (blocksAt(machine, l, group) == 1)
      return l;
  return machine.links.size() - 1;
}

/// All-reduce as rings at each level the group spans: at level l the q
/// members that share a block of the next level reduce-scatter (and later
/// all-gather) the data left from the inner levels, which the inner
/// reduce-scatters have divided by the members inside.
static StringRef kindName(Collective kind) {
  switch (kind) {
  case Collective::AllReduce:
    return "all_reduce";
  case Collective::AllGather:
    return "all_gather";
  case Collective::ReduceScatter:
    return "reduce_scatter";
  case Collective::SendRecv:
    return "send_recv";
  }
  llvm_unreachable("unknown collective");
}

/// A ring all-reduce's formula with the (latency, bandwidth) a link has for
/// `kind` (an all-gather or reduce-scatter is then halved by the caller).
static double hierarchicalAllReduce(const Machine &machine, Collective kind,
                                    double bytes, DeviceGroup group,
                                    SmallVectorImpl<double> &perLevel) {
  double seconds = 0, data = bytes;
  double previous = static_cast<double>(group.size);
  for (unsigned l = 0; l < machine.links.size(); ++l) {
    double blocks = static_cast<double>(blocksAt(machine, l, group));
    double q = previous / blocks;
    if (q > 1) {
      auto [latency, bandwidth] = machine.links[l].rate(kindName(kind));
      double t = 2 * (q - 1) / q * data / bandwidth + 2 * (q - 1) * latency;
      perLevel[l] += t;
      seconds += t;
      data /= q;
    }
    previous = blocks;
    if (blocks <= 1)
      break;
  }
  return seconds;
}

double
mlir::tofu::planner::collectiveSeconds(const Machine &machine, Collective kind,
                                       double bytes, DeviceGroup group,
                                       SmallVectorImpl<double> *perLevel) {
  if (bytes <= 0 || machine.links.empty())
    return 0;
  SmallVector<double> levels(machine.links.size(), 0.0);
  double seconds = 0;
  if (kind == Collective::SendRecv) {
    unsigned l = linkLevelOf(machine, DeviceGroup{2, group.stride});
    auto [latency, bandwidth] = machine.links[l].rate(kindName(kind));
    seconds = bytes / bandwidth + latency;
    levels[l] = seconds;
  } else {
    if (group.size <= 1)
      return 0;
    SmallVector<double> hier(machine.links.size(), 0.0);
    double hierarchical =
        hierarchicalAllReduce(machine, kind, bytes, group, hier);
    unsigned slowest = linkLevelOf(machine, group);
    auto [latency, bandwidth] = machine.links[slowest].rate(kindName(kind));
    double m = static_cast<double>(group.size);
    double flat = 2 * (m - 1) / m * bytes / bandwidth + 2 * (m - 1) * latency;
    if (flat < hierarchical) {
      levels[slowest] = flat;
      seconds = flat;
    } else {
      levels = hier;
      seconds = hierarchical;
    }
    // A ring all-gather or reduce-scatter is one half of an all-reduce.
    if (kind != Collective::AllReduce) {
      seconds /= 2;
      for (double &t : levels)
        t /= 2;
    }
  }
  if (perLevel) {
    perLevel->resize(machine.links.size(), 0.0);
    for (auto [into, t] : llvm::zip(*perLevel, levels))
      into += t;
  }
  return seconds;
}
