/// What `controlpad send` asks the process that keeps a show's link
/// (`KeptLink`), and its answer: one line each way on a local socket.
///
///     request: v1 TAB wait|nowait TAB SECONDS TAB WORDS…
///     answer:  ok TAB LINE   or   fail TAB REASON
package struct KeptLinkRequest: Equatable, Sendable {
    /// The command's words, as typed after the address: "next", "goto 12".
    package var words: [String]
    package var waitForConfirmation: Bool
    /// How long each step may take, in seconds (`send --timeout`).
    package var timeout: Double

    package init(words: [String], waitForConfirmation: Bool, timeout: Double) {
        self.words = words
        self.waitForConfirmation = waitForConfirmation
        self.timeout = timeout
    }

    package var line: String {
        ["v1", waitForConfirmation ? "wait" : "nowait", "\(timeout)", words.joined(separator: " ")].joined(separator: "\t")
    }

    package init?(line: String) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count == 4, fields[0] == "v1", fields[1] == "wait" || fields[1] == "nowait",
              let timeout = Double(fields[2]), timeout > 0, timeout <= 300 else { return nil }
        self.init(words: fields[3].split(separator: " ").map(String.init), waitForConfirmation: fields[1] == "wait",
                  timeout: timeout)
    }
}

/// What comes in at a show's door (`KeptLinkDoor`), one line: a `send`'s
/// request; `adopt`, a new pad or keeper taking the link over (answered by
/// a `LinkHandOver` or a refusal); `about`, what `controlpad links` and the
/// doctor show (answered `about TAB JSON`); `close` or `close TAB force`,
/// `controlpad links --close` (answered as a `send`); `follow`, a `watch`
/// printing the show through this link (answered by `FollowLine`s until
/// either side leaves: `ShowFollowers`).
package enum DoorRequest: Equatable, Sendable {
    case send(KeptLinkRequest)
    case adopt
    case about
    case close(force: Bool)
    case follow

    package init?(line: String) {
        switch line {
        case "adopt": self = .adopt
        case "about": self = .about
        case "close": self = .close(force: false)
        case "close\tforce": self = .close(force: true)
        case "follow": self = .follow
        default:
            guard let request = KeptLinkRequest(line: line) else { return nil }
            self = .send(request)
        }
    }

    package var line: String {
        switch self {
        case .send(let request): request.line
        case .adopt: "adopt"
        case .about: "about"
        case .close(let force): force ? "close\tforce" : "close"
        case .follow: "follow"
        }
    }
}

extension SendConversation.Step {
    /// The answer's line (only a finished step is ever sent).
    package var answerLine: String {
        switch self {
        case .succeed(let line): "ok\t" + line
        case .fail(let reason): "fail\t" + reason
        case .send: "fail\tnot finished"
        }
    }

    /// An answer read back; a line that is no answer is a failure saying so.
    package init(answerLine line: String?) {
        guard let line, let tab = line.firstIndex(of: "\t") else {
            self = .fail("the process that keeps the show's link gave no answer")
            return
        }
        let text = String(line[line.index(after: tab)...])
        self = line[..<tab] == "ok" ? .succeed(text) : .fail(text)
    }
}
