#!/usr/bin/env python3
"""A scriptable fake LibreOffice Impress Remote server (Python 3 stdlib only).

It speaks the protocol of docs/IMPRESS-REMOTE.md well
enough to drive `controlpad connect` end to end: pairing (at once, or via
LO_SERVER_VALIDATING_PIN, never answered, or refused by closing), a show of N slides with
previews (small PNGs with a 16:9 pHYs chunk) and notes trickling in, the
navigation commands, blank/resume, start/stop. Tests steer it through stdin
and read what it received from a JSON-lines log.

    fake_impress.py --port-file PORTFILE --log LOG.jsonl [--slides 5]
                    [--pairing paired|validate|silent|refuse|http] [--show]
                    [--trickle-ms 50] [--first-ms MS] [--gaps-ms 80,180,4000]
                    [--stream-stops-after N]

Listens on 127.0.0.1 only (a free port unless --port), writes the port to
PORTFILE once listening, then reads control lines from stdin:

    slide N          the show moves to N (0-based), as if another client did it
    start | stop     start / stop the show (as presentation_start/_stop would)
    accept           clients waiting for their PIN are paired now
    pairing MODE     how later pair requests are answered: paired|validate|silent|refuse
    drop             close every client connection
    ignore N         the next N navigation commands are not carried out, as
                     LibreOffice drops a step sent within 20 ms of another
    (A client that closes while its previews are still being sent leaves the
    server answering nobody, as LibreOffice does, unless --forgiving.)
    reset            close every client connection with a TCP reset (RST)
    cuts N,N,...     with --replay: the next connections get the recorded
                     session cut after N bytes, then closed (one offset each)
    stall MS         send half a notes message, wait MS ms, send the rest
    drip MS TEXT     send TEXT (Python escapes allowed) to every client, one
                     byte every MS ms, paired or not
    flood MB         send MB megabytes without a line break to every client
    hang             hang as LibreOffice 25.2 does in its crash handler: pair
                     requests are still answered (PAIRED, INFO), then nothing
                     more is said to anyone and no command is carried out
    down | up        stop listening (connections are refused) / listen again
    raw TEXT         send TEXT to every paired client, Python escapes allowed
                     (e.g. raw \\xff\\x00garbage\\r\\n\\r\\n)
    oversize BYTES   send a slide_preview whose one line is BYTES long
    quit             close everything and exit (so does end of stdin)

--hung starts hung. --crashy plays the crash of LibreOffice 25.2's remote
(docs/IMPRESS-REMOTE.md): a client that was connected when a blank ended
(resume, or a move while blanked) and leaves while the show runs leaves a
dangling listener, and the next slide change hangs the server ("crashed" in
the log). Stopping the show clears it.

Log lines (flushed at once): {"t": seconds, "conn": id, "event": E, ...}
with E one of listening, accepted, received (with "lines"), pair (with
"name", "pin", "answer"), sent (with "name"), closed, control (with "line").
"""

import argparse
import base64
import codecs
import json
import os
import socket
import struct
import sys
import threading
import time
import zlib

VERSION = "7.4.7.2"


def png(width, height, rgb):
    """A small solid-colour RGB PNG whose pHYs chunk says 16:9, as
    LibreOffice's 320x240 previews of a 16:9 slide do (1143 x 1524 px/m)."""

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    row = b"\x00" + bytes(rgb) * width
    raw = row * height
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    phys = struct.pack(">IIB", 1143, 1524, 1)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"pHYs", phys)
            + chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b""))


class Client:
    def __init__(self, server, sock, ident):
        self.server = server
        self.sock = sock
        self.id = ident
        self.lock = threading.Lock()  # one message is never split by another
        self.paired = False
        self.waiting_pin = False
        self.closed = False
        self.streams = 0  # previews/notes streams still being sent to it

    def send_bytes(self, data):
        with self.lock:
            if self.closed:
                return
            try:
                self.sock.sendall(data)
            except OSError:
                pass

    def send(self, *lines):
        self.server.log(self.id, "sent", name=lines[0])
        self.send_bytes(("\n".join(lines) + "\n\n").encode("utf-8"))

    def close(self):
        with self.lock:
            if self.closed:
                return
            self.closed = True
        try:
            self.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.sock.close()


