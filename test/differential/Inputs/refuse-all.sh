#!/bin/sh
# A tofu-opt that refuses every partition with a located diagnostic (as a
# regression that makes the search give up would), to show that
# difftest.test fails when nothing is partitioned: it runs tofu-opt
# ($TOFU_OPT, else the one on PATH) for everything else.
case "$1" in
  --tofu-partition*)
    echo "program.mlir:1:1: error: refused on purpose (refuse-all.sh)" >&2
    exit 1 ;;
esac
exec "${TOFU_OPT:-tofu-opt}" "$@"
