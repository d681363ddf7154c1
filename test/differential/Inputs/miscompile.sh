#!/bin/sh
# A tofu-opt that miscompiles on purpose, to show that difftest.py catches a
# wrong partitioned program: it runs tofu-opt ($TOFU_OPT, else the one on
# PATH), then, for --tofu-partition, turns every addition and maximum of the
# SPMD program into a product and a minimum.
"${TOFU_OPT:-tofu-opt}" "$@" || exit $?
case "$1" in
  --tofu-partition*)
    for out; do :; done
    sed -i 's/arith\.addf/arith.mulf/g; s/arith\.maximumf/arith.minimumf/g' "$out" ;;
esac
