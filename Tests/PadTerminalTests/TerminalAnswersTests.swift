import XCTest
@testable import PadTerminal

/// What the terminal answers at start, told apart from keys typed around it,
/// and the choice of pictures made from it.
final class TerminalAnswersTests: XCTestCase {
    private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    func testAnswersAreTakenOutAndKeysKeptInOrder() {
        var decoder = InputDecoder()
        // kitty's real answers (kitty 0.26 under Xvfb), with keys typed around them.
        let items = decoder.feed(bytes("j\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;9t k\u{1B}[?62;c\u{1B}[C"))
        let keys: [InputDecoder.Item] = [.input(.key(.char("j"))), .input(.key(.char(" "))), .input(.key(.char("k"))), .input(.key(.right))]
        XCTAssertEqual(items.filter { if case .input = $0 { return true } else { return false } }, keys,
                       "typed keys (j, space, k, →) survive, in order")
        let answers: [TerminalAnswer] = items.compactMap { if case .answer(let a) = $0 { return a } else { return nil } }
        XCTAssertEqual(answers, [.kitty(id: 31, message: "OK"), .cellSize(width: 9, height: 20), .deviceAttributes([62])])
        // xterm -ti vt340: XTSMGRAPHICS and DA1 with 4 (sixel).
        let xterm = decoder.feed(bytes("\u{1B}[?1;0;256S\u{1B}[?2;0;1000;630S\u{1B}[?63;1;2;4;6;9;15;16;22;28c"))
        XCTAssertEqual(xterm, [.answer(.graphics(item: 1, status: 0, values: [256])), .answer(.graphics(item: 2, status: 0, values: [1000, 630])),
                               .answer(.deviceAttributes([63, 1, 2, 4, 6, 9, 15, 16, 22, 28]))])
    }

    func testAnAnswerCutByAReadIsHeld() {
        var decoder = InputDecoder()
        XCTAssertEqual(decoder.feed(bytes("a\u{1B}_Gi=7;EBADPNG:bad")), [.input(.key(.char("a")))])
        XCTAssertEqual(decoder.feed(bytes(" data\u{1B}\\b")),
                       [.answer(.kitty(id: 7, message: "EBADPNG:bad data")), .input(.key(.char("b")))])
        XCTAssertEqual(decoder.feed(bytes("\u{1B}[6~")), [.input(.key(.pageDown))], "PgDn is a key, not a cell size")
    }

    func testTheProbeReadsItsAnswers() {
        var probe = TerminalProbe()
        for answer: TerminalAnswer in [.kitty(id: 31, message: "OK"), .cellSize(width: 9, height: 20),
                                       .graphics(item: 1, status: 0, values: [16]), .graphics(item: 2, status: 0, values: [1000, 630]),
                                       .deviceAttributes([63, 4])] {
            probe.take(answer)
        }
        XCTAssertTrue(probe.kitty)
        XCTAssertTrue(probe.sixel)
        XCTAssertTrue(probe.answered)
        XCTAssertEqual(probe.cellSize?.width, 9)
        XCTAssertEqual(probe.colorRegisters, 16)
        XCTAssertEqual(probe.maxSixelSize?.height, 630)
        var other = TerminalProbe()
        other.take(.kitty(id: 31, message: "EINVAL:bad"))
        other.take(.deviceAttributes([62, 1, 6]))
        XCTAssertFalse(other.kitty)
        XCTAssertFalse(other.sixel, "a 6 or 1 is not sixel, and the class (62) is not an attribute")
    }

    private func answering(_ answers: TerminalAnswer..., typed: String = "") -> (String) -> TerminalProbe {
        { _ in
            var probe = TerminalProbe()
            probe.typed = typed.map { .key(.char($0)) }
            answers.forEach { probe.take($0) }
            return probe
        }
    }

    func testTheChoiceFollowsWhatTheTerminalAnswers() {
        let kitty = PictureSetup.decide(choice: .auto, colorOn: true, environment: [:],
                                        probe: answering(.kitty(id: 31, message: "OK"), .deviceAttributes([62]), typed: "q"))
        XCTAssertEqual(kitty.mode.kind, .kitty)
        XCTAssertEqual(kitty.typed, [.key(.char("q"))], "a key typed meanwhile is kept")
        let sixel = PictureSetup.decide(choice: .auto, colorOn: true, environment: [:], probe: answering(.deviceAttributes([63, 4])))
        XCTAssertEqual(sixel.mode.kind, .sixel)
        let plain = PictureSetup.decide(choice: .auto, colorOn: true, environment: ["TERM": "xterm-256color"],
                                        probe: answering(.deviceAttributes([65, 1, 9])))
        XCTAssertEqual(plain.mode.kind, .blocks)
        let silent = PictureSetup.decide(choice: .auto, colorOn: true, environment: [:], probe: answering())
        XCTAssertEqual(silent.mode.kind, .blocks)
        XCTAssertTrue(silent.mode.reason.contains("no answer"), silent.mode.reason)
        // An environment that claims kitty changes nothing without the answer.
        let claims = PictureSetup.decide(choice: .auto, colorOn: true, environment: ["TERM": "xterm-kitty", "KITTY_WINDOW_ID": "1"],
                                         probe: answering(.deviceAttributes([62])))
        XCTAssertEqual(claims.mode.kind, .blocks)
    }

