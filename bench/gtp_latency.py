#!/usr/bin/env python3
"""GTP's time limit on Hex 19x19: `param_dfpn timelimit 1`, then
dfpn-solve-state, genmove and dfpn-solver-find-winning, on 1 and 2 threads; prints the time from
sending each command to its answer.

  bench/gtp_latency.py build/bin/dfpn
"""
import subprocess, time, sys
def ask(p, line):
    p.stdin.write(line + "\n"); p.stdin.flush()
    out = []
    while True:
        l = p.stdout.readline()
        if l.strip() == "" and out: break
        if l.strip(): out.append(l.strip())
    return " ".join(out)
for threads in (1, 2):
    p = subprocess.Popen([sys.argv[1], "gtp", "--game", "hex", "--size", "19", "--threads", str(threads)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    ask(p, "param_dfpn timelimit 1")
    for cmd in ("dfpn-solve-state black", "genmove black", "dfpn-solver-find-winning black"):
        s = time.monotonic(); a = ask(p, cmd); print(f"threads {threads}: {cmd}: {time.monotonic()-s:.3f} s -> {a[:30]}")
    ask(p, "quit")
