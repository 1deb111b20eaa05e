#!/usr/bin/env python3
"""Peak resident memory of `dfpn solve --memory-mb B` against B.

  bench/memory_budget.py --dfpn build/bin/dfpn [--cho ../shared/data/go/cho-dictionary-106/4.json]

For Hex 8x8 and 13x13, a Cho problem and a synthetic tree, at 1 and 2
threads and budgets of 48, 64, 128 and 256 MiB, runs the solve (a node cap keeps it
short) and reads the child's peak RSS from the kernel. Prints a table and
exits 1 if any run exceeds its budget + 24 MiB. The game's stores shrink to
fit a small budget ("stores MiB"); a budget too small for the program and
the threads is refused (exit 2): shown as "refused".
"""
import argparse
import json
import os
import subprocess
import sys

SLACK_MIB = 24


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--dfpn", default="build/bin/dfpn")
    ap.add_argument("--cho", default="../shared/data/go/cho-dictionary-106/4.json")
    o = ap.parse_args()
    problems = [
        ("hex 8x8 a1, 20,000 nodes", ["--game", "hex", "--size", "8", "--moves", "a1", "--nodes", "20000"]),
        ("hex 13x13, 1,000 nodes", ["--game", "hex", "--size", "13", "--nodes", "1000"]),
        ("Go " + os.path.basename(o.cho) + ", 300,000 nodes", [o.cho, "--nodes", "300000"]),
        ("synthetic tree, 3,000,000 nodes", ["--game", "synthetic", "--shape", "tree", "--depth", "24", "--branching", "2",
                                             "--min-branching", "2", "--terminal-rate", "0", "--nodes", "3000000"]),
    ]
    bad = 0
    print("| problem | threads | budget MiB | stores MiB | table MiB | peak RSS MiB | within budget + %d |" % SLACK_MIB)
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for name, args in problems:
        for threads in (1, 2):
            for budget in (48, 64, 128, 256):
                pid = os.fork()
                if pid == 0:
                    fd = os.open("/tmp/memory_budget_%d.json" % os.getpid(), os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
                    os.dup2(fd, 1)
                    os.execv(o.dfpn, [o.dfpn, "solve", *args, "--threads", str(threads), "--memory-mb", str(budget),
                                      "--json", "-q"])
                _, status, usage = os.wait4(pid, 0)
                path = "/tmp/memory_budget_%d.json" % pid
                try:
                    j = json.load(open(path))
                    table = j["tt_mb"]
                    stores = j["stats"].get("store_mb", 0.0)
                except (ValueError, KeyError):
                    table = stores = float("nan")
                os.remove(path)
                rss = usage.ru_maxrss / 1024
                code = os.WEXITSTATUS(status) if os.WIFEXITED(status) else -1
                if code == 2:
                    print(f"| {name} | {threads} | {budget} | - | - | - | refused (too small) |")
                    continue
                ok = code == 0 and rss <= budget + SLACK_MIB
                bad += not ok
                print(f"| {name} | {threads} | {budget} | {stores:.1f} | {table:.1f} | {rss:.1f} | {'yes' if ok else 'NO'} |")
                sys.stdout.flush()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
