//===- RunDriver.h - runMain's pieces shared with the training loop -------===//
//
// Internal to libtofu_run_support: the per-rank program options and the
// helpers of runMain (RunSupport.cpp) that the training loop and its
// checkpoints (Training.cpp) use as well.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_RUN_RUNDRIVER_H
#define TOFU_RUN_RUNDRIVER_H

#include "RunSupport.h"

#include <chrono>
#include <string>
#include <vector>

namespace tofu_run {
namespace detail {

/// --steps and what comes with it (docs/runtime.md, "Training runs").
struct TrainOptions {
  int64_t steps = 0; // 0: one call, as without --steps
  /// Per result: the argument it replaces in the next step, or -1 (--state,
  /// computed by tofu-run from the step's dataflow).
  std::vector<int64_t> argOfResult;
  int64_t lossResult = -1; // --loss
  std::string lossLog, checkpoint;
  int64_t checkpointEvery = 0;
  bool resume = false;
  /// Step I > 0 waits for DIR/steps/I/.ready (--wait-batches).
  bool waitBatches = false;
};

struct Options {
  std::string inputs, outputs, rankOutputs, saveInputs;
  uint64_t seed = 0;
  bool replicaCheck = true;
  TrainOptions train;
};

double seconds(std::chrono::steady_clock::time_point a,
               std::chrono::steady_clock::time_point b);
bool exists(const std::string &path);
bool makeDirs(const std::string &path, std::string &error);
std::string valueName(const char *kind, size_t i, const ValueSpec &v);
/// DIR/arg<i>.npy, else DIR/<name>.npy (the first if neither exists).
std::string inputPath(const std::string &dir, size_t i, const ValueSpec &v);
/// This rank's block of argument i from opts.inputs (or --seed), or the
/// whole tensor with `whole`.
bool loadArgument(const Options &opts, const EntrySpec &spec, size_t i,
                  const std::vector<int64_t> &coords, bool whole, Array &out,
                  std::string &error);
/// Gathers result k of every rank on rank 0 into `whole` (collective).
bool gatherResult(const EntrySpec &spec, size_t k, const Array &local,
                  bool replicaCheck, Array &whole, std::string &error);
double sumOf(const Array &a);

/// The loop of `--steps N`: runs the entry N times (from the last
/// checkpoint with --resume) on `args`, the first step's arguments, and
/// leaves the last step's results in `results`. Collective; false on every
/// rank when one failed (it has printed why).
bool runTraining(const Options &opts, const EntrySpec &spec, EntryAdapter call,
                 const std::vector<int64_t> &coords, std::vector<Array> &args,
                 std::vector<Array> &results);

} // namespace detail
} // namespace tofu_run

#endif // TOFU_RUN_RUNDRIVER_H
