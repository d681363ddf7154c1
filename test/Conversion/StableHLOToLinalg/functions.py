# Tests that the converted functions (rounding, tan, cbrt, atan2, clamp,
# is_finite), bit operations (shifts at every amount, popcnt,
# count_leading_zeros) and the chlo subset match numpy, edge values included.
# RUN: %python %s | FileCheck %s
# CHECK-NOT: FAIL
import math
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from hlo_check import check, rand  # noqa: E402

T = "tensor<3x5xf32>"
I = "tensor<3x5xi32>"
P = "tensor<3x5xi1>"
a = rand(3, 5)
halves = np.array([[-2.5, -1.5, -0.5, 0.5, 1.5], [2.5, 0.3, -0.7, 3.49, -0.0],
                   [1e8, -3.5, 4.5, 0.49999997, -1e-3]], np.float32)
special = np.array([[np.inf, -np.inf, np.nan, 0.0, -0.0], [1.0, -2.0, 3e38, -3e38, 1e-40],
                    [5.0, np.inf, -1.0, np.nan, 7.0]], np.float32)

# CHECK: round_nearest_even OK
# CHECK: round_nearest_afz OK
check("round_nearest_even", [("a", T)], f"  %r = stablehlo.round_nearest_even %a : {T}", T,
      [halves], np.rint)
check("round_nearest_afz", [("a", T)], f"  %r = stablehlo.round_nearest_afz %a : {T}", T,
      [halves], lambda x: (np.sign(x) * np.floor(np.abs(x.astype(np.float64)) + 0.5))
      .astype(np.float32))
# CHECK: tan OK
# CHECK: cbrt OK
# CHECK: atan2 OK
check("tan", [("a", T)], f"  %r = stablehlo.tan %a : {T}", T, [a * 0.7], np.tan, rtol=2e-5)
check("cbrt", [("a", T)], f"  %r = stablehlo.cbrt %a : {T}", T, [a * 9], np.cbrt, rtol=2e-5)
check("atan2", [("a", T), ("b", T)], f"  %r = stablehlo.atan2 %a, %b : {T}", T,
      [a, np.where(rand(3, 5) > 0, rand(3, 5), -0.0).astype(np.float32)], np.arctan2,
      rtol=2e-5)
# NaN propagates through clamp; the bounds may be scalars.
# CHECK: clamp_scalar OK
# CHECK: clamp_tensor OK
# CHECK: clamp_i32 OK
check("clamp_scalar", [("lo", "tensor<f32>"), ("a", T), ("hi", "tensor<f32>")],
      f"  %r = stablehlo.clamp %lo, %a, %hi : (tensor<f32>, {T}, tensor<f32>) -> {T}", T,
      [np.float32(-0.5), special, np.float32(2.0)],
      lambda lo, x, hi: np.minimum(np.maximum(x, lo), hi))
check("clamp_tensor", [("lo", T), ("a", T), ("hi", T)],
      f"  %r = stablehlo.clamp %lo, %a, %hi : {T}", T, [a - 1, a * 3, a + 1], np.clip)
ia = np.random.default_rng(3).integers(-50, 50, size=(3, 5)).astype(np.int32)
check("clamp_i32", [("lo", "tensor<i32>"), ("a", I), ("hi", "tensor<i32>")],
      f"  %r = stablehlo.clamp %lo, %a, %hi : (tensor<i32>, {I}, tensor<i32>) -> {I}", I,
      [np.int32(-7), ia, np.int32(20)], np.clip)
# CHECK: is_finite OK
check("is_finite", [("a", T)], f"  %p = stablehlo.is_finite %a : ({T}) -> {P}\n"
      f"  %r = stablehlo.convert %p : ({P}) -> {I}", I, [special],
      lambda v: np.isfinite(v).astype(np.int32))

# Shifts: amounts from -3 to 40; out-of-range amounts give 0 (left,
# logical) or the sign fill (arithmetic), as XLA computes.
x = np.array([[1, -1, 7, -8, 2 ** 30], [-2 ** 31, 12345, -12345, 3, 0],
              [255, -256, 1, -1, 99]], np.int32)
n = np.array([[0, 1, 31, 32, 33], [-1, -3, 40, 5, 31], [1, 31, 30, 16, 2]], np.int32)
in_range = (n >= 0) & (n < 32)
nn = np.where(in_range, n, 0).astype(np.uint32)


def shl(x, n):
    return np.where(in_range, (x.view(np.uint32) << nn).view(np.int32), 0)


def sra(x, n):
    return x >> np.where(in_range, n, 31)


def srl(x, n):
    return np.where(in_range, (x.view(np.uint32) >> nn).view(np.int32), 0)


# CHECK: shift_left OK
# CHECK: shift_right_arithmetic OK
# CHECK: shift_right_logical OK
for op, ref in [("shift_left", shl), ("shift_right_arithmetic", sra),
                ("shift_right_logical", srl)]:
    check(op, [("a", I), ("b", I)], f"  %r = stablehlo.{op} %a, %b : {I}", I, [x, n], ref)
# CHECK: popcnt OK
# CHECK: count_leading_zeros OK
check("popcnt", [("a", I)], f"  %r = stablehlo.popcnt %a : {I}", I, [x],
      lambda v: np.bitwise_count(v.view(np.uint32)).astype(np.int32))
check("count_leading_zeros", [("a", I)], f"  %r = stablehlo.count_leading_zeros %a : {I}", I,
      [x], lambda v: np.array([32 - int(u).bit_length() for u in v.view(np.uint32).ravel()],
                              np.int32).reshape(v.shape))

