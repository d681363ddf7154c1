#!/usr/bin/env python3
"""Writes a synthetic InceptionV3-like layer graph in the authors' JSON format:
a stem, then inception blocks of parallel branches joined by a concat, then
a head. Widely branching: the number of ideals grows with the product of the
branch lengths per block, past the authors' DP cap of 60,000.

usage: inception_like.py [--training] [--blocks N] [--seed S] > graph.json
"""
import argparse
import json
import random

parser = argparse.ArgumentParser()
parser.add_argument("--training", action="store_true",
                    help="add a backward node per forward node (colour classes)")
parser.add_argument("--blocks", type=int, default=11)
parser.add_argument("--branches", default="4,7,10,5",
                    help="layers per branch of a block")
parser.add_argument("--seed", type=int, default=1)
parser.add_argument("--accelerators", type=int, default=4)
args = parser.parse_args()

rng = random.Random(args.seed)
nodes, edges = [], []
out_cost = {}


def node(layer, fwd=None):
    nid = len(nodes)
    t = round(rng.uniform(0.2, 2.0), 3)
    nodes.append({"id": nid, "name": "layer%d" % nid, "supportedOnFpga": 1,
                  "fpgaLatency": t, "cpuLatency": round(t * 10, 3),
                  "isBackwardNode": 0, "colorClass": nid,
                  "size": float(rng.randint(1, 50) * 2 ** 20),
                  "layerId": layer})
    out_cost[nid] = round(rng.uniform(0.05, 0.6), 3)
    return nid


def edge(u, v):
    edges.append({"sourceId": u, "destId": v, "cost": out_cost[u]})


branches = [int(b) for b in args.branches.split(",")]
prev = node(0)
for s in range(1, 4):  # stem
    n = node(s)
    edge(prev, n)
    prev = n
layer = 4
for b in range(args.blocks):
    tails = []
    for length in branches:
        cur = prev
        for _ in range(length):
            n = node(layer)
            edge(cur, n)
            cur = n
        tails.append(cur)
    join = node(layer + 1)
    for t in tails:
        edge(t, join)
    prev = join
    layer += 2
head = node(layer)
edge(prev, head)

if args.training:
    forward = list(nodes)
    mirror = {}
    for f in forward:
        bid = len(nodes)
        t = round(f["fpgaLatency"] * 2, 3)
        nodes.append({"id": bid, "name": f["name"] + ".grad",
                      "supportedOnFpga": 1, "fpgaLatency": t,
                      "cpuLatency": round(t * 10, 3), "isBackwardNode": 1,
                      "colorClass": f["colorClass"], "size": 0.0,
                      "layerId": f["layerId"]})
        out_cost[bid] = out_cost[f["id"]]
        mirror[f["id"]] = bid
    fwd_edges = list(edges)
    edge(head, mirror[head])
    for e in fwd_edges:
        edge(mirror[e["destId"]], mirror[e["sourceId"]])

total = sum(n["size"] for n in nodes)
print(json.dumps({"maxSizePerFPGA": total / args.accelerators * 1.5,
                  "maxFPGAs": args.accelerators, "maxCPUs": 1,
                  "nodes": nodes, "edges": edges}))
