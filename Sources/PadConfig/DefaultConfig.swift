import SlideModel
import SourceKit

/// The commented default config file that `controlpad config --print-default`
/// prints: every setting, at its default, explained.
package enum DefaultConfig {
    package static var text: String { text(sourceKeys: []) }

    /// The file, with the keys the source kinds declare (top-level ones
    /// where they read best, the rest in their `[source.ID]` tables at the end).
    package static func text(sourceKeys: [SourceConfigKey]) -> String {
        let sources = sourceKeys.compactMap { key in key.key.map { "# \(key.help).\n# \($0) = \"…\"\n\n" } }.joined()
        var out = """
        # ControlPad configuration: $XDG_CONFIG_HOME/controlpad/config.toml
        # (default ~/.config/controlpad/config.toml), or --config FILE.
        # Every setting below is at its default; delete what you don't change.
        # A mistake is reported with its line (controlpad config --check lists them
        # all); that setting keeps its default and every other one applies.

        # Open and close the slide list and overlays with a short animation.
        animation = true

        # The talk's planned length: the status line then shows the time left,
        # coloured by pace. A number alone is minutes ("90"), and so is the last
        # field of h:mm ("1:30" is an hour and a half); or units: "20m", "1h30m",
        # "90s". --duration overrides.
        # duration = "20m"

        # The talk's sections, with their planned minutes: a file of [[section]]
        # tables (name, slide, minutes; docs/AGENDA.md), relative to this file's
        # folder. --agenda overrides.
        # agenda = "talk-agenda.toml"

        # Alerts: the timer flashes once and the status line says it when the
        # talk has this much left ("5m", "1m"), when a section runs over its
        # plan ("section"), when the talk runs over ("over"); "bell" rings the
        # terminal's bell too. --alert overrides.
        # alert = "5m,1m,section,over"

        # The server `controlpad connect` uses when no HOST is given.
        # server = "127.0.0.1:1599"

        \(sources)# How many times taller than wide a terminal cell is (most fonts: 2).
        # cell-aspect = 2.0

        # Slide pictures: "auto" asks the terminal at start and uses kitty
        # graphics, iTerm2's inline images (iTerm2, WezTerm) or sixel when it
        # has them, half-blocks otherwise; "kitty", "sixel", "iterm", "blocks"
        # (half-block cells) or "none". --pictures overrides.
        pictures = "auto"

        # The layout a server starts in: "slides" (the current slide largest),
        # "notes-first" (the notes largest, the slides small beside them) or
        # "full-screen" (the slide, a status line). The layout key (L) cycles
        # them; the last one chosen is kept per server in
        # $XDG_STATE_HOME/controlpad/layouts.json and wins over this.
        layout = "slides"

        # Key bindings: action = list of keys. Setting an action replaces its keys.
        # One key, one action: a key given to two actions, or an action left with
        # no key, is a problem (the action keeps its default keys).
        # Keys: a character ("q", "?", " "), or Up Down Left Right PgUp PgDn Home
        # End Enter Esc Tab S-Tab Backspace Delete Space F1…F24 C-a…C-z.
        [keys]

        """
        let bindings = KeyBindings.standard
        for action in Action.allCases {
            let keys = bindings.keys(for: action).map { "\"\($0.name)\"" }.joined(separator: ", ")
            out += "\(action.rawValue) = [\(keys)]\(String(repeating: " ", count: max(1, 34 - action.rawValue.count - keys.count)))# \(action.summary)\n"
        }
        out += """

        # Colours and glyphs. A role is a colour, or a table
        # { fg = "...", bg = "...", bold = true, dim = false, reverse = false, underline = false }.
        # Colours: black red green yellow blue magenta cyan white grey bright-red …,
        # "default", 0–255, or "#rrggbb".
        [theme]
        background = "auto"         # light, dark, or auto: the terminal's background (OSC 11); --theme overrides
        box = "square"              # panes: square, rounded, heavy, double, ascii
        # border = "grey"
        # title = { bold = true }
        # accent = "cyan"
        # status = { fg = 252, bg = 236 }
        # status-dim = { fg = 245, bg = 236 }
        # warning = { fg = "black", bg = "yellow", bold = true }
        # selection = { reverse = true }
        # current = { fg = "green", bold = true }
        # banner = { fg = "yellow", bold = true }
        # placeholder = "grey"
        # pace-tight = { fg = "yellow", bg = 236, bold = true }
        # pace-over = { fg = "red", bg = 236, bold = true }

        # Popovers, one table per kind: goto, help, pin, quit.
        # [popover.goto]
        # box = "rounded"
        # role = "accent"             # the theme role of its frame and arrow
        # arrow-up = "▲"
        # arrow-down = "▼"
        # arrow-left = "◀"
        # arrow-right = "▶"

        """
        // The settings a kind has only in its own table.
        for (source, keys) in Dictionary(grouping: sourceKeys.filter { $0.key == nil }, by: \.source).sorted(by: { $0.key < $1.key }) {
            out += "\n# [source.\(source)]\n" + keys.map { key in
                TextWrap.lines(key.help.hasSuffix(".") ? key.help : key.help + ".", width: 76).map { "# \($0)\n" }.joined()
                    + "# \(key.setting) = …\n"
            }.joined()
        }
        return out
    }
}
