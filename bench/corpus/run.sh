#!/usr/bin/env bash
# The full sweep of the JAX / PyTorch corpus (docs/corpus.md): every entry at
# K = 1, 2, 3, 4, two cases at a time (the machine has 2 cores). Writes
# bench/results/corpus.json (every case: outcome, error, op, max error,
# seconds), bench/results/corpus.md (the table docs/corpus.md shows) and
# bench/results/corpus-failures.txt (the failing cases grouped by op).
#   bench/corpus/run.sh [run.py options, e.g. --only NAME...]
# The suite (test/Integration/Frontends/corpus/corpus.test) runs a fixed part of it.
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
exec "${PYTHON:-python3}" "$ROOT/python/corpus/run.py" --ks 1,2,3,4 -j "${JOBS:-2}" \
  --expect "$ROOT/test/Integration/Frontends/corpus/expected.txt" \
  --json "$ROOT/bench/results/corpus.json" \
  --markdown "$ROOT/bench/results/corpus.md" \
  --failures "$ROOT/bench/results/corpus-failures.txt" "$@"
