//===- Problem.h - Device placement of operator graphs ----------*- C++ -*-===//
//
// The placement problem of Tarnawski et al., "Efficient Algorithms for Device
// Placement of DNN Graph Operators" (NeurIPS 2020): an operator DAG whose
// nodes have a time on an accelerator and on a CPU, a memory size and an
// accelerator support flag, and whose edges carry the cost of moving their
// source's output between devices; k accelerators with a memory limit each
// (optionally of different speeds) and l CPUs without one.
//
// The load of a device is the compute time of its nodes plus, on an
// accelerator, the communication of every node with an edge crossing the
// device's boundary: a node u pays cost(u) once on its own device when some
// successor lies elsewhere and once on every other device holding a
// successor. CPUs pay no communication (the paper's model). The throughput
// objective is the max load (time per sample in a pipeline).
//
// Training graphs: nodes of one colour class share a device; a colour class
// that has only backward nodes ("orphan") is treated as if it had a forward
// node mirroring its backward edges, as the authors' code does.
//
// A placement is contiguous (a pipeline) when the devices can be ordered so
// that every prefix holds an ideal (predecessor-closed set) of the forward
// graph, i.e. the graph of devices induced by forward edges (and the orphans'
// mirrored edges) is acyclic. This is the space the dynamic program over
// ideals searches.
//
//===----------------------------------------------------------------------===//

#ifndef TOFU_PLACEMENT_PROBLEM_H
#define TOFU_PLACEMENT_PROBLEM_H

#include "llvm/Support/Error.h"

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

namespace tofu::placement {

constexpr double kInfinity = std::numeric_limits<double>::infinity();

struct Node {
  int64_t id = 0;
  std::string name;
  double acceleratorTime = 0;
  double cpuTime = 0;
  bool acceleratorSupported = true;
  bool backward = false;
  /// Nodes with the same colour class share a device; nodes without one form
  /// a class of their own.
  std::optional<int64_t> colorClass;
  /// Bytes the node keeps on its device (weights, optimizer state, saved
  /// activations).
  double size = 0;
  std::optional<int64_t> layer;
};

/// Source and destination are indices into Problem::nodes.
struct Edge {
  unsigned source = 0;
  unsigned dest = 0;
  double cost = 0;
};

enum class DeviceKind { Accelerator, Cpu };

struct Problem {
  std::vector<Node> nodes;
  std::vector<Edge> edges;
  unsigned accelerators = 1;
  unsigned cpus = 0;
  double acceleratorMemory = kInfinity;
  /// Relative speed of each accelerator (time = acceleratorTime / speed);
  /// empty means all accelerators have speed 1.
  std::vector<double> acceleratorSpeeds;

  unsigned numDevices() const { return accelerators + cpus; }
  DeviceKind kind(unsigned device) const {
    return device < accelerators ? DeviceKind::Accelerator : DeviceKind::Cpu;
  }
  double speed(unsigned device) const {
    return acceleratorSpeeds.empty() ? 1.0 : acceleratorSpeeds[device];
  }
  /// The name used in diagnostics: "node 7 ('conv1')".
  std::string describe(unsigned node) const;
};

/// Checks what every solver relies on: a DAG, no edge from a backward to a
/// forward node, one outgoing cost per node, non-negative times, sizes and
/// costs, consistent device counts. The message names the offending nodes.
llvm::Error validate(const Problem &problem);

/// The communication cost of a node's output (the cost of its out-edges,
/// which validate() checks agree), 0 for a node without out-edges.
std::vector<double> outgoingCosts(const Problem &problem);

/// Colour classes as dense indices: classOf[node] in [0, numClasses).
struct ColorClasses {
  std::vector<unsigned> classOf;
  std::vector<std::vector<unsigned>> members;
  /// Classes without a forward node.
  std::vector<bool> orphan;
  unsigned size() const { return members.size(); }
};
ColorClasses colorClasses(const Problem &problem);

/// The edges between colour classes that contiguity is about: class(u) ->
/// class(v) for each forward edge u -> v, and for each backward edge ub -> vb
/// touching an orphan class the mirrored class(vb) -> class(ub). Self-loops
/// removed, duplicates kept out.
std::vector<std::pair<unsigned, unsigned>>
contiguityEdges(const Problem &problem, const ColorClasses &classes);

/// A placement: the device of every node (0..k-1 accelerators, then CPUs).
struct Placement {
  std::vector<unsigned> deviceOf;
};

struct Evaluation {
  std::vector<double> load;
  std::vector<double> memory;
  double maxLoad = 0;
  bool colorClassesRespected = true;
  bool supportRespected = true;
  bool memoryRespected = true;
  bool contiguous = true;
  bool feasible() const {
    return colorClassesRespected && supportRespected && memoryRespected;
  }
};

/// Evaluates a placement directly from the definition (node by node, no
/// contraction): the reference every solver is tested against.
Evaluation evaluate(const Problem &problem, const Placement &placement);

/// Whether the device graph induced by contiguityEdges() is acyclic.
bool isContiguous(const Problem &problem, const ColorClasses &classes,
                  const std::vector<unsigned> &deviceOfClass);

/// A pipeline order of the devices of a contiguous placement (devices
/// without nodes last), or the identity when it is not contiguous.
std::vector<unsigned> pipelineOrder(const Problem &problem,
                                    const Placement &placement);

/// Single-sample latency of a placement in the paper's latency model: each
/// accelerator runs its nodes as one call that starts when all its inputs
/// are ready and takes its load (compute plus communication); a CPU node runs
/// as soon as its inputs are ready (CPUs as many as needed). Returns
/// kInfinity when the calls depend on each other cyclically.
double latency(const Problem &problem, const Placement &placement);

} // namespace tofu::placement

#endif // TOFU_PLACEMENT_PROBLEM_H
