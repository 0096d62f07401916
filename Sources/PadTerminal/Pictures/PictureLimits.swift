/// Every picture cache's size, named in one place and sized for a screen
/// full of thumbnails: the overview at 200×60 shows up to 72 cells and the
/// list 20 rows, plus both panes, with room to page back a screen or two.
/// The pad's memory budget (60 MB resident with a 1000-slide deck paged
/// through, `scripts/bench.sh --only memory`) bounds the byte budgets.
package enum PictureLimits {
    /// Decoded previews kept (RGBA: ~300 KB for Impress's 320×240, more for
    /// pdfpc's pictures at a pane's size): what the next encodes read. A byte
    /// budget, not a count, so large pictures cannot take the pad's memory.
    /// Fewer than an overview's screen: its half-blocks are made as each
    /// picture is asked for (`PicturePipeline.request`), so each decodes once.
    package static let decodedBytes = 12 << 20
    /// Which previews decode (and at what aspect), by content: a few bytes each.
    package static let decodeVerdicts = 4096
    /// Half-block pictures, by slide, content, pane size and colour depth
    /// (a thumbnail's cells are a few kB, a pane's 100–300 kB): at most this
    /// many, and at most `halfBlockBytes` of cells.
    package static let halfBlocks = 256
    package static let halfBlockBytes = 8 << 20
    /// kitty images kept in the terminal after they went off screen: a
    /// revisited slide is placed, not sent again. kitty holds each decoded
    /// (~300 KB for 320×240), well within its own 320 MB quota.
    package static let kittyImages = 160
    /// Encoded sixel pictures, by content and pixel size (a thumbnail ~5–20 kB,
    /// a pane ~100–300 kB).
    package static let sixelEncodes = 128
    /// Sixel pictures with more pixels than this (a pane, not a thumbnail) are
    /// encoded on another thread, off the key → screen path; half-blocks stand
    /// in until the encode is done.
    package static let sixelInlinePixels = 64_000
    /// Inside tmux (3.4 and later), the most bytes one sixel picture may
    /// take: tmux drops a longer DCS sequence whole (`INPUT_BUF_LIMIT`, 1 MiB,
    /// in its input.c), and the pane would stay empty. A longer one is drawn
    /// in half-blocks.
    package static let tmuxSixelBytes = 1_000_000
    /// Inside tmux the terminal outside cannot be asked for its largest
    /// sixel picture (tmux answers XTSMGRAPHICS' size query with an error):
    /// xterm's default, the VT340's, which xterm drops a larger picture past.
    package static let tmuxSixelSize = (width: 1000, height: 1000)
}
