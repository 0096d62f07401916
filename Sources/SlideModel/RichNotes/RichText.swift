/// Speaker notes with their looks: blocks (paragraphs, headings, list
/// items, tables) of styled runs. What the HTML and Markdown readers make
/// (`HTMLNotes`, `MarkdownNotes`) and what the notes pane lays out
/// (`RichLayout`). Its text is always sanitized: no markup, no control
/// character (line feeds only inside a paragraph, as hard breaks).
public struct RichText: Hashable, Sendable {
    public var blocks: [RichBlock]

    public init(_ blocks: [RichBlock] = []) { self.blocks = blocks }

    /// The notes as plain text, for the search, `watch` and anything else
    /// that needs text: one line per block (a blank paragraph is a blank
    /// line), items as "• " or "1. " indented two spaces a level, a table's
    /// cells separated by " | ". A no-break space is a space here (it only
    /// keeps words together on screen): a search types a space.
    public var plainText: String {
        var lines: [String] = []
        for block in blocks {
            switch block {
            case .paragraph(let runs): lines.append(RichRun.text(of: runs))
            case .heading(_, let runs): lines.append(RichRun.text(of: runs))
            case .item(let depth, let marker, let runs):
                lines.append(String(repeating: "  ", count: depth) + RichBlock.markerText(marker) + RichRun.text(of: runs))
            case .table(let rows):
                for row in rows { lines.append(row.cells.map(RichRun.text(of:)).joined(separator: " | ")) }
            }
        }
        return lines.joined(separator: "\n").replacing("\u{A0}", with: " ")
    }
}

/// One block of notes.
public enum RichBlock: Hashable, Sendable {
    /// Text; an empty paragraph is the blank line between blocks.
    case paragraph([RichRun])
    /// A heading, 1 (largest) to 6.
    case heading(level: Int, [RichRun])
    /// A list item at `depth` (0 outermost); `marker` nil is a bullet, else
    /// the item's number ("3.").
    case item(depth: Int, marker: String?, [RichRun])
    /// Rows of cells; a header row's cells are bold.
    case table([RichTableRow])

    /// "• " for a bullet, "3. " for a number.
    public static func markerText(_ marker: String?) -> String { (marker ?? "•") + " " }
}

public struct RichTableRow: Hashable, Sendable {
    public var cells: [[RichRun]]
    public var isHeader: Bool
    public init(cells: [[RichRun]], isHeader: Bool = false) {
        self.cells = cells
        self.isHeader = isHeader
    }
}

/// How a run of text looks.
public struct RunStyle: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = RunStyle(rawValue: 1)
    public static let italic = RunStyle(rawValue: 2)
    public static let underline = RunStyle(rawValue: 4)
    public static let code = RunStyle(rawValue: 8)
}

/// Text in one style.
public struct RichRun: Hashable, Sendable {
    public var text: String
    public var style: RunStyle
    public init(_ text: String, _ style: RunStyle = []) {
        self.text = text
        self.style = style
    }

    public static func text(of runs: [RichRun]) -> String { runs.map(\.text).joined() }
}
