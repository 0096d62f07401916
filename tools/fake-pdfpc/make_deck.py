#!/usr/bin/env python3
"""Writes a PDF talk of N 16:9 slides (Python 3 stdlib only) and its pdfpc
notes file beside it, for the real-pdfpc tests: each slide a colour with
"Slide N" in large type; the notes of the first five are the shared deck's
(../../../shared/pdfpc/deck.pdfpc: slide 2 has Markdown bold and a list),
the rest "Notes N.".

    make_deck.py OUT.pdf [--slides 12] [--notes-from deck.pdfpc]
"""

import argparse
import json
import os

COLOURS = [(0.80, 0.20, 0.20), (0.20, 0.60, 0.25), (0.20, 0.30, 0.80), (0.85, 0.65, 0.15), (0.55, 0.20, 0.65), (0.15, 0.60, 0.65)]


def pdf(pages):
    objects = []  # bodies, numbered from 1

    def add(body):
        objects.append(body)
        return len(objects)

    catalog = add(None)
    tree = add(None)
    font = add(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>")
    kids = []
    for n, (r, g, b) in pages:
        text = f"Slide {n}".encode()
        stream = (b"%.2f %.2f %.2f rg 0 0 960 540 re f 1 1 1 rg BT /F1 96 Tf 300 240 Td (" % (r, g, b)
                  + text + b") Tj ET")
        content = add(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
        kids.append(add(b"<< /Type /Page /Parent %d 0 R /MediaBox [0 0 960 540] /Resources << /Font << /F1 %d 0 R >> >> /Contents %d 0 R >>"
                        % (tree, font, content)))
    objects[catalog - 1] = b"<< /Type /Catalog /Pages %d 0 R >>" % tree
    objects[tree - 1] = b"<< /Type /Pages /Kids [" + b" ".join(b"%d 0 R" % k for k in kids) + b"] /Count %d >>" % len(kids)
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for o in offsets:
        out += b"%010d 00000 n \n" % o
    out += b"trailer\n<< /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, catalog, xref)
    return bytes(out)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("--slides", type=int, default=12)
    parser.add_argument("--notes-from", default=os.path.join(here, "../../../shared/pdfpc/deck.pdfpc"))
    args = parser.parse_args()
    with open(args.out, "wb") as f:
        f.write(pdf([(n, COLOURS[(n - 1) % len(COLOURS)]) for n in range(1, args.slides + 1)]))
    known = {}
    if os.path.exists(args.notes_from):
        with open(args.notes_from, encoding="utf-8") as f:
            known = {p["idx"]: p["note"] for p in json.load(f).get("pages", [])}
    pages = [{"idx": i, "label": str(i + 1), "overlay": 0, "note": known.get(i, f"Notes {i + 1}.")}
             for i in range(args.slides)]
    with open(os.path.splitext(args.out)[0] + ".pdfpc", "w", encoding="utf-8") as f:
        json.dump({"pdfpcFormat": 2, "disableMarkdown": False, "pages": pages}, f, indent=1)


if __name__ == "__main__":
    main()
