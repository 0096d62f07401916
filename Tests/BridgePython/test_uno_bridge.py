"""The UNO bridge's own tests (uno_bridge.py), with a stand-in `uno`
module: no LibreOffice needed, so CI runs them (scripts/test.sh).

What they hold the bridge to: each request is one call on LibreOffice's
show, at once, with no queue and no timer of its own; the listener's calls
become `heard` lines as they come; `where` answers where the show stands;
pictures at a step hide exactly the shapes the audience does not see yet,
on a hidden copy, never on the deck; every failure is a line (`refused`,
`log`, `gone`), never a traceback on the pad's pipe.

    python3 -m unittest discover -s Tests/BridgePython
"""
import io, json, os, sys, types, unittest
from unittest import mock

HERE = os.path.dirname(os.path.abspath(__file__))
BRIDGE = os.path.join(HERE, "..", "..", "Sources", "ImpressUNOTransport", "Bridge", "uno_bridge.py")


class Value:
    def __init__(self, name, value):
        self.Name, self.Value = name, value


class Node:
    """An animation node: user data, children, a target."""

    def __init__(self, node_type=None, preset_class=None, target=None, children=()):
        self.UserData = tuple(v for v in (Value("node-type", node_type) if node_type is not None else None,
                                          Value("preset-class", preset_class) if preset_class is not None else None) if v)
        self.Target = target
        self.kids = list(children)

    def createEnumeration(self):
        return Each(self.kids)


class Each:
    def __init__(self, items):
        self.items = list(items)

    def hasMoreElements(self):
        return bool(self.items)

    def nextElement(self):
        return self.items.pop(0)


class Shape:
    ShapeType = "com.sun.star.drawing.TextShape"

    def __init__(self, text):
        self.String, self.Visible = text, True


def effect(kind, shape, preset=1):
    """One effect on `shape` (kind: 1 on click, 2 with previous, 3 after previous; preset 1 entrance, 2 exit)."""
    return Node(kind, preset, children=[Node(target=shape)])


def group(*effects):
    return Node(children=[Node(children=list(effects))])


class Page:
    def __init__(self, shapes, groups=(), name=""):
        self.shapes, self.Name = shapes, name
        self.Width, self.Height = 28000, 15750
        self.AnimationNode = Node(5, children=[Node(4, children=list(groups))]) if groups else None

    @property
    def Count(self):
        return len(self.shapes)

    def getByIndex(self, i):
        return self.shapes[i]


def fake_uno_modules():
    """`uno`, `unohelper` and the `com.sun.star` names the bridge imports."""
    uno = types.ModuleType("uno")
    uno.systemPathToFileUrl = lambda p: "file://" + p
    uno.fileUrlToSystemPath = lambda u: u[len("file://"):]
    uno.Any = lambda t, v: v
    uno.invoke = lambda obj, name, args: getattr(obj, name)(*args)
    uno.getComponentContext = lambda: None
    uno.createUnoStruct = lambda name, *fields: (name,) + fields
    unohelper = types.ModuleType("unohelper")
    unohelper.Base = type("Base", (), {})
    modules = {"uno": uno, "unohelper": unohelper}
    for name, attrs in {"com.sun.star.beans": {"PropertyValue": type("PropertyValue", (), {})},
                        "com.sun.star.presentation": {"XSlideShowListener": type("XSlideShowListener", (), {})},
                        "com.sun.star.connection": {"NoConnectException": type("NoConnectException", (Exception,), {})}}.items():
        module = types.ModuleType(name)
        module.__dict__.update(attrs)
        modules[name] = module
    for name in ("com", "com.sun", "com.sun.star"):
        modules[name] = types.ModuleType(name)
    return modules


sys.dont_write_bytecode = True  # no __pycache__ beside the bridge in Sources
with mock.patch.dict(sys.modules, fake_uno_modules()):
    import importlib.util
    spec = importlib.util.spec_from_file_location("uno_bridge", BRIDGE)
    bridge = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bridge)


