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


# --- memory= ----------------------------------------------------------------


@pytest.mark.parametrize("memory, message", [
    (float("nan"), "memory='nan' is not a finite byte count"),
    (float("inf"), "memory='inf' is not a finite byte count"),
    ("1e400", "memory='1e400' is not a finite byte count"),
    (-1, "memory='-1' is negative (0: no limit)"),
    ("-1GB", "memory='-1GB' is negative"),
    (2**61, "is over the largest byte count taken, 2^60 bytes"),
    ("lots", "memory='lots' is not a byte count"),
    ("40gib", "memory='40gib' is not a byte count"),
])
def test_memory_refused_by_the_search_parser(matmul, memory, message):
    # nan killed the interpreter before the search checked it; negatives and
    # lowercase units were the Python parser's own rules.
    with pytest.raises(tofu.TofuError, match=message.replace("(", r"\(").replace(")", r"\)")
                       .replace("^", r"\^")):
        tofu.plan(matmul, gpus=2, memory=memory)


@pytest.mark.parametrize("memory", [0, 0.0, "0"])
def test_memory_zero_is_no_limit(matmul, memory):
    # The Python parser refused 0 ("must be positive") although 0 is the
    # search's "no limit": the plan's peak is over a small limit, not over 0.
    with pytest.raises(tofu.PlanDoesNotFit):
        tofu.plan(matmul, gpus=2, memory=100)
    assert tofu.plan(matmul, gpus=2, memory=memory).peak_memory_bytes > 100


@pytest.mark.parametrize("memory", ["80GB", "40GiB", 80e9, 2**40, np.int64(2**40), "machine"])
def test_memory_accepted(matmul, memory):
    assert tofu.plan(matmul, gpus=2, memory=memory).peak_memory_bytes > 0


@pytest.mark.parametrize("memory", [True, [80e9], b"80GB"])
def test_memory_of_another_type(matmul, memory):
    with pytest.raises(TypeError, match="memory must be a byte count"):
        tofu.plan(matmul, gpus=2, memory=memory)


# --- gpus= and the other options --------------------------------------------


@pytest.mark.parametrize("gpus", [None, True, 2.0, "2", [2]])
def test_gpus_of_another_type(matmul, gpus):
    with pytest.raises(TypeError, match="gpus must be an integer"):
        tofu.plan(matmul, gpus=gpus)


@pytest.mark.parametrize("gpus", [0, -1, 2**20 + 1, 2**64])
def test_gpus_out_of_range(matmul, gpus):
    with pytest.raises(tofu.TofuError, match=f"'gpus' must be an integer from 1 to 1048576 "
                       rf"\(the number of workers\), got '{gpus}'"):
        tofu.plan(matmul, gpus=gpus)


def test_gpus_numpy_integer(matmul):
    plan = tofu.plan(matmul, gpus=np.int64(2))
    assert plan.gpus == 2 and type(plan.gpus) is int


@pytest.mark.parametrize("options, message", [
    ({"machine": None}, "machine must be a name or a path, got NoneType None"),
    ({"machine": 3}, "machine must be a name or a path, got int 3"),
    ({"strategy": None}, "strategy must be text, got NoneType None"),
    ({"entry": 1}, "entry must be text, got int 1"),
    ({"levels": [2.0]}, r"levels must be an integer, got float 2.0"),
    ({"levels": [1, True]}, r"levels\[1\] must be an integer, got bool True"),
    ({"beam": "big"}, "beam must be an integer"),
    ({"coarsen": "no"}, "coarsen must be True or False, got str 'no'"),
    ({"partials": 1}, "partials must be True or False"),
    ({"report": "r.json"}, r"tofu.plan writes report= itself: read Plan.report"),
    ({"table": "t.txt"}, r"tofu.plan writes table= itself"),
    ({"no_such_option": 1}, "tofu.plan has no option 'no_such_option'"),
])
def test_options_of_another_type(matmul, options, message):
    with pytest.raises(TypeError, match=message):
        tofu.plan(matmul, gpus=2, **options)


@pytest.mark.parametrize("options, message", [
    ({"levels": [-1]}, "levels must be an integer from 0 to 4294967295, got -1"),
    ({"beam": 2**32}, "beam must be an integer from 0 to 4294967295, got 4294967296"),
    ({"entry": 'a"b'}, "a pass option's text may not hold a double quote"),
])
def test_options_out_of_range(matmul, options, message):
    with pytest.raises(tofu.TofuError, match=message):
        tofu.plan(matmul, gpus=2, **options)


def test_every_option_reaches_the_pipeline(matmul, tmp_path):
    # Python's table of options (_api._OPTIONS) and the pipeline's agree:
    # each, at its default, is taken.
    plan = tofu.plan(matmul, gpus=2, machine="h200-nvlink", strategy="tofu", memory=0,
                     entry="main", print="none", levels=[2], beam=65536, coarsen=True,
                     explain=[], partials=True, objective="bytes", library=[],
                     materialize=True)
    assert plan.report["function"] == "main"


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


# --- Plan.run and tofu.run inputs ----------------------------------------------


