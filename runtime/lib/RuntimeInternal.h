//===- RuntimeInternal.h - What libtofu_runtime's files share ---*- C++ -*-===//
//
// Private to runtime/lib: TofuRuntime.cpp (the communicator, collectives and
// driver support) and LibraryCalls.cpp (the CPU products, convolutions and
// poolings) report errors the same way.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_RUNTIME_LIB_RUNTIMEINTERNAL_H
#define TOFU_RUNTIME_LIB_RUNTIMEINTERNAL_H

#include <cstdint>

namespace tofu_rt {

/// Records and prints an error of `call` (printf-style `fmt`) and returns
/// `code`; in abort mode (the default) it ends the job instead, naming the
/// rank, as every public function of tofu_runtime.h does.
int32_t fail(int32_t code, const char *call, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

} // namespace tofu_rt

#endif // TOFU_RUNTIME_LIB_RUNTIMEINTERNAL_H
