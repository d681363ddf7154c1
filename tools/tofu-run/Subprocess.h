//===- Subprocess.h - tofu-run's child processes ----------------*- C++ -*-===//
//
// The two things tofu-run still runs as processes: the linker driver and the
// program (directly, or under mpirun). Each runs in its own process group,
// killed as a whole after a timeout, so that no rank of a failed run lingers.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_RUN_SUBPROCESS_H
#define TOFU_RUN_SUBPROCESS_H

#include "llvm/ADT/Twine.h"

#include <string>
#include <vector>

namespace tofu_run {

/// Prints "tofu-run: error: MESSAGE" and exits with status 1.
[[noreturn]] void fatal(const llvm::Twine &message);

/// Whether -v was given: commands and compile stages are printed.
extern bool verboseOutput;

struct Outcome {
  int status = 0; // exit status if exited
  int signal = 0; // terminating signal, 0 if exited
  bool timedOut = false;
  int interrupted = 0; // the signal that stopped tofu-run's wait, if any
};

/// Runs `argv` with `extraEnv` added, its output into `logFile` (unless
/// empty), killed with its process group after `seconds` or when tofu-run
/// gets SIGINT, SIGTERM or SIGHUP. Afterwards every process that inherited
/// the command's $TOFU_RUN_JOB tag (mpirun's ranks, in groups of their own)
/// is killed too.
Outcome runCommand(const std::vector<std::string> &argv,
                   const std::string &logFile, unsigned seconds,
                   const std::vector<std::string> &extraEnv = {});

/// Runs a build step (`name`, e.g. "link"); on failure prints its command
/// and the tail of its output (WORKDIR/NAME.log) and exits.
void step(const char *name, const std::vector<std::string> &argv,
          const std::string &workdir, unsigned seconds);

/// An executable: $ENV if set, else NAME in one of `dirs`, else on PATH.
std::string findTool(const char *env, const std::string &name,
                     const std::vector<std::string> &dirs);

/// The GNU-style words of `text` (quotes group, as a shell would).
std::vector<std::string> splitFlags(const std::string &text);

} // namespace tofu_run

#endif // TOFU_RUN_SUBPROCESS_H
