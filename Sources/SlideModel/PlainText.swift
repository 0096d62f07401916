#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

// The few pieces of Foundation's string API the pad used, in plain Swift and
// libc, so that the binary links FoundationEssentials only (no ICU).

/// `String(format:)` for C formats of numbers ("%02d", "%.1f", "%04x"):
/// libc's vsnprintf, as Foundation's formatting does for these.
public func cFormat(_ format: String, _ arguments: CVarArg...) -> String {
    withVaList(arguments) { list in
        var buffer = [CChar](repeating: 0, count: 64)
        let needed = Int(vsnprintf(&buffer, buffer.count, format, list))
        guard needed >= buffer.count else { return String(cString: buffer) }
        buffer = [CChar](repeating: 0, count: needed + 1)
        return withVaList(arguments) { again in
            _ = vsnprintf(&buffer, buffer.count, format, again)
            return String(cString: buffer)
        }
    }
}

extension StringProtocol {
    /// Without the leading and trailing characters that are in `set`
    /// (`trimmingCharacters(in: CharacterSet(charactersIn: set))`).
    public func trimmingCharacters(inSet set: String) -> String {
        var s = Substring(self)
        while let c = s.first, set.contains(c) { s = s.dropFirst() }
        while let c = s.last, set.contains(c) { s = s.dropLast() }
        return String(s)
    }

    /// Without leading and trailing spaces and tabs (`.whitespaces`: the
    /// horizontal white space, not line breaks).
    public func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let c = s.first, c.isWhitespace && !c.isNewline { s = s.dropFirst() }
        while let c = s.last, c.isWhitespace && !c.isNewline { s = s.dropLast() }
        return String(s)
    }

    /// Where `needle` first (or, `backwards`, last) is, case ignored
    /// (`range(of:options: .caseInsensitive)`).
    public func range(ofIgnoringCase needle: String, backwards: Bool = false) -> Range<Index>? {
        let wanted = Array(needle.lowercased())
        guard !wanted.isEmpty else { return nil }
        var starts: [Index] = []
        var i = startIndex
        while i < endIndex { starts.append(i); i = index(after: i) }
        let order = backwards ? Array(starts.reversed()) : starts
        for start in order {
            var j = start
            var matched = 0
            while matched < wanted.count, j < endIndex, self[j].lowercased() == String(wanted[matched]) {
                matched += 1
                j = index(after: j)
            }
            if matched == wanted.count { return start..<j }
        }
        return nil
    }
}
