//===- Numbers.h - Checked numbers from options and files -------*- C++ -*-===//
//
// Every number a user gives (a pass option, a tool flag, a field of a
// machine or problem file) goes through these checks, so that a value that
// is not finite, out of range or too large for the arithmetic behind it is
// refused where it is read, in the user's terms, instead of reaching a
// search as NaN or wrapping around in a product.
//
//===----------------------------------------------------------------------===//
#ifndef TOFU_SUPPORT_NUMBERS_H
#define TOFU_SUPPORT_NUMBERS_H

#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir::tofu {

/// The largest byte count a memory option or field takes: 2^60 bytes (one
/// exbibyte), far over any device's memory, and small enough that sums and
/// products of peaks over thousands of devices stay finite and exact to the
/// byte in a double's 53-bit mantissa at the sizes that matter.
inline constexpr double kMaxByteCount = 0x1p60;

/// The most devices (workers, ranks) a plan may have: 2^20, over any
/// cluster built, so that a plan's degrees, their products with microbatch
/// counts and the rank numbers stay far inside 32-bit arithmetic.
inline constexpr int64_t kMaxDevices = int64_t(1) << 20;

/// Parses a byte count as `memory=` spells it: a non-negative number with
/// an optional unit ("80e9", "80GB", "40GiB", "512kB", "0"). Returns the
/// bytes, or nullopt with `error` saying why in the user's terms (`name` is
/// how the user wrote the option, e.g. "memory"): not a number, not finite,
/// negative, or over kMaxByteCount.
std::optional<double> parseByteCount(llvm::StringRef text, llvm::StringRef name,
                                     std::string &error);

/// How a range's ends are taken.
enum class Bound { Closed, Open };

/// Checks that `value`, the value of the option or field `name`, is a
/// finite number in [lo, hi] (an Open end excludes it); else writes why to
/// `error` ("'--time-limit' must be a finite number greater than 0, got
/// nan") and returns false.
bool checkFiniteInRange(llvm::StringRef name, double value, double lo,
                        Bound loBound, double hi, Bound hiBound,
                        std::string &error);

/// Checks that `value` is a finite number greater than 0.
bool checkFinitePositive(llvm::StringRef name, double value,
                         std::string &error);

/// Checks that `value` is a finite number, at least 0.
bool checkFiniteNonNegative(llvm::StringRef name, double value,
                            std::string &error);

/// The product of the counts, or nullopt when it overflows int64_t or a
/// count is negative (worker counts, microbatches times a split, a batch
/// times the bytes of a sample).
std::optional<int64_t> checkedProduct(std::initializer_list<int64_t> counts);

} // namespace mlir::tofu

#endif // TOFU_SUPPORT_NUMBERS_H
