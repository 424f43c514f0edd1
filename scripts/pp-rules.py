#!/usr/bin/env python3
"""Write tests/data/pp-rules-<Id>.txt: the placements Polyform Puzzler's
own code allows in a puzzle whose matrix PP builds by code, for a test that
counts the puzzle under PP's rules (and so explains a published number
that is not the count of the region and pieces as stated).

Input: catalogue.jsonl of the Polyform Puzzler catalogue (facts extracted
from PP's source snapshot 7ad3d9a, 2017-07-14; ../shared/reference/
polyform-puzzler/README.md): the class's `restriction.positions` (per
piece, the cells its placements must stay inside, and for a piece PP
lists placement by placement, those placements) and `matrix.rows`.

Line format (`#` lines are comments):
    rows<TAB>N                      PP's matrix rows
    cells<TAB>NAME<TAB>x,y x,y …     a piece's allowed cells
    placements<TAB>NAME<TAB>x,y x,y …;x,y …   a piece's listed placements

Run from the repository root:

    python3 scripts/pp-rules.py ../shared/reference/polyform-puzzler/catalogue.jsonl \\
        Polyhexes12345HexagonRing_X1 > tests/data/pp-rules-Polyhexes12345HexagonRing_X1.txt
"""
import json
import sys


def cells(cs):
    return " ".join(",".join(str(v) for v in c) for c in cs)


def main():
    path, cls = sys.argv[1], sys.argv[2]
    for line in open(path):
        r = json.loads(line)
        if r["class"] != cls:
            continue
        out = sys.stdout
        out.write("# %s: PP's own placement rules (scripts/pp-rules.py; source: PP 7ad3d9a via catalogue.jsonl)\n" % cls)
        out.write("rows\t%d\n" % r["matrix"]["rows"])
        for name, rule in sorted(r["restriction"]["positions"].items()):
            if rule.get("allowed"):
                out.write("placements\t%s\t%s\n" % (name, ";".join(cells(p) for p in rule["allowed"])))
            else:
                out.write("cells\t%s\t%s\n" % (name, cells(rule["allowed_cells"])))
        return
    sys.exit("no class " + cls)


main()
