//===- GPUCall.h - The GPU entry call ---------------------------*- C++ -*-===//
//
// tofu_run_gpu_call calls a GPU program's entry through its packed wrapper
// with its arguments in managed memory (GPUCall.cpp). A C symbol, so that
// tofu-jit can look it up after loading libtofu_jit_gpu.so.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_RUN_GPUCALL_H
#define TOFU_RUN_GPUCALL_H

#include "GenericCall.h"

#include <vector>

extern "C" void tofu_run_gpu_call(const tofu_run::EntrySpec *spec,
                                  std::vector<tofu_run::Array> *args,
                                  tofu_run::PackedFunction entry,
                                  std::vector<tofu_run::Array> *results);

/// The type of tofu_run_gpu_call, for a lookup by name.
using TofuRunGpuCall = decltype(&tofu_run_gpu_call);

#endif // TOFU_RUN_GPUCALL_H
