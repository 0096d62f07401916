#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Wide characters and box lines need a UTF-8 codeset: take the user's
/// locale, and fall back to C.UTF-8 when it is not UTF-8.
public enum UTF8Locale {
    /// Sets the locale; true when its codeset is UTF-8 (the user's, or the
    /// C.UTF-8 fallback), false when even the fallback is not installed.
    @discardableResult
    public static func ensure() -> Bool {
        setlocale(LC_ALL, "")
        if userCodeset == nil { userCodeset = currentCodeset }
        if isUTF8(codeset: currentCodeset) { return true }
        setlocale(LC_CTYPE, "C.UTF-8")
        return isUTF8(codeset: currentCodeset)
    }

    public static var currentCodeset: String { String(cString: nl_langinfo(nl_item(CODESET))) }

    /// The character set of the user's own locale, before the C.UTF-8
    /// fallback (nil until `ensure` ran): the pad draws in ASCII when it is
    /// not UTF-8 (unless told the terminal shows UTF-8 all the same).
    nonisolated(unsafe) public private(set) static var userCodeset: String?

    /// What the pad says once about a locale that is not UTF-8: that it
    /// draws ASCII, or (`forced`) that it draws UTF-8 as asked.
    public static func asciiNotice(codeset: String, forced: Bool) -> String? {
        guard !isUTF8(codeset: codeset) else { return nil }
        let name = codeset.isEmpty ? "not UTF-8" : codeset
        return forced ? "the locale's character set is \(name): drawing UTF-8 all the same, as --utf8 asks"
            : "the locale's character set is \(name): drawing in ASCII (--utf8 if this terminal shows UTF-8)"
    }

    public static func isUTF8(codeset: String) -> Bool {
        let upper = codeset.uppercased()
        return upper.contains("UTF-8") || upper.contains("UTF8")
    }

    /// What the pad says once when the terminal cannot get UTF-8 (LANG=C on
    /// a system without C.UTF-8): its lines and symbols may not draw.
    public static func notice(codeset: String) -> String? {
        guard !isUTF8(codeset: codeset) else { return nil }
        return "the locale's character set is \(codeset.isEmpty ? "not UTF-8" : codeset), and C.UTF-8 is not installed: "
            + "frames, pictures and symbols may show as garbage. Set LANG to a UTF-8 locale (e.g. LANG=en_US.UTF-8)"
    }
}
