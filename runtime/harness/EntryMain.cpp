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

#include <cstdio>

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
  return call.results();
#endif
}

} // namespace

int main(int argc, char **argv) {
  std::string error;
  if (!tofu_run::specFromText(tofu_run_entry_spec, entrySpec, error)) {
    std::fprintf(stderr, "tofu-run: error: the program's entry spec: %s\n",
                 error.c_str());
    return 1;
  }
  return tofu_run::runMain(argc, argv, entrySpec, callEntry);
}
