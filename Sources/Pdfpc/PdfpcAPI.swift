import FoundationEssentials
import SlideModel

/// pdfpc's REST API (pdfpc 4.6, `pdfpc -V`), as requests and parsed answers,
/// without any HTTP: `PdfpcConnection` decides, the driver carries out.
/// Everything read here comes from the network: sizes are bounded, numbers
/// range-checked, and anything else is `nil` (the caller says what is wrong).
public enum PdfpcAPI {
    /// The user name of pdfpc's HTTP basic auth.
    public static let user = "pdfpc"
    /// JSON answers larger than this are not pdfpc's.
    public static let maxJSONBytes = 64 << 10

    /// One call to pdfpc.
    public enum Request: Sendable, Hashable, CustomStringConvertible {
        case helo, meta, state
        /// Slide `page`'s notes, Markdown rendered to HTML.
        case notes(page: Int)
        /// Slide `page` as a PNG of exactly `size`.
        case image(page: Int, size: PixelSize)
        /// `PUT /api/control {"action": …, "argument": …}`; answered with the new state.
        case control(action: String, argument: String?)

        public var method: String { if case .control = self { "PUT" } else { "GET" } }

        public var path: String {
            switch self {
            case .helo: "/api/helo"
            case .meta: "/api/meta"
            case .state: "/api/state"
            case .notes(let page): "/api/notes/\(page)/html"
            case .image(let page, let size): "/api/slides/\(page)/image?w=\(size.width)&h=\(size.height)"
            case .control: "/api/control"
            }
        }

        /// The JSON body of a control request (nil for the others).
        public var body: [UInt8]? {
            guard case .control(let action, let argument) = self else { return nil }
            var object: [String: String] = ["action": action]
            if let argument { object["argument"] = argument }
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            return Array((try? encoder.encode(object)) ?? Data())
        }

        public var description: String {
            if case .control(let action, let argument) = self { return "PUT /api/control \(action)" + (argument.map { " \($0)" } ?? "") }
            return "\(method) \(path)"
        }
    }

    /// What `/api/meta` says (slide counts are user slides: pdfpc's overlays
    /// of one slide count once, as on its own screen).
    public struct Meta: Sendable, Equatable {
        public var pages: Int
        public var userSlides: Int
        /// Width / height of the slides.
        public var aspect: Double?
        public init(pages: Int, userSlides: Int, aspect: Double?) {
            self.pages = pages
            self.userSlides = userSlides
            self.aspect = aspect
        }
    }

    /// What `/api/state` (and every control answer) says.
    public struct State: Sendable, Equatable {
        /// The page shown (0-based), overlays counted.
        public var page: Int
        /// The user slide shown (0-based).
        public var userSlide: Int
        public var black: Bool
        /// pdfpc's pen is on (`mode` "pen" or "eraser"): the show's ink mode.
        public var pen: Bool
        public init(page: Int, userSlide: Int, black: Bool, pen: Bool = false) {
            self.page = page
            self.userSlide = userSlide
            self.black = black
            self.pen = pen
        }
    }

    /// A JSON value, as much of it as the answers need.
    enum JSONValue: Decodable {
        case bool(Bool), number(Double), string(String), other

        init(from decoder: Decoder) throws {
            let value = try decoder.singleValueContainer()
            if let bool = try? value.decode(Bool.self) { self = .bool(bool) }
            else if let number = try? value.decode(Double.self) { self = .number(number) }
            else if let string = try? value.decode(String.self) { self = .string(string) }
            else { self = .other }  // null, arrays, objects: not read
        }

        var string: String? { if case .string(let s) = self { s } else { nil } }
        /// A number, or a Bool as 1 or 0 (as Foundation's NSNumber read them).
        var number: Double? {
            switch self {
            case .number(let n): n
            case .bool(let b): b ? 1 : 0
            default: nil
            }
        }
        /// A Bool, or a number 0 or 1 (as Foundation's NSNumber read them).
        var bool: Bool? {
            switch self {
            case .bool(let b): b
            case .number(let n) where n == 0 || n == 1: n == 1
            default: nil
            }
        }
    }

    static func object(_ body: [UInt8]) -> [String: JSONValue]? {
        guard !body.isEmpty, body.count <= maxJSONBytes else { return nil }
        return try? JSONDecoder().decode([String: JSONValue].self, from: Data(body))
    }

    static func int(_ value: JSONValue?, in range: ClosedRange<Int>) -> Int? {
        // (A `true` here reads as 1, harmlessly, as it did through NSNumber.)
        guard let double = value?.number else { return nil }
        guard double.isFinite, double == double.rounded(), double >= Double(range.lowerBound),
              double <= Double(range.upperBound) else { return nil }
        return Int(double)
    }

    /// `{"application":"pdfpc","api":1}`.
    public static func isHelo(_ body: [UInt8]) -> Bool {
        object(body)?["application"]?.string == "pdfpc"
    }

    public static func meta(_ body: [UInt8]) -> Meta? {
        guard let o = object(body) else { return nil }
        let limit = SlideLimits.maxSlideCount
        guard let pages = int(o["slides"], in: 0...limit) else { return nil }
        let user = int(o["user_slides"], in: 0...limit) ?? pages
        var aspect: Double?
        if let text = o["aspect_ratio"]?.string { aspect = Double(text) }
        else if let number = o["aspect_ratio"]?.number { aspect = number }
        if let a = aspect, !(a.isFinite && (0.1...10).contains(a)) { aspect = nil }
        return Meta(pages: pages, userSlides: min(user, pages == 0 ? user : pages), aspect: aspect)
    }

    public static func state(_ body: [UInt8]) -> State? {
        guard let o = object(body) else { return nil }
        let limit = SlideLimits.maxSlideCount
        guard let page = int(o["slide"], in: 0...limit) else { return nil }
        let user = int(o["user_slide"], in: 0...limit) ?? page
        let mode = o["mode"]?.string
        return State(page: page, userSlide: user, black: o["black"]?.bool ?? false, pen: mode == "pen" || mode == "eraser")
    }
}

extension PdfpcAPI {
    /// `movePointer`'s answer, `{"mode":"pointer","x":0.25,"y":0.5}`: where
    /// pdfpc's pointer is now, 0…1 of the slide (nil: not that answer).
    public static func pointer(_ body: [UInt8]) -> (mode: String, x: Double, y: Double)? {
        guard let o = object(body), let x = o["x"]?.number, let y = o["y"]?.number, x.isFinite, y.isFinite,
              (0...1).contains(x), (0...1).contains(y) else { return nil }
        return (o["mode"]?.string ?? "", x, y)
    }

    /// A move for `movePointer` ("dx,dy", relative, 0…1 of the slide), with
    /// a '.' whatever the locale and no exponent.
    public static func pointerMove(dx: Double, dy: Double) -> String {
        func text(_ v: Double) -> String {
            let tenThousandths = Int((max(-1, min(1, v.isFinite ? v : 0)) * 10_000).rounded())
            let sign = tenThousandths < 0 ? "-" : ""
            let whole = abs(tenThousandths)
            let fraction = String(whole % 10_000)
            return "\(sign)\(whole / 10_000).\(String(repeating: "0", count: 4 - fraction.count))\(fraction)"
        }
        return "\(text(dx)),\(text(dy))"
    }
}
