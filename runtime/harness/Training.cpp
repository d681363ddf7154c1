//===- Training.cpp - The loop of tofu-run --steps N ----------------------===//
//
// The ranks stay up for the N steps: the arguments that the step's results
// replace (parameters, optimizer state; tofu-run pairs them by dataflow,
// tools/tofu-run/StatePairing.h) stay in this rank's arrays, in the plan's
// layout, from one step to the next; only the batches (DIR/steps/I) are read,
// each rank its own block, and only the loss is gathered every step. See
// docs/runtime.md, "Training runs".
//
//===----------------------------------------------------------------------===//

#include "Checkpoint.h"
#include "RunDriver.h"

#include "tofu_runtime.h"

#include <cstdio>
#include <string>
#include <unistd.h>

namespace tofu_run {
namespace detail {

namespace {

void rankError(const std::string &error) {
  std::fprintf(stderr, "tofu-run: rank %lld: %s\n", (long long)tofu_rt_rank(),
               error.c_str());
}

// True on every rank if `failed` is false on every rank (collective).
bool allSucceeded(bool failed) {
  int64_t flag = failed ? 1 : 0;
  tofu_rt_max_i64(&flag);
  return flag == 0;
}

// Checks the pairing tofu-run computed against the spec: every state
// result has its argument's type and layout, so that it can take the
// argument's place without moving.
bool checkPairing(const Options &opts, const EntrySpec &spec,
                  std::vector<size_t> &stateArgs, std::string &error) {
  const TrainOptions &t = opts.train;
  if (t.argOfResult.size() != spec.results.size()) {
    error = "--state names " + std::to_string(t.argOfResult.size()) +
            " results, @" + spec.entry + " has " +
            std::to_string(spec.results.size());
    return false;
  }
  std::vector<bool> taken(spec.args.size(), false);
  for (size_t k = 0; k < spec.results.size(); ++k) {
    int64_t i = t.argOfResult[k];
    if (i < 0)
      continue;
    const ValueSpec &r = spec.results[k];
    if (i >= static_cast<int64_t>(spec.args.size()) || taken[i]) {
      error = "--state: result " + std::to_string(k) +
              " replaces no argument or one another result replaces";
      return false;
    }
    const ValueSpec &a = spec.args[i];
    if (a.dtype != r.dtype || a.shape != r.shape || a.layout != r.layout ||
        a.isTensor != r.isTensor || a.globalShape != r.globalShape) {
      error = valueName("result", k, r) + " updates " +
              valueName("argument", i, a) +
              " but their per-rank types or layouts differ, so it cannot "
              "replace it in place";
      return false;
    }
    taken[i] = true;
    stateArgs.push_back(i);
  }
  if (t.lossResult >= static_cast<int64_t>(spec.results.size())) {
    error = "--loss " + std::to_string(t.lossResult) + " is not a result";
    return false;
  }
  return true;
}

// The samples per step: the leading dimension of the first batch argument
// (a tensor that is not state), whole.
int64_t samplesPerStep(const EntrySpec &spec, const std::vector<bool> &state) {
  for (size_t i = 0; i < spec.args.size(); ++i) {
    const ValueSpec &v = spec.args[i];
    if (state[i] || !v.isTensor || v.shape.empty())
      continue;
    std::vector<int64_t> whole =
        v.globalShape.empty()
            ? evenWholeShape(v.shape, v.layout, spec.levelSizes)
            : v.globalShape;
    return whole[0] > 0 ? whole[0] : 0;
  }
  return 0;
}

/// The batches of each step: DIR/steps/I/arg<K>.npy where present, else the
/// first step's.
class Batches {
public:
  Batches(const Options &opts, const EntrySpec &spec,
          const std::vector<bool> &state, const std::vector<int64_t> &coords)
      : opts(opts), spec(spec), state(state), coords(coords),
        first(spec.args.size()), replaced(spec.args.size(), false) {}