class Controller:
    """A running show: records the calls made on it."""

    def __init__(self, slides=4):
        self.calls, self.SlideCount, self.CurrentSlideIndex, self.paused = [], slides, 0, False
        self.listeners = []

    def isRunning(self):
        return True

    def isPaused(self):
        return self.paused

    def addSlideShowListener(self, listener):
        self.listeners.append(listener)

    def removeSlideShowListener(self, listener):
        self.listeners.remove(listener)

    def getSlideShow(self):
        show = types.SimpleNamespace()
        show.setProperty = lambda p: self.calls.append(("setProperty", p.Name, p.Value))
        return show

    def __getattr__(self, name):
        if name.startswith("goto") or name in ("blankScreen", "resume", "setEraseAllInk"):
            return lambda *args: self.calls.append((name,) + args)
        raise AttributeError(name)


class Doc:
    def __init__(self, pages, controller=None):
        self.DrawPages = types.SimpleNamespace(Count=len(pages), getByIndex=lambda i: pages[i])
        self.Presentation = types.SimpleNamespace(Controller=controller, end=lambda: None, IsFullScreen=True)
        self.Title, self.URL = "talk.odp", "file:///talks/talk.odp"


class Exporter:
    """GraphicExportFilter: remembers the page and writes a PNG of a few bytes."""

    def __init__(self, exported):
        self.exported = exported

    def setSourceDocument(self, page):
        self.exported.append(page)

    def filter(self, properties):
        url = next(p.Value for p in properties if p.Name == "URL")
        with open(url[len("file://"):], "wb") as f:
            f.write(b"\x89PNG")


