//===- Numbers.cpp - Checked numbers from options and files ---------------===//

#include "Tofu/Support/Numbers.h"

#include "llvm/Support/CheckedArithmetic.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>
#include <cstdio>

using namespace mlir;
using namespace mlir::tofu;

std::optional<double> mlir::tofu::parseByteCount(llvm::StringRef text,
                                                 llvm::StringRef name,
                                                 std::string &error) {
  llvm::StringRef number = text.trim();
  double scale = 1;
  for (auto [suffix, factor] :
       {std::pair<llvm::StringRef, double>{"GiB", 1024.0 * 1024 * 1024},
        {"MiB", 1024.0 * 1024},
        {"KiB", 1024.0},
        {"TiB", 1024.0 * 1024 * 1024 * 1024},
        {"kB", 1e3},
        {"GB", 1e9},
        {"MB", 1e6},
        {"TB", 1e12}})
    if (number.consume_back(suffix)) {
      scale = factor;
      break;
    }
  number = number.trim();
  double value;
  // getAsDouble takes "nan" and "inf" and gives inf for 1e400: each is
  // refused below, by name, rather than reaching a search.
  if (number.empty() || number.getAsDouble(value)) {
    error = llvm::formatv("{0}='{1}' is not a byte count (e.g. 80e9, 40GiB, "
                          "512kB, 0)",
                          name, text);
    return std::nullopt;
  }
  double bytes = value * scale;
  if (!std::isfinite(bytes)) {
    error = llvm::formatv("{0}='{1}' is not a finite byte count", name, text);
    return std::nullopt;
  }
  if (bytes < 0) {
    error = llvm::formatv("{0}='{1}' is negative (0: no limit)", name, text);
    return std::nullopt;
  }
  if (bytes > kMaxByteCount) {
    error = llvm::formatv("{0}='{1}' is over the largest byte count taken, "
                          "2^60 bytes (1 EiB)",
                          name, text);
    return std::nullopt;
  }
  return bytes;
}

/// A number as a user would write it: formatv's default keeps two
/// decimals, which shows a bound of 1e-6 as "0.00" and 2^60 with 19 digits.
static std::string written(double value) {
  char buffer[32];
  snprintf(buffer, sizeof(buffer), "%.6g", value);
  return buffer;
}

bool mlir::tofu::checkFiniteInRange(llvm::StringRef name, double value,
                                    double lo, Bound loBound, double hi,
                                    Bound hiBound, std::string &error) {
  bool aboveLo = loBound == Bound::Open ? value > lo : value >= lo;
  bool belowHi = hiBound == Bound::Open ? value < hi : value <= hi;
  if (std::isfinite(value) && aboveLo && belowHi)
    return true;
  std::string range;
  bool noHi = std::isinf(hi);
  if (noHi)
    range = llvm::formatv("{0} {1}",
                          loBound == Bound::Open ? "greater than" : "at least",
                          written(lo));
  else
    range = llvm::formatv("in {0}{1}, {2}{3}",
                          loBound == Bound::Open ? "(" : "[", written(lo),
                          written(hi), hiBound == Bound::Open ? ")" : "]");
  error = llvm::formatv("'{0}' must be a finite number {1}, got {2}", name,
                        range, written(value));
  return false;
}

bool mlir::tofu::checkFinitePositive(llvm::StringRef name, double value,
                                     std::string &error) {
  return checkFiniteInRange(name, value, 0, Bound::Open, INFINITY, Bound::Open,
                            error);
}

bool mlir::tofu::checkFiniteNonNegative(llvm::StringRef name, double value,
                                        std::string &error) {
  return checkFiniteInRange(name, value, 0, Bound::Closed, INFINITY,
                            Bound::Open, error);
}

std::optional<int64_t>
mlir::tofu::checkedProduct(std::initializer_list<int64_t> counts) {
  int64_t product = 1;
  for (int64_t c : counts) {
    if (c < 0)
      return std::nullopt;
    std::optional<int64_t> next = llvm::checkedMul(product, c);
    if (!next)
      return std::nullopt;
    product = *next;
  }
  return product;
}
