# Tests that the mixture-of-experts decoder's emitted forward (router
# softmax, top-k routing with ties to the lower expert, capacity dropping
# later tokens, one-hot dispatch, stacked expert MLPs, gated combine,
# Switch's load-balancing loss) computes the same loss as an independent
# numpy implementation with the same random weights, with and without
# dropped tokens.
# RUN: env PYTHONPATH=%tofu_src_root/python:%S/Inputs %python %s | FileCheck %s

from zoo_reference import check, moe

# CHECK: moe {{.*}}'capacity': 75
# CHECK-NEXT: match True
# CHECK: moe {{.*}}'capacity': 400
# CHECK-NEXT: match True
# CHECK: moe {{.*}}'topk': 1
# CHECK-NEXT: match True
for knobs in (dict(layers=2, hidden=8, heads=2, seq=5, batch=2, vocab=7, experts=4, topk=2,
                   capacity=75),
              dict(layers=1, hidden=8, heads=2, seq=5, batch=2, vocab=7, experts=4, topk=2,
                   capacity=400),
              dict(layers=1, hidden=8, heads=2, seq=4, batch=2, vocab=7, experts=3, topk=1,
                   capacity=100)):
    check("moe", knobs, moe, one_hot={"tokens", "labels"})
