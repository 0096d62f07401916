#!/usr/bin/python3
"""A deck for Impress over UNO's real-peer tests and benchmark: build steps
of every trigger, speaker notes with formatting, and as many slides as
asked (62 by default). Written as flat ODF (the animations), then opened in
a private headless soffice to give each slide rich notes through UNO, and
saved as .odp.

    /usr/bin/python3 tools/impress-uno-decks/make_steps_deck.py OUT.odp [SLIDES]

Slides repeat a pattern of five (slide n is pattern n % 5), so a test
knows each slide's click steps without reading the deck:
  0  no effects                                            0 steps
  1  three on-click appears                                3 steps
  2  one click shows two shapes (on-click + with-previous) 1 step
  3  one click, then a shape after it by itself (after-previous) 1 step
  4  a shape that appears by itself on entry (after-previous
     first, no click), then one on-click                   1 step
Notes: "**Slide N** notes", with bold, italic and underline. Slides 1 and 31
are named "Opening" and "Second half" (sections, for the pad's agenda).
Needs Debian's /usr/bin/python3 with python3-uno, and LibreOffice.
"""
import os, shutil, subprocess, sys, tempfile, time

import uno
from com.sun.star.beans import PropertyValue
from com.sun.star.connection import NoConnectException

STEPS = [0, 3, 1, 1, 1]
SOFFICE = shutil.which("soffice") or "/usr/lib/libreoffice/program/soffice"

HEAD = """<?xml version="1.0" encoding="UTF-8"?>
<office:document xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"
 xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"
 xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"
 xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"
 xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"
 xmlns:anim="urn:oasis:names:tc:opendocument:xmlns:animation:1.0"
 xmlns:smil="urn:oasis:names:tc:opendocument:xmlns:smil-compatible:1.0"
 xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0"
 xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
 xmlns:xml="http://www.w3.org/XML/1998/namespace"
 office:version="1.3" office:mimetype="application/vnd.oasis.opendocument.presentation">
 <office:automatic-styles>
  <style:page-layout style:name="PM1"><style:page-layout-properties fo:page-width="28cm" fo:page-height="15.75cm" style:print-orientation="landscape"/></style:page-layout>
  <style:style style:name="big" style:family="paragraph"><style:text-properties fo:font-size="32pt"/></style:style>
 </office:automatic-styles>
 <office:master-styles><style:master-page style:name="Default" style:page-layout-name="PM1"/></office:master-styles>
 <office:body><office:presentation>
"""
TAIL = " </office:presentation></office:body>\n</office:document>\n"


def box(ident, y, text):
    idattr = ' draw:id="%s" xml:id="%s"' % (ident, ident) if ident else ""
    return ('<draw:frame%s svg:x="2cm" svg:y="%scm" svg:width="24cm" svg:height="2cm">'
            '<draw:text-box><text:p text:style-name="big">%s</text:p></draw:text-box></draw:frame>\n' % (idattr, y, text))


def group(begin, *targets):
    """One group of the main sequence: `begin` "next" waits for a click, "0s" runs by itself."""
    sets = "".join(
        '<anim:par smil:begin="%s" smil:fill="hold" presentation:node-type="%s" '
        'presentation:preset-class="entrance" presentation:preset-id="ooo-entrance-appear">'
        '<anim:set smil:begin="0s" smil:dur="0.001s" smil:fill="hold" smil:targetElement="%s" '
        'smil:attributeName="visibility" smil:to="visible"/></anim:par>' % (delay, kind, t)
        for t, kind, delay in targets)
    return '<anim:par smil:begin="%s"><anim:par smil:begin="0s">%s</anim:par></anim:par>\n' % (begin, sets)


