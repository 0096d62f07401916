import SlideModel

/// Whether Impress still answers. Its remote server can crash or hang
/// (docs/IMPRESS-REMOTE.md, "A crash in LibreOffice 25.2's remote server"):
/// hung, it still accepts and pairs clients and then says nothing at all.
/// Two signs, each given `Settings.answerTimeout`:
/// - paired, and not a word about the show: the link closes with
///   `ImpressProblem.silentAfterPairing`, which stays on screen with its fix
///   until the presenter asks again (`r`): a hung remote pairs again at once;
/// - linked, and a press Impress always answers went unanswered (a go-to
///   to another slide, a move while blanked, start, stop), or
///   `stepsBeforeDoubt` steps in a row brought no word at all (a step that
///   only runs an animation is never answered, so one or two prove
///   nothing): the pad is told (`SourceEvent.unanswered`), and told again
///   as soon as anything arrives.
struct AnswerWatch: Sendable, Equatable {
    static let stepsBeforeDoubt = 4

    /// Paired, and the show's state not said yet.
    private(set) var awaitingShow = false
    /// Presses written since Impress last said anything.
    private(set) var presses = 0
    /// One of them is always answered.
    private var mustBeAnswered = false
    /// The pad was told that Impress does not answer.
    private(set) var warned = false
    /// The screen was blanked by this link and no show (re)start seen since.
    var blanked = false

    /// Paired: whether to start the wait for the show's state.
    mutating func paired() -> Bool {
        guard !awaitingShow else { return false }
        awaitingShow = true
        return true
    }

    /// `wire` went out on a show of `show`: whether to (re)start the wait.
    mutating func sent(_ wire: SourceCommand, show: (slideCount: Int, current: Int)?) -> Bool {
        let answered: Bool
        switch wire {
        case .next, .previous: answered = blanked
        case .goto(let index): answered = blanked || index != show?.current
        case .start, .stop: answered = true
        case .blank: blanked = true; return false
        case .resume, .pointerStarted, .pointerMoved, .pointerDismissed, .ink: return false
        }
        presses += 1
        mustBeAnswered = mustBeAnswered || answered
        return mustBeAnswered || presses >= Self.stepsBeforeDoubt
    }

    /// Impress said something: whether the wait is over, and whether the
    /// pad must hear that Impress answers again.
    mutating func heard(_ lines: [String]) -> (stopWaiting: Bool, answersAgain: Bool) {
        let name = lines.first ?? ""
        if name == "slideshow_started" || name == "slideshow_finished" {
            awaitingShow = false
            blanked = false
        }
        let again = warned
        presses = 0
        mustBeAnswered = false
        warned = false
        return (!awaitingShow, again)
    }

    enum Verdict: Equatable { case silentAfterPairing, unanswered, none }

    /// The wait ran out.
    mutating func expired() -> Verdict {
        if awaitingShow { return .silentAfterPairing }
        guard presses > 0, !warned else { return .none }
        warned = true
        return .unanswered
    }
}

extension ImpressConnection {
    /// The wait for Impress's answer ran out (`AnswerWatch`).
    mutating func answerOverdue() -> [Action] {
        guard life.isOpen, session?.isPaired == true else { return [] }
        switch answers.expired() {
        case .silentAfterPairing:
            let problem = ImpressProblem.silentAfterPairing
            closeReason = problem.problem
            return [.log(.warning, "paired, then no word about the show in \(settings.answerTimeout): \(problem.reason)"), .close]
        case .unanswered:
            let problem = ImpressProblem.unconfirmed
            return [.log(.warning, "\(answers.presses) presses unanswered for \(settings.answerTimeout): \(problem.reason)"),
                    .emit(.unanswered(problem.problem))]
        case .none:
            return []
        }
    }

    /// A message from Impress arrived.
    mutating func heardFromImpress(_ lines: [String]) -> [Action] {
        guard session?.isPaired == true else { return [] }
        let (stopWaiting, answersAgain) = answers.heard(lines)
        return (stopWaiting ? [.cancel(.answer)] : []) + (answersAgain ? [.emit(.unanswered(nil))] : [])
    }

    /// `wire` goes out: what to arm for its answer.
    mutating func watchAnswer(to wire: SourceCommand) -> [Action] {
        guard session?.isPaired == true, answers.sent(wire, show: session?.show) else { return [] }
        return [.arm(.answer, after: settings.answerTimeout)]
    }
}
