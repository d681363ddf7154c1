# Tests that the GPT-style decoder's emitted forward (layer norm, causal
# multi-head attention, GELU feed-forward) computes the same loss as an
# independent numpy implementation with the same random weights.
# RUN: env PYTHONPATH=%tofu_src_root/python:%S/Inputs %python %s | FileCheck %s

from zoo_reference import check, transformer

# CHECK: transformer {{.*}}'layers': 2
# CHECK-NEXT: match True
check(
    "transformer",
    dict(layers=2, hidden=8, heads=2, seq=5, batch=2, vocab=7),
    transformer,
    one_hot={"tokens", "labels"},
)
