import SlideModel

/// The alerts as people write them (`--alert`, the config's `alert`):
/// words joined by commas. A length is talk time left at which to tell (as
/// `--duration` takes one: `5m`, `90s`, `1` is a minute), `section` a
/// section over its plan, `over` the talk over its length, `bell` rings the
/// terminal's bell with each. `5m,1m,section,over,bell`.
package enum AlertText {
    package static let rule = "lengths of talk time left (5m, 90s), section, over, bell, joined by commas: --alert 5m,1m,section,over"

    package static func rules(_ text: String) -> Result<AlertRules, AlertTextProblem> {
        var left: [Duration] = []
        var section = false, over = false, bell = false
        let words = text.split(separator: ",").map { $0.trimmingCharacters(inSet: " \t").lowercased() }
        guard !words.isEmpty else { return .failure(AlertTextProblem(description: "no alert in \"\(text)\": \(rule)")) }
        for word in words {
            switch word {
            case "section": section = true
            case "over": over = true
            case "bell": bell = true
            case "none", "": continue
            default:
                guard let length = DurationText.length(word) else {
                    return .failure(AlertTextProblem(description: "\"\(String(word.prefix(40)))\" is not an alert: \(rule)"))
                }
                left.append(length)
            }
        }
        return .success(AlertRules(talkLeft: left, sectionOver: section, talkOver: over, bell: bell))
    }
}

package struct AlertTextProblem: Error, Equatable, CustomStringConvertible {
    package var description: String
}
