/// One Chrome DevTools Protocol message on a page's WebSocket: a request
/// the client sends (`{"id", "method", "params"}`), and what comes back:
/// a result or an error for an `id`, or an event (a `method`, no `id`).
public struct CDPRequest: Sendable, Equatable {
    public var id: Int
    public var method: String
    public var params: JSONValue

    public init(id: Int, method: String, params: JSONValue = [:]) {
        self.id = id
        self.method = method
        self.params = params
    }

    /// The text frame to send.
    public var encoded: String {
        JSONValue.object(["id": .number(Double(id)), "method": .string(method), "params": params]).encoded
    }

    /// `Runtime.evaluate` of one of `RevealScripts`' expressions, answered by value.
    public static func evaluate(id: Int, _ script: RevealScript) -> CDPRequest {
        CDPRequest(id: id, method: "Runtime.evaluate",
                   params: ["expression": .string(script.source), "returnByValue": true])
    }
}

/// What the browser sent.
public enum CDPIncoming: Sendable, Equatable {
    case result(id: Int, JSONValue)
    case error(id: Int, code: Int, message: String)
    case event(method: String, params: JSONValue)

    /// Decodes one text frame; nil for anything that is not a CDP message
    /// (not JSON, not an object, an id that is no number...).
    public static func decode(_ text: String) -> CDPIncoming? {
        guard let value = JSONValue.parse(text), case .object(let o) = value else { return nil }
        if let idValue = o["id"] {
            guard let id = idValue.int else { return nil }
            if let error = o["error"] {
                return .error(id: id, code: error["code"]?.int ?? 0, message: error["message"]?.string ?? "error")
            }
            return .result(id: id, o["result"] ?? .object([:]))
        }
        guard let method = o["method"]?.string else { return nil }
        return .event(method: method, params: o["params"] ?? .object([:]))
    }
}

/// The answer to a `Runtime.evaluate`: the value, or the exception the page threw.
public enum CDPEvaluation: Sendable, Equatable {
    case value(JSONValue)
    /// `exceptionDetails`: the page threw (e.g. "ReferenceError: Reveal is not defined").
    case threw(String)

    public init(result: JSONValue) {
        if let details = result["exceptionDetails"] {
            let description = result["result"]?["description"]?.string
                ?? details["exception"]?["description"]?.string ?? details["text"]?.string ?? "exception"
            self = .threw(description)
        } else {
            self = .value(result["result"]?["value"] ?? .null)
        }
    }

    public var value: JSONValue? { if case .value(let v) = self { v } else { nil } }
}
