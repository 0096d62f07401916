#!/usr/bin/python3
"""Impress over UNO, measured against the real LibreOffice (issue 39's
speed budgets): the pad next to a bare Python UNO client on the same show.

    DISPLAY=:N /usr/bin/python3 tools/impress-uno-bench/bench.py CONTROLPAD DECK.odp [--presses 40]

It starts a LibreOffice of its own (a throwaway profile, the pipe
`cpbench`), opens DECK and starts its show in a window, and stays
connected as the observer: a slide show listener that notes when the show
moves. Then:
  bare   a bare client in a process of its own (its own connection, as the
         pad's bridge has) calls gotoNextEffect for each line the benchmark
         writes to it: line -> the show's event, as heard by the observer;
  pad    in turn with the bare calls, on the same show, `controlpad connect uno:cpbench` on a pseudo-terminal (kitty
         pictures, a 2560x1600-pixel window of 120x40 cells) gets → keys:
         key -> the show's event (seen by the observer), key -> the first
         byte the pad writes back, key -> the current slide's picture
         (a kitty image sent after a slide change);
  busy   the observer steps the show while the pad's slide list is open and
         its thumbnails are being exported: call -> the show's event.
Prints one line per figure (milliseconds) and a JSON line at the end.
Needs Debian's python3 with python3-uno, LibreOffice and an X display.
"""
import json, os, shutil, signal, subprocess, sys, tempfile, threading, time

import unohelper
from com.sun.star.presentation import XSlideShowListener

from office import PadOnPty, start_show, stop_office

PIPE = "cpbench"

# The bare client: a process of its own with its own connection, as the
# pad's bridge is, that calls gotoNextEffect for each line it reads.
BARE = """
import sys, uno
local = uno.getComponentContext()
r = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
ctx = r.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % sys.argv[1])
desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
each = desktop.Components.createEnumeration()
docs = iter(lambda: each.nextElement() if each.hasMoreElements() else None, None)
# The deck whose show runs (the pad's hidden copy of it runs none).
doc = next(d for d in docs if hasattr(d, "Presentation") and d.Presentation.Controller is not None)
c = doc.Presentation.Controller
print("ready", flush=True)
for line in sys.stdin:
    c.gotoNextEffect()
"""
RIGHT = b"\x1bOC"


class Observer(unohelper.Base, XSlideShowListener):
    """Notes the time of every move of the show; no UNO call from here (deadlock)."""
    def __init__(self):
        self.moves, self.lock = [], threading.Condition()
    def note(self):
        with self.lock:
            self.moves.append(time.monotonic())
            self.lock.notify_all()
    def beginEvent(self, node):
        if dict((v.Name, v.Value) for v in (node.UserData or ())).get("node-type") == 1:
            self.note()
    def slideTransitionStarted(self): self.note()
    def paused(self): pass
    def resumed(self): pass
    def slideTransitionEnded(self): pass
    def slideAnimationsEnded(self): pass
    def slideEnded(self, reverse): pass
    def hyperLinkClicked(self, url): pass
    def endEvent(self, node): pass
    def repeat(self, node, n): pass
    def disposing(self, source): pass
    def count(self):
        with self.lock:
            return len(self.moves)
    def wait_after(self, n, timeout=3.0):
        # Waiting on a condition, not polling: a polling thread would hold
        # the GIL the listener's thread needs to note the time.
        with self.lock:
            self.lock.wait_for(lambda: len(self.moves) > n, timeout)
            return self.moves[n] if len(self.moves) > n else None


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))] if values else float("nan")


def summary(name, values):
    print("%-44s n=%3d  p50 %7.1f  p95 %7.1f  p99 %7.1f ms" % (name, len(values), pct(values, .5), pct(values, .95), pct(values, .99)))
    return {"n": len(values), "p50": pct(values, .5), "p95": pct(values, .95), "p99": pct(values, .99)}


