#!/usr/bin/env python3
"""A scripted stand-in for ControlPad's UNO bridge (uno_bridge.py), for the
tests that run in CI where there is no LibreOffice: it speaks the bridge's
JSON lines (docs/IMPRESS-UNO.md) over a 12-slide deck with build steps,
and misbehaves on request. The pad runs it through CONTROLPAD_UNO_BRIDGE.

    fake_uno_bridge.py PIPE SECONDS

Environment:
  FAKE_UNO_LOG    append every request line but `where` here (the tests read it)
  FAKE_UNO_PID    write this process's id here
  FAKE_UNO        comma-separated misbehaviours:
                    gone-after:N   after N requests (pictures and `where` not counted), say `gone` and exit (LibreOffice crashed)
                    garbage        write lines that are not the bridge's language first
                    fatal:WHAT     say `fatal` WHAT at once and exit 2
                    exit-silently  exit at the first request, without a word
                    unsaved        the deck has changes: a quit that closes it keeps it open, and says so
Signals: SIGUSR1 blanks or unblanks the show as if in LibreOffice;
SIGUSR2 moves it to slide 6 as if clicked in LibreOffice.
Its listener's lines follow what LibreOffice 25.2 says (docs/IMPRESS-UNO.md);
it carries out every press at once (the pad's pacing is tested on virtual
time in Tests/ImpressUNOTests).
"""
import base64, json, os, signal, struct, sys, threading, zlib

STEPS = [0, 2, 0, 3, 0, 0, 1, 0, 0, 0, 0, 0]
NOTES = {0: "<p><b>Welcome</b> everyone</p><ul><li>first point</li><li><i>second</i></li></ul>"}
LOCK = threading.Lock()
state = {"slide": 0, "step": 0, "blank": False, "running": False, "requests": 0}
mode = [m for m in os.environ.get("FAKE_UNO", "").split(",") if m]


def say(**event):
    # As the real bridge: once the pad has gone (it quits right after its
    # last requests), what it asked is still carried out, quietly.
    with LOCK:
        try:
            sys.stdout.write(json.dumps(event) + "\n")
            sys.stdout.flush()
        except (BrokenPipeError, ValueError, OSError):
            pass


def png(width, height, shade):
    row = b"\x00" + bytes([shade, 255 - shade, 128]) * width
    raw = zlib.compress(row * height)
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", raw) + chunk(b"IEND", b""))


def heard(what, node=None):
    if node is None:
        say(ev="heard", what=what)
    else:
        say(ev="heard", what=what, node=node)


def show_slide(slide, clicks=0):
    """A slide shown, as LibreOffice's listener tells it: at its start, or
    with `clicks` builds run at once (going back)."""
    state["slide"], state["step"] = slide, clicks
    heard("transition")
    if STEPS[slide] == 0:
        return heard("builds-ended")
    heard("begin", 5)
    heard("begin", 4)
    for _ in range(clicks):
        heard("begin", 1)
        heard("end", 1)
    if clicks == STEPS[slide]:
        heard("end", 5)
        heard("end", 4)
        heard("builds-ended")


def on_signal(number, frame):
    # The handler runs on the main thread between two of its steps, maybe
    # inside `say` with the lock held: what LibreOffice says goes from a
    # thread of its own, as a listener's call would.
    threading.Thread(target=as_if_in_libreoffice, args=(number,)).start()


def as_if_in_libreoffice(number):
    if number == signal.SIGUSR1:
        state["blank"] = not state["blank"]
        heard("paused" if state["blank"] else "resumed")
    else:
        show_slide(5)


