"""The plan as a picture: one self-contained HTML page from a plan report.

``tofu-viz plan.json -o plan.html`` reads the JSON report that
``tofu-opt --tofu-partition="gpus=8 report=plan.json"`` (or ``--tofu-report``,
``print=json``) writes, or the report of the planner (``--tofu-plan ...
report=plan.json``), and writes one HTML file with its CSS, script and SVG
inline: nothing is fetched when the page is viewed. It shows

- the device grid: the recursion levels, the device groups that talk at each
  level and the link they use (from the machine description);
- per tensor, the part of it every device holds after each level;
- per op, its strategy and the bytes it moves, as a heat map over the op
  graph (ops layered by dependency depth);
- per device, the liveness memory estimate as a stacked bar;
- the estimated step time, broken down into compute and communication per
  level, labelled with the model that produced it.

Only the standard library is used. ``render_html(report)`` returns the page;
``main(argv)`` is the command line (docs/viz.md).
"""

import argparse
from collections import Counter
import html
import json
import math
import os
import re
import sys

PAGE_WIDTH = 1320
# Step time and memory sit side by side.
HALF_WIDTH = 636
LEVEL_COLOURS = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1",
                 "#76b7b2", "#edc948", "#9c755f"]
DIM_COLOURS = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#b07aa1",
               "#9c755f"]
MEMORY_KINDS = [  # (label, partition report key, planner report key, colour)
    ("parameters", "parameters_bytes", "parameters", "#4e79a7"),
    ("gradients", "gradients_bytes", "gradients", "#f28e2b"),
    ("optimizer", "optimizer_state_bytes", "optimizer", "#e15759"),
    ("activations", "activations_bytes", "activations", "#76b7b2"),
    ("buffers", "buffers_bytes", "buffers", "#59a14f"),
]
# Light yellow to dark red (ColorBrewer YlOrRd), for bytes moved.
HEAT_STOPS = ["#ffeda0", "#fed976", "#feb24c", "#fd8d3c", "#fc4e2a",
              "#e31a1c", "#bd0026", "#800026"]
NO_BYTES_COLOUR = "#e8ebef"
PHASES = ["forward", "backward", "update"]
TIMES = "\u00d7"


class ReportError(Exception):
    """A report that cannot be drawn; the message says where and why."""


# ---------------------------------------------------------------------------
# Formatting
# ---------------------------------------------------------------------------

def esc(text):
    return html.escape(str(text), quote=True)


def human_bytes(b):
    units = ["B", "KiB", "MiB", "GiB", "TiB", "PiB"]
    b = float(b)
    u = 0
    while abs(b) >= 1024 and u < len(units) - 1:
        b /= 1024
        u += 1
    return f"{b:.0f} B" if u == 0 else f"{b:.2f} {units[u]}"


def human_seconds(s):
    s = float(s)
    if abs(s) < 1e-15:  # Rounding noise of the estimates: -0.0, 1e-20.
        return "0 s"
    if abs(s) >= 1:
        return f"{s:.3f} s"
    if abs(s) >= 1e-3:
        return f"{s * 1e3:.3f} ms"
    if abs(s) >= 1e-6:
        return f"{s * 1e6:.2f} \u00b5s"
    return f"{s * 1e9:.1f} ns"


def human_rate(x, unit):
    for scale, prefix in [(1e15, "P"), (1e12, "T"), (1e9, "G"), (1e6, "M"),
                          (1e3, "k")]:
        if abs(x) >= scale:
            return f"{x / scale:.3g} {prefix}{unit}"
    return f"{x:.3g} {unit}"


def yes_no(v):
    return {True: "yes", False: "no"}.get(v, str(v))


def percent(part, whole):
    return f"{100.0 * part / whole:.1f}%" if whole > 0 else "-"


def mix(c1, c2, t):
    a = [int(c1[i:i + 2], 16) for i in (1, 3, 5)]
    b = [int(c2[i:i + 2], 16) for i in (1, 3, 5)]
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b))


def heat_colour(b, lo, hi):
    """Bytes on a log scale from lo (lightest) to hi (darkest)."""
    if b <= 0:
        return NO_BYTES_COLOUR
    t = 1.0
    if hi > lo:
        t = (math.log(b) - math.log(lo)) / (math.log(hi) - math.log(lo))
    t = min(1.0, max(0.0, t)) * (len(HEAT_STOPS) - 1)
    i = min(int(t), len(HEAT_STOPS) - 2)
    return mix(HEAT_STOPS[i], HEAT_STOPS[i + 1], t - i)


def device_colour(r, k):
    if k <= len(LEVEL_COLOURS):
        return LEVEL_COLOURS[r]
    return f"hsl({round(360 * r / k)}, 55%, 60%)"


def layout_colour(layout):
    m = re.fullmatch(r"split\((\d+)\)", layout)
    return DIM_COLOURS[int(m.group(1)) % len(DIM_COLOURS)] if m else "#bab0ac"


# ---------------------------------------------------------------------------
# Reading and checking reports
# ---------------------------------------------------------------------------

def _is_number(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) \
        and math.isfinite(v)


_KINDS = {
    "number": (_is_number, "a number"),
    "size": (lambda v: _is_number(v) and v >= 0, "a non-negative number"),
    "count": (lambda v: isinstance(v, int) and not isinstance(v, bool)
              and v >= 0, "a non-negative integer"),
    "positive": (lambda v: isinstance(v, int) and not isinstance(v, bool)
                 and v > 0, "a positive integer"),
    "string": (lambda v: isinstance(v, str), "a string"),
    "list": (lambda v: isinstance(v, list), "a list"),
    "object": (lambda v: isinstance(v, dict), "an object"),
    "bool": (lambda v: isinstance(v, bool), "true or false"),
}


def _check(value, kind, where):
    test, name = _KINDS[kind]
    if not test(value):
        raise ReportError(f"{where}: expected {name}, got {json.dumps(value)[:60]}")
    return value


def field(obj, key, kind, where, default=KeyError):
    """obj[key] checked to be of `kind`; `default` when absent (if given)."""
    if key not in obj:
        if default is KeyError:
            raise ReportError(f"{where}: missing '{key}'")
        return default
    return _check(obj[key], kind, f"{where}.{key}")


def list_of(obj, key, kind, where, length=None, default=KeyError):
    items = field(obj, key, "list", where, default)
    if items is None:
        return None
    if length is not None and len(items) != length:
        raise ReportError(f"{where}.{key}: expected {length} entries (one per "
                          f"level), got {len(items)}")
    for i, v in enumerate(items):
        _check(v, kind, f"{where}.{key}[{i}]")
    return items


def report_kind(report):
    if not isinstance(report, dict):
        raise ReportError("the report is not a JSON object")
    if "ops" in report and "levels" in report:
        return "partition"
    if "stages" in report and "degrees" in report:
        return "planner"
    raise ReportError("neither a --tofu-partition report ('levels', 'ops') "
                      "nor a --tofu-plan report ('degrees', 'stages')")


def parse_layout(text, rank, where):
    """-1 for a replica, -2 for partial sums (every device holds the whole
    frame, as a replica does), else the split dimension."""
    if text == "rep":
        return -1
    if text == "partial":
        return -2
    m = re.fullmatch(r"split\((\d+)\)", text)
    if not m:
        raise ReportError(f"{where}: '{text}' is neither 'rep', 'partial' "
                          "nor 'split(N)'")
    d = int(m.group(1))
    if d >= rank:
        raise ReportError(f"{where}: {text} but the tensor has rank {rank}")
    return d


