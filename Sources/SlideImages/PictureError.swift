/// Why a picture could not be used. Every bad input ends here — never in a
/// crash or an unbounded allocation — and the pad shows `description` in
/// place of the picture.
public enum PictureError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No bytes at all.
    case empty
    /// The bytes do not start with the PNG signature.
    case notPNG
    /// The PNG stops before its end (a chunk runs past the data, or no `IEND`).
    case truncated
    /// The header claims a width or height of zero.
    case zeroSize
    /// The header claims more pixels than the decoder is allowed to allocate.
    case tooLarge(width: Int, height: Int, maxPixels: Int)
    /// libpng refused the data; its own short reason.
    case undecodable(String)
    /// libpng could not encode an image (only from `PNGEncoder`).
    case encodeFailed(String)

    public var description: String {
        switch self {
        case .empty: "picture could not be read: no data"
        case .notPNG: "picture could not be read: not a PNG"
        case .truncated: "picture could not be read: truncated PNG"
        case .zeroSize: "picture could not be read: zero width or height"
        case let .tooLarge(width, height, _): "picture could not be read: \(width)×\(height) is too large"
        case let .undecodable(reason): "picture could not be read: \(reason)"
        case let .encodeFailed(reason): "picture could not be written: \(reason)"
        }
    }
}
