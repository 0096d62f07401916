#!/usr/bin/env python3
"""Trap the LibreOffice Impress remote-server crash (Python 3 stdlib only).

LibreOffice's Impress Remote server (TCP 1599) can abort ("Fatal exception:
Signal 6") or hang in its crash handler when remote clients come and go
around blank and resume (see FINDINGS.md beside this file). This script
replays scripted client patterns against a real Impress started by
../../../shared/impress-remote/peer.sh and reports, per run, how many rounds
Impress survived.

    # one run against a peer you started yourself (it must run a show, or
    # the script starts one with presentation_start):
    LO_PEER_DECK=/var/tmp/trap-deck40.odp /work/shared/impress-remote/peer.sh
    python3 tools/impress-trap/trap.py percmd-blank-resume-next --rounds 5 --gap 1.0

    # N runs, each on a freshly restarted peer with a 40-slide deck
    # (peer.sh stop / start between runs; the deck is made once):
    python3 tools/impress-trap/trap.py one-blank-resume-next --rounds 20 --gap 0.2 --runs 3

    # LibreOffice 7.4 instead of 25.2 (peer.sh swaps the installed packages):
    python3 tools/impress-trap/trap.py percmd-blank-resume-next --runs 2 --version 7.4

Every client pairs as controlpad-test / PIN 1234 (peer.sh pre-authorises
it), sends its whole request in one write, never sends CR, and never leaves
while Impress is streaming previews and notes: it stays until the stream has
been quiet for --quiet seconds (default 2.0) before it closes (a client that
leaves mid-stream is a separate way to kill the remote).

Scenarios (--list prints them):
  percmd-blank-resume-next  new client per command: blank, resume, next
  percmd-blank-goto-next    new client per command: blank, goto_slide <current>, next
  percmd-blank-next         new client per command: blank, next (a step ends the blank)
  percmd-resume-next        new client per command: resume (not blanked), next
  percmd-blank-resume       new client per command: blank, resume (no step)
  percmd-steps              new client per command: next, next, previous (control)
  one-blank-resume-next     one client kept open for all rounds: blank, resume, next
  one-blank-goto-next       one client kept open: blank, goto_slide <current>, next
  one-steps                 one client kept open: next (control)
  cycle-quit-blank-next     per round a new client pairs, stays for its stream,
                            sends blank then next 0.5 s apart, stays, leaves
  cycle-quit-blank-resume   the same with blank then resume
  cycle-quit-steps          the same with next then next (control)

--gap is the pause between commands (one-client scenarios) or between one
client leaving and the next connecting (per-command and cycle scenarios).

After the rounds, --final-steps K (default 0) has K more new clients each
send transition_next (stay, leave): a later step by anyone is what turns a
poisoned server into a crash, so this shows damage the rounds left behind.
--before-leave stop-start makes the kept client (one-* scenarios) stop and
restart the show before it leaves (a candidate cure). Then a final client
pairs, takes its stream and leaves without a command.

Liveness is judged without extra probe connections: after every command the
soffice.bin process must exist (pid file of peer.sh, else pgrep), its log
must not say "Fatal exception", a new client must get LO_SERVER_SERVER_PAIRED
and the show state within --answer seconds (else "hung"), and a kept client
must see slide_updated after a step (if it does not, a goto_slide must
answer: then Impress only ignored the step, counted as a dropped step; if
the goto gets no answer either, the remote is hung). One line per run:

    RESULT scenario=... lo=25.2.3.2 gap=1.0 run=1 rounds=3/5 state=dead:fatal(...) last_slide=7 ...

--jsonl FILE appends each run's result as JSON (with, per per-command
client, command:S<slideshow_started seen>U<slide_updated seen>, and the
kept client's counts); --summary FILE prints such a file as a markdown
table. With --runs, a dead run's soffice log is copied to
/var/tmp/trap-soffice-<scenario>-<version>-gap<G>-<date>-run<N>.log, and a
hung soffice's threads are dumped with gdb (if installed) to
/var/tmp/trap-gdb-<same>.txt before the peer is stopped.
"""