def check_partition_report(r):
    """Checks every field the page draws; returns the number of levels."""
    levels = list_of(r, "levels", "positive", "report")
    k = field(r, "gpus", "positive", "report")
    if math.prod(levels) != k:
        raise ReportError(f"report.levels: {levels} multiply to "
                          f"{math.prod(levels)}, not gpus = {k}")
    n = len(levels)
    for key in ["comm_bytes", "compute_seconds", "estimated_step_seconds"]:
        field(r, key, "size", "report")
    list_of(r, "comm_bytes_per_level", "size", "report", n)
    list_of(r, "comm_seconds_per_level", "size", "report", n)
    details = field(r, "level_details", "list", "report", [])
    if details and len(details) != n:
        raise ReportError(f"report.level_details: {len(details)} entries for "
                          f"{n} levels")
    for i, d in enumerate(details):
        where = f"report.level_details[{i}]"
        _check(d, "object", where)
        field(d, "link", "string", where)
        field(d, "group_size", "positive", where)
    for i, t in enumerate(field(r, "tensors", "list", "report")):
        where = f"report.tensors[{i}]"
        _check(t, "object", where)
        field(t, "name", "string", where)
        shape = list_of(t, "shape", "count", where)
        field(t, "bytes", "size", where)
        for j, p in enumerate(list_of(t, "partition", "string", where, n)):
            parse_layout(p, len(shape), f"{where}.partition[{j}]")
    ops = field(r, "ops", "list", "report")
    for i, o in enumerate(ops):
        where = f"report.ops[{i}]"
        _check(o, "object", where)
        field(o, "name", "string", where)
        field(o, "op", "string", where)
        list_of(o, "strategy", "string", where, n)
        list_of(o, "comm_bytes_per_level", "size", where, n, None)
        field(o, "phase", "string", where, None)
        for j, p in enumerate(list_of(o, "producers", "count", where,
                                      default=[])):
            if p >= len(ops) or p == i:
                raise ReportError(f"{where}.producers[{j}]: {p} is not "
                                  f"another op's index")
    memory = field(r, "memory", "object", "report", None)
    if memory is not None:
        for _, key, _, _ in MEMORY_KINDS:
            field(memory, key, "size", "report.memory")
    check_machine(field(r, "machine_details", "object", "report", None),
                  "report.machine_details")
    return n


def check_planner_report(r):
    degrees = field(r, "degrees", "object", "report")
    for key in ["data", "pipeline", "tensor"]:
        field(degrees, key, "positive", "report.degrees")
    estimate = field(r, "estimate", "object", "report")
    for key in ["step_seconds", "compute_seconds"]:
        field(estimate, key, "size", "report.estimate")
    stages = field(r, "stages", "list", "report")
    if len(stages) != degrees["pipeline"]:
        raise ReportError(f"report.stages: {len(stages)} stages, but the "
                          f"pipeline degree is {degrees['pipeline']}")
    for i, s in enumerate(stages):
        where = f"report.stages[{i}]"
        _check(s, "object", where)
        memory = field(s, "memory", "object", where)
        for _, _, key, _ in MEMORY_KINDS:
            field(memory, key, "size", f"{where}.memory")
    for i, kind in enumerate(field(r, "kinds", "list", "report", [])):
        _check(kind, "object", f"report.kinds[{i}]")
        field(kind, "name", "string", f"report.kinds[{i}]")


def check_machine(m, where):
    if m is None:
        return
    for i, link in enumerate(field(m, "links", "list", where)):
        lw = f"{where}.links[{i}]"
        _check(link, "object", lw)
        field(link, "name", "string", lw)
        field(link, "group_size", "count", lw)
        field(link, "bandwidth_bytes_per_s", "size", lw)
        field(link, "latency_s", "size", lw)


def bundled_machine(name):
    """The machine description shipped in machines/ (for reports, like the
    planner's, that name the machine without describing it)."""
    here = os.path.dirname(os.path.realpath(__file__))
    path = os.path.join(here, "..", "..", "machines", f"{name}.json")
    if not re.fullmatch(r"[A-Za-z0-9_.-]+", str(name)) or \
            not os.path.exists(path):
        return None
    return load_machine(path)


def load_machine(path):
    """A machines/*.json file in the shape of the report's machine_details."""
    m = load_json(path)
    if not isinstance(m, dict) or not isinstance(m.get("device"), dict):
        raise ReportError(f"{path}: not a machine description (no 'device')")
    links = []
    for i, link in enumerate(field(m, "links", "list", path)):
        _check(link, "object", f"{path}.links[{i}]")
        links.append(link)
    details = {"name": m.get("name", "?"), "device": m["device"],
               "links": links}
    check_machine(details, path)
    bounded = [l["group_size"] for l in links if l["group_size"] > 0]
    details["node_size"] = bounded[0] if bounded else 1
    return details


def load_json(path):
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError as e:
        raise ReportError(e.strerror or str(e)) from None
    except UnicodeDecodeError as e:
        raise ReportError(f"not UTF-8 text ({e.reason} at byte {e.start})") \
            from None
    if not text.strip():
        raise ReportError("empty file, not a JSON report")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ReportError(f"not valid JSON: {e.msg} at line {e.lineno} "
                          f"column {e.colno}") from None
    except RecursionError:
        raise ReportError("not valid JSON: nested too deeply") from None


# ---------------------------------------------------------------------------
# Shared pieces of the page
# ---------------------------------------------------------------------------

def section(ident, title, body, note=""):
    note_html = f'<p class="note">{note}</p>' if note else ""
    return (f'<section id="{ident}"><h2>{esc(title)}</h2>{note_html}'
            f'{body}</section>\n')


def pair(left, right):
    return f'<div class="pair">{left}{right}</div>\n'


def svg(width, height, body, cls=""):
    return (f'<svg class="{cls}" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" xmlns="http://www.w3.org/2000/svg">'
            f'{body}</svg>')


def text(x, y, s, cls="", anchor="start", extra=""):
    return (f'<text x="{x:.1f}" y="{y:.1f}" class="{cls}" '
            f'text-anchor="{anchor}" {extra}>{esc(s)}</text>')


def rect(x, y, w, h, fill, extra="", title=None):
    head = (f'<rect x="{x:.1f}" y="{y:.1f}" width="{max(w, 0):.1f}" '
            f'height="{h:.1f}" fill="{fill}" {extra}')
    if title is None:
        return head + "/>"
    return f"{head}><title>{esc(title)}</title></rect>"


def stacked_bar(parts, x, y, h, scale):
    """Segments (label, value, colour) left to right; `scale` px per unit."""
    out = []
    for label, value, colour in parts:
        w = value * scale
        if w <= 0:
            continue
        out.append(rect(x, y, w, h, colour, 'class="seg"', label))
        x += w
    return "".join(out), x


def legend(items):
    return '<div class="legend">' + "".join(
        f'<span><i style="background:{c}"></i>{esc(label)}</span>'
        for label, c in items) + "</div>"


def table(header, rows, cls="", row_attrs=None):
    head = "".join(f"<th>{h}</th>" for h in header)
    attrs = row_attrs or [""] * len(rows)
    body = "".join(f"<tr {a}>" + "".join(f"<td>{c}</td>" for c in row) +
                   "</tr>" for row, a in zip(rows, attrs))
    return f'<table class="{cls}"><thead><tr>{head}</tr></thead>' \
           f'<tbody>{body}</tbody></table>'


def cards(items):
    return '<div class="cards">' + "".join(
        f'<div class="card"><div class="k">{esc(k)}</div>'
        f'<div class="v">{esc(v)}</div></div>' for k, v in items) + "</div>"


def memory_bars(bars, capacity, note):
    """One stacked bar per (label, {kind: bytes}) on a common scale."""
    peak = max([sum(m.values()) for _, m in bars] + [1])
    left = 16 + 8 * max(len(label) for label, _ in bars)
    width = HALF_WIDTH - left - 200
    scale = width / peak
    rows = []
    for i, (label, m) in enumerate(bars):
        y = 8 + i * 26
        parts = [(f"{name}: {human_bytes(m[name])}", m[name], colour)
                 for name, _, _, colour in MEMORY_KINDS]
        body, end = stacked_bar(parts, left, y, 18, scale)
        total = sum(m.values())
        cap = f" ({percent(total, capacity)} of {human_bytes(capacity)})" \
            if capacity else ""
        cap = cap.replace("(0.0% of", "(< 0.1% of") if total > 0 else cap
        rows.append(text(left - 8, y + 13, label, "lbl", "end") + body +
                    text(end + 6, y + 13, human_bytes(total) + cap, "val"))
    height = 16 + len(bars) * 26
    picture = svg(HALF_WIDTH, height, "".join(rows))
    items = [(name, colour) for name, _, _, colour in MEMORY_KINDS]
    return legend(items) + picture + f'<p class="note">{note}</p>'


