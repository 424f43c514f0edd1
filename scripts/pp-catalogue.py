#!/usr/bin/env python3
"""Write crates/engine/data/pp-catalogue.txt: every puzzle of the Polyform
Puzzler catalogue as compact text the engine parses at run time
(crates/engine/src/polyform/catalogue.rs documents the format).

Input: catalogue.jsonl of the Polyform Puzzler catalogue (facts extracted
from PP's source snapshot 7ad3d9a, 2017-07-14; see
../shared/reference/polyform-puzzler/README.md). Only data is taken: class
and module names, piece shapes and the motions the puzzle's rules allow
them, the region, omitted pieces, the published count with its phrase, the
designer a docstring names. PP's symmetry-breaking restrictions (a piece
confined to some aspects or cells so that each solution is found once) are
deliberately dropped: Tessera finds its own, and the counts are compared.

Run from the worktree root:

    python3 scripts/pp-catalogue.py ../shared/reference/polyform-puzzler/catalogue.jsonl \
        > crates/engine/data/pp-catalogue.txt
"""
import json
import re
import sys

LATTICE = {
    "Cartesian2D": "square",
    "Triangular3D": "triangle",
    "Hexagonal2D": "hexagon",
    "Cartesian3D": "cube",
    "SquareGrid3D": "stick",
    "TriangularGrid3D": "trig",
    "HexagonalGrid3D": "twig",
}
FULL_ROT = {"square": 4, "stick": 4, "cube": 4, "triangle": 6, "hexagon": 6, "trig": 6, "twig": 6}

# Classes left out, each with the reason the list shows.
UNSUPPORTED = {
    "SevenSegmentDigits6x5": "PP builds custom matrix rows for the d0 pieces (one row per straight-through point); the engine has no such rule",
    "UnflippedSevenSegmentDigits6x5": "PP builds custom matrix rows for the d0 pieces (one row per straight-through point); the engine has no such rule",
    "DorianCube5Towers": "PP confines the pieces to the five towers by code (kept placements follow no cell rule); the engine cannot state that rule",
    "Polytwigs45FourCongruent3Combined": "PP keeps placements by code (no cell or shape rule); the engine cannot state that restriction",
    "Pentacubes2x3x2Chair": "any two of the 29 pentacubes form the chair (PP solves one sub-puzzle per pair); the engine has no choose-k-pieces puzzles",
}

# Where PP's published number counts something other than Tessera's
# "solutions once up to the puzzle's symmetries", found by comparing the
# counts (docs/catalogue-disagreements.md) and reading PP's restriction data.
SOMA_MIRROR = (
    "PP's count keeps mirror images apart (its restriction only removes rotations); "
    "Tessera's symmetries include reflections that swap the chiral pair a/b, so its count is half"
)
CONVENTION = {
    **{c: SOMA_MIRROR for c in "SomaHighWall SomaSteps SomaBathtub SomaSofa SomaSteamer SomaClip SomaPyramid SomaCastle2".split()},
    "Polytrigs23ThreeCongruent1": "the region is three congruent separate shapes: PP counts up to permuting them (4 × 3! = 24 arrangements)",
    "Polytwigs45FourCongruent1": "the region is four congruent separate shapes: PP counts up to permuting them (19 × 4! = 456 arrangements)",
    "Polytwigs45FourCongruent2": "the region is four congruent separate shapes: PP counts up to permuting them (38 × 4! = 912 arrangements)",
    "Polytwigs1234Hex4": "PP restricts P4 to 3 of its 12 aspects as for a 4-fold symmetric region, but the holes leave 2 symmetries: PP's number counts the solutions with P4 in those aspects",
    "Polytwigs1234Hex5": "PP restricts P4 to 3 of its 12 aspects as for a 4-fold symmetric region, but the holes leave 2 symmetries: PP's number counts the solutions with P4 in those aspects",
    "Polyominoes1234_7x4PlusOne": "PP restricts L4 to 2 of its 8 aspects as for a 4-fold symmetric region, but the region has 2 symmetries: PP's number is half the solutions up to symmetry",
    "SolidPentominoesCrossBlock2": "PP's class docstring says 0 but its front-end script's docstring says 15",
    "TetrahexesFlower2": "PP's class docstring says 4 but its front-end script's docstring says 2",
    "HexiamondsX_x1": "experimental class: the docstring's 0 is for the hole sets it lists, not the holes the class uses",
    "TritrigsTriangle_x": "experimental class: the docstring's 0 is for the hole sets it lists, not the holes the class uses",
    "Polyhexes12345HexagonRing_X1": (
        "PP's 0 is for its own rules (its code confines the pieces of 1-4 cells to the inner ring "
        "of 40 cells, the pentahexes to the outer ring and H1 to one cell); the region and pieces "
        "alone have many tilings"
    ),
    "Polyominoes123456Star": "PP's 4,579 counts one ring only (the tetrominoes and pentominoes of the middle ring); PP builds the star from three separately solved rings (inner 3x3: 6; outer hexomino ring: many), so the whole puzzle's count is not published",
}

