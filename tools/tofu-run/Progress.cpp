//===- Progress.cpp - What tofu-run is doing, shown on a terminal ---------===//

#include "Progress.h"

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dirent.h>
#include <unistd.h>
#include <vector>

namespace tofu_run {

namespace {

// Whether a compile line is on the screen now (for clearProgressLine).
std::atomic<bool> lineShown{false};

void writeAll(const std::string &text) {
  const char *p = text.data();
  size_t left = text.size();
  while (left > 0) {
    ssize_t n = ::write(STDERR_FILENO, p, left);
    if (n <= 0)
      return;
    p += n;
    left -= static_cast<size_t>(n);
  }
}

double secondsSince(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start)
      .count();
}

} // namespace

bool progressEnabled() {
  const char *setting = std::getenv("TOFU_RUN_PROGRESS");
  if (setting && !std::strcmp(setting, "0"))
    return false;
  return ::isatty(STDERR_FILENO);
}

void clearProgressLine() {
  if (lineShown.exchange(false))
    writeAll("\r\x1b[K");
}

CompileProgress::CompileProgress()
    : enabled(progressEnabled()), start(std::chrono::steady_clock::now()) {
  if (!enabled)
    return;
  thread = std::thread([this] {
    std::unique_lock<std::mutex> lock(mutex);
    while (!done) {
      redraw();
      wake.wait_for(lock, std::chrono::milliseconds(250));
    }
  });
}

CompileProgress::~CompileProgress() { finish(); }

void CompileProgress::stage(const std::string &name) {
  if (!enabled)
    return;
  std::lock_guard<std::mutex> lock(mutex);
  current = name;
  redraw();
}

// Called with `mutex` held. The cursor is left at the start of the line, so
// that a diagnostic printed meanwhile overwrites the line instead of
// following it.
void CompileProgress::redraw() {
  if (current.empty() || done)
    return;
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.1f", secondsSince(start));
  writeAll("\rtofu-run: " + current + " (" + seconds + " s)\x1b[K\r");
  lineShown = true;
}

void CompileProgress::finish() {
  if (!enabled)
    return;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (done)
      return;
    done = true;
  }
  wake.notify_all();
  thread.join();
  clearProgressLine();
}

RunProgress::RunProgress(std::string statusDir, int64_t ranks)
    : enabled(progressEnabled() && ranks > 1), statusDir(std::move(statusDir)),
      ranks(ranks), start(std::chrono::steady_clock::now()) {
  if (enabled)
    thread = std::thread([this] { watch(); });
}

RunProgress::~RunProgress() {
  if (!enabled)
    return;
  {
    std::lock_guard<std::mutex> lock(mutex);
    done = true;
  }
  wake.notify_all();
  thread.join();
}

// The number of ranks with a done<R> mark; `running` lists the others (the
// first eight).
int64_t RunProgress::countFinished(std::string &running) const {
  std::vector<bool> finished(ranks, false);
  if (DIR *dir = ::opendir(statusDir.c_str())) {
    while (struct dirent *entry = ::readdir(dir)) {
      char *end = nullptr;
      if (std::strncmp(entry->d_name, "done", 4))
        continue;
      long rank = std::strtol(entry->d_name + 4, &end, 10);
      if (end != entry->d_name + 4 && !*end && rank >= 0 && rank < ranks)
        finished[rank] = true;
    }
    ::closedir(dir);
  }
  int64_t count = 0, listed = 0;
  running.clear();
  for (int64_t r = 0; r < ranks; ++r) {
    if (finished[r]) {
      ++count;
      continue;
    }
    if (listed < 8)
      running += (running.empty() ? "" : ", ") + std::to_string(r);
    else if (listed == 8)
      running += ", ...";
    ++listed;
  }
  return count;
}

// A line whenever the number of finished ranks changes (a rank that others
// wait for shows as the one still running), and a heartbeat at 5, 10, 20 s
// ... while nothing changes.
void RunProgress::watch() {
  std::unique_lock<std::mutex> lock(mutex);
  int64_t shown = 0;
  double heartbeat = 5;
  while (!done) {
    wake.wait_for(lock, std::chrono::milliseconds(200));
    if (done)
      break;
    std::string running;
    int64_t finished = countFinished(running);
    double seconds = secondsSince(start);
    if (finished == shown && seconds < heartbeat)
      continue;
    if (finished == ranks)
      break;
    char line[160];
    std::snprintf(line, sizeof line,
                  "tofu-run: %lld/%lld ranks finished after %.1f s; still "
                  "running: ",
                  static_cast<long long>(finished),
                  static_cast<long long>(ranks), seconds);
    writeAll(line + running + "\n");
    shown = finished;
    while (heartbeat <= seconds)
      heartbeat *= 2;
  }
}

} // namespace tofu_run
