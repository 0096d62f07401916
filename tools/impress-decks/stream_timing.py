#!/usr/bin/env python3
"""Time Impress's preview/notes stream, message by message (Python 3 stdlib).

Impress sends every client all slides' previews (`slide_preview`) and notes
(`slide_notes`) when it pairs during a show and whenever a show starts or
resumes; a client that closes before the stream's end can leave the remote
dead for everyone (docs/IMPRESS-REMOTE.md). This measures how long that stream takes and
how long it can go quiet, on whatever deck the peer presents:

    LO_PEER_DECK=/var/tmp/controlpad-deck-photos.odp ../shared/impress-remote/peer.sh
    python3 tools/impress-decks/stream_timing.py [--json-out FILE]

It pairs as the peer's pre-authorised client (controlpad-test, PIN 1234).
If no show runs it sends `presentation_start` and times the stream that
follows; if a show runs it times the stream sent on pairing. Every stream
message is timestamped on arrival. It prints a human summary on stderr and
JSON on stdout: connect -> first preview, slideshow_started -> first
preview, total stream time, ms per slide, and the gaps between consecutive
stream messages (max, p99, p95, median).

It NEVER closes before the last slide's notes have arrived (or, for a last
slide without notes, its preview followed by 2 s of quiet), or before the
stream has been silent for --silence seconds (120).
"""

import argparse
import base64
import json
import os
import socket
import statistics
import sys
import time

STREAM = ("slide_preview", "slide_notes")


class Link:
    def __init__(self, host, port):
        self.t_connect = time.monotonic()
        self.sock = socket.create_connection((host, port), timeout=30)
        self.t_connected = time.monotonic()
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""
        self.messages = []  # (monotonic time, lines)
        self.last_arrival = self.t_connected

    def send(self, *lines):
        self.sock.sendall(("\n".join(lines) + "\n\n").encode())

    def read(self, timeout):
        """Messages that arrive within `timeout` seconds (returns early on data)."""
        self.sock.settimeout(max(0.001, timeout))
        try:
            data = self.sock.recv(1 << 20)
        except socket.timeout:
            return []
        now = time.monotonic()
        if not data:
            raise ConnectionError("Impress closed the connection")
        self.last_arrival = now
        self.buffer += data
        got = []
        while b"\n\n" in self.buffer:
            raw, self.buffer = self.buffer.split(b"\n\n", 1)
            message = (now, raw.decode("utf-8", "replace").split("\n"))
            self.messages.append(message)
            got.append(message)
        return got


def percentile(values, p):
    """Nearest-rank percentile."""
    if not values:
        return None
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))
    return ordered[int(rank) - 1]


def ms(seconds):
    return None if seconds is None else round(seconds * 1000, 1)