    func testTmuxColourOffAndExplicitChoices() {
        var asked: [String] = []
        let probe: (String) -> TerminalProbe = { queries in
            asked.append(queries)
            var p = TerminalProbe()
            p.take(.kitty(id: 31, message: "OK"))  // the outer kitty, if tmux passed it through
            p.take(.deviceAttributes([65, 1]))
            return p
        }
        let tmux = PictureSetup.decide(choice: .auto, colorOn: true, environment: ["TMUX": "/tmp/tmux-0/default,1,0"], probe: probe)
        XCTAssertEqual(tmux.mode.kind, .blocks, "kitty images cannot be placed through tmux")
        XCTAssertEqual(asked, [TerminalProbe.tmuxQueries], "inside tmux only DA1 is asked")
        XCTAssertTrue(tmux.mode.reason.contains("tmux"), tmux.mode.reason)
        let tmuxSixel = PictureSetup.decide(choice: .auto, colorOn: true, environment: ["TMUX": "x"],
                                            probe: answering(.deviceAttributes([65, 4])))
        XCTAssertEqual(tmuxSixel.mode.kind, .sixel, "a tmux built with sixel says 4")
        XCTAssertEqual(tmuxSixel.maxSixelSize?.width, 1000, "the terminal outside cannot be asked: xterm's largest")
        XCTAssertEqual(tmuxSixel.maxSixelBytes, 1_000_000, "tmux drops a longer sequence")
        XCTAssertTrue(tmuxSixel.sixelEncodesAtOnce, "no half-block stand-in over a picture: tmux would redraw the whole pane")
        XCTAssertFalse(PictureSetup.decide(choice: .auto, colorOn: true, environment: [:], probe: answering(.deviceAttributes([65, 4]))).sixelEncodesAtOnce,
                       "straight to the terminal, large encodes go to another thread")
        asked = []
        XCTAssertEqual(PictureSetup.decide(choice: .auto, colorOn: false, environment: [:], probe: probe).mode.kind, .blocks)
        XCTAssertEqual(PictureSetup.decide(choice: .blocks, colorOn: true, environment: [:], probe: probe).mode.kind, .blocks)
        XCTAssertEqual(PictureSetup.decide(choice: .none, colorOn: true, environment: [:], probe: probe).mode.kind, .none)
        XCTAssertEqual(asked, [TerminalProbe.nameAndBackground + "\u{1B}[c", TerminalProbe.nameAndBackground + "\u{1B}[c"],
                       "no colour: the terminal is not asked; blocks or none: only its name and background (for the theme)")
        // Asked for, and the terminal says it has none (DA1 without 4): half-blocks, said.
        let noSixel = PictureSetup.decide(choice: .sixel, colorOn: true, environment: [:], probe: probe)
        XCTAssertEqual(noSixel.mode.kind, .blocks)
        XCTAssertEqual(noSixel.notice, "pictures: this terminal has no sixel (its device attributes lack 4); half-blocks instead")
        let tmuxNoSixel = PictureSetup.decide(choice: .sixel, colorOn: true, environment: ["TMUX": "x"], probe: probe)
        XCTAssertEqual(tmuxNoSixel.mode.kind, .blocks)
        XCTAssertTrue(tmuxNoSixel.notice?.contains("this tmux has no sixel") ?? false, "\(String(describing: tmuxNoSixel.notice))")
        XCTAssertEqual(PictureSetup.decide(choice: .sixel, colorOn: true, environment: [:],
                                           probe: answering(.deviceAttributes([63, 4]))).mode.kind, .sixel)
        XCTAssertEqual(PictureSetup.decide(choice: .sixel, colorOn: true, environment: [:], probe: answering()).mode.kind, .sixel,
                       "no answer at all: the choice is trusted")
        let noKitty = PictureSetup.decide(choice: .kitty, colorOn: true, environment: [:], probe: answering(.deviceAttributes([62])))
        XCTAssertEqual(noKitty.mode.kind, .blocks)
        XCTAssertNotNil(noKitty.notice)
        XCTAssertNil(PictureSetup.decide(choice: .kitty, colorOn: true, environment: [:], probe: probe).notice)
    }
}
