"""Checks the report's explanations (explain=, docs/search.md): per level the
chosen value costs the level's optimum, which is the report's communication
of that level; every other value costs at least as much, and its extra is
the difference. With a second report (the same request solved by
exhaustive enumeration), every value's price must be the same: the prices
come from an independent solver.

usage: check_explanations.py REPORT.json [EXHAUSTIVE.json]"""

import json
import sys


def close(a, b):
    return abs(a - b) <= 1e-9 * max(1.0, abs(a), abs(b))


def check(report):
    explanations = report["explanations"]
    assert explanations, "no explanations in the report"
    for e in explanations:
        assert len(e["levels"]) == len(report["levels"]), e["name"]
        for level in e["levels"]:
            where = f"{e['name']} level {level['level']}"
            best = level["comm_bytes"]
            assert close(best, report["comm_bytes_per_level"][level["level"]]), where
            chosen = [o for o in level["options"] if o["chosen"]]
            assert len(chosen) == 1 and chosen[0]["value"] == level["chosen"], where
            assert close(chosen[0]["comm_bytes"], best), where
            assert len(level["options"]) >= 2, f"{where}: no alternative"
            for o in level["options"]:
                assert o["comm_bytes"] >= best * (1 - 1e-9), f"{where}: {o}"
                assert close(o["extra_comm_bytes"], o["comm_bytes"] - best), where
    return {(e["name"], l["level"], o["value"]): o["comm_bytes"]
            for e in explanations for l in e["levels"] for o in l["options"]}


def main(argv):
    prices = [check(json.load(open(path))) for path in argv[1:]]
    if len(prices) == 2:
        assert prices[0].keys() == prices[1].keys(), (prices[0].keys(), prices[1].keys())
        for key, value in prices[0].items():
            assert close(value, prices[1][key]), (key, value, prices[1][key])
    print(f"explanations ok: {len(prices[0])} prices")


if __name__ == "__main__":
    main(sys.argv)
