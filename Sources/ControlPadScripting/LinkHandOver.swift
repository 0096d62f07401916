import FoundationEssentials
import SlideModel
import Syscalls

/// A link to a show changing hands between controlpad processes, over a
/// local socket (`DescriptorPassing`): its socket, what the source kind
/// needs to go on with it (`SourceHandOff.state`), and the arguments of a
/// `controlpad send` to the same show, which a keeper (`controlpad
/// keep-link`) reads its settings from. The PIN among them never shows on a
/// command line: a keeper's only arguments are the server's address.
///
/// Without a socket it starts a keeper that pairs itself (the first `send`);
/// a message without a kind is a refusal, its reason in `arguments[0]`.
package struct LinkHandOver: Sendable {
    private struct Header: Codable {
        var kind: String
        var holdsUntilShowEnds: Bool
        var waitDescription: String
        var arguments: [String]
        var forWatch: Bool?
    }

    package var kind: String
    package var holdsUntilShowEnds: Bool
    package var waitDescription: String
    /// `send`'s arguments after the program's name: `send ADDRESS [OPTIONS]…`.
    package var arguments: [String]
    /// A keeper started for a `watch` to follow (`DoorFollower`): it waits for a PIN as long as it takes.
    package var forWatch = false
    package var state: [UInt8]
    /// The link's socket; nil for a keeper that pairs itself.
    package var descriptor: Int32?

    package init(kind: String, holdsUntilShowEnds: Bool = false, waitDescription: String = "", arguments: [String],
                 state: [UInt8] = [], descriptor: Int32? = nil) {
        self.kind = kind
        self.holdsUntilShowEnds = holdsUntilShowEnds
        self.waitDescription = waitDescription
        self.arguments = arguments
        self.state = state
        self.descriptor = descriptor
    }

    package init(_ handOff: SourceHandOff, arguments: [String]) {
        self.init(kind: handOff.kind, holdsUntilShowEnds: handOff.holdsUntilShowEnds, waitDescription: handOff.waitDescription,
                  arguments: arguments, state: handOff.state, descriptor: handOff.descriptor)
    }

    /// Sends it on `socket` (the descriptor stays open here).
    @discardableResult
    package func send(on socket: Int32) -> Bool {
        let header = Header(kind: kind, holdsUntilShowEnds: holdsUntilShowEnds, waitDescription: waitDescription, arguments: arguments,
                            forWatch: forWatch ? true : nil)
        guard let json = try? JSONEncoder().encode(header) else { return false }
        return DescriptorPassing.send(socket, descriptor: descriptor, payload: Array(json) + [0x0A] + state)
    }

    /// A refusal, sent where a hand-over was asked for.
    package static func refuse(_ reason: String, on socket: Int32) {
        DescriptorPassing.send(socket, descriptor: nil, payload: Array("{\"refused\":\(JSONString.quoted(reason))}\n".utf8))
    }

    /// What came on `socket`: a hand-over, or the reason it was refused.
    package static func receive(from socket: Int32, timeoutMs: Int32) -> Result<LinkHandOver, Refusal> {
        guard let (descriptor, payload) = DescriptorPassing.receive(socket, timeoutMs: timeoutMs),
              let newline = payload.firstIndex(of: 0x0A) else { return .failure(Refusal(reason: "no answer")) }
        let line = Data(payload[..<newline])
        guard let header = try? JSONDecoder().decode(Header.self, from: line) else {
            if let descriptor { Syscalls.close(descriptor) }
            let refused = (try? JSONDecoder().decode([String: String].self, from: line))?["refused"]
            return .failure(Refusal(reason: refused ?? "not a link"))
        }
        var handOver = LinkHandOver(kind: header.kind, holdsUntilShowEnds: header.holdsUntilShowEnds,
                                    waitDescription: header.waitDescription, arguments: header.arguments,
                                    state: Array(payload[(newline + 1)...]), descriptor: descriptor)
        handOver.forWatch = header.forWatch ?? false
        return .success(handOver)
    }

    package struct Refusal: Error, Equatable {
        package var reason: String
    }
}
