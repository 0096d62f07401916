#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Wide characters and box lines need a UTF-8 codeset: take the user's
/// locale, and fall back to C.UTF-8 when it is not UTF-8.
public enum UTF8Locale {
    public static func ensure() {
        setlocale(LC_ALL, "")
        let codeset = String(cString: nl_langinfo(nl_item(CODESET))).uppercased()
        if !codeset.contains("UTF-8") && !codeset.contains("UTF8") {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
    }
}
