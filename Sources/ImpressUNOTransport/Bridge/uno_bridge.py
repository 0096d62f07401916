"""ControlPad's bridge to a LibreOffice Impress on this computer, over UNO.

The pad starts this with Debian's python3 (which has `uno`) and speaks JSON
lines with it: requests on standard input, events on standard output, one
object per line. It ships inside the pad (embedded at build time) and is
run with `python3 -c`. See docs/IMPRESS-UNO.md for every message.

    python3 -c BRIDGE PIPE_NAME CONNECT_SECONDS

The bridge decides nothing: it carries out each request at once, reports
what LibreOffice's slide show listener says as it says it, and answers
`where` with where the show stands. When a press may go, what step the
show is at, the poll, the patience and the end of the show are the pad's
rules (Sources/ImpressUNO, tested without LibreOffice). What it keeps:
- the listener is removed when the show ends and before this exits;
- every UNO call may throw (LibreOffice closed, crashed, the bridge disposed):
  any such failure is one `gone` event and exit status 3, never a traceback;
- the deck the presenter shows is never changed: pictures at a step come
  from a hidden copy of it.
"""
import base64, json, os, shutil, sys, tempfile, threading, time, traceback

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

# The hidden copy of the deck, in the bridge's scratch folder.
COPY_NAME = "controlpad-hidden-copy.odp"
# The effect node types of LibreOffice's com.sun.star.presentation.EffectNodeType.
ON_CLICK, MAIN_SEQUENCE = 1, 4
# Its EffectPresetClass: what an effect does to its shape's visibility.
ENTRANCE, EXIT = 1, 2
# The pen's colour (0xRRGGBB), as the pad's ink on the other sources.
PEN_COLOR = 0xE4002B


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


def main_sequence(page):
    """The groups of the slide's main sequence (one per click or automatic run), in order."""
    root = page.AnimationNode
    if root is None:
        return []
    for sequence in children(root):
        if user_data(sequence).get("node-type") == MAIN_SEQUENCE:
            return children(sequence)
    return []


def effects(group):
    """A group's effects: its pars' children, each with a node type and a preset class."""
    return [effect for par in children(group) for effect in children(par)]


def targets(effect):
    """The shapes an effect animates (its own target, or its children's)."""
    found = []
    for node in [effect] + children(effect):
        target = getattr(node, "Target", None)
        if target is not None and hasattr(target, "ShapeType"):
            found.append(target)
    return found


def builds(page):
    """The slide's main sequence, read once: for each group, whether it
    waits for a click, and the (shape index, preset class) of its effects.
    A group whose effects all run by themselves (with or after the
    previous, on entry) takes no click, and a click's group may hold
    several effects."""
    shapes = [page.getByIndex(i) for i in range(page.Count)]
    found = []
    for group in main_sequence(page):
        click, changes = False, []
        for effect in effects(group):
            data = user_data(effect)
            click = click or data.get("node-type") == ON_CLICK
            for shape in targets(effect):
                index = next((i for i, s in enumerate(shapes) if s == shape), None)
                if index is not None:
                    changes.append((index, data.get("preset-class")))
        found.append((click, changes))
    return found


def click_steps(groups):
    """The clicks the slide's builds wait for."""
    return sum(1 for click, _ in groups if click)


def hidden_at(groups, step):
    """The indices of the slide's shapes the audience does not see after
    `step` clicks: a shape whose first effect is an entrance is hidden
    until its group runs, a shape that exits is hidden once its group has
    run. Groups that run by themselves belong to the click before them
    (or to the slide's entry). Text animated by paragraph is shown whole."""
    visible, clicks = {}, 0
    for click, changes in groups:
        clicks += 1 if click else 0
        runs = clicks <= step
        for index, kind in changes:
            if index not in visible:
                visible[index] = kind != ENTRANCE
            if runs and kind in (ENTRANCE, EXIT):
                visible[index] = kind == ENTRANCE
    return sorted(i for i, shown in visible.items() if not shown)


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
    out, depth = [], 0  # depth: the lists open, one per level of the paragraph
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
        listed, level = False, 0
        try:
            # Notes' plain paragraphs say NumberingIsNumber too; a bulleted
            # one has a level: 0 a bullet, 1 a bullet under it (Tab in
            # LibreOffice), and so on; each level is a list inside the one above.
            level = paragraph.NumberingLevel
            listed = bool(paragraph.NumberingIsNumber) and isinstance(level, int) and level >= 0
        except Exception:
            pass
        wanted = min(level, 9) + 1 if listed else 0
        out.append("<ul>" * max(0, wanted - depth) + "</ul>" * max(0, depth - wanted))
        depth = wanted
        out.append(("<li>%s</li>" if listed else "<p>%s</p>") % body)
    out.append("</ul>" * depth)
    return "".join(out)


