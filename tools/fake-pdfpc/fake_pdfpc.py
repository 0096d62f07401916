#!/usr/bin/env python3
"""A scriptable fake pdfpc REST server (Python 3 stdlib only).

It answers like pdfpc 4.6 started with -V (docs/PDFPC.md):
HTTP basic auth (user pdfpc) on every call, GET /api/helo first (412 before
it), /api/meta, /api/state, /api/slides/N/image?w=W&h=H (a PNG of exactly
W x H), /api/notes/N/html, PUT /api/control {"action": ...} answered with
the new state (movePointer with the pointer: {"mode", "x", "y"}; switchMode,
setPenColor and clearDrawing kept as pdfpc keeps them). Tests steer it through stdin to misbehave, and read what it
was asked from a JSON-lines log.

    fake_pdfpc.py --port-file PORTFILE --log LOG.jsonl [--slides 5]
                  [--password controlpad-test] [--port 0] [--tls-cert C --tls-key K]

Listens on 127.0.0.1 only (a free port unless --port), writes the port to
PORTFILE once listening, then reads control lines from stdin:

    slide N          pdfpc moves to slide N (0-based), as if a key was pressed at it
    slides N         the deck now has N slides (a reloaded PDF)
    password P       the password it expects from now on (others get 401)
    forget           it forgets the handshake: calls get 412 until /api/helo again
    lock | unlock    another computer holds pdfpc's lock: 403 to everything
    stall MS         every request waits MS ms before it is answered (0: no more)
    reset            the next request's connection is closed with a TCP reset
    garbage | sane   /api/state (and control) answer a body that is not JSON / as pdfpc does
    bigimage MB      pictures are answered with MB megabytes (0: normal pictures again)
    badimage         pictures are answered with bytes that are not a PNG
    down | up        stop listening, closing every connection (pdfpc quit) / listen again
    quit             exit (so does end of stdin)

Log lines (flushed at once): {"t": seconds, "event": E, ...} with E one of
listening, request (with "method", "path", "status", "action", "argument",
"auth"), control (with "line", as it is read) and done (with "line", once
it has taken effect: a test waits for it before it goes on).
"""

import argparse
import base64
import json
import os
import socket
import ssl
import struct
import sys
import threading
import time
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

NOTES = {
    0: "<p>Notes for slide 1.\nSecond paragraph of slide 1 notes.</p>",
    1: "<p>Notes 2: special chars R&amp;D <beta> &ldquo;quoted&rdquo; caf\u00e9 na\u00efve \u2013 dash.\n"
       "- a <strong>bold</strong> point\n- a second point</p>",
}
COLOURS = [(200, 40, 40), (40, 160, 40), (40, 60, 200), (200, 160, 30), (150, 40, 160), (30, 160, 170)]


def png(width, height, rgb):
    """A solid-colour RGB PNG of exactly width x height, with a white band
    across its top fifth (so its size shows in a picture of it)."""

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    band = b"\x00" + b"\xff\xff\xff" * width
    row = b"\x00" + bytes(rgb) * width
    top = max(1, height // 5)
    raw = band * top + row * (height - top)
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(raw, 1)) + chunk(b"IEND", b"")