def handle(request):
    op = request.get("op")
    s = state
    if op == "next":
        if s["blank"]:
            s["blank"] = False
            heard("resumed")
        if s["step"] < STEPS[s["slide"]]:
            s["step"] += 1
            heard("begin", 0)
            heard("begin", 1)
            if s["step"] == STEPS[s["slide"]]:
                heard("end", 5)
                heard("end", 4)
            heard("end", 1)
            heard("end", 0)
            if s["step"] == STEPS[s["slide"]]:
                heard("builds-ended")
        elif s["slide"] < len(STEPS) - 1:
            show_slide(s["slide"] + 1)
    elif op == "previous":
        if s["blank"]:
            s["blank"] = False
            heard("resumed")
        elif s["step"] > 0:
            show_slide(s["slide"], s["step"] - 1)
        elif s["slide"] > 0:
            show_slide(s["slide"] - 1, STEPS[s["slide"] - 1])
    elif op == "goto":
        show_slide(request["slide"])
    elif op in ("blank", "resume"):
        if s["blank"] != (op == "blank"):
            s["blank"] = op == "blank"
            heard("paused" if s["blank"] else "resumed")
    elif op == "where":
        if s["running"]:
            say(ev="where", slide=s["slide"], blank=s["blank"], others=[])
    elif op == "stop":
        s["running"] = False
        say(ev="ended")
    elif op == "start":
        s["running"] = True
        say(ev="show", slides=len(STEPS), slide=s["slide"], blank=False, fresh=True)
        heard("builds-ended")
    elif op == "render":
        data = png(request["width"], request["height"], 20 * request["slide"] % 256)
        say(ev="picture", slide=request["slide"], width=request["width"], height=request["height"],
            step=request.get("step"), ms=1, png=base64.b64encode(data).decode())
    elif op == "quit":
        # As the real bridge: a deck whose show runs, or with changes, stays open.
        if request.get("end"):
            s["running"] = False
        kept = ""
        if request.get("close") and s["running"]:
            kept = "the show still runs: LibreOffice keeps the deck open for the room"
        elif request.get("close") and "unsaved" in mode:
            kept = "the deck has changes that are not saved: LibreOffice keeps it open"
        say(ev="bye", kept=kept, running=s["running"])
        sys.exit(0)


def main():
    if os.environ.get("FAKE_UNO_PID"):
        with open(os.environ["FAKE_UNO_PID"], "w") as f:
            f.write(str(os.getpid()))
    signal.signal(signal.SIGUSR1, on_signal)
    signal.signal(signal.SIGUSR2, on_signal)
    log = open(os.environ["FAKE_UNO_LOG"], "a") if os.environ.get("FAKE_UNO_LOG") else None
    for m in mode:
        if m.startswith("fatal:"):
            say(ev="fatal", what=m[6:], message="as the test asked")
            sys.exit(2)
    if "garbage" in mode:
        sys.stdout.write("Traceback (most recent call last):\n\x1b[31mnot json\x07\n{\"ev\": \"position\", \"slide\": \"x\"}\n")
    say(ev="hello", office="Fake LibreOffice 1.0")
    for line in sys.stdin:
        request = json.loads(line)
        polled = request.get("op") == "where"  # four a second: neither logged nor counted
        if log and not polled:
            log.write(line)
            log.flush()
        if "exit-silently" in mode:
            os._exit(1)
        if request.get("op") != "render" and not polled:  # pictures depend on the terminal: not counted
            state["requests"] += 1
        gone = next((int(m[11:]) for m in mode if m.startswith("gone-after:")), None)
        if gone is not None and state["requests"] > gone:
            say(ev="gone", message="Binary URP bridge disposed during call")
            sys.exit(3)
        if request.get("op") in ("open", "attach"):
            say(ev="deck", title="Fake deck", slides=len(STEPS), steps=STEPS, names=[""] * len(STEPS), aspect=16 / 9)
            for i in range(len(STEPS)):
                say(ev="notes", slide=i, html=NOTES.get(i, "<p>Notes of slide %d.</p>" % (i + 1)))
            state["running"] = True
            say(ev="show", slides=len(STEPS), slide=state["slide"], blank=False, fresh=request["op"] == "open")
            if request["op"] == "open":
                heard("builds-ended")
        else:
            handle(request)


main()
