//===- Checkpoint.h - Sharded checkpoints of a training run -----*- C++ -*-===//
//
// `tofu-run --steps N --checkpoint DIR --checkpoint-every K` writes the
// parameters and optimizer state (the arguments the step's results replace)
// every K steps: each rank its own blocks as .npy files, rank 0 a manifest
// (manifest.json: step, grid, per tensor its whole shape, dtype, layout and
// per shard file its box and CRC-32). `--resume` reads them back into any
// plan: each rank reads only the parts of the shard files that overlap its
// own block. The format is in docs/runtime.md, "Checkpoints";
// python/tofu/checkpoint.py loads it with numpy alone.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_RUN_CHECKPOINT_H
#define TOFU_RUN_CHECKPOINT_H

#include "RunDriver.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tofu_run {
namespace detail {

/// CRC-32 (the zlib/PNG polynomial, as Python's zlib.crc32) of `size` bytes
/// continuing from `crc`.
uint32_t crc32(uint32_t crc, const void *data, size_t size);

/// Writes the checkpoint of step `step` (steps done) of the state arguments
/// `stateArgs` (their current values in `args`) into opts.train.checkpoint
/// atomically (a temporary directory renamed once complete), keeping the
/// last two. Collective; false on every rank if one failed (`error` says
/// why on the rank that did).
bool writeCheckpoint(const Options &opts, const EntrySpec &spec, int64_t step,
                     const std::vector<int64_t> &coords,
                     const std::vector<size_t> &stateArgs,
                     const std::vector<Array> &args, std::string &error);

/// Restores the state arguments from the last complete checkpoint in
/// opts.train.checkpoint into `args` (this rank's blocks in this plan's
/// layouts) and sets `step` to its step. Collective; false on every rank if
/// one failed.
bool restoreCheckpoint(const Options &opts, const EntrySpec &spec,
                       const std::vector<int64_t> &coords,
                       const std::vector<size_t> &stateArgs,
                       std::vector<Array> &args, int64_t &step,
                       std::string &error);

} // namespace detail
} // namespace tofu_run

#endif // TOFU_RUN_CHECKPOINT_H
