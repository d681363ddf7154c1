//===- SpecText.h - The EntrySpec embedded in a program ---------*- C++ -*-===//
//
// tofu-run compiles the entry's EntrySpec into the program's object as the
// NUL-terminated string `tofu_run_entry_spec`; the prebuilt main of the
// harness (EntryMain.cpp) reads it back. The per-rank half depends on no
// JSON library (nor LLVM), hence this small text form of its own:
//
//   tofu-run-spec 1
//   entry 10:train_step
//   partitioned 1
//   levels 1 2
//   args 1
//   value 1:x f32 1 2 4 -1 1 0 0
//   results 0
//
// A string is LENGTH:BYTES (any bytes); a value is its name, dtype, tensor
// (1) or scalar (0), then shape, layout and global shape, each as a count
// followed by that many integers.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_RUN_SPECTEXT_H
#define TOFU_RUN_SPECTEXT_H

#include "RunSupport.h"

#include <string>

namespace tofu_run {

/// The spec in the form above.
std::string specToText(const EntrySpec &spec);

/// Parses a spec written by specToText; on failure returns false and sets
/// `error` (what was expected, at which byte).
bool specFromText(const std::string &text, EntrySpec &spec, std::string &error);

} // namespace tofu_run

#endif // TOFU_RUN_SPECTEXT_H
