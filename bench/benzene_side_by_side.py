#!/usr/bin/env python3
"""dfpn against Benzene's df-pn solver on the same Hex positions, side by side.

Benzene (MoHex 2.0's engine, cgao3/benzene-vanilla-cmake) is built from its
public sources in a scratch folder outside this repository (never vendored,
never committed). Each position runs on both solvers at the same time, one
core each (taskset), then again with the cores swapped, so neither keeps the
faster core; each solver's time is the mean of its two runs. Prints each
position's times, node counts and the ratio dfpn / Benzene (below 1: dfpn is
faster), with the date and the CPU; --json writes the same as JSON. With
--rounds N each position gets N such pairs of runs: the times are the means
of all, and the range of the ratio over the pairs shows how far one pair can
stray on a noisy host.

  bench/benzene_side_by_side.py --suite bench/suites/hex-7x7-openings.json
  bench/benzene_side_by_side.py --size 8 --openings a1,d5 -- --algo dfpn+
  bench/benzene_side_by_side.py --size 8 --openings a1 --rounds 3
  bench/benzene_side_by_side.py --size 8 --openings a1 --benzene-tt-bits 13 -- --tt-entries 8192
  bench/benzene_side_by_side.py --size 8 --openings a1 --benzene-gtp "param_solver_vc use_patterns 0"

Arguments after `--` go to `dfpn solve` (its defaults otherwise). Benzene runs
with its defaults too (df-pn with widening 1 + 0.25, epsilon 0, a 2^21-entry
table), one thread, its solver's database off.

Building Benzene needs cmake, Boost (thread, system, filesystem,
program_options, date_time) and Berkeley DB:
  apt-get install cmake libboost-thread-dev libboost-system-dev libboost-filesystem-dev \\
      libboost-program-options-dev libboost-date-time-dev libdb-dev
"""
import argparse
import datetime
import json
import os
import platform
import re
import shutil
import subprocess
import tempfile
import sys
import threading
import time

BENZENE_URL = "https://github.com/cgao3/benzene-vanilla-cmake"


def cpu_name():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def build_benzene(source, scratch):
    """The mohex binary, cloned and built under `scratch` unless already there."""
    binary = os.path.join(scratch, "build", "src", "mohex", "mohex")
    if os.path.exists(binary):
        return binary
    if not os.path.isdir(os.path.join(scratch, "src")):
        os.makedirs(os.path.dirname(os.path.abspath(scratch)), exist_ok=True)
        subprocess.run(["git", "clone", "--depth", "1", source, scratch], check=True)
    build = os.path.join(scratch, "build")
    os.makedirs(build, exist_ok=True)
    subprocess.run(["cmake", "..", "-DCMAKE_BUILD_TYPE=Release"], cwd=build, check=True)
    subprocess.run(["make", f"-j{os.cpu_count() or 1}", "mohex"], cwd=build, check=True)
    return binary


def openings_of_suite(path):
    """(size, moves) of every Hex problem in a dfpn suite file."""
    with open(path) as f:
        suite = json.load(f)
    defaults = suite.get("defaults", {})
    out = []
    for p in suite["problems"]:
        q = dict(defaults, **p)
        if q.get("game") != "hex":
            continue
        out.append((int(q["size"]), q.get("moves", "").split(), p.get("name", "")))
    return out


class Run:
    def __init__(self):
        self.time_s = None
        self.nodes = None
        self.winner = None
        self.error = None

    def ok(self):
        return self.time_s is not None and self.error is None


