/// The xterm 256-colour cube, for colours that must be shown on a terminal
/// without direct colour (pictures bring their own, finer mapping).
enum XtermPalette {
    private static let levels: [Int] = [0, 95, 135, 175, 215, 255]

    static func nearest256(r: UInt8, g: UInt8, b: UInt8) -> Int {
        func level(_ v: UInt8) -> Int {
            levels.indices.min { abs(levels[$0] - Int(v)) < abs(levels[$1] - Int(v)) }!
        }
        let (ri, gi, bi) = (level(r), level(g), level(b))
        return 16 + 36 * ri + 6 * gi + bi
    }
}