def test_run_fortran_order_and_byte_order(matmul, matmul_plan):
    x, w = matmul_inputs()
    reference = x @ w
    (fortran,) = matmul_plan.run([np.asfortranarray(x), np.asfortranarray(w)])
    (swapped,) = matmul_plan.run([x.astype(">f4"), w])
    np.testing.assert_allclose(fortran, reference, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(swapped, reference, rtol=1e-5, atol=1e-5)


def test_run_lossless_casts(matmul_plan):
    x, w = matmul_inputs(np.float16)
    (y,) = matmul_plan.run([x, w.astype(np.int8)])
    np.testing.assert_allclose(y, x.astype(np.float32) @ w.astype(np.int8), rtol=1e-5,
                               atol=1e-5)


@pytest.mark.parametrize("change, message", [
    (lambda x, w: [x.astype(np.float64), w],
     r"inputs\[0\] of @main is float64 with shape \(8, 16\); it takes tensor<8x16xf32> "
     r"\(float32, shape \(8, 16\)\): convert it with .astype\(np.float32\)"),
    (lambda x, w: [x, {"w": w}],
     r"inputs\[1\] of @main is a dict, not an array of numbers; it takes "
     r"tensor<16x4xf32> \(float32, shape \(16, 4\)\)"),
    (lambda x, w: [x, "w"], r"inputs\[1\] of @main is str 'w', not an array of numbers"),
    (lambda x, w: [x, None], r"inputs\[1\] of @main is NoneType None"),
    (lambda x, w: [x, [[1, 2], [3]]], r"inputs\[1\] of @main is not an array \(list:"),
    (lambda x, w: [x.T, w],
     r"inputs\[0\] of @main has shape \(16, 8\); it takes tensor<8x16xf32> \(float32, "
     r"shape \(8, 16\)\)"),
    (lambda x, w: [x[0], w], r"inputs\[0\] of @main has shape \(16,\); it takes"),
    (lambda x, w: [x], "@main takes 2 arguments, 1 input given"),
    (lambda x, w: x, r"inputs must be a list of arrays, one per argument of @main, not "
                     r"ndarray \(for one argument: \[x\]\)"),
    (lambda x, w: {"x": x, "w": w}, "inputs must be a list of arrays, .* not dict"),
])
def test_run_refuses_inputs_in_the_callers_terms(matmul_plan, change, message):
    # Each reached tofu-run before, which blamed a temporary argN.npy.
    with pytest.raises(tofu.TofuError, match=message) as err:
        matmul_plan.run(change(*matmul_inputs()))
    assert ".npy" not in str(err.value)


def test_run_python_numbers(tmp_path):
    module = tofu.load(SCALE, name="scale.mlir")
    x = np.arange(4, dtype=np.float32)
    (by_float,) = tofu.run(module, [x, 2.5])
    (by_int,) = tofu.run(module, [x, 3])
    np.testing.assert_allclose(by_float, x * 2.5)
    np.testing.assert_allclose(by_int, x * 3)
    with pytest.raises(tofu.TofuError, match=r"inputs\[1\] of @main is bool with shape "
                       r"\(\); it takes f32 \(float32, shape \(\)\)"):
        tofu.run(module, [x, True])
    with pytest.raises(tofu.TofuError, match="inputs\\[1\\] of @main is float64 with shape"):
        tofu.run(module, [x, np.float64(2.5)])


def test_run_bfloat16():
    ml_dtypes = pytest.importorskip("ml_dtypes", reason="ml_dtypes comes with JAX")
    module = tofu.load("func.func @main(%x: tensor<4xbf16>) -> tensor<4xbf16> {\n"
                       "  return %x : tensor<4xbf16>\n}\n", name="bf16.mlir")
    x = np.array([1.0, -2.5, 0.125, 3.0], dtype=ml_dtypes.bfloat16)
    (bits,) = tofu.run(module, [x])
    np.testing.assert_array_equal(bits, x.view(np.uint16))
    (again,) = tofu.run(module, [x.view(np.uint16)])
    np.testing.assert_array_equal(again, bits)
    # A uint8 or a Python int would cast into uint16 as bit patterns.
    for value in [np.arange(4, dtype=np.uint8), np.arange(4, dtype=np.float32)]:
        with pytest.raises(tofu.TofuError, match=f"inputs\\[0\\] of @main is {value.dtype}; "
                           r"it takes tensor<4xbf16> \(bfloat16, or its bits as uint16\): "
                           r"convert it with .astype\(ml_dtypes.bfloat16\)"):
            tofu.run(module, [value])


@pytest.mark.parametrize("kwargs, error, message", [
    ({"timeout": 0}, tofu.TofuError, "timeout must be from 1 to 4294967295 seconds, got 0"),
    ({"timeout": 1.5}, TypeError, "timeout must be a whole number of seconds"),
    ({"seed": -1}, tofu.TofuError, "seed must be from 0 to"),
    ({"seed": 1.0}, TypeError, "seed must be an integer"),
    ({"jit": "yes"}, TypeError, "jit must be True or False"),
    ({"entry": 3}, TypeError, "entry must be a function's name, got int 3"),
    ({"entry": "nothing"}, tofu.TofuError, "matmul.mlir has no function @nothing"),
])
def test_run_options(matmul_plan, kwargs, error, message):
    with pytest.raises(error, match=message):
        matmul_plan.run(matmul_inputs(), **kwargs)


def test_run_inputs_and_seed(matmul_plan):
    with pytest.raises(TypeError, match="give inputs or seed=, not both"):
        matmul_plan.run(matmul_inputs(), seed=1)


# --- the framework front ends --------------------------------------------------


def test_torch_example_inputs_must_be_a_tuple():
    # A tensor iterates over its rows: tuple(x) planned each row as an input.
    with pytest.raises(TypeError, match=r"example_inputs must be a tuple \(or list\) of "
                       r"the forward's inputs, e.g. \(x,\), not ndarray"):
        tofu.torch.plan(object(), np.zeros((2, 3), np.float32), gpus=2)
