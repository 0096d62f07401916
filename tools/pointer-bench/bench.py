#!/usr/bin/env python3
"""Mouse report → the room's screen changed, with the built pad in tmux
(issue 49, docs/BENCHMARKS.md "Pointer"): the pad is fed the SGR mouse
bytes a terminal sends for a held button dragged across the current slide,
one report every INTERVAL ms, and the room's side is watched:

- reveal.js: a MutationObserver on the pointer's dot in the audience's
  page (page changed), and the next animation frame (painted);
- pdfpc: pdfpc's own pointer position, asked as fast as pdfpc answers
  (`movePointer 0,0` answers where it is).

    bench.py BINARY reveal://127.0.0.1:PORT [MOVES] [INTERVAL_MS]
    bench.py BINARY pdfpc://127.0.0.1:PORT [MOVES] [INTERVAL_MS]    (password: PDFPC_PASSWORD, controlpad-test)

The tmux server is its own (`tmux -L pointer-bench-PID`), killed at the end.
Prints one line of figures per run. Needs the peer running (peer.sh).
"""
import base64, json, os, statistics, subprocess, sys, threading, time, urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.environ.get("REVEAL_SHARED", os.path.join(HERE, "../../../shared/revealjs")))

binary, address = sys.argv[1], sys.argv[2]
moves = int(sys.argv[3]) if len(sys.argv) > 3 else 120
interval = float(sys.argv[4]) if len(sys.argv) > 4 else 8.0
socket = f"pointer-bench-{os.getpid()}"
W, H = 120, 40
# The current pane's picture at 120×40 in the slides layout (16:9): cells 1…75, rows 1…21.
PANE = (1, 1, 75, 21)
ROW = 10


def tmux(*args):
    return subprocess.run(["tmux", "-L", socket] + list(args), capture_output=True, text=True).stdout


def mouse(code, x, y, final="M"):
    tmux("send-keys", "-t", "0", "-l", f"\x1b[<{code};{x + 1};{y + 1}{final}")


def fraction(x):
    return (x - PANE[0] + 0.5) / PANE[2]


def percentiles(v):
    s = sorted(v)
    return statistics.median(s), s[min(len(s) - 1, int(len(s) * 0.95))], s[-1]


extra = ["--password", os.environ.get("PDFPC_PASSWORD", "controlpad-test")] if address.startswith("pdfpc") else []
tmux("new-session", "-d", "-x", str(W), "-y", str(H),
     " ".join([binary, "connect", address, "--pictures", "blocks", "--no-animation"] + extra))
try:
    deadline = time.time() + 20
    while time.time() < deadline and " 1/" not in tmux("capture-pane", "-p", "-t", "0").splitlines()[-1:][0] if tmux("capture-pane", "-p", "-t", "0").splitlines() else True:
        time.sleep(0.1)
    time.sleep(0.5)
    xs = [PANE[0] + 2 + (i % (PANE[2] - 4)) for i in range(moves)]
    sent = []  # (time ms, x fraction)
    seen = []  # (time ms, x fraction) on the room's side
    painted = []
    stop = threading.Event()
    if address.startswith("reveal"):
        import cdp
        port = int(address.rsplit(":", 1)[1].split("/")[0])
        page = next(t for t in cdp.page_targets(port) if "controlpad-render" not in t.get("url", ""))
        c = cdp.CDP(page["webSocketDebuggerUrl"])
        mouse(0, xs[0], ROW)
        for _ in range(100):
            if c.evaluate("document.querySelector('[data-controlpad=pointer]') !== null"):
                break
            time.sleep(0.05)
        c.evaluate("(() => { const d = document.querySelector('[data-controlpad=pointer]'); window.__bench = []; "
                   "new MutationObserver(() => { const e = [parseFloat(d.style.left), performance.timeOrigin + performance.now(), 0]; "
                   "window.__bench.push(e); requestAnimationFrame(() => { e[2] = performance.timeOrigin + performance.now(); }); })"
                   ".observe(d, {attributes: true}); return true; })()")
    else:
        port = int(address.rsplit(":", 1)[1])
        auth = "Basic " + base64.b64encode(("pdfpc:" + os.environ.get("PDFPC_PASSWORD", "controlpad-test")).encode()).decode()
        def ask():
            req = urllib.request.Request(f"http://127.0.0.1:{port}/api/control", method="PUT",
                                         data=b'{"action":"movePointer","argument":"0,0"}',
                                         headers={"Authorization": auth, "Content-Type": "application/json"})
            with urllib.request.urlopen(req, timeout=2) as r:
                return json.loads(r.read())
        def watch():
            last = None
            while not stop.is_set():
                try:
                    p = ask()
                except Exception:
                    continue
                if p.get("mode") == "pointer" and p.get("x") != last:
                    last = p.get("x")
                    seen.append((time.time() * 1000, last))
        mouse(0, xs[0], ROW)
        time.sleep(0.3)
        threading.Thread(target=watch, daemon=True).start()
        time.sleep(0.2)
    spawn = []  # how long tmux's own client takes to hand over the bytes (in every figure)
    for x in xs[1:]:
        t0 = time.time() * 1000
        sent.append((t0, fraction(x)))
        mouse(32, x, ROW)
        spawn.append(time.time() * 1000 - t0)
        time.sleep(interval / 1000)
    time.sleep(0.5)
    stop.set()
    if address.startswith("reveal"):
        for left, t, f in c.evaluate("window.__bench"):
            seen.append((t, left / 100))
            if f:
                painted.append((f, left / 100))
    mouse(0, xs[-1], ROW, "m")
    # Each change on the room's side, against the report that asked for that place (the latest sent before it).
    def latencies(events):
        out = []
        for t, value in events:
            best = [s for s in sent if abs(s[1] - value) < 0.0006 and s[0] <= t + 0.5]
            if best:
                out.append(t - best[-1][0])
        return out
    changed = latencies(seen)
    line = f"{address.split(':')[0]}: {len(sent)} reports {interval:g} ms apart, {len(changed)} places shown (the others replaced in flight)"
    if changed:
        m, p95, mx = percentiles(changed)
        half = len(changed) // 2
        line += f"; report → room changed median {m:.1f} ms, p95 {p95:.1f} ms, max {mx:.1f} ms"
        if half:
            line += f" (first half median {statistics.median(changed[:half]):.1f}, second half {statistics.median(changed[half:]):.1f})"
    shown = latencies(painted)
    if shown:
        m, p95, mx = percentiles(shown)
        line += f"; → painted median {m:.1f} ms, p95 {p95:.1f} ms"
    line += f"; tmux send-keys itself median {statistics.median(spawn):.1f} ms"
    print(line)
finally:
    tmux("send-keys", "-t", "0", "q")
    time.sleep(0.3)
    tmux("send-keys", "-t", "0", "y")
    time.sleep(0.5)
    tmux("kill-server")
