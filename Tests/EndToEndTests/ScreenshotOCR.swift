import FakePeerSupport
import Foundation
import SlideImages

/// Reading a screenshot's words with tesseract (Debian `tesseract-ocr`): a
/// picture that is legible, not just present. A half-block slide reads
/// almost no words; a sharp one reads most.
extension Screenshot {
    /// `rect` of the screenshot as PNG bytes, enlarged `scale` times (tesseract
    /// reads small text better at twice its size).
    func png(of rect: Rect, scale: Int = 2) throws -> [UInt8] {
        var rgba = [UInt8](); rgba.reserveCapacity(rect.width * rect.height * 4)
        for y in rect.y..<(rect.y + rect.height) {
            for x in rect.x..<(rect.x + rect.width) {
                let i = (y * width + x) * 3
                rgba += [rgb[i], rgb[i + 1], rgb[i + 2], 255]
            }
        }
        let image = RGBAImage(width: rect.width, height: rect.height, pixels: rgba)
        let (w, h) = (rect.width * scale, rect.height * scale)
        let scaled = AreaScaler.scale(image, toWidth: w, height: h)
        return try PNGEncoder.encode(RGBAImage(width: w, height: h, pixels: scaled.flatMap { [$0.r, $0.g, $0.b, 255] }))
    }

    /// The words tesseract reads in `rect`.
    func words(in rect: Rect) throws -> String {
        try RequiredTools.require(["tesseract"], for: "reading slides off the screen", installedBy: "scripts/install-deps.sh installs it")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("cp-ocr-\(UUID().uuidString.prefix(8)).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(try png(of: rect)).write(to: URL(fileURLWithPath: path))
        let (status, text) = try ChildProcess.run(["tesseract", path, "stdout", "--psm", "6"])
        guard status == 0 else { throw E2EError.make("tesseract failed: \(text)") }
        return text
    }

    /// The share of `expected`'s words (letters and digits, any case) that
    /// tesseract reads in `rect`: 1 is every word.
    func wordsRead(in rect: Rect, expected: String) throws -> Double {
        func words(_ text: String) -> [String] {
            text.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init).filter { $0.count > 1 }
        }
        let want = words(expected)
        guard !want.isEmpty else { return 1 }
        let read = Set(words(try self.words(in: rect)))
        return Double(want.filter(read.contains).count) / Double(want.count)
    }
}
