"""Tests that the API refuses what it cannot take in the caller's terms: the
options of tofu.plan (the numbers as the search's checked parser reads them,
docs/reliability.md), files that are not MLIR text, and run inputs that are
not what the entry function takes (docs/python.md, "Errors")."""

from __future__ import annotations

import numpy as np
import pytest

import tofu
import tofu.torch

MATMUL = """\
func.func @main(%x: tensor<8x16xf32>, %w: tensor<16x4xf32>) -> tensor<8x4xf32> {
  %zero = arith.constant 0.0 : f32
  %empty = tensor.empty() : tensor<8x4xf32>
  %init = linalg.fill ins(%zero : f32) outs(%empty : tensor<8x4xf32>) -> tensor<8x4xf32>
  %y = linalg.matmul ins(%x, %w : tensor<8x16xf32>, tensor<16x4xf32>)
                     outs(%init : tensor<8x4xf32>) -> tensor<8x4xf32>
  return %y : tensor<8x4xf32>
}
"""

SCALE = """\
func.func @main(%x: tensor<4xf32>, %s: f32) -> tensor<4xf32> {
  %empty = tensor.empty() : tensor<4xf32>
  %y = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                       iterator_types = ["parallel"]}
      ins(%x : tensor<4xf32>) outs(%empty : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32):
    %m = arith.mulf %a, %s : f32
    linalg.yield %m : f32
  } -> tensor<4xf32>
  return %y : tensor<4xf32>
}
"""


@pytest.fixture(scope="module")
def matmul():
    return tofu.load(MATMUL, name="matmul.mlir")


@pytest.fixture(scope="module")
def matmul_plan(matmul):
    return tofu.plan(matmul, gpus=2)


def matmul_inputs(dtype=np.float32):
    rng = np.random.default_rng(3)
    return [rng.standard_normal((8, 16)).astype(dtype),
            rng.standard_normal((16, 4)).astype(dtype)]


# --- tofu.load ----------------------------------------------------------------


@pytest.mark.parametrize("source", ["", " "])
def test_load_empty_path(source):
    with pytest.raises(tofu.TofuError, match="tofu.load: the path is empty"):
        tofu.load(source)


def test_load_binary_file(tmp_path):
    path = tmp_path / "model.mlir"
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + bytes(range(256)))
    with pytest.raises(tofu.TofuError, match=f"'{path}' is not MLIR text: byte 0x89 at "
                       "offset 0 is not UTF-8"):
        tofu.load(path)


def test_load_nul_bytes(tmp_path):
    path = tmp_path / "zeros.mlir"
    path.write_bytes(bytes(64))
    with pytest.raises(tofu.TofuError, match=f"'{path}' is not MLIR text: it holds a NUL "
                       "byte at offset 0"):
        tofu.load(str(path))
    with pytest.raises(tofu.TofuError, match="'<string>' is not MLIR text: it holds a NUL"):
        tofu.load(MATMUL + "\0")


def test_load_name_of_another_type():
    with pytest.raises(TypeError, match="name= must be text, not int"):
        tofu.load(MATMUL, name=3)