class BridgeTests(unittest.TestCase):
    def setUp(self):
        self.out = io.StringIO()
        patcher = mock.patch.object(sys, "stdout", self.out)
        patcher.start()
        self.addCleanup(patcher.stop)
        bridge.HEARD[0] = True

    def lines(self):
        return [json.loads(line) for line in self.out.getvalue().splitlines()]

    def linked(self, controller):
        b = bridge.Bridge("p", 1)
        b.doc = Doc([Page([Shape("a")])] * 4, controller)
        b.desktop = types.SimpleNamespace(Components=types.SimpleNamespace(createEnumeration=lambda: Each([b.doc])))
        b.follow()
        return b

    def test_each_request_is_one_call_at_once_with_nothing_held_back(self):
        controller = Controller()
        b = self.linked(controller)
        for request in ({"op": "next"}, {"op": "next"}, {"op": "previous"}, {"op": "goto", "slide": 2},
                        {"op": "blank"}, {"op": "resume"}, {"op": "next"}):
            b.carry_out(request)
        self.assertEqual(controller.calls, [("gotoNextEffect",), ("gotoNextEffect",), ("gotoPreviousEffect",),
                                            ("gotoSlideIndex", 2), ("blankScreen", 0), ("resume",), ("gotoNextEffect",)])
        for name in ("moves", "awaiting", "inbox", "sent"):
            self.assertFalse(hasattr(b, name), "a queue or timer of its own: " + name)

    def test_the_pointer_is_the_shows_own_and_each_move_is_answered(self):
        controller = Controller()
        b = self.linked(controller)
        self.out.truncate(0), self.out.seek(0)
        b.carry_out({"op": "pointer", "x": 2500, "y": 5000, "shown": True})
        b.carry_out({"op": "pointer", "x": 0, "y": 0, "shown": False})
        b.carry_out({"op": "pointer", "x": 20000, "y": 0, "shown": True})
        b.carry_out({"op": "pointer", "x": "0.5", "y": 0, "shown": True})
        self.assertEqual(controller.calls, [
            ("setProperty", "PointerPosition", ("com.sun.star.geometry.RealPoint2D", 0.25, 0.5)),
            ("setProperty", "PointerVisible", True),
            ("setProperty", "PointerVisible", False)])
        self.assertEqual([line["ev"] for line in self.lines()], ["pointer", "pointer", "refused", "refused"],
                         "each move answered, so one is in flight; a bad one refused")

    def test_the_pen_is_the_shows_own_in_red_and_its_ink_erased(self):
        controller = Controller()
        b = self.linked(controller)
        b.carry_out({"op": "pen", "on": True})
        self.assertEqual((controller.UsePen, controller.PenColor), (True, 0xE4002B))
        b.carry_out({"op": "erase-ink"})
        b.carry_out({"op": "pen", "on": False})
        self.assertFalse(controller.UsePen)
        self.assertEqual(controller.calls, [("setEraseAllInk", True)])

    def test_a_show_followed_is_said_with_whether_this_bridge_started_it(self):
        controller = Controller()
        controller.CurrentSlideIndex = 2
        self.linked(controller)
        self.assertEqual(self.lines()[-1], {"ev": "show", "slides": 4, "slide": 2, "blank": False, "fresh": False})
        self.assertEqual(len(controller.listeners), 1)

    def test_where_answers_where_the_show_stands_and_names_other_shows(self):
        controller = Controller()
        b = self.linked(controller)
        other = Doc([Page([])], Controller())
        other.Title = "old talk"
        b.desktop = types.SimpleNamespace(Components=types.SimpleNamespace(createEnumeration=lambda: Each([b.doc, other])))
        controller.CurrentSlideIndex, controller.paused = 3, True
        b.carry_out({"op": "where"})
        self.assertEqual(self.lines()[-1], {"ev": "where", "slide": 3, "blank": True, "others": ["old talk"]})

    def test_end_others_ends_only_the_other_decks_shows_and_says_where_things_stand(self):
        controller = Controller()
        b = self.linked(controller)
        ended = []
        other_controller = Controller()
        other = Doc([Page([])], other_controller)
        other.Title = "old talk"

        def end_other():
            ended.append("old talk")
            other_controller.isRunning = lambda: False
        other.Presentation.end = end_other
        b.doc.Presentation.end = lambda: ended.append("this deck")
        b.desktop = types.SimpleNamespace(Components=types.SimpleNamespace(createEnumeration=lambda: Each([b.doc, other])))
        b.carry_out({"op": "end-others"})
        self.assertEqual(ended, ["old talk"])
        self.assertEqual(self.lines()[-1], {"ev": "where", "slide": 0, "blank": False, "others": []})

    def test_the_listener_reports_what_libreoffice_says_as_it_says_it(self):
        listener = bridge.Listener()
        listener.slideTransitionStarted()
        listener.beginEvent(Node(4))
        listener.beginEvent(Node(1))
        listener.endEvent(Node())
        listener.slideAnimationsEnded()
        listener.paused()
        listener.resumed()
        self.assertEqual(self.lines(), [{"ev": "heard", "what": "transition"}, {"ev": "heard", "what": "begin", "node": 4},
                                        {"ev": "heard", "what": "begin", "node": 1}, {"ev": "heard", "what": "end", "node": 0},
                                        {"ev": "heard", "what": "builds-ended"}, {"ev": "heard", "what": "paused"},
                                        {"ev": "heard", "what": "resumed"}])

    def test_steps_are_the_main_sequences_click_groups(self):
        a, b, c = Shape("a"), Shape("b"), Shape("c")
        entry_then_click = Page([a, b], [group(effect(3, a)), group(effect(1, b))])
        two_at_once = Page([a, b], [group(effect(1, a), effect(2, b))])
        three = Page([a, b, c], [group(effect(1, a)), group(effect(1, b)), group(effect(1, c))])
        self.assertEqual([bridge.click_steps(bridge.builds(p)) for p in (Page([a]), entry_then_click, two_at_once, three)],
                         [0, 1, 1, 3])

    def test_the_shapes_hidden_at_each_step_are_those_the_audience_does_not_see(self):
        title, a, b, gone = Shape("title"), Shape("a"), Shape("b"), Shape("leaves")
        page = Page([title, a, b, gone], [group(effect(3, a)),          # on entry, by itself
                                          group(effect(1, b)),          # click 1: b appears
                                          group(effect(1, gone, 2))])   # click 2: it leaves
        groups = bridge.builds(page)
        self.assertEqual(groups, [(False, [(1, 1)]), (True, [(2, 1)]), (True, [(3, 2)])])
        self.assertEqual(bridge.hidden_at(groups, 0), [2])
        self.assertEqual(bridge.hidden_at(groups, 1), [])
        self.assertEqual(bridge.hidden_at(groups, 2), [3])

    def test_a_picture_at_a_step_comes_from_the_hidden_copy_and_the_deck_is_never_changed(self):
        b = self.linked(Controller())
        shapes = [Shape("title"), Shape("point")]
        deck_page = Page(shapes, [group(effect(1, shapes[1]))])
        copied = Page([Shape("title"), Shape("point")])
        exported = []
        b.doc = Doc([deck_page])
        b.copy, b.step_pages = object(), {(0, 0): copied}
        b.ctx = types.SimpleNamespace(ServiceManager=types.SimpleNamespace(
            createInstanceWithContext=lambda name, ctx: Exporter(exported)))
        b.render({"slide": 0, "width": 64, "height": 36, "step": 0})
        b.render({"slide": 0, "width": 64, "height": 36})
        self.assertEqual(exported, [copied, deck_page], "step 0 from the copy; every build from the deck")
        self.assertTrue(all(shape.Visible for shape in shapes), "the deck's shapes untouched")
        pictures = [line for line in self.lines() if line["ev"] == "picture"]
        self.assertEqual([p["step"] for p in pictures], [0, None])

    def test_a_call_that_fails_is_refused_and_logged_never_a_traceback(self):
        controller = Controller()
        b = self.linked(controller)
        controller.gotoNextEffect = mock.Mock(side_effect=RuntimeError("disposed"))
        b.carry_out({"op": "next"})
        events = [line["ev"] for line in self.lines()]
        self.assertEqual(events[-2:], ["log", "refused"])
        self.assertEqual(self.lines()[-1]["why"], "disposed")

    def test_libreoffice_gone_under_a_call_is_one_gone_line_and_status_3(self):
        controller = Controller()
        b = self.linked(controller)
        controller.gotoNextEffect = mock.Mock(side_effect=RuntimeError("Binary URP bridge disposed"))
        b.desktop = types.SimpleNamespace()  # Components throws: LibreOffice is gone
        with mock.patch.object(bridge.os, "_exit", side_effect=SystemExit) as leaving:
            with self.assertRaises(SystemExit):
                b.carry_out({"op": "next"})
        leaving.assert_called_once_with(3)
        self.assertEqual(self.lines()[-1], {"ev": "gone", "message": "Binary URP bridge disposed"})

    def test_a_show_in_a_window_hides_the_editor_and_puts_back_exactly_what_was_shown(self):
        b = self.linked(Controller())
        sidebar = types.SimpleNamespace(shown=True)
        sidebar.isVisible = lambda: sidebar.shown
        sidebar.setVisible = lambda v: setattr(sidebar, "shown", v)
        layout = types.SimpleNamespace(HideCurrentUI=False)
        b.doc.CurrentController = types.SimpleNamespace(Frame=types.SimpleNamespace(LayoutManager=layout),
                                                        getSidebar=lambda: sidebar)
        b.doc.isModified = lambda: False
        b.doc.setModified = lambda flag: None
        b.hide_editor()
        self.assertEqual((layout.HideCurrentUI, sidebar.shown), (True, False), "menus, toolbars and sidebar hidden")
        b.doc.Presentation.Controller = None  # the show ended
        b.follow()
        self.assertEqual((layout.HideCurrentUI, sidebar.shown), (False, True), "put back as they were")
        sidebar.shown = False
        b.hide_editor()
        b.show_editor()
        self.assertFalse(sidebar.shown, "a sidebar that was closed stays closed")

    def test_bye_says_what_was_kept_open_and_whether_the_show_runs(self):
        """The pad says it on the terminal as it leaves (issue 52, item 7)."""
        b = self.linked(Controller())
        b.doc.Presentation.Controller = None  # the pad's stop ended the show
        b.doc.isModified = lambda: True
        with mock.patch.object(bridge.os, "_exit", side_effect=SystemExit):
            with self.assertRaises(SystemExit):
                b.quit(end=False, close=True)
        self.assertEqual(self.lines()[-1], {"ev": "bye", "kept": "the deck has changes that are not saved: LibreOffice keeps it open",
                                            "running": False})
        # A deck closed is disposed: asking it whether its show runs throws.
        closing = self.linked(Controller())
        closing.doc.Presentation.Controller = None
        closing.doc.isModified = lambda: False
        closing.doc.close = lambda deliver: delattr(closing.doc, "Presentation")
        closing.desktop = types.SimpleNamespace(terminate=lambda: None,
                                                Components=types.SimpleNamespace(createEnumeration=lambda: Each([])))
        with mock.patch.object(bridge.os, "_exit", side_effect=SystemExit):
            with self.assertRaises(SystemExit):
                closing.quit(end=False, close=True)
        self.assertEqual(self.lines()[-1], {"ev": "bye", "kept": "", "running": False}, "seen on LibreOffice 25.2: running was null")
        running = self.linked(Controller())
        with mock.patch.object(bridge.os, "_exit", side_effect=SystemExit):
            with self.assertRaises(SystemExit):
                running.quit(end=False, close=True)
        self.assertEqual(self.lines()[-1]["running"], True)

    def test_bad_request_lines_are_refused(self):
        self.assertEqual(list(bridge.requests(["not json\n", "[1]\n", '{"op": "next"}\n'])), [{"op": "next"}])
        self.assertEqual(self.lines(), [{"ev": "refused", "op": "?", "why": "not JSON"}])

    def test_an_unknown_request_and_a_goto_out_of_the_show_are_refused(self):
        b = self.linked(Controller())
        b.carry_out({"op": "launch"})
        b.carry_out({"op": "goto", "slide": 99})
        self.assertEqual([line.get("why") for line in self.lines()[-2:]], ["unknown request", "no such slide"])