# chlo: what JAX prints for jnp.var/std (square), exact GELU (erfc),
# jax.random.normal (erf_inv) and the inverse/hyperbolic functions.
erf = np.vectorize(math.erf, otypes=[np.float64])
erfc = np.vectorize(math.erfc, otypes=[np.float64])


def erfinv(y):
    lo, hi = np.full(y.shape, -10.0), np.full(y.shape, 10.0)
    for _ in range(200):
        mid = (lo + hi) / 2
        below = erf(mid) < y
        lo, hi = np.where(below, mid, lo), np.where(below, hi, mid)
    with np.errstate(invalid="ignore"):
        return np.where(np.abs(y) == 1, np.sign(y) * np.inf, (lo + hi) / 2)


unit = np.array([[-0.999, -0.9, -0.5, -0.1, 0.0], [0.1, 0.5, 0.9, 0.99, 0.999999],
                 [1.0, -1.0, 0.3, -0.77, 0.9999]], np.float32)
big = (np.abs(a) + 1.0).astype(np.float32)
chlo = {
    "square": (np.square, a), "erf": (erf, a), "erfc": (erfc, a * 2), "tan": (np.tan, a * 0.7),
    "sinh": (np.sinh, a), "cosh": (np.cosh, a), "asin": (np.arcsin, unit),
    "acos": (np.arccos, unit), "atan": (np.arctan, a * 3), "asinh": (np.arcsinh, a * 3),
    "acosh": (np.arccosh, big), "atanh": (np.arctanh, unit * 0.999),
    "erf_inv": (erfinv, unit),
}
# CHECK: chlo.square OK
# CHECK: chlo.erf OK
# CHECK: chlo.erfc OK
# CHECK: chlo.tan OK
# CHECK: chlo.sinh OK
# CHECK: chlo.cosh OK
# CHECK: chlo.asin OK
# CHECK: chlo.acos OK
# CHECK: chlo.atan OK
# CHECK: chlo.asinh OK
# CHECK: chlo.acosh OK
# CHECK: chlo.atanh OK
# CHECK: chlo.erf_inv OK
for op, (ref, v) in chlo.items():
    check(f"chlo.{op}", [("a", T)], f"  %r = chlo.{op} %a : {T} -> {T}", T, [v],
          lambda x, ref=ref: ref(x.astype(np.float64)).astype(np.float32), rtol=2e-5)
# CHECK: chlo.is_inf OK
# CHECK: chlo.is_pos_inf OK
# CHECK: chlo.is_neg_inf OK
for op, ref in [("is_inf", np.isinf), ("is_pos_inf", np.isposinf), ("is_neg_inf", np.isneginf)]:
    check(f"chlo.{op}", [("a", T)], f"  %p = chlo.{op} %a : {T} -> {P}\n"
          f"  %r = stablehlo.convert %p : ({P}) -> {I}", I, [special],
          lambda v, ref=ref: ref(v).astype(np.int32))
# Towards larger, smaller, equal and NaN; from and to zero and infinities.
# CHECK: chlo.next_after OK
to = np.array([[0.0, 0.0, 1.0, 1.0, -1.0], [2.0, -np.inf, 0.0, np.inf, 0.0],
               [np.nan, 0.0, -1.0, 1.0, 8.0]], np.float32)
check("chlo.next_after", [("a", T), ("b", T)], f"  %r = chlo.next_after %a, %b : {T}, {T} -> {T}",
      T, [special, to], np.nextafter, rtol=0, atol=0)

# lgamma and digamma (jax.scipy.special.gammaln / digamma): both sides of the
# reflection, near the poles, poles and infinities as XLA gives them (lgamma
# +inf at the poles and +-inf; digamma NaN at the poles and -inf).
lg_in = np.array([[0.5, 1.0, 2.0, 3.7, 30.0], [-2.5, -0.3, 1e-8, -1e-8, 1e30],
                  [0.0, -1.0, np.inf, -np.inf, np.nan]], np.float32)
lgamma = np.vectorize(lambda v: math.nan if math.isnan(v) else math.inf if math.isinf(v) or (
    v <= 0 and v == math.floor(v)) else math.lgamma(v), otypes=[np.float64])


def digamma_ref(v):
    if v == math.inf:
        return math.inf
    if math.isnan(v) or v == -math.inf or (v <= 0 and v == math.floor(v)):
        return math.nan
    if v < 0.5:
        return digamma_ref(1 - v) - math.pi / math.tan(math.pi * v)
    acc = 0.0
    while v < 20:
        acc -= 1 / v
        v += 1
    return acc + math.log(v) - 0.5 / v - 1 / (12 * v ** 2) + 1 / (120 * v ** 4) - 1 / (252 * v ** 6)


# CHECK: chlo.lgamma OK
# CHECK: chlo.digamma OK
check("chlo.lgamma", [("a", T)], f"  %r = chlo.lgamma %a : {T} -> {T}", T, [lg_in],
      lambda v: lgamma(v.astype(np.float64)).astype(np.float32), rtol=2e-5, atol=1e-6)
check("chlo.digamma", [("a", T)], f"  %r = chlo.digamma %a : {T} -> {T}", T, [lg_in],
      lambda v: np.vectorize(digamma_ref, otypes=[np.float64])(v.astype(np.float64))
      .astype(np.float32), rtol=2e-5, atol=1e-6)
