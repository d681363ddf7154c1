# Tests that the unrolled LSTM's emitted forward computes the same loss as an
# independent numpy implementation with the same random weights.
# RUN: env PYTHONPATH=%tofu_src_root/python:%S/Inputs %python %s | FileCheck %s

from zoo_reference import check, rnn

# CHECK: rnn {{.*}}'layers': 2
# CHECK-NEXT: match True
check(
    "rnn",
    dict(layers=2, hidden=5, steps=4, batch=3, vocab=7, embed=4),
    rnn,
    one_hot={"tokens", "labels"},
)