class ScratchTests(unittest.TestCase):
    def test_a_bridge_that_finds_nothing_on_the_pipe_leaves_no_folder(self):
        """Each failed start left an empty controlpad-uno-XXXXXXXX in /tmp (issue 52, item 12)."""
        import tempfile
        with tempfile.TemporaryDirectory() as tmp, mock.patch.object(bridge.tempfile, "tempdir", tmp), \
                mock.patch.object(sys, "stdout", io.StringIO()) as out:
            class Resolver:
                def resolve(self, url):
                    raise bridge.NoConnectException()
            manager = types.SimpleNamespace(createInstanceWithContext=lambda name, ctx: Resolver())
            with mock.patch.object(bridge.uno, "getComponentContext", lambda: types.SimpleNamespace(ServiceManager=manager)), \
                    mock.patch.object(sys, "argv", ["-c", "nosuch", "0"]), mock.patch.object(sys, "stdin", io.StringIO("")):
                bridge.HEARD[0] = True
                with self.assertRaises(SystemExit):
                    bridge.main()
            self.assertEqual(json.loads(out.getvalue().splitlines()[-1])["what"], "no-office")
            self.assertEqual(os.listdir(tmp), [])

    def test_the_scratch_folder_made_for_a_picture_goes_when_the_bridge_does(self):
        import tempfile
        with tempfile.TemporaryDirectory() as tmp, mock.patch.object(bridge.tempfile, "tempdir", tmp):
            b = bridge.Bridge("p", 1)
            self.assertEqual(os.listdir(tmp), [], "nothing made before it is needed")
            self.assertTrue(os.path.isdir(b.scratch))
            b.drop_scratch()
            self.assertEqual(os.listdir(tmp), [])


