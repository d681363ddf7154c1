//===- EntryMain.cpp - The main of every program tofu-run builds ----------===//
//
// tofu-run compiles a model into one object that defines the entry's packed
// C-interface wrapper (`_mlir__mlir_ciface_tofu_run_entry(void **)`, as
// mlir::ExecutionEngine makes for tofu-jit) and its EntrySpec as the string
// `tofu_run_entry_spec` (SpecText.h); it links that object with this
// prebuilt main (libtofu_run_main.a, or libtofu_run_main_gpu.a when built
// with TOFU_RUN_MAIN_GPU) instead of generating C++ per model. The call goes
// through GenericCall.h on the CPU and through tofu_run_gpu_call (managed
// memory, timing runs) on the GPU, as in tofu-jit; runMain does the rest.
//
//===----------------------------------------------------------------------===//

#include "GenericCall.h"
#include "RunSupport.h"
#include "SpecText.h"

#ifdef TOFU_RUN_MAIN_GPU
#include "GPUCall.h"
#endif

#include "tofu_rank_sanitizer_options.h"
#include "tofu_runtime.h"

#include <cstdio>
#include <cstdlib>
#include <exception>
#include <new>
#include <string>
#include <unistd.h>

extern "C" {
// Both defined by the model's object.
void _mlir__mlir_ciface_tofu_run_entry(void **operands);
extern const char tofu_run_entry_spec[];
}

namespace {

tofu_run::EntrySpec entrySpec;

std::vector<tofu_run::Array> callEntry(std::vector<tofu_run::Array> &args) {
#ifdef TOFU_RUN_MAIN_GPU
  std::vector<tofu_run::Array> results;
  tofu_run_gpu_call(&entrySpec, &args, _mlir__mlir_ciface_tofu_run_entry,
                    &results);
  return results;
#else
  tofu_run::PackedCall call(entrySpec, args, [](tofu_run::Array &a) -> void * {
    return a.bytes.data();
  });
  call.invoke(_mlir__mlir_ciface_tofu_run_entry);
  return call.takeResults();
#endif
}

// Ends this rank after an exception nothing handled, saying why on stderr
// and to tofu-run's rank supervisor ($TOFU_RUN_CAUSE_FD, RankSupervisor.cpp).
// _exit, not exit: the other ranks are left in a collective (the non-zero
// status makes mpirun end them), and the runtime's exit hook would report
// an early exit instead.
[[noreturn]] void endRank(const std::string &cause) {
  long long rank = tofu_rt_rank();
  if (rank < 0)
    if (const char *env = std::getenv("OMPI_COMM_WORLD_RANK"))
      rank = std::atoll(env);
  std::fprintf(stderr, "tofu-run: rank %lld: %s\n", rank < 0 ? 0 : rank,
               cause.c_str());
  std::fflush(stderr);
  std::fflush(stdout);
  if (const char *fd = std::getenv("TOFU_RUN_CAUSE_FD"); fd && *fd)
    (void)!write(std::atoi(fd), cause.data(), cause.size());
  _exit(1);
}

} // namespace

int main(int argc, char **argv) {
  std::string error;
  if (!tofu_run::specFromText(tofu_run_entry_spec, entrySpec, error)) {
    std::fprintf(stderr, "tofu-run: error: the program's entry spec: %s\n",
                 error.c_str());
    return 1;
  }
  // The harness allocates the inputs' blocks and the gathered results with
  // std::vector: under a memory limit (ulimit -v) that is where a rank
  // runs out. The compiled model's own buffers come from malloc unchecked,
  // so a failed allocation there ends as a crash (SIGSEGV) instead.
  try {
    return tofu_run::runMain(argc, argv, entrySpec, callEntry);
  } catch (const std::bad_alloc &) {
    endRank("ran out of memory: an allocation of the harness failed "
            "(std::bad_alloc)");
  } catch (const std::exception &e) {
    endRank(std::string("failed: uncaught exception: ") + e.what());
  }
}
