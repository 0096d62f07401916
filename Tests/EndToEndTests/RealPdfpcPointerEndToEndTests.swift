import Foundation
import XCTest

/// pdfpc (issue 49): the pad fed the mouse bytes a terminal sends moves
/// pdfpc's own pointer, where the mouse is on the slide (asked of pdfpc, and
/// seen on its presentation window with `xwd` when PDFPC_PEER_DISPLAY names
/// its display), and ink mode is pdfpc's pen.
extension RealPdfpcEndToEndTests {
    /// pdfpc's presentation window as RGB, when its display is known.
    private func presentation() throws -> Screenshot? {
        guard let display = ProcessInfo.processInfo.environment["PDFPC_PEER_DISPLAY"] else { return nil }
        let path = directory.appendingPathComponent("room.xwd").path
        return try Screenshot.xwd("w=$(DISPLAY=\(display) xdotool search --name 'pdfpc - presentation' | head -1); "
                                  + "xwd -silent -display \(display) -id $w > \(path)", into: path)
    }

    func testTheMouseOnThePadMovesPdfpcsOwnPointer() throws {
        let pad = try TmuxSession(
            command: "\(TmuxSession.binary) connect pdfpc://127.0.0.1:\(port) --password \(password) --no-animation --pictures none",
            width: 120, height: 40)
        try pad.waitFor("connected") { TmuxSession.statusLine($0).contains("● pdfpc · 127.0.0.1") }
        try pad.send("Home")
        try waitForPdfpc("on slide 1") { $0["user_slide"] as? Int == 0 }
        let before = try presentation()
        let lines = try pad.screen().components(separatedBy: "\n")
        let top = try XCTUnwrap(lines.firstIndex { $0.contains("Current") })
        let right = try XCTUnwrap(Array(lines[top]).firstIndex(of: "┐"))
        let bottom = try XCTUnwrap(lines[(top + 1)...].firstIndex { $0.hasPrefix("└") })
        let (width, height) = (right - 1, bottom - top - 1)
        let (x, y) = (1 + width * 3 / 4, top + 1 + height * 2 / 3)
        try pad.tmux(["send-keys", "-t", "0", "-l", "\u{1B}[<0;\(x + 1);\(y + 1)M"])
        try waitForPdfpc("pointer mode") { $0["mode"] as? String == "pointer" }
        // Where pdfpc's pointer is (movePointer by nothing answers it).
        var at: [String: Any] = [:]
        let expected = ((Double(x - 1) + 0.5) / Double(width), (Double(y - top - 1) + 0.5) / Double(height))
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            at = (try api("/api/control", put: "movePointer", argument: "0,0")).flatMap { try? JSONSerialization.jsonObject(with: $0) as? [String: Any] } ?? [:]
            if let px = at["x"] as? Double, abs(px - expected.0) < 0.02 { break }
            usleep(50_000)
        }
        XCTAssertEqual(at["x"] as? Double ?? -1, expected.0, accuracy: 0.02, "pdfpc's pointer where the mouse is: \(at)")
        XCTAssertEqual(at["y"] as? Double ?? -1, expected.1, accuracy: 0.02, "\(at)")
        if let before {
            // What changed on pdfpc's screen is around the place pointed at (Xvfb's
            // pixels change only where pdfpc paints). pdfpc paints its pointer
            // after it answered where it is: the window is read until it did.
            var changed = 0, near = 0
            let deadline = Date().addingTimeInterval(5)
            repeat {
                guard let during = try presentation(), before.width == during.width else { break }
                (changed, near) = (0, 0)
                let (cx, cy) = (Int(expected.0 * Double(during.width)), Int(expected.1 * Double(during.height)))
                for py in 0..<during.height {
                    for px in 0..<during.width {
                        let i = (py * during.width + px) * 3
                        // pdfpc's pointer is a translucent red disc: over the deck's red it changes a pixel by 30 or so.
                        if (0..<3).map({ abs(Int(during.rgb[i + $0]) - Int(before.rgb[i + $0])) }).reduce(0, +) > 20 {
                            changed += 1
                            if abs(px - cx) < during.width / 10 && abs(py - cy) < during.height / 6 { near += 1 }
                        }
                    }
                }
                if changed > 4 { break }
                usleep(100_000)
            } while Date() < deadline
            XCTAssertGreaterThan(changed, 4, "the pointer drawn on pdfpc's presentation window")
            XCTAssertGreaterThan(Double(near), Double(changed) * 0.9, "where the mouse is (\(near) of \(changed) changed pixels near it)")
        }
        try pad.tmux(["send-keys", "-t", "0", "-l", "\u{1B}[<0;\(x + 1);\(y + 1)m"])
        try waitForPdfpc("normal again on release") { $0["mode"] as? String == "normal" }
        // Ink mode is pdfpc's pen; e its clearDrawing.
        try pad.send("i")
        try waitForPdfpc("pen mode") { $0["mode"] as? String == "pen" }
        try pad.waitFor("INK on the status line") { TmuxSession.statusLine($0).contains("INK") }
        try pad.send("e")
        try pad.send("i")
        try waitForPdfpc("normal again") { $0["mode"] as? String == "normal" }
        _ = try pad.quit()
    }
}
