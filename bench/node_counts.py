#!/usr/bin/env python3
"""Node counts (and the search's path) of every suite in bench/suites, one thread, for comparing two builds.

A pure restructuring must expand exactly the same nodes with the same answers
on one thread (node counts are deterministic there). This runs every suite
with node caps instead of time limits, so the comparison does not depend on
the machine's speed, and writes one JSON file of {suite: {problem: [result,
nodes]}}; with --compare it prints the problems whose counts differ.

  bench/node_counts.py --dfpn OLD/bin/dfpn --out old.json
  bench/node_counts.py --dfpn NEW/bin/dfpn --out new.json --compare old.json
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Node caps per suite: large enough to solve the easy problems and to run the
# hard ones deep, small enough for the whole run to take minutes.
CAPS = {
    "default.json": 10_000_000,
    "smoke.json": 10_000_000,
    "go-small.json": 200_000,
    "scale-synthetic.json": 2_000_000,
    "hex-6x6-openings.json": 200_000,
    "hex-7x7-openings.json": 20_000,
    "hex-8x8-openings.json": 3_000,
    "go-cho-106.json": 20_000,
}
# Every algorithm on the small suites, not just the ones they name.
ALGORITHMS = ["dfpn", "dfpn+", "pds", "pdspn", "pns", "pn2", "pss"]


def run_suite(dfpn, suite, sets, jobs):
    with tempfile.NamedTemporaryFile(suffix=".json") as report:
        args = [dfpn, "suite", suite, "-q", "-j", str(jobs), "--report", report.name]
        for s in sets:
            args += ["--set", s]
        subprocess.run(args, stdout=subprocess.DEVNULL, check=False)
        with open(report.name) as f:
            data = json.load(f)
    return {p["name"]: fingerprint(p.get("result") or {}) for p in data["problems"]}


# What must not change: the answer, the nodes, the line and the counters
# that follow the search's path (a search capped at N nodes expands N nodes
# whichever way it went; these tell two such runs apart).
FOLLOWED = ["tt_probes", "tt_hits", "tt_stores", "cutoffs", "wasted_work", "refuted_siblings",
            "forced_steps", "path_dependent_results", "max_depth", "second_level_nodes", "graph_nodes"]


def fingerprint(result):
    stats = result.get("stats") or {}
    return [result.get("result"), result.get("nodes"), " ".join(result.get("pv") or [])] + \
        [stats.get(k) for k in FOLLOWED]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dfpn", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--compare")
    ap.add_argument("-j", type=int, default=2)
    ap.add_argument("--only", help="only suites whose file name contains this")
    a = ap.parse_args()
    counts = {}
    suites_dir = os.path.join(ROOT, "bench", "suites")
    for name, cap in CAPS.items():
        if a.only and a.only not in name:
            continue
        path = os.path.join(suites_dir, name)
        if "cho" in name and not os.path.exists(os.path.join(ROOT, "..", "shared", "data", "go")):
            continue
        base = ["threads=1", f"nodes={cap}", "time=100000"]
        counts[name] = run_suite(a.dfpn, path, base, a.j)
        if name in ("smoke.json", "default.json", "go-small.json"):
            for algo in ALGORITHMS:
                counts[f"{name} algo={algo}"] = run_suite(a.dfpn, path, base + [f"algo={algo}", "verify=false"], a.j)
        print(f"{name}: {len(counts[name])} problems, {sum((v[1] or 0) for v in counts[name].values())} nodes",
              file=sys.stderr)
    with open(a.out, "w") as f:
        json.dump(counts, f, indent=1, sort_keys=True)
    if a.compare:
        with open(a.compare) as f:
            old = json.load(f)
        differ = 0
        for suite, problems in counts.items():
            for p, v in problems.items():
                o = old.get(suite, {}).get(p)
                if o != v:
                    differ += 1
                    print(f"DIFFERS {suite} / {p}: {o} -> {v}")
        total = sum(len(p) for p in counts.values())
        print(f"{total} runs compared, {differ} differ")
        sys.exit(1 if differ else 0)


if __name__ == "__main__":
    main()
