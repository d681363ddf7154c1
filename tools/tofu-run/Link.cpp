//===- Link.cpp - The link line of tofu-run's programs --------------------===//

#include "Link.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

namespace tofu_run {

std::vector<std::string> linkCommand(const std::string &cxx,
                                     const std::string &object,
                                     const std::string &program,
                                     const std::string &libDir, bool gpu) {
  // The main (libtofu_run_main*.a) comes after the object, whose entry and
  // spec it calls and reads.
  std::vector<std::string> command;
  if (gpu)
    command = {cxx, object, "-o", program, "-L" + libDir, "-ltofu_run_main_gpu",
               "-ltofu_run_support", "-ltofu_runtime_gpu", "-ltofu_runtime",
               "-lm",
               // RPATH (not RUNPATH) so that the libraries find each other
               // too: first lib/ next to the program (a carried bundle), then
               // here.
               "-Wl,--disable-new-dtags", "-Wl,-rpath,$ORIGIN/lib:" + libDir};
  else
    command = {cxx, object, "-o", program, "-L" + libDir, "-ltofu_run_main",
               "-ltofu_run_support", "-ltofu_runtime",
               "-L" TOFU_LLVM_LIBRARY_DIR,
               // Only if the model calls them (memrefCopy comes from
               // libtofu_run_support): the runner-utils libraries pull in
               // libMLIR and libLLVM, tens of MiB of every rank's peak RSS.
               "-Wl,--as-needed", "-lmlir_c_runner_utils",
               "-lmlir_runner_utils", "-lm", "-Wl,--no-as-needed",
               "-Wl,-rpath," + libDir + ":" TOFU_LLVM_LIBRARY_DIR};
#ifdef TOFU_SANITIZER_LINK_FLAGS
  // The prebuilt harness and runtimes are instrumented (a sanitized build).
  llvm::SmallVector<llvm::StringRef> flags;
  llvm::StringRef(TOFU_SANITIZER_LINK_FLAGS).split(flags, ' ');
  command.insert(command.begin() + 1, flags.begin(), flags.end());
#endif
  return command;
}

} // namespace tofu_run
