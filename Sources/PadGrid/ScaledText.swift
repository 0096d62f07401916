/// A run of text the terminal draws `scale` times as large, its top-left
/// cell at x, y: it covers `columns` × `scale` cells.
package struct ScaledText: Equatable, Sendable {
    package var x: Int
    package var y: Int
    package var scale: Int
    package var text: String
    /// Cells it covers across (display width times scale).
    package var columns: Int
    /// Bold, italic, underline (rich notes' runs), written before it.
    package var attributes: TextAttributes = []

    package init(x: Int, y: Int, scale: Int, text: String, columns: Int, attributes: TextAttributes = []) {
        self.x = x
        self.y = y
        self.scale = scale
        self.text = text
        self.columns = columns
        self.attributes = attributes
    }

    package var rect: Rect { Rect(x: x, y: y, width: columns, height: scale) }
}
