"""The native module's stub (python/tofu/_tofu.pyi) says what the module
has: the same classes and methods, the same parameter names, and the
diagnostic fields the module returns."""

from __future__ import annotations

import ast
from pathlib import Path

import tofu
from tofu import _tofu

STUB = Path(tofu.__file__).with_name("_tofu.pyi")


def stub_classes() -> dict[str, ast.ClassDef]:
    tree = ast.parse(STUB.read_text())
    return {node.name: node for node in tree.body if isinstance(node, ast.ClassDef)}


def test_stub_is_installed_with_the_package():
    assert STUB.is_file()
    assert STUB.with_name("py.typed").is_file()


def test_stub_names_every_method_with_its_parameters():
    native = stub_classes()["NativeModule"]
    methods = {f.name: [a.arg for a in f.args.args if a.arg != "self"]
               for f in native.body if isinstance(f, ast.FunctionDef)}
    public = {name for name in dir(_tofu.NativeModule) if not name.startswith("_")}
    assert set(methods) == public
    for name, params in methods.items():
        # nanobind's signature line: "name(self, a: str, b: bool = False) -> ..."
        signature = getattr(_tofu.NativeModule, name).__doc__.splitlines()[0]
        inside = signature[signature.index("(") + 1:signature.rindex(")")]
        names = [p.split(":")[0].strip() for p in inside.split(",") if p.strip()]
        assert [n for n in names if n != "self"] == params, name


def test_stub_diagnostic_fields_match_what_the_module_returns():
    fields = [node.target.id for node in stub_classes()["NativeDiagnostic"].body
              if isinstance(node, ast.AnnAssign)]
    _, diagnostics = _tofu.NativeModule.parse("func.func @f( {", "bad.mlir")
    assert diagnostics, "a module that does not parse gives a diagnostic"
    assert set(fields) == set(diagnostics[0])