def run_benzene(binary, core, size, moves, tt_bits, timeout, gtp=()):
    """Solves the position with Benzene's dfpn-solve-state; times the command alone."""
    r = Run()
    cmd = ["taskset", "-c", str(core), os.path.abspath(binary)]
    # Benzene writes default.log into its working directory: keep it out of the checkout.
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            bufsize=1, cwd=tempfile.gettempdir())
    err_lines = []
    reader = threading.Thread(target=lambda: err_lines.extend(proc.stderr), daemon=True)
    reader.start()

    def ask(line):
        proc.stdin.write(line + "\n")
        proc.stdin.flush()
        reply = []
        while True:
            out = proc.stdout.readline()
            if out == "":
                raise RuntimeError("benzene ended")
            if out.strip() == "" and reply:
                break
            if out.strip():
                reply.append(out.strip())
        text = " ".join(reply)
        if text.startswith("?"):
            raise RuntimeError(f"benzene: {line}: {text}")
        return text.lstrip("=").strip()

    try:
        ask(f"boardsize {size} {size}")
        ask("param_dfpn threads 1")
        if tt_bits:
            ask(f"param_dfpn tt_size {1 << tt_bits}")
        if timeout:
            ask(f"param_dfpn timelimit {timeout}")
        for line in gtp:
            ask(line)
        for i, m in enumerate(moves):
            ask(f"play {'b' if i % 2 == 0 else 'w'} {m}")
        ask("dfpn-clear-tt")
        mark = len(err_lines)
        start = time.perf_counter()
        winner = ask("dfpn-solve-state")
        r.time_s = time.perf_counter() - start
        r.winner = {"black": "black", "white": "white"}.get(winner.lower(), "unknown")
        ask("quit")
    except Exception as e:  # a failed command or a dead engine: report it, keep going
        r.error = str(e)
        proc.kill()
    proc.wait()
    reader.join(timeout=5)
    log = "".join(err_lines[mark:] if r.time_s is not None else err_lines)
    # The solver's statistics: "MID calls", "Terminal nodes", ... print to stderr.
    m = re.search(r"MID calls\s+(\d+)", log)
    if m:
        r.nodes = int(m.group(1))
    return r


def run_dfpn(binary, core, size, moves, extra, timeout):
    r = Run()
    args = ["taskset", "-c", str(core), binary, "solve", "--game", "hex", "--size", str(size), "--threads", "1",
            "--json", "-q"]
    if moves:
        args += ["--moves", " ".join(moves)]
    if timeout:
        args += ["--time", str(timeout)]
    out = subprocess.run(args + extra, capture_output=True, text=True)
    try:
        j = json.loads(out.stdout)
        r.time_s, r.nodes, r.winner = j["time_s"], j["nodes"], j.get("winner", "unknown")
    except (ValueError, KeyError):
        r.error = (out.stderr or out.stdout).strip()[:200]
    return r


