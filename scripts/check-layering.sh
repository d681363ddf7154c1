#!/usr/bin/env bash
# Checks that the libraries' includes point one way (docs/design.md,
# "Layers"): every file under lib/X or include/Tofu/X includes Tofu headers
# only of X itself and of the layers X may use, listed below. Exits 0 when
# every include is allowed, 1 (listing each offending line) when not.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 - <<'PY'
import os
import re
import sys

# Each library and the libraries below it that it may include, lowest first.
# Dialect and Interfaces are one layer (the TDL description interface names
# TDL's enums, the dialects implement the interface).
ALLOWED = {
    "Support": set(),
    "Solver": {"Support"},
    "Interfaces": {"Dialect", "Support"},
    "Dialect": {"Interfaces", "Support"},
    "Analysis": {"Dialect", "Interfaces", "Support"},
    "Autodiff": {"Analysis", "Dialect", "Interfaces", "Support"},
    "Transforms": {"Analysis", "Dialect", "Interfaces", "Support"},
    "Conversion": {"Analysis", "Dialect", "Interfaces", "Support"},
    "SPMD": {"Analysis", "Dialect", "Interfaces", "Support"},
    "Partition": {"Analysis", "Conversion", "Dialect", "Interfaces", "Solver",
                  "Support"},
    "Placement": {"Analysis", "Dialect", "Interfaces", "Partition", "Solver",
                  "Support"},
    "Pipelines": {"Analysis", "Autodiff", "Conversion", "Dialect",
                  "Interfaces", "Partition", "SPMD", "Solver", "Support",
                  "Transforms"},
    "Planner": {"Analysis", "Dialect", "Interfaces", "Partition", "Pipelines",
                "Placement", "Solver", "Support"},
}
# Headers every layer may include (the umbrella registration header is for
# tools only, and is not in a layer's directory).
include = re.compile(r'^\s*#\s*include\s+"Tofu/([A-Za-z]+)/')
bad, checked = [], 0
for root in ("lib", "include/Tofu"):
    for layer in sorted(os.listdir(root)):
        top = os.path.join(root, layer)
        if not os.path.isdir(top):
            continue
        if layer not in ALLOWED:
            bad.append(f"{top}: a library the layering check does not know; "
                       f"add it to scripts/check-layering.sh")
            continue
        for dirpath, _, files in os.walk(top):
            for name in sorted(files):
                if not name.endswith((".cpp", ".h", ".td")):
                    continue
                path = os.path.join(dirpath, name)
                checked += 1
                with open(path, encoding="utf-8") as f:
                    for number, line in enumerate(f, 1):
                        m = include.match(line)
                        if not m:
                            continue
                        dep = m.group(1)
                        if dep != layer and dep not in ALLOWED[layer]:
                            bad.append(f"{path}:{number}: {layer} includes "
                                       f"Tofu/{dep}/, a layer it may not use")
for b in bad:
    print(b)
if bad:
    print(f"check-layering: {len(bad)} include(s) against the layers",
          file=sys.stderr)
    sys.exit(1)
print(f"check-layering: {checked} files, every include points down")
PY