# Where PP's published number counts the puzzle under rules of PP's own
# code that the region and pieces do not state (so it is not comparable
# with Tessera's count of the puzzle as stated): written as an uncertain
# count with this wording, which the workbench shows in its place.
OTHER_RULES = {
    "Polyhexes12345HexagonRing_X1": (
        "0 solutions under PP's own rules (pieces of 1-4 cells in the inner ring, "
        "pentahexes in the outer ring, H1 on one cell)"
    ),
    "Polyominoes123456Star": "4,579 solutions for the middle ring alone (tetrominoes and pentominoes)",
}


def b36(n):
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    if n == 0:
        return "0"
    s = ""
    while n:
        n, r = divmod(n, 36)
        s = digits[r] + s
    return s


def cell3(c):
    return (c[0], c[1], c[2] if len(c) > 2 else 0)


def encode_region(cells):
    """Bounding box, then alternating runs (empty first) over the box in
    the order y, x, z (z fastest), base 36."""
    cells = [cell3(c) for c in cells]
    lo = [min(c[k] for c in cells) for k in range(3)]
    hi = [max(c[k] for c in cells) for k in range(3)]
    w, h, d = (hi[k] - lo[k] + 1 for k in range(3))
    s = set(cells)
    bits = []
    for y in range(lo[1], hi[1] + 1):
        for x in range(lo[0], hi[0] + 1):
            for z in range(lo[2], hi[2] + 1):
                bits.append((x, y, z) in s)
    runs, cur, n = [], False, 0
    for b in bits:
        if b == cur:
            n += 1
        else:
            runs.append(n)
            cur, n = b, 1
    runs.append(n)
    if cur is False:
        runs.pop()  # trailing empty run is implied
    return "%d,%d,%d:%d,%d,%d:%s" % (lo[0], lo[1], lo[2], w, h, d, ".".join(b36(r) for r in runs))


def encode_cells(cells, lattice):
    """Cells translated to non-negative x and y (z too for cubes: elsewhere
    it is an orientation), x,y[,z] joined by ';'."""
    two = lattice in ("square", "hexagon")
    cells = [cell3(c) for c in cells]
    dx, dy = min(c[0] for c in cells), min(c[1] for c in cells)
    dz = min(c[2] for c in cells) if lattice == "cube" else 0
    cells = [(c[0] - dx, c[1] - dy, c[2] - dz) for c in cells]
    return ";".join(
        ("%d,%d" % (c[0], c[1])) if two else ("%d,%d,%d" % cell3(c)) for c in sorted(cell3(c) for c in cells)
    )


def full(opts, key, lattice):
    """Whether an option list allows every value (a missing key is the
    class default, which is everything)."""
    if key not in opts:
        return True
    v = opts[key]
    if v is None:
        return False
    if key == "flips":
        return len(v) >= 2
    if key == "rotations":
        return len(v) >= FULL_ROT[lattice]
    if key == "axes":
        return len(v) >= 3
    return True


def piece_token(name, p, rule_opts, lattice, one_sided):
    """name:freedom[m]:cells. Freedom is what the puzzle's rules allow: F free,
    O rotations only (one-sided; every polycube, whose PP flips are
    rotations), X fixed; 'm' marks a piece PP uses only mirrored (the
    mirror half of a one-sided set)."""
    opts = p.get("aspect_options") or {}
    flips = opts.get("flips")
    mirror = lattice != "cube" and flips is not None and len(flips) == 1 and bool(flips[0])
    if lattice == "cube":
        f = "O" if full(rule_opts, "rotations", lattice) else "X"
    else:
        rot = full(rule_opts, "rotations", lattice)
        refl = full(rule_opts, "flips", lattice) and not one_sided
        f = {(True, True): "F", (True, False): "O", (False, False): "X", (False, True): "F"}[(rot, refl)]
    # Tessera's piece names have no spaces (PuzzleBits has a "T ").
    return "%s:%s%s:%s" % (name.strip().replace(" ", "_"), f, "m" if mirror else "", encode_cells(p["units"], lattice))


DESIGNER = re.compile(
    r"(?:[Dd]esign(?:ed)?|[Ss]uggested|[Ii]nvented|[Dd]iscovered)(?: from `[^`]*`,)? by "
    r"((?:[A-Z][a-z][\w'-]*|[A-Z]\.)(?: (?:[A-Z][a-z][\w'-]*|[A-Z]\.)){0,3})"
)


def designer(doc):
    if not doc:
        return ""
    m = DESIGNER.search(doc)
    if not m:
        return ""
    name = m.group(1).rstrip(".")
    if name.startswith("Professor") or len(name) < 4:
        return name if len(name) >= 4 else ""
    return name


