# Tests that the Wide ResNet's emitted forward (padding, strided convs,
# max pool, projection shortcuts, global average pool) computes the same loss
# as an independent numpy implementation with the same random weights.
# RUN: env PYTHONPATH=%tofu_src_root/python:%S/Inputs %python %s | FileCheck %s

from zoo_reference import check, wresnet

# CHECK: wresnet {{.*}}'depth': 50
# CHECK-NEXT: match True
check(
    "wresnet",
    dict(depth=50, width=2, batch=2, image=19, classes=3, **{"base-channels": 2}),
    wresnet,
    one_hot={"labels"},
)