import argparse
import datetime
import fcntl
import json
import os
import select
import socket
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
PEER_SH = os.environ.get("LO_PEER_SH", "/work/shared/impress-remote/peer.sh")
PEER_RUN = os.environ.get("LO_PEER_RUN", "/var/tmp/lo-remote-peer")
DECK = os.environ.get("TRAP_DECK", "/var/tmp/trap-deck40.odp")
DECK_SPEC = os.environ.get("TRAP_DECK_SPEC", "/var/tmp/trap-deck40.json")
LOCK = "/var/tmp/controlpad-peer.lock"

SCENARIOS = {
    "percmd-blank-resume-next": ("percmd", [["presentation_blank_screen"], ["presentation_resume"], ["transition_next"]]),
    "percmd-blank-goto-next": ("percmd", [["presentation_blank_screen"], ["goto_slide", "CURRENT"], ["transition_next"]]),
    "percmd-blank-next": ("percmd", [["presentation_blank_screen"], ["transition_next"]]),
    "percmd-resume-next": ("percmd", [["presentation_resume"], ["transition_next"]]),
    "percmd-blank-resume": ("percmd", [["presentation_blank_screen"], ["presentation_resume"]]),
    "percmd-steps": ("percmd", [["transition_next"], ["transition_next"], ["transition_previous"]]),
    "one-blank-resume-next": ("one", [["presentation_blank_screen"], ["presentation_resume"], ["transition_next"]]),
    "one-blank-goto-next": ("one", [["presentation_blank_screen"], ["goto_slide", "CURRENT"], ["transition_next"]]),
    "one-steps": ("one", [["transition_next"]]),
    "cycle-quit-blank-next": ("cycle", [["presentation_blank_screen"], ["transition_next"]]),
    "cycle-quit-blank-resume": ("cycle", [["presentation_blank_screen"], ["presentation_resume"]]),
    "cycle-quit-steps": ("cycle", [["transition_next"], ["transition_next"]]),
}


class Dead(Exception):
    """Impress died or its remote stopped answering; args[0] is how."""


def log(msg):
    print("[trap %s] %s" % (time.strftime("%H:%M:%S"), msg), file=sys.stderr, flush=True)


