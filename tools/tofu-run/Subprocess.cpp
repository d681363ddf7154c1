//===- Subprocess.cpp - tofu-run's child processes ------------------------===//

#include "Subprocess.h"
#include "Progress.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <iterator>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace tofu_run {

bool verboseOutput = false;

void fatal(const llvm::Twine &message) {
  clearProgressLine();
  llvm::errs() << "tofu-run: error: " << message << "\n";
  llvm::errs().flush();
  std::exit(1);
}

namespace {

// Set by a SIGINT, SIGTERM or SIGHUP to tofu-run while a child runs: the
// child's group is then stopped as on a timeout.
volatile sig_atomic_t interruptSignal = 0;
void onInterrupt(int sig) { interruptSignal = sig; }
constexpr int kInterruptSignals[] = {SIGINT, SIGTERM, SIGHUP};

[[noreturn]] void execChild(const std::vector<std::string> &argv,
                            const std::string &logFile,
                            const std::vector<std::string> &extraEnv,
                            pid_t parent) {
  setpgid(0, 0);
  // The child (mpirun, which then stops its ranks) is told to stop when
  // tofu-run dies, even from SIGKILL: its own process group is out of reach
  // of the terminal's Ctrl-C and of a kill of tofu-run's group.
  prctl(PR_SET_PDEATHSIG, SIGTERM);
  if (getppid() != parent)
    _exit(1);
  for (int sig : kInterruptSignals)
    signal(sig, SIG_DFL);
  for (const std::string &e : extraEnv)
    putenv(strdup(e.c_str()));
  if (!logFile.empty()) {
    int fd = open(logFile.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
      close(fd);
    }
  }
  std::vector<char *> cargv;
  for (const std::string &a : argv)
    cargv.push_back(const_cast<char *>(a.c_str()));
  cargv.push_back(nullptr);
  execvp(cargv[0], cargv.data());
  std::fprintf(stderr, "tofu-run: cannot execute %s: %s\n", cargv[0],
               std::strerror(errno));
  _exit(127);
}

std::string tail(const std::string &path, size_t lines = 30) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf)
    return "";
  llvm::SmallVector<llvm::StringRef> all;
  (*buf)->getBuffer().split(all, '\n');
  size_t from = all.size() > lines ? all.size() - lines : 0;
  std::string out;
  for (size_t i = from; i < all.size(); ++i)
    out += "  " + all[i].str() + "\n";
  return out;
}

// The processes whose environment holds `tag` (TOFU_RUN_JOB=...), from
// /proc: every process of one run, however it was started (mpirun puts each
// rank in a process group of its own).
std::vector<pid_t> processesTagged(const std::string &tag) {
  std::vector<pid_t> out;
  std::error_code ec;
  for (llvm::sys::fs::directory_iterator it("/proc", ec), end; !ec && it != end;
       it.increment(ec)) {
    llvm::StringRef name = llvm::sys::path::filename(it->path());
    pid_t pid = 0;
    if (name.getAsInteger(10, pid) || pid == getpid())
      continue;
    // Read as a stream: /proc files report a size of 0, and getFile would
    // hand back an empty buffer for every process.
    auto env = llvm::MemoryBuffer::getFileAsStream(it->path() + "/environ");
    if (!env)
      continue;
    llvm::SmallVector<llvm::StringRef> vars;
    (*env)->getBuffer().split(vars, '\0');
    if (llvm::is_contained(vars, tag))
      out.push_back(pid);
  }
  return out;
}

// Stops the child's group: SIGTERM, up to 5 s for it to end, then SIGKILL.
void stopGroup(pid_t pid, int &status) {
  kill(-pid, SIGTERM);
  for (int i = 0; i < 50 && waitpid(pid, &status, WNOHANG) != pid; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  kill(-pid, SIGKILL);
  waitpid(pid, &status, 0);
}

} // namespace

