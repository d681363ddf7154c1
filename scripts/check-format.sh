#!/usr/bin/env bash
# Checks that every C++ source in the repository is formatted as .clang-format
# says (LLVM style). With --fix, formats the files in place instead.
# Uses clang-format 22 (scripts/setup.sh installs it): other versions wrap a
# few constructs differently.
set -euo pipefail
cd "$(dirname "$0")/.."
CLANG_FORMAT=${CLANG_FORMAT:-$(command -v clang-format-22 || true)}
if [ -z "$CLANG_FORMAT" ]; then
  echo "check-format: clang-format-22 not found (scripts/setup.sh installs it)" >&2
  exit 2
fi
mapfile -t files < <(git ls-files '*.cpp' '*.h' '*.c' '*.cu' '*.hpp')
if [ "${1:-}" = "--fix" ]; then
  "$CLANG_FORMAT" -i "${files[@]}"
  exit 0
fi
if ! "$CLANG_FORMAT" --dry-run --Werror "${files[@]}"; then
  echo "check-format: the files above differ from .clang-format;" \
       "run scripts/check-format.sh --fix" >&2
  exit 1
fi
echo "check-format: ${#files[@]} files formatted"
