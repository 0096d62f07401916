import XCTest
@testable import SlideModel
@testable import ImpressRemote

final class ImpressRemoteAddressTests: XCTestCase {
    private func parse(_ s: String) throws -> ImpressServerAddress { try ImpressServerAddress.parse(s) }

    func testHostAndPortForms() throws {
        XCTAssertEqual(try parse("127.0.0.1"), ImpressServerAddress(host: "127.0.0.1", port: 1599))
        XCTAssertEqual(try parse("laptop.local:1600"), ImpressServerAddress(host: "laptop.local", port: 1600))
        XCTAssertEqual(try parse("[::1]:1599"), ImpressServerAddress(host: "::1", port: 1599))
        XCTAssertEqual(try parse("[fe80::1%eth0]"), ImpressServerAddress(host: "fe80::1%eth0", port: 1599))
        XCTAssertEqual(try parse("::1"), ImpressServerAddress(host: "::1", port: 1599))
        XCTAssertEqual(try parse(" host "), ImpressServerAddress(host: "host", port: 1599))
    }

    func testDescriptionIsTheStoreKey() throws {
        XCTAssertEqual(try parse("127.0.0.1").description, "127.0.0.1:1599")
        XCTAssertEqual(try parse("[::1]:99").description, "[::1]:99")
    }

    func testBadAddresses() {
        let cases: [(String, ImpressServerAddress.ParseError)] = [
            ("", .empty),
            ("host:", .badPort("")),
            ("host:0", .badPort("0")),
            ("host:70000", .badPort("70000")),
            ("host:12ab", .badPort("12ab")),
            ("[::1", .badHost("[::1")),
            ("[::1]x", .badHost("[::1]x")),
            ("ho st", .badHost("ho st")),
            ("-host", .badHost("-host")),
            (":1599", .badHost("")),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try parse(text), text) { error in
                XCTAssertEqual(error as? ImpressServerAddress.ParseError, expected, text)
            }
        }
        XCTAssertTrue("\(ImpressServerAddress.ParseError.badPort("x"))".contains("1–65535"))
    }

    // MARK: discovery datagrams

    func testAdvertisementParsing() {
        XCTAssertEqual(ImpressDiscoveryCodec.advertisedName(Array("LOREMOTE_ADVERTISE\nbox\n\n".utf8)), "box")
        XCTAssertEqual(ImpressDiscoveryCodec.advertisedName(Array("LOREMOTE_ADVERTISE\r\nbox\u{1B}[1m\r\n\r\n".utf8)), "box[1m")
        XCTAssertEqual(ImpressDiscoveryCodec.advertisedName(Array("LOREMOTE_ADVERTISE\n\n\n".utf8)), "(unnamed)")
        XCTAssertNil(ImpressDiscoveryCodec.advertisedName(Array("LOREMOTE_SEARCH\n".utf8)))
        XCTAssertNil(ImpressDiscoveryCodec.advertisedName(Array("LOREMOTE_ADVERTISE".utf8)))
        XCTAssertNil(ImpressDiscoveryCodec.advertisedName([UInt8](repeating: 0x41, count: 10_000)))
        XCTAssertEqual(String(decoding: ImpressDiscoveryCodec.search, as: UTF8.self), "LOREMOTE_SEARCH\n")
    }
}
