import ImpressUNO
import Logging
import NIOCore
import SlideModel
import SourceKit

extension ImpressUNOKind: DeclaresMovesWhileBlank { public var movesWhileBlank: MovesWhileBlank { .backOnlyEndsBlank } }  // as LibreOffice does over its remote: ← ends the blank and stays

/// LibreOffice Impress on this computer, over UNO (LibreOffice's own API
/// through a local pipe): build steps, pictures at any size, blank as
/// LibreOffice reports it. `controlpad present talk.odp` starts it;
/// `controlpad connect uno:NAME` joins a LibreOffice started with
/// `--accept="pipe,name=NAME;urp;"`. The network source (Impress Remote)
/// stays for a pad on another computer. See docs/IMPRESS-UNO.md.
public struct ImpressUNOKind: SourceKind {
    let loops: @Sendable () -> any EventLoop

    public init(loops: @escaping @Sendable () -> any EventLoop = { PadEventLoop.loop }) {
        self.loops = loops
    }

    /// The pipe `present` uses, per user (LibreOffice names it OSL_PIPE_<uid>_controlpad).
    public static let presentPipe = "controlpad"

    public var id: String { "uno" }
    public var displayName: String { "Impress over UNO" }
    public var summary: String { "LibreOffice Impress on this computer over UNO (build steps, sharp slides)" }
    public var schemes: [String] { ["uno:"] }
    public var addressForm: String { "uno:NAME" }
    public var connectHelp: String {
        """
        LibreOffice Impress on this computer: `controlpad present talk.odp` starts it (or uses the one \
        running) and opens the pad; or start it yourself with soffice --accept="pipe,name=NAME;urp;" talk.odp \
        and `controlpad connect uno:NAME`. Needs LibreOffice's Python bridge (python3-uno). No setting, \
        no PIN, nothing on the network.
        """
    }
    /// The pointer is the show's own (its `PointerPosition` and `PointerVisible`,
    /// as LibreOffice's remote moves it); ink mode is the show's pen, whose
    /// strokes only the show window's mouse draws (no UNO call places one).
    public var capabilities: SourceCapabilities {
        [.picturesAnySize, .picturesAtSteps, .animationSteps, .blank, .startStop, .confirmsCommands, .pointer, .ownPen]
    }

    public var keyNotes: [SourceHelpNotes.Item] {
        [(.action(.next), "next build step, else next slide (as LibreOffice's own click)"),
         (.action(.nextSlide), "next slide at once, the builds left on this one skipped"),
         (.action(.blank), "LibreOffice's black screen; a blank made in LibreOffice shows here too"),
         (.click, "hold on the slide: the show's own laser pointer follows"),
         (.action(.toggleInk), "the show's pen on / off, red: it draws with LibreOffice's mouse"),
         (.action(.eraseInk), "the show's ink goes (erased before the pad leaves: no \"keep ink?\" question)")]
    }

    public func parse(_ address: String) throws(SourceKindError) -> String {
        "uno:" + (try pipeName(address))
    }

    /// The pipe's name in `uno:NAME`, or what is wrong.
    func pipeName(_ address: String) throws(SourceKindError) -> String {
        let trimmed = address.trimmingPrefix { $0 == " " }
        guard trimmed.lowercased().hasPrefix("uno:") else { throw SourceKindError("\(address) is not uno:NAME") }
        var name = String(trimmed.dropFirst(4))
        if name.hasPrefix("//") { name.removeFirst(2) }
        guard !name.isEmpty else { throw SourceKindError("uno: needs the pipe's name, e.g. uno:\(Self.presentPipe)") }
        guard name.count <= 64, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) }) else {
            throw SourceKindError("\(name.debugDescription) is not a pipe name: letters, digits, - _ and . (at most 64)")
        }
        return name
    }

    public func initialLink(shown: String) -> LinkState { .connecting(to: shown) }

    public func makeSource(address: String, settings: SourceSettings, use: SourceUse, logger: Logger?) throws -> any ConfirmingSource {
        let pipe = try pipeName(address)
        let mode: UNOLink.Mode
        var office: OfficeLauncher?
        if let deck = settings["deck"] {
            mode = .present(deck: deck, window: settings["window"] == "true")
            if let program = settings["soffice"] {
                office = OfficeLauncher(program: program, pipe: pipe, profile: settings["profile"])
            }
        } else {
            mode = .attach
        }
        // A LibreOffice started now on a new profile starts twice (it makes
        // the profile, then restarts): 30 s was seen to run out on a busy machine.
        var seconds = office != nil ? 90 : 30
        switch use {
        case .pad: break
        case .send(let timeout), .watch(.some(let timeout)): seconds = max(1, Int(timeout.components.seconds))
        case .watch(nil): break
        }
        // `send` and `watch` joining a show: when nothing listens on the pipe
        // they say so at once, as the doctor does, instead of waiting the timeout.
        // (A fake bridge, CONTROLPAD_UNO_BRIDGE in tests, has no pipe to look at.)
        let joinsNow = office == nil && use != .pad && use != .watch(timeout: nil) && UNOEnvironment.value("CONTROLPAD_UNO_BRIDGE") == nil
        let present = office != nil
        // A confirmed quit ends the show first (`.stop`); the bridge then
        // closes the deck only if no show runs: a signal or Ctrl-\\ leaves it to the room.
        return ImpressUNOSource(link: UNOLink(mode: mode, pipe: pipe), office: office, connectSeconds: seconds, joinsNow: joinsNow,
                                onQuit: (end: false, close: present), eventLoop: loops(),
                                logger: logger ?? Logger(label: "controlpad.uno"))
    }
}
