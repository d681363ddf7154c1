//===- Subprocess.cpp - tofu-run's child processes ------------------------===//

#include "Subprocess.h"

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
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace tofu_run {

bool verboseOutput = false;

void fatal(const llvm::Twine &message) {
  llvm::errs() << "tofu-run: error: " << message << "\n";
  llvm::errs().flush();
  std::exit(1);
}

namespace {

[[noreturn]] void execChild(const std::vector<std::string> &argv,
                            const std::string &logFile,
                            const std::vector<std::string> &extraEnv) {
  setpgid(0, 0);
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

} // namespace

Outcome runCommand(const std::vector<std::string> &argv,
                   const std::string &logFile, unsigned seconds,
                   const std::vector<std::string> &extraEnv) {
  if (verboseOutput) {
    llvm::errs() << "tofu-run: $";
    for (const std::string &a : argv)
      llvm::errs() << " " << a;
    llvm::errs() << "\n";
    llvm::errs().flush();
  }
  llvm::outs().flush();
  pid_t pid = fork();
  if (pid < 0)
    fatal("fork failed");
  if (pid == 0)
    execChild(argv, logFile, extraEnv);
  setpgid(pid, pid);
  Outcome out;
  auto deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(seconds);
  int status = 0;
  while (true) {
    pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid)
      break;
    if (std::chrono::steady_clock::now() > deadline) {
      out.timedOut = true;
      kill(-pid, SIGTERM);
      for (int i = 0; i < 50 && waitpid(pid, &status, WNOHANG) != pid; ++i)
        std::this_thread::sleep_for(std::chrono::milliseconds(100));
      kill(-pid, SIGKILL);
      waitpid(pid, &status, 0);
      break;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  // Leftovers of the group (e.g. ranks of a failed mpirun) must not linger.
  kill(-pid, SIGKILL);
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
