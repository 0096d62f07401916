@testable import ControlPadUI
import Foundation
import PadGrid
import SlideImages
import SlideModel

/// Preview arrives → shown: decode, fit, rasterize and quantize one 320×240
/// preview (budget: 5 ms in release), plus each stage alone.
func runImageBenchmarks(png: [UInt8], iterations: Int) throws {
    let decoded = try PNGDecoder.decode(png)
    let size = "\(decoded.image.width)x\(decoded.image.height)"

    // The budget line: what the pad does when a preview arrives, through the
    // same picture pipeline the pad uses, cold (a fresh cache every time), into
    // an 80×24 pane of a grid.
    for depth in [ColorDepth.palette256, .truecolor] {
        measure(name: "(a) preview arrives -> shown: decode+fit+raster+quantize+draw \(size) -> 80x24, \(depth.rawValue)",
                budget: "image.preview", iterations: iterations) { () -> CellGrid in
            var grid = CellGrid(width: 80, height: 24)
            let pictures = PicturePipeline(depth: depth)
            _ = pictures.request(Preview(png: png), slide: 0, in: grid.bounds, grid: &grid)
            pictures.render(&grid)
            return grid
        }
    }

    measure(name: "    decode \(size)", iterations: iterations) {
        try? PNGDecoder.decode(png)
    }
    measure(name: "    fit+raster \(size) -> 80x24", iterations: iterations) {
        HalfBlockRaster.place(decoded, paneCols: 80, paneRows: 24)
    }
    let placed = HalfBlockRaster.place(decoded, paneCols: 80, paneRows: 24)
    measure(name: "    quantize 256 \(placed.frame.cols)x\(placed.frame.rows)", iterations: iterations) {
        placed.picture.quantized(.palette256)
    }
    measure(name: "    quantize 16 \(placed.frame.cols)x\(placed.frame.rows)", iterations: iterations) {
        placed.picture.quantized(.palette16)
    }
    // The largest pane the budgets name: a 160×50 terminal, full screen.
    measure(name: "    decode+fit+raster+256 \(size) -> 160x50", budget: "image.preview", iterations: iterations) {
        try? PanePicture.render(png: png, paneCols: 160, paneRows: 50, depth: .palette256)
    }
    measure(name: "    decode+fit+raster+truecolor \(size) -> 160x50", budget: "image.preview", iterations: iterations) {
        try? PanePicture.render(png: png, paneCols: 160, paneRows: 50, depth: .truecolor)
    }
    // A photo-like picture, where nearly every cell has its own colour:
    // the worst case for palette matching.
    let noisy = RGBAImage(width: 320, height: 240) { x, y in
        let h = UInt32(truncatingIfNeeded: (x &* 73_856_093) ^ (y &* 19_349_663))
        return (RGB(r: UInt8(h & 0xFF), g: UInt8(h >> 8 & 0xFF), b: UInt8(h >> 16 & 0xFF)), 255)
    }
    let noisyPlaced = HalfBlockRaster.render(noisy, cols: 80, rows: 23)
    measure(name: "    quantize 256 80x23, every cell a new colour", iterations: iterations) {
        noisyPlaced.quantized(.palette256)
    }
}
