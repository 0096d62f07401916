#!/usr/bin/env python3
"""`controlpad doctor`'s output from two binaries, case by case, on the same
fakes and peers: a change that must leave the doctor as it was (issue 48:
"the same byte for byte") is checked by diffing what both print.

    compare.py OLD_BINARY NEW_BINARY [--out DIR] [--impress] [--uno PIPE] [--reveal PORT]

Without options it runs the cases that need nothing running: nothing
listening, a name that does not resolve, an unroutable address, usage
errors, the fake Impress (tools/fake-impress) paired, waiting for a PIN,
silent, refusing, an HTTP server, hung, down, with and without a show (moved,
stopped, a remembered PIN), the fake pdfpc (tools/fake-pdfpc) good, wrong
password, locked, garbage, down, reveal.js on ports that are not a
browser's, and a UNO pipe nobody listens on. With a real peer already
running, it reads it too (no command is sent to it): `--impress` the
LibreOffice of ../shared/impress-remote/peer.sh on 127.0.0.1:1599 (the name
controlpad-test, PIN 1234), `--uno PIPE` a LibreOffice listening on
uno:PIPE, `--reveal PORT` the deck of ../shared/revealjs/peer.sh.

Every run of either binary gets a fresh XDG_STATE_HOME and XDG_CONFIG_HOME
(no config, no remembered PIN) unless the case keeps one. Each case's
command, exit status, standard output and standard error go to
DIR/old/CASE and DIR/new/CASE; the differences are printed, and it exits 1
if there are any. Timing figures are compared as printed: mask them with
--mask (the Impress stream's "in 0.6 s") if a run differs only there.
"""
import argparse, difflib, json, os, re, shutil, socket, subprocess, sys, tempfile, time

HERE = os.path.dirname(os.path.abspath(__file__))
FAKE_IMPRESS = os.path.join(HERE, "..", "fake-impress", "fake_impress.py")
FAKE_PDFPC = os.path.join(HERE, "..", "fake-pdfpc", "fake_pdfpc.py")

parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("old")
parser.add_argument("new")
parser.add_argument("--out", default=None, help="where the outputs go (default: a temporary folder, kept)")
parser.add_argument("--impress", action="store_true", help="also read the real Impress on 127.0.0.1")
parser.add_argument("--uno", metavar="PIPE", help="also read the LibreOffice on uno:PIPE")
parser.add_argument("--reveal", metavar="PORT", type=int, help="also read the reveal.js deck on 127.0.0.1:PORT")
parser.add_argument("--mask", action="store_true", help="compare with the stream's seconds masked")
args = parser.parse_args()
binaries = {"old": os.path.abspath(args.old), "new": os.path.abspath(args.new)}
out_dir = args.out or tempfile.mkdtemp(prefix="doctor-compare-")
work = tempfile.mkdtemp(prefix="doctor-compare-work-")