  // Sets the batch arguments of step `index` (0-based) in `args`.
  bool load(int64_t index, std::vector<Array> &args, bool &reads,
            std::string &error) {
    Options stepOpts = opts;
    if (!opts.inputs.empty())
      stepOpts.inputs = opts.inputs + "/steps/" + std::to_string(index);
    // --wait-batches: a producer (Plan.train's iterator) writes step I's
    // files while the run goes on and marks them complete with .ready;
    // tofu-run's --timeout bounds the wait.
    if (opts.train.waitBatches && index > 0)
      while (!exists(stepOpts.inputs + "/.ready"))
        usleep(1000);
    for (size_t i = 0; i < spec.args.size(); ++i) {
      if (state[i])
        continue;
      bool own = index > 0 && !opts.inputs.empty() &&
                 exists(inputPath(stepOpts.inputs, i, spec.args[i]));
      if (own) {
        reads = true;
        if (!replaced[i])
          first[i] = std::move(args[i]);
        replaced[i] = true;
        if (!loadArgument(stepOpts, spec, i, coords, false, args[i], error))
          return false;
      } else if (replaced[i]) {
        args[i] = first[i];
        replaced[i] = false;
      }
    }
    return true;
  }

private:
  const Options &opts;
  const EntrySpec &spec;
  const std::vector<bool> &state;
  const std::vector<int64_t> &coords;
  std::vector<Array> first; // step 0's batches, kept while replaced
  std::vector<bool> replaced;
};

// The progress line (stderr) and the --loss-log line of one step, rank 0.
void reportStep(FILE *log, int64_t done, int64_t steps, bool haveLoss,
                double loss, double secs, double entrySecs, int64_t samples) {
  char lossText[32] = "-";
  if (haveLoss)
    std::snprintf(lossText, sizeof(lossText), "%.9g", loss);
  std::fprintf(stderr, "tofu-run: step %lld/%lld: loss %s, %.4f s",
               (long long)done, (long long)steps, lossText, secs);
  if (samples > 0 && secs > 0)
    std::fprintf(stderr, ", %.1f samples/s", samples / secs);
  std::fprintf(stderr, "\n");
  std::fflush(stderr);
  if (log) {
    std::fprintf(log, "%lld %s %.6f %.6f\n", (long long)done, lossText, secs,
                 entrySecs);
    std::fflush(log);
  }
}

} // namespace

bool runTraining(const Options &opts, const EntrySpec &spec, EntryAdapter call,
                 const std::vector<int64_t> &coords, std::vector<Array> &args,
                 std::vector<Array> &results) {
  const TrainOptions &t = opts.train;
  const bool root = tofu_rt_rank() == 0;
  std::string error;
  std::vector<size_t> stateArgs;
  bool failed = !checkPairing(opts, spec, stateArgs, error);
  if (!failed && stateArgs.empty() && t.steps > 1) {
    error = "--steps " + std::to_string(t.steps) + ": no result of @" +
            spec.entry + " replaces an argument";
    failed = true;
  }
  if (failed && root)
    std::fprintf(stderr, "tofu-run: error: %s\n", error.c_str());
  if (!allSucceeded(failed))
    return false;
  std::vector<bool> state(spec.args.size(), false);
  for (size_t i : stateArgs)
    state[i] = true;

  int64_t done = 0;
  if (t.resume) {
    failed =
        !restoreCheckpoint(opts, spec, coords, stateArgs, args, done, error);
    if (failed && !error.empty())
      std::fprintf(stderr, "tofu-run: error: %s\n", error.c_str());
    if (!allSucceeded(failed))
      return false;
    if (done >= t.steps) {
      if (root)
        std::fprintf(stderr,
                     "tofu-run: error: --resume: the last checkpoint in %s is "
                     "at step %lld, not before --steps %lld\n",
                     t.checkpoint.c_str(), (long long)done, (long long)t.steps);
      return false;
    }
    if (root)
      std::fprintf(stderr, "tofu-run: resuming at step %lld from %s\n",
                   (long long)done, t.checkpoint.c_str());
  }
  FILE *log = nullptr;
  if (root && !t.lossLog.empty() &&
      !(log = std::fopen(t.lossLog.c_str(), t.resume ? "a" : "w")))
    std::fprintf(stderr, "tofu-run: error: cannot write %s\n",
                 t.lossLog.c_str());
  if (!allSucceeded(root && !t.lossLog.empty() && !log))
    return false;

  Batches batches(opts, spec, state, coords);
  const int64_t samples = samplesPerStep(spec, state);
  bool ok = true;
  for (int64_t index = done; ok && index < t.steps; ++index) {
    auto begin = std::chrono::steady_clock::now();
    bool reads = false;
    bool loaded = batches.load(index, args, reads, error);
    if (!loaded)
      rankError(error);
    // Every rank sees the same files, so all of them agree on whether this
    // step reads any and needs the check.
    if (reads && !(ok = allSucceeded(!loaded)))
      break;
    auto callBegin = std::chrono::steady_clock::now();
    results = call(args);
    const double entrySeconds =
        seconds(callBegin, std::chrono::steady_clock::now());
    // A scalar loss is replicated (a 0-d value has nothing to split): rank
    // 0's own copy is the loss, with no collective in the loop. The last
    // step's replicas are still compared when the results are gathered.
    double loss = 0;
    if (t.lossResult >= 0 && root)
      loss = sumOf(results[t.lossResult]);
    // The updated state takes its argument's place; the last step's results
    // stay for the outputs.
    const bool last = index + 1 == t.steps;
    for (size_t k = 0; k < results.size(); ++k)
      if (t.argOfResult[k] >= 0)
        args[t.argOfResult[k]] = last ? results[k] : std::move(results[k]);
    if (t.checkpointEvery > 0 && !t.checkpoint.empty() &&
        ((index + 1) % t.checkpointEvery == 0 || last)) {
      ok = writeCheckpoint(opts, spec, index + 1, coords, stateArgs, args,
                           error);
      if (!ok)
        break;
    }
    if (root)
      reportStep(log, index + 1, t.steps, t.lossResult >= 0, loss,
                 seconds(begin, std::chrono::steady_clock::now()), entrySeconds,
                 samples);
  }
  if (log)
    std::fclose(log);
  return ok;
}

} // namespace detail
} // namespace tofu_run
