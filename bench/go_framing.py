#!/usr/bin/env python3
"""Plain tsumego framed automatically, checked against the published framing:
the Cho Chikun 106 problems' own SGF (the task files' `rawsgf`: stones and the
book's solution, no targets, no region) solved by `dfpn solve` as a plain
file, set beside the task's framing (targets, goal, side to move) and the
book's winner.

  bench/go_framing.py --dfpn build/bin/dfpn [--time 30] [--published-time 60] [--jobs 2]

For each problem: whether the side to move, the defender (hence the goal)
and the target blocks match the published framing (its stones are matched to
the plain file's through the board symmetry and shift that fits best), the
framed problem's result, and, where it is solved, the published framing's
result (at --published-time, the Cho suite's 60 s by default) and the book's winner. Needs ../shared beside the
project. Paste the summary into docs/benchmarks.md with the date and the CPU.
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DATA = os.path.join(os.path.dirname(ROOT), "shared", "data", "go", "cho-dictionary-106")


def root_props(sgf):
    """The root node's properties: {id: [values]} (enough for these files)."""
    body = sgf[sgf.index(";") + 1:]
    # Cut at the first ';' or '(' outside a value.
    depth, cut, i = False, len(body), 0
    while i < len(body):
        ch = body[i]
        if ch == "\\":
            i += 2
            continue
        if ch == "[":
            depth = True
        elif ch == "]":
            depth = False
        elif not depth and ch in ";()":
            cut = i
            break
        i += 1
    props, ident = {}, None
    for m in re.finditer(r"([A-Z]+)?\s*\[((?:[^\]\\]|\\.)*)\]", body[:cut]):
        if m.group(1):
            ident = m.group(1)
        props.setdefault(ident, []).append(m.group(2))
    return props


def points(values):
    out = []
    for v in values:
        if ":" in v:
            a, b = v.split(":")
            for x in range(min(ord(a[0]), ord(b[0])), max(ord(a[0]), ord(b[0])) + 1):
                for y in range(min(ord(a[1]), ord(b[1])), max(ord(a[1]), ord(b[1])) + 1):
                    out.append((x - 97, y - 97))
        elif len(v) == 2:
            out.append((ord(v[0]) - 97, ord(v[1]) - 97))
    return out


def stones(sgf):
    p = root_props(sgf)
    out = {q: "b" for q in points(p.get("AB", []))}
    out.update({q: "w" for q in points(p.get("AW", []))})
    return out


def blocks(st):
    """Map each stone to its block's index."""
    seen = {}
    for p, c in st.items():
        if p in seen:
            continue
        seen[p] = p
        todo = [p]
        while todo:
            x, y = todo.pop()
            for q in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if st.get(q) == c and q not in seen:
                    seen[q] = p
                    todo.append(q)
    return seen


def best_fit(raw, masked, n=19):
    """The symmetry and shift that put most of `raw`'s stones on `masked`'s."""
    best = None
    for sw in (0, 1):
        for fx in (0, 1):
            for fy in (0, 1):
                def sym(p, sw=sw, fx=fx, fy=fy):
                    x, y = p
                    if sw:
                        x, y = y, x
                    return (n - 1 - x if fx else x, n - 1 - y if fy else y)
                for dx in range(-n + 1, n):
                    for dy in range(-n + 1, n):
                        hits = sum(1 for p, c in raw.items()
                                   if masked.get((sym(p)[0] + dx, sym(p)[1] + dy)) == c)
                        key = (hits, -(abs(dx) + abs(dy)))
                        if best is None or key > best[0]:
                            best = (key, sym, dx, dy)
    _, sym, dx, dy = best
    return lambda p: (sym(p)[0] + dx, sym(p)[1] + dy)


def solve(args, path, extra=(), seconds=None):
    out = subprocess.run([args.dfpn, "solve", path, "--json", "-q", "--threads", "1",
                          "--time", str(seconds or args.time), *extra],
                         capture_output=True, text=True)
    if out.returncode != 0:
        return {"result": "error", "error": out.stderr.strip()}
    return json.loads(out.stdout)


