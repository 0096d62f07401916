#!/usr/bin/env python3
"""What a real LibreOffice Impress remote does, measured: the facts
docs/IMPRESS-REMOTE.md records for each version (Python 3 stdlib only).

    ../shared/impress-remote/peer.sh            # or LO_PEER_VERSION=7.4 peer.sh
    python3 tools/impress-probe/version_facts.py [--host 127.0.0.1] [--runs 3]

Pairs as the peer's pre-authorised client (controlpad-test, PIN 1234),
starts the show if none runs, and measures:
  - what pairing and LO_SERVER_INFO answer, what slideshow_started carries;
  - the preview stream: ms per slide, PNG size and pHYs, notes markup;
  - slide_updated after transition_next and after goto_slide (latency);
  - whether two transition_next N ms apart both step (the drop threshold);
  - whether goto_slide bursts are carried out exactly.
It never leaves while Impress is still streaming previews (docs/IMPRESS-REMOTE.md): it
waits for the last slide's notes, or 10 quiet seconds (heavy decks go quiet
for over 2 s between slides: docs/IMPRESS-REMOTE.md), before it closes.
"""

import argparse
import base64
import json
import socket
import statistics
import struct
import time


class Link:
    def __init__(self, host, port, name, pin):
        self.sock = socket.create_connection((host, port), timeout=10)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""
        self.messages = []  # (time, lines)
        self.send("LO_SERVER_CLIENT_PAIR", name, pin)

    def send(self, *lines):
        self.sock.sendall(("\n".join(lines) + "\n\n").encode())

    def read(self, timeout):
        """Messages that arrive within `timeout` seconds."""
        end = time.monotonic() + timeout
        got = []
        while True:
            left = end - time.monotonic()
            if left <= 0:
                return got
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(65536)
            except socket.timeout:
                return got
            if not data:
                raise ConnectionError("Impress closed the connection")
            self.buffer += data
            while b"\n\n" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\n\n", 1)
                message = (time.monotonic(), raw.decode("utf-8", "replace").split("\n"))
                self.messages.append(message)
                got.append(message)

    def wait_for(self, name, timeout, index=None):
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            for t, lines in self.read(min(0.05, max(0.001, end - time.monotonic()))):
                if lines[0] == name and (index is None or (len(lines) > 1 and lines[1] == str(index))):
                    return t, lines
        return None

    def quiet(self, seconds=10.0):
        """Reads until nothing came for `seconds`: the stream is over."""
        while self.read(seconds):
            pass

    def close_when_done(self, count):
        """Follows the stream to the last slide's notes, however long it
        takes, or until it has been quiet for 10 s."""
        last_seen = time.monotonic()
        while count and time.monotonic() - last_seen < 10.0:
            for _, lines in self.read(0.2):
                last_seen = time.monotonic()
                if lines[0] == "slide_notes" and len(lines) > 1 and lines[1] == str(count - 1):
                    count = 0
        if not count:
            self.quiet(0.3)
        self.sock.close()


def phys(png):
    """The pHYs chunk's pixels per metre (x, y), if any."""
    i = 8
    while i + 8 <= len(png):
        length, kind = struct.unpack(">I4s", png[i:i + 8])
        if kind == b"pHYs":
            return struct.unpack(">IIB", png[i + 8:i + 17])[:2]
        i += 12 + length
    return None


def stream_facts(link, started_at, count):
    previews = [(t, l) for t, l in link.messages if l[0] == "slide_preview" and t >= started_at]
    notes = [(t, l) for t, l in link.messages if l[0] == "slide_notes" and t >= started_at]
    gaps = [b[0] - a[0] for a, b in zip(previews, previews[1:])]
    png = base64.b64decode(previews[0][1][2]) if previews else b""
    width, height = struct.unpack(">II", png[16:24]) if len(png) >= 24 else (0, 0)
    return {
        "previews": len(previews), "notes": len(notes), "slides": count,
        "ms_per_slide_median": round(statistics.median(gaps) * 1000, 1) if gaps else None,
        "stream_ms": round((previews[-1][0] - started_at) * 1000) if previews else None,
        "png": f"{width}x{height}", "png_bytes": len(png), "pHYs": phys(png),
        "notes_sample": notes[0][1][2][:120] if notes else None,
    }


