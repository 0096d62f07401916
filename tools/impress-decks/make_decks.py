#!/usr/bin/python3
"""Make heavy Impress decks the way presenters do, with LibreOffice itself
(UNO), to measure how long Impress's remote streams previews and notes.

Why: Impress sends every client all slides' previews and notes when it pairs
during a show and whenever a show starts or resumes, and a client that closes
before the stream's end can leave the remote dead for everyone. How long that
stream takes depends on how costly each slide is to render, so we measure it
on decks that are slow to render (tools/impress-decks/stream_timing.py).

Decks (titles and speaker notes on every slide):
  photos    80 slides, each a 1600x1200 photo-like PNG (smooth gradients
            plus noise, ~4 MB, compresses badly) filling most of the slide
  diagrams  60 slides of 160 ellipses/rectangles with transparency and
            blurred shadows; every 5th slide also holds a bar chart (OLE)
  text      400 slides of title, five bullets and notes

Run with Debian's /usr/bin/python3 (python3-uno; peer.sh's install brings it):

    /usr/bin/python3 tools/impress-decks/make_decks.py photos /var/tmp/controlpad-deck-photos.odp

It starts its own headless soffice on a private UNO pipe with its own
profile under /var/tmp (so it never clashes with peer.sh's), and stops it
when done. --pipe NAME uses an already running soffice started with
--accept="pipe,name=NAME;urp;" instead. Keep the .odp files out of git.
"""

import argparse
import math
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import time
import zlib

import uno
from com.sun.star.awt import Point, Size
from com.sun.star.beans import PropertyValue

SOFFICE = "/usr/lib/libreoffice/program/soffice"
TITLE_ONLY = 19  # AutoLayout AUTOLAYOUT_TITLE_ONLY
TITLE_CONTENT = 1  # AUTOLAYOUT_TITLE_CONTENT (title + outline)
CHART_CLSID = "12dcae26-281f-416f-a234-c3086127382e"


def prop(name, value):
    p = PropertyValue()
    p.Name = name
    p.Value = value
    return p


# --- a photo-like picture, Python stdlib only ------------------------------

def photo_png(width, height, seed, noise_bits=2):
    """A PNG of smooth colour gradients with `noise_bits` low bits of noise
    per channel: looks like an out-of-focus photo, and noise makes zlib
    compress it badly (~4 MB at 1600x1200), as camera pictures do."""
    rnd = random.Random(seed)
    phase = [rnd.uniform(0, 2 * math.pi) for _ in range(5)]
    freq = [rnd.uniform(0.5, 2.5) for _ in range(3)]
    row = bytearray(width * 3)
    for x in range(width):
        u = x / width
        for c in range(3):
            row[3 * x + c] = int(110 + 90 * math.sin(freq[c] * math.pi * u + phase[c]))
    row = bytes(row)
    n = width * 3
    high = int.from_bytes(bytes([(0xFF << noise_bits) & 0xFF]) * n, "big")
    low = int.from_bytes(bytes([(1 << noise_bits) - 1]) * n, "big")
    shift_tables = {}
    raw = bytearray()
    for y in range(height):
        v = y / height
        off = int(50 * math.sin(2.2 * math.pi * v + phase[3]) + 25 * math.sin(7 * v + phase[4]))
        table = shift_tables.get(off)
        if table is None:
            table = shift_tables[off] = bytes(min(255, max(0, i + off)) for i in range(256))
        line = (int.from_bytes(row.translate(table), "big") & high
                | int.from_bytes(rnd.randbytes(n), "big") & low)
        raw += b"\x00" + line.to_bytes(n, "big")  # filter type 0 per scanline

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(bytes(raw), 6))
            + chunk(b"IEND", b""))


# --- talking to LibreOffice -----------------------------------------------

