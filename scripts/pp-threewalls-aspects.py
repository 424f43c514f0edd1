#!/usr/bin/env python3
"""Why Polyform Puzzler publishes 90 for SolidPentominoesThreeWalls and
Tessera counts 95 (docs/catalogue-disagreements.md).

Usage:
    tessera polyform solve SolidPentominoesThreeWalls --all > all.txt
    python3 scripts/pp-threewalls-aspects.py all.txt

PP keeps the solid F pentomino in 6 of its 24 aspects ("axes" 0-2,
"rotations" 0-1, no flips; the catalogue's `restriction` field) and drops
solutions whose y-reversal it has seen. This script reads Tessera's list
of all solutions, then for several readings of how PP composes "axis" and
"rotation" (PP's code is GPL and not copied; the readings are ours) prints
how many F placements the 6 aspects have in the region (PP's matrix has
56), how many of the solutions keep F in one of them, and how many are
left after dropping y-reversed copies. It also prints, per F aspect, the
size of its orbit under the region's 4 symmetries: an aspect lying in a
plane x = const is fixed by the x-mirror, so keeping it keeps both a
solution and its x-mirror image, and the restriction is not a 4-fold
reduction.
"""

import re
import sys


def read_solutions(path):
    sols, cur = [], {}
    for line in open(path):
        if line.startswith("solution"):
            if cur:
                sols.append(cur)
            cur = {}
            continue
        m = re.match(r"^((?:-?\d+,-?\d+,-?\d+ )+)(\S+)$", line.rstrip("\n"))
        if m:
            cur[m.group(2)] = frozenset(
                tuple(map(int, c.split(","))) for c in m.group(1).split()
            )
    if cur:
        sols.append(cur)
    return sols


def norm(cells):
    lo = [min(c[k] for c in cells) for k in range(3)]
    return frozenset(tuple(c[k] - lo[k] for k in range(3)) for c in cells)


def turn(p, axis):
    """A quarter turn about an axis, as coordsys.md gives them."""
    x, y, z = p
    return [(x, -z, y), (z, y, -x), (-y, x, z)][axis]


def turns(cells, axis, r):
    for _ in range(r):
        cells = [turn(p, axis) for p in cells]
    return cells


F = [(0, 0, 0), (-1, -1, 0), (0, -1, 0), (1, 0, 0), (0, 1, 0)]
CYC = [lambda p: p, lambda p: (p[2], p[0], p[1]), lambda p: (p[1], p[2], p[0])]
CYC2 = [CYC[0], CYC[2], CYC[1]]
READINGS = {
    "axes permuted, then turns about that axis": lambda a, r: turns([CYC[a](p) for p in F], a, r),
    "turns about z, then axes permuted": lambda a, r: [CYC[a](p) for p in turns(F, 2, r)],
    "turns about x, then axes permuted": lambda a, r: [CYC[a](p) for p in turns(F, 0, r)],
    "turns about y, then axes permuted": lambda a, r: [CYC[a](p) for p in turns(F, 1, r)],
    "turns about y, then axes permuted back": lambda a, r: [CYC2[a](p) for p in turns(F, 1, r)],
    "turns about x, then axes permuted back": lambda a, r: [CYC2[a](p) for p in turns(F, 0, r)],
}


def main():
    sols = read_solutions(sys.argv[1])
    region = set().union(*sols[0].values())
    maxx = max(c[0] for c in region)
    maxy = max(c[1] for c in region)
    syms = [
        lambda p: p,
        lambda p: (maxx - p[0], p[1], p[2]),
        lambda p: (p[0], maxy - p[1], p[2]),
        lambda p: (maxx - p[0], maxy - p[1], p[2]),
    ]
    for g in syms:
        assert {g(c) for c in region} == region, "not a symmetry of the region"
    key = lambda s: frozenset(s.items())
    print(f"{len(sols)} solutions in all; orbits of 4: {len(sols) / 4}")
    for name, gen in READINGS.items():
        aspects = {norm(gen(a, r)) for a in range(3) for r in range(2)}
        places = sum(
            1
            for sh in aspects
            for dx in range(-3, maxx + 3)
            for dy in range(-3, maxy + 3)
            for dz in range(-3, 6)
            if all((x + dx, y + dy, z + dz) in region for x, y, z in sh)
        )
        kept = [s for s in sols if norm(s["F"]) in aspects]
        kept_keys = {key(s) for s in kept}
        yrev = lambda s: frozenset(
            (k, frozenset((x, maxy - y, z) for x, y, z in v)) for k, v in s.items()
        )
        pairs = sum(1 for s in kept if yrev(s) in kept_keys and yrev(s) != key(s)) // 2
        fixed = sum(
            1 for a in aspects if len({norm([g(p) for p in a]) for g in syms}) < 4
        )
        print(
            f"{name}: {len(aspects)} aspects, {places} F placements, "
            f"{len(kept)} solutions keep F so, {len(kept) - pairs} after "
            f"y-reversed copies; {fixed} aspects with an orbit under 4"
        )


if __name__ == "__main__":
    main()
