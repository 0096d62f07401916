"""ControlPad's bridge to a LibreOffice Impress on this computer, over UNO.

The pad starts this with Debian's python3 (which has `uno`) and speaks JSON
lines with it: requests on standard input, events on standard output, one
object per line. It ships inside the pad (embedded at build time) and is
run with `python3 -c`. See docs/IMPRESS-UNO.md for every message.

    python3 -c BRIDGE PIPE_NAME CONNECT_SECONDS

Rules it keeps, from what was measured on LibreOffice 25.2:
- never step past the end of the show (with a listener attached that
  crashed soffice once): `next` on the last step of the last slide is refused;
- the listener is removed when the show ends and before this exits;
- every UNO call may throw (LibreOffice closed, crashed, the bridge disposed):
  any such failure is one `gone` event and exit status 3, never a traceback.
"""
import base64, collections, json, os, queue, shutil, sys, tempfile, threading, time

WRITE = threading.Lock()
HEARD = [True]  # False once the pad has gone: its last requests still run


def say(**event):
    line = json.dumps(event, ensure_ascii=True) + "\n"
    with WRITE:
        if not HEARD[0]:
            return
        try:
            sys.stdout.write(line)
            sys.stdout.flush()
        except (BrokenPipeError, ValueError, OSError):
            # The pad has gone (it quits right after asking the bridge to):
            # carry out what it asked, quietly; its input's end says quit.
            HEARD[0] = False


try:
    import uno, unohelper
    from com.sun.star.beans import PropertyValue
    from com.sun.star.presentation import XSlideShowListener
    from com.sun.star.connection import NoConnectException
except ImportError as error:
    say(ev="fatal", what="no-uno", message=str(error), python=sys.executable)
    sys.exit(2)


def prop(name, value):
    p = PropertyValue()
    p.Name, p.Value = name, value
    return p


def user_data(node):
    try:
        return dict((v.Name, v.Value) for v in (node.UserData or ()))
    except Exception:
        return {}


def children(node):
    try:
        each = node.createEnumeration()
    except Exception:
        return []
    found = []
    while each.hasMoreElements():
        found.append(each.nextElement())
    return found


def click_steps(page):
    """The clicks the slide's builds wait for: groups of its main sequence
    (node-type 4) with an on-click effect (node-type 1). A group whose
    effects all run by themselves (with or after the previous, on entry)
    takes no click, and a click's group may hold several effects."""
    root = page.AnimationNode
    if root is None:
        return 0
    for sequence in children(root):
        if user_data(sequence).get("node-type") == 4:
            return sum(1 for group in children(sequence)
                       if any(user_data(effect).get("node-type") == 1
                              for par in children(group) for effect in children(par)))
    return 0


def escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def notes_html(page):
    """The notes as HTML: paragraphs, list items, bold, italic, underline."""
    notes = page.NotesPage
    shape = None
    for i in range(notes.Count):
        s = notes.getByIndex(i)
        if s.ShapeType == "com.sun.star.presentation.NotesShape":
            shape = s
            break
    if shape is None or not shape.String.strip():
        return ""
    out, in_list = [], False
    paragraphs = shape.Text.createEnumeration()
    while paragraphs.hasMoreElements():
        paragraph = paragraphs.nextElement()
        runs = []
        portions = paragraph.createEnumeration()
        while portions.hasMoreElements():
            p = portions.nextElement()
            text = escape(p.String)
            if not text:
                continue
            if getattr(p, "CharUnderline", 0):
                text = "<u>" + text + "</u>"
            if getattr(p, "CharPosture", None) is not None and p.CharPosture.value != "NONE":
                text = "<i>" + text + "</i>"
            if getattr(p, "CharWeight", 100) >= 150:
                text = "<b>" + text + "</b>"
            runs.append(text)
        body = "".join(runs)
        listed = False
        try:
            # Notes' plain paragraphs say NumberingIsNumber too; a bulleted one has a level.
            level = paragraph.NumberingLevel
            listed = bool(paragraph.NumberingIsNumber) and isinstance(level, int) and level >= 0
        except Exception:
            pass
        if listed and not in_list:
            out.append("<ul>")
        if not listed and in_list:
            out.append("</ul>")
        in_list = listed
        out.append(("<li>%s</li>" if listed else "<p>%s</p>") % body)
    if in_list:
        out.append("</ul>")
    return "".join(out)