def current_slide(link, fallback):
    updates = [l for _, l in link.messages if l[0] == "slide_updated"]
    return int(updates[-1][1]) if updates else fallback


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=1599)
    parser.add_argument("--name", default="controlpad-test")
    parser.add_argument("--pin", default="1234")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()

    facts = {}
    t0 = time.monotonic()
    link = Link(args.host, args.port, args.name, args.pin)
    link.read(1.0)
    facts["pairing"] = [l[0] for _, l in link.messages[:3]]
    info = [l for _, l in link.messages if l[0] == "LO_SERVER_INFO"]
    facts["LO_SERVER_INFO"] = info[0][1:] if info else None
    facts["pair_to_paired_ms"] = round((link.messages[0][0] - t0) * 1000, 1) if link.messages else None
    started = [(t, l) for t, l in link.messages if l[0] == "slideshow_started"]
    if not started:
        link.send("presentation_start")
        sent = time.monotonic()
        found = link.wait_for("slideshow_started", 20)
        if found is None:
            raise SystemExit("the show did not start")
        facts["start_to_slideshow_started_ms"] = round((found[0] - sent) * 1000)
        started = [found]
    started_at, lines = started[-1]
    facts["slideshow_started"] = lines[1:]
    facts["slideshow_info"] = next((l[1:] for _, l in link.messages if l[0] == "slideshow_info"), None)
    count = int(lines[1])
    link.wait_for("slide_notes", 30, index=count - 1) or link.quiet()
    facts["stream"] = stream_facts(link, started_at, count)
    link.read(0.5)

    # Latency of slide_updated after a step and after a go-to.
    here = current_slide(link, int(lines[2]))
    if here >= count - 6:
        link.send("goto_slide", "0")
        link.wait_for("slide_updated", 3)
        here = 0
    link.read(0.5)
    steps, gotos = [], []
    for _ in range(args.runs):
        sent = time.monotonic(); link.send("transition_next")
        got = link.wait_for("slide_updated", 3)
        if got: steps.append((got[0] - sent) * 1000); here = int(got[1][1])
        link.read(0.3)
        sent = time.monotonic(); link.send("goto_slide", str(here - 1))
        got = link.wait_for("slide_updated", 3)
        if got: gotos.append((got[0] - sent) * 1000); here = int(got[1][1])
        link.read(0.3)
    facts["slide_updated_after_transition_next_ms"] = [round(x, 1) for x in steps]
    facts["slide_updated_after_goto_slide_ms"] = [round(x, 1) for x in gotos]

    # Two steps N ms apart: does the second one step too?
    drops = {}
    for gap in (10, 20, 25, 30, 40, 60):
        moved = []
        for _ in range(args.runs):
            link.send("goto_slide", "0"); link.read(0.4)
            start = current_slide(link, 0)
            link.send("transition_next"); time.sleep(gap / 1000); link.send("transition_next")
            link.read(0.8)
            moved.append(current_slide(link, start) - start)
        drops[f"{gap}ms"] = moved
    facts["two_steps_apart_moved"] = drops

    # A step, then four go-tos at once: lands five slides on?
    landed = []
    for _ in range(args.runs):
        link.send("goto_slide", "0"); link.read(0.4)
        link.send("transition_next")
        for target in range(2, 6):
            link.send("goto_slide", str(target))
        link.read(0.8)
        landed.append(current_slide(link, 0))
    facts["step_then_4_gotos_lands_on_index"] = landed

    link.send("goto_slide", "0"); link.read(0.4)
    link.close_when_done(0)
    print(json.dumps(facts, indent=2))


if __name__ == "__main__":
    main()
