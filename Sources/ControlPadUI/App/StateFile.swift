import FoundationEssentials

/// The pad's small JSON files in its state directory (layouts, talk timers).
enum StateFile {
    /// Writes `value` to `url` as sorted, readable JSON: the file replaced
    /// whole (written aside, then renamed), its directory made 0700 if missing.
    static func write<T: Encodable>(_ value: T, to url: URL) throws {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
                                                attributes: [.posixPermissions: 0o700])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(value).write(to: url, options: .atomic)
    }
}
