import PadGrid
import PadTerminal
import SlideImages
import SlideModel

/// The real picture protocols (PadTerminal's kitty, iTerm2's and sixel) as
/// steps of the pipeline: the same object renders a frame's placements here
/// and writes them to the terminal there.

/// The protocols the terminal is sent the PNG by (kitty's, directly or
/// through tmux's placeholders; iTerm2's): nothing to encode, the frame's
/// cells stay blank, and the picture is placed there.
protocol SendsThePNG: PictureProtocol {}

extension SendsThePNG {
    func prepare(_ request: PictureRequest, images: DecodedSlides, screenHeight: Int) -> Bool { true }

    func render(_ request: PictureRequest, open: (Int, Int) -> Bool, grid: inout CellGrid) {
        grid.pictures.append(PicturePlacement(slide: request.slide, content: request.content, rect: request.frame,
                                              aspect: request.aspect, png: request.preview.png))
    }
}

extension KittyPictures: SendsThePNG {}
extension KittyPlaceholderPictures: SendsThePNG {}
extension ITermPictures: SendsThePNG {}

extension SixelPictures: PictureProtocol {
    /// Encoded for the frame's pixels from the preview decoded once (`images`).
    func prepare(_ request: PictureRequest, images: DecodedSlides, screenHeight: Int) -> Bool {
        prepare(request, screenHeight: screenHeight) {
            guard case .success(let image) = images.image(of: request.preview, content: request.content) else { return nil }
            return image.picture.image
        }
    }

    /// The frame's cells stay blank; the encoded picture is placed there.
    func render(_ request: PictureRequest, open: (Int, Int) -> Bool, grid: inout CellGrid) {
        if let placement = placement(for: request, screenHeight: grid.height) { grid.pictures.append(placement) }
    }
}

extension PictureSetup {
    /// The real picture protocol chosen (nil for half-blocks and none): the
    /// pipeline renders with it, the backend writes with it. `wake` tells the
    /// loop a picture encoded on another thread is ready.
    func realPictures(output: Int32, wake: @escaping @Sendable () -> Void) -> (PictureProtocol & PictureEncoder)? {
        switch mode.kind {
        case .kitty: return KittyPictures()
        case .iterm: return ITermPictures()
        case .kittyPlaceholders: return KittyPlaceholderPictures()
        case .sixel:
            let reported = cellSize
            return SixelPictures(registers: colorRegisters ?? 256, maxSize: maxSixelSize, maxBytes: maxSixelBytes,
                                 inlinePixels: sixelEncodesAtOnce ? .max : PictureLimits.sixelInlinePixels, wake: wake) {
                Self.cellPixels(fd: output) ?? reported ?? (10, 20)
            }
        case .blocks, .none: return nil
        }
    }
}
