//===- SpecJSON.h - The EntrySpec as JSON (tofu-run --jit -> tofu-jit) ----===//
//
// tofu-run --jit writes the entry's EntrySpec next to the lowered module;
// tofu-jit reads it back. Format (one object):
//
//   {"version": 1, "entry": "train_step", "partitioned": false,
//    "level_sizes": [2],
//    "args":    [{"name": "x", "dtype": "f32", "tensor": true,
//                 "shape": [4, -1], "layout": [0], "global_shape": []}, ...],
//    "results": [ ...same... ]}
//
// "shape" uses -1 for a dynamic dimension; "layout" is tofu.layout (empty:
// replicated); "global_shape" is tofu.global_shape (empty: inferred).
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_RUN_SPECJSON_H
#define TOFU_RUN_SPECJSON_H

#include "RunSupport.h"

#include <string>

namespace tofu_run {

/// The spec as JSON text.
std::string specToJSON(const EntrySpec &spec);

/// Parses and checks a spec; on failure returns false and sets `error` to a
/// message naming the offending field (e.g. "args[1].dtype: ...").
bool specFromJSON(const std::string &text, EntrySpec &spec, std::string &error);

} // namespace tofu_run

#endif // TOFU_RUN_SPECJSON_H
