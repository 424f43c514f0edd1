#!/usr/bin/env python3
"""Write tests/data/pp-placements.txt: for every Polyform Puzzler puzzle
whose exact-cover matrix PP built (catalogue field `matrix`), how many
placements (matrix rows) each piece has in PP's matrix, so that a test can
compare them with the rows Tessera generates from the same region and
pieces — a check of the whole catalogue's conversion (lattice coordinates,
aspects, region) that does not depend on counting solutions.

PP's matrix leaves out the placements its symmetry restriction removes.
For a piece PP confines to some positions, the catalogue also gives
`placements_possible` (all translations of its aspects), which is what
Tessera's unrestricted matrix has; a piece whose aspects PP changed
(`restriction.aspects`) is left out of the line. Puzzles whose
restriction is "code" are left out.

Line format: `Id<TAB>piece:rows piece:rows …` (`#` lines are comments).

Input: catalogue.jsonl of the Polyform Puzzler catalogue (facts extracted
from PP's source snapshot 7ad3d9a, 2017-07-14; ../shared/reference/
polyform-puzzler/README.md). Run from the repository root:

    python3 scripts/pp-placements.py ../shared/reference/polyform-puzzler/catalogue.jsonl \
        > tests/data/pp-placements.txt
"""
import json
import sys

print("# Polyform Puzzler matrix rows per piece (scripts/pp-placements.py; source: PP 7ad3d9a via catalogue.jsonl)")
for line in open(sys.argv[1]):
    d = json.loads(line)
    m = d.get("matrix") or {}
    per = m.get("placements_per_piece")
    r = d.get("restriction") or {}
    if not per or r.get("kind") == "code":
        continue
    aspects = r.get("aspects") or {}
    positions = r.get("positions") or {}
    # PP's "old style" omission gives the omitted piece a row that covers
    # only its name and the "!" column, and files that row under "!";
    # Tessera's empty "left out" row belongs to the piece, as PP's newer
    # style counts it.
    extra = {}
    style = (d.get("piece_set") or {}).get("omission_style") or ""
    if style.startswith("old style"):
        for bang, piece in m.get("omission_rows") or []:
            if bang == "!":
                extra[piece] = extra.get(piece, 0) + 1
    out = []
    for piece, rows in sorted(per.items()):
        rows += extra.get(piece, 0)
        if piece in aspects:
            continue
        if piece in positions:
            rows = positions[piece].get("placements_possible")
            if rows is None:
                continue
        # Tessera's piece names have no spaces (PuzzleBits has a "T "), as in
        # scripts/pp-catalogue.py.
        out.append(f"{piece.strip().replace(' ', '_')}:{rows}")
    if out:
        print(d["class"] + "\t" + " ".join(out))