class Listener(unohelper.Base, XSlideShowListener):
    """What the running show says, reported as it says it. LibreOffice
    calls these on its main thread: they only read the node's type (a call
    LibreOffice answers on that same thread) and write a line."""

    def paused(self):
        say(ev="heard", what="paused")

    def resumed(self):
        say(ev="heard", what="resumed")

    def slideTransitionStarted(self):
        say(ev="heard", what="transition")

    def slideTransitionEnded(self):
        pass

    def slideAnimationsEnded(self):
        say(ev="heard", what="builds-ended")

    def slideEnded(self, reverse):
        pass

    def hyperLinkClicked(self, url):
        pass

    def beginEvent(self, node):
        say(ev="heard", what="begin", node=user_data(node).get("node-type", 0))

    def endEvent(self, node):
        say(ev="heard", what="end", node=user_data(node).get("node-type", 0))

    def repeat(self, node, n):
        pass

    def disposing(self, source):
        pass


class Bridge:
    """Carries out requests one at a time, on the thread that reads them;
    pictures are exported on a thread of their own (an export must not hold
    up a step), one at a time as the pad asks for them."""

    def __init__(self, pipe, connect_seconds):
        self.pipe, self.connect_seconds = pipe, connect_seconds
        self.doc = self.ctx = self.desktop = self.controller = self.listener = None
        self.copy = None  # the hidden copy pictures at a step come from
        self.step_pages = {}  # (slide, step) → its page in the copy
        self.builds = []  # each slide's `builds`, read when the deck is
        self.started_here = False  # this bridge started the show it follows
        self.told_ended = False  # `ended` said for the show that ran last
        self.stopped_by_pad = False  # the pad ended the show (a confirmed quit sends stop, then quit)
        self.full_screen_before = None  # the show's window setting as the deck had it, if changed here
        self.editor_hidden = None  # what `hide_editor` hid, to put back
        self.made_scratch = None  # the scratch folder, made when first needed
        self.copy_lock = threading.Lock()

    @property
    def scratch(self):
        """The bridge's own folder for the hidden copy and the pictures,
        made when first needed: a bridge that finds nothing on the pipe
        leaves no empty folder behind."""
        if self.made_scratch is None:
            self.made_scratch = tempfile.mkdtemp(prefix="controlpad-uno-")
        return self.made_scratch

    def drop_scratch(self):
        if self.made_scratch is not None:
            shutil.rmtree(self.made_scratch, ignore_errors=True)

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
        # Hidden copies (this bridge's, or one a bridge killed mid-show left) are not the presenter's.
        return [c for c in found if not (getattr(c, "URL", "") or "").endswith("/" + COPY_NAME)]

    def impress_docs(self):
        return [c for c in self.components() if hasattr(c, "Presentation") and hasattr(c, "DrawPages")]

    def open(self, path, window):
        url = uno.systemPathToFileUrl(os.path.abspath(path))
        doc = next((d for d in self.impress_docs() if d.URL == url), None)
        if doc is None:
            # LibreOffice may ask on its own screen first (the file locked,
            # a password, document recovery): the load waits for the answer,
            # and the pad says so while it waits.
            try:
                doc = self.desktop.loadComponentFromURL(url, "_default", 0, (prop("Hidden", False),))
            except Exception as error:
                fatal("open", message(error))
        if doc is None or not hasattr(doc, "Presentation"):
            fatal("open", "LibreOffice did not open it as a presentation (a password, or not a deck)")
        self.use(doc)
        if controller_of(doc) is None:
            self.prepare_steps()  # now, while no audience waits on LibreOffice
            self.start(window)
        else:
            self.follow()

    def attach(self):
        docs = self.impress_docs()
        showing = [d for d in docs if controller_of(d) is not None]
        chosen = (showing or docs or [None])[0]
        if chosen is None:
            fatal("no-deck", "no presentation is open in this LibreOffice")
        self.use(chosen)
        self.follow()

    def use(self, doc):
        self.doc = doc
        pages = doc.DrawPages
        self.builds = [builds(pages.getByIndex(i)) for i in range(pages.Count)]
        steps = [click_steps(groups) for groups in self.builds]
        names = []
        for i in range(pages.Count):
            name = pages.getByIndex(i).Name
            names.append("" if name == "page%d" % (i + 1) else name)
        first = pages.getByIndex(0) if pages.Count else None
        aspect = first.Width / first.Height if first is not None and first.Height else None
        title = doc.Title or (os.path.basename(uno.fileUrlToSystemPath(doc.URL)) if doc.URL else "")
        say(ev="deck", title=title, slides=pages.Count, steps=steps, names=names, aspect=aspect)
        threading.Thread(target=self.send_notes, daemon=True).start()

    def send_notes(self):
        try:
            pages = self.doc.DrawPages
            for i in range(pages.Count):
                say(ev="notes", slide=i, html=notes_html(pages.getByIndex(i)))
        except Exception as error:
            say(ev="refused", op="notes", why=message(error))

    # -- the show --

    def start(self, window=None):
        p = self.doc.Presentation
        if window is not None and p.IsFullScreen != (not window):
            # A setting of the pad's, not the presenter's work: the deck stays unmodified.
            clean = not self.doc.isModified()
            self.full_screen_before = p.IsFullScreen
            p.IsFullScreen = not window
            if clean:
                self.doc.setModified(False)
        if window:
            self.hide_editor()
        p.start()
        self.started_here = True
        self.follow()

    def hide_editor(self):
        """A show in a window holds the slide and nothing of the editor:
        menus, toolbars, status bar (the layout manager's HideCurrentUI,
        which LibreOffice does not save) and the sidebar. `show_editor`
        puts back exactly what was shown."""
        try:
            controller = self.doc.CurrentController
            layout, sidebar = controller.Frame.LayoutManager, controller.getSidebar()
            had_sidebar = bool(sidebar.isVisible())
            layout.HideCurrentUI = True
            if had_sidebar:
                sidebar.setVisible(False)
            self.editor_hidden = (layout, sidebar, had_sidebar)
        except Exception as error:
            say(ev="log", text="the editor around the show stays: %s" % message(error))

    def show_editor(self):
        hidden, self.editor_hidden = self.editor_hidden, None
        if hidden is None:
            return
        layout, sidebar, had_sidebar = hidden
        try:
            layout.HideCurrentUI = False
            if had_sidebar:
                sidebar.setVisible(True)
        except Exception as error:
            say(ev="log", text="the editor's bars did not come back: %s" % message(error))

    def follow(self):
        """Listens to the deck's show if one runs (`show`), or says none runs (`ended`)."""
        controller = controller_of(self.doc)
        if controller is None:
            self.show_editor()
            if not self.told_ended:
                self.drop_listener()
                self.told_ended = True
                say(ev="ended")
            return
        if controller == self.controller:
            return
        self.drop_listener()
        self.told_ended = False
        self.controller, self.listener = controller, Listener()
        controller.addSlideShowListener(self.listener)
        say(ev="show", slides=controller.SlideCount, slide=controller.CurrentSlideIndex,
            blank=bool(controller.isPaused()), fresh=self.started_here)
        self.started_here = False

    def drop_listener(self):
        if self.controller is not None and self.listener is not None:
            try:
                self.controller.removeSlideShowListener(self.listener)
            except Exception:
                pass
        self.controller = self.listener = None

    def where(self):
        """Where the show stands, and the shows of other decks that run."""
        self.follow()
        others = [d.Title or "another deck" for d in self.impress_docs()
                  if d != self.doc and controller_of(d) is not None]
        if self.controller is not None:
            say(ev="where", slide=self.controller.CurrentSlideIndex, blank=bool(self.controller.isPaused()),
                others=others)
        elif others:
            say(ev="where", slide=-1, blank=False, others=others)

    def end_others(self):
        """Ends the shows of the other decks (the presenter said so), then says where things stand."""
        for doc in self.impress_docs():
            if doc != self.doc and controller_of(doc) is not None:
                doc.Presentation.end()
        self.where()

    def handle(self, request):
        op, c = request.get("op"), self.controller
        if op == "where":
            return self.where()
        if op == "start":
            return self.start() if c is None else None
        if op == "end-others":
            return self.end_others()
        if op == "quit":
            return self.quit(bool(request.get("end")), bool(request.get("close")))
        if c is None:
            return say(ev="refused", op=str(op), why="no show runs")
        if op == "next":
            c.gotoNextEffect()
        elif op == "previous":
            c.gotoPreviousEffect()
        elif op == "goto":
            index = request.get("slide")
            if not isinstance(index, int) or not 0 <= index < c.SlideCount:
                return say(ev="refused", op=op, why="no such slide")
            c.gotoSlideIndex(index)
        elif op == "blank":
            c.blankScreen(0)
        elif op == "resume":
            c.resume()
        elif op == "pointer":
            return self.pointer(c, request)
        elif op == "pen":
            # The show's own pen, red: its strokes come from the show window's mouse.
            on = bool(request.get("on"))
            c.UsePen = on
            if on:
                c.PenColor = PEN_COLOR
        elif op == "erase-ink":
            c.setEraseAllInk(True)
        elif op == "stop":
            self.drop_listener()
            self.told_ended = self.stopped_by_pad = True
            self.doc.Presentation.end()
            say(ev="ended")
        else:
            say(ev="refused", op=str(op), why="unknown request")

    def pointer(self, c, request):
        """The show's laser pointer, as LibreOffice's own remote moves it
        (sd/source/ui/remotecontrol/Receiver.cxx): the slide show's
        `PointerPosition` (0..1 of the slide) and `PointerVisible`. Answered
        with `pointer`, so the pad sends the next move only then."""
        x, y = request.get("x"), request.get("y")
        if not isinstance(x, int) or not isinstance(y, int) or not (0 <= x <= 10000 and 0 <= y <= 10000):
            return say(ev="refused", op="pointer", why="x and y are whole numbers from 0 to 10000")
        show = c.getSlideShow()
        if request.get("shown"):
            show.setProperty(prop("PointerPosition", uno.createUnoStruct(
                "com.sun.star.geometry.RealPoint2D", x / 10000.0, y / 10000.0)))
        show.setProperty(prop("PointerVisible", bool(request.get("shown"))))
        say(ev="pointer")

    def carry_out(self, request):
        try:
            self.handle(request)
        except SystemExit:
            raise
        except Exception as error:
            try:
                self.desktop.Components  # LibreOffice still there?
            except Exception:
                gone(self, error)
            say(ev="log", text=traceback.format_exc()[-2000:])
            say(ev="refused", op=str(request.get("op")), why=message(error))

    def quit(self, end, close):
        """Leaves as the pad decided: `end` ends the show, `close` closes
        the deck and then LibreOffice if nothing else is open. LibreOffice
        ends a show and closes a deck in its own time, so this waits for it
        (the pad has gone by then); it never closes a deck with changes, nor
        one whose show still runs (the room is watching)."""
        self.drop_listener()
        kept, closed = "", False
        try:
            self.close_copy()
            if end and controller_of(self.doc) is not None:
                self.doc.Presentation.end()
            if end or self.stopped_by_pad:
                settle = time.monotonic() + 5
                while controller_of(self.doc) is not None and time.monotonic() < settle:
                    time.sleep(0.05)
            if controller_of(self.doc) is None:
                self.show_editor()
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
                            closed = True
                            break
                        except Exception:
                            time.sleep(0.1)
                    if not self.components():
                        self.desktop.terminate()
        except Exception as error:
            kept = "LibreOffice did not close: %s" % message(error)
        # A deck closed shows nothing (asking it then throws: it is disposed).
        running = False if closed else None
        try:
            if not closed:
                running = controller_of(self.doc) is not None
        except Exception:
            pass  # not known: LibreOffice went away under the question
        say(ev="bye", kept=kept, running=running)
        self.drop_scratch()
        os._exit(0)

    # -- pictures (their own thread: an export must not hold up a step) --

    def prepare_steps(self):
        with self.copy_lock:
            self.make_step_pages()

    def make_step_pages(self):
        """The deck's slides at each step before their last, as pages of a
        hidden copy: made once, before the show if this bridge starts it.
        Changing shapes while the show runs, even in another document, holds
        LibreOffice's show up for 1.5 s (measured), so no shape changes then."""
        if self.copy is not None:
            return
        path = os.path.join(self.scratch, COPY_NAME)
        self.doc.storeToURL(uno.systemPathToFileUrl(path), (prop("FilterName", "impress8"),))
        copy = self.desktop.loadComponentFromURL(uno.systemPathToFileUrl(path), "_blank", 0, (prop("Hidden", True),))
        pages, made = copy.DrawPages, {}
        originals = [pages.getByIndex(i) for i in range(pages.Count)]
        copy.lockControllers()
        try:
            for slide, page in enumerate(originals):
                groups = self.builds[slide] if slide < len(self.builds) else []
                for step in range(click_steps(groups)):
                    hidden = set(hidden_at(groups, step))
                    duplicate = copy.duplicate(page)
                    for i in range(duplicate.Count):
                        duplicate.getByIndex(i).Visible = i not in hidden
                    made[(slide, step)] = duplicate
        finally:
            copy.unlockControllers()
        self.copy, self.step_pages = copy, made

    def close_copy(self):
        with self.copy_lock:
            copy, self.copy = self.copy, None
        if copy is not None:
            try:
                copy.close(True)
            except Exception:
                pass

    def render(self, request):
        try:
            slide, width, height = int(request["slide"]), int(request["width"]), int(request["height"])
            step = request.get("step")
            pages = self.doc.DrawPages
            if not 0 <= slide < pages.Count or not (0 < width <= 4096 and 0 < height <= 4096):
                return say(ev="refused", op="render", why="no such picture")
            started = time.monotonic()
            page = pages.getByIndex(slide)
            if isinstance(step, int):
                if self.copy is None:
                    # A show joined while it runs: its pages at each step are
                    # made now, one pause of the show, when a picture first needs them.
                    self.prepare_steps()
                page = self.step_pages.get((slide, step), page)
            path = os.path.join(self.scratch, "p%d.png" % slide)
            gef = self.ctx.ServiceManager.createInstanceWithContext("com.sun.star.drawing.GraphicExportFilter", self.ctx)
            gef.setSourceDocument(page)
            data = uno.Any("[]com.sun.star.beans.PropertyValue",
                           (prop("PixelWidth", width), prop("PixelHeight", height)))
            uno.invoke(gef, "filter", ((prop("URL", uno.systemPathToFileUrl(path)), prop("MediaType", "image/png"),
                                        prop("FilterData", data)),))
            with open(path, "rb") as f:
                png = f.read()
            os.unlink(path)
            say(ev="picture", slide=slide, width=width, height=height, step=step,
                ms=round((time.monotonic() - started) * 1000, 1), png=base64.b64encode(png).decode("ascii"))
        except Exception as error:
            say(ev="refused", op="render", why=message(error))