def clean(s):
    return re.sub(r"[\t\n]+", " ", s or "").strip()


def main():
    rows = [json.loads(line) for line in open(sys.argv[1])]
    sets = {}  # (lattice, tokens) -> id
    set_lines = []
    puzzle_lines = []
    for r in rows:
        lattice = LATTICE[r["coordsys"]]
        ps = r["piece_set"]
        one_sided = bool(ps.get("one_sided"))
        restr = r["restriction"]
        aspects = restr.get("aspects") or {}
        tokens = []
        for name in sorted(r["pieces"]):
            p = r["pieces"][name]
            if p.get("pseudo_piece") or name == "!":
                continue
            if name in aspects:
                before = aspects[name].get("options_before")
                rule = before if isinstance(before, dict) else {}
            else:
                rule = p.get("aspect_options") or {"flips": None, "rotations": None}
            tokens.append(piece_token(name, p, rule, lattice, one_sided))
        key = (lattice, tuple(tokens))
        if key not in sets:
            base = r["family"] or r["bases"][0]
            n = sum(1 for k in sets if sets[k].split("~")[0] == base)
            sid = base if n == 0 else "%s~%d" % (base, n + 1)
            sets[key] = sid
            set_lines.append("S\t%s\t%s\t%s" % (sid, lattice, " ".join(tokens)))
        sid = sets[key]
        region = [cell3(c) for c in r["region"]]
        aux = {cell3(c) for c in (ps.get("auxiliary_cells") or [])}
        omit = []
        notes = []
        if ps.get("omitted_piece_positions"):
            omit = sorted(ps["omitted_piece_positions"])
            notes.append("PP parks the omitted piece in auxiliary cells beside the region; here it is simply left out")
        elif ps.get("omit_one_of"):
            omit = sorted(ps["omit_one_of"])
        region = [c for c in region if c not in aux]
        status = "ok"
        if r["class"] in UNSUPPORTED:
            status = "unsupported: " + UNSUPPORTED[r["class"]]
        elif r.get("component_of"):
            parent = r["component_of"][0]
            status = (
                "unsupported: one of the parts PP splits %s into by fixing where a piece goes; "
                "Tessera solves %s whole (its count is the sum of the parts)" % (parent, parent)
            )
        elif r.get("region_wraps_axes"):
            axes = " and ".join("xy"[a] for a in r["region_wraps_axes"])
            status = "unsupported: the region wraps around along %s (a loop or tube); the engine's regions do not wrap" % axes
        elif restr.get("kind") == "code":
            status = "unsupported: PP's restriction is code: " + "; ".join(restr.get("code_reasons") or [])[:200]
        else:
            total = sum(p["size"] for n, p in r["pieces"].items() if not p.get("pseudo_piece") and n != "!")
            sizes = [p["size"] for n, p in r["pieces"].items() if n in omit]
            if not omit and total != len(region):
                status = "unsupported: the pieces cover %d units but the region has %d (PP's matrix has no solution either)" % (total, len(region))
            elif omit and not any(total - s == len(region) for s in sizes):
                status = "unsupported: leaving out one piece never matches the region's %d units" % len(region)
        if r.get("components"):
            notes.append("PP splits it into %d sub-puzzles and adds their counts" % len(r["components"]))
        if restr.get("kind") == "none":
            notes.append("PP applies no symmetry restriction")
        if "build_matrix" in (r.get("custom_methods") or {}):
            notes.append("PP builds this matrix with its own code (rules beyond region and pieces may apply)")
        if r["class"] in CONVENTION:
            notes.append(CONVENTION[r["class"]])
        pub = r.get("published") or {}
        count = pub.get("count")
        uncertain = bool(pub.get("uncertain"))
        phrase = clean(pub.get("phrase")) if count is not None and uncertain else ""
        if r["class"] in OTHER_RULES and count is not None:
            uncertain, phrase = True, OTHER_RULES[r["class"]]
        puzzle_lines.append(
            "\t".join(
                [
                    "P",
                    r["class"],
                    r["module"],
                    r["family"] or r["bases"][0],
                    lattice,
                    sid,
                    encode_region(region),
                    ",".join(omit) or "-",
                    "-" if count is None else str(count) + ("?" if uncertain else ""),
                    restr.get("kind", "none"),
                    clean(designer(r.get("doc"))) or "-",
                    status,
                    "; ".join(notes) or "-",
                    phrase or "-",
                ]
            )
        )
    out = sys.stdout
    out.write("# Polyform Puzzler catalogue for Tessera: generated by scripts/pp-catalogue.py\n")
    out.write("# from catalogue.jsonl (PP source snapshot 7ad3d9a). Do not edit by hand.\n")
    out.write("# Format: crates/engine/src/polyform/catalogue.rs.\n")
    for line in set_lines:
        out.write(line + "\n")
    for line in puzzle_lines:
        out.write(line + "\n")


main()
