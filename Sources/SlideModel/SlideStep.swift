/// Where the show stands within a slide that unfolds in steps (a
/// web deck's fragments, a build): `shown` of `count` steps are on screen.
/// The pad shows it in the status line ("7/23 · step 2/3") and lets → step
/// within the slide without assuming the slide changes. `detail` is the
/// source's own words for where the slide sits (e.g. "↓ 2/3", the place in
/// a vertical stack); the pad shows it as given, sanitized.
public struct SlideStep: Sendable, Equatable {
    /// Steps on screen, 0...count.
    public var shown: Int
    /// The slide's steps (0: none; the pad then says nothing of steps).
    public var count: Int
    public var detail: String?
    /// False while the source cannot tell how many steps are on screen (a
    /// show joined mid-slide): the pad says "step ?/3", never a wrong
    /// number, and predicts nothing within the slide.
    public var isKnown = true

    /// The most steps a slide may have (a hostile source cannot make the pad count millions).
    public static let maxCount = 1000

    public init(shown: Int, count: Int, detail: String? = nil) {
        self.count = min(max(0, count), Self.maxCount)
        self.shown = min(max(0, shown), self.count)
        self.detail = detail.map { String(Notes.sanitized($0).replacing("\n", with: " ").prefix(40)) }
    }

    /// A slide of `count` steps whose step shown is not known.
    public static func unknown(count: Int) -> SlideStep {
        var step = SlideStep(shown: 0, count: count)
        step.isKnown = false
        return step
    }

    /// "2/3", or "?/3" when not known.
    public var fraction: String { (isKnown ? "\(shown)" : "?") + "/\(count)" }
}
