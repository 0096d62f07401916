import Foundation
import XCTest
import FuzzHarnesses
@testable import PadConfig
import SlideModel
import DemoSource

/// The fuzz harnesses (`FuzzTarget`, run for millions of inputs by
/// scripts/fuzz.sh under libFuzzer) kept working: a few thousand seeded
/// mutations of real inputs each. A finding fails the test that met it.
final class FuzzSmokeTests: XCTestCase {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    static func seeds(_ target: FuzzTarget) throws -> [[UInt8]] {
        switch target {
        case .wire:
            let dir = fixtures.appendingPathComponent("ImpressRemoteTests/Fixtures")
            return try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".bin") }.sorted()
                .map { [UInt8](try Data(contentsOf: dir.appendingPathComponent($0)).prefix(40_000)) }
        case .notes:
            return try DemoDeck.builtIn().slides.compactMap(\.notesMarkup).map { Array($0.utf8) }
                + [Array("<html><body>a\u{1B}[31m<br/>\u{202E}b\u{0}👨‍👩‍👧</body></html>".utf8)]
                + ["notes.html", "notes.md"].map { [UInt8](try Data(contentsOf: fixtures.deletingLastPathComponent().appendingPathComponent("Fuzz/seeds/\($0)"))) }
        case .picture:
            return try DemoDeck.builtIn().slides.prefix(3).map(\.preview.png)
        case .config:
            return [Array(DefaultConfig.text.utf8), Array("[theme]\naccent = \"red\"\n[keys]\nnext = [\"x\"]\n".utf8)]
        case .input:
            // Keys, mouse reports, pastes and the terminal's answers, as terminals send them.
            let dir = fixtures.deletingLastPathComponent().appendingPathComponent("Fuzz/seeds")
            return try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasPrefix("input-") }.sorted()
                .map { [UInt8](try Data(contentsOf: dir.appendingPathComponent($0))) }
        }
    }

    /// 1 to 8 byte-level mutations: flips, random and telling bytes,
    /// inserts, deletes, repeats, splices with another seed.
    static func mutate(_ input: [UInt8], seeds: [[UInt8]], random: inout SeededRandom) -> [UInt8] {
        var bytes = input
        let telling: [UInt8] = [0, 0x0A, 0x0A, 0x1B, 0x9B, 0xFF, 0xC2, 0x30, 0x39, 0x2D, 0x5B, 0x22]
        for _ in 0..<(1 + Int(random.next() % 8)) {
            let at = bytes.isEmpty ? 0 : Int(random.next() % UInt64(bytes.count))
            switch random.next() % 6 {
            case 0 where !bytes.isEmpty: bytes[at] ^= UInt8(1 << (random.next() % 8))
            case 1 where !bytes.isEmpty: bytes[at] = telling[Int(random.next() % UInt64(telling.count))]
            case 2: bytes.insert(contentsOf: (0..<(1 + random.next() % 16)).map { _ in UInt8(truncatingIfNeeded: random.next()) }, at: at)
            case 3 where !bytes.isEmpty: bytes.removeSubrange(at..<min(bytes.count, at + 1 + Int(random.next() % 64)))
            case 4 where !bytes.isEmpty:
                let end = min(bytes.count, at + 1 + Int(random.next() % 256))
                bytes.insert(contentsOf: bytes[at..<end], at: at)
            default:
                let other = seeds[Int(random.next() % UInt64(seeds.count))]
                guard !other.isEmpty else { continue }
                let from = Int(random.next() % UInt64(other.count))
                bytes = Array(bytes.prefix(at)) + other[from..<min(other.count, from + 1 + Int(random.next() % 512))]
            }
        }
        return bytes
    }

    private func fuzz(_ target: FuzzTarget, inputs: Int) throws {
        let seeds = try Self.seeds(target)
        XCTAssertFalse(seeds.isEmpty)
        var random = SeededRandom(seed: 0xF022)
        for seed in seeds { XCTAssertNil(target.check(seed), "a seed") }
        for _ in 0..<inputs {
            let input = Self.mutate(seeds[Int(random.next() % UInt64(seeds.count))], seeds: seeds, random: &random)
            // CONTROLPAD_FUZZ_DUMP=FILE keeps the input about to run, so the one that traps is left there.
            if let dump = ProcessInfo.processInfo.environment["CONTROLPAD_FUZZ_DUMP"] { try Data(input).write(to: URL(fileURLWithPath: dump)) }
            if let finding = target.check(input) {
                return XCTFail("\(target.rawValue): \(finding); the input, base64: \(Data(input).base64EncodedString())")
            }
        }
    }

    func testWire() throws { try fuzz(.wire, inputs: 1_500) }
    func testNotes() throws { try fuzz(.notes, inputs: 3_000) }
    func testPicture() throws { try fuzz(.picture, inputs: 300) }
    func testConfig() throws { try fuzz(.config, inputs: 3_000) }
    func testInput() throws { try fuzz(.input, inputs: 5_000) }
}