def check(args, number, scratch):
    task = json.load(open(os.path.join(DATA, f"{number}.json")))
    raw_path = os.path.join(scratch, f"{number}.sgf")
    framed_path = os.path.join(scratch, f"{number}-framed.sgf")
    with open(raw_path, "w") as f:
        f.write(task["rawsgf"])
    ours = solve(args, raw_path, ["--write-problem", framed_path])
    row = {"problem": number, "ours": ours}
    if ours.get("result") == "error":
        return row
    framed = root_props(open(framed_path).read())
    raw = stones(task["rawsgf"])
    to_raw = {}
    fit = best_fit(raw, stones(task["masked_sgf_str"]))
    for p in raw:
        to_raw[fit(p)] = p
    live = "b" if task["black_search_goal"] == "TOLIVE" else "w"
    crucial = points((task["black_crucial_stone"] if live == "b" else task["white_crucial_stone"]).split(","))
    block_of = blocks(raw)
    theirs = {block_of[to_raw[p]] for p in crucial if p in to_raw and to_raw[p] in block_of}
    mine_targets = points(framed.get("TR", []))
    mine = {block_of[p] for p in mine_targets if p in block_of}
    defender = "b" if mine_targets and mine_targets[0] in {q for q, c in raw.items() if c == "b"} else "w"
    row.update(to_move=framed["PL"][0].lower() == task["turn_color"], defender=defender == live,
               targets=mine == theirs)
    row["book"] = "black" if task["winning_color"] == "b" else "white"
    if ours.get("winner"):
        row["published"] = solve(args, os.path.join(DATA, f"{number}.json"), seconds=args.published_time)
    return row


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dfpn", required=True)
    parser.add_argument("--time", type=float, default=30)
    parser.add_argument("--published-time", type=float, default=60)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--problems", default="", help="comma list (default: all 106)")
    args = parser.parse_args()
    numbers = [int(x) for x in args.problems.split(",")] if args.problems else list(range(1, 107))
    with tempfile.TemporaryDirectory() as scratch, concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        rows = list(pool.map(lambda n: check(args, n, scratch), numbers))
    framing_ok = solved = agree_published = both = agree_book = 0
    differ = []
    print("| Cho | to move | defender | targets | framed result | s | published | book |")
    print("|---:|:-:|:-:|:-:|---|---:|---|---|")
    for r in rows:
        ours = r["ours"]
        if ours.get("result") == "error":
            print(f"| {r['problem']} | error: {ours['error']} |")
            differ.append(r["problem"])
            continue
        ok = r["to_move"] and r["defender"] and r["targets"]
        framing_ok += ok
        if not ok:
            differ.append(r["problem"])
        mark = lambda b: "yes" if b else "**no**"
        result = ours["result"] + (f" ({ours['winner']})" if ours.get("winner") else "")
        published = "-"
        if "published" in r:
            solved += 1
            agree_book += ours["winner"] == r["book"]
            pub = r["published"]
            published = pub["result"] + (f" ({pub['winner']})" if pub.get("winner") else "")
            if pub.get("winner"):
                both += 1
                agree_published += pub["winner"] == ours["winner"]
        print(f"| {r['problem']} | {mark(r['to_move'])} | {mark(r['defender'])} | {mark(r['targets'])} | "
              f"{result} | {ours['time_s']:.1f} | {published} | {r['book']} |")
    print()
    print(f"framing matches the published one (side to move, defender, targets): {framing_ok} of {len(rows)}; "
          f"differ: {differ}")
    print(f"framed problems solved at {args.time:g} s: {solved}; the book's winner: {agree_book} of {solved}; "
          f"published framing solved too (at {args.published_time:g} s): {both}, same winner: {agree_published} of {both}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
