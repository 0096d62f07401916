#!/usr/bin/python3
"""A step → the current pane's picture on screen: sixel straight to xterm
against sixel through tmux (issue 50).

    tools/picture-latency/tmux_vs_direct.py CONTROLPAD TMUX [--presses 20] [--display 130]

Starts an Xvfb of its own (DISPLAY :130 unless --display), then, in turn,
xterm -ti vt340 (256 colour registers, 140×42) running
  direct  `controlpad demo` itself;
  tmux    TMUX (3.4 or later, built with sixel) running `controlpad demo`.
In each, after the slides are in, → is typed (XTest) PRESSES times, and
the window's current pane (its left 58 %, top 62 %) is read with XGetImage
every 2 ms until it has not changed for 400 ms: the time of its last
change is when the new slide's picture was whole on screen (the pane's
text changes first; the picture is the last to land). Prints per mode
p50 / p95 / max in milliseconds and the ratio tmux / direct, then a JSON line.
Needs Xvfb, xterm, xdotool, libX11 and libXtst (scripts/install-deps.sh).
"""
import ctypes, ctypes.util, json, os, shutil, signal, subprocess, sys, tempfile, time, zlib

XK_RIGHT = 0xFF53


class Window:
    """One X window: a checksum of a region of its pixels, keys through XTest."""

    def __init__(self, display, window):
        x11 = ctypes.cdll.LoadLibrary(ctypes.util.find_library("X11"))
        xtst = ctypes.cdll.LoadLibrary(ctypes.util.find_library("Xtst"))
        x11.XOpenDisplay.restype = ctypes.c_void_p
        x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x11.XGetImage.restype = ctypes.c_void_p
        x11.XGetImage.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.c_int, ctypes.c_int, ctypes.c_uint,
                                  ctypes.c_uint, ctypes.c_ulong, ctypes.c_int]
        x11.XKeysymToKeycode.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        x11.XFlush.argtypes = [ctypes.c_void_p]
        xtst.XTestFakeKeyEvent.argtypes = [ctypes.c_void_p, ctypes.c_uint, ctypes.c_int, ctypes.c_ulong]
        self.x11, self.xtst = x11, xtst
        self.display = x11.XOpenDisplay(display.encode())
        self.window = window
        values = {}
        for _ in range(50):  # the window may still be mapping
            geometry = subprocess.run(["xdotool", "getwindowgeometry", "--shell", str(window)], capture_output=True, text=True,
                                      env=dict(os.environ, DISPLAY=display)).stdout
            values = dict(line.split("=", 1) for line in geometry.split() if "=" in line)
            if "WIDTH" in values:
                break
            time.sleep(0.1)
        self.width, self.height = int(values["WIDTH"]), int(values["HEIGHT"])

    def pane(self):
        """A checksum of the current pane's pixels."""
        w, h = self.width * 58 // 100, self.height * 62 // 100
        image = self.x11.XGetImage(self.display, self.window, 0, 0, w, h, 0xFFFFFFFF, 2)
        fields = ctypes.cast(image, ctypes.POINTER(ctypes.c_int))
        data = ctypes.cast(image, ctypes.POINTER(ctypes.c_void_p))[2]
        try:
            return zlib.adler32(ctypes.string_at(data, fields[11] * h))
        finally:
            # XDestroyImage is a macro: the image's own destroy function, the first of its table.
            ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p)(ctypes.cast(image, ctypes.POINTER(ctypes.c_void_p))[12])(image)

    def key(self, keysym):
        """A key pressed and released through XTest (xterm ignores synthetic events)."""
        code = self.x11.XKeysymToKeycode(self.display, keysym)
        for down in (1, 0):
            self.xtst.XTestFakeKeyEvent(self.display, code, down, 0)
        self.x11.XFlush(self.display)

    def last_change(self, start, quiet=0.4, limit=5.0):
        """When the pane last changed after `start`, once it was quiet for `quiet` s."""
        last, seen = self.pane(), None
        while time.monotonic() - start < limit:
            now = self.pane()
            t = time.monotonic()
            if now != last:
                last, seen = now, t
            elif seen and t - seen > quiet:
                return seen
            time.sleep(0.002)
        return seen


def pct(values, p):
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p * (len(values) - 1))))] if values else float("nan")