class Listener(unohelper.Base, XSlideShowListener):
    """What the running show says. LibreOffice calls these on its main
    thread, holding its own lock: they only post to the bridge's inbox (a
    UNO call from here, or a wait for the bridge's worker, would deadlock)."""

    def __init__(self, inbox):
        self.inbox = inbox

    def paused(self):
        self.inbox.put(("blank", True))

    def resumed(self):
        self.inbox.put(("blank", False))

    def slideTransitionStarted(self):
        self.inbox.put(("moved",))

    def slideTransitionEnded(self):
        pass

    def slideAnimationsEnded(self):
        self.inbox.put(("animations-ended",))

    def slideEnded(self, reverse):
        pass

    def hyperLinkClicked(self, url):
        pass

    def beginEvent(self, node):
        if user_data(node).get("node-type") == 1:  # ON_CLICK: one step
            self.inbox.put(("stepped",))

    def endEvent(self, node):
        pass

    def repeat(self, node, n):
        pass

    def disposing(self, source):
        self.inbox.put(("poll",))


class Bridge:
    """One worker owns the state and makes the show's UNO calls: requests
    (read from standard input by the main thread), the listener's news and
    a poll every quarter second all arrive in its inbox, in order."""

    def __init__(self, pipe, connect_seconds):
        self.pipe, self.connect_seconds = pipe, connect_seconds
        self.inbox, self.renders = queue.Queue(), queue.Queue()
        self.doc = self.ctx = self.desktop = self.controller = self.listener = None
        self.steps, self.slide, self.step, self.paused, self.running = [], -1, 0, False, False
        self.told_ended = False
        # The pad ended the show (a confirmed quit sends stop, then quit).
        self.stopped_by_pad = False
        # Steps wait their turn: LibreOffice drops a gotoNextEffect that comes
        # while the last one still runs, so each waits for the show to move
        # (or MOVE_PATIENCE) before the next goes. Quick presses are all kept.
        self.moves, self.awaiting, self.sent = collections.deque(), False, (None, -1, 0, None, 0)
        # The show's window setting as the deck had it, if this bridge changed it.
        self.full_screen_before = None
        self.scratch = tempfile.mkdtemp(prefix="controlpad-uno-")

    # -- connecting and finding the deck --

    def connect(self):
        local = uno.getComponentContext()
        resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
        deadline = time.monotonic() + self.connect_seconds
        while True:
            try:
                self.ctx = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % self.pipe)
                break
            except NoConnectException:
                if time.monotonic() > deadline:
                    fatal("no-office", "nothing answered on the pipe %s within %g s" % (self.pipe, self.connect_seconds))
                time.sleep(0.1)
        smgr = self.ctx.ServiceManager
        self.desktop = smgr.createInstanceWithContext("com.sun.star.frame.Desktop", self.ctx)
        product = ""
        try:
            provider = smgr.createInstanceWithContext("com.sun.star.configuration.ConfigurationProvider", self.ctx)
            access = provider.createInstanceWithArguments(
                "com.sun.star.configuration.ConfigurationAccess", (prop("nodepath", "/org.openoffice.Setup/Product"),))
            product = "%s %s" % (access.ooName, access.ooSetupVersionAboutBox)
        except Exception:
            pass
        say(ev="hello", office=product.strip())

    def components(self):
        found, each = [], self.desktop.Components.createEnumeration()
        while each.hasMoreElements():
            found.append(each.nextElement())
        return found

    def impress_docs(self):
        return [c for c in self.components() if hasattr(c, "Presentation") and hasattr(c, "DrawPages")]

    def open(self, path, window):
        url = uno.systemPathToFileUrl(os.path.abspath(path))
        doc = next((d for d in self.impress_docs() if d.URL == url), None)
        if doc is None:
            # LibreOffice may ask on its own screen first (the file locked,
            # a password, document recovery) and the load waits for that.
            asking = threading.Timer(3.0, lambda: say(ev="asking"))
            asking.start()
            try:
                doc = self.desktop.loadComponentFromURL(url, "_default", 0, (prop("Hidden", False),))
            except Exception as error:
                fatal("open", message(error))
            finally:
                asking.cancel()
        if doc is None or not hasattr(doc, "Presentation"):
            fatal("open", "LibreOffice did not open it as a presentation (a password, or not a deck)")
        self.use(doc)
        if not self.running:
            self.start(window)

    def attach(self):
        docs = self.impress_docs()
        showing = [d for d in docs if controller_of(d) is not None]
        chosen = (showing or docs or [None])[0]
        if chosen is None:
            fatal("no-deck", "no presentation is open in this LibreOffice")
        self.use(chosen)

    def use(self, doc):
        self.doc = doc
        pages = doc.DrawPages
        self.steps = [click_steps(pages.getByIndex(i)) for i in range(pages.Count)]
        names = []
        for i in range(pages.Count):
            name = pages.getByIndex(i).Name
            names.append("" if name == "page%d" % (i + 1) else name)
        first = pages.getByIndex(0) if pages.Count else None
        aspect = first.Width / first.Height if first is not None and first.Height else None
        title = doc.Title or (os.path.basename(uno.fileUrlToSystemPath(doc.URL)) if doc.URL else "")
        say(ev="deck", title=title, slides=pages.Count, steps=self.steps, names=names, aspect=aspect)
        threading.Thread(target=self.send_notes, daemon=True).start()
        self.follow()

    def send_notes(self):
        try:
            pages = self.doc.DrawPages
            for i in range(pages.Count):
                say(ev="notes", slide=i, html=notes_html(pages.getByIndex(i)))
        except Exception:
            self.inbox.put(("poll",))  # the poll tells whether LibreOffice is gone

    # -- the show (the worker only) --

    def start(self, window=None):
        p = self.doc.Presentation
        if window is not None and p.IsFullScreen != (not window):
            # A setting of the pad's, not the presenter's work: the deck stays unmodified.
            clean = not self.doc.isModified()
            self.full_screen_before = p.IsFullScreen
            p.IsFullScreen = not window
            if clean:
                self.doc.setModified(False)
        p.start()
        deadline = time.monotonic() + 10
        while controller_of(self.doc) is None and time.monotonic() < deadline:
            time.sleep(0.05)
        self.follow()
        # A show just started drops steps until its first slide is up
        # (slideAnimationsEnded): the first press waits for that, 3 s at most.
        if self.controller is not None:
            self.await_show(patience=3.0)

    def follow(self):
        """Listens to the show that runs, or says none runs."""
        controller = controller_of(self.doc)
        if controller is None:
            if self.running or not self.told_ended:
                self.drop_listener()
                self.running, self.told_ended = False, True
                say(ev="ended")
            return
        if self.running and controller == self.controller:
            return
        self.drop_listener()
        self.controller, self.running, self.told_ended = controller, True, False
        self.listener = Listener(self.inbox)
        controller.addSlideShowListener(self.listener)
        self.slide, self.step = controller.CurrentSlideIndex, 0
        self.paused = bool(controller.isPaused())
        say(ev="show", slides=controller.SlideCount, slide=self.slide, step=0, blank=self.paused)

    def drop_listener(self):
        if self.controller is not None and self.listener is not None:
            try:
                self.controller.removeSlideShowListener(self.listener)
            except Exception:
                pass
        self.controller = self.listener = None

    def count(self):
        return self.steps[self.slide] if 0 <= self.slide < len(self.steps) else 0

    def at(self, slide, step):
        if (slide, step) != (self.slide, self.step):
            self.slide, self.step = slide, step
            self.awaiting = False
            say(ev="position", slide=slide, step=step)

    def set_blank(self, paused):
        if paused != self.paused:
            self.paused = paused
            say(ev="blank", on=paused)

    def poll(self):
        """A move no event told, a blank, the show's end."""
        self.follow()
        if self.controller is not None:
            index = self.controller.CurrentSlideIndex
            if index >= 0 and index != self.slide:
                self.at(index, 0)
            self.set_blank(bool(self.controller.isPaused()))

    def work(self):
        while True:
            item = self.inbox.get()
            kind = item[0]
            try:
                if kind == "request":
                    self.handle(item[1])
                elif kind == "poll":
                    self.poll()
                elif self.controller is None:
                    continue
                elif kind == "moved":
                    self.poll()
                elif kind == "stepped":
                    ours = bool(self.awaiting)  # a step this bridge sent, not another client's
                    self.at(self.slide, min(self.step + 1, self.count()))
                    if ours and self.step == self.count():
                        # The slide's last build has begun: a step sent before
                        # LibreOffice says the builds ended is dropped.
                        self.await_show()
                elif kind == "animations-ended":
                    self.at(self.slide, self.count())
                    self.awaiting = False
                elif kind == "blank":
                    self.set_blank(item[1])
                elif kind == "moved-or-not":
                    self.patience_ran_out(item[1])
                self.drain()
            except Exception as error:
                try:
                    self.desktop.Components  # LibreOffice still there?
                except Exception:
                    gone(self, error)
                if kind == "request":
                    say(ev="refused", op=str(item[1].get("op")), why=message(error))

    def handle(self, request):
        op, c, last = request.get("op"), self.controller, len(self.steps) - 1
        if op == "start":
            if c is None:
                self.start()
            return
        if op == "quit":
            return self.quit(bool(request.get("end")), bool(request.get("close")))
        if c is None:
            return say(ev="refused", op=str(op), why="no show runs")
        if op in ("next", "previous"):
            self.moves.append((op, None))
            return
        elif op == "goto":
            index = request.get("slide")
            if not isinstance(index, int) or not 0 <= index <= last:
                return say(ev="refused", op=op, why="no such slide")
            self.moves.clear()  # the presenter's latest word
            self.moves.append((op, index))
            return
        elif op == "blank":
            c.blankScreen(0)
        elif op == "resume":
            c.resume()
        elif op == "stop":
            self.drop_listener()
            self.running, self.told_ended, self.stopped_by_pad = False, True, True
            self.doc.Presentation.end()
            return say(ev="ended")
        else:
            return say(ev="refused", op=str(op), why="unknown request")
        self.poll()

    def drain(self):
        """The next step waiting, once the show has moved since the last."""
        while self.moves and not self.awaiting and self.controller is not None:
            (op, index), c, last = self.moves.popleft(), self.controller, len(self.steps) - 1
            if op == "goto":
                c.gotoSlideIndex(index)
                if index == self.slide:
                    self.at(index, 0)  # LibreOffice says nothing of a go-to where it is
                    continue
            elif op == "next":
                # Never past the end: with a listener attached, that crashed soffice.
                if self.slide >= last and self.step >= self.steps[last]:
                    self.moves.clear()
                    return say(ev="refused", op=op, why="the end of the show")
                c.gotoNextEffect()
            elif self.step > 0:
                c.gotoPreviousEffect()
                self.at(self.slide, self.step - 1)
                continue
            elif self.slide > 0:
                c.gotoPreviousSlide()
            else:
                continue
            self.await_show((op, index))
            self.inbox.put(("poll",))

    def await_show(self, op=None, patience=None):
        """Holds the next step until the show moves, or MOVE_PATIENCE."""
        token = object()
        self.awaiting = token
        self.sent = (op, self.slide, self.step, token, 0)
        threading.Timer(patience or MOVE_PATIENCE, lambda: self.inbox.put(("moved-or-not", token))).start()

    def patience_ran_out(self, token):
        """A step LibreOffice dropped (it does, in a slide's first moments)
        is sent once more; one that moved the show late is not."""
        op, slide, step, sent_token, tries = self.sent
        if sent_token is not token:
            return
        if self.awaiting is token:
            self.awaiting = False
        if op and not self.awaiting and (slide, step) == (self.slide, self.step) and tries < 2 and self.controller is not None:
            self.moves.appendleft(op)
            self.drain()
            self.sent = self.sent[:4] + (tries + 1,)

    def quit(self, end, close):
        """Leaves; `end` ends the show, `close` closes the deck and then
        LibreOffice if nothing else is open: never a deck with changes, and
        never while its show runs (the room is watching)."""
        self.drop_listener()
        kept = ""
        try:
            if end and controller_of(self.doc) is not None:
                self.doc.Presentation.end()
            if end or self.stopped_by_pad:
                settle = time.monotonic() + 5  # the show ends on LibreOffice's own time
                while controller_of(self.doc) is not None and time.monotonic() < settle:
                    time.sleep(0.05)
            if self.full_screen_before is not None and controller_of(self.doc) is None:
                clean = not self.doc.isModified()
                self.doc.Presentation.IsFullScreen = self.full_screen_before
                if clean:
                    self.doc.setModified(False)
            if close and controller_of(self.doc) is not None:
                kept = "the show still runs: LibreOffice keeps the deck open for the room"
            elif close:
                if self.doc.isModified():
                    kept = "the deck has changes that are not saved: LibreOffice keeps it open"
                else:
                    for _ in range(50):  # a show still ending vetoes the close
                        try:
                            self.doc.close(True)
                            break
                        except Exception:
                            time.sleep(0.1)
                    if not self.components():
                        self.desktop.terminate()
        except Exception as error:
            kept = "LibreOffice did not close: %s" % message(error)
        say(ev="bye", kept=kept)
        shutil.rmtree(self.scratch, ignore_errors=True)
        os._exit(0)

    # -- pictures (their own thread: an export must not hold up a step) --

    def render_loop(self):
        gef = self.ctx.ServiceManager.createInstanceWithContext("com.sun.star.drawing.GraphicExportFilter", self.ctx)
        while True:
            request = self.renders.get()
            try:
                slide, width, height = int(request["slide"]), int(request["width"]), int(request["height"])
                pages = self.doc.DrawPages
                if not 0 <= slide < pages.Count or not (0 < width <= 4096 and 0 < height <= 4096):
                    say(ev="refused", op="render", why="no such picture")
                    continue
                path = os.path.join(self.scratch, "p%d.png" % slide)
                started = time.monotonic()
                gef.setSourceDocument(pages.getByIndex(slide))
                data = uno.Any("[]com.sun.star.beans.PropertyValue",
                               (prop("PixelWidth", width), prop("PixelHeight", height)))
                uno.invoke(gef, "filter", ((prop("URL", uno.systemPathToFileUrl(path)), prop("MediaType", "image/png"),
                                            prop("FilterData", data)),))
                with open(path, "rb") as f:
                    png = f.read()
                os.unlink(path)
                say(ev="picture", slide=slide, width=width, height=height,
                    ms=round((time.monotonic() - started) * 1000, 1), png=base64.b64encode(png).decode("ascii"))
            except Exception as error:
                say(ev="refused", op="render", why=message(error))
                self.inbox.put(("poll",))

    def tick(self):
        while True:
            time.sleep(0.25)
            self.inbox.put(("poll",))


