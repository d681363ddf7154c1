//===- GPUBackend.h - tofu-run --backend gpu ---------------------*- C++
//-*-===//
//
// The pieces of tofu-run that differ for the GPU backend (docs/gpu.md): the
// lowering pipeline (python/tofu/gpu_lowering_passes.txt), the adapter
// (inputs in managed memory, optional timing runs), the link line
// (libtofu_runtime_gpu, no LLVM/MLIR libraries) and the carried bundle.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_RUN_GPUBACKEND_H
#define TOFU_RUN_GPUBACKEND_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace tofu_run {

/// Whether tofu-run was built with libtofu_runtime_gpu.
bool gpuBackendAvailable();
/// The flags of a pipeline file (python/tofu/*_passes.txt): one per line,
/// blank lines and `#` comments skipped.
std::vector<std::string> pipelineFileFlags(llvm::StringRef text);
/// The flags of python/tofu/gpu_lowering_passes.txt (one fatbin with sm_80
/// and sm_90 images); `memory` ("managed" or "device") is given to
/// --tofu-gpu-library-calls.
std::vector<std::string> gpuLoweringFlags(const std::string &memory);
/// Prepends CUDA's bin directory (ptxas) to PATH for the compile steps.
void gpuSetUpEnvironment();
/// The CPU adapter's source turned into the GPU one.
std::string gpuAdapter(const std::string &cpuAdapter);
/// The link command of the GPU program.
std::vector<std::string> gpuLinkCommand(const std::string &cxx,
                                        const std::string &adapter,
                                        const std::string &object,
                                        const std::string &program,
                                        const std::string &libDir);
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
