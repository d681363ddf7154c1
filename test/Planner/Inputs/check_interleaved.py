"""Checks an interleaved 1F1B plan report against Megatron-LM's schedule,
recomputed here from the per-chunk figures (not from the planner's
aggregates): chunk k runs on rank k mod p; a rank's microbatch time is the
sum of its chunks'; the step is M * slowest + (sum - slowest) / v + the
tail; rank r holds min(M v, 2 (p - r - 1) + (v - 1) p + 1)
chunk-microbatches. With a plain-1F1B report of the same degrees, the
interleaved bubble is smaller and rank 0 holds more activations.

usage: check_interleaved.py INTERLEAVED.json V [ONEF1B.json]
"""
import json
import sys

plan = json.load(open(sys.argv[1]))
v = int(sys.argv[2])
p = plan["degrees"]["pipeline"]
m = plan["microbatches"]
est = plan["estimate"]
assert plan["schedule"] == "interleaved", plan["schedule"]
assert plan["virtual_stages"] == v, plan["virtual_stages"]
assert m % p == 0, (m, p)
stages = plan["stages"]
assert len(stages) == p * v, (len(stages), p, v)
ranks = [0.0] * p
for k, s in enumerate(stages):
    ranks[k % p] += s["microbatch_seconds"]
    want = min(m * v, 2 * (p - k % p - 1) + (v - 1) * p + 1)
    assert s["in_flight"] == want, (k, s["in_flight"], want)
slowest, total = max(ranks), sum(ranks)
bubble = (total - slowest) / v
step = m * slowest + bubble + est["data_sync_seconds"] + est["update_seconds"]
rel = lambda a, b: abs(a - b) / max(abs(b), 1e-30)
assert rel(est["bubble_seconds"], bubble) < 1e-9, (est["bubble_seconds"], bubble)
assert rel(est["step_seconds"], step) < 1e-9, (est["step_seconds"], step)
# Equal ranks give Megatron's bubble fraction (p - 1) / (v M + p - 1); the
# measured ranks differ a little, so the fraction is bounded by it at the
# slowest rank's time.
frac = bubble / (m * slowest + bubble)
assert frac <= (p - 1) / (v * m + p - 1) + 1e-12, frac
print(f"interleaved p={p} v={v} M={m}: bubble {bubble:.3e} s "
      f"({100 * frac:.2f}% of the pipeline time; equal ranks "
      f"{100 * (p - 1) / (v * m + p - 1):.2f}%)")
if len(sys.argv) > 3:
    plain = json.load(open(sys.argv[3]))
    assert plain["schedule"] == "1f1b" and plain["virtual_stages"] == 1
    assert plain["degrees"] == plan["degrees"] and plain["microbatches"] == m
    pe = plain["estimate"]
    assert est["bubble_seconds"] < pe["bubble_seconds"], (
        est["bubble_seconds"], pe["bubble_seconds"])
    a0 = stages[0]["memory"]["activations"]
    b0 = plain["stages"][0]["memory"]["activations"]
    assert a0 > b0, (a0, b0)
    # Interleaving sends v times the boundaries per rank.
    assert est["p2p_seconds"] > pe["p2p_seconds"], (
        est["p2p_seconds"], pe["p2p_seconds"])
    print(f"1f1b bubble {pe['bubble_seconds']:.3e} s; rank 0 activations "
          f"{a0:.0f} B interleaved vs {b0:.0f} B")