def run(mode, controlpad, tmux, display, presses, work):
    socket = "cp-bench-%d" % os.getpid()
    pad = "%s demo --no-animation --seed 5 --latency 0-1 --drop 0 --log %s/%s.log" % (controlpad, work, mode)
    env = dict(os.environ, DISPLAY=display, LANG="C.UTF-8", XDG_STATE_HOME=work + "/state-" + mode,
               XDG_CONFIG_HOME=work + "/config", TERM="xterm-256color")
    for key in ("TMUX", "NO_COLOR", "COLORTERM", "TERM_PROGRAM"):
        env.pop(key, None)
    command = pad if mode == "direct" else "%s -L %s -f %s/tmux.conf new-session '%s'" % (tmux, socket, work, pad)
    term = subprocess.Popen(["xterm", "-ti", "vt340", "-class", "cp-bench", "-geometry", "140x42", "-bg", "black", "-fg", "white",
                             "-fa", "DejaVu Sans Mono", "-fs", "9", "-xrm", "XTerm*numColorRegisters: 256", "-e", "sh", "-c", command],
                            env=env)
    try:
        window = None
        for _ in range(200):
            found = subprocess.run(["xdotool", "search", "--onlyvisible", "--class", "cp-bench"], capture_output=True, text=True,
                                   env=env).stdout.split()
            if found:
                window = int(found[0])
                break
            time.sleep(0.1)
        subprocess.run(["xdotool", "mousemove", "--window", str(window), "20", "20"], env=env)
        time.sleep(3)  # the previews in, every picture drawn
        screen = Window(display, window)
        times = []
        for i in range(presses):
            if i and i % 12 == 0:  # back to the start: the demo has 14 slides
                for _ in range(12):
                    subprocess.run(["xdotool", "key", "Left"], env=env)
                time.sleep(1.5)
            start = time.monotonic()
            screen.key(XK_RIGHT)
            seen = screen.last_change(start)
            if seen:
                times.append((seen - start) * 1000)
        said = open("%s/%s.log" % (work, mode)).read()
        chosen = next((line.split("pictures: ", 1)[1] for line in said.splitlines() if "pictures: " in line), "?")
        return times, chosen
    finally:
        term.terminate()
        term.wait()
        if mode == "tmux":
            subprocess.run([tmux, "-L", socket, "kill-server"], stderr=subprocess.DEVNULL)


def main():
    controlpad, tmux = os.path.abspath(sys.argv[1]), sys.argv[2]
    presses = int(sys.argv[sys.argv.index("--presses") + 1]) if "--presses" in sys.argv else 20
    number = sys.argv[sys.argv.index("--display") + 1] if "--display" in sys.argv else "130"
    display = ":" + number
    work = tempfile.mkdtemp(prefix="controlpad-picture-latency-")
    open(work + "/tmux.conf", "w").write("set -g default-terminal tmux-256color\nset -g status off\n")
    xvfb = subprocess.Popen(["Xvfb", display, "-screen", "0", "1600x1000x24", "-nolisten", "tcp"], stderr=subprocess.DEVNULL)
    try:
        time.sleep(1)
        figures = {"tmux_version": subprocess.run([tmux, "-V"], capture_output=True, text=True).stdout.strip()}
        for mode in ("direct", "tmux"):
            times, chosen = run(mode, controlpad, tmux, display, presses, work)
            figures[mode] = {"n": len(times), "p50": pct(times, .5), "p95": pct(times, .95), "max": max(times) if times else None,
                             "pictures": chosen}
            print("%-7s n=%3d  p50 %7.1f  p95 %7.1f  max %7.1f ms   (%s)" % (mode, len(times), pct(times, .5), pct(times, .95),
                                                                          max(times) if times else float("nan"), chosen))
        figures["ratio_p50"] = figures["tmux"]["p50"] / figures["direct"]["p50"]
        figures["ratio_p95"] = figures["tmux"]["p95"] / figures["direct"]["p95"]
        print("tmux / direct: p50 %.2f, p95 %.2f" % (figures["ratio_p50"], figures["ratio_p95"]))
        print(json.dumps(figures))
    finally:
        xvfb.send_signal(signal.SIGTERM)
        xvfb.wait()
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
