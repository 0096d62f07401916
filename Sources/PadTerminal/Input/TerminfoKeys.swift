import SlideModel

/// The keys as the terminal's terminfo entry spells them, tried before the
/// common spellings (`CSIMeaning`): a terminal whose entry differs from
/// xterm (the Linux console's F1, an old VT) is read as its entry says.
package struct TerminfoKeys {
    private let named: [(bytes: [UInt8], key: Key)]

    /// `named`: each key with its bytes. Only sequences starting with ESC
    /// count (single bytes are the same everywhere); bytes named for two
    /// keys name neither.
    package init(_ named: [(bytes: [UInt8], key: Key)] = []) {
        let escaped = named.filter { $0.bytes.count > 1 && $0.bytes.first == 0x1B }
        self.named = escaped.filter { entry in escaped.filter { $0.bytes == entry.bytes }.count == 1 }
    }

    /// The capabilities' names for the keys the pad reads.
    static let capabilities: [(String, Key)] = {
        var names: [(String, Key)] = [("kcuu1", .up), ("kcud1", .down), ("kcub1", .left), ("kcuf1", .right),
                                      ("kpp", .pageUp), ("knp", .pageDown), ("khome", .home), ("kend", .end),
                                      ("kdch1", .delete), ("kcbt", .backTab), ("kent", .enter)]
        for n in 1...Key.maxFunctionKey { names.append(("kf\(n)", .function(n))) }
        return names
    }()

    enum Match: Equatable {
        case key(Key, length: Int)
        /// The bytes are the start of a key's: wait for more.
        case prefix
        case none
    }

    /// The key spelled at `start` of `bytes`, if one is whole there.
    func match(_ bytes: [UInt8], at start: Int) -> Match {
        let rest = bytes[start...]
        var best: (key: Key, length: Int)?
        var longer = false
        for entry in named {
            if rest.starts(with: entry.bytes) {
                if entry.bytes.count > (best?.length ?? 0) { best = (entry.key, entry.bytes.count) }
            } else if entry.bytes.starts(with: rest) {
                longer = true
            }
        }
        if let best { return .key(best.key, length: best.length) }
        return longer ? .prefix : .none
    }
}