Outcome runCommand(const std::vector<std::string> &argv,
                   const std::string &logFile, unsigned seconds,
                   const std::vector<std::string> &extraEnv) {
  if (verboseOutput) {
    llvm::errs() << "tofu-run: $";
    // The environment the command gets besides ours, as a shell would.
    for (const std::string &e : extraEnv)
      llvm::errs() << " " << e;
    for (const std::string &a : argv)
      llvm::errs() << " " << a;
    llvm::errs() << "\n";
    llvm::errs().flush();
  }
  llvm::outs().flush();
  // Every process of this command carries the tag, so that none outlives it.
  static unsigned commands = 0;
  const std::string tag = "TOFU_RUN_JOB=" + std::to_string(getpid()) + "." +
                          std::to_string(++commands);
  std::vector<std::string> env = extraEnv;
  env.push_back(tag);
  struct sigaction act, previous[std::size(kInterruptSignals)];
  std::memset(&act, 0, sizeof act);
  act.sa_handler = onInterrupt;
  sigemptyset(&act.sa_mask);
  for (size_t i = 0; i < std::size(kInterruptSignals); ++i)
    sigaction(kInterruptSignals[i], &act, &previous[i]);
  const pid_t self = getpid();
  pid_t pid = fork();
  if (pid < 0)
    fatal("fork failed");
  if (pid == 0)
    execChild(argv, logFile, env, self);
  setpgid(pid, pid);
  Outcome out;
  auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  int status = 0;
  while (true) {
    pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid)
      break;
    if (interruptSignal || std::chrono::steady_clock::now() > deadline) {
      out.interrupted = interruptSignal;
      out.timedOut = !interruptSignal;
      stopGroup(pid, status);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  // Leftovers of the group, and of the job wherever mpirun put them (each
  // rank has a process group of its own), must not linger.
  kill(-pid, SIGKILL);
  for (pid_t left : processesTagged(tag)) {
    if (verboseOutput)
      llvm::errs() << "tofu-run: killing leftover process " << left << "\n";
    kill(left, SIGKILL);
  }
  for (size_t i = 0; i < std::size(kInterruptSignals); ++i)
    sigaction(kInterruptSignals[i], &previous[i], nullptr);
  if (WIFEXITED(status))
    out.status = WEXITSTATUS(status);
  else if (WIFSIGNALED(status))
    out.signal = WTERMSIG(status);
  return out;
}

void step(const char *name, const std::vector<std::string> &argv,
          const std::string &workdir, unsigned seconds) {
  std::string log = workdir + "/" + name + ".log";
  Outcome o = runCommand(argv, log, seconds);
  if (o.interrupted)
    fatal(llvm::Twine(name) + " was interrupted (signal " +
          llvm::Twine(o.interrupted) + ")");
  if (o.timedOut)
    fatal(llvm::Twine(name) + " timed out after " + llvm::Twine(seconds) +
          " s (see --compile-timeout)");
  if (o.status || o.signal) {
    std::string cmd;
    for (const std::string &a : argv)
      cmd += a + " ";
    fatal(llvm::Twine(name) + " failed (" +
          (o.signal ? "signal " + std::to_string(o.signal)
                    : "exit status " + std::to_string(o.status)) +
          ")\n  command: " + cmd + "\n" + tail(log));
  }
}

std::string findTool(const char *env, const std::string &name,
                     const std::vector<std::string> &dirs) {
  if (const char *value = std::getenv(env); value && *value)
    return value;
  for (const std::string &dir : dirs) {
    llvm::SmallString<256> p(dir);
    llvm::sys::path::append(p, name);
    if (llvm::sys::fs::can_execute(p))
      return p.str().str();
  }
  if (auto found = llvm::sys::findProgramByName(name))
    return *found;
  fatal("cannot find '" + name + "' (set $" + env + ")");
}

std::vector<std::string> splitFlags(const std::string &text) {
  std::vector<std::string> out;
  llvm::SmallVector<const char *> argv;
  llvm::BumpPtrAllocator alloc;
  llvm::StringSaver saver(alloc);
  llvm::cl::TokenizeGNUCommandLine(text, saver, argv);
  for (const char *a : argv)
    out.push_back(a);
  return out;
}

} // namespace tofu_run
