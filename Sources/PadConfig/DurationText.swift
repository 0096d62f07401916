import SlideModel

/// A talk's length as people type it, with one rule: a number without a unit
/// counts minutes, alone (`90`) or as the last field of h:mm (`1:30`, an
/// hour and a half); h:mm:ss adds seconds (`1:30:00`). Units: `h`, `m` or
/// `min`, `s` (`20m`, `1h30m`, `45 min`, `90s`). At most a day. Every number
/// is checked against that before any arithmetic (found by fuzzing:
/// "9837237686063304240m" overflowed and trapped).
package enum DurationText {
    package static let day = 24 * 3600

    /// The rule in a few words, for `--help`, errors and the config file.
    package static let rule = "a number alone is minutes (90), and so is the last field of h:mm (1:30 is an hour and a half); or units: 20m, 1h30m, 90s"

    package static func length(_ text: String) -> Duration? {
        let t = text.lowercased().replacing(" ", with: "")
        if let minutes = Int(t) { return (1...day / 60).contains(minutes) ? .seconds(minutes * 60) : nil }
        if t.contains(":") {
            let fields = t.split(separator: ":", omittingEmptySubsequences: false)
            let parts = fields.compactMap { Int($0) }.filter { (0...day).contains($0) }
            guard parts.count == fields.count, (2...3).contains(parts.count), parts.dropFirst().allSatisfy({ $0 < 60 }) else {
                return nil
            }
            // h:mm, or h:mm:ss.
            let seconds = parts[0] * 3600 + parts[1] * 60 + (parts.count == 3 ? parts[2] : 0)
            return (1...day).contains(seconds) ? .seconds(seconds) : nil
        }
        var total = 0, number = ""
        var rest = Substring(t)
        while let c = rest.first {
            if c.isNumber { number.append(c); rest = rest.dropFirst(); continue }
            guard let n = Int(number), n <= day else { return nil }
            let unit: Int
            if rest.hasPrefix("min") { unit = 60; rest = rest.dropFirst(3) }
            else if c == "h" { unit = 3600; rest = rest.dropFirst() }
            else if c == "m" { unit = 60; rest = rest.dropFirst() }
            else if c == "s" { unit = 1; rest = rest.dropFirst() }
            else { return nil }
            total += n * unit
            guard total <= day else { return nil }
            number = ""
        }
        guard number.isEmpty, total > 0 else { return nil }
        return .seconds(total)
    }

    /// Why `text` is not a length, in one sentence (with what was probably
    /// meant when it looks like minutes:seconds).
    package static func problem(_ text: String) -> String {
        let fields = text.replacing(" ", with: "").split(separator: ":", omittingEmptySubsequences: false)
        if fields.count == 2, let hours = Int(fields[0]), hours >= 24, Int(fields[1]) != nil {
            return "\"\(text)\" would be \(hours) hours (h:mm); for \(hours) minutes write \(hours) or \(hours)m"
        }
        return "\"\(text)\" is not a length: \(rule); at most a day"
    }
}
