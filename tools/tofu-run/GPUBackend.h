//===- GPUBackend.h - tofu-run --backend gpu --------------------*- C++ -*-===//
//
// The pieces of tofu-run that differ for the GPU backend (docs/gpu.md): the
// CUDA tools the lowering runs and the carried bundle. The pipeline is
// --tofu-lower-to-llvm-gpu (include/Tofu/Pipelines), the link line is in
// Link.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_RUN_GPUBACKEND_H
#define TOFU_RUN_GPUBACKEND_H

#include <string>
#include <vector>

namespace tofu_run {

/// Whether tofu-run was built with libtofu_runtime_gpu.
bool gpuBackendAvailable();
/// Prepends CUDA's bin directory (ptxas) to PATH for the compile steps.
void gpuSetUpEnvironment();
/// Writes a self-contained folder: program, lib/ (the project's runtime
/// libraries), inputs/ (a copy of `inputsDir` if given) and run.sh, which
/// runs it with mpirun on `ranks` ranks (directly for one). Returns "" or an
/// error message.
std::string writeGpuBundle(const std::string &dir, const std::string &program,
                           const std::string &libDir,
                           const std::string &inputsDir, long ranks,
                           unsigned long seed);

} // namespace tofu_run

#endif // TOFU_RUN_GPUBACKEND_H
