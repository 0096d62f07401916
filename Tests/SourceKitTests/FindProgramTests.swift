import Syscalls
import XCTest

/// The one search for a program (a launcher's browser or soffice, a helper's interpreter).
final class FindProgramTests: XCTestCase {
    func testAProgramIsFoundOnThePathOrByItsPath() {
        XCTAssertEqual(Syscalls.findProgram(["no-such-program-here", "sh"], searchPath: "/nonexistent:/bin"), "/bin/sh")
        XCTAssertEqual(Syscalls.findProgram(["/bin/sh"], searchPath: ""), "/bin/sh", "a path is taken as it is")
        XCTAssertNil(Syscalls.findProgram(["sh"], searchPath: ""), "an empty PATH finds nothing")
        XCTAssertNil(Syscalls.findProgram(["/nonexistent/sh"], searchPath: "/bin"))
        XCTAssertNotNil(Syscalls.findProgram(["sh"], searchPath: nil), "no PATH: /usr/bin and /bin")
    }
}