def page(n):
    kind, p = n % 5, "s%d_" % n
    title = box(None, 1, "Slide %d" % (n + 1))
    if kind == 0:
        shapes, groups = [box(None, 5, "No effects")], []
    elif kind == 1:
        shapes = [box(p + "a", 5, "First point"), box(p + "b", 8, "Second point"), box(p + "c", 11, "Third point")]
        groups = [group("next", (p + "a", "on-click", "0s")), group("next", (p + "b", "on-click", "0s")),
                  group("next", (p + "c", "on-click", "0s"))]
    elif kind == 2:
        shapes = [box(p + "a", 5, "Left and"), box(p + "b", 8, "right at once")]
        groups = [group("next", (p + "a", "on-click", "0s"), (p + "b", "with-previous", "0s"))]
    elif kind == 3:
        shapes = [box(p + "a", 5, "A click"), box(p + "b", 8, "and then this by itself")]
        groups = [group("next", (p + "a", "on-click", "0s"), (p + "b", "after-previous", "0.5s"))]
    else:
        shapes = [box(p + "a", 5, "Here on entry"), box(p + "b", 8, "then a click")]
        groups = [group("0s", (p + "a", "after-previous", "0s")), group("next", (p + "b", "on-click", "0s"))]
    anim = ""
    if groups:
        anim = ('<anim:par presentation:node-type="timing-root"><anim:seq presentation:node-type="main-sequence">\n'
                + "".join(groups) + '</anim:seq></anim:par>\n')
    return ('<draw:page draw:name="page%d" draw:master-page-name="Default">\n' % (n + 1)
            + title + "".join(shapes) + anim + '</draw:page>\n')


def prop(name, value):
    p = PropertyValue()
    p.Name, p.Value = name, value
    return p


def rich_notes(page, n):
    notes = page.NotesPage
    shape = next((notes.getByIndex(i) for i in range(notes.Count)
                  if notes.getByIndex(i).ShapeType == "com.sun.star.presentation.NotesShape"), None)
    if shape is None:
        return
    text = shape.Text
    cursor = text.createTextCursor()
    def run(words, **char):
        cursor.setPropertyValue("CharWeight", 150.0 if char.get("bold") else 100.0)
        cursor.setPropertyValue("CharPosture", uno.Enum("com.sun.star.awt.FontSlant", "ITALIC" if char.get("italic") else "NONE"))
        cursor.setPropertyValue("CharUnderline", 1 if char.get("underline") else 0)
        text.insertString(cursor, words, False)
    run("Slide %d" % (n + 1), bold=True)
    run(" notes: say it ")
    run("slowly", italic=True)
    run(" and ")
    run("clearly", underline=True)
    run(".")


def main():
    out, count = os.path.abspath(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 62
    work = tempfile.mkdtemp(prefix="controlpad-uno-deck-")
    flat = os.path.join(work, "deck.fodp")
    with open(flat, "w") as f:
        f.write(HEAD + "".join(page(n) for n in range(count)) + TAIL)
    pipe = "controlpad_uno_deck_%d" % os.getpid()
    office = subprocess.Popen([SOFFICE, "--headless", "--invisible", "--norestore", "--nologo", "--nodefault",
                               "-env:UserInstallation=" + uno.systemPathToFileUrl(os.path.join(work, "profile")),
                               "--accept=pipe,name=%s;urp;" % pipe],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
        deadline = time.time() + 120
        while True:
            try:
                ctx = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
                break
            except NoConnectException:
                if time.time() > deadline:
                    raise
                time.sleep(0.2)
        desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
        doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(flat), "_blank", 0, (prop("Hidden", True),))
        pages = doc.DrawPages
        for n in range(pages.Count):
            rich_notes(pages.getByIndex(n), n)
        # Two slides the presenter named: sections for the pad's agenda.
        pages.getByIndex(0).Name = "Opening"
        if pages.Count > 30:
            pages.getByIndex(30).Name = "Second half"
        doc.storeToURL(uno.systemPathToFileUrl(out), (prop("FilterName", "impress8"),))
        doc.close(True)
        try:
            desktop.terminate()
        except Exception:
            pass
    finally:
        try:
            office.wait(timeout=20)
        except subprocess.TimeoutExpired:
            office.kill()
        shutil.rmtree(work, ignore_errors=True)
    print(out)


if __name__ == "__main__":
    main()