def main():
    sys.setswitchinterval(0.0001)  # the listener's thread notes the time at once
    controlpad, deck = sys.argv[1], os.path.abspath(sys.argv[2])
    presses = int(sys.argv[sys.argv.index("--presses") + 1]) if "--presses" in sys.argv else 40
    work = tempfile.mkdtemp(prefix="controlpad-uno-bench-")
    shutil.copy(deck, work + "/deck.odp")  # a copy of its own: no lock shared with another LibreOffice
    deck = work + "/deck.odp"
    office, pad_pid = None, None
    try:
        office, c = start_show(work, PIPE, deck, full_screen=False)
        observer = Observer()
        c.addSlideShowListener(observer)
        time.sleep(3)
        slides = c.SlideCount

        terminal = PadOnPty(controlpad, PIPE, work, pictures=os.environ.get("PICTURES", "kitty"))
        pad_pid, read, out = terminal.pid, terminal.read, terminal.out
        terminal.wait_for_show(slides, seconds=30)

        def press(want_picture):
            n = observer.count()
            start = time.monotonic()
            terminal.write(RIGHT)
            first = picture = None
            end = start + 2.0
            while time.monotonic() < end:
                data = read(0.002)
                now = time.monotonic()
                if data and first is None:
                    first = now
                if data and want_picture and picture is None and b"a=t,f=100" in data:
                    picture = now
                if observer.count() > n and first is not None and (picture is not None or not want_picture):
                    break
            seen = observer.wait_after(n, 0.01)
            return ((seen - start) * 1000 if seen else None, (first - start) * 1000 if first else None,
                    (picture - start) * 1000 if picture else None)

        # Turn about on the same show: a bare call, then a pad key, so that
        # both meet the same slides and the same load.
        bare_client = subprocess.Popen(["/usr/bin/python3", "-c", BARE, PIPE], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        bare_client.stdout.readline()
        bare, pad_confirm, pad_first, pad_picture = [], [], [], []
        for i in range(presses):
            if c.CurrentSlideIndex >= slides - 3:
                c.gotoSlideIndex(0); time.sleep(0.5)
                while read(0.05):
                    pass
            n = observer.count()
            t = time.monotonic()
            bare_client.stdin.write(b"next\n"); bare_client.stdin.flush()
            seen = observer.wait_after(n)
            if seen is not None:
                bare.append((seen - t) * 1000)
            time.sleep(0.3)
            while read(0.02):
                pass
            confirm, first, picture = press(True)
            if confirm is not None: pad_confirm.append(confirm)
            if first is not None: pad_first.append(first)
            if picture is not None: pad_picture.append(picture)
            time.sleep(0.3)
            while read(0.05):
                pass

        # Busy: the pad's slide list open, its thumbnails being exported,
        # while the show is stepped (here by the observer: keys go to the list).
        terminal.write(b"1\r"); time.sleep(1.0)
        terminal.write(b"\t"); time.sleep(0.2)
        busy = []
        for i in range(presses):
            if c.CurrentSlideIndex >= slides - 2:
                c.gotoSlideIndex(0); time.sleep(0.2)
            n = observer.count()
            t = time.monotonic()
            c.gotoNextEffect()
            seen = observer.wait_after(n)
            if seen is not None:
                busy.append((seen - t) * 1000)
            read(0.05)
            time.sleep(0.1)
        thumbnails = out.count(b"a=t,f=100")

        print("Impress over UNO, LibreOffice %s slides, %d presses each" % (slides, presses))
        figures = {
            "bare_call_to_event": summary("bare client: line -> the show's event", bare),
            "pad_key_to_event": summary("pad: key -> the show's event", pad_confirm),
            "pad_key_to_first_byte": summary("pad: key -> first byte on screen", pad_first),
            "pad_key_to_picture": summary("pad: key -> the current picture (kitty)", pad_picture),
            "step_while_thumbnails": summary("step -> event while the pad exports thumbnails", busy),
        }
        figures["ratio_p50"] = figures["pad_key_to_event"]["p50"] / figures["bare_call_to_event"]["p50"]
        print("pad / bare, p50: %.2f; kitty pictures sent in all: %d" % (figures["ratio_p50"], thumbnails))
        print(json.dumps(figures))
        bare_client.kill()
        c.removeSlideShowListener(observer)
    finally:
        if pad_pid:
            os.kill(pad_pid, signal.SIGTERM)
            time.sleep(1)
        if office:
            stop_office(office)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
