#!/usr/bin/env python3
"""The audience's own picture of a reveal.js page, for the real-peer tests to
compare the pad's pictures with: a screenshot of the whole viewport scaled to
W x H (Page.captureScreenshot with clip and scale), taken once two shots in a
row are the same (the slide transition is over), at most after SECONDS.

  shot.py WS_URL W H OUT.png [SECONDS]
"""
import base64
import os
import sys
import time

sys.path.insert(0, os.environ.get("REVEAL_SHARED", os.path.join(os.path.dirname(__file__), "../../../shared/revealjs")))
import cdp  # noqa: E402


def main(argv):
    url, w, h, out = argv[0], int(argv[1]), int(argv[2]), argv[3]
    seconds = float(argv[4]) if len(argv) > 4 else 4.0
    c = cdp.CDP(url)
    vw, vh = c.evaluate("[innerWidth, innerHeight]")
    clip = {"x": 0, "y": 0, "width": vw, "height": vh, "scale": w / vw}
    deadline = time.time() + seconds
    last = None
    while True:
        data = c.call("Page.captureScreenshot", {"format": "png", "clip": clip})["data"]
        if data == last or time.time() > deadline:
            break
        last = data
    with open(out, "wb") as f:
        f.write(base64.b64decode(data))
    c.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