def time_bar(parts, total, ideal, model):
    """The step as one stacked bar of (label, seconds, colour)."""
    left, width = 10, HALF_WIDTH - 30
    scale = width / max(total, 1e-30)
    body, _ = stacked_bar([(f"{label}: {human_seconds(s)}", s, c)
                           for label, s, c in parts], left, 8, 26, scale)
    marks = ""
    if ideal is not None and 0 < ideal <= total:
        x = left + ideal * scale
        right = x > left + width - 120
        marks += (f'<line x1="{x:.1f}" x2="{x:.1f}" y1="2" y2="40" '
                  f'class="mark"/>' +
                  text(x - 3 if right else x + 3, 48,
                       f"ideal {human_seconds(ideal)}", "val",
                       "end" if right else "start"))
    picture = svg(HALF_WIDTH, 56, body + marks)
    rows = [[f'<i class="sw" style="background:{c}"></i>{esc(label)}',
             human_seconds(s), percent(s, total)] for label, s, c in parts]
    rows.append(["<b>estimated step</b>", f"<b>{human_seconds(total)}</b>",
                 "100%"])
    return (picture + table(["part", "seconds", "share"], rows, "narrow") +
            f'<p class="note"><b>An estimate, not a measurement.</b> '
            f'Model: {esc(model)}</p>')


# ---------------------------------------------------------------------------
# Partition reports: devices, tensors, ops
# ---------------------------------------------------------------------------

