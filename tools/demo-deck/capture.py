#!/usr/bin/env python3
"""Record what a real LibreOffice Impress sends over the Impress Remote protocol.

Stdlib only. Connects ONLY to 127.0.0.1:1599 (the peer started by
/work/shared/impress-remote/peer.sh). Sends every request in one write, LF only.

Usage:
  capture.py deck OUT_DIR
      Pair as controlpad-test/1234, presentation_start, wait for every
      slide_preview and slide_notes, then reconnect to read slideshow_info.
      Writes OUT_DIR/slide-NN.png (decoded preview, bytes as sent),
      OUT_DIR/slide-NN.notes (notes payload as sent, no trailing newline; no
      file when LibreOffice sent no slide_notes for that slide) and
      OUT_DIR/deck.txt (slide count, then the show title). Stops the show.
  capture.py session-shared OUT.bin    (default 5-slide deck)
      Raw bytes: pair, presentation_start, all previews/notes,
      transition_next, goto_slide 3, transition_previous, presentation_stop.
  capture.py resume-duplicates OUT.bin (default 5-slide deck)
      Raw bytes: pair, presentation_start, all previews/notes,
      presentation_blank_screen, presentation_resume, transition_next, until
      quiet for 1 s. (The show is then stopped; those bytes are not kept.)
  capture.py pair-unknown OUT.bin
      Raw bytes after pairing as someone-else/9999, for 2 s.
  capture.py nav-check
      Start the show, send transition_next, report whether slide_updated came,
      stop the show (used to detect the "navigation ignored" trap).

Environment: CAPTURE_NAME (controlpad-test), CAPTURE_PIN (1234),
CAPTURE_TITLE: if set, deck.txt gets this title instead of slideshow_info's;
CAPTURE_RAW: if set, `deck` also saves the first connection's raw bytes there.
A human-readable log goes to stderr.

Seen with LibreOffice 7.4.7 (see make-demo-deck.sh): a show started within
~0.5 s of port 1599 listening ignores transition_next/previous; closing the
socket within a few ms of slideshow_finished makes soffice abort. Start a
capture a few seconds after peer.sh returns; stop_show() waits before closing.
"""
import base64
import os
import select
import socket
import struct
import sys
import time

HOST, PORT = "127.0.0.1", 1599
NAME = os.environ.get("CAPTURE_NAME", "controlpad-test")
PIN = os.environ.get("CAPTURE_PIN", "1234")
NAV_GAP = 0.15  # seconds between navigation commands (protocol drops < ~20 ms)


def log(*a):
    print("[capture]", *a, file=sys.stderr, flush=True)


class Session:
    """One TCP connection; keeps every received byte and parses messages."""

    def __init__(self):
        self.sock = socket.create_connection((HOST, PORT), timeout=5)
        self.sock.setblocking(False)
        self.t0 = time.monotonic()
        self.raw = bytearray()
        self.closed = False
        self._line = bytearray()
        self._cur = []           # lines of the message being read
        self.msgs = []           # (t, [str lines]) complete messages
        self.last_rx = self.t0
        self.last_tx = self.t0

    def now(self):
        return time.monotonic() - self.t0

    def send(self, *lines):
        data = ("\n".join(lines) + "\n\n").encode("utf-8")
        assert b"\r" not in data
        self.sock.setblocking(True)
        self.sock.sendall(data)      # one write
        self.sock.setblocking(False)
        self.last_tx = time.monotonic()
        log("%8.3f >> %s" % (self.now(), " | ".join(lines)))

    def _feed(self, data):
        t = self.now()
        for b in data:
            if b == 0x0A:
                line = bytes(self._line)
                self._line.clear()
                if line == b"":
                    if self._cur:
                        self.msgs.append((t, [x.decode("utf-8", "replace") for x in self._cur]))
                        self._log_msg(self.msgs[-1])
                        self._cur = []
                else:
                    self._cur.append(line)
            else:
                self._line.append(b)

    def _log_msg(self, m):
        t, lines = m
        shown = [(x if len(x) < 70 else x[:40] + "...(%d chars)" % len(x)) for x in lines]
        log("%8.3f << %s" % (t, " | ".join(shown)))

    def pump(self, timeout):
        """Read whatever arrives within timeout seconds; return bytes read."""
        if self.closed:
            time.sleep(max(0, timeout))
            return 0
        r, _, _ = select.select([self.sock], [], [], max(0, timeout))
        if not r:
            return 0
        try:
            data = self.sock.recv(65536)
        except BlockingIOError:
            return 0
        if not data:
            self.closed = True
            log("%8.3f connection closed by server" % self.now())
            return 0
        self.raw += data
        self.last_rx = time.monotonic()
        self._feed(data)
        return len(data)

    def wait_for(self, pred, timeout, start=0):
        """Pump until pred(msg) is true for a message at index >= start."""
        deadline = time.monotonic() + timeout
        i = start
        while True:
            while i < len(self.msgs):
                if pred(self.msgs[i][1]):
                    return i
                i += 1
            left = deadline - time.monotonic()
            if left <= 0 or self.closed:
                return None
            self.pump(min(left, 0.05))

    def until_quiet(self, quiet, max_total=30):
        """Pump until nothing was sent or received for `quiet` seconds."""
        end = time.monotonic() + max_total
        while time.monotonic() < end:
            if time.monotonic() - max(self.last_rx, self.last_tx) >= quiet:
                return True
            self.pump(0.02)
        return False

    def pair(self, name=NAME, pin=PIN):
        self.send("LO_SERVER_CLIENT_PAIR", name, pin)

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


