// Compares SlideSearch.fold (copied from Sources/SlideModel/Pad/SlideSearch.swift) with
// Foundation's folding on random strings: cp check.swift main.swift; swiftc -O main.swift
// ../../Sources/SlideModel/Pad/SearchFoldTable.swift. 237 of 200,000 differ, all marks on bases
// without precomposed forms (Foundation keeps some of those marks).
import Foundation
func ffold(_ text: String) -> String {
    text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        .precomposedStringWithCompatibilityMapping.lowercased()
}
enum SlideSearch {
    public static func fold(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for (i, scalar) in text.unicodeScalars.enumerated() {
            if i > 0 && isDroppedMark(scalar.value) { continue }
            if let mapped = foldMap[scalar.value] { out.append(contentsOf: mapped) } else { out.append(scalar) }
        }
        return String(out).lowercased()
    }

    private static let foldMap: [UInt32: [Unicode.Scalar]] = {
        var map: [UInt32: [Unicode.Scalar]] = [:]
        for entry in foldTable.split(separator: ";") {
            let parts = entry.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2, let key = UInt32(parts[0], radix: 16) else { continue }
            map[key] = parts[1].split(separator: " ").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) }
        }
        return map
    }()

    private static let droppedMarkRanges: [ClosedRange<UInt32>] = droppedMarks.split(separator: ";").compactMap { range in
        let ends = range.split(separator: "-")
        guard ends.count == 2, let low = UInt32(ends[0], radix: 16), let high = UInt32(ends[1], radix: 16) else { return nil }
        return low...high
    }

    private static func isDroppedMark(_ value: UInt32) -> Bool {
        guard value >= 0x300 else { return false }
        var low = 0, high = droppedMarkRanges.count
        while low < high {
            let mid = (low + high) / 2
            if droppedMarkRanges[mid].upperBound < value { low = mid + 1 } else { high = mid }
        }
        return low < droppedMarkRanges.count && droppedMarkRanges[low].contains(value)
    }

}
var rng = SystemRandomNumberGenerator()
let pool: [UInt32] = Array(0x20...0x24F) + Array(0x300...0x36F) + Array(0x370...0x3FF) + Array(0x400...0x4FF) + Array(0x1E00...0x1EFF) + Array(0xFB00...0xFB06) + Array(0xFF01...0xFF5E) + [0x2160, 0x2460, 0x3300, 0xAC00, 0x1100, 0x1161, 0x11A8, 0x0915, 0x093F, 0x094D, 0x0E01, 0x0E31, 0x0E48, 0x05D0, 0x05B8, 0x0627, 0x064E]
var bad = 0
for _ in 0..<200000 {
    let n = Int.random(in: 1...6, using: &rng)
    var s = String.UnicodeScalarView()
    for _ in 0..<n { s.append(Unicode.Scalar(pool.randomElement(using: &rng)!)!) }
    let t = String(s)
    if SlideSearch.fold(t) != ffold(t) { bad += 1; if bad < 15 { print(t.unicodeScalars.map{String($0.value,radix:16)}, SlideSearch.fold(t).unicodeScalars.map{String($0.value,radix:16)}, ffold(t).unicodeScalars.map{String($0.value,radix:16)}) } }
}
print("mismatches (String ==)", bad, "of 200000")