class Link:
    """One paired client connection."""

    def __init__(self, host, port, name, pin, answer):
        self.sock = socket.create_connection((host, port), timeout=5)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.sock.setblocking(False)
        self.buffer = b""
        self.closed = False
        self.count = None       # slides, from slideshow_started
        self.current = None     # index, from slideshow_started / slide_updated
        self.started = 0        # slideshow_started messages seen
        self.updates = 0        # slide_updated messages seen
        self.previews = 0
        self.state = None       # "running" / "finished"
        self.send("LO_SERVER_CLIENT_PAIR", name, pin)
        # Paired, and the show state (slideshow_started / _finished) must follow.
        deadline = time.monotonic() + answer
        self.paired = False
        while time.monotonic() < deadline and (not self.paired or self.state is None):
            self.read(0.1)
            if self.closed:
                raise Dead("closed-on-pair")
        if not self.paired:
            self.close()
            raise Dead("hung:not-paired")
        if self.state is None:
            self.close()
            raise Dead("hung:paired-no-answer")

    def send(self, *lines):
        data = ("\n".join(lines) + "\n\n").encode()
        self.sock.setblocking(True)
        try:
            self.sock.sendall(data)
        finally:
            self.sock.setblocking(False)

    def read(self, timeout):
        """Reads what arrives within timeout s; returns the message names."""
        got = []
        end = time.monotonic() + timeout
        while not self.closed:
            left = end - time.monotonic()
            if left <= 0:
                break
            ready, _, _ = select.select([self.sock], [], [], left)
            if not ready:
                break
            try:
                data = self.sock.recv(262144)
            except (BlockingIOError, InterruptedError):
                continue
            except OSError:
                data = b""
            if not data:
                self.closed = True
                break
            self.buffer += data
            while b"\n\n" in self.buffer:
                raw, self.buffer = self.buffer.split(b"\n\n", 1)
                lines = raw.decode("utf-8", "replace").split("\n")
                self.handle(lines)
                got.append(lines[0])
        return got

    def handle(self, lines):
        name = lines[0]
        if name == "LO_SERVER_SERVER_PAIRED":
            self.paired = True
        elif name == "slideshow_started" and len(lines) >= 3:
            self.started += 1
            self.state = "running"
            self.count, self.current = int(lines[1]), int(lines[2])
        elif name == "slideshow_finished":
            self.state = "finished"
        elif name == "slide_updated" and len(lines) >= 2:
            self.updates += 1
            self.current = int(lines[1])
        elif name == "slide_preview":
            self.previews += 1

    def stay(self, quiet, longest=300.0):
        """Reads until nothing came for `quiet` s (the stream is over)."""
        end = time.monotonic() + longest
        while not self.closed and time.monotonic() < end:
            if not self.read(quiet):
                return

    def wait_update(self, before_updates, timeout):
        end = time.monotonic() + timeout
        while not self.closed and time.monotonic() < end:
            self.read(0.05)
            if self.updates > before_updates:
                return True
        return False

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class Trap:
    def __init__(self, args):
        self.args = args
        self.last_slide = None
        self.events = []  # (t, what)
        self.clients = 0
        self.dropped = []  # rounds whose step got no slide_updated (but a goto_slide did)
        self.detail = []  # per-command client: command:S<slideshow_started seen>U<slide_updated seen>

    # ----- liveness, without probe connections
    def soffice_pid(self):
        try:
            pid = int(open(os.path.join(PEER_RUN, "soffice.bin.pid")).read().strip())
            if open("/proc/%d/comm" % pid).read().strip() == "soffice.bin":
                return pid
        except (OSError, ValueError):
            pass
        return None

    def fatal_in_log(self):
        try:
            with open(os.path.join(PEER_RUN, "soffice.log"), errors="replace") as f:
                text = f.read()
        except OSError:
            return None
        for line in text.splitlines():
            if "Fatal exception" in line or "free(): " in line or "double free" in line or "corrupted" in line:
                return line.strip()
        return None

    def check(self, where):
        time.sleep(0.3)
        fatal = self.fatal_in_log()
        if fatal:
            raise Dead("fatal(%s)" % fatal[:60])
        if self.args.peer and self.soffice_pid() is None:
            if subprocess.run(["pgrep", "-x", "soffice.bin"], capture_output=True).returncode != 0:
                raise Dead("gone")

    # ----- clients
    def connect(self):
        self.clients += 1
        return Link(self.args.host, self.args.port, self.args.name, self.args.pin, self.args.answer)

    def note(self, link):
        if link.current is not None:
            self.last_slide = link.current

    def command(self, link, cmd):
        cmd = [str(link.current) if c == "CURRENT" else c for c in cmd]
        before = link.updates
        link.send(*cmd)
        self.events.append((round(time.monotonic() - self.t0, 2), " ".join(cmd)))
        return cmd, before

    def ensure_show(self):
        """Starts the show if none runs, with a client that stays for the
        whole stream; returns (slides, current, slideshow_started count)."""
        link = self.connect()
        started_by_us = False
        if link.state == "finished":
            link.send("presentation_start")
            started_by_us = True
            end = time.monotonic() + 20
            while link.state != "running" and time.monotonic() < end and not link.closed:
                link.read(0.1)
            if link.state != "running":
                link.close()
                raise Dead("show-did-not-start")
        link.stay(self.args.quiet)
        info = (link.count, link.current, link.started, started_by_us, link.previews)
        self.note(link)
        return link, info

    def percmd(self, link, cmd, must_move=False):
        """One new client: pair, stay for its stream, send, stay, leave.
        must_move: if the step gets no slide_updated, make sure the slide
        changes anyway with a goto_slide (counted as a dropped step)."""
        if link is None:
            link = self.connect()
            link.stay(self.args.quiet)
        cmd, before = self.command(link, cmd)
        if cmd[0] in ("transition_next", "transition_previous", "goto_slide"):
            if not link.wait_update(before, 3.0) and must_move:
                self.check("after step")
                self.dropped.append("final")
                target = (link.current or 0) + 1
                before = link.updates
                link.send("goto_slide", str(target))
                self.events.append((round(time.monotonic() - self.t0, 2), "goto_slide %d (step dropped)" % target))
                link.wait_update(before, 3.0)
        link.stay(self.args.quiet)
        self.note(link)
        self.detail.append("%s:S%dU%d" % (cmd[0].replace("presentation_", "").replace("transition_", ""),
                                          link.started, link.updates))
        link.close()
        self.check("after " + " ".join(cmd))

    def run_rounds(self):
        kind, cmds = SCENARIOS[self.args.scenario]
        a = self.args
        self.t0 = time.monotonic()
        setup, info = self.ensure_show()
        self.setup_info = {"slides": info[0], "start_index": info[1], "setup_slideshow_started": info[2],
                           "show_started_by_trap": info[3], "setup_previews": info[4]}
        done = 0
        state = "alive"
        kept = None
        try:
            if kind == "one":
                kept = setup
                for r in range(a.rounds):
                    for cmd in cmds:
                        cmd, before = self.command(kept, cmd)
                        if cmd[0] in ("transition_next", "transition_previous"):
                            if not kept.wait_update(before, 3.0):
                                # Dropped, or the remote is dead? goto_slide is never
                                # dropped: if it answers, Impress only ignored the step.
                                self.check("after step")
                                self.dropped.append(r + 1)
                                target = (kept.current or 0) + 1
                                before = kept.updates
                                kept.send("goto_slide", str(target))
                                self.events.append((round(time.monotonic() - self.t0, 2), "goto_slide %d (step dropped)" % target))
                                if not kept.wait_update(before, 5.0):
                                    self.check("after goto")
                                    raise Dead("hung:no-slide_updated")
                        kept.read(a.gap)
                        if kept.closed:
                            raise Dead("kept-client-closed")
                    self.note(kept)
                    self.check("round %d" % (r + 1))
                    done = r + 1
                if a.before_leave == "stop-start":
                    kept.stay(a.quiet)
                    kept.send("presentation_stop")
                    kept.read(1.0)
                    kept.send("presentation_start")
                    end = time.monotonic() + 20
                    st = kept.started
                    while kept.started == st and time.monotonic() < end and not kept.closed:
                        kept.read(0.1)
                    kept.stay(a.quiet)
                    if self.last_slide:
                        kept.send("goto_slide", str(self.last_slide))
                        kept.read(0.5)
                kept.stay(a.quiet)
                self.note(kept)
                self.kept_stats = {"slideshow_started": kept.started, "slide_updated": kept.updates,
                                   "previews": kept.previews}
                kept.close()
                kept = None
                self.check("kept client left")
            else:
                setup.close()
                time.sleep(a.gap)
                for r in range(a.rounds):
                    if kind == "percmd":
                        for cmd in cmds:
                            self.percmd(None, cmd)
                            time.sleep(a.gap)
                    else:  # cycle: one client, its stream, the commands 0.5 s apart, its stream, leave
                        link = self.connect()
                        link.stay(a.quiet)
                        for i, cmd in enumerate(cmds):
                            if i:
                                link.read(0.5)
                            cmd, before = self.command(link, cmd)
                            if cmd[0] in ("transition_next", "transition_previous"):
                                if not link.wait_update(before, 3.0):
                                    self.dropped.append(r + 1)  # the slide did not change
                        link.read(0.5)
                        link.stay(a.quiet)
                        self.note(link)
                        link.close()
                        self.check("cycle round %d" % (r + 1))
                        time.sleep(a.gap)
                    done = r + 1
            for _ in range(a.final_steps):
                self.percmd(None, ["transition_next"], must_move=True)
                time.sleep(a.gap)
            # The final check: a fresh client pairs, takes its stream, leaves.
            link = self.connect()
            link.stay(a.quiet)
            self.note(link)
            link.close()
            self.check("final")
        except Dead as e:
            state = "dead:" + e.args[0]
            if state.startswith("dead:hung"):
                time.sleep(2.0)
                if self.fatal_in_log():
                    state += "+fatal-in-log"
                elif self.soffice_pid() is None:
                    state += "+gone"
        except (ConnectionError, OSError) as e:
            state = "dead:conn(%s)" % e.__class__.__name__
            try:
                self.check("conn error")
            except Dead as e2:
                state = "dead:" + e2.args[0]
        finally:
            if kept is not None:
                kept.close()
        return done, state


