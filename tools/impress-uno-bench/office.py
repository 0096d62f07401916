"""What the UNO benchmarks share: a LibreOffice of their own on a throwaway
profile, showing a deck, and the pad on a pseudo-terminal."""
import fcntl, os, pty, select, signal, struct, subprocess, termios, time

import uno
from com.sun.star.connection import NoConnectException


def start_show(work, pipe, deck, full_screen):
    """soffice on `pipe` with a profile in `work`, a copy of `deck` open and its
    show running: (the soffice process, the show's controller)."""
    office = subprocess.Popen(["soffice", "-env:UserInstallation=" + uno.systemPathToFileUrl(work + "/profile"),
                               "--accept=pipe,name=%s;urp;" % pipe, "--norestore", "--nologo", "--nodefault"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    for _ in range(900):
        try:
            ctx = resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
            break
        except NoConnectException:
            time.sleep(0.1)
    else:
        stop_office(office)
        raise SystemExit("no LibreOffice answered on the pipe %s" % pipe)
    desktop = ctx.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", ctx)
    doc = desktop.loadComponentFromURL(uno.systemPathToFileUrl(deck), "_default", 0, ())
    doc.Presentation.IsFullScreen = full_screen
    doc.Presentation.start()
    while doc.Presentation.Controller is None or not doc.Presentation.Controller.isRunning():
        time.sleep(0.05)
    return office, doc.Presentation.Controller


def stop_office(office):
    """Kills LibreOffice: soffice is a launcher, soffice.bin its child, in
    the session started for it (killing the launcher alone leaves it running)."""
    try:
        os.killpg(office.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass
    office.wait()


class PadOnPty:
    """`controlpad connect uno:PIPE` on a pseudo-terminal of 120×40 cells
    (2560×1600 pixels), TERM=xterm-kitty; what it writes is kept in `out`."""

    def __init__(self, controlpad, pipe, work, pictures="kitty"):
        self.pid, self.fd = pty.fork()
        if self.pid == 0:
            os.environ.update({"TERM": "xterm-kitty", "LANG": "C.UTF-8"})
            os.execv(controlpad, [controlpad, "connect", "uno:" + pipe, "--pictures", pictures, "--no-animation",
                                  "--log", work + "/pad.log"])
        fcntl.ioctl(self.fd, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 2560, 1600))
        self.out = bytearray()

    def read(self, timeout):
        """What the pad wrote within `timeout` seconds (b"" for nothing)."""
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if not ready:
            return b""
        try:
            data = os.read(self.fd, 1 << 20)
        except OSError:
            return b""
        self.out.extend(data)
        return data

    def drain(self, timeout=0.2):
        while self.read(timeout):
            pass

    def wait_for_show(self, slides, seconds=60):
        """Until the pad shows the show's slide count, then a moment for its pictures."""
        deadline = time.monotonic() + seconds
        while b"/%d" % slides not in self.out and time.monotonic() < deadline:
            self.read(0.1)
        time.sleep(3)
        self.drain()

    def write(self, data):
        os.write(self.fd, data)
