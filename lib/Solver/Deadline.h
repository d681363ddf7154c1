//===- Deadline.h - The time a solver phase must end by ---------*- C++ -*-===//
//
// Every phase of the solver that can take long on a large problem (the
// elimination order, the MILP's rows and LP, the searches) stops at the
// caller's deadline, or when another worker has finished.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_LIB_SOLVER_DEADLINE_H
#define TOFU_LIB_SOLVER_DEADLINE_H

#include <atomic>
#include <chrono>

namespace tofu::solver {

struct Deadline {
  using Clock = std::chrono::steady_clock;
  Clock::time_point end = Clock::time_point::max();
  /// Set by another worker when the answer is final; may be null.
  const std::atomic<bool> *stop = nullptr;

  bool expired() const {
    return (stop && stop->load(std::memory_order_relaxed)) ||
           Clock::now() >= end;
  }
  double secondsLeft() const {
    return std::chrono::duration<double>(end - Clock::now()).count();
  }
};

} // namespace tofu::solver

#endif // TOFU_LIB_SOLVER_DEADLINE_H
