import SlideModel

/// One entry of `GET /json/list`.
public struct CDPTarget: Sendable, Equatable {
    public var id: String
    public var type: String
    public var title: String
    public var url: String
    public var webSocketDebuggerURL: String?

    public init(id: String, type: String = "page", title: String, url: String, webSocketDebuggerURL: String?) {
        self.id = id
        self.type = type
        self.title = title
        self.url = url
        self.webSocketDebuggerURL = webSocketDebuggerURL
    }

    /// The pad's own render window carries this in its URL, so it is never taken for the deck.
    public static let renderMarker = "controlpad-render"
}

public enum CDPTargets {
    /// The targets in a `/json/list` body; nil when it is not such a list.
    public static func parse(_ body: some Collection<UInt8>) -> [CDPTarget]? {
        guard let items = JSONValue.parse(body)?.array else { return nil }
        return items.compactMap { item in
            guard let id = item["id"]?.string, let type = item["type"]?.string else { return nil }
            return CDPTarget(id: id, type: type, title: item["title"]?.string ?? "", url: item["url"]?.string ?? "",
                             webSocketDebuggerURL: item["webSocketDebuggerUrl"]?.string)
        }
    }

    /// The browser's name from `/json/version` ("Chrome/156.0.8078.108"); nil when it is not CDP.
    public static func browser(fromVersion body: some Collection<UInt8>) -> String? {
        guard let value = JSONValue.parse(body), value["webSocketDebuggerUrl"]?.string != nil
                || value["Protocol-Version"]?.string != nil else { return nil }
        return value["Browser"]?.string ?? "a DevTools browser"
    }

    /// The pages a deck can be in: `page` targets with a WebSocket, not the
    /// browser's own pages, not the pad's render window.
    public static func pages(_ targets: [CDPTarget]) -> [CDPTarget] {
        targets.filter { t in
            t.type == "page" && t.webSocketDebuggerURL != nil && !t.url.contains(CDPTarget.renderMarker)
                && !t.url.hasPrefix("chrome://") && !t.url.hasPrefix("devtools://") && !t.url.hasPrefix("chrome-extension://")
        }
    }

    /// The page to drive: the one named (its id, else a word of its title or
    /// URL, case-insensitive), else the only one.
    public static func choose(_ targets: [CDPTarget], named name: String?) -> Result<CDPTarget, RevealProblem> {
        let pages = pages(targets)
        if let name, !name.isEmpty {
            if let exact = pages.first(where: { $0.id == name }) { return .success(exact) }
            let lower = name.lowercased()
            let matches = pages.filter { $0.title.lowercased().contains(lower) || $0.url.lowercased().contains(lower) }
            if matches.count == 1 { return .success(matches[0]) }
            if matches.isEmpty { return .failure(.noSuchPage(name)) }
            return .failure(.severalPages(matches.map(\.label)))
        }
        switch pages.count {
        case 0: return .failure(.noPage)
        case 1: return .success(pages[0])
        default: return .failure(.severalPages(pages.map(\.label)))
        }
    }
}

extension CDPTarget {
    /// How the page is named in a problem: its title, else its URL.
    public var label: String {
        let text = Notes.sanitized(title.isEmpty ? url : title).split(whereSeparator: \.isNewline).joined(separator: " ")
        return "“" + String(text.prefix(60)) + "”"
    }
}
