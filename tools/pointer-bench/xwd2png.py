#!/usr/bin/env python3
"""An xwd screenshot (ZPixmap, 24 or 32 bits a pixel, as Xvfb's) as a PNG,
Python's standard library only: for looking at the room's screen.

    xwd -root -display :N -silent | xwd2png.py OUT.png
"""
import struct, sys, zlib


def convert(data):
    header = struct.unpack(">25I", data[:100])
    size, width, height = header[0], header[4], header[5]
    bits, bpl, ncolors = header[11], header[12], header[19]
    rmask, gmask, bmask = header[15], header[16], header[17]
    start = size + ncolors * 12
    step = bpl // width if width else bits // 8  # Xvfb may say 24 bits and pad each pixel to 4 bytes
    shift = lambda m: (m & -m).bit_length() - 1
    rs, gs, bs = shift(rmask), shift(gmask), shift(bmask)
    big = header[7] == 1  # byte order of the pixels
    rows = []
    for y in range(height):
        line = data[start + y * bpl:start + y * bpl + width * step]
        out = bytearray(b"\0")
        for x in range(0, width * step, step):
            p = int.from_bytes(line[x:x + step], "big" if big else "little")
            out += bytes(((p & rmask) >> rs, (p & gmask) >> gs, (p & bmask) >> bs))
        rows.append(bytes(out))
    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(b"".join(rows), 6)) + chunk(b"IEND", b""))


if __name__ == "__main__":
    with open(sys.argv[1], "wb") as f:
        f.write(convert(sys.stdin.buffer.read()))