def start_soffice(workdir):
    """A private headless soffice on its own pipe and profile."""
    pipe = "controlpad_decks_%d" % os.getpid()
    profile = os.path.join(workdir, "profile")
    proc = subprocess.Popen(
        [SOFFICE, "--headless", "--invisible", "--norestore", "--nologo", "--nodefault",
         "-env:UserInstallation=" + uno.systemPathToFileUrl(profile),
         "--accept=pipe,name=%s;urp;StarOffice.ComponentContext" % pipe],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    return pipe, proc


def connect(pipe, timeout=120):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext(
        "com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.time() + timeout
    while True:
        try:
            return resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
        except Exception:
            if time.time() > deadline:
                raise
            time.sleep(0.5)


def set_props(obj, **values):
    names = sorted(values)
    obj.setPropertyValues(tuple(names), tuple(values[k] for k in names))


def place(shape, x, y, w, h):
    shape.setPosition(Point(int(x), int(y)))
    shape.setSize(Size(int(w), int(h)))


def ensure_pages(doc, count):
    pages = doc.getDrawPages()
    while pages.getCount() < count:
        pages.insertNewByIndex(pages.getCount() - 1)
    return pages


def fill_placeholders(page, title, body=None):
    for j in range(page.getCount()):
        shape = page.getByIndex(j)
        kind = shape.getShapeType()
        if kind == "com.sun.star.presentation.TitleTextShape":
            shape.setString(title)
            title_shape = shape
        elif kind == "com.sun.star.presentation.OutlinerShape" and body is not None:
            shape.setString(body)
    return title_shape


def set_notes(page, notes):
    notes_page = page.getNotesPage()
    for j in range(notes_page.getCount()):
        shape = notes_page.getByIndex(j)
        if shape.getShapeType() == "com.sun.star.presentation.NotesShape":
            shape.setString(notes)


# --- the decks -------------------------------------------------------------

def make_photos(ctx, doc, workdir, slides=80):
    provider = ctx.ServiceManager.createInstanceWithContext("com.sun.star.graphic.GraphicProvider", ctx)
    pages = ensure_pages(doc, slides)
    first = pages.getByIndex(0)
    W, H = first.Width, first.Height
    for i in range(slides):
        page = pages.getByIndex(i)
        page.Layout = TITLE_ONLY
        title = fill_placeholders(page, "Photo %d of %d: field trip" % (i + 1, slides))
        place(title, W * 0.04, H * 0.01, W * 0.92, H * 0.12)
        path = os.path.join(workdir, "photo-%03d.png" % i)
        with open(path, "wb") as f:
            f.write(photo_png(1600, 1200, seed=1000 + i))
        graphic = provider.queryGraphic((prop("URL", uno.systemPathToFileUrl(path)),))
        shape = doc.createInstance("com.sun.star.drawing.GraphicObjectShape")
        page.add(shape)
        shape.Graphic = graphic
        h = H * 0.84
        place(shape, (W - h * 4 / 3) / 2, H * 0.14, h * 4 / 3, h)
        set_notes(page, "Photo %d: where it was taken, what to say.\n"
                        "Second paragraph of the notes for slide %d." % (i + 1, i + 1))
        os.remove(path)
        log("photos: slide %d/%d" % (i + 1, slides))


def add_chart(doc, page, x, y, w, h, rnd):
    shape = doc.createInstance("com.sun.star.drawing.OLE2Shape")
    page.add(shape)
    shape.CLSID = CHART_CLSID
    place(shape, x, y, w, h)
    chart = shape.Model
    chart.lockControllers()
    chart.Diagram = chart.createInstance("com.sun.star.chart.BarDiagram")
    data = chart.getData()
    rows = tuple(tuple(float(rnd.randint(5, 100)) for _ in range(4)) for _ in range(12))
    data.setData(rows)
    data.setRowDescriptions(tuple("M%d" % (r + 1) for r in range(12)))
    data.setColumnDescriptions(("North", "South", "East", "West"))
    chart.unlockControllers()


def make_diagrams(ctx, doc, workdir, slides=60, shapes_per_slide=160, chart_every=5):
    pages = ensure_pages(doc, slides)
    first = pages.getByIndex(0)
    W, H = first.Width, first.Height
    rnd = random.Random(7)
    for i in range(slides):
        page = pages.getByIndex(i)
        page.Layout = TITLE_ONLY
        title = fill_placeholders(page, "Diagram %d of %d: system overview" % (i + 1, slides))
        place(title, W * 0.04, H * 0.01, W * 0.92, H * 0.12)
        for k in range(shapes_per_slide):
            kind = "EllipseShape" if k % 2 else "RectangleShape"
            shape = doc.createInstance("com.sun.star.drawing." + kind)
            page.add(shape)
            w = rnd.uniform(0.05, 0.22) * W
            h = rnd.uniform(0.05, 0.25) * H
            place(shape, rnd.uniform(0, W - w), rnd.uniform(H * 0.14, H - h), w, h)
            set_props(shape,
                      FillColor=rnd.randint(0, 0xFFFFFF),
                      FillTransparence=rnd.randint(20, 70),
                      LineColor=rnd.randint(0, 0xFFFFFF),
                      LineWidth=rnd.randint(0, 80),
                      Shadow=True,
                      ShadowXDistance=rnd.randint(100, 300),
                      ShadowYDistance=rnd.randint(100, 300),
                      ShadowTransparence=rnd.randint(30, 60),
                      ShadowBlur=rnd.randint(100, 400))
        if chart_every and i % chart_every == chart_every - 1:
            add_chart(doc, page, W * 0.5, H * 0.35, W * 0.45, H * 0.6, rnd)
        set_notes(page, "Diagram %d: walk through the boxes left to right.\n"
                        "Mention the dependencies; %d shapes." % (i + 1, shapes_per_slide))
        log("diagrams: slide %d/%d" % (i + 1, slides))


def make_text(ctx, doc, workdir, slides=400):
    pages = ensure_pages(doc, slides)
    for i in range(slides):
        page = pages.getByIndex(i)
        page.Layout = TITLE_CONTENT
        fill_placeholders(page, "Slide %d: section %d" % (i + 1, i // 20 + 1),
                          "\n".join("Point %d.%d: a line of bullet text about this" % (i + 1, b)
                                    for b in range(1, 6)))
        set_notes(page, "Notes for slide %d.\nSay the second thing.\nAnd a third." % (i + 1))
        if (i + 1) % 50 == 0:
            log("text: slide %d/%d" % (i + 1, slides))


DECKS = {"photos": make_photos, "diagrams": make_diagrams, "text": make_text}


def log(text):
    print(text, file=sys.stderr, flush=True)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("deck", choices=sorted(DECKS))
    parser.add_argument("out", help="where to write the .odp (keep it under /var/tmp)")
    parser.add_argument("--pipe", help="use a running soffice on this UNO pipe")
    args = parser.parse_args()

    workdir = tempfile.mkdtemp(prefix="controlpad-decks-", dir="/var/tmp")
    proc = None
    try:
        pipe = args.pipe
        if pipe is None:
            pipe, proc = start_soffice(workdir)
        ctx = connect(pipe)
        desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
        doc = desktop.loadComponentFromURL("private:factory/simpress", "_blank", 0,
                                           (prop("Hidden", True),))
        started = time.monotonic()
        doc.lockControllers()
        DECKS[args.deck](ctx, doc, workdir)
        doc.unlockControllers()
        doc.getDocumentProperties().Title = "ControlPad heavy deck: " + args.deck
        out = os.path.abspath(args.out)
        doc.storeToURL(uno.systemPathToFileUrl(out), (prop("FilterName", "impress8"),))
        count = doc.getDrawPages().getCount()
        doc.close(True)
        print("wrote %s: %s, %d slides, %.2f MB, %.0f s"
              % (out, args.deck, count, os.path.getsize(out) / 1e6, time.monotonic() - started))
    finally:
        if proc is not None:
            try:
                desktop.terminate()
            except Exception:
                pass
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