def main():
    argv = sys.argv[1:]
    extra = argv[argv.index("--") + 1:] if "--" in argv else []
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dfpn", default="build/bin/dfpn")
    ap.add_argument("--benzene", help="a built mohex binary (else it is built under --scratch)")
    ap.add_argument("--benzene-source", default=BENZENE_URL, help="git URL or path to clone Benzene from")
    ap.add_argument("--scratch", default=os.path.expanduser("~/.cache/dfpn-bench/benzene"),
                    help="where Benzene is cloned and built (outside the repository)")
    ap.add_argument("--suite", help="a dfpn suite file: its Hex problems are the positions")
    ap.add_argument("--size", type=int, default=7)
    ap.add_argument("--openings", help="comma-separated first moves or lines of moves, e.g. \"a1,a1 e4\" (with --size)")
    ap.add_argument("--filter", default="", help="only positions whose name contains this")
    ap.add_argument("--benzene-tt-bits", type=int, default=0, help="Benzene's table: 2^bits entries (0: its default)")
    ap.add_argument("--time", type=float, default=0, help="time limit per solve, seconds (0: none)")
    ap.add_argument("--benzene-gtp", action="append", default=[],
                    help="a GTP command for Benzene before each solve (repeatable), e.g. to switch a piece of its "
                         "knowledge off: \"param_solver_vc use_patterns 0\"")
    ap.add_argument("--rounds", type=int, default=1,
                    help="pairs of runs per position, the cores swapped within each pair (default 1)")
    ap.add_argument("--json", help="write the results here")
    o = ap.parse_args(argv[:argv.index("--")] if "--" in argv else argv)
    if o.rounds < 1:
        ap.error("--rounds: must be at least 1")

    if shutil.which("taskset") is None:
        sys.exit("benzene_side_by_side: needs taskset (util-linux)")
    benzene = o.benzene or build_benzene(o.benzene_source, o.scratch)
    if o.suite:
        positions = openings_of_suite(o.suite)
    elif o.openings:
        # Each a first move, or a line of moves ("a1 e4").
        positions = [(o.size, m.split(), f"{o.size}x{o.size} {m}") for m in o.openings.split(",")]
    else:
        positions = [(o.size, [], f"{o.size}x{o.size} empty")]
    positions = [p for p in positions if o.filter in p[2]]

    stamp = datetime.datetime.now().strftime("%Y-%m-%d %H:%M")
    print(f"# {stamp}, {cpu_name()}, {os.cpu_count()} cores; dfpn {o.dfpn} {' '.join(extra)}; benzene {benzene}"
          + "".join(f"; benzene: {line}" for line in o.benzene_gtp))
    print(f"{'position':16} {'winner':7} {'benzene s':>10} {'dfpn s':>10} {'ratio':>7} {'benzene nodes':>14} "
          f"{'dfpn nodes':>11}" + (f" {'ratio range':>12}" if o.rounds > 1 else ""))
    rows, total = [], {"benzene": 0.0, "dfpn": 0.0}
    for size, moves, name in positions:
        runs = {"benzene": [], "dfpn": []}
        pair_ratios = []  # each pair's ratio, where all four runs went well
        for _ in range(o.rounds):
            pair = {"benzene": [], "dfpn": []}
            for bcore, dcore in ((0, 1), (1, 0)):
                result = {}
                tb = threading.Thread(target=lambda: result.update(
                    b=run_benzene(benzene, bcore, size, moves, o.benzene_tt_bits, o.time, o.benzene_gtp)))
                td = threading.Thread(
                    target=lambda: result.update(d=run_dfpn(o.dfpn, dcore, size, moves, extra, o.time)))
                tb.start(), td.start()
                tb.join(), td.join()
                pair["benzene"].append(result["b"])
                pair["dfpn"].append(result["d"])
            for who in runs:
                runs[who] += pair[who]
            if all(r.ok() for who in pair for r in pair[who]):
                pair_ratios.append(sum(r.time_s for r in pair["dfpn"]) / sum(r.time_s for r in pair["benzene"]))
        row = {"position": name, "size": size, "moves": moves}
        for who in ("benzene", "dfpn"):
            ok = [r for r in runs[who] if r.ok()]
            row[who] = {
                "times_s": [r.time_s for r in ok],
                "time_s": sum(r.time_s for r in ok) / len(ok) if ok else None,
                "nodes": ok[0].nodes if ok else None,
                "winner": ok[0].winner if ok else None,
                "errors": [r.error for r in runs[who] if r.error],
            }
            if row[who]["time_s"] is not None:
                total[who] += row[who]["time_s"]
        b, d = row["benzene"], row["dfpn"]
        ratio = d["time_s"] / b["time_s"] if b["time_s"] and d["time_s"] else None
        row["ratio"] = ratio
        row["pair_ratios"] = pair_ratios
        spread = f" {min(pair_ratios):5.2f}-{max(pair_ratios):<5.2f}" if o.rounds > 1 and pair_ratios else ""
        agree = b["winner"] == d["winner"]
        rows.append(row)
        fmt = lambda x, spec: format(x, spec) if x is not None else "-"
        print(f"{name:16} {str(d['winner']):7} {fmt(b['time_s'], '10.2f')} {fmt(d['time_s'], '10.2f')} "
              f"{fmt(ratio, '7.2f')} {fmt(b['nodes'], '14d')} {fmt(d['nodes'], '11d')}" + spread
              + ("" if agree else f"  WINNERS DIFFER (benzene {b['winner']})")
              + ("  " + "; ".join(b["errors"] + d["errors"]) if b["errors"] or d["errors"] else ""), flush=True)
    ratio = total["dfpn"] / total["benzene"] if total["benzene"] else float("nan")
    print(f"{'total':16} {'':7} {total['benzene']:10.2f} {total['dfpn']:10.2f} {ratio:7.2f}")
    if o.json:
        with open(o.json, "w") as f:
            json.dump({"date": stamp, "cpu": cpu_name(), "dfpn_args": extra, "benzene": benzene,
                       "benzene_gtp": o.benzene_gtp, "rounds": o.rounds, "positions": rows,
                       "total": total}, f, indent=2)
    differ = any(r["benzene"]["winner"] != r["dfpn"]["winner"] for r in rows)
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