def named(name):
    return lambda m: m[0] == name


def need(idx, what):
    if idx is None:
        raise SystemExit("capture: timed out waiting for " + what)
    return idx


def pair_and_settle(s):
    s.pair()
    need(s.wait_for(named("LO_SERVER_SERVER_PAIRED"), 5), "LO_SERVER_SERVER_PAIRED")
    need(s.wait_for(lambda m: m[0] in ("slideshow_finished", "slideshow_started"), 5), "show state")


def start_show_and_wait_previews(s, start):
    """Send presentation_start; wait until slideshow_started and every preview
    arrived and the stream was quiet for 0.5 s (notes follow their preview)."""
    t_send = s.now()
    s.send("presentation_start")
    i = need(s.wait_for(named("slideshow_started"), 10, start), "slideshow_started")
    count = int(s.msgs[i][1][1])
    got = set()
    j = i
    deadline = time.monotonic() + 10 + count * 0.5
    while len(got) < count and time.monotonic() < deadline:
        j2 = s.wait_for(named("slide_preview"), 0.2, j)
        if j2 is not None:
            got.add(int(s.msgs[j2][1][1]))
            j = j2 + 1
    if len(got) < count:
        raise SystemExit("capture: only %d of %d previews" % (len(got), count))
    t_last = s.msgs[j - 1][0]
    s.until_quiet(0.5)
    log("slideshow_started at %.3f s; %d previews by %.3f s (%.0f ms after presentation_start)"
        % (s.msgs[i][0] - t_send, count, t_last - t_send, (t_last - t_send) * 1000))
    return i, count


def stop_show(s):
    """presentation_stop, wait for slideshow_finished, then stay connected
    until 1 s of quiet. Seen with LibreOffice 7.4.7: closing the socket within
    a few ms of slideshow_finished makes soffice abort (SIGABRT); 0.5 s later
    it survives."""
    n = len(s.msgs)
    s.send("presentation_stop")
    need(s.wait_for(named("slideshow_finished"), 5, n), "slideshow_finished")
    s.until_quiet(1.0)


def png_info(data):
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    w, h = struct.unpack(">II", data[16:24])
    phys = None
    p = 8
    while p < len(data):
        ln, = struct.unpack(">I", data[p:p + 4])
        typ = data[p + 4:p + 8]
        if typ == b"pHYs":
            phys = struct.unpack(">IIB", data[p + 8:p + 17])
        p += 12 + ln
    return w, h, phys


def cmd_deck(out_dir):
    os.makedirs(out_dir, exist_ok=True)
    s = Session()
    pair_and_settle(s)
    if any(m[0] == "slideshow_started" for _, m in s.msgs):
        log("a show was already running; stopping it first")
        stop_show(s)
    i, count = start_show_and_wait_previews(s, len(s.msgs))
    previews, notes = {}, {}
    for _, m in s.msgs[i:]:
        if m[0] == "slide_preview":
            previews[int(m[1])] = base64.b64decode(m[2], validate=True)
        elif m[0] == "slide_notes":
            notes[int(m[1])] = m[2]
    raw1 = bytes(s.raw)
    s.close()

    # slideshow_info is only sent on connect while a show runs: reconnect.
    time.sleep(0.3)
    s2 = Session()
    s2.pair()
    k = need(s2.wait_for(named("slideshow_info"), 5), "slideshow_info")
    title = s2.msgs[k][1][1] if len(s2.msgs[k][1]) > 1 else ""
    log("slideshow_info title: %r" % title)
    s2.until_quiet(0.8, 20)
    # the second set must match the first, byte for byte
    for _, m in s2.msgs:
        if m[0] == "slide_preview" and base64.b64decode(m[2]) != previews.get(int(m[1])):
            log("WARNING: preview %s differs between connections" % m[1])
        if m[0] == "slide_notes" and m[2] != notes.get(int(m[1])):
            log("WARNING: notes %s differ between connections" % m[1])
    stop_show(s2)
    s2.close()

    for f in os.listdir(out_dir):
        if f.startswith("slide-") or f == "deck.txt":
            os.remove(os.path.join(out_dir, f))
    for idx in range(count):
        png = previews[idx]
        w, h, phys = png_info(png)
        with open(os.path.join(out_dir, "slide-%02d.png" % (idx + 1)), "wb") as f:
            f.write(png)
        note = notes.get(idx)
        if note is not None:
            with open(os.path.join(out_dir, "slide-%02d.notes" % (idx + 1)), "wb") as f:
                f.write(note.encode("utf-8"))
        log("slide %2d: png %dx%d %d bytes pHYs=%s notes=%s" % (
            idx + 1, w, h, len(png), phys,
            "none" if note is None else "%d bytes" % len(note.encode("utf-8"))))
    shown_title = os.environ.get("CAPTURE_TITLE") or title
    with open(os.path.join(out_dir, "deck.txt"), "w", encoding="utf-8") as f:
        f.write("%d\n%s\n" % (count, shown_title))
    raw_keep = os.environ.get("CAPTURE_RAW")
    if raw_keep:
        with open(raw_keep, "wb") as f:
            f.write(raw1)
    log("wrote %d slides to %s; title %r" % (count, out_dir, shown_title))


