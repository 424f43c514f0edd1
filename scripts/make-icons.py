#!/usr/bin/env python3
"""Write Tessera's icons from one geometric description: public/icon.svg and
the PNGs (192, 512) the web manifest needs. Pure standard library (zlib PNG
writer, 4x4 supersampled rounded rectangles), so it runs anywhere; the
outputs are committed and only need regenerating when the design changes.

    python3 scripts/make-icons.py
"""
import os
import struct
import zlib

SIZE = 512
BACKGROUND = ("#24324f", 0, 0, 512, 512, 112)
# A 3x3 Latin square of three colours: a Sudoku in miniature, and tesserae.
COLOURS = ["#f4efe4", "#e9a23b", "#4fb3a9"]
TILE, GAP = 120, 18
MARGIN = (SIZE - 3 * TILE - 2 * GAP) // 2


def shapes():
    yield BACKGROUND
    for r in range(3):
        for c in range(3):
            x = MARGIN + c * (TILE + GAP)
            y = MARGIN + r * (TILE + GAP)
            yield (COLOURS[(r + 2 * c) % 3], x, y, TILE, TILE, 24)


def svg():
    parts = [
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 %d %d">' % (SIZE, SIZE),
        "<title>Tessera</title>",
    ]
    for colour, x, y, w, h, rad in shapes():
        parts.append(
            '<rect x="%d" y="%d" width="%d" height="%d" rx="%d" fill="%s"/>'
            % (x, y, w, h, rad, colour)
        )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def rgb(hex_colour):
    h = hex_colour.lstrip("#")
    return tuple(int(h[i : i + 2], 16) for i in (0, 2, 4))


def inside(px, py, x, y, w, h, rad):
    if px < x or py < y or px > x + w or py > y + h:
        return False
    cx = min(max(px, x + rad), x + w - rad)
    cy = min(max(py, y + rad), y + h - rad)
    return (px - cx) ** 2 + (py - cy) ** 2 <= rad * rad


def render(size):
    scale = SIZE / size
    ss = 4
    rows = []
    items = [(rgb(c), x, y, w, h, r) for c, x, y, w, h, r in shapes()]
    for j in range(size):
        row = bytearray([0])  # filter: none
        for i in range(size):
            acc = [0.0, 0.0, 0.0, 0.0]
            for sj in range(ss):
                for si in range(ss):
                    px = (i + (si + 0.5) / ss) * scale
                    py = (j + (sj + 0.5) / ss) * scale
                    colour = None
                    for c, x, y, w, h, r in items:
                        if inside(px, py, x, y, w, h, r):
                            colour = c
                    if colour is not None:
                        acc[0] += colour[0]
                        acc[1] += colour[1]
                        acc[2] += colour[2]
                        acc[3] += 1
            n = ss * ss
            a = acc[3] / n
            if acc[3]:
                row += bytes(
                    [round(acc[0] / acc[3]), round(acc[1] / acc[3]), round(acc[2] / acc[3]), round(a * 255)]
                )
            else:
                row += bytes([0, 0, 0, 0])
        rows.append(bytes(row))
    return rows


def png(size, rows):
    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)  # 8-bit RGBA
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(b"".join(rows), 9))
        + chunk(b"IEND", b"")
    )


def main():
    out = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "public")
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "icon.svg"), "w") as f:
        f.write(svg())
    for size in (192, 512):
        with open(os.path.join(out, "icon-%d.png" % size), "wb") as f:
            f.write(png(size, render(size)))
    print("wrote public/icon.svg, icon-192.png, icon-512.png")


if __name__ == "__main__":
    main()