MOVE_PATIENCE = 0.4  # seconds a step waits for the show to move before the next goes


def controller_of(doc):
    """The running show's controller, or None. A LibreOffice gone throws
    (the worker then says `gone`): that is not a show that ended."""
    c = doc.Presentation.Controller
    return c if c is not None and c.isRunning() else None


def message(error):
    return str(getattr(error, "Message", "") or error or type(error).__name__)


def fatal(what, text):
    say(ev="fatal", what=what, message=text)
    sys.exit(2)


def gone(bridge, error=None):
    say(ev="gone", message=message(error) if error else "LibreOffice went away")
    shutil.rmtree(bridge.scratch, ignore_errors=True)
    os._exit(3)


def requests():
    """Standard input's requests, one JSON object a line; the rest is refused."""
    for line in sys.stdin:
        try:
            request = json.loads(line)
        except ValueError:
            say(ev="refused", op="?", why="not JSON")
            continue
        if isinstance(request, dict):
            yield request


def main():
    # A request is read by the main thread and carried out by the worker:
    # Python's default 5 ms between thread switches would be most of a step's time.
    sys.setswitchinterval(0.0002)
    pipe, seconds = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 30
    bridge = Bridge(pipe, seconds)
    try:
        bridge.connect()
        incoming = requests()
        for request in incoming:
            if request.get("op") == "open":
                bridge.open(str(request.get("deck", "")), bool(request.get("window", False)))
                break
            if request.get("op") == "attach":
                bridge.attach()
                break
        else:
            return
        for job in (bridge.work, bridge.render_loop, bridge.tick):
            threading.Thread(target=job, daemon=True).start()
        for request in incoming:
            if request.get("op") == "render":
                bridge.renders.put(request)
            else:
                bridge.inbox.put(("request", request))
        bridge.inbox.put(("request", {"op": "quit"}))  # the pad left: the show goes on
        threading.Event().wait()
    except SystemExit:
        raise
    except BaseException as error:
        gone(bridge, error)


if __name__ == "__main__":
    main()