# ----- the peer
def peer_env(version):
    env = dict(os.environ)
    env["LO_PEER_DECK"] = DECK
    env["LO_PEER_DECK_SPEC"] = DECK_SPEC
    if version:
        env["LO_PEER_VERSION"] = version
    return env


def make_spec(slides):
    if not os.path.exists(DECK_SPEC):
        with open(DECK_SPEC, "w") as f:
            json.dump([["Slide %d" % (i + 1), "Body of slide %d\nSecond bullet" % (i + 1),
                        "Notes for slide %d." % (i + 1)] for i in range(slides)], f)


def peer(cmd, version=None):
    r = subprocess.run([PEER_SH, cmd], env=peer_env(version), capture_output=True, text=True)
    if r.returncode != 0:
        log("peer.sh %s failed: %s" % (cmd, r.stderr[-2000:]))
        raise SystemExit(1)
    return r.stderr


def lo_version():
    r = subprocess.run(["/usr/lib/libreoffice/program/soffice", "--version"], capture_output=True, text=True)
    parts = r.stdout.split()
    return parts[1] if len(parts) > 1 else "?"


def summary(path):
    """Prints a markdown table of the runs recorded in a --jsonl file."""
    groups = {}
    for line in open(path):
        d = json.loads(line)
        key = (d["scenario"], d["lo"], d["gap"], d["rounds"], d.get("final_steps", 0), d.get("before_leave", "none"))
        groups.setdefault(key, []).append(d)
    print("| scenario | LibreOffice | gap s | runs | rounds/run | final steps | rounds survived per run | deaths | rate | how it died | dates |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for key, runs in groups.items():
        scen, lo, gap, rounds, fsteps, before = key
        dead = [r for r in runs if r["state"] != "alive"]
        how = sorted(set(r["state"].split("(")[0].replace("dead:", "") for r in dead))
        dates = sorted(r["date"] for r in runs)
        print("| %s%s | %s | %s | %d | %d | %d | %s | %d | %d/%d | %s | %s..%s |" % (
            scen, "" if before == "none" else " (+%s)" % before, lo, gap, len(runs), rounds, fsteps,
            ", ".join("%d%s" % (r["rounds_done"], "" if r["state"] == "alive" else "†") for r in runs),
            len(dead), len(dead), len(runs), ", ".join(how) or "-", dates[0], dates[-1][11:]))


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    p.add_argument("scenario", nargs="?")
    p.add_argument("--list", action="store_true")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--gap", type=float, default=1.0)
    p.add_argument("--quiet", type=float, default=2.0, help="stream is over after this many quiet seconds")
    p.add_argument("--answer", type=float, default=8.0, help="a new client must be answered within this")
    p.add_argument("--runs", type=int, default=0,
                   help="N runs, each on a freshly (re)started peer (peer.sh stop/start); 0 = one run on the running peer")
    p.add_argument("--version", default=None, help="LO_PEER_VERSION for peer.sh (25.2 or 7.4) with --runs")
    p.add_argument("--final-steps", type=int, default=0)
    p.add_argument("--before-leave", choices=["none", "stop-start"], default="none")
    p.add_argument("--settle", type=float, default=3.0, help="with --runs: seconds to wait after peer.sh start")
    p.add_argument("--keep-peer", action="store_true", help="with --runs: do not stop the peer after the last run")
    p.add_argument("--jsonl", default=None)
    p.add_argument("--summary", metavar="JSONL", help="print a markdown table of the runs in a --jsonl file")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=1599)
    p.add_argument("--name", default="controlpad-test")
    p.add_argument("--pin", default="1234")
    args = p.parse_args()
    if args.summary:
        summary(args.summary)
        return
    if args.list or not args.scenario:
        for k, (kind, cmds) in SCENARIOS.items():
            print("%-26s %-6s %s" % (k, kind, " / ".join(" ".join(c) for c in cmds)))
        return
    if args.scenario not in SCENARIOS:
        p.error("unknown scenario %r (--list)" % args.scenario)
    args.peer = True

    lock = None
    if args.runs:
        lock = open(LOCK, "a")
        fcntl.flock(lock, fcntl.LOCK_EX)
        make_spec(40)
    runs = max(1, args.runs)
    for i in range(runs):
        if args.runs:
            peer("stop")
            peer("start", args.version)
            # A show started while soffice is still busy opening the deck never
            # steps (PROTOCOL.md); peer.sh waits for it to settle, but 7.4 still
            # started such shows here: give it a little more.
            time.sleep(args.settle)
        trap = Trap(args)
        started = datetime.datetime.now().isoformat(timespec="seconds")
        done, state = trap.run_rounds()
        version = lo_version()
        result = {
            "scenario": args.scenario, "lo": version, "gap": args.gap, "run": i + 1,
            "rounds_done": done, "rounds": args.rounds, "state": "alive" if state == "alive" else state,
            "last_slide": trap.last_slide, "clients": trap.clients, "final_steps": args.final_steps,
            "before_leave": args.before_leave, "quiet": args.quiet, "date": started,
            "setup": getattr(trap, "setup_info", None), "kept": getattr(trap, "kept_stats", None),
            "last_events": trap.events[-4:], "detail": trap.detail, "dropped_steps": trap.dropped,
        }
        print("RESULT scenario=%s lo=%s gap=%s run=%d rounds=%d/%d state=%s last_slide=%s clients=%d final_steps=%d dropped_steps=%d%s" % (
            args.scenario, version, args.gap, i + 1, done, args.rounds, result["state"], trap.last_slide,
            trap.clients, args.final_steps, len(trap.dropped),
            "" if args.before_leave == "none" else " before_leave=" + args.before_leave), flush=True)
        if args.jsonl:
            with open(args.jsonl, "a") as f:
                f.write(json.dumps(result) + "\n")
        if args.runs and state != "alive":
            # keep the log of a dead run for the record, and where a hung
            # soffice's threads are (gdb, if installed)
            tag = "%s-%s-gap%s-%s-run%d" % (args.scenario, version, args.gap, started.replace(":", ""), i + 1)
            pid = trap.soffice_pid()
            if "hung" in state and pid:
                try:
                    with open(os.path.join("/var/tmp", "trap-gdb-%s.txt" % tag), "w") as out:
                        subprocess.run(["gdb", "-p", str(pid), "-batch", "-ex", "info threads",
                                        "-ex", "thread apply all bt 25"], stdout=out, stderr=subprocess.STDOUT, timeout=120)
                except (OSError, subprocess.TimeoutExpired):
                    pass
            try:
                dst = os.path.join("/var/tmp", "trap-soffice-%s.log" % tag)
                with open(os.path.join(PEER_RUN, "soffice.log"), "rb") as s, open(dst, "wb") as d:
                    d.write(s.read())
            except OSError:
                pass
    if args.runs and not args.keep_peer:
        peer("stop")
    if lock:
        lock.close()


if __name__ == "__main__":
    main()
