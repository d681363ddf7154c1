//===- FactorizationsTest.cpp - Worker-count factorizations ---------------===//
//
// Tests that factorizations(k), which enumerates divisors instead of every
// integer up to k, lists exactly the multiplicative partitions a naive
// enumeration finds, and that it stays fast for a large prime k.
//
//===----------------------------------------------------------------------===//

#include "Tofu/Partition/Search.h"

#include "gtest/gtest.h"
#include <algorithm>
#include <set>
#include <vector>

using namespace mlir;
using namespace mlir::tofu;

namespace {

using Factorization = std::vector<unsigned>;

/// Every non-increasing list of factors >= 2 whose product is k, by trying
/// every integer as the next factor.
void naive(unsigned k, unsigned maxFactor, Factorization &prefix,
           std::set<Factorization> &out) {
  if (k == 1) {
    out.insert(prefix);
    return;
  }
  for (unsigned f = 2; f <= std::min(k, maxFactor); ++f)
    if (k % f == 0) {
      prefix.push_back(f);
      naive(k / f, f, prefix, out);
      prefix.pop_back();
    }
}

std::set<Factorization> listed(unsigned k) {
  std::set<Factorization> out;
  for (const SmallVector<unsigned> &f : factorizations(k)) {
    Factorization v(f.begin(), f.end());
    EXPECT_TRUE(std::is_sorted(v.rbegin(), v.rend())) << "k = " << k;
    EXPECT_TRUE(out.insert(v).second) << "duplicate for k = " << k;
  }
  return out;
}

TEST(Factorizations, MatchesNaiveEnumeration) {
  for (unsigned k = 1; k <= 2000; ++k) {
    std::set<Factorization> expected;
    Factorization prefix;
    naive(k, k, prefix, expected);
    EXPECT_EQ(listed(k), expected) << "k = " << k;
  }
  for (unsigned k : {4096u, 65536u, 720720u, 1000000u}) {
    std::set<Factorization> expected;
    Factorization prefix;
    naive(k, k, prefix, expected);
    EXPECT_EQ(listed(k), expected) << "k = " << k;
  }
}

TEST(Factorizations, FinestFirst) {
  SmallVector<SmallVector<unsigned>> f = factorizations(8);
  ASSERT_EQ(f.size(), 3u);
  EXPECT_EQ(f[0], (SmallVector<unsigned>{2, 2, 2}));
  EXPECT_EQ(f[2], (SmallVector<unsigned>{8}));
}

TEST(Factorizations, LargePrimeIsOneLevel) {
  // 2^31 - 1 is prime: a naive enumeration would try 2^31 candidates.
  SmallVector<SmallVector<unsigned>> f = factorizations(2147483647u);
  ASSERT_EQ(f.size(), 1u);
  EXPECT_EQ(f[0], (SmallVector<unsigned>{2147483647u}));
  SmallVector<SmallVector<unsigned>> g = factorizations(4294967291u);
  ASSERT_EQ(g.size(), 1u);
}

} // namespace
