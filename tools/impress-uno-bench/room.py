#!/usr/bin/python3
"""→ until the room's screen changes (issue 47): the pad's key against
LibreOffice's own keyboard, on the same show, timed on the display's pixels.

    DISPLAY=:N /usr/bin/python3 tools/impress-uno-bench/room.py CONTROLPAD DECK.odp [--presses 30]

It starts a LibreOffice of its own (a throwaway profile, the pipe
`cproom`), opens DECK and starts its show full screen, and runs
`controlpad connect uno:cproom` on a pseudo-terminal (kitty pictures, 120×40
cells). Then, in turn on the same show:
  own   a → typed on LibreOffice's own keyboard (XTest, as a clicker's key
        reaches the show's window): key -> the display's pixels change;
  pad   a → typed at the pad: key -> the display's pixels change, and
        the room changed -> the pad draws a kitty picture (the current
        pane at the new step; the pad's output is read all along, as a
        terminal does).
The display is read with XGetImage (libX11 through ctypes) every 2 ms.
Prints one line per figure (milliseconds) and a JSON line at the end.
Needs Debian's python3 with python3-uno, LibreOffice, libX11 and libXtst.
"""
import ctypes, ctypes.util, json, os, shutil, signal, sys, tempfile, threading, time, zlib

from office import PadOnPty, start_show, stop_office

PIPE = "cproom"
RIGHT = b"\x1bOC"
XK_RIGHT = 0xFF53


class Display:
    """The X display: its pixels, and keys typed through XTest."""

    def __init__(self):
        x11 = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11"))
        xtst = ctypes.cdll.LoadLibrary(ctypes.util.find_library("Xtst"))
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x11.XDefaultRootWindow.restype = ctypes.c_ulong
        x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        x11.XGetImage.restype = ctypes.c_void_p
        x11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint,
                                  ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        x11.XDestroyImage = None
        x11.XFree.argtypes = [ctypes.c_void_p]
        x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        x11.XFlush.argtypes = [ctypes.c_void_p]
        x11.XDisplayWidth.argtypes = x11.XDisplayHeight.argtypes = [ctypes.c_void_p, ctypes.c_int]
        xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        xtst.XTestFakeMotionEvent.argtypes = [ctypes.c_void_p, ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_ulong]
        self.x11, self.xtst = x11, xtst
        self.display = x11.XOpenDisplay(None)
        if not self.display:
            sys.exit("room.py: no X display (set DISPLAY)")
        self.root = x11.XDefaultRootWindow(self.display)
        self.width, self.height = x11.XDisplayWidth(self.display, 0), x11.XDisplayHeight(self.display, 0)

    def pixels(self):
        """A checksum of the whole display's pixels."""
        image = self.x11.XGetImage(self.display, self.root, 0, 0, self.width, self.height, 0xFFFFFFFF, 2)
        # XImage: width, height, xoffset, format, data (char *), ... bytes_per_line at a fixed offset.
        fields = ctypes.cast(image, ctypes.POINTER(ctypes.c_int))
        data = ctypes.cast(image, ctypes.POINTER(ctypes.c_void_p))[2]
        bytes_per_line = fields[11]
        checksum = zlib.adler32(ctypes.string_at(data, bytes_per_line * self.height))
        # XDestroyImage is a macro: the image's own destroy function, the first of its function table.
        destroy = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)(ctypes.cast(image, ctypes.POINTER(ctypes.c_void_p))[12])
        destroy(image)
        return checksum

    def key(self, keysym):
        code = self.x11.XKeysymToKeycode(self.display, keysym)
        self.xtst.XTestFakeKeyEvent(self.display, code, 1, 0)
        self.xtst.XTestFakeKeyEvent(self.display, code, 0, 0)
        self.x11.XFlush(self.display)

    def point_at(self, x, y):
        self.xtst.XTestFakeMotionEvent(self.display, 0, x, y, 0)
        self.x11.XFlush(self.display)

    def changed_after(self, before, start, limit=3.0):
        """When the display's pixels differ from `before` (seconds), or None."""
        while time.monotonic() - start < limit:
            if self.pixels() != before:
                return time.monotonic()
            time.sleep(0.002)
        return None


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))] if values else float("nan")


