//===- Link.h - The link line of tofu-run's programs ------------*- C++ -*-===//
//
// The model's object (its entry, packed wrapper and embedded spec) linked
// with the harness's prebuilt main and the runtime libraries; the only build
// step tofu-run leaves to a process (the C++ compiler as linker driver).
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_RUN_LINK_H
#define TOFU_RUN_LINK_H

#include <string>
#include <vector>

namespace tofu_run {

/// The command that links `object` into `program`. `libDir` holds the
/// project's libraries (build/lib); GPU programs link libtofu_runtime_gpu
/// and no LLVM/MLIR library, so that they can be carried (--bundle).
std::vector<std::string> linkCommand(const std::string &cxx,
                                     const std::string &object,
                                     const std::string &program,
                                     const std::string &libDir, bool gpu);

} // namespace tofu_run

#endif // TOFU_RUN_LINK_H
