#!/usr/bin/env python3
"""How promptly `dfpn solve` honours limits and signals (issue #38's probes).

  bench/stop_latency.py --dfpn build/bin/dfpn [--repeat 3]

Prints, for each probe, the wall time of the whole command:
  - `--time 1` on Hex 13x13 / 19x19 with 1 and 2 threads (should end by ~1.1 s);
  - SIGINT and SIGTERM sent 1.5 s into a Hex 9x9 solve, for every algorithm:
    the time from the signal to the answer (should be within 0.2 s), and
    whether the answer was `unknown` (reason `stopped`) with exit status 0.
Run it on an otherwise idle machine: these are wall-clock times.
"""
import argparse
import json
import signal
import subprocess
import time


def timed_limit(dfpn, args):
    start = time.monotonic()
    out = subprocess.run([dfpn, "solve", *args, "--json", "-q"], capture_output=True, text=True)
    wall = time.monotonic() - start
    j = json.loads(out.stdout)
    return wall, j["result"], j.get("reason")


def signal_latency(dfpn, args, sig, after=1.5):
    p = subprocess.Popen([dfpn, "solve", *args, "--json", "-q"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(after)
    sent = time.monotonic()
    p.send_signal(sig)
    out, _ = p.communicate()
    latency = time.monotonic() - sent
    ok = p.returncode == 0
    try:
        j = json.loads(out)
        ok = ok and j["result"] == "unknown" and j.get("reason") == "stopped"
    except ValueError:
        ok = False
    return latency, ok


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--dfpn", default="build/bin/dfpn")
    ap.add_argument("--repeat", type=int, default=3)
    o = ap.parse_args()
    print("| probe | wall s (each run) |\n| --- | --- |")
    for size in (13, 19):
        for threads in (1, 2):
            runs = [timed_limit(o.dfpn, ["--game", "hex", "--size", str(size), "--time", "1", "--threads", str(threads)])
                    for _ in range(o.repeat)]
            print(f"| hex {size}x{size} `--time 1`, {threads} thread(s) | "
                  + " / ".join(f"{w:.3f}" for w, _, _ in runs) + " |")
    print("\n| algorithm | SIGINT: signal to answer s | SIGTERM: signal to answer s | answered `unknown`/`stopped`, exit 0 |")
    print("| --- | ---: | ---: | --- |")
    for algo in ("dfpn", "dfpn+", "pds", "pdspn", "pns", "pn2", "pss", "minimax"):
        args = ["--game", "hex", "--size", "9", "--algo", algo, "--threads", "1"]
        a, ok_a = signal_latency(o.dfpn, args, signal.SIGINT)
        b, ok_b = signal_latency(o.dfpn, args, signal.SIGTERM)
        print(f"| {algo} | {a:.3f} | {b:.3f} | {'yes' if ok_a and ok_b else 'NO'} |")


if __name__ == "__main__":
    main()
