//===- FuzzOracle.h - How the fuzz targets report a bug ---------*- C++ -*-===//
//
// Every target's oracle fails the same way: it says what broke and aborts,
// so that libFuzzer saves the input as crash-<sha1> and the campaign script
// reports it like a sanitizer error. Included once per target, it also sets
// the target's AddressSanitizer defaults.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_FUZZ_FUZZORACLE_H
#define TOFU_FUZZ_FUZZORACLE_H

#include <cstdio>
#include <cstdlib>
#include <string>

namespace tofu_fuzz {

[[noreturn]] inline void fail(const std::string &what) {
  std::fprintf(stderr, "tofu-fuzz oracle: %s\n", what.c_str());
  std::fflush(stderr);
  std::abort();
}

} // namespace tofu_fuzz

/// LLVM's BumpPtrAllocator poisons and unpoisons its slabs by hand when its
/// header is compiled with ASan, as our code is, but not inside the
/// uninstrumented libMLIR/libLLVM: memory a slab started in our code hands
/// out from the library stays poisoned, and reading it is a false
/// "use-after-poison". Manual poisoning off; every real check stays on.
extern "C" const char *__asan_default_options() {
  return "allow_user_poisoning=0";
}

#endif // TOFU_FUZZ_FUZZORACLE_H
