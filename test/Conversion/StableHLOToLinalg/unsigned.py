# Tests that unsigned integers (ui8, ui32, ui64, as jax.random and
# float -> uint8 emit them) compute as StableHLO says: divide, remainder,
# maximum, minimum, clamp and compare read them as unsigned, convert
# zero-extends them and converts them to and from floats as unsigned (NaN and
# negatives to 0, saturating), add and shifts wrap modulo 2^w, and
# bitcast_convert keeps the bits. Arrays cross the function boundary as
# signed arrays of the same bits (the import makes the types signless).
# RUN: %python %s | FileCheck %s
# CHECK-NOT: FAIL
import os
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "Inputs"))
from hlo_check import check  # noqa: E402

A = np.array([7, 0xFFFFFFFF, 0, 0x80000000, 5, 3, 0xFFFFFFF0, 1], dtype=np.uint32)
B = np.array([0, 2, 0, 0x7FFFFFFF, 3, 0xFFFFFFFF, 16, 0x80000001], dtype=np.uint32)
T = f"tensor<{A.size}xui32>"
I = lambda a: a.view(np.int32)  # noqa: E731


def udiv(a, b):
    return np.array([0xFFFFFFFF if y == 0 else x // y for x, y in zip(a.tolist(), b.tolist())],
                    dtype=np.uint32)


def urem(a, b):
    return np.array([x if y == 0 else x % y for x, y in zip(a.tolist(), b.tolist())],
                    dtype=np.uint32)


def U(f):
    """The reference on the unsigned values, as the signed array of its bits."""
    def reference(a, b):
        r = np.asarray(f(a.view(np.uint32), b.view(np.uint32)))
        return r.view(np.int32) if r.dtype == np.uint32 else r.astype(np.int32)
    return reference



# CHECK: udivide OK
check("udivide", [("a", T), ("b", T)], f"  %r = stablehlo.divide %a, %b : {T}", T,
      [I(A), I(B)], U(udiv))
# CHECK: uremainder OK
check("uremainder", [("a", T), ("b", T)], f"  %r = stablehlo.remainder %a, %b : {T}", T,
      [I(A), I(B)], U(urem))
# CHECK: umaximum OK
check("umaximum", [("a", T), ("b", T)], f"  %r = stablehlo.maximum %a, %b : {T}", T,
      [I(A), I(B)], U(np.maximum))
# CHECK: uminimum OK
check("uminimum", [("a", T), ("b", T)], f"  %r = stablehlo.minimum %a, %b : {T}", T,
      [I(A), I(B)], U(np.minimum))
# CHECK: uclamp OK
check("uclamp", [("a", T), ("b", T)],
      "  %lo = stablehlo.constant dense<3> : tensor<ui32>\n"
      "  %hi = stablehlo.constant dense<4000000000> : tensor<ui32>\n"
      f"  %r = stablehlo.clamp %lo, %a, %hi : (tensor<ui32>, {T}, tensor<ui32>) -> {T}", T,
      [I(A), I(B)], U(lambda a, b: np.clip(a, 3, 4000000000)))
# CHECK: uadd_wraps OK
check("uadd_wraps", [("a", T), ("b", T)], f"  %r = stablehlo.add %a, %b : {T}", T,
      [I(A), I(B)], U(lambda a, b: a + b))
# CHECK: ushift_rotate OK
check("ushift_rotate", [("a", T), ("b", T)],
      "  %c13 = stablehlo.constant dense<13> : tensor<ui32>\n"
      f"  %s = stablehlo.broadcast_in_dim %c13, dims = [] : (tensor<ui32>) -> {T}\n"
      "  %c19 = stablehlo.constant dense<19> : tensor<ui32>\n"
      f"  %t = stablehlo.broadcast_in_dim %c19, dims = [] : (tensor<ui32>) -> {T}\n"
      f"  %l = stablehlo.shift_left %a, %s : {T}\n"
      f"  %h = stablehlo.shift_right_logical %a, %t : {T}\n"
      f"  %r = stablehlo.or %l, %h : {T}", T,
      [I(A), I(B)], U(lambda a, b: (a << np.uint32(13)) | (a >> np.uint32(19))))
# CHECK: ucompare OK
check("ucompare", [("a", T), ("b", T)],
      f"  %p = stablehlo.compare LT, %a, %b, UNSIGNED : ({T}, {T}) -> tensor<8xi1>\n"
      "  %r = stablehlo.convert %p : (tensor<8xi1>) -> tensor<8xi32>",
      "tensor<8xi32>", [I(A), I(B)], U(lambda a, b: a < b))
# CHECK: ucompare_untyped OK
check("ucompare_untyped", [("a", T), ("b", T)],
      f"  %p = stablehlo.compare GE, %a, %b : ({T}, {T}) -> tensor<8xi1>\n"
      "  %r = stablehlo.convert %p : (tensor<8xi1>) -> tensor<8xi32>",
      "tensor<8xi32>", [I(A), I(B)], U(lambda a, b: a >= b))
# CHECK: uconvert_to_f32 OK
check("uconvert_to_f32", [("a", T)],
      f"  %r = stablehlo.convert %a : ({T}) -> tensor<8xf32>", "tensor<8xf32>", [I(A)],
      lambda a: a.view(np.uint32).astype(np.float32))
# CHECK: uconvert_to_ui64 OK
check("uconvert_to_ui64", [("a", T)],
      f"  %r = stablehlo.convert %a : ({T}) -> tensor<8xui64>", "tensor<8xui64>", [I(A)],
      lambda a: a.view(np.uint32).astype(np.uint64).view(np.int64))
# CHECK: ui64_to_ui32_high OK
check("ui64_to_ui32_high", [("a", "tensor<8xui64>")],
      "  %c = stablehlo.constant dense<32> : tensor<ui64>\n"
      "  %s = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<8xui64>\n"
      "  %h = stablehlo.shift_right_logical %a, %s : tensor<8xui64>\n"
      "  %r = stablehlo.convert %h : (tensor<8xui64>) -> tensor<8xui32>", "tensor<8xui32>",
      [np.array([2**64 - 1, 2**32, 5, 2**63, 0, 1, 2**40 + 7, 2**33], dtype=np.uint64)
       .view(np.int64)],
      lambda a: (a.view(np.uint64) >> np.uint64(32)).astype(np.uint32).view(np.int32))
F = np.array([np.nan, -1.5, 0.5, 255.4, 255.6, 1e30, -np.inf, 128.0], dtype=np.float32)
# float -> ui8 as XLA: NaN and negatives 0, truncation, saturation at 255;
# then ui8 -> i32 zero-extends.
# CHECK: f32_to_ui8_to_i32 OK
check("f32_to_ui8_to_i32", [("a", "tensor<8xf32>")],
      "  %u = stablehlo.convert %a : (tensor<8xf32>) -> tensor<8xui8>\n"
      "  %r = stablehlo.convert %u : (tensor<8xui8>) -> tensor<8xi32>", "tensor<8xi32>", [F],
      lambda a: np.array([0, 0, 0, 255, 255, 255, 0, 128], dtype=np.int32))
# CHECK: f32_to_ui32 OK
check("f32_to_ui32", [("a", "tensor<8xf32>")],
      "  %r = stablehlo.convert %a : (tensor<8xf32>) -> tensor<8xui32>", "tensor<8xui32>",
      [np.array([np.nan, -1.0, 3.9, 4294967040.0, 5e9, np.inf, 2**31, 0.0], dtype=np.float32)],
      lambda a: np.array([0, 0, 3, 4294967040, 0xFFFFFFFF, 0xFFFFFFFF, 2**31, 0],
                         dtype=np.uint32).view(np.int32))
# jax.random's float from 23 random bits: (bits >> 9) | 0x3F800000, bitcast, - 1.
# CHECK: bitcast_uniform OK
check("bitcast_uniform", [("a", T)],
      "  %c9 = stablehlo.constant dense<9> : tensor<ui32>\n"
      f"  %s = stablehlo.broadcast_in_dim %c9, dims = [] : (tensor<ui32>) -> {T}\n"
      f"  %h = stablehlo.shift_right_logical %a, %s : {T}\n"
      "  %one = stablehlo.constant dense<1065353216> : tensor<ui32>\n"
      f"  %o = stablehlo.broadcast_in_dim %one, dims = [] : (tensor<ui32>) -> {T}\n"
      f"  %m = stablehlo.or %h, %o : {T}\n"
      f"  %r = stablehlo.bitcast_convert %m : ({T}) -> tensor<8xf32>", "tensor<8xf32>",
      [I(A)],
      lambda a: ((a.view(np.uint32) >> np.uint32(9)) | np.uint32(0x3F800000)).view(np.float32))
# CHECK: bitcast_f32_to_i32 OK
check("bitcast_f32_to_i32", [("a", "tensor<8xf32>")],
      "  %r = stablehlo.bitcast_convert %a : (tensor<8xf32>) -> tensor<8xi32>",
      "tensor<8xi32>", [F], lambda a: a.view(np.int32))
