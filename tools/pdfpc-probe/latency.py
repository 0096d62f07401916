#!/usr/bin/env python3
"""Key → first feedback and key → pdfpc confirms, on a real pdfpc
(../../../shared/pdfpc/peer.sh), for the figures in docs/PDFPC.md. Python 3 stdlib.

    latency.py CONTROLPAD [--port 8088] [--password controlpad-test] [--presses 20]

Runs `CONTROLPAD connect pdfpc://127.0.0.1:PORT` on a pseudo-terminal
(120×40), and, press after press: another client puts pdfpc back on slide 1
and waits for the pad to show it; then → is typed, and the time is taken
until the pad has drawn "→ 2/N" (first feedback), and until pdfpc's own
/api/state says slide 2 (pdfpc confirms; read in a tight loop on one
keep-alive connection, ~0.2 ms a read). Prints each figure and a summary.
"""

import argparse
import base64
import fcntl
import http.client
import json
import os
import pty
import select
import statistics
import struct
import sys
import tempfile
import termios
import threading
import time


class Pdfpc:
    def __init__(self, port, password):
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        self.auth = "Basic " + base64.b64encode(f"pdfpc:{password}".encode()).decode()
        self.call("GET", "/api/helo")

    def call(self, method, path, body=None):
        headers = {"Authorization": self.auth}
        if body is not None:
            headers["Content-Type"] = "application/json"
        self.conn.request(method, path, body=body, headers=headers)
        r = self.conn.getresponse()
        data = r.read()
        return json.loads(data) if data else None

    def state(self):
        return self.call("GET", "/api/state")

    def goto(self, page):
        return self.call("PUT", "/api/control", json.dumps({"action": "gotoPage", "argument": str(page)}))


class Screen(threading.Thread):
    """Reads the pad's pty; `seen(text, since)` is when `text` first appeared in output read after `since`."""

    def __init__(self, fd):
        super().__init__(daemon=True)
        self.fd = fd
        self.chunks = []  # (time, bytes)
        self.lock = threading.Lock()
        self.running = True

    def run(self):
        while self.running:
            r, _, _ = select.select([self.fd], [], [], 0.2)
            if not r:
                continue
            try:
                data = os.read(self.fd, 65536)
            except OSError:
                return
            t = time.monotonic()
            with self.lock:
                self.chunks.append((t, data))

    def seen(self, text, since):
        needle = text.encode()
        with self.lock:
            out = b""
            for t, data in self.chunks:
                if t < since:
                    continue
                out += data
                if needle in out:
                    return t
        return None

    def wait(self, text, since, timeout=10):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            t = self.seen(text, since)
            if t is not None:
                return t
            time.sleep(0.001)
        return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("controlpad")
    parser.add_argument("--port", type=int, default=8088)
    parser.add_argument("--password", default="controlpad-test")
    parser.add_argument("--presses", type=int, default=20)
    args = parser.parse_args()

    pdfpc = Pdfpc(args.port, args.password)
    slides = pdfpc.call("GET", "/api/meta")["user_slides"]
    pdfpc.goto(1)
    config = tempfile.NamedTemporaryFile(suffix=".toml", delete=False)
    config.close()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ.update({"TERM": "xterm-256color", "LANG": "C.UTF-8"})
        os.execv(args.controlpad, [args.controlpad, "connect", f"pdfpc://127.0.0.1:{args.port}", "--password",
                                   args.password, "--no-animation", "--config", config.name, "--pictures", "blocks"])
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    screen = Screen(fd)
    screen.start()
    try:
        if screen.wait("pdfpc · 127.0.0.1", 0, timeout=15) is None:
            sys.exit("the pad did not connect within 15 s")
        time.sleep(1.0)  # let the first pictures arrive
        feedback, confirm = [], []
        for i in range(args.presses):
            pdfpc.goto(1)
            # The pad polls every 100 ms for 2 s after a press or a change:
            # by now it stands on slide 1 again (ncurses may redraw just a digit).
            time.sleep(0.6)
            t0 = time.monotonic()
            os.write(fd, b"\x1bOC")  # → in the application cursor mode ncurses sets
            confirmed = None
            while time.monotonic() - t0 < 5:
                if pdfpc.state()["user_slide"] == 1:
                    confirmed = time.monotonic()
                    break
            shown = screen.wait(f"\u2192 2/{slides}", t0, timeout=5)
            if shown is None or confirmed is None:
                print(f"press {i + 1}: feedback {shown}, confirmed {confirmed}: lost?")
                continue
            feedback.append((shown - t0) * 1000)
            confirm.append((confirmed - t0) * 1000)
            print(f"press {i + 1}: first feedback {feedback[-1]:.2f} ms, pdfpc confirms {confirm[-1]:.2f} ms")
            time.sleep(0.2)

        def summary(xs):
            xs = sorted(xs)
            return (f"p50 {statistics.median(xs):.2f} ms, p90 {xs[int(len(xs) * 0.9) - 1]:.2f} ms, "
                    f"min {xs[0]:.2f}, max {xs[-1]:.2f} ({len(xs)} presses)")

        print("key → first feedback (→ 2/N drawn):", summary(feedback))
        print("key → pdfpc confirms (its /api/state on slide 2):", summary(confirm))
    finally:
        screen.running = False
        os.write(fd, b"q")
        time.sleep(0.3)
        os.write(fd, b"y")
        try:
            os.waitpid(pid, 0)
        except ChildProcessError:
            pass
        os.unlink(config.name)


if __name__ == "__main__":
    main()
