//===- GPUBackend.cpp - tofu-run --backend gpu ----------------------------===//

#include "GPUBackend.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

namespace tofu_run {

bool gpuBackendAvailable() {
#ifdef TOFU_RUN_HAVE_GPU
  return true;
#else
  return false;
#endif
}

void gpuSetUpEnvironment() {
#ifdef TOFU_CUDA_BIN_DIR
  const char *path = std::getenv("PATH");
  std::string value = std::string(TOFU_CUDA_BIN_DIR) + ":" + (path ? path : "");
  setenv("PATH", value.c_str(), 1);
  // MLIR's NVVM target links libdevice (math in kernels) from $CUDA_HOME.
  if (!std::getenv("CUDA_HOME") && !std::getenv("CUDA_ROOT") &&
      !std::getenv("CUDA_PATH")) {
    std::string root = llvm::sys::path::parent_path(TOFU_CUDA_BIN_DIR).str();
    setenv("CUDA_HOME", root.c_str(), 1);
  }
#endif
}

static std::string copy(const std::string &from, const std::string &to) {
  if (auto ec = llvm::sys::fs::copy_file(from, to))
    return "cannot copy " + from + " to " + to + ": " + ec.message();
  return "";
}

std::string writeGpuBundle(const std::string &dir, const std::string &program,
                           const std::string &libDir,
                           const std::string &inputsDir, long ranks,
                           unsigned long seed) {
  namespace fs = llvm::sys::fs;
  std::string lib = dir + "/lib";
  if (auto ec = fs::create_directories(lib))
    return "cannot create " + lib + ": " + ec.message();
  if (std::string e = copy(program, dir + "/program"); !e.empty())
    return e;
  fs::setPermissions(dir + "/program",
                     fs::all_read | fs::all_exe | fs::owner_write);
  for (const char *name : {"libtofu_runtime.so", "libtofu_runtime_gpu.so",
                           "libtofu_run_support.so"})
    if (std::string e = copy(libDir + "/" + name, lib + "/" + name); !e.empty())
      return e;
  std::string inputs;
  if (!inputsDir.empty()) {
    std::string to = dir + "/inputs";
    if (auto ec = fs::create_directories(to))
      return "cannot create " + to + ": " + ec.message();
    std::error_code ec;
    for (fs::directory_iterator it(inputsDir, ec), end; it != end && !ec;
         it.increment(ec))
      if (llvm::StringRef(it->path()).ends_with(".npy"))
        if (std::string e =
                copy(it->path(),
                     to + "/" + llvm::sys::path::filename(it->path()).str());
            !e.empty())
          return e;
    if (ec)
      return "cannot read " + inputsDir + ": " + ec.message();
    inputs = "--inputs \"$here/inputs\"";
  } else {
    inputs = "--seed " + std::to_string(seed);
  }
  std::string script = dir + "/run.sh";
  std::error_code ec;
  llvm::raw_fd_ostream os(script, ec);
  if (ec)
    return "cannot write " + script + ": " + ec.message();
  os << "#!/bin/sh\n"
        "# Written by tofu-run --backend gpu --bundle: runs the program on "
     << ranks
     << " rank(s).\n"
        "# Extra arguments go to the program (e.g. --outputs DIR); set "
        "MPIRUN,\n# MPIRUN_ARGS, TOFU_RT_GPU_TRANSPORT=nccl|staged, "
        "TOFU_RUN_GPU_REPEAT=N.\n"
        "here=$(cd \"$(dirname \"$0\")\" && pwd)\n"
        "export "
        "LD_LIBRARY_PATH=\"$here/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
        "\"\n";
  if (ranks <= 1) {
    os << "TOFU_RT_BACKEND=single exec \"$here/program\" " << inputs
       << " \"$@\"\n";
  } else {
    os << "root=\"\"; [ \"$(id -u)\" = 0 ] && root=--allow-run-as-root\n"
          "TOFU_RT_BACKEND=mpi exec \"${MPIRUN:-mpirun}\" -np "
       << ranks << " --oversubscribe $root $MPIRUN_ARGS \"$here/program\" "
       << inputs << " \"$@\"\n";
  }
  os.close();
  fs::setPermissions(script, fs::all_read | fs::all_exe | fs::owner_write);
  return "";
}

} // namespace tofu_run
