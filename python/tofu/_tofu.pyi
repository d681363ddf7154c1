# Types of tofu's native module (python/src/TofuPython.cpp), for type
# checkers and editors; test/Python/test_native_stub.py keeps it in step with
# the module.
from typing import Optional, TypedDict

class NativeDiagnostic(TypedDict):
    severity: str  # "error" | "warning" | "remark" | "note"
    message: str
    file: str
    line: int
    column: int
    location: str
    # What the error means to a program ("plan-does-not-fit"), or "".
    kind: str
    notes: list["NativeDiagnostic"]

class NativeArgument(TypedDict):
    type: str
    element: str
    # Per dimension its extent, None where dynamic; None for an unranked or
    # non-shaped, non-scalar type; [] for a scalar.
    shape: Optional[list[Optional[int]]]
    name: str

class NativeModule:
    @staticmethod
    def parse(text: str, name: str) -> tuple[Optional["NativeModule"],
                                              list[NativeDiagnostic]]:
        """Parses MLIR text; returns (module or None, diagnostics)."""
    def run_pipeline(self, pipeline: str) -> tuple[Optional["NativeModule"],
                                                   list[NativeDiagnostic]]:
        """Runs a textual pass pipeline on a copy; returns (module or None,
        diagnostics)."""
    def arguments(self, name: str) -> Optional[list[NativeArgument]]:
        """The arguments of a function (type, element, shape, name), or
        None."""
    def text(self, generic: bool = False) -> str: ...
