import Foundation

/// Real bytes from LibreOffice kept beside the tests, read by path (they
/// are not bundled): its 320×240 previews of 16:9 slides and captured
/// Impress Remote sessions.
public enum Fixtures {
    /// `Tests/SlideImagesTests/Fixtures/preview-<n>.png`.
    public static func preview(_ n: Int) throws -> [UInt8] {
        try bytes("SlideImagesTests/Fixtures/preview-\(n).png")
    }

    /// A captured session, `Tests/ImpressRemoteTests/Fixtures/<name>`.
    public static func capture(_ name: String) throws -> [UInt8] {
        try bytes("ImpressRemoteTests/Fixtures/\(name)")
    }

    private static func bytes(_ path: String) throws -> [UInt8] {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        return [UInt8](try Data(contentsOf: tests.appendingPathComponent(path)))
    }
}
