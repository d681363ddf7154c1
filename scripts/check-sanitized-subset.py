#!/usr/bin/env python3
"""Checks that CI's sanitized run selects every GoogleTest runner.

docs/reliability.md says CI runs the unit tests of every library and of the
run harness under the sanitizers. scripts/test.sh selects the sanitized part
with the lit filter SANITIZED_SUBSET (less SANITIZED_SKIPPED); this script
reads both from the script, finds every lit test whose RUN lines run a
GoogleTest binary (`--gtest_...`), and fails naming each runner the filter
does not select. Prints the count it checked when all are selected.
"""

import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def shell_variable(script, name):
    match = re.search(r"^%s='([^']*)'$" % name, script, re.MULTILINE)
    if not match:
        sys.exit("check-sanitized-subset: no %s='...' in scripts/test.sh" % name)
    return match.group(1)


def main():
    script = (ROOT / "scripts" / "test.sh").read_text()
    # The same anchored patterns scripts/test.sh gives lit's --filter and
    # --filter-out, which match against "TOFU :: <path under test/>".
    selected = re.compile(r"^TOFU :: (%s)" % shell_variable(script, "SANITIZED_SUBSET"))
    skipped = re.compile(r"^TOFU :: (%s)" % shell_variable(script, "SANITIZED_SKIPPED"))
    test_root = ROOT / "test"
    runners = []
    for path in sorted(test_root.rglob("*.test")):
        if "Inputs" in path.parts:
            continue
        text = path.read_text()
        if re.search(r"^\W*RUN:.*--gtest_", text, re.MULTILINE):
            runners.append("TOFU :: " + path.relative_to(test_root).as_posix())
    missing = [name for name in runners
               if not selected.search(name) or skipped.search(name)]
    for name in missing:
        print("check-sanitized-subset: %s runs GoogleTests but SANITIZED_SUBSET "
              "in scripts/test.sh does not select it" % name)
    if missing:
        return 1
    print("check-sanitized-subset: all %d GoogleTest runners are in the "
          "sanitized subset" % len(runners))
    return 0


if __name__ == "__main__":
    sys.exit(main())