def measure(args):
    load_before = os.getloadavg()
    link = Link(args.host, args.port)
    link.send("LO_SERVER_CLIENT_PAIR", args.name, args.pin)
    facts = {"load_before": [round(x, 2) for x in load_before]}

    # Pairing, then the show state: slideshow_started (a show runs) or slideshow_finished.
    paired_at = version = None
    started_at = started_lines = start_sent = None
    mode = None
    deadline = time.monotonic() + args.pair_timeout
    while mode is None:
        if time.monotonic() > deadline:
            facts["error"] = "not paired/no show state within %d s: remote dead?" % args.pair_timeout
            link.sock.close()
            return facts
        for t, lines in link.read(deadline - time.monotonic()):
            if lines[0] == "LO_SERVER_SERVER_PAIRED":
                paired_at = t
            elif lines[0] == "LO_SERVER_INFO":
                version = lines[1] if len(lines) > 1 else None
            elif lines[0] == "slideshow_started":
                mode, started_at, started_lines = "pairing_stream", t, lines
            elif lines[0] == "slideshow_finished":
                mode = "presentation_start"
                link.send("presentation_start")
                start_sent = time.monotonic()
    facts.update(mode=mode, libreoffice=version,
                 connect_to_paired_ms=ms(paired_at - link.t_connect) if paired_at else None)

    # Follow the stream to its end; every slideshow_started resets it.
    count = int(started_lines[1]) if started_lines else None
    previews, notes = {}, {}
    last_preview_at = None
    restarts = 0
    while True:
        now = time.monotonic()
        if count is not None and (count - 1) in notes:
            end_reason = "last slide's notes"
            break
        if count is not None and (count - 1) in previews and now - link.last_arrival >= 2.0:
            end_reason = "last slide's preview, then 2 s quiet (no notes)"
            break
        if now - link.last_arrival >= args.silence:
            end_reason = "%d s of silence" % args.silence
            break
        for t, lines in link.read(min(0.5, args.silence - (now - link.last_arrival) + 0.01)):
            name = lines[0]
            if name == "slideshow_started":
                if started_at is not None:
                    restarts += 1
                started_at, started_lines = t, lines
                count = int(lines[1])
                previews, notes = {}, {}
            elif name == "slide_preview" and len(lines) > 2:
                index = int(lines[1])
                previews.setdefault(index, (t, len(lines[2])))
                if args.save_previews and index < 5:
                    with open(os.path.join(args.save_previews, "preview-%d.png" % index), "wb") as f:
                        f.write(base64.b64decode(lines[2]))
                last_preview_at = t
            elif name == "slide_notes" and len(lines) > 1:
                notes.setdefault(int(lines[1]), t)
    link.sock.close()
    closed_at = time.monotonic()

    stream = [(t, l[0], l[1] if len(l) > 1 else "") for t, l in link.messages
              if l[0] in STREAM and started_at is not None and t >= started_at]
    times = [t for t, _, _ in stream]
    gaps = [b - a for a, b in zip(times, times[1:])]
    preview_times = sorted(t for t, _ in previews.values())
    preview_gaps = [b - a for a, b in zip(preview_times, preview_times[1:])]
    first = times[0] if times else None
    last = times[-1] if times else None
    worst = max(range(len(gaps)), key=gaps.__getitem__) if gaps else None
    waits = []  # (quiet before this preview, slide index)
    for k, (t, name, index) in enumerate(stream):
        if name == "slide_preview":
            waits.append((t - (times[k - 1] if k else started_at), int(index)))
    slowest = [[i, ms(w)] for w, i in sorted(waits, reverse=True)[:5]]
    silence = max([first - started_at] + gaps) if first is not None else None
    facts.update({
        "slides": count,
        "previews": len(previews), "notes": len(notes),
        "stream_messages": len(stream), "restarts": restarts,
        "other_messages": sorted({l[0] for _, l in link.messages} - set(STREAM)),
        "start_sent_to_slideshow_started_ms": ms(started_at - start_sent) if start_sent and started_at else None,
        "connect_to_slideshow_started_ms": ms(started_at - link.t_connect) if started_at else None,
        "connect_to_first_preview_ms": ms(first - link.t_connect) if first else None,
        "slideshow_started_to_first_preview_ms": ms(first - started_at) if first else None,
        "stream_total_ms": ms(last - started_at) if last else None,
        "connect_to_last_ms": ms(last - link.t_connect) if last else None,
        "ms_per_slide": round((last - started_at) * 1000 / count, 1) if last and count else None,
        "gap_ms": {
            "max": ms(max(gaps)) if gaps else None,
            "p99": ms(percentile(gaps, 99)), "p95": ms(percentile(gaps, 95)),
            "median": ms(statistics.median(gaps)) if gaps else None,
            "max_after": "%s %s" % stream[worst][1:] if worst is not None else None,
        },
        "preview_to_preview_ms": {
            "max": ms(max(preview_gaps)) if preview_gaps else None,
            "p99": ms(percentile(preview_gaps, 99)), "p95": ms(percentile(preview_gaps, 95)),
            "median": ms(statistics.median(preview_gaps)) if preview_gaps else None,
        },
        "longest_silence_ms": ms(silence),
        "slowest_previews": slowest,  # [slide index, ms of quiet before its preview]
        "preview_at_ms": [ms(previews[i][0] - started_at) if i in previews else None
                          for i in range(count or 0)],
        "preview_base64_bytes_median": statistics.median(n for _, n in previews.values()) if previews else None,
        "end": end_reason,
        "closed_after_last_ms": ms(closed_at - last) if last else None,
        "load_after": [round(x, 2) for x in os.getloadavg()],
    })
    return facts


def summary(f):
    if "error" in f:
        return "ERROR: " + f["error"]
    g, p = f["gap_ms"], f["preview_to_preview_ms"]
    return "\n".join([
        "LibreOffice %s, %s slides, mode %s (previews %s, notes %s, restarts %s)"
        % (f["libreoffice"], f["slides"], f["mode"], f["previews"], f["notes"], f["restarts"]),
        "connect -> paired %s ms; presentation_start -> slideshow_started %s ms"
        % (f["connect_to_paired_ms"], f["start_sent_to_slideshow_started_ms"]),
        "slideshow_started %s ms after connect; first preview %s ms after connect, %s ms after slideshow_started"
        % (f["connect_to_slideshow_started_ms"], f["connect_to_first_preview_ms"],
           f["slideshow_started_to_first_preview_ms"]),
        "stream: %s ms from slideshow_started to the last message (%s ms from connect), %s ms/slide"
        % (f["stream_total_ms"], f["connect_to_last_ms"], f["ms_per_slide"]),
        "gaps between stream messages: max %s (after %s), p99 %s, p95 %s, median %s ms"
        % (g["max"], g["max_after"], g["p99"], g["p95"], g["median"]),
        "preview to preview: max %s, p99 %s, p95 %s, median %s ms"
        % (p["max"], p["p99"], p["p95"], p["median"]),
        "slowest previews [slide, ms quiet before it]: %s" % f["slowest_previews"],
        "longest silence (incl. wait for the first preview): %s ms; ended on %s"
        % (f["longest_silence_ms"], f["end"]),
        "load average before %s, after %s" % (f["load_before"], f["load_after"]),
    ])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=1599)
    parser.add_argument("--name", default="controlpad-test")
    parser.add_argument("--pin", default="1234")
    parser.add_argument("--silence", type=int, default=120,
                        help="give up on the stream after this many quiet seconds")
    parser.add_argument("--pair-timeout", type=int, default=60)
    parser.add_argument("--label", help="stored in the JSON (e.g. the deck's name)")
    parser.add_argument("--save-previews", metavar="DIR",
                        help="write the first five previews' PNGs into DIR")
    parser.add_argument("--json-out", help="also write the JSON to this file")
    args = parser.parse_args()
    facts = measure(args)
    if args.label:
        facts = {"label": args.label, **facts}
    print(summary(facts), file=sys.stderr)
    text = json.dumps(facts, indent=2)
    print(text)
    if args.json_out:
        with open(args.json_out, "w") as f:
            f.write(text + "\n")
    return 1 if "error" in facts else 0


if __name__ == "__main__":
    sys.exit(main())
