#!/usr/bin/env python3
"""What a real LibreOffice Impress sends when a move arrives while the
screen is blanked (Python 3 stdlib only): docs/IMPRESS-REMOTE.md, "Blank
says nothing".

    ../shared/impress-remote/peer.sh            # or LO_PEER_VERSION=7.4 peer.sh
    python3 tools/impress-probe/blank_moves.py [--host 127.0.0.1]

Pairs as the peer's pre-authorised client (controlpad-test, PIN 1234),
starts the show if none runs, and for each of transition_next,
transition_previous and goto_slide 4: goes to slide index 2, blanks, sends
the move, and prints every message Impress sends in the next 3 s. It never
leaves while Impress streams previews (each move restarts the stream): it
follows each stream to its last slide's notes, or 10 quiet seconds.
"""

import argparse
import time

from version_facts import Link


def drain_stream(link, slides):
    """Reads until the stream a slideshow_started began has sent its last notes."""
    last_seen = time.monotonic()
    while time.monotonic() - last_seen < 10.0:
        for _, lines in link.read(0.2):
            last_seen = time.monotonic()
            if lines[0] == "slide_notes" and len(lines) > 1 and lines[1] == str(slides - 1):
                return


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--host", default="127.0.0.1")
    args = parser.parse_args()
    link = Link(args.host, 1599, "controlpad-test", "1234")
    # The show's state follows pairing (1-2 s later on a heavy deck).
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline and not any(m[1][0] in ("slideshow_started", "slideshow_finished") for m in link.messages):
        link.read(0.1)
    server = next((m for m in link.messages if m[1][0] == "LO_SERVER_INFO"), None)
    info = next((m for m in link.messages if m[1][0] == "slideshow_started"), None)
    if info is None:
        link.send("presentation_start")
        info = link.wait_for("slideshow_started", 10)
    slides = int(info[1][1])
    drain_stream(link, slides)
    print("show of %d slides; Impress %s" % (slides, server[1][1] if server and len(server[1]) > 1 else "?"))
    for move in (["transition_next"], ["transition_previous"], ["goto_slide", "4"]):
        link.send("goto_slide", "2")
        link.wait_for("slide_updated", 5, index=2)
        link.read(0.5)
        link.send("presentation_blank_screen")
        link.read(0.5)
        link.send(*move)
        start = time.monotonic()
        seen = []
        restarted = False
        while time.monotonic() - start < 3.0:
            for t, lines in link.read(0.1):
                if lines[0] in ("slide_preview", "slide_notes"):
                    continue
                seen.append("%s %s @%d ms" % (lines[0], " ".join(lines[1:2]), (t - start) * 1000))
                restarted = restarted or lines[0] == "slideshow_started"
        print("blank, then %s: %s" % (" ".join(move), "; ".join(seen) or "nothing"))
        if restarted:
            drain_stream(link, slides)
    link.send("presentation_resume")
    link.close_when_done(0)


if __name__ == "__main__":
    main()
