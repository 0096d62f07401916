import FoundationEssentials
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import PadConfig
import PadTerminal
import SlideModel

/// What `controlpad doctor` says of the terminal it runs in: which terminal
/// it is, and which pictures the pad would draw there and why, from the
/// same start-up probe and choice as the pad's (`PictureSetup`).
package enum TerminalReport {
    /// The line, or nil where standard output is no terminal (a pipe, `--json`).
    package static func line(choice: PictureChoice, environment: [String: String]) -> String? {
        guard isatty(STDOUT_FILENO) != 0 else { return nil }
        let colors = ColorSetup(environment: environment, choice: .auto)
        let setup = PictureSetup.decide(choice: choice, colorOn: colors.wantsColor, environment: environment,
                                        tmuxFeatures: { TmuxClientFeatures.ofClient(environment: environment) }, probe: TerminalProbe.onTerminal)
        return describe(setup)
    }

    /// "terminal: kitty(0.26.5), from XTVERSION — pictures: kitty graphics (…)".
    package static func describe(_ setup: PictureSetup) -> String {
        "terminal: \(TerminalText.escaped(setup.terminal.described)) — pictures: \(setup.mode.label) (\(TerminalText.escaped(setup.mode.reason)))"
    }
}
