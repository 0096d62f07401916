/// An opaque 8-bit sRGB colour.
public struct RGB: Hashable, Sendable {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8

    public init(r: UInt8, g: UInt8, b: UInt8) {
        self.r = r
        self.g = g
        self.b = b
    }

    public static let black = RGB(r: 0, g: 0, b: 0)
    public static let white = RGB(r: 255, g: 255, b: 255)

    /// The colour as ncurses wants it in a `*-direct` terminfo: `0xRRGGBB`,
    /// except that numbers 0–7 mean the ANSI palette there, so the few
    /// near-blacks that would land on them are nudged to 8 (invisible).
    public var directColorNumber: Int {
        let value = Int(r) << 16 | Int(g) << 8 | Int(b)
        return value < 8 ? 8 : value
    }
}

/// A decoded picture: 8-bit sRGB with straight (not premultiplied) alpha,
/// four bytes per pixel, rows top to bottom, no padding between rows.
public struct RGBAImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel, row-major.
    public let pixels: [UInt8]

    /// - Precondition: `width, height >= 0` and `pixels.count == width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0, "negative image size")
        precondition(pixels.count == width * height * 4, "pixel buffer does not match \(width)x\(height) RGBA")
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// An image of one colour, handy for tests and placeholders.
    public init(width: Int, height: Int, filledWith color: RGB, alpha: UInt8 = 255) {
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            pixels[i] = color.r
            pixels[i + 1] = color.g
            pixels[i + 2] = color.b
            pixels[i + 3] = alpha
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// Builds an image by asking for each pixel's colour; handy for tests.
    public init(width: Int, height: Int, _ pixel: (_ x: Int, _ y: Int) -> (RGB, UInt8)) {
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let (c, a) = pixel(x, y)
                pixels.append(contentsOf: [c.r, c.g, c.b, a])
            }
        }
        self.init(width: width, height: height, pixels: pixels)
    }

    /// The pixel at (x, y) as colour and alpha.
    public subscript(x: Int, y: Int) -> (color: RGB, alpha: UInt8) {
        let i = (y * width + x) * 4
        return (RGB(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2]), pixels[i + 3])
    }
}

/// A decoded slide preview and the slide's true shape.
public struct DecodedPicture: Sendable, Equatable {
    public let image: RGBAImage
    /// Width / height of the slide as it is meant to be seen: from `pHYs`
    /// when the PNG has a usable one, else the pixel size.
    public let aspect: Double

    public init(image: RGBAImage, aspect: Double) {
        self.image = image
        self.aspect = aspect
    }
}
