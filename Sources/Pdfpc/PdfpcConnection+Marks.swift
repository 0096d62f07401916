import SlideModel

/// The laser pointer and the pen, through pdfpc's own (`PUT /api/control`,
/// read in pdfpc's `presentation_controller.vala`): `switchMode pointer`,
/// then `movePointer dx,dy` (relative; answered with where the pointer is,
/// so each move is worked out from pdfpc's own position); `switchMode
/// normal` on release. Ink mode is pdfpc's pen (`switchMode pen`,
/// `setPenColor`), and `e` its `clearDrawing`: pdfpc keeps drawings per
/// slide itself. Strokes cannot be placed: pdfpc's pen follows only the
/// presenting computer's own mouse (`movePointer` moves nothing outside the
/// pointer modes). Marks wait behind the presses: one control request in
/// flight, and a pointer that moved again meanwhile goes where it is last.
extension PdfpcConnection {
    /// The pen's colour, as the pad's ink elsewhere.
    static let penColor = "#e4002b"

    /// The mode this connection switched pdfpc to and not back ("pointer",
    /// "pen"), nil for none: pdfpc keeps it after the pad is gone (`PdfpcSource.leave`).
    public var modeLeftOn: String? {
        let mode = marks.modes.last ?? marks.mode
        return mode == "pointer" || mode == "pen" ? mode : nil
    }

    mutating func mark(_ command: SourceCommand, now: Duration) -> [Action] {
        switch command {
        case .pointerStarted(let x, let y):
            marks.modes.append("pointer")
            marks.target = (x, y)
        case .pointerMoved(let x, let y):
            guard marks.target != nil || marks.modes.last == "pointer" else { return [] }
            marks.target = (x, y)
        case .pointerDismissed:
            marks.target = nil
            marks.modes.append("normal")
        case .ink(.mode(let on)):
            marks.modes.append(on ? "pen" : "normal")
            if on { marks.penColorDue = true }
        case .ink(.clear):
            marks.clearDue = true
        default:
            return [.dropped(command), .log(.debug, "pdfpc places no strokes: \(command) dropped")]
        }
        return control == nil ? nextMark() : []
    }

    /// The next mark's control request, when nothing else waits.
    mutating func nextMark() -> [Action] {
        guard control == nil else { return [] }
        if !marks.modes.isEmpty {
            let mode = marks.modes.removeFirst()
            marks.mode = mode
            return [request(.control(action: "switchMode", argument: mode))]
        }
        if marks.penColorDue {
            marks.penColorDue = false
            return [request(.control(action: "setPenColor", argument: Self.penColor))]
        }
        if marks.clearDue {
            marks.clearDue = false
            return [request(.control(action: "clearDrawing", argument: nil))]
        }
        guard marks.mode == "pointer", let target = marks.target else { return [] }
        // Where pdfpc's pointer is comes back with each move: the first move learns it.
        let at = marks.at ?? target
        let (dx, dy) = marks.at == nil ? (0.0, 0.0) : (target.x - at.x, target.y - at.y)
        if marks.at != nil, abs(dx) < 0.0005, abs(dy) < 0.0005 { return [] }
        return [request(.control(action: "movePointer", argument: PdfpcAPI.pointerMove(dx: dx, dy: dy)))]
    }

    /// `movePointer`'s answer: where pdfpc's pointer is now.
    mutating func pointerAnswered(_ body: [UInt8]) -> [Action] {
        guard let answer = PdfpcAPI.pointer(body) else { return [.log(.notice, "pdfpc's answer to movePointer was not a pointer")] }
        marks.at = (answer.x, answer.y)
        return []
    }
}

/// The pointer's and the pen's requests waiting (`PdfpcConnection+Marks`).
struct PdfpcMarks: Sendable {
    /// Modes to switch to, in order.
    var modes: [String] = []
    /// The mode last switched to.
    var mode = ""
    var penColorDue = false
    var clearDue = false
    /// Where the pad wants the pointer (the latest position wins).
    var target: (x: Double, y: Double)?
    /// Where pdfpc said its pointer is.
    var at: (x: Double, y: Double)?
}