class FakeImpress:
    def __init__(self, args):
        self.args = args
        self.lock = threading.RLock()
        self.log_file = open(args.log, "a", encoding="utf-8")
        self.clients = []
        self.next_id = 1
        self.pairing = args.pairing
        self.slides = args.slides
        self.running = False
        self.current = 0
        self.blank = False
        self.show_generation = 0
        self.listener = None
        self.port = args.port
        self.previews = [base64.b64encode(png(32, 24, ((40 * i) % 256, 90, (200 - 20 * i) % 256))).decode("ascii")
                         for i in range(self.slides)]
        if args.show:
            self.running = True
        # --replay: a recorded session (what LibreOffice sent) answers every
        # pair request; `cuts` lists where the next connections are cut.
        self.replay = open(args.replay, "rb").read() if args.replay else None
        self.cuts = []
        # As LibreOffice (7.4 and 25.2): a client that leaves while its
        # previews are still being sent leaves the remote dead for everyone
        # a moment later (connections are accepted, never answered).
        self.dead = False
        self.hung = args.hung
        self.ignoring = 0  # navigation commands still to drop (`ignore N`)
        # --crashy: clients connected when a blank ended, and whether one of
        # them left while the show ran (the next slide change then crashes).
        self.restarted_under = set()
        self.poisoned = False

    # logging

    def log(self, conn, event, **fields):
        entry = {"t": round(time.time(), 4), "conn": conn, "event": event}
        entry.update(fields)
        with self.lock:
            self.log_file.write(json.dumps(entry) + "\n")
            self.log_file.flush()

    # listening

    def listen(self):
        with self.lock:
            if self.listener is not None:
                return
            s = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind(("127.0.0.1", self.port))
            s.listen(8)
            self.port = s.getsockname()[1]
            self.listener = s
        self.log(0, "listening", port=self.port)
        threading.Thread(target=self.accept_loop, args=(s,), daemon=True).start()

    def unlisten(self):
        with self.lock:
            s, self.listener = self.listener, None
        if s is not None:
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass
            s.close()
            self.log(0, "not listening")

    def accept_loop(self, listener):
        while True:
            try:
                sock, _ = listener.accept()
            except OSError:
                return
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
            with self.lock:
                client = Client(self, sock, self.next_id)
                self.next_id += 1
                self.clients.append(client)
            self.log(client.id, "accepted")
            threading.Thread(target=self.serve, args=(client,), daemon=True).start()

    # one client

    def serve(self, client):
        buffer = b""
        try:
            while True:
                data = client.sock.recv(65536)
                if not data:
                    break
                buffer += data
                while b"\n\n" in buffer:
                    raw, buffer = buffer.split(b"\n\n", 1)
                    lines = raw.decode("utf-8", "replace").split("\n")
                    self.log(client.id, "received", lines=lines)
                    self.handle(client, lines)
        except OSError:
            pass
        finally:
            with self.lock:
                if self.args.crashy and self.running and client.id in self.restarted_under:
                    self.poisoned = True
                    self.log(client.id, "left after a blank ended: the next slide change crashes")
            if client.streams > 0 and not client.closed and not self.args.forgiving:
                self.log(client.id, "left mid-stream")
                threading.Timer(0.5, self.die).start()
            client.close()
            with self.lock:
                if client in self.clients:
                    self.clients.remove(client)
            self.log(client.id, "closed")

    def die(self):
        self.dead = True
        self.log(0, "dead")

    def handle(self, client, lines):
        name = lines[0]
        if self.dead:
            return  # the remote answers nobody any more
        if self.hung:
            if name == "LO_SERVER_CLIENT_PAIR" and not client.paired:
                client.paired = True
                client.send("LO_SERVER_SERVER_PAIRED")
                client.send("LO_SERVER_INFO", VERSION)
            return  # hung: pairs, then silence
        if not client.paired and not client.waiting_pin:
            if name != "LO_SERVER_CLIENT_PAIR" or len(lines) < 3:
                client.close()  # as LibreOffice: closed without a reply
                return
            mode = self.pairing
            self.log(client.id, "pair", name=lines[1], pin=lines[2], answer=mode)
            if self.replay is not None:
                self.play(client)
                return
            if mode == "paired":
                self.pair(client)
            elif mode == "validate":
                client.waiting_pin = True
                client.send("LO_SERVER_VALIDATING_PIN")
            elif mode == "refuse":
                client.close()  # closed without a reply
            elif mode == "http":  # a web server on the port: 400, then closed
                client.send_bytes(b"HTTP/1.1 400 Bad Request\r\nContent-Type: text/plain\r\n"
                                  b"Content-Length: 12\r\nConnection: close\r\n\r\nBad Request\n")
                client.close()
            return  # silent: never answers
        if not client.paired:
            return  # commands while the PIN is awaited are ignored
        with self.lock:
            if name == "presentation_start":
                if not self.running:
                    self.start_show()
            elif not self.running:
                return
            elif self.ignoring > 0 and name in ("transition_next", "transition_previous", "goto_slide"):
                self.ignoring -= 1
                self.log(client.id, "ignored", name=name)
            elif name == "transition_next":
                self.end_blank()
                self.move(min(self.current + 1, self.slides - 1))
            elif name == "transition_previous":
                # LibreOffice 25.2: on a blank screen, previous ends the blank and stays.
                if not self.end_blank():
                    self.move(max(self.current - 1, 0))
            elif name == "goto_slide" and len(lines) > 1 and lines[1].isdigit():
                index = int(lines[1])
                if index < self.slides:
                    self.end_blank()
                    self.move(index)
            elif name == "presentation_stop":
                self.stop_show()
            elif name == "presentation_blank_screen":
                self.blank = True
            elif name == "presentation_resume":
                self.end_blank()

    def play(self, client):
        """The recorded session, whole or cut after the next offset."""
        with self.lock:
            cut = self.cuts.pop(0) if self.cuts else None
        client.paired = True
        data = self.replay if cut is None else self.replay[:cut]
        client.send_bytes(data)
        self.log(client.id, "replayed", bytes=len(data), cut=cut is not None)
        if cut is not None:
            client.close()

    def all_clients(self):
        with self.lock:
            return list(self.clients)

    def pair(self, client):
        client.waiting_pin = False
        client.paired = True
        client.send("LO_SERVER_SERVER_PAIRED")
        client.send("LO_SERVER_INFO", VERSION)
        with self.lock:
            if self.running:
                client.send("slideshow_started", str(self.slides), str(self.current))
                client.send("slideshow_info", "fake-deck.odp")
                self.trickle([client], self.show_generation)
            else:
                client.send("slideshow_finished")

    # the show

    def paired_clients(self):
        with self.lock:
            return [c for c in self.clients if c.paired]

    def broadcast(self, *lines):
        for c in self.paired_clients():
            c.send(*lines)

    def move(self, index):
        with self.lock:
            if index == self.current:
                return
            self.current = index
            if self.running and self.poisoned:
                self.hung = True
                self.log(0, "crashed")
                return
            if self.running:
                self.broadcast("slide_updated", str(index))

    def end_blank(self):
        """A move on a blank screen ends the blank, as LibreOffice 25.2 does
        (peer.sh): the only sign is the show's stream starting again,
        slideshow_started twice on the slide it was on and every preview
        anew; the move's slide_updated follows. True if it was blank."""
        with self.lock:
            if not self.blank:
                return False
            self.blank = False
            self.show_generation += 1
            self.log(0, "blank ended")
            self.restarted_under |= {c.id for c in self.paired_clients()}
            for _ in range(2):
                self.broadcast("slideshow_started", str(self.slides), str(self.current))
            self.trickle(self.paired_clients(), self.show_generation)
            return True

    def start_show(self):
        with self.lock:
            self.running = True
            self.current = 0
            self.blank = False
            self.show_generation += 1
            self.broadcast("slideshow_started", str(self.slides), "0")
            self.trickle(self.paired_clients(), self.show_generation)

    def stop_show(self):
        with self.lock:
            self.restarted_under = set()
            self.poisoned = False
            self.running = False
            self.blank = False
            self.show_generation += 1
            self.broadcast("slideshow_finished")

    def trickle(self, clients, generation):
        """Previews and notes, one slide at a time, as LibreOffice does: the
        first after --first-ms, then one per --trickle-ms, or with the gaps
        of --gaps-ms in turn (a heavy deck on a busy machine); with
        --stream-stops-after N, the stream stops after N slides."""
        gaps = [int(g) for g in self.args.gaps_ms.split(",")] if self.args.gaps_ms else [self.args.trickle_ms]
        first = self.args.first_ms if self.args.first_ms is not None else gaps[0]
        sent = min(self.slides, self.args.stream_stops_after if self.args.stream_stops_after is not None else self.slides)

        def run():
            done = False
            try:
                for i in range(sent):
                    time.sleep((first if i == 0 else gaps[(i - 1) % len(gaps)]) / 1000.0)
                    with self.lock:
                        if generation != self.show_generation:
                            return
                    for c in clients:
                        c.send("slide_preview", str(i), self.previews[i])
                        if i == sent - 1:
                            # Done before the last message leaves: a client may
                            # close the moment it has it.
                            c.streams -= 1
                        c.send("slide_notes", str(i),
                               "<html><body>Notes %d: R&D <beta> \"quoted\"<br/>second line</body></html>" % (i + 1))
                done = True
                self.log(0, "stream done", clients=[c.id for c in clients])
            finally:
                if not done:
                    for c in clients:
                        c.streams -= 1

        for c in clients:
            c.streams += 1
        threading.Thread(target=run, daemon=True).start()

    # control

    def control(self, line):
        self.log(0, "control", line=line)
        word, _, rest = line.partition(" ")
        if word == "slide":
            self.move(int(rest))
        elif word == "start":
            if not self.running:
                self.start_show()
        elif word == "stop":
            self.stop_show()
        elif word == "accept":
            for c in list(self.clients):
                if c.waiting_pin:
                    self.pair(c)
        elif word == "pairing":
            self.pairing = rest.strip()
        elif word == "drop":
            for c in list(self.clients):
                c.close()
        elif word == "ignore":
            with self.lock:
                self.ignoring = int(rest)
        elif word == "reset":
            for c in self.all_clients():
                try:
                    c.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
                except OSError:
                    pass
                c.close()
        elif word == "cuts":
            with self.lock:
                self.cuts = [int(n) for n in rest.split(",") if n.strip()]
        elif word == "stall":
            for c in self.paired_clients():
                c.send_bytes(b"slide_notes\n0\n<html><body>Stalled half")
            time.sleep(int(rest) / 1000)
            for c in self.paired_clients():
                c.send_bytes(b" and the rest</body></html>\n\n")
        elif word == "drip":
            ms, _, text = rest.partition(" ")
            data = codecs.escape_decode(text.encode("utf-8"))[0]
            for i in range(len(data)):
                for c in self.all_clients():
                    c.send_bytes(data[i:i + 1])
                time.sleep(int(ms) / 1000)
        elif word == "flood":
            block = b"A" * (1 << 20)
            for _ in range(int(rest)):
                for c in self.all_clients():
                    c.send_bytes(block)
        elif word == "hang":
            with self.lock:
                self.hung = True
        elif word == "down":
            self.unlisten()
            for c in list(self.clients):
                c.close()
        elif word == "up":
            self.listen()
        elif word == "raw":
            data = codecs.escape_decode(rest.encode("utf-8"))[0]
            for c in self.paired_clients():
                c.send_bytes(data)
        elif word == "oversize":
            data = b"slide_preview\n0\n" + b"A" * int(rest) + b"\n\n"
            for c in self.paired_clients():
                c.send_bytes(data)
        elif word == "quit":
            return False
        else:
            self.log(0, "unknown control", line=line)
        return True


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--log", required=True)
    parser.add_argument("--slides", type=int, default=5)
    parser.add_argument("--pairing", choices=["paired", "validate", "silent", "refuse", "http"], default="paired")
    parser.add_argument("--show", action="store_true", help="a show runs from the start")
    parser.add_argument("--trickle-ms", type=int, default=50, help="time between two slides' previews")
    parser.add_argument("--first-ms", type=int, help="time before the first preview (default: --trickle-ms)")
    parser.add_argument("--gaps-ms", help="gaps between previews, used in turn (e.g. 80,180,440,4000)")
    parser.add_argument("--stream-stops-after", type=int, help="send only this many slides' previews, then stop")
    parser.add_argument("--hung", action="store_true", help="hung from the start: pairs, then silence")
    parser.add_argument("--crashy", action="store_true",
                        help="a client that leaves after a blank ended crashes the next slide change")
    parser.add_argument("--forgiving", action="store_true",
                        help="stay alive when a client leaves mid-stream (LibreOffice does not)")
    parser.add_argument("--replay", help="answer every pair request with this recorded session (bytes as LibreOffice sent them)")
    args = parser.parse_args()

    fake = FakeImpress(args)
    fake.listen()
    tmp = args.port_file + ".tmp"
    with open(tmp, "w") as f:
        f.write(str(fake.port))
    os.rename(tmp, args.port_file)

    for line in sys.stdin:
        line = line.rstrip("\n")
        if not line:
            continue
        try:
            if not fake.control(line):
                break
        except Exception as error:  # a bad control line must not end the server
            fake.log(0, "control error", line=line, error=str(error))
    fake.unlisten()
    for c in list(fake.clients):
        c.close()
    fake.log(0, "quit")


if __name__ == "__main__":
    main()