def controller_of(doc):
    """The running show's controller, or None. A LibreOffice gone throws
    (the caller then says `gone`): that is not a show that ended."""
    c = doc.Presentation.Controller
    return c if c is not None and c.isRunning() else None


def message(error):
    return str(getattr(error, "Message", "") or error or type(error).__name__)


def fatal(what, text):
    say(ev="fatal", what=what, message=text)
    sys.exit(2)


def gone(bridge, error=None):
    say(ev="gone", message=message(error) if error else "LibreOffice went away")
    bridge.drop_scratch()
    os._exit(3)


def requests(lines):
    """The requests on `lines`, one JSON object a line; the rest is refused."""
    for line in lines:
        try:
            request = json.loads(line)
        except ValueError:
            say(ev="refused", op="?", why="not JSON")
            continue
        if isinstance(request, dict):
            yield request


def main():
    # The listener's lines are written from LibreOffice's calls, the
    # requests' from this thread: Python's default 5 ms between thread
    # switches would be most of a step's time.
    sys.setswitchinterval(0.0002)
    pipe, seconds = sys.argv[1], float(sys.argv[2]) if len(sys.argv) > 2 else 30
    bridge = Bridge(pipe, seconds)
    try:
        bridge.connect()
        incoming = requests(sys.stdin)
        for request in incoming:
            if request.get("op") == "open":
                bridge.open(str(request.get("deck", "")), bool(request.get("window", False)))
                break
            if request.get("op") == "attach":
                bridge.attach()
                break
        else:
            return
        for request in incoming:
            if request.get("op") == "render":
                threading.Thread(target=bridge.render, args=(request,), daemon=True).start()
            else:
                bridge.carry_out(request)
        bridge.carry_out({"op": "quit"})  # the pad left: the show goes on
    except SystemExit:
        bridge.drop_scratch()  # `fatal`: nothing of this bridge stays in /tmp
        raise
    except BaseException as error:
        say(ev="log", text=traceback.format_exc()[-2000:])
        gone(bridge, error)


if __name__ == "__main__":
    main()
