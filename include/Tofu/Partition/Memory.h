//===- Memory.h - Per-device peak memory of a plan ---------------*- C++
//-*-===//
//
// What one device holds at the worst moment of a partitioned step, from the
// liveness of its buffers in program order, as the CPU pipeline allocates
// them (docs/memory-model.md):
//  - each tensor's per-device share: its shape divided by the ways of the
//    levels that split it (rounded up per level);
//  - the function's arguments live for the whole step (the caller holds
//    them), returned values from their definition to the end;
//  - an intermediate from its definition to its last use (buffers are freed
//    after their last use, --tofu-early-dealloc); a destination-passing op
//    writes into its init's buffer when that init is not read afterwards
//    (one-shot bufferization in place), and an element-wise producer fused
//    into its only consumer (--tofu-fuse-elementwise) has no buffer;
//  - around an op, the operands it fetches in another layout and its output
//    in the layout its strategy produces, where that differs from the
//    tensor's (a partial sum before its reduction), with the scratch of the
//    collectives that convert them (CollectiveScratch).
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_PARTITION_MEMORY_H
#define TOFU_PARTITION_MEMORY_H

#include "Tofu/Partition/Search.h"

#include <string>

namespace mlir::tofu {

/// Scratch memory of one collective, in units of the buffer it converts,
/// beyond its input and output: what the runtime and the communication
/// library allocate while it runs. The defaults are the CPU runtime's (a
/// staging copy of the gathered output or of the unreduced input, see
/// runtime/lib/TofuRuntime.cpp) plus OpenMPI 4.1's own, measured per rank
/// (docs/memory-model.md).
struct CollectiveScratch {
  /// Per byte of the gathered output: the runtime's staging copy.
  double allGather = 1;
  /// Per byte of the unreduced input: the runtime's staging copy, and two
  /// more for MPI_Reduce_scatter_block.
  double reduceScatter = 3;
  /// Per byte of the reduced buffer: MPI_Allreduce in place keeps one copy.
  double allReduce = 1;
  /// Per byte of the exchanged buffer: the runtime's send and receive
  /// staging.
  double allToAll = 2;
};

/// What a rank holds beyond the program's own buffers and the collectives'
/// scratch, a fixed cost per rank. The default is the CPU runtime's
/// (tofu-run's programs with OpenMPI 4.1), measured per rank from
/// /proc/self/smaps before and after the step on the 24 rows of
/// bench/memory (docs/memory-model.md): pages of shared libraries that the
/// step touches for the first time (libm's code and tables for exp and log,
/// libmpi and its reduction and transport components; the kernel maps up to
/// 64 KiB around each fault), pages of MPI's shared-memory transport
/// segments that messages pass through, and the program's own code. 0.41 to
/// 0.83 MiB, median 0.55 MiB: the default is that median rounded down to half
/// a MiB, one constant for every model and rank count. Another runtime passes
/// its own.
struct RuntimeOverhead {
  double fixedBytes = 0.5 * 1024 * 1024;
};

/// Bytes one device holds at the peak of the step, by kind. The kinds add up
/// to `peak`.
struct MemoryEstimate {
  /// Parameters (tofu.param arguments) and their updated values.
  double parameters = 0;
  /// Values computed by backward ops (tofu.grad_of): parameter and
  /// activation gradients.
  double gradients = 0;
  /// Optimizer state. The zoo's steps use SGD, which keeps none; a planner
  /// that models another optimizer adds its state here.
  double optimizerState = 0;
  /// Everything else the step holds: its non-parameter inputs, forward
  /// intermediates, the loss.
  double activations = 0;
  /// Communication and conversion buffers of the op running at the peak:
  /// fetched operands and outputs not yet in their tensor's layout.
  double buffers = 0;
  /// The largest total over the step.
  double peak = 0;
  /// The op (its tofu.name, else its op name) running at the peak.
  std::string peakAt;
  /// Bytes of the function's arguments and of its results on one device.
  double argumentBytes = 0;
  double resultBytes = 0;
  /// The runtime's fixed cost per rank (RuntimeOverhead), not in `peak`:
  /// what a rank measures is about `peak` (or what its caller holds after
  /// the call) plus this.
  double runtimeBytes = 0;
  /// Every value at its share at once (or every buffer of the sweep, if
  /// that is more) plus the largest buffers any one op adds (no reuse): a
  /// bound on `peak`, what the report printed before liveness (then with the
  /// largest fetch buffer only).
  double upperBound = 0;
};

/// The largest part of a per-device peak and its name ("parameters",
/// "gradients", "optimizer state", "activations" or "buffers"; the first on
/// a tie), for the "dominated by" of a plan that does not fit (the search's
/// and the planner's).
std::pair<double, StringRef>
largestMemoryPart(double parameters, double gradients, double optimizerState,
                  double activations, double buffers);

/// Bytes of one value of tensor class `tensorClass` on one device under
/// `plan`: each level that splits it divides its dimension, rounding up.
double perDeviceClassBytes(const PartitionGraph &graph, const Plan &plan,
                           int tensorClass);

/// The per-device peak memory of one execution of `graph`'s function under
/// `plan`, walking the function's ops in program order.
MemoryEstimate estimateMemory(const PartitionGraph &graph, const Plan &plan,
                              const CollectiveScratch &scratch = {},
                              const RuntimeOverhead &overhead = {});

} // namespace mlir::tofu

#endif // TOFU_PARTITION_MEMORY_H
