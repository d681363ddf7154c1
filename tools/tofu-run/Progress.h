//===- Progress.h - What tofu-run is doing, shown on a terminal -*- C++ -*-===//
//
// A compile takes from seconds to minutes and a multi-rank run as long as
// the step: on a terminal, tofu-run shows what it is doing. The compile's
// stage and its seconds stay on one line of stderr, rewritten in place; a
// run prints a line when ranks finish (which ones are still running) and a
// heartbeat at 5, 10, 20, 40 ... s. Nothing is shown when stderr is not a
// terminal (pipes, logs, tests), so outputs stay as they were.
//
// The threads write with write(2) only: fatal() may end the process while
// they run, after LLVM's streams are gone.
//
//===----------------------------------------------------------------------===//

#ifndef TOFU_RUN_PROGRESS_H
#define TOFU_RUN_PROGRESS_H

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <string>
#include <thread>

namespace tofu_run {

/// True when stderr is a terminal (TOFU_RUN_PROGRESS=0 turns it off).
bool progressEnabled();

/// Erases the compile line if one is shown, so that an error starts at the
/// beginning of a line.
void clearProgressLine();

/// The compile's stage and seconds, on one rewritten line of stderr.
class CompileProgress {
public:
  CompileProgress();
  ~CompileProgress();
  /// The stage now running ("parsing", "lowering", ...).
  void stage(const std::string &name);
  /// Erases the line and stops redrawing it.
  void finish();

private:
  void redraw();
  bool enabled;
  std::chrono::steady_clock::time_point start;
  std::mutex mutex;
  std::condition_variable wake;
  std::string current;
  bool done = false;
  std::thread thread;
};

/// Lines about a run of `ranks` ranks while it runs: tofu-rank marks every
/// rank that ended in `statusDir` (done<R>), and this reads the marks.
class RunProgress {
public:
  RunProgress(std::string statusDir, int64_t ranks);
  ~RunProgress();

private:
  void watch();
  int64_t countFinished(std::string &running) const;
  bool enabled;
  std::string statusDir;
  int64_t ranks;
  std::chrono::steady_clock::time_point start;
  std::mutex mutex;
  std::condition_variable wake;
  bool done = false;
  std::thread thread;
};

} // namespace tofu_run

#endif // TOFU_RUN_PROGRESS_H
