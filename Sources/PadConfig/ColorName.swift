import SlideModel
/// Colours as people write them in the config file.
package enum ColorName {
    package static let names: [String: Int] = [
        "black": 0, "red": 1, "green": 2, "yellow": 3, "blue": 4, "magenta": 5, "cyan": 6, "white": 7,
        "grey": 8, "gray": 8, "bright-black": 8, "bright-red": 9, "bright-green": 10, "bright-yellow": 11,
        "bright-blue": 12, "bright-magenta": 13, "bright-cyan": 14, "bright-white": 15,
    ]

    /// A name, "default", a number 0–255, or "#rrggbb".
    package static func parse(_ text: String) -> CellColor? {
        let t = text.lowercased().trimmingWhitespace()
        if t == "default" { return .terminalDefault }
        if let n = names[t] { return .indexed(n) }
        if let n = Int(t), (0...255).contains(n) { return .indexed(n) }
        if t.hasPrefix("#"), t.count == 7, let v = UInt32(t.dropFirst(), radix: 16) {
            return .rgb(UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
        }
        return nil
    }
}