def summary(name, values):
    print("%-46s n=%3d  p50 %7.1f  p95 %7.1f  max %7.1f ms" % (name, len(values), pct(values, .5), pct(values, .95),
                                                              max(values) if values else float("nan")))
    return {"n": len(values), "p50": pct(values, .5), "p95": pct(values, .95), "max": max(values) if values else None}


def main():
    controlpad, deck = sys.argv[1], os.path.abspath(sys.argv[2])
    presses = int(sys.argv[sys.argv.index("--presses") + 1]) if "--presses" in sys.argv else 30
    pictures = sys.argv[sys.argv.index("--pictures") + 1] if "--pictures" in sys.argv else "kitty"
    screen = Display()
    work = tempfile.mkdtemp(prefix="controlpad-uno-room-")
    shutil.copy(deck, work + "/deck.odp")
    office, pad_pid, reading = None, None, [True]
    try:
        office, c = start_show(work, PIPE, work + "/deck.odp", full_screen=True)
        time.sleep(4)
        slides = c.SlideCount
        # LibreOffice's own keyboard: keys go to the window under the pointer, the show's.
        screen.point_at(screen.width // 2, screen.height // 2)

        terminal = PadOnPty(controlpad, PIPE, work, pictures)
        pad_pid = terminal.pid
        terminal.wait_for_show(slides)
        # The pad's output is read all along, as a terminal does (a pad
        # whose writes block stops), noting when it draws a kitty picture.
        drawn = []

        def read_all():
            tail = b""
            while reading[0]:
                data = terminal.read(0.05)
                if b"\x1b_G" in tail + data:
                    drawn.append(time.monotonic())
                tail = data[-8:]
        reader = threading.Thread(target=read_all, daemon=True)
        reader.start()

        def settle():
            time.sleep(0.6)  # effects run out, pictures go out

        own, pad, pad_picture = [], [], []
        for i in range(presses):
            if c.CurrentSlideIndex >= slides - 3:
                c.gotoSlideIndex(0)
                settle()
            before = screen.pixels()
            start = time.monotonic()
            screen.key(XK_RIGHT)
            seen = screen.changed_after(before, start)
            if seen:
                own.append((seen - start) * 1000)
            settle()
            before = screen.pixels()
            start = time.monotonic()
            terminal.write(RIGHT)
            seen = screen.changed_after(before, start)
            if seen:
                pad.append((seen - start) * 1000)
            time.sleep(2)
            # The first picture the pad draws after the press: one drawn
            # before the room's pixels changed (kept from before, handed
            # over as the effect began) counts as 0.
            picture = next((t for t in drawn if t >= start), None)
            if picture and seen:
                pad_picture.append(max(0.0, picture - seen) * 1000)
                if picture - seen > 0.25:
                    print("  slow picture: press %d, slide %d, %.0f ms" % (i, c.CurrentSlideIndex + 1, (picture - seen) * 1000))
            settle()

        print("Impress over UNO, %d slides, %d presses each, the room's pixels" % (slides, presses))
        figures = {
            "own_key_to_room": summary("LibreOffice's own key: → -> the room changes", own),
            "pad_key_to_room": summary("pad: → -> the room changes", pad),
            "room_to_pad_picture": summary("the room changed -> the pad draws a picture", pad_picture),
        }
        figures["ratio_p50"] = figures["pad_key_to_room"]["p50"] / figures["own_key_to_room"]["p50"]
        figures["ratio_p95"] = figures["pad_key_to_room"]["p95"] / figures["own_key_to_room"]["p95"]
        print("pad / own key: p50 %.2f, p95 %.2f" % (figures["ratio_p50"], figures["ratio_p95"]))
        print(json.dumps(figures))
        if not pad:
            print("the pad moved nothing; its log:\n" + open(work + "/pad.log").read()[-3000:])
    finally:
        reading[0] = False
        if pad_pid:
            os.kill(pad_pid, signal.SIGTERM)
            time.sleep(1)
        if office:
            stop_office(office)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