class Portion:
    def __init__(self, text):
        self.String = text


class Paragraph:
    """A notes paragraph: its text, and its bullet's level (None: no bullet)."""

    def __init__(self, text, level=None):
        self.portions = [Portion(text)]
        self.NumberingIsNumber = level is not None
        self.NumberingLevel = level if level is not None else 0

    def createEnumeration(self):
        return Each(self.portions)


def notes_page(*paragraphs):
    shape = types.SimpleNamespace(ShapeType="com.sun.star.presentation.NotesShape",
                                  String="".join(p.portions[0].String for p in paragraphs),
                                  Text=types.SimpleNamespace(createEnumeration=lambda: Each(paragraphs)))
    return types.SimpleNamespace(NotesPage=types.SimpleNamespace(Count=1, getByIndex=lambda i: shape))


class NotesTests(unittest.TestCase):
    def test_sub_bullets_are_a_list_inside_the_list_above(self):
        """NumberingLevel 1 was drawn as a top-level item (issue 52, item 9)."""
        page = notes_page(Paragraph("Intro"), Paragraph("point", 0), Paragraph("detail", 1), Paragraph("deeper", 2),
                          Paragraph("next point", 0), Paragraph("After"))
        self.assertEqual(bridge.notes_html(page),
                         "<p>Intro</p><ul><li>point</li><ul><li>detail</li><ul><li>deeper</li></ul></ul>"
                         "<li>next point</li></ul><p>After</p>")

    def test_a_list_that_ends_the_notes_is_closed_at_every_level(self):
        self.assertEqual(bridge.notes_html(notes_page(Paragraph("a", 0), Paragraph("b", 1))),
                         "<ul><li>a</li><ul><li>b</li></ul></ul>")


if __name__ == "__main__":
    unittest.main()
