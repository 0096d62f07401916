import SlideModel

/// What can go wrong with Impress over UNO, in the presenter's words, with
/// what to do. Converted to the pad's `LinkProblem` (source "uno").
public struct UNOProblem: Sendable, Equatable {
    public var code: String
    public var reason: String
    public var fix: String
    /// r answers it while linked (`LinkProblem.retryAnswers`).
    public var retryAnswers = false

    public var linkProblem: LinkProblem {
        LinkProblem(source: "uno", code: code, reason: reason, fix: fix, retryAnswers: retryAnswers)
    }

    /// The bridge said it cannot go on (`what`: its code; `python`: the
    /// Python it ran on, which a missing `uno` is missing from).
    static func fatal(what: String, message: String, python: String? = nil, mode: UNOLink.Mode, pipe: String) -> UNOProblem {
        switch what {
        case "no-uno":
            guard let python, !python.isEmpty else {
                return UNOProblem(code: "no-bridge", reason: "LibreOffice's Python bridge (python3-uno) is missing",
                                  fix: "Install it (sudo apt install python3-uno), then r.")
            }
            // CONTROLPAD_PYTHON may name a Python of its own (a venv, pyenv): it needs `uno` too.
            return UNOProblem(code: "no-bridge", reason: "\(python) cannot import LibreOffice's Python bridge (uno)",
                              fix: "Install it (sudo apt install python3-uno) and run Debian's /usr/bin/python3, "
                                + "or set CONTROLPAD_PYTHON to a Python that has uno; then r.")
        case "no-office":
            if case .present = mode {
                return UNOProblem(code: "no-office", reason: "LibreOffice did not start or answer",
                                  fix: "Check that LibreOffice starts on this computer (soffice), then r.")
            }
            return UNOProblem(code: "no-office", reason: "no LibreOffice listens on the pipe \(pipe)",
                              fix: "Start it with soffice --accept=\"pipe,name=\(pipe);urp;\" talk.odp, then r.")
        case "open":
            let deck: String
            if case .present(let path, _) = mode { deck = path } else { deck = "the deck" }
            let said = message.isEmpty ? "" : ": \(message)"
            return UNOProblem(code: "cannot-open", reason: "LibreOffice could not open \(deck)\(said)",
                              fix: "Check the file (there, not locked by another program, no password), then r.")
        case "no-deck":
            return UNOProblem(code: "no-deck", reason: "no presentation is open in LibreOffice",
                              fix: "Open the deck in LibreOffice, then r.")
        default:
            return UNOProblem(code: "bridge", reason: "the bridge to LibreOffice stopped: \(message)",
                              fix: "r starts it again.")
        }
    }

    /// Opening the deck waits for the presenter's answer in LibreOffice.
    static let asking = UNOProblem(code: "asking", reason: "LibreOffice is asking something on its own screen",
                                   fix: "Answer it there (a locked file: Open; a password; document recovery).")

    /// Another deck's show runs in the same LibreOffice: the room may see
    /// that one, not the pad's.
    static func otherShow(_ title: String) -> UNOProblem {
        UNOProblem(code: "other-show", reason: "another show runs in LibreOffice (\(title.prefix(60)))",
                   fix: "r ends it, so that the room sees this deck; or leave it, or end it there (Esc in its window).",
                   retryAnswers: true)
    }

    /// LibreOffice went away (closed, crashed) while linked.
    static func gone(mode: UNOLink.Mode, slide: Int) -> UNOProblem {
        if case .present = mode {
            let at = slide >= 0 ? " at slide \(slide + 1)" : ""
            return UNOProblem(code: "gone", reason: "LibreOffice closed or crashed",
                              fix: "r starts it again on the deck\(at) (it offers to recover unsaved work).")
        }
        return UNOProblem(code: "gone", reason: "LibreOffice closed or crashed",
                          fix: "Start it again with the same --accept pipe, then r.")
    }

    /// The bridge process ended without a word.
    static func bridgeEnded(mode: UNOLink.Mode) -> UNOProblem {
        UNOProblem(code: "bridge-ended", reason: "the bridge to LibreOffice ended",
                   fix: "r starts it again" + (mode == .attach ? "." : " and rejoins the show."))
    }
}
