"""Checks a tofu-viz page against the report it was drawn from.

    check_page.py REPORT.json PAGE.html            the page as written
    check_page.py REPORT.json DOM.html --dom       Chromium's --dump-dom of it

Both: nothing is fetched at view time (no src/href/url()/@import, no
address other than the SVG namespace); the op graph has one node per op,
coloured "no bytes" exactly where the report's op moves none, darker where
it moves more. With --dom: the script finished (its marker is there, the
error marker is not) and the parts table it drew for the selected tensor
equals the parts computed here, independently, from the report's layouts.
"""
import argparse
import html
import json
import math
import re
import sys

NO_BYTES = "#e8ebef"


def fail(msg):
    print(f"check_page: {msg}", file=sys.stderr)
    sys.exit(1)


def check_self_contained(page):
    for pattern in [r"\bsrc\s*=", r"\bhref\s*=", r"url\(", r"@import"]:
        if re.search(pattern, page):
            fail(f"the page refers to something outside it: {pattern}")
    addresses = set(re.findall(r"https?://[^\s\"'<>]+", page))
    if addresses - {"http://www.w3.org/2000/svg"}:
        fail(f"addresses in the page: {sorted(addresses)[:5]}")


def luminance(colour):
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.299 * r + 0.587 * g + 0.114 * b


def check_graph(report, page):
    nodes = re.findall(r'<rect [^>]*fill="(#[0-9a-f]{6})" data-fill="[^"]*" '
                       r'data-op="(\d+)"', page)
    ops = report["ops"]
    if sorted(int(i) for _, i in nodes) != list(range(len(ops))):
        fail(f"{len(nodes)} graph nodes for {len(ops)} ops")
    fill = {int(i): c for c, i in nodes}
    moved = [(sum(o["comm_bytes_per_level"]), i) for i, o in enumerate(ops)]
    for b, i in moved:
        if (b == 0) != (fill[i] == NO_BYTES):
            fail(f"op {ops[i]['name']} moves {b} bytes but is {fill[i]}")
    busy = sorted(m for m in moved if m[0] > 0)
    for (b1, i1), (b2, i2) in zip(busy, busy[1:]):
        if b2 > b1 and luminance(fill[i2]) > luminance(fill[i1]) + 1e-9:
            fail(f"{ops[i2]['name']} moves more than {ops[i1]['name']} but "
                 f"is lighter")
    return len(nodes)


def expected_parts(shape, partition, levels):
    """Device r -> its box, one dimension at a time: along a dimension the
    levels that split it, in order, each cut the frame into ceil blocks."""
    k = math.prod(levels)
    parts = {}
    for r in range(k):
        coords, rest = [], r
        for m in reversed(levels):
            coords.append(rest % m)
            rest //= m
        coords.reverse()
        box = []
        for d, n in enumerate(shape):
            lo, hi, frame = 0, n, n
            for m, layout, c in zip(levels, partition, coords):
                if layout == f"split({d})":
                    frame = -(-frame // m)
                    lo = min(lo + c * frame, hi)
                    hi = min(lo + frame, hi)
            box.append(f"{lo}:{hi}")
        parts[r] = "[" + ", ".join(box) + "]"
    return parts


def devices_of(cell, k):
    if cell == "all GPUs":
        return list(range(k))
    out = []
    for run in cell.removeprefix("GPU ").split(","):
        a, _, b = run.partition("-")
        out.extend(range(int(a), int(b or a) + 1))
    return out


def check_dom(report, dom):
    if 'id="tofu-viz-error"' in dom:
        m = re.search(r'id="tofu-viz-error"[^>]*>([^<]*)', dom)
        fail(f"the page's script failed: {m.group(1) if m else '?'}")
    if 'id="tofu-viz-done"' not in dom:
        fail("the page's script did not finish (no tofu-viz-done marker)")
    m = re.search(r'<div id="tensor-detail"><h3>(.*?) \(', dom)
    table = re.search(r'<table class="narrow" id="tensor-parts">(.*?)</table>',
                      dom)
    if not m or not table:
        fail("no tensor picture was drawn")
    name = html.unescape(m.group(1))
    tensor = next(t for t in report["tensors"] if t["name"] == name)
    want = expected_parts(tensor["shape"], tensor["partition"],
                          report["levels"])
    got = {}
    for cell, box in re.findall(r'<tr><td>([^<]*)</td><td class="name">'
                                r'([^<]*)</td></tr>', table.group(1)):
        for r in devices_of(cell, report["gpus"]):
            got[r] = box
    if got != want:
        diff = [(r, got.get(r), want[r]) for r in want if got.get(r) != want[r]]
        fail(f"{name}: parts drawn differ from the layouts: {diff[:4]}")
    return name


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("report")
    ap.add_argument("page")
    ap.add_argument("--dom", action="store_true")
    args = ap.parse_args()
    report = json.load(open(args.report))
    page = open(args.page, encoding="utf-8").read()
    check_self_contained(page)
    nodes = check_graph(report, page)
    if args.dom:
        name = check_dom(report, page)
        print(f"dom ok: script finished, {nodes} op nodes, parts of {name} "
              f"match its layouts on {report['gpus']} devices")
    else:
        print(f"page ok: self-contained, {nodes} op nodes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
