import FoundationEssentials
import PadConfig
import SlideModel
import SlideImages

/// Decides the terminal entry to open and the colour depth to draw with.
///
/// Most TERM values do not say that the terminal takes 24-bit colours, even
/// when the terminal itself announces truecolor (`COLORTERM`). So when
/// truecolor is wanted, the pad opens the `-direct` sibling of TERM if this
/// system has one (Debian: ncurses-term); it sends 24-bit colours in any
/// case (`RealTerminal`'s `truecolor`: the pad writes SGR itself).
package struct ColorSetup {
    var environment: [String: String]
    var choice: ColorChoice

    package init(environment: [String: String], choice: ColorChoice) {
        self.environment = environment
        self.choice = choice
    }

    /// NO_COLOR (any non-empty value) turns colour off unless --color says otherwise.
    package var wantsColor: Bool {
        switch choice {
        case .none: return false
        case .auto: return (environment["NO_COLOR"] ?? "").isEmpty
        default: return true
        }
    }

    package var wantsTruecolor: Bool {
        switch choice {
        case .truecolor: return true
        case .auto:
            let colorterm = environment["COLORTERM"]?.lowercased()
            return wantsColor && (colorterm == "truecolor" || colorterm == "24bit")
        default: return false
        }
    }

    /// The terminfo name to open: TERM, or its `-direct` sibling for truecolor.
    package func terminalName(exists: (String) -> Bool = TerminfoLookup.exists) -> String? {
        guard let term = environment["TERM"], !term.isEmpty else { return nil }
        guard wantsTruecolor, !ColorDepth.isDirectColorName(term) else { return term }
        var base = term
        for suffix in ["-256color", "-truecolor", "-24bit", "-88color", "-16color"] where base.hasSuffix(suffix) {
            base.removeLast(suffix.count)
        }
        let direct = base + "-direct"
        return exists(direct) ? direct : term
    }

    /// The depth pictures use, once the terminal is open.
    package func depth(terminalName: String, colors: Int, direct: Bool) -> ColorDepth {
        guard wantsColor, colors > 0 else { return .monochrome }
        let capable: ColorDepth = direct ? .truecolor
            : colors >= 256 ? .palette256 : colors >= 16 ? .palette16 : colors >= 8 ? .palette8 : .monochrome
        let wanted: ColorDepth
        switch choice {
        case .auto: wanted = ColorDepth.detect(environment: environment, terminalName: terminalName, terminfoColors: colors)
        case .truecolor: wanted = .truecolor
        case .c256: wanted = .palette256
        case .c16: wanted = .palette16
        case .none: wanted = .monochrome
        }
        let order: [ColorDepth] = [.monochrome, .palette8, .palette16, .palette256, .truecolor]
        let chosen = order[min(order.firstIndex(of: wanted)!, order.firstIndex(of: capable)!)]
        // Eight colours map a white slide and its grey text both to colour
        // 7: flat boxes. The dithered rendering NO_COLOR uses shows the slide.
        return chosen == .palette8 ? .monochrome : chosen
    }

    /// Why a `--color` asked for is not what pictures get, when the terminal
    /// has fewer than 16 colours (nil when it is honoured, or not asked).
    package func depthNotice(terminalName: String, colors: Int, direct: Bool) -> String? {
        guard wantsColor, !direct, colors < 16 else { return nil }
        let asked: String
        switch choice {
        case .c256: asked = "256"
        case .c16: asked = "16"
        case .truecolor: asked = "truecolor"
        case .auto, .none: return nil
        }
        let term = terminalName.isEmpty ? "this terminal" : "TERM=\(terminalName)"
        let better = terminalName == "xterm" ? " (try TERM=xterm-256color)" : ""
        return "--color \(asked): \(term) has \(max(0, colors)) colours\(better); slides are dithered in black and white"
    }
}

/// Whether a terminfo entry is installed, looked up where ncurses looks.
package enum TerminfoLookup {
    package static func exists(_ name: String) -> Bool {
        guard let first = name.first else { return false }
        let env = ProcessInfo.processInfo.environment
        var dirs = [env["TERMINFO"], env["HOME"].map { $0 + "/.terminfo" }].compactMap { $0 }
        dirs += (env["TERMINFO_DIRS"] ?? "").split(separator: ":").map(String.init)
        dirs += ["/etc/terminfo", "/lib/terminfo", "/usr/share/terminfo", "/usr/lib/terminfo"]
        let hex = cFormat("%02x", first.asciiValue ?? 0)
        return dirs.contains { dir in
            FileManager.default.fileExists(atPath: "\(dir)/\(first)/\(name)")
                || FileManager.default.fileExists(atPath: "\(dir)/\(hex)/\(name)")
        }
    }
}
