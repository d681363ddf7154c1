//===- RankSupervisor.cpp - tofu-rank: one rank's watcher -----------------===//
//
//   tofu-rank --status DIR -- PROGRAM ARGS...
//
// tofu-run starts every rank through this small program (`mpirun -np N
// tofu-rank --status DIR -- program ...`, or directly for one rank). It runs
// PROGRAM as its child and, when the child ends other than by a clean exit,
// records why in DIR/rank<R> (R from the launcher's environment), so that
// tofu-run can name the rank and the cause in its one error line instead of
// relaying mpirun's exit status. mpirun only sees that some process failed;
// a rank killed from outside (SIGKILL cannot be caught) or one that calls
// exit() in the middle of the run leaves no message of its own.
//
// The child also gets a pipe, $TOFU_RUN_CAUSE_FD: the runtime and the
// harness write a short cause there before they end the process themselves
// (an early exit(), an allocation failure, a runtime error), which a wait
// status alone cannot tell apart.
//
// The supervisor exits with the child's status (128 + signal for a signal),
// so mpirun's view of the job is unchanged: a non-zero status makes it end
// the other ranks. When the supervisor itself is told to stop (mpirun ending
// the job, tofu-run's --timeout), it passes the signal on and records
// nothing unless the child had reported a cause (MPI_Abort, after which
// mpirun stops the aborting rank too), died of another signal or exited by
// itself: a rank stopped because another failed is not the cause. Its child
// dies with it (PDEATHSIG), and it ends its child if mpirun disappears, so no
// rank outlives the job.
//
// The child's $TOFU_RUN_WAIT_FILE is DIR/wait<R>: the runtime keeps there
// the MPI call it is blocked in (and on which ranks), so that a run ended by
// --timeout can say which ranks were waiting on which (a lost peer, a
// deadlock).
//
// Plain POSIX, no LLVM: it starts once per rank. See docs/reliability.md.
//
//===----------------------------------------------------------------------===//

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <string>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

volatile sig_atomic_t stopSignal = 0;
volatile pid_t childPid = -1;

// A stop request (from mpirun or tofu-run) goes on to the child.
void onStop(int sig) {
  stopSignal = sig;
  if (childPid > 0)
    kill(childPid, sig);
}

const int kStopSignals[] = {SIGTERM, SIGINT, SIGHUP, SIGQUIT};

// The rank as the launcher numbers it (OpenMPI, PMIx, MPICH); 0 alone.
std::string rankFromEnvironment() {
  for (const char *name : {"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK"})
    if (const char *v = std::getenv(name); v && *v)
      return v;
  return "0";
}

bool isCrashSignal(int sig) {
  for (int s : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS})
    if (s == sig)
      return true;
  return false;
}

// Why the child ended, as "<rank R> ..." continues: "crashed: signal 11
// (Segmentation fault)", "exited with status 3", or the cause it reported.
std::string describe(int status, const std::string &cause) {
  if (WIFEXITED(status)) {
    std::string code = std::to_string(WEXITSTATUS(status));
    return cause.empty() ? "exited with status " + code
                         : cause + " (exit status " + code + ")";
  }
  int sig = WTERMSIG(status);
  std::string what =
      "signal " + std::to_string(sig) + " (" + strsignal(sig) + ")";
  std::string text =
      isCrashSignal(sig) ? "crashed: " + what : "was killed: " + what;
  if (sig == SIGKILL)
    text += " from outside the program (another process, or the kernel's "
            "out-of-memory killer)";
  if (!cause.empty())
    text += "; it reported: " + cause;
  return text;
}

// DIR/rank<R>: "<ns since the epoch> <text>", through a temporary and a
// rename so that tofu-run never reads half a line; on stderr without a
// DIR (tofu-rank run by hand) or when the file cannot be written.
void writeStatus(const std::string &dir, const std::string &rank,
                 const std::string &text) {
  if (dir.empty()) {
    std::fprintf(stderr, "tofu-run: rank %s %s\n", rank.c_str(), text.c_str());
    return;
  }
  struct timespec now;
  clock_gettime(CLOCK_REALTIME, &now);
  long long ns = static_cast<long long>(now.tv_sec) * 1000000000LL +
                 static_cast<long long>(now.tv_nsec);
  std::string path = dir + "/rank" + rank;
  std::string tmp = dir + "/.rank" + rank + ".tmp";
  FILE *f = std::fopen(tmp.c_str(), "w");
  if (!f) {
    std::fprintf(stderr, "tofu-run: rank %s %s\n", rank.c_str(), text.c_str());
    return;
  }
  std::fprintf(f, "%lld %s\n", ns, text.c_str());
  if (std::fclose(f) != 0 || std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    std::fprintf(stderr, "tofu-run: rank %s %s\n", rank.c_str(), text.c_str());
  }
}

// DIR/done<R>, empty: the rank has ended (however), for tofu-run's progress
// lines on a terminal (tools/tofu-run/Progress.h).
void markDone(const std::string &dir, const std::string &rank) {
  std::string path = dir + "/done" + rank;
  if (FILE *f = std::fopen(path.c_str(), "w"))
    std::fclose(f);
}

