import Foundation
import SlideImages

/// Preview arrives → shown: decode, fit, rasterize and quantize one real
/// LibreOffice preview (budget: 5 ms in release), plus each stage alone.
func runImageBenchmarks(previewPath: String, iterations: Int) throws {
    guard let data = FileManager.default.contents(atPath: previewPath) else {
        throw BenchmarkError("cannot read \(previewPath)")
    }
    let png = [UInt8](data)
    let decoded = try PNGDecoder.decode(png)
    let size = "\(decoded.image.width)x\(decoded.image.height)"

    measure(name: "decode \(size)", iterations: iterations) {
        try? PNGDecoder.decode(png)
    }
    measure(name: "fit+raster \(size) -> 80x24", iterations: iterations) {
        HalfBlockRaster.place(decoded, paneCols: 80, paneRows: 24)
    }
    let placed = HalfBlockRaster.place(decoded, paneCols: 80, paneRows: 24)
    measure(name: "quantize 256 \(placed.frame.cols)x\(placed.frame.rows)", iterations: iterations) {
        placed.picture.quantized(.palette256)
    }
    measure(name: "quantize 16 \(placed.frame.cols)x\(placed.frame.rows)", iterations: iterations) {
        placed.picture.quantized(.palette16)
    }
    measure(name: "decode+fit+raster+256 \(size) -> 80x24", iterations: iterations) {
        (try? PNGDecoder.decode(png)).map {
            HalfBlockRaster.place($0, paneCols: 80, paneRows: 24).picture.quantized(.palette256)
        }
    }
    // The largest pane the budgets name: a 160×50 terminal.
    measure(name: "decode+fit+raster+256 \(size) -> 160x50", iterations: iterations) {
        (try? PNGDecoder.decode(png)).map {
            HalfBlockRaster.place($0, paneCols: 160, paneRows: 50).picture.quantized(.palette256)
        }
    }
    measure(name: "decode+fit+raster+truecolor \(size) -> 160x50", iterations: iterations) {
        (try? PNGDecoder.decode(png)).map {
            HalfBlockRaster.place($0, paneCols: 160, paneRows: 50).picture.quantized(.truecolor)
        }
    }
    // A photo-like picture, where nearly every cell has its own colour:
    // the worst case for palette matching.
    let noisy = RGBAImage(width: 320, height: 240) { x, y in
        let h = UInt32(truncatingIfNeeded: (x &* 73_856_093) ^ (y &* 19_349_663))
        return (RGB(r: UInt8(h & 0xFF), g: UInt8(h >> 8 & 0xFF), b: UInt8(h >> 16 & 0xFF)), 255)
    }
    let noisyPlaced = HalfBlockRaster.render(noisy, cols: 80, rows: 23)
    measure(name: "quantize 256 80x23, every cell a new colour", iterations: iterations) {
        noisyPlaced.quantized(.palette256)
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
