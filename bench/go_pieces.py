#!/usr/bin/env python3
"""What each piece of Go knowledge buys: the TsumeGo Explorer problems of the
Cho 106 set (the 11 it solved) under each --go-knowledge setting, one thread
per problem, two problems at a time, verified proofs.

  bench/go_pieces.py --dfpn build/bin/dfpn [--time 20] [--settings base,mobility,all]

Needs ../shared beside the project (the problem files are not copied here).
Prints one row per problem and setting (result, nodes, seconds) and a summary
per setting; paste it into docs/benchmarks.md with the date and the CPU.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUITE = os.path.join(ROOT, "bench", "suites", "go-cho-106.json")
# Solved by TsumeGo Explorer (Kishimoto & Müller 2005), with its node counts
# from the appendix of Shih et al. (AAAI-22).
TSUMEGO_EXPLORER = {4: 1037, 5: 1036877, 9: 1158037, 27: 648529, 31: 2811, 32: 87168,
                    34: 556, 35: 1040, 40: 131050, 41: 345351, 97: 8385}
# Zones and small eyes were there before; each guidance piece is added alone,
# then left out of all.
SETTINGS = {
    "base": "zones,eyes",
    "mobility": "zones,eyes,mobility",
    "nulls": "zones,eyes,nulls",
    "generation": "zones,eyes,generation",
    "replies": "zones,eyes,replies",
    "eyenumbers": "zones,eyes,eyenumbers",
    "miai": "zones,eyes,miai",
    "all": "all",
    # and each piece left out of all
    "no-mobility": "zones,eyes,nulls,generation,replies,eyenumbers,miai",
    "no-nulls": "zones,eyes,mobility,generation,replies,eyenumbers,miai",
    "no-generation": "zones,eyes,nulls,mobility,replies,eyenumbers,miai",
    "no-replies": "zones,eyes,nulls,mobility,generation,eyenumbers,miai",
    "no-eyenumbers": "zones,eyes,nulls,mobility,generation,replies,miai",
    "no-miai": "zones,eyes,nulls,mobility,generation,replies,eyenumbers",
}


def run(dfpn, knowledge, seconds, jobs):
    with open(SUITE) as f:
        suite = json.load(f)
    suite_dir = os.path.dirname(SUITE)
    problems = []
    for p in suite["problems"]:
        number = int(p["name"].split()[-1])
        if number in TSUMEGO_EXPLORER:
            p = dict(p, file=os.path.normpath(os.path.join(suite_dir, p["file"])))
            problems.append(p)
    suite["problems"] = problems
    suite["defaults"] = dict(suite["defaults"], time=seconds, go_knowledge=knowledge)
    with tempfile.TemporaryDirectory() as scratch:
        path = os.path.join(scratch, "suite.json")
        report = os.path.join(scratch, "report.json")
        with open(path, "w") as f:
            json.dump(suite, f)
        subprocess.run([dfpn, "suite", path, "-q", "-j", str(jobs), "--report", report],
                       stdout=subprocess.DEVNULL, check=False)
        with open(report) as f:
            return json.load(f)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dfpn", default=os.path.join(ROOT, "build", "bin", "dfpn"))
    parser.add_argument("--time", type=float, default=20)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--settings", default=",".join(SETTINGS))
    args = parser.parse_args()
    rows = {}
    for name in args.settings.split(","):
        if name not in SETTINGS:
            sys.exit(f"go_pieces.py: unknown setting '{name}' (one of {', '.join(SETTINGS)})")
        report = run(args.dfpn, SETTINGS[name], args.time, args.jobs)
        rows[name] = {p["name"]: p for p in report["problems"]}
        solved = [p for p in report["problems"] if p["status"] == "solved"]
        wrong = [p for p in report["problems"] if p["status"] == "wrong"]
        print(f"{name:11s} {len(solved)} solved, {len(wrong)} wrong, "
              f"{sum(p['result']['nodes'] for p in solved):,} nodes and "
              f"{sum(p['result']['time_s'] for p in solved):.1f} s on the solved", flush=True)
    names = list(rows)
    print("\n| Cho | TsumeGo Explorer nodes | " + " | ".join(names) + " |")
    print("| ---: | ---: | " + " | ".join("---:" for _ in names) + " |")
    for number, te in TSUMEGO_EXPLORER.items():
        cells = []
        for name in names:
            p = rows[name].get(f"cho {number}", {})
            if p.get("status") == "solved":
                cells.append(f"{p['result']['nodes']:,} ({p['result']['time_s']:.1f} s)")
            else:
                cells.append(p.get("status", "-"))
        print(f"| {number} | {te:,} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