def device_coords(r, levels):
    """Rank r's coordinate at each level (row-major over the levels, as the
    shard grid numbers ranks: the last level varies fastest)."""
    coords = []
    for i, m in enumerate(levels):
        stride = math.prod(levels[i + 1:])
        coords.append((r // stride) % m)
    return coords


def device_box(shape, layouts, levels, rank):
    """The part of a tensor device `rank` holds after each level: per level
    its [lo, hi) per dimension. A split at a level cuts the current frame
    into ceil(frame / m) blocks, clamped to the tensor, as the search and
    the materializer do (the page's script does the same for every device,
    regionsOf)."""
    box = [[0, n] for n in shape]
    frames = list(shape)
    per_level = []
    for m, d, c in zip(levels, layouts, device_coords(rank, levels)):
        if d >= 0:
            frames[d] = -(-frames[d] // m)
            lo, hi = box[d]
            start = min(lo + c * frames[d], hi)
            box[d] = [start, min(start + frames[d], hi)]
        per_level.append([list(r) for r in box])
    return per_level


def ranges_text(box):
    return "[" + ", ".join(f"{lo}:{hi}" for lo, hi in box) + "]"


def partition_summary(r, machine):
    memory = r.get("memory", {})
    step = r["estimated_step_seconds"]
    items = [("function", "@" + str(r.get("function", "?"))),
             ("devices", f"{r['gpus']} \u00d7 {machine_label(r, machine)}"),
             ("levels", " \u00d7 ".join(map(str, r["levels"])) or "none"),
             ("search strategy", str(r.get("strategy", "?"))),
             ("bytes moved per step", human_bytes(r["comm_bytes"])),
             ("estimated step", human_seconds(step)),
             ("peak memory / device", human_bytes(memory["peak_bytes"])
              if "peak_bytes" in memory else "not in report"),
             ("ops / tensor classes",
              f"{len(r['ops'])} / {len(r['tensors'])}")]
    warn = ""
    if r.get("no_useful_splitting"):
        warn += '<p class="warn">This plan splits almost nothing: every ' \
                'device runs most of the step.</p>'
    if r.get("approximate"):
        warn += '<p class="warn">The search kept a beam at some level: the ' \
                'plan may not be optimal.</p>'
    return cards(items) + warn


def machine_label(r, machine):
    if machine and isinstance(machine.get("device"), dict):
        return str(machine["device"].get("name", machine.get("name", "?")))
    return str(r.get("machine", "?"))


def link_for(machine, group_size):
    """The link collectives among `group_size` devices use (Machine::linkFor:
    the innermost link whose group holds them)."""
    if not machine or not machine["links"]:
        return None
    for link in machine["links"]:
        if link["group_size"] == 0 or group_size <= link["group_size"]:
            return link
    return machine["links"][-1]


def level_label(i, r, machine):
    levels = r["levels"]
    m = levels[i]
    k = r["gpus"]
    group = k // math.prod(levels[:i])
    groups = k // group
    details = (r.get("level_details") or [None] * len(levels))[i] or {}
    link = link_for(machine, group)
    name = details.get("link") or (link["name"] if link else "?")
    speed = f", {human_rate(link['bandwidth_bytes_per_s'], 'B/s')}" \
        if link else ""
    moved = r["comm_bytes_per_level"][i]
    head = (f"level {i}: {m} ways, {groups} group{'s' if groups > 1 else ''} "
            f"of {group}")
    return head, (f"moves {human_bytes(moved)} "
                  f"({percent(moved, r['comm_bytes'])}) over {name}{speed}")


def device_row(levels, k, xs, bw, y0, node):
    """The devices in rank order, in dashed boxes by node; one bar when
    they are too many to draw one by one."""
    out = []
    span = 46 + 40 * len(levels)
    if node * (xs[1] - xs[0] if k > 1 else bw) >= 12:
        for n0 in range(0, k, node):
            n1 = min(k, n0 + node) - 1
            out.append(rect(xs[n0] - 3, y0 - 18, xs[n1] + bw - xs[n0] + 6,
                            span, "none", 'class="node"'))
            if (n0 // node) % max(1, math.ceil(k / node / 16)) == 0:
                out.append(text(xs[n0], y0 - 6, f"node {n0 // node}",
                                "small"))
    if bw < 2:
        out.append(rect(xs[0], y0, xs[-1] + bw - xs[0], 32, "#dfe6ee",
                        'class="dev"'))
        out.append(text((xs[0] + xs[-1]) / 2, y0 + 20, f"GPU 0 \u2026 GPU "
                        f"{k - 1} (too many to draw one by one)", "dl",
                        "middle"))
        return out
    label_every = max(1, math.ceil(k / 32))
    for d in range(k):
        coords = ",".join(map(str, device_coords(d, levels)))
        out.append(rect(xs[d], y0, bw, 32, "#dfe6ee", 'class="dev" rx="3"',
                        f"GPU {d}: coordinates ({coords})"))
        if d % label_every == 0 and bw >= 14:
            out.append(text(xs[d] + bw / 2, y0 + 14, f"GPU {d}", "dl",
                            "middle"))
            if bw >= 40 and levels:
                out.append(text(xs[d] + bw / 2, y0 + 27, f"({coords})",
                                "small", "middle"))
    return out


def level_band(i, r, machine, xs, bw, y):
    """Level i: its groups (outlined), each cut into the level's parts."""
    levels, k = r["levels"], r["gpus"]
    m = levels[i]
    group = k // math.prod(levels[:i])
    part = group // m
    head, tail = level_label(i, r, machine)
    out = [text(xs[0] - 10, y + 12, head, "lbl", "end"),
           text(xs[0] - 10, y + 26, tail, "small", "end")]
    colour = LEVEL_COLOURS[i % len(LEVEL_COLOURS)]
    step = xs[1] - xs[0] if k > 1 else bw
    if part * step < 3:
        out.append(rect(xs[0], y, xs[-1] + bw - xs[0], 30,
                        mix(colour, "#ffffff", 0.4), 'rx="2"'))
        out.append(text((xs[0] + xs[-1]) / 2, y + 19, f"{k // group} groups "
                        f"of {group}, each cut {m} ways (too narrow to draw)",
                        "pl", "middle"))
        return out
    for g0 in range(0, k, group):
        for p in range(m):
            a = g0 + p * part
            b = a + part - 1
            shade = mix(colour, "#ffffff", 0.25 if p % 2 == 0 else 0.55)
            out.append(rect(xs[a], y, xs[b] + bw - xs[a], 30, shade,
                            'rx="2"', f"level {i}, group {g0 // group}, "
                            f"part {p}: GPUs {a}-{b}"))
            if xs[b] + bw - xs[a] > 34:
                out.append(text((xs[a] + xs[b] + bw) / 2, y + 19,
                                f"part {p}", "pl", "middle"))
        out.append(rect(xs[g0] - 1, y - 1, xs[g0 + group - 1] + bw -
                        xs[g0] + 2, 32, "none", 'class="grp" rx="3"'))
    return out


def device_grid(r, machine):
    levels, k = r["levels"], r["gpus"]
    left = 400
    gap = 4 if k <= 64 else 1 if k <= 256 else 0
    bw = max(0.25, min(120.0, (PAGE_WIDTH - left - 10) / k - gap))
    node = (machine or {}).get("node_size") or k
    y0 = 22
    xs = [left + i * (bw + gap) for i in range(k)]
    out = device_row(levels, k, xs, bw, y0, node)
    for i in range(len(levels)):
        out.extend(level_band(i, r, machine, xs, bw, y0 + 42 + 40 * i))
    height = y0 + 50 + 40 * len(levels)
    picture = svg(PAGE_WIDTH, height, "".join(out))
    used = {}
    for i in range(len(levels)):
        link = link_for(machine, k // math.prod(levels[:i]))
        if link:
            used.setdefault(link["name"], []).append(str(i))
    usage = {name: ", ".join(ls) for name, ls in used.items()}
    return picture + machine_table(machine, r.get("machine", "?"),
                                   "levels using it", usage)


def machine_table(machine, name, usage_header, usage):
    """The machine's device and links; `usage` maps a link name to what the
    plan does with it (the column `usage_header`)."""
    if not machine:
        return ('<p class="note">The report does not describe machine '
                f'"{esc(name)}" and it is not bundled: link bandwidths are '
                'not shown (pass --machine FILE).</p>')
    dev = machine.get("device", {})
    facts = []
    if _is_number(dev.get("flops")):
        facts.append(f"{human_rate(dev['flops'], 'FLOP/s')} peak")
    if _is_number(dev.get("memory_bytes")):
        facts.append(f"{human_bytes(dev['memory_bytes'])} memory")
    if _is_number(dev.get("memory_bandwidth_bytes_per_s")) and \
            dev["memory_bandwidth_bytes_per_s"] > 0:
        facts.append(human_rate(dev["memory_bandwidth_bytes_per_s"], "B/s"))
    rows = [[esc(link["name"]),
             "any number" if link["group_size"] == 0 else
             f"up to {link['group_size']}",
             human_rate(link["bandwidth_bytes_per_s"], "B/s"),
             human_seconds(link["latency_s"]),
             esc(usage.get(link["name"], "-"))]
            for link in machine["links"]]
    return (f'<p>Machine <b>{esc(machine.get("name", "?"))}</b>: '
            f'{esc(dev.get("name", "?"))}, {esc(", ".join(facts))}. Links, '
            'innermost first (a group of devices uses the innermost link that '
            'holds it):</p>' +
            table(["link", "devices per group", "bandwidth per device",
                   "latency", usage_header], rows, "narrow"))


def tensor_rows(r):
    levels = r["levels"]
    order = sorted(range(len(r["tensors"])),
                   key=lambda t: (-r["tensors"][t]["bytes"], t))
    rows = []
    for t in order:
        tensor = r["tensors"][t]
        chips = "".join(f'<span class="chip" style="background:'
                        f'{layout_colour(p)}">{esc(p)}</span>'
                        for p in tensor["partition"])
        layouts = [parse_layout(p, len(tensor["shape"]), "")
                   for p in tensor["partition"]]
        boxes = device_box(tensor["shape"], layouts, levels, 0)
        first = boxes[-1] if boxes else [[0, n] for n in tensor["shape"]]
        share = tensor.get("per_device_bytes")
        kind = "parameter" if tensor.get("parameter") else ""
        shape = TIMES.join(map(str, tensor["shape"])) or "scalar"
        rows.append(f'<tr data-t="{t}"><td class="name">{esc(tensor["name"])}'
                    f'</td><td>{esc(kind)}</td><td>{shape}'
                    f'</td><td>{human_bytes(tensor["bytes"])}</td>'
                    f'<td>{chips}</td><td>{ranges_text(first)}</td><td>'
                    f'{human_bytes(share) if _is_number(share) else "-"}'
                    f'</td></tr>')
    head = "".join(f"<th>{h}</th>" for h in [
        "tensor class", "", "shape", "whole",
        f"layout per level (0 \u2192 {len(levels) - 1})" if levels else
        "layout (one device)", "GPU 0 holds", "per device"])
    return (f'<div class="scroll"><table id="tensor-table" class="wide">'
            f'<thead><tr>{head}</tr></thead><tbody>{"".join(rows)}</tbody>'
            f'</table></div>')


def tensor_panel(r):
    levels = r["levels"]
    radix = f" {TIMES} ".join(map(str, levels))
    detail = ('<div id="tensor-detail"><p class="note">The picture of the '
              'selected tensor is drawn by the page\'s script.</p></div>')
    legend_items = [(f"split(d{d})", c) for d, c in enumerate(DIM_COLOURS[:4])]
    legend_items.append(("rep (replicated)", "#bab0ac"))
    intro = (f"Each tensor class (a tensor with its gradients and updated "
             f"values) has one layout per level: <b>split(d)</b> cuts "
             f"dimension d into the level's ways, <b>rep</b> keeps it whole "
             f"at that level. After level i a device holds block c<sub>i</sub>"
             f" of the block it held before, c<sub>i</sub> its coordinate at "
             f"level i (GPU r has coordinates r in the mixed radix "
             f"{radix}). Click a row to draw "
             f"that tensor; largest first.")
    return (f"<p>{intro}</p>" + legend(legend_items) + detail +
            tensor_rows(r))


def op_depths(ops):
    """Longest path from a source, by producers (Kahn's order); a cycle in
    the report's producers is an error."""
    n = len(ops)
    consumers = [[] for _ in range(n)]
    pending = [0] * n
    for i, o in enumerate(ops):
        prods = set(o.get("producers", []))
        pending[i] = len(prods)
        for p in prods:
            consumers[p].append(i)
    depth = [0] * n
    ready = [i for i in range(n) if pending[i] == 0]
    done = 0
    while ready:
        i = ready.pop()
        done += 1
        for c in consumers[i]:
            depth[c] = max(depth[c], depth[i] + 1)
            pending[c] -= 1
            if pending[c] == 0:
                ready.append(c)
    if done < n:
        cyclic = next(i for i in range(n) if pending[i] > 0)
        raise ReportError(f"report.ops[{cyclic}].producers: the ops' "
                          f"producers form a cycle")
    return depth


def op_bytes(o, levels):
    per = o.get("comm_bytes_per_level")
    return per if per is not None else [0.0] * levels


def block_label(o):
    phase = o.get("phase", "forward")
    if phase == "update":
        return "update"
    head = o["name"].split(".")[0].split("#")[0]
    return head + (" \u2207" if phase == "backward" else "")


def graph_layout(ops):
    """Columns by depth, wrapped into rows that fit the page; returns the
    cell size, columns per row, per-op (row, column, slot), row heights."""
    depth = op_depths(ops)
    columns = {}
    for i in sorted(range(len(ops)), key=lambda i: (
            PHASES.index(ops[i].get("phase", "forward"))
            if ops[i].get("phase", "forward") in PHASES else 3, i)):
        columns.setdefault(depth[i], []).append(i)
    ncols = max(depth, default=0) + 1
    cell = 12 if ncols * 12 <= 3 * (PAGE_WIDTH - 40) else 9
    per_row = (PAGE_WIDTH - 40) // cell
    place = {}
    row_slots = {}
    for d, members in columns.items():
        row = d // per_row
        row_slots[row] = max(row_slots.get(row, 0), len(members))
        for slot, i in enumerate(members):
            place[i] = (row, d % per_row, slot)
    nrows = (ncols + per_row - 1) // per_row
    return cell, per_row, place, [row_slots.get(r, 1) for r in range(nrows)], \
        columns


def op_title(o, levels):
    per = op_bytes(o, levels)
    parts = [f"{o['name']} ({o['op']}, {o.get('phase', '?')})"]
    for i, s in enumerate(o["strategy"]):
        parts.append(f"level {i}: {s}, {human_bytes(per[i])}")
    if _is_number(o.get("flops")):
        parts.append(f"{o['flops']:.3g} FLOPs")
    if o.get("note"):
        parts.append(str(o["note"]))
    return "\n".join(parts)


def graph_svg(r, top):
    ops, n = r["ops"], len(r["levels"])
    cell, per_row, place, slots, columns = graph_layout(ops)
    node = cell - 3
    per_op = [op_bytes(o, n) for o in ops]
    values = [b for per in per_op for b in per + [sum(per)] if b > 0]
    lo, hi = (min(values), max(values)) if values else (1, 1)
    label_h, gap = 28, 12
    row_y, y = [], 6
    for s in slots:
        row_y.append(y + label_h)
        y += label_h + s * cell + gap
    height = y
    pos = {i: (20 + c * cell, row_y[rw] + s * cell) for i, (rw, c, s)
           in place.items()}
    edges, nodes, labels = [], [], []
    for i, o in enumerate(ops):
        for p in sorted(set(o.get("producers", []))):
            if place[p][0] != place[i][0]:
                continue  # Between rows: not drawn.
            (x1, y1), (x2, y2) = pos[p], pos[i]
            edges.append(f'M{x1 + node:.0f} {y1 + node / 2:.0f}L{x2:.0f} '
                         f'{y2 + node / 2:.0f}')
    rank = {i: k + 1 for k, i in enumerate(top)}
    ranked = []
    for i, o in enumerate(ops):
        x, y0 = pos[i]
        per = per_op[i]
        fills = [heat_colour(sum(per), lo, hi)] + \
            [heat_colour(b, lo, hi) for b in per]
        # One line per level in the tooltip, and one line of HTML per node.
        title = esc(op_title(o, n)).replace("\n", "&#10;")
        phase = o.get("phase", "forward")
        shape = {"backward": f'rx="{node / 2:.1f}"',
                 "update": 'class="upd"'}.get(phase, "")
        nodes.append(f'<rect x="{x}" y="{y0}" width="{node}" height="{node}" '
                     f'fill="{fills[0]}" data-fill="{" ".join(fills)}" '
                     f'data-op="{i}" {shape}><title>{title}</title></rect>')
        if i in rank:
            ranked.append((rank[i], i, x, y0))
    # Numbers where they fit (the first of two that would overlap wins):
    # the table below lists them all and hovering a row marks its op.
    taken = []
    for k, i, x, y0 in sorted(ranked):
        if all(abs(x - tx) > 14 or abs(y0 - ty) > 10 for tx, ty in taken):
            taken.append((x, y0))
            labels.append(text(x + node / 2, y0 - 2, str(k), "rank",
                               "middle"))
    for row in range(len(slots)):
        labels.extend(block_labels(ops, columns, row, per_row, cell,
                                   row_y[row] - 15))
    body = (f'<path d="{" ".join(edges)}" class="edge"/>' + "".join(nodes) +
            "".join(labels))
    return svg(PAGE_WIDTH, height, body, "graph"), lo, hi


def block_labels(ops, columns, row, per_row, cell, y):
    """Names of the runs of columns whose ops mostly belong to one block
    (the first component of their names: embed, l0, l1, ..., with a
    gradient mark for backward ops)."""
    out = []
    run_label, run_start = None, 0
    cols = range(row * per_row, (row + 1) * per_row + 1)
    for d in cols:
        members = columns.get(d, [])
        labels = [block_label(ops[i]) for i in members]
        # Ties go to the first label (Counter keeps insertion order), so
        # the page is the same from run to run.
        label = Counter(labels).most_common(1)[0][0] if labels else None
        if label != run_label or d == cols[-1]:
            if run_label is not None and d - run_start >= 3:
                x = 20 + (run_start - row * per_row) * cell
                w = (d - run_start) * cell - 3
                out.append(f'<line x1="{x}" x2="{x + w}" y1="{y + 3}" '
                           f'y2="{y + 3}" class="run"/>')
                if w > 6 * len(run_label):
                    out.append(text(x, y, run_label, "small"))
            run_label, run_start = label, d
    return out


def graph_panel(r):
    ops, n = r["ops"], len(r["levels"])
    if not ops:
        return '<p class="note">The function has no ops.</p>'
    has_bytes = all("comm_bytes_per_level" in o for o in ops)
    has_edges = any("producers" in o for o in ops)
    totals = [sum(op_bytes(o, n)) for o in ops]
    top = [i for i in sorted(range(len(ops)), key=lambda i: (-totals[i], i))
           if totals[i] > 0][:12]
    picture, lo, hi = graph_svg(r, top)
    buttons = ['<button data-level="0" class="on">all levels</button>'] + [
        f'<button data-level="{i + 1}">level {i}</button>' for i in range(n)]
    scale = ('<span class="scale"><i style="background:linear-gradient(90deg,'
             + ",".join(HEAT_STOPS) + f')"></i>{human_bytes(lo)} \u2026 '
             f'{human_bytes(hi)} (log scale)</span>') if any(totals) else \
        "<span>(no op moves any bytes)</span>"
    keys = legend([("no bytes moved", NO_BYTES_COLOUR)])
    missing = ""
    if not has_bytes:
        missing += ('<p class="warn">This report has no per-op bytes '
                    '(written by an older tofu-opt): the heat map is blank.'
                    '</p>')
    if not has_edges:
        missing += ('<p class="warn">This report has no op graph (producers):'
                    ' ops are drawn in program order.</p>')
    rows = [[str(k + 1), f'<span class="name">{esc(ops[i]["name"])}</span>',
             esc(ops[i]["op"]), esc("; ".join(ops[i]["strategy"])),
             esc(" + ".join(human_bytes(b) for b in op_bytes(ops[i], n))),
             human_bytes(totals[i]), percent(totals[i], r["comm_bytes"])]
            for k, i in enumerate(top)]
    top_table = table(["#", "op", "kind", "strategy per level",
                       "bytes per level", "total", "of the step"], rows,
                      "wide", [f'data-op="{i}"' for i in top])
    intro = ("One square per op, left to right by dependency depth (an op "
             "sits one column after the latest op whose result it reads), "
             "wrapped into rows; edges between rows are left out. Colour: the "
             "bytes the op moves (all groups of a level together; choose a "
             "level below). Squares: forward ops; circles: backward ops; "
             "outlined: parameter updates. Hover an op for its strategy per "
             "level; the numbers mark the ops that move the most, listed "
             "below.")
    return (f"<p>{intro}</p>{missing}<div class='controls'>colour by "
            f"{''.join(buttons)} {scale} {keys}</div>"
            f'<div id="op-info" class="note">&nbsp;</div>{picture}'
            f"<h3>Ops that move the most bytes</h3>{top_table}")


def factorization_panel(r):
    alts = r.get("factorizations_compared")
    if not isinstance(alts, list) or not alts or not r["levels"]:
        return ""
    valid = [a for a in alts if isinstance(a, dict) and
             _is_number(a.get("comm_bytes")) and
             isinstance(a.get("levels"), list)]
    if not valid:
        return ""
    worst = max(a["comm_bytes"] for a in valid) or 1
    out = []
    for i, a in enumerate(valid):
        y = 6 + i * 22
        chosen = a["levels"] == r["levels"]
        w = (PAGE_WIDTH - 420) * a["comm_bytes"] / worst
        out.append(text(180, y + 12, " \u00d7 ".join(map(str, a["levels"])),
                        "lbl", "end"))
        out.append(rect(190, y, w, 16, "#4e79a7" if chosen else "#c6d2e0"))
        out.append(text(196 + w, y + 12, human_bytes(a["comm_bytes"]) +
                        ("  \u2190 chosen" if chosen else ""), "val"))
    return ("<h3>Factorizations compared (bytes moved per step)</h3>" +
            svg(PAGE_WIDTH, 12 + 22 * len(valid), "".join(out)))


def partition_memory(r):
    memory = r.get("memory")
    if memory is None:
        return '<p class="note">This report has no memory estimate.</p>'
    m = {name: memory[key] for name, key, _, _ in MEMORY_KINDS}
    cap = ((r.get("machine_details") or {}).get("device") or {}).get(
        "memory_bytes")
    k = r["gpus"]
    # Beyond 16 devices one bar stands for all: the estimate is per rank and
    # every rank's is the same.
    bars = [(f"GPU {d}", m) for d in range(k)] if k <= 16 else \
        [(f"each of GPU 0-{k - 1}", m)]
    note = (f"Liveness estimate (docs/memory-model.md): the most one device "
            f"holds at once, at op <b>{esc(memory.get('peak_at', '?'))}</b>, "
            f"by kind. Every rank runs the same program on equal shares, so "
            f"the bars are equal (the largest shard where a split is uneven).")
    if _is_number(memory.get("no_reuse_upper_bound_bytes")):
        note += (" Without buffer reuse the bound is "
                 f"{human_bytes(memory['no_reuse_upper_bound_bytes'])}.")
    return memory_bars(bars, cap if _is_number(cap) else 0, note)


def partition_time(r):
    parts = [("compute", r["compute_seconds"], "#9aa9b8")]
    for i, s in enumerate(r["comm_seconds_per_level"]):
        head, _ = level_label(i, r, r.get("machine_details"))
        details = (r.get("level_details") or [{}] * len(r["levels"]))[i]
        parts.append((f"communication, level {i} "
                      f"({details.get('link', '?')})", s,
                      LEVEL_COLOURS[i % len(LEVEL_COLOURS)]))
    model = r.get("estimate_model") or (
        "compute = FLOPs per device / peak FLOP/s; communication of level i "
        "= its bytes / k / link bandwidth + latency; no overlap "
        "(docs/cost-model.md)")
    return time_bar(parts, r["estimated_step_seconds"],
                    r.get("ideal_step_seconds"), model)


def render_partition(r, machine):
    tensors = [{"name": t["name"], "shape": t["shape"],
                "partition": t["partition"]} for t in r["tensors"]]
    data = {"levels": r["levels"], "k": r["gpus"], "tensors": tensors,
            "deviceColours": [device_colour(d, r["gpus"])
                              for d in range(r["gpus"])],
            "dimColours": DIM_COLOURS}
    body = (section("summary", "Plan", partition_summary(r, machine)) +
            section("devices", "Device grid: levels and links",
                    device_grid(r, machine) + factorization_panel(r),
                    "Level i cuts every group of the level before into "
                    "the level's ways; the devices of one group talk over "
                    "the link named on the left.") +
            pair(section("step-time", "Estimated step time",
                         partition_time(r)),
                 section("memory", "Memory per device",
                         partition_memory(r))) +
            section("graph", "Ops: strategy and bytes moved", graph_panel(r)) +
            section("tensors", "Tensors: the part each device holds",
                    tensor_panel(r)))
    title = f"Tofu plan: @{r.get('function', '?')} on {r['gpus']} devices"
    return page(title, body, data)


# ---------------------------------------------------------------------------
# Planner reports
# ---------------------------------------------------------------------------

def planner_grid(r, machine):
    deg = r["degrees"]
    d, p, t = deg["data"], deg["pipeline"], deg["tensor"]
    shown_d = min(d, 8)
    node = (machine or {}).get("node_size") or d * p * t
    cell = max(10, min(44, (PAGE_WIDTH - 200) // max(1, p * (t + 1))))
    out = []
    for s in range(p):
        x0 = 120 + s * (t * cell + cell)
        out.append(text(x0, 14, f"stage {s}", "lbl"))
        for rep in range(shown_d):
            y = 22 + rep * (cell + 4)
            for j in range(t):
                rank = ((s * d) + rep) * t + j
                tint = "#dfe6ee" if (rank // node) % 2 == 0 else "#f3e3c8"
                out.append(rect(x0 + j * cell, y, cell - 3, cell, tint,
                                'class="dev"', f"GPU {rank} (node "
                                f"{rank // node}): stage {s}, replica {rep}, "
                                f"tensor {j}"))
                if cell >= 30:
                    out.append(text(x0 + j * cell + (cell - 3) / 2,
                                    y + cell / 2 + 4, str(rank), "small",
                                    "middle"))
    for rep in range(shown_d):
        out.append(text(110, 22 + rep * (cell + 4) + cell / 2 + 4,
                        f"replica {rep}", "small", "end"))
    height = 30 + shown_d * (cell + 4)
    more = (f'<p class="note">{d - shown_d} more data-parallel replicas are '
            f'not drawn.</p>' if d > shown_d else "")
    links = r["estimate"].get("tensor_comm_by_link", {})
    usage = {name: human_seconds(s) for name, s in links.items()
             if _is_number(s)}
    return (svg(PAGE_WIDTH, height, "".join(out)) + more +
            f"<p>Ranks are numbered tensor-innermost: rank = ((stage \u00b7 "
            f"{d}) + replica) \u00b7 {t} + tensor (docs/cost-model.md), so a "
            f"tensor group stays inside a node when t \u2264 the node size "
            f"(device tint alternates by node of {node}).</p>"
            + machine_table(machine, r.get("machine", "?"),
                            "tensor communication per step", usage))


def planner_time(r):
    est = r["estimate"]
    palette = iter(LEVEL_COLOURS)
    parts = [("compute", est["compute_seconds"], "#9aa9b8")]
    for key, label in [("tensor_comm_seconds", "tensor communication"),
                       ("p2p_seconds", "pipeline send/receive"),
                       ("zero3_exposed_comm_seconds", "ZeRO-3 exposed gathers"),
                       ("bubble_seconds", "pipeline bubble"),
                       ("data_sync_seconds", "data-parallel gradient sync"),
                       ("update_seconds", "optimizer update")]:
        value = est.get(key)
        colour = next(palette)
        if _is_number(value):
            parts.append((label, value, colour))
    model = est.get("model") or "docs/cost-model.md"
    return time_bar(parts, est["step_seconds"], None, model)


def render_planner(r, machine):
    deg = r["degrees"]
    est = r["estimate"]
    peak = max([sum(s["memory"][k] for _, _, k, _ in MEMORY_KINDS)
                for s in r["stages"]] + [0])
    items = [("function", "@" + str(r.get("function", "?"))),
             ("devices", f"{r.get('devices', '?')} \u00d7 "
                         f"{machine_label(r, machine)}"),
             ("data \u00d7 pipeline \u00d7 tensor",
              f"{deg['data']} \u00d7 {deg['pipeline']} \u00d7 {deg['tensor']}"),
             ("microbatches", f"{r.get('microbatches', '?')} of "
                              f"{r.get('microbatch_size', '?')}, "
                              f"{r.get('schedule', '?')}"),
             ("recompute / ZeRO", f"{yes_no(r.get('recompute'))} / stage "
                                  f"{r.get('zero', '?')}"),
             ("estimated step", human_seconds(est["step_seconds"])),
             ("peak memory / device", human_bytes(peak)),
             ("strategy", str(r.get("strategy", "?")))]
    kinds = [[esc(k["name"]), esc(k.get("count", "")),
              "yes" if k.get("periodic") else "no",
              esc(k.get("tensor_option", ""))] for k in r.get("kinds", [])]
    bars = []
    for s, stage in enumerate(r["stages"]):
        m = {name: stage["memory"][key] for name, _, key, _ in MEMORY_KINDS}
        first = s * deg["data"] * deg["tensor"]
        last = first + deg["data"] * deg["tensor"] - 1
        bars.append((f"stage {s} (GPUs {first}-{last})", m))
    stage_rows = [[str(s), esc(f"{st.get('first_segment', '?')}.."
                              f"{st.get('last_segment', '?')}"),
                   human_seconds(st.get("microbatch_seconds", 0)),
                   human_seconds(st.get("compute_seconds", 0)),
                   human_seconds(st.get("tensor_comm_seconds", 0)),
                   human_seconds(st.get("p2p_seconds", 0)),
                   esc(st.get("in_flight", "?"))]
                  for s, st in enumerate(r["stages"])]
    stages = table(["stage", "segments", "one microbatch", "compute",
                    "tensor comm", "send/receive", "microbatches in flight"],
                   stage_rows, "narrow")
    cap = r.get("memory_limit_bytes")
    absent = ('<p class="note">A --tofu-plan report describes segments and '
              'stages, not single ops or tensors: the op heat map and the '
              'per-tensor parts need a --tofu-partition report (tofu-opt '
              '--tofu-partition="gpus=N report=FILE").</p>')
    body = (section("summary", "Plan (planner)", cards(items)) +
            section("devices", "Device grid: data \u00d7 pipeline \u00d7 "
                    "tensor", planner_grid(r, machine)) +
            pair(section("step-time", "Estimated step time",
                         planner_time(r)),
                 section("memory", "Memory per device",
                         memory_bars(bars, cap if _is_number(cap) else 0,
                                     "Per stage: every device of a stage "
                                     "holds the same (the planner's "
                                     "estimate, docs/cost-model.md)."))) +
            section("graph", "Stages, segments and their tensor options",
                    stages + table(["segment kind", "count", "periodic",
                                    "tensor option"], kinds, "narrow") +
                    absent) +
            section("tensors", "Tensors", absent))
    title = f"Tofu planner: @{r.get('function', '?')} on " \
            f"{r.get('devices', '?')} devices"
    return page(title, body, {"levels": [], "k": 0, "tensors": []})


# ---------------------------------------------------------------------------
# The page
# ---------------------------------------------------------------------------

CSS = """
body{font:14px/1.4 system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",
sans-serif;margin:0;background:#f6f7f9;color:#1d2630}
header{background:#1d2b3a;color:#fff;padding:14px 24px}
header h1{margin:0;font-size:21px;font-weight:600}
header p{margin:2px 0 0;color:#b8c4d0;font-size:13px}
main{max-width:1360px;margin:0 auto;padding:8px 16px 40px}
section{background:#fff;border:1px solid #dde2e8;border-radius:6px;
margin:12px 0;padding:10px 18px 14px}
h2{font-size:17px;margin:4px 0 8px}h3{font-size:14px;margin:14px 0 6px}
.note{color:#56616d;font-size:12.5px;margin:4px 0}
.warn{color:#9a3412;background:#fff3e8;padding:4px 8px;border-radius:4px}
.cards{display:flex;flex-wrap:wrap;gap:8px}
.card{border:1px solid #e3e7ec;border-radius:5px;padding:6px 12px;
min-width:130px;background:#fafbfc}
.card .k{font-size:11.5px;color:#66717d;text-transform:uppercase;
letter-spacing:.03em}.card .v{font-size:16px;font-weight:600}
svg text{font-family:inherit}
.lbl{font-size:12.5px;font-weight:600;fill:#1d2630}
.val,.small{font-size:11.5px;fill:#3b4652}.dl{font-size:12px;font-weight:600}
.pl{font-size:11px;fill:#1d2630}.rank{font-size:9.5px;font-weight:700;
fill:#111}
.node{stroke:#7b8794;stroke-dasharray:4 3;fill:none}
.grp{stroke:#33404d;stroke-width:1.2;fill:none}
.dev{stroke:#8090a0}.seg{stroke:#fff;stroke-width:.5}
.mark{stroke:#111;stroke-width:1.5;stroke-dasharray:3 2}
.edge{stroke:#8794a3;stroke-width:.6;fill:none;opacity:.45}
.graph rect{stroke:#9aa5b1;stroke-width:.5}
.graph rect.upd{stroke:#1b5e20;stroke-width:1.6}
.graph rect.hl{stroke:#000;stroke-width:2}
.run{stroke:#aab4bf;stroke-width:1}
.legend{display:inline-flex;flex-wrap:wrap;gap:12px;font-size:12.5px;
margin:4px 0}.legend i,.sw{display:inline-block;width:12px;height:12px;
border-radius:2px;margin-right:4px;vertical-align:-1px}
.scale i{display:inline-block;width:120px;height:12px;margin:0 6px;
vertical-align:-2px;border-radius:2px}
.controls{font-size:12.5px;margin:6px 0;display:flex;gap:6px;
align-items:center;flex-wrap:wrap}
button{font:inherit;font-size:12px;padding:2px 8px;border:1px solid #b8c2cc;
background:#fff;border-radius:3px;cursor:pointer}
button.on{background:#1d2b3a;color:#fff;border-color:#1d2b3a}
table{border-collapse:collapse;font-size:12.5px;margin:4px 0}
th,td{border-bottom:1px solid #e6e9ed;padding:3px 8px;text-align:left;
vertical-align:top}th{background:#f1f3f6;font-weight:600;position:sticky;
top:0}table.narrow{min-width:480px}table.wide{width:100%}
.name{font-family:ui-monospace,"DejaVu Sans Mono",monospace;font-size:12px}
.chip{display:inline-block;color:#fff;border-radius:3px;padding:0 5px;
margin-right:3px;font-size:11.5px;font-family:ui-monospace,monospace}
.scroll{max-height:460px;overflow:auto;border:1px solid #e6e9ed}
#tensor-table tbody tr{cursor:pointer}#tensor-table tr.sel{background:#fff4c2}
#tensor-table tbody tr:hover{background:#f3f6fa}
.pair{display:flex;gap:12px;align-items:stretch}.pair>section{flex:1;
min-width:0}
.levels{display:flex;gap:18px;flex-wrap:wrap;align-items:flex-start}
.levels figure{margin:0}.levels figcaption{font-size:12px;color:#3b4652}
"""

# Draws the selected tensor's regions per level, recolours the op heat map
# by level, shows the hovered op, and marks the page finished (or failed:
# headless tests read the markers from the DOM).
# Installed first, in a script of its own, so that it also reports a
# script that does not parse.
ON_ERROR = r"""
window.onerror = function (message, source, line) {
  var d = document.createElement('div');
  d.id = 'tofu-viz-error';
  d.className = 'warn';
  d.textContent = 'script error: ' + message + ' (line ' + line + ')';
  (document.body || document.documentElement).prepend(d);
};
"""

SCRIPT = r"""
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('tofu-plan-data').textContent);
  var NS = 'http://www.w3.org/2000/svg';
  function el(name, attrs, parent, text) {
    var e = document.createElementNS(NS, name);
    for (var key in attrs) e.setAttribute(key, attrs[key]);
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  function ranges(box) {
    return '[' + box.map(function (r) { return r[0] + ':' + r[1]; })
      .join(', ') + ']';
  }
  function devices(list) {
    if (list.length === data.k) return 'all GPUs';
    var runs = [], start = list[0], prev = list[0];
    for (var i = 1; i <= list.length; i++) {
      if (i < list.length && list[i] === prev + 1) { prev = list[i]; continue; }
      runs.push(start === prev ? String(start) : start + '-' + prev);
      if (i < list.length) start = prev = list[i];
    }
    return 'GPU ' + runs.join(',');
  }
  // The two dimensions drawn: the split ones (most split first), else the
  // two largest; the others appear in the text only.
  function shownDims(t) {
    var count = t.shape.map(function () { return 0; });
    t.partition.forEach(function (p) {
      var m = /^split\((\d+)\)$/.exec(p);
      if (m) count[+m[1]] += 1;
    });
    var dims = t.shape.map(function (_, d) { return d; });
    dims.sort(function (a, b) {
      return (count[b] - count[a]) || (t.shape[b] - t.shape[a]) || (a - b);
    });
    return dims.slice(0, 2).sort(function (a, b) { return a - b; });
  }
  // As device_box in viz.py, for every device at once: per level the
  // distinct parts, each [box, devices], in the order of their first device.
  function regionsOf(t) {
    var boxes = [], frames = [], coords = [], out = [];
    for (var r = 0; r < data.k; r++) {
      boxes.push(t.shape.map(function (n) { return [0, n]; }));
      frames.push(t.shape.slice());
      var c = [], rest = r;
      for (var i = data.levels.length - 1; i >= 0; i--) {
        c[i] = rest % data.levels[i];
        rest = Math.floor(rest / data.levels[i]);
      }
      coords.push(c);
    }
    data.levels.forEach(function (m, i) {
      var split = /^split\((\d+)\)$/.exec(t.partition[i]);
      var groups = new Map();
      for (var r = 0; r < data.k; r++) {
        if (split) {
          var d = +split[1], frame = Math.ceil(frames[r][d] / m);
          var lo = boxes[r][d][0], hi = boxes[r][d][1];
          var start = Math.min(lo + coords[r][i] * frame, hi);
          boxes[r][d] = [start, Math.min(start + frame, hi)];
          frames[r][d] = frame;
        }
        var key = JSON.stringify(boxes[r]);
        if (!groups.has(key)) groups.set(key, [JSON.parse(key), []]);
        groups.get(key)[1].push(r);
      }
      out.push(Array.from(groups.values()));
    });
    return out;
  }
  function drawLevel(t, regions, caption, parent) {
    var W = 250, H = 170, dims = shownDims(t);
    var rows = dims.length > 0 ? t.shape[dims[0]] : 1;
    var cols = dims.length > 1 ? t.shape[dims[1]] : 1;
    var ratio = Math.max(0.25, Math.min(4, (cols || 1) / (rows || 1)));
    var w = ratio >= W / H ? W : H * ratio, h = ratio >= W / H ? W / ratio : H;
    var fig = document.createElement('figure');
    var svg = el('svg', {width: W + 20, height: h + 36}, fig);
    regions.forEach(function (entry) {
      var box = entry[0], devs = entry[1];
      var r0 = dims.length > 0 ? box[dims[0]] : [0, 1];
      var c0 = dims.length > 1 ? box[dims[1]] : [0, 1];
      var x = 10 + w * c0[0] / (cols || 1), y = 10 + h * r0[0] / (rows || 1);
      var bw = w * (c0[1] - c0[0]) / (cols || 1);
      var bh = h * (r0[1] - r0[0]) / (rows || 1);
      var colour = devs.length === 1 ? data.deviceColours[devs[0]] : '#d7dee6';
      var r = el('rect', {x: x, y: y, width: Math.max(bw, 0.5),
        height: Math.max(bh, 0.5), fill: colour, stroke: '#33404d',
        'stroke-width': 1}, svg);
      el('title', {}, r, devices(devs) + ' hold ' + ranges(box));
      if (bw > 26 && bh > 12)
        el('text', {x: x + bw / 2, y: y + bh / 2 + 4, 'text-anchor': 'middle',
          'class': 'pl'}, svg, devices(devs).replace('GPU ', ''));
    });
    var axis = dims.map(function (d) { return 'd' + d + '=' + t.shape[d]; });
    el('text', {x: 10, y: h + 28, 'class': 'small'}, svg,
       (axis[0] || 'scalar') + (axis[1] ? ' down, ' + axis[1] + ' across' :
       ' down'));
    var cap = document.createElement('figcaption');
    cap.innerHTML = caption;
    fig.appendChild(cap);
    parent.appendChild(fig);
  }
  function showTensor(index) {
    var t = data.tensors[index];
    var box = document.getElementById('tensor-detail');
    if (!t || !box) return;
    var regions = regionsOf(t);
    box.innerHTML = '';
    var title = document.createElement('h3');
    title.textContent = t.name + ' (' + (t.shape.join('\u00d7') || 'scalar') +
      ')';
    box.appendChild(title);
    var row = document.createElement('div');
    row.className = 'levels';
    drawLevel(t, [[t.shape.map(function (n) { return [0, n]; }),
      Array.from({length: data.k}, function (_, d) { return d; })]],
      'whole tensor', row);
    regions.forEach(function (parts, i) {
      drawLevel(t, parts, 'after level ' + i + ' (' + data.levels[i] +
        ' ways, <b>' + t.partition[i] + '</b>): ' + parts.length +
        ' distinct part' + (parts.length > 1 ? 's' : ''), row);
    });
    box.appendChild(row);
    var last = regions.length ? regions[regions.length - 1] :
      [[t.shape.map(function (n) { return [0, n]; }), [0]]];
    var table = document.createElement('table');
    table.className = 'narrow';
    table.id = 'tensor-parts';
    var html = '<thead><tr><th>devices</th><th>hold (index ranges, ' +
      'half-open, per dimension)</th></tr></thead><tbody>';
    last.forEach(function (entry) {
      html += '<tr><td>' + devices(entry[1]) + '</td><td class="name">' +
        ranges(entry[0]) + '</td></tr>';
    });
    table.innerHTML = html + '</tbody>';
    box.appendChild(table);
    document.querySelectorAll('#tensor-table tr.sel').forEach(function (r) {
      r.classList.remove('sel');
    });
    var selected = document.querySelector('#tensor-table tr[data-t="' +
      index + '"]');
    if (selected) selected.classList.add('sel');
  }
  var rows = document.querySelectorAll('#tensor-table tbody tr');
  rows.forEach(function (r) {
    r.addEventListener('click', function () { showTensor(+r.dataset.t); });
  });
  // Start with the largest tensor split at every level, else the largest.
  var first = null;
  rows.forEach(function (r) {
    var t = data.tensors[+r.dataset.t];
    if (first === null && t.partition.every(function (p) {
      return /^split/.test(p); })) first = +r.dataset.t;
  });
  if (first === null && rows.length) first = +rows[0].dataset.t;
  if (first !== null) showTensor(first);

  var buttons = document.querySelectorAll('.controls button');
  buttons.forEach(function (b) {
    b.addEventListener('click', function () {
      var level = +b.dataset.level;
      document.querySelectorAll('.graph rect[data-fill]').forEach(function (n) {
        n.setAttribute('fill', n.dataset.fill.split(' ')[level]);
      });
      buttons.forEach(function (o) { o.classList.toggle('on', o === b); });
    });
  });
  // Hovering an op, or its row in the table of the busiest ops, outlines
  // the op and spells out its title above the graph.
  var info = document.getElementById('op-info');
  function hover(target, op) {
    var n = document.querySelector('.graph rect[data-op="' + op + '"]');
    if (!n) return;
    target.addEventListener('mouseenter', function () {
      var title = n.querySelector('title');
      if (info && title) info.textContent = title.textContent.replace(/\n/g,
        ' \u00b7 ');
      n.classList.add('hl');
    });
    target.addEventListener('mouseleave', function () {
      n.classList.remove('hl');
    });
  }
  document.querySelectorAll('[data-op]').forEach(function (e) {
    hover(e, e.dataset.op);
  });
  var done = document.createElement('div');
  done.id = 'tofu-viz-done';
  done.hidden = true;
  document.body.appendChild(done);
})();
"""


def page(title, body, data):
    # "</" inside the embedded JSON would end the script element early.
    blob = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            f"<title>{esc(title)}</title><style>{CSS}</style>"
            f"<script>{ON_ERROR}</script></head><body>\n"
            f"<header><h1>{esc(title)}</h1><p>tofu-viz: the plan from the "
            f"JSON report; times and memory are the cost model's estimates"
            f"</p></header><main>\n{body}</main>\n"
            f'<script type="application/json" id="tofu-plan-data">{blob}'
            f"</script>\n<script>{SCRIPT}</script>\n</body></html>\n")


def render_html(report, machine=None):
    """The page for a --tofu-partition or --tofu-plan report (a dict).
    `machine`: a machine description (machines/*.json, as returned by
    load_machine) for reports that do not carry machine_details."""
    kind = report_kind(report)
    if kind == "partition":
        check_partition_report(report)
        machine = report.get("machine_details") or machine or \
            bundled_machine(report.get("machine", ""))
        return render_partition(report, machine)
    check_planner_report(report)
    machine = machine or bundled_machine(report.get("machine", ""))
    return render_planner(report, machine)


def main(argv=None):
    parser = argparse.ArgumentParser(
        prog="tofu-viz",
        description="Draw a tofu-opt plan report (--tofu-partition or "
                    "--tofu-plan report=FILE) as one self-contained HTML "
                    "page.")
    parser.add_argument("report", help="the JSON report")
    parser.add_argument("-o", "--output", required=True,
                        help="the HTML file to write ('-': stdout)")
    parser.add_argument("--machine", metavar="FILE",
                        help="machine description (machines/*.json) for a "
                             "report that only names its machine")
    args = parser.parse_args(argv)
    where = args.report
    try:
        machine = None
        if args.machine:
            where = args.machine
            machine = load_machine(args.machine)
        where = args.report
        page_text = render_html(load_json(args.report), machine)
    except ReportError as e:
        print(f"tofu-viz: error: {where}: {e}", file=sys.stderr)
        return 1
    if args.output == "-":
        sys.stdout.write(page_text)
        return 0
    tmp = args.output + ".tmp"
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(page_text)
        os.replace(tmp, args.output)
    except OSError as e:
        print(f"tofu-viz: error: {args.output}: {e.strerror or e}",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
