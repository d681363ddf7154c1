"""Checks that a PNG screenshot is not blank: decodes it (zlib and numpy, no
imaging library) and requires enough non-background pixels and colours.

    check_png.py SHOT.png [--min-ink 0.05] [--min-colours 24]

Prints "png ok: W x H, ink I%, C colours" or exits 1 saying what is wrong.
"""
import argparse
import struct
import sys
import zlib

import numpy as np

CHANNELS = {0: 1, 2: 3, 4: 2, 6: 4}  # colour type -> samples per pixel


def unfilter(raw, width, height, bpp):
    """Undoes the per-row PNG filters (RFC 2083 6.6) of 8-bit samples."""
    stride = width * bpp
    rows = np.frombuffer(raw, dtype=np.uint8).reshape(height, stride + 1)
    out = np.zeros((height, stride), dtype=np.uint8)
    prev = np.zeros(stride, dtype=np.int32)
    for y in range(height):
        kind, line = rows[y, 0], rows[y, 1:].astype(np.int32)
        if kind == 0:
            cur = line
        elif kind == 1:  # Sub: a running sum per channel, modulo 256.
            cur = (np.cumsum(line.reshape(width, bpp), axis=0) % 256).ravel()
        elif kind == 2:  # Up
            cur = (line + prev) % 256
        elif kind in (3, 4):  # Average, Paeth: left to right, on lists
            # (numpy scalars would be slower here).
            cur, up = line.tolist(), prev.tolist()
            for x in range(stride):
                a = cur[x - bpp] if x >= bpp else 0
                b = up[x]
                if kind == 3:
                    cur[x] = (cur[x] + (a + b) // 2) & 255
                    continue
                c = up[x - bpp] if x >= bpp else 0
                pa, pb, pc = abs(b - c), abs(a - c), abs(a + b - 2 * c)
                pred = a if pa <= pb and pa <= pc else b if pb <= pc else c
                cur[x] = (cur[x] + pred) & 255
            cur = np.array(cur, dtype=np.int32)
        else:
            raise ValueError(f"row {y}: unknown filter {kind}")
        out[y] = cur
        prev = cur
    return out.reshape(height, width, bpp)


def decode(path):
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG file")
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        chunk = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", chunk)
        elif kind == b"IDAT":
            idat.append(chunk)
        elif kind == b"IEND":
            break
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    if depth != 8 or colour not in CHANNELS or interlace:
        raise ValueError(f"unsupported PNG: depth {depth}, colour type "
                         f"{colour}, interlace {interlace}")
    raw = zlib.decompress(b"".join(idat))
    return unfilter(raw, width, height, CHANNELS[colour])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("png")
    ap.add_argument("--min-ink", type=float, default=0.05,
                    help="least fraction of pixels unlike the most common one")
    ap.add_argument("--min-colours", type=int, default=24)
    args = ap.parse_args()
    try:
        pixels = decode(args.png)
    except (OSError, ValueError, zlib.error, TypeError) as e:
        print(f"check_png: {args.png}: {e}", file=sys.stderr)
        return 1
    h, w, c = pixels.shape
    rgb = pixels[:, :, :3] if c >= 3 else np.repeat(pixels[:, :, :1], 3, 2)
    packed = (rgb[:, :, 0].astype(np.uint32) << 16) | \
        (rgb[:, :, 1].astype(np.uint32) << 8) | rgb[:, :, 2]
    values, counts = np.unique(packed, return_counts=True)
    ink = 1 - counts.max() / packed.size
    print(f"png ok: {w} x {h}, ink {100 * ink:.1f}%, {len(values)} colours"
          if ink >= args.min_ink and len(values) >= args.min_colours else
          f"png blank: {w} x {h}, ink {100 * ink:.1f}%, {len(values)} colours")
    return 0 if ink >= args.min_ink and len(values) >= args.min_colours else 1


if __name__ == "__main__":
    sys.exit(main())