class Fake:
    """A fake server of tools/, steered through its standard input."""

    def __init__(self, script, extra):
        folder = tempfile.mkdtemp(dir=work)
        self.portfile, self.log = os.path.join(folder, "port"), os.path.join(folder, "log.jsonl")
        self.proc = subprocess.Popen([sys.executable, script, "--port-file", self.portfile, "--log", self.log] + extra,
                                     stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
        self.port = int(self.wait(lambda: open(self.portfile).read().strip() or None, "its port"))

    def wait(self, what, name, seconds=20):
        deadline = time.time() + seconds
        while time.time() < deadline:
            try:
                found = what()
            except FileNotFoundError:
                found = None
            if found:
                return found
            time.sleep(0.05)
        raise RuntimeError(f"the fake gave no {name}")

    def events(self, name):
        try:
            return sum(1 for line in open(self.log) if json.loads(line).get("event") == name)
        except FileNotFoundError:
            return 0

    def send(self, line, done=None):
        """Sends a control line; with `done`, waits for that many more log events of that name."""
        before = self.events(done) if done else 0
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        if done:
            self.wait(lambda: self.events(done) > before, f"{done} after {line}", 10)
        else:
            time.sleep(0.3)

    def stop(self):
        try:
            self.proc.stdin.close()
            self.proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()


def run(label, case, words, state=None):
    home = state or tempfile.mkdtemp(dir=work)
    env = dict(os.environ, XDG_STATE_HOME=home, XDG_CONFIG_HOME=home, HOME=home, LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("NO_COLOR", None)
    p = subprocess.run([binaries[label], "doctor"] + words, env=env, capture_output=True, text=True, timeout=180)
    os.makedirs(os.path.join(out_dir, label), exist_ok=True)
    with open(os.path.join(out_dir, label, case), "w") as f:
        f.write(f"$ controlpad doctor {' '.join(words)}\n--- status {p.returncode}\n--- stdout\n{p.stdout}--- stderr\n{p.stderr}")
    return home


def both(case, words):
    for label in binaries:
        run(label, case, words)


def free_port():
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


pin = ["--name", "controlpad-test", "--pin", "1234"]
closed = free_port()

# Impress Remote: nothing there, bad addresses, usage errors.
both("impress-refused", [f"127.0.0.1:{closed}"])
both("impress-refused-json", [f"127.0.0.1:{closed}", "--json", "--timeout", "1"])
both("impress-no-such-host", ["no-such-host.invalid", "--timeout", "1"])
both("impress-unroutable", ["192.0.2.1", "--timeout", "1"])
both("usage-bad-port", ["127.0.0.1:99999"])
both("usage-timeout-zero", ["127.0.0.1", "--timeout", "0"])
both("usage-unknown-scheme", ["ftp://127.0.0.1"])

# The fake Impress, each way a link goes.
for mode in ["paired", "validate", "silent", "refuse", "http"]:
    fake = Fake(FAKE_IMPRESS, ["--pairing", mode, "--slides", "5"])
    both(f"impress-fake-{mode}", [f"127.0.0.1:{fake.port}", "--timeout", "2"] + pin)
    fake.stop()
fake = Fake(FAKE_IMPRESS, ["--pairing", "validate"])
both("impress-fake-stranger", [f"127.0.0.1:{fake.port}", "--name", "a stranger", "--timeout", "2"])
fake.stop()
fake = Fake(FAKE_IMPRESS, ["--pairing", "paired", "--show", "--slides", "12"])
both("impress-fake-show", [f"127.0.0.1:{fake.port}"] + pin)
both("impress-fake-show-json", [f"127.0.0.1:{fake.port}", "--json"] + pin)
for label in binaries:  # the PIN remembered by the first run
    home = run(label, "impress-fake-show-pin", [f"127.0.0.1:{fake.port}"] + pin)
    run(label, "impress-fake-show-remembered", [f"127.0.0.1:{fake.port}", "--json"], state=home)
fake.send("slide 7")
both("impress-fake-show-moved", [f"127.0.0.1:{fake.port}"] + pin)
fake.send("stop")
both("impress-fake-show-stopped", [f"127.0.0.1:{fake.port}"] + pin)
fake.stop()
fake = Fake(FAKE_IMPRESS, ["--pairing", "paired", "--show", "--slides", "5"])
fake.send("hang")
both("impress-fake-hang", [f"127.0.0.1:{fake.port}", "--timeout", "2"] + pin)
fake.stop()
fake = Fake(FAKE_IMPRESS, ["--pairing", "paired"])
fake.send("down")
both("impress-fake-down", [f"127.0.0.1:{fake.port}"] + pin)
fake.stop()

# pdfpc.
both("pdfpc-refused", [f"pdfpc://127.0.0.1:{closed}", "--password", "pw"])
both("pdfpc-refused-json", [f"pdfpc://127.0.0.1:{closed}", "--password", "pw", "--json"])
fake = Fake(FAKE_PDFPC, ["--password", "pw", "--slides", "5"])
address = f"pdfpc://127.0.0.1:{fake.port}"
both("pdfpc-good", [address, "--password", "pw"])
both("pdfpc-good-json", [address, "--password", "pw", "--json"])
both("pdfpc-wrong-password", [address, "--password", "nope"])
fake.send("slide 3", "done")
both("pdfpc-moved", [address, "--password", "pw"])
fake.send("lock", "done")
both("pdfpc-locked", [address, "--password", "pw"])
fake.send("unlock", "done")
fake.send("garbage", "done")
both("pdfpc-garbage", [address, "--password", "pw", "--timeout", "1"])
fake.send("sane", "done")
fake.send("down", "done")
both("pdfpc-down", [address, "--password", "pw"])
fake.stop()
fake = Fake(FAKE_IMPRESS, ["--pairing", "http"])
both("pdfpc-on-an-http-port", [f"pdfpc://127.0.0.1:{fake.port}", "--password", "pw", "--timeout", "1"])
both("reveal-on-an-http-port", [f"reveal://127.0.0.1:{fake.port}", "--timeout", "1"])
fake.stop()

# reveal.js and UNO with nothing there.
both("reveal-refused", [f"reveal://127.0.0.1:{closed}"])
both("reveal-refused-json", [f"reveal://127.0.0.1:{closed}", "--json"])
both("reveal-remote-refused", ["reveal://192.0.2.7:9222"])
both("uno-nobody", ["uno:controlpad-compare-nobody", "--timeout", "2"])

# Real peers, read only.
if args.impress:
    both("real-impress", ["127.0.0.1"] + pin)
    both("real-impress-json", ["127.0.0.1", "--json"] + pin)
    both("real-impress-stranger", ["127.0.0.1", "--name", "a-stranger", "--timeout", "2"])
if args.uno:
    both("real-uno", [f"uno:{args.uno}"])
    both("real-uno-json", [f"uno:{args.uno}", "--json"])
if args.reveal:
    both("real-reveal", [f"reveal://127.0.0.1:{args.reveal}"])
    both("real-reveal-json", [f"reveal://127.0.0.1:{args.reveal}", "--json"])
    both("real-reveal-no-such-page", [f"reveal://127.0.0.1:{args.reveal}/NOSUCHPAGE"])

shutil.rmtree(work, ignore_errors=True)


def read(label, case):
    text = open(os.path.join(out_dir, label, case)).read()
    return re.sub(r"in \d+\.\d s", "in #.# s", text) if args.mask else text


cases = sorted(os.listdir(os.path.join(out_dir, "old")))
differ = [c for c in cases if read("old", c) != read("new", c)]
for case in differ:
    sys.stdout.writelines(difflib.unified_diff(read("old", case).splitlines(True), read("new", case).splitlines(True),
                                               f"old/{case}", f"new/{case}"))
print(f"{len(cases)} cases, {len(differ)} differ{' (stream seconds masked)' if args.mask else ''}; outputs in {out_dir}")
sys.exit(1 if differ else 0)
