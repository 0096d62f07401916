import XCTest
@testable import PadTerminal
import PadConfig

/// Light and dark: the theme follows the background the terminal says
/// (OSC 11) unless `--theme` or the config chose, and its timer, clock and
/// notices stand out on it; NO_COLOR keeps its meaning.
final class ThemeBackgroundTests: XCTestCase {
    private func setup(background: (Int, Int, Int)?, choice: PictureChoice = .auto) -> PictureSetup {
        PictureSetup.decide(choice: choice, colorOn: true, environment: [:]) { _ in
            var probe = TerminalProbe()
            if let background { probe.take(.background(red: background.0, green: background.1, blue: background.2)) }
            probe.take(.deviceAttributes([62]))
            return probe
        }
    }

    func testTheBackgroundChoosesUnlessTheThemeIsGiven() {
        XCTAssertTrue(setup(background: (255, 255, 255)).light(.auto).light, "xterm's default white")
        XCTAssertTrue(setup(background: (0xfd, 0xf6, 0xe3)).light(.auto).light, "Solarized light")
        XCTAssertFalse(setup(background: (0, 0, 0)).light(.auto).light)
        XCTAssertFalse(setup(background: (0x28, 0x2c, 0x34)).light(.auto).light, "a dark grey")
        XCTAssertFalse(setup(background: nil).light(.auto).light, "not said: dark, as before")
        XCTAssertTrue(setup(background: nil).light(.auto).reason.contains("did not say"))
        XCTAssertFalse(setup(background: (255, 255, 255)).light(.dark).light, "--theme dark wins")
        XCTAssertTrue(setup(background: (0, 0, 0)).light(.light).light, "--theme light wins")
        XCTAssertTrue(setup(background: (255, 255, 255), choice: .blocks).light(.auto).light, "asked with half-blocks too")
        XCTAssertTrue(setup(background: (255, 255, 255), choice: .none).light(.auto).light, "and without pictures")
    }

    /// WCAG's contrast ratio of two xterm colours (1 to 21).
    private func contrast(_ a: CellColor, on background: (Int, Int, Int)) -> Double {
        func luminance(_ c: (Int, Int, Int)) -> Double {
            let l = [c.0, c.1, c.2].map { v -> Double in
                let s = Double(v) / 255
                return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
            }
            return 0.2126 * l[0] + 0.7152 * l[1] + 0.0722 * l[2]
        }
        guard case .indexed(let n) = a else { return 21 }
        let rgb = XtermColours.rgb(Int(n))
        let (x, y) = (luminance(rgb), luminance(background))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    func testTheLightThemeReadsOnWhiteAndTheDarkOneOnBlack() {
        let roles: [Role] = [.current, .accent, .banner, .dim, .border, .placeholder]
        let light = Theme.standard(colors: 256, light: true), dark = Theme.standard(colors: 256)
        for role in roles {
            XCTAssertGreaterThanOrEqual(contrast(light.look(role).foreground, on: (255, 255, 255)), 3, "\(role) on white")
            XCTAssertGreaterThanOrEqual(contrast(dark.look(role).foreground, on: (0, 0, 0)), 3, "\(role) on black")
        }
        XCTAssertLessThan(contrast(dark.look(.current).foreground, on: (255, 255, 255)), 3, "the dark theme's timer on white: why a light one")
        // The status bar is its own background: its text reads on it.
        for theme in [light, dark] {
            let bar = theme.look(.status)
            guard case .indexed(let b) = bar.background else { return XCTFail("the bar has a colour") }
            XCTAssertGreaterThanOrEqual(contrast(bar.foreground, on: XtermColours.rgb(Int(b))), 4.5)
        }
        XCTAssertEqual(Theme.standard(colors: 2, light: true), Theme.monochrome, "no colour (NO_COLOR): attributes only, light or dark")
    }
}

/// xterm's 256 colours as RGB (the 16 as xterm's defaults), for the tests' contrast.
enum XtermColours {
    static func rgb(_ n: Int) -> (Int, Int, Int) {
        let sixteen = [(0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
                       (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255)]
        if n < 16 { return sixteen[n] }
        if n >= 232 { let v = 8 + (n - 232) * 10; return (v, v, v) }
        let levels = [0, 95, 135, 175, 215, 255]
        let i = n - 16
        return (levels[i / 36], levels[i / 6 % 6], levels[i % 6])
    }
}
