#!/usr/bin/env bash
# Installs the frameworks the corpus is exported with (JAX, PyTorch,
# torch-mlir; python/corpus/requirements.txt) into a virtual environment,
# $CORPUS_VENV (default build/corpus-venv), and prints its python.
#   python/corpus/setup.sh && build/corpus-venv/bin/python python/corpus/export.py
# Not part of scripts/setup.sh: the tests read the committed exports and need
# none of these packages.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
VENV="${CORPUS_VENV:-$ROOT/build/corpus-venv}"
PYTHON=${PYTHON:-python3}
if [ ! -x "$VENV/bin/python" ]; then
  "$PYTHON" -m venv "$VENV"
fi
"$VENV/bin/python" -m pip install -q --upgrade pip >&2
"$VENV/bin/python" -m pip install -q -r "$ROOT/python/corpus/requirements.txt" >&2
echo "$VENV/bin/python"
