import FoundationEssentials

/// What a process that holds a link to a show says about it at its door
/// (`DoorRequest.about`), for `controlpad links` and the doctor.
package struct LinkAbout: Codable, Equatable, Sendable {
    /// "kept link" (a background `controlpad keep-link`) or "pad".
    package var role: String
    package var pid: Int32
    /// When it took the link, in seconds since 1970.
    package var since: Double
    /// The show's address as shown ("127.0.0.1:1599") and its kind's name.
    package var server: String
    package var kind: String
    /// Where the show is, as `send` says it ("slide 3/40", "no show").
    package var show: String
    /// The link must stay until the show ends (a blank ended while it was open).
    package var holdsUntilShowEnds: Bool
    /// The `watch`es that print the show through this link (`ShowFollowers`); nil from an older controlpad.
    package var followers: Int?

    package init(role: String, pid: Int32, since: Double, server: String, kind: String, show: String, holdsUntilShowEnds: Bool,
                 followers: Int = 0) {
        self.role = role
        self.pid = pid
        self.since = since
        self.server = server
        self.kind = kind
        self.show = show
        self.holdsUntilShowEnds = holdsUntilShowEnds
        self.followers = followers
    }

    package var answerLine: String {
        "about\t" + ((try? JSONEncoder().encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}")
    }

    package init?(answerLine line: String) {
        guard line.hasPrefix("about\t"),
              let about = try? JSONDecoder().decode(LinkAbout.self, from: Data(line.dropFirst(6).utf8)) else { return nil }
        self = about
    }

    /// "3 min", "2 h 5 min", "40 s".
    package static func age(_ seconds: Double) -> String {
        let s = Int(max(0, seconds))
        if s < 60 { return "\(s) s" }
        if s < 3600 { return "\(s / 60) min" }
        return "\(s / 3600) h \(s % 3600 / 60) min"
    }

    /// One line for people: "127.0.0.1:1599 (Impress) · kept link, pid 4242 · 3 min · slide 3/40 · held until the show ends".
    package func line(now: Double) -> String {
        "\(server) (\(kind)) · " + summary(now: now)
    }

    /// The line without the show's address.
    package func summary(now: Double) -> String {
        var text = "\(role), pid \(pid) · \(Self.age(now - since)) · \(show)"
        if let followers, followers > 0 { text += " · followed by \(followers) watch\(followers == 1 ? "" : "es")" }
        if holdsUntilShowEnds { text += " · held until the show ends (a blank ended while it was open)" }
        return text
    }

    /// Now, in seconds since 1970.
    package static func now() -> Double {
        Date().timeIntervalSince1970
    }
}
