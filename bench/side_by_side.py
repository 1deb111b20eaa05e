#!/usr/bin/env python3
"""Two builds of dfpn on the same problems, at the same time, one core each.

Each problem runs twice: build A on core 0 and build B on core 1, then the
other way round, so neither build keeps the faster core. Prints each run's
nodes and time and the ratio of nodes per second (B / A). Node counts must be
equal on one thread; a pure restructuring keeps the ratio near 1.

  bench/side_by_side.py OLD/bin/dfpn NEW/bin/dfpn -- --game hex --size 7 --moves a2 --algo dfpn+
  bench/side_by_side.py OLD/bin/dfpn NEW/bin/dfpn --problems problems.txt   (one argument line each)
"""
import argparse
import json
import shlex
import subprocess
import sys


def solve(binary, core, args):
    cmd = ["taskset", "-c", str(core), binary, "solve", "--json", "-q", "--threads", "1"] + args
    return subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)


def result(proc):
    out, _ = proc.communicate()
    r = json.loads(out)
    return r["nodes"], r["time_s"], r["result"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--problems", help="file with one line of solve arguments per problem")
    argv = sys.argv[1:]
    rest = argv[argv.index("--") + 1:] if "--" in argv else []
    o = ap.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    lines = []
    if o.problems:
        with open(o.problems) as f:
            lines = [shlex.split(line) for line in f if line.strip() and not line.startswith("#")]
    if rest:
        lines.append(rest)
    total = {"a": 0.0, "b": 0.0}
    print(f"{'problem':50} {'nodes A':>9} {'nodes B':>9} {'A s':>8} {'B s':>8} {'B/A n/s':>8}")
    for args in lines:
        times = {"a": 0.0, "b": 0.0}
        nodes = {}
        for core_a, core_b in ((0, 1), (1, 0)):
            pa, pb = solve(o.a, core_a, args), solve(o.b, core_b, args)
            (na, ta, ra), (nb, tb, rb) = result(pa), result(pb)
            times["a"] += ta
            times["b"] += tb
            nodes = {"a": na, "b": nb, "ra": ra, "rb": rb}
        for k in total:
            total[k] += times[k]
        ratio = (nodes["b"] / times["b"]) / (nodes["a"] / times["a"]) if times["a"] and times["b"] else float("nan")
        print(f"{' '.join(args)[:50]:50} {nodes['a']:>9} {nodes['b']:>9} {times['a']:>8.2f} {times['b']:>8.2f} "
              f"{ratio:>8.3f}" + ("" if nodes["a"] == nodes["b"] and nodes["ra"] == nodes["rb"] else "  DIFFERENT"))
    print(f"{'total (both orders)':50} {'':>9} {'':>9} {total['a']:>8.2f} {total['b']:>8.2f} "
          f"{total['a'] / total['b'] if total['b'] else float('nan'):>8.3f} (time A / time B)")


if __name__ == "__main__":
    sys.exit(main())
