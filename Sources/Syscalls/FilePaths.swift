#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

extension Syscalls {
    /// `path` made absolute against the working directory (as it is when
    /// already absolute, or when the working directory cannot be read).
    public static func absolutePath(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) + "/" + path
    }

    /// `file://` and `path` made absolute, with the characters a URL cannot carry escaped.
    public static func fileURL(_ path: String) -> String {
        var out = "file://"
        for byte in absolutePath(path).utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "/"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return out
    }

    /// The first of `names` that this process may run: a name with a slash
    /// as it is, a bare name in the folders of `searchPath` (PATH's form,
    /// "/usr/bin:/bin" when nil), in order; nil when none is.
    public static func findProgram(_ names: [String], searchPath: String?) -> String? {
        let folders = (searchPath ?? "/usr/bin:/bin").split(separator: ":")
        for name in names {
            if name.contains("/") {
                if access(name, X_OK) == 0 { return name }
                continue
            }
            for folder in folders where access("\(folder)/\(name)", X_OK) == 0 {
                return "\(folder)/\(name)"
            }
        }
        return nil
    }
}