std::string readAll(int fd) {
  std::string out;
  char buf[512];
  ssize_t n;
  while ((n = read(fd, buf, sizeof buf)) > 0)
    out.append(buf, n);
  while (!out.empty() && (out.back() == '\n' || out.back() == ' '))
    out.pop_back();
  return out;
}

[[noreturn]] void runChild(char **argv, int causeRead, int causeWrite,
                           pid_t parent, const std::string &waitFile) {
  // Dies with the supervisor, even from SIGKILL.
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (getppid() != parent)
    _exit(1);
  close(causeRead);
  for (int sig : kStopSignals)
    signal(sig, SIG_DFL);
  std::string fd = std::to_string(causeWrite);
  setenv("TOFU_RUN_CAUSE_FD", fd.c_str(), 1);
  if (!waitFile.empty())
    setenv("TOFU_RUN_WAIT_FILE", waitFile.c_str(), 1);
  execvp(argv[0], argv);
  std::string why = std::string("could not start: cannot execute ") + argv[0] +
                    ": " + std::strerror(errno);
  (void)!write(causeWrite, why.data(), why.size());
  _exit(127);
}

// Waits for the child; ends it if the launcher (our parent) goes away.
int waitForChild(pid_t child, pid_t parent) {
  int status = 0;
  while (true) {
    pid_t done = waitpid(child, &status, WNOHANG);
    if (done == child)
      return status;
    if (done < 0 && errno != EINTR)
      return 0;
    if (getppid() != parent) {
      kill(child, SIGKILL);
      waitpid(child, &status, 0);
      _exit(137);
    }
    struct timespec pause = {0, 20 * 1000 * 1000};
    nanosleep(&pause, nullptr);
  }
}

} // namespace

int main(int argc, char **argv) {
  std::string statusDir;
  int first = 1;
  if (argc > 2 && !std::strcmp(argv[1], "--status")) {
    statusDir = argv[2];
    first = 3;
  }
  if (first < argc && !std::strcmp(argv[first], "--"))
    ++first;
  if (first >= argc) {
    std::fprintf(stderr,
                 "usage: tofu-rank [--status DIR] -- PROGRAM ARGS...\n");
    return 2;
  }
  const std::string rank = rankFromEnvironment();
  // The supervisor's own start failures are the rank's cause too.
  auto startFailed = [&](const char *call) {
    std::string text = std::string("could not start: tofu-rank's ") + call +
                       " failed: " + std::strerror(errno);
    writeStatus(statusDir, rank, text);
    if (!statusDir.empty())
      markDone(statusDir, rank);
    return 1;
  };
  int cause[2];
  if (pipe(cause) != 0)
    return startFailed("pipe()");
  // Non-blocking: what the child wrote is in the pipe once it is gone, and a
  // process it left behind holding the write end must not stall the read.
  fcntl(cause[0], F_SETFD, FD_CLOEXEC);
  fcntl(cause[0], F_SETFL, O_NONBLOCK);
  struct sigaction act;
  std::memset(&act, 0, sizeof act);
  act.sa_handler = onStop;
  sigemptyset(&act.sa_mask);
  for (int sig : kStopSignals)
    sigaction(sig, &act, nullptr);
  const pid_t self = getpid(), parent = getppid();
  pid_t child = fork();
  if (child < 0)
    return startFailed("fork()");
  if (child == 0)
    runChild(argv + first, cause[0], cause[1], self,
             statusDir.empty() ? "" : statusDir + "/wait" + rank);
  childPid = child;
  // A stop that arrived before childPid was set has not been passed on.
  if (stopSignal)
    kill(child, stopSignal);
  close(cause[1]);
  int status = waitForChild(child, parent);
  std::string reported = readAll(cause[0]);
  const bool clean = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  // A rank told to stop is not the cause, unless it had already reported
  // one (MPI_Abort: mpirun then stops the aborting rank too) or it ended
  // other than by the stop: another signal, or an exit of its own (a
  // program the stop kills dies of the signal). An MPI library that fails
  // during MPI_Init tells mpirun, which may stop the job before the
  // failing process has exited: without this its rank left no record.
  const bool ownExit = WIFEXITED(status) && !clean;
  const bool stoppedOnly =
      stopSignal && reported.empty() && !ownExit &&
      !(WIFSIGNALED(status) && WTERMSIG(status) != stopSignal);
  if (!clean && !stoppedOnly) {
    std::string text = describe(status, reported);
    if (stopSignal && ownExit && reported.empty())
      text += ", while the job was being stopped (signal " +
              std::to_string(stopSignal) + ")";
    writeStatus(statusDir, rank, text);
  }
  if (!statusDir.empty())
    markDone(statusDir, rank);
  if (WIFSIGNALED(status))
    return 128 + WTERMSIG(status);
  return WEXITSTATUS(status);
}