def nav(s, *cmd, expect=True):
    n = len(s.msgs)
    t_send = s.now()
    s.send(*cmd)
    if expect:
        k = s.wait_for(named("slide_updated"), 2, n)
        if k is None:   # e.g. the show was started too soon after soffice came up
            raise SystemExit("capture: no slide_updated after %s (navigation ignored?)" % " ".join(cmd))
        log("slide_updated %s after %.0f ms" % (s.msgs[k][1][1], (s.msgs[k][0] - t_send) * 1000))
    time.sleep(NAV_GAP)
    s.pump(0)


def cmd_session_shared(out):
    s = Session()
    pair_and_settle(s)
    start_show_and_wait_previews(s, len(s.msgs))
    nav(s, "transition_next")
    nav(s, "goto_slide", "3")
    nav(s, "transition_previous")
    stop_show(s)
    s.close()
    with open(out, "wb") as f:
        f.write(s.raw)
    log("wrote %d bytes to %s" % (len(s.raw), out))


def cmd_resume_duplicates(out):
    s = Session()
    pair_and_settle(s)
    start_show_and_wait_previews(s, len(s.msgs))
    s.send("presentation_blank_screen")
    time.sleep(0.3)
    s.pump(0)
    s.send("presentation_resume")
    s.until_quiet(1.0)
    s.send("transition_next")
    s.until_quiet(1.0)
    raw = bytes(s.raw)
    counts = {}
    for _, m in s.msgs:
        counts[m[0]] = counts.get(m[0], 0) + 1
    log("message counts: %s" % counts)
    n = len(s.msgs)
    stop_show(s)
    log("after stop (not kept): %s" % [m[0] for _, m in s.msgs[n:]])
    s.close()
    with open(out, "wb") as f:
        f.write(raw)
    log("wrote %d bytes to %s" % (len(raw), out))


def cmd_pair_unknown(out):
    s = Session()
    s.pair("someone-else", "9999")
    end = time.monotonic() + 2.0
    while time.monotonic() < end:
        s.pump(end - time.monotonic())
    s.close()
    with open(out, "wb") as f:
        f.write(s.raw)
    log("wrote %d bytes to %s: %r" % (len(s.raw), out, bytes(s.raw)))


def cmd_nav_check():
    s = Session()
    pair_and_settle(s)
    start_show_and_wait_previews(s, len(s.msgs))
    n = len(s.msgs)
    s.send("transition_next")
    ok = s.wait_for(named("slide_updated"), 2, n) is not None
    time.sleep(NAV_GAP)
    n = len(s.msgs)
    s.send("goto_slide", "2")
    ok_goto = s.wait_for(named("slide_updated"), 2, n) is not None
    stop_show(s)
    s.close()
    print("transition_next: %s; goto_slide: %s" % ("ok" if ok else "IGNORED", "ok" if ok_goto else "IGNORED"))
    return 0 if ok else 3


def main(argv):
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    cmd = argv[1]
    if cmd == "deck" and len(argv) == 3:
        cmd_deck(argv[2])
    elif cmd == "session-shared" and len(argv) == 3:
        cmd_session_shared(argv[2])
    elif cmd == "resume-duplicates" and len(argv) == 3:
        cmd_resume_duplicates(argv[2])
    elif cmd == "pair-unknown" and len(argv) == 3:
        cmd_pair_unknown(argv[2])
    elif cmd == "nav-check" and len(argv) == 2:
        return cmd_nav_check()
    else:
        print(__doc__, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
