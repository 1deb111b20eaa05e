#!/usr/bin/env python3
"""Wall-clock time of dfpn-dist against dfpn, side by side in one run.

  bench/dist_speedup.py [--build build] [--size 7] [--openings a4,a2] [--workers 2] [--repeat 3]

For each Hex opening runs, alternating and --repeat times each:
  * dfpn solve --threads 1                       (one thread: the baseline)
  * dfpn solve --threads W                       (W threads sharing one table)
  * mpirun -np W+1 dfpn-dist solve --threads 1   (a master and W one-thread workers)
and prints the median wall time of each, its speedup over one thread, and
the expansions. Run it on a quiet machine: nothing else may use the cores.
Exits 1 if two runs disagree on an answer.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time


def run(command):
    start = time.monotonic()
    out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    elapsed = time.monotonic() - start
    j = json.loads(out[out.index("{"):])
    return elapsed, j["result"], j["nodes"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", default="build")
    ap.add_argument("--size", type=int, default=7)
    ap.add_argument("--openings", default="a4,a2")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--repeat", type=int, default=3)
    o = ap.parse_args()
    env = dict(os.environ, OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1")
    os.environ.update(env)
    dfpn = os.path.join(o.build, "bin", "dfpn")
    dist = os.path.join(o.build, "bin", "dfpn-dist")
    w = o.workers
    configs = [
        ("dfpn, 1 thread", lambda p: [dfpn, "solve", *p, "--threads", "1", "--json", "-q"]),
        (f"dfpn, {w} threads", lambda p: [dfpn, "solve", *p, "--threads", str(w), "--json", "-q"]),
        (f"dfpn-dist, {w} workers", lambda p: ["mpirun", "--oversubscribe", "-np", str(w + 1), dist, "solve", *p,
                                              "--threads", "1", "--json"]),
    ]
    agree = True
    print("| opening | solver | median s | speedup | expansions | answer |")
    print("| --- | --- | ---: | ---: | ---: | --- |")
    for opening in o.openings.split(","):
        problem = ["--game", "hex", "--size", str(o.size), "--moves", opening]
        times = {name: [] for name, _ in configs}
        last = {}
        for _ in range(o.repeat):
            for name, command in configs:
                elapsed, result, nodes = run(command(problem))
                times[name].append(elapsed)
                last[name] = (result, nodes)
        base = statistics.median(times[configs[0][0]])
        answers = {r for r, _ in last.values()}
        agree &= len(answers) == 1
        for name, _ in configs:
            t = statistics.median(times[name])
            result, nodes = last[name]
            print(f"| {opening} | {name} | {t:.2f} | {base / t:.2f}x | {nodes:,} | {result} |")
    return 0 if agree else 1


if __name__ == "__main__":
    sys.exit(main())