class Fake:
    def __init__(self, args):
        self.args = args
        self.lock = threading.RLock()
        self.log_file = open(args.log, "a", encoding="utf-8")
        self.started = time.monotonic()
        self.slides = args.slides
        self.current = 0
        self.black = False
        self.password = args.password
        self.shook_hands = False
        self.locked = False
        self.stall_ms = 0
        self.reset_next = False
        self.garbage = False
        self.big_image_mb = 0
        self.bad_image = False
        self.server = None
        # The pointer and the pen, as pdfpc 4.6's presentation_controller.vala keeps them.
        self.mode = "normal"
        self.pointer = [0.5, 0.5]
        self.pen_color = None
        self.drawings_cleared = 0

    def log(self, event, **fields):
        entry = {"t": round(time.monotonic() - self.started, 4), "event": event}
        entry.update(fields)
        with self.lock:
            self.log_file.write(json.dumps(entry) + "\n")
            self.log_file.flush()

    def state(self):
        return {"state": "running", "progress_status": "normal", "mode": self.mode, "frozen": False,
                "hidden": False, "black": self.black, "slide": self.current, "user_slide": self.current,
                "end_user_slide": self.slides - 1, "note_font_size": 20, "in_zoom": False}

    def control(self, action, argument):
        last = max(0, self.slides - 1)
        if action == "next":
            self.current = min(self.current + 1, last)
            self.black = False
        elif action == "prev":
            self.current = max(self.current - 1, 0)
            self.black = False
        elif action == "gotoFirst":
            self.current = 0
        elif action == "gotoLast":
            self.current = last
        elif action == "gotoPage":
            try:
                self.current = min(max(0, int(argument) - 1), last)
            except (TypeError, ValueError):
                pass
            self.black = False
        elif action == "blank":
            self.black = not self.black
        elif action == "exitState":
            self.black = False
        elif action == "switchMode" and argument in ("normal", "pointer", "spotlight", "pen", "eraser"):
            self.mode = argument
        elif action == "movePointer" and self.mode in ("pointer", "spotlight"):
            # Relative "dx,dy", clamped to the slide (pdfpc's move_pointer).
            try:
                dx, dy = (float(v) for v in str(argument).split(","))
                self.pointer = [min(1.0, max(0.0, self.pointer[0] + dx)), min(1.0, max(0.0, self.pointer[1] + dy))]
            except ValueError:
                pass
        elif action == "setPenColor" and self.mode in ("pen", "eraser"):
            self.pen_color = argument
        elif action == "clearDrawing":
            self.drawings_cleared += 1

    def listen(self):
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, *args):
                pass

            def do_GET(self):
                fake.handle(self, "GET")

            def do_PUT(self):
                fake.handle(self, "PUT")

        self.server = ThreadingHTTPServer(("127.0.0.1", self.args.port_number), Handler)
        if self.args.tls_cert:  # HTTPS, as pdfpc's `option rest-https`
            context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
            context.load_cert_chain(self.args.tls_cert, self.args.tls_key)
            self.server.socket = context.wrap_socket(self.server.socket, server_side=True)
        self.server.daemon_threads = True
        self.args.port_number = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        self.log("listening", port=self.args.port_number)

    def down(self):
        if self.server:
            self.server.shutdown()
            self.server.server_close()
            self.server = None
            self.shook_hands = False

    def handle(self, h, method):
        url = urlparse(h.path)
        path = url.path
        length = int(h.headers.get("Content-Length") or 0)
        body = h.rfile.read(length) if 0 < length <= 65536 else b""
        expected = "Basic " + base64.b64encode(f"pdfpc:{self.password}".encode()).decode()
        auth = h.headers.get("Authorization") == expected
        action = argument = None
        if method == "PUT":
            try:
                obj = json.loads(body or b"{}")
                action, argument = obj.get("action"), obj.get("argument")
            except ValueError:
                pass
        with self.lock:
            stall, reset = self.stall_ms, self.reset_next
            self.reset_next = False
        if stall:
            time.sleep(stall / 1000)
        if reset:
            self.log("request", method=method, path=h.path, status="reset", action=action, argument=argument, auth=auth)
            h.connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
            h.connection.close()
            h.close_connection = True
            return
        status, ctype, out = self.answer(method, path, parse_qs(url.query), auth, action, argument)
        self.log("request", method=method, path=h.path, status=status, action=action, argument=argument, auth=auth,
                 bytes=len(out) if isinstance(out, (bytes, bytearray)) else out)
        h.send_response(status)
        if status == 401:
            h.send_header("WWW-Authenticate", 'Basic realm="pdfpc REST service"')
        if isinstance(out, int):  # a picture of `out` megabytes, streamed
            h.send_header("Content-Type", "image/png")
            h.send_header("Content-Length", str(out << 20))
            h.end_headers()
            block = b"\x89PNG" + b"\x00" * ((1 << 20) - 4)
            try:
                for _ in range(out):
                    h.wfile.write(block)
            except OSError:
                pass
            return
        if ctype:
            h.send_header("Content-Type", ctype)
        h.send_header("Content-Length", str(len(out)))
        h.end_headers()
        try:
            h.wfile.write(out)
        except OSError:
            pass

    def answer(self, method, path, query, auth, action, argument):
        js = "application/json"
        with self.lock:
            if not auth:
                return 401, None, b""
            if self.locked:
                return 403, None, b""
            if path == "/api/helo":
                self.shook_hands = True
                return 200, js, json.dumps({"application": "pdfpc", "api": 1}).encode()
            if not self.shook_hands:
                return 412, None, b""
            if path == "/api/meta":
                return 200, js, json.dumps({"slides": self.slides, "user_slides": self.slides, "duration": 0,
                                            "end_time": None, "aspect_ratio": "1.7778",
                                            "note_is_image": False}).encode()
            if path in ("/api/state", "/api/control"):
                if path == "/api/control":
                    if method != "PUT":
                        return 404, None, b""
                    self.control(action, argument)
                if self.garbage:
                    return 200, js, b"\x1b[2J<html>\xff\xfe not json"
                if path == "/api/control" and action == "movePointer":
                    return 200, js, json.dumps({"mode": self.mode, "x": self.pointer[0], "y": self.pointer[1]}).encode()
                return 200, js, json.dumps(self.state()).encode()
            parts = path.strip("/").split("/")
            if len(parts) == 4 and parts[:2] == ["api", "slides"] and parts[3] == "image":
                try:
                    n, w, h = int(parts[2]), int(query["w"][0]), int(query["h"][0])
                except (KeyError, ValueError):
                    return 500, js, b'{"message":"Rendering failed"}'
                if not (0 <= n < self.slides and 0 < w <= 8192 and 0 < h <= 8192):
                    return 500, js, b'{"message":"Rendering failed"}'
                if self.big_image_mb:
                    return 200, None, self.big_image_mb
                if self.bad_image:
                    return 200, "image/png", b"\x1b]0;owned\x07 this is not a picture"
                return 200, "image/png", png(w, h, COLOURS[n % len(COLOURS)])
            if len(parts) == 4 and parts[:2] == ["api", "notes"] and parts[3] == "html":
                try:
                    n = int(parts[2])
                except ValueError:
                    return 400, None, b""
                note = NOTES.get(n, f"<p>Notes {n + 1}: R&amp;D \u2013 slide {n + 1}.</p>" if n < self.slides else "")
                doc = "<!doctype html>\n<html>\n<head><meta charset='utf-8'></head>\n<body>\n" + note + "\n</body>\n</html>"
                return 200, "text/html", doc.encode()
            return 404, None, b""

    def command(self, line):
        self.log("control", line=line)
        word, _, rest = line.partition(" ")
        with self.lock:
            if word == "slide":
                self.current = min(max(0, int(rest)), self.slides - 1)
            elif word == "slides":
                self.slides = max(1, int(rest))
                self.current = min(self.current, self.slides - 1)
            elif word == "password":
                self.password = rest
            elif word == "forget":
                self.shook_hands = False
            elif word == "lock":
                self.locked = True
            elif word == "unlock":
                self.locked = False
            elif word == "stall":
                self.stall_ms = int(rest or "0")
            elif word == "reset":
                self.reset_next = True
            elif word == "garbage":
                self.garbage = True
            elif word == "sane":
                self.garbage = False
                self.bad_image = False
            elif word == "bigimage":
                self.big_image_mb = int(rest or "0")
            elif word == "badimage":
                self.bad_image = True
        if word == "down":
            self.down()
        elif word == "up" and not self.server:
            self.listen()
        elif word == "quit":
            return False
        self.log("done", line=line)
        return True


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--slides", type=int, default=5)
    parser.add_argument("--password", default="controlpad-test")
    parser.add_argument("--port", dest="port_number", type=int, default=0)
    parser.add_argument("--tls-cert", help="serve HTTPS with this certificate (PEM)")
    parser.add_argument("--tls-key", help="the certificate's private key (PEM)")
    args = parser.parse_args()
    fake = Fake(args)
    fake.listen()
    tmp = args.port_file + ".tmp"
    with open(tmp, "w") as f:
        f.write(str(args.port_number))
    os.replace(tmp, args.port_file)
    for line in sys.stdin:
        line = line.strip()
        if line and not fake.command(line):
            break
    fake.down()


if __name__ == "__main__":
    main()
