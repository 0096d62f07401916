import XCTest
@testable import SlideModel

/// Under LANG=C with no C.UTF-8 to fall back on, the pad says so once
/// (issue 30, item 11).
final class UTF8LocaleNoticeTests: XCTestCase {
    func testANonUTF8LocaleIsSaidOnceAndAUTF8OneIsNot() {
        XCTAssertNil(UTF8Locale.notice(codeset: "UTF-8"))
        XCTAssertNil(UTF8Locale.notice(codeset: "utf8"))
        let notice = UTF8Locale.notice(codeset: "ANSI_X3.4-1968")
        XCTAssertEqual(notice?.hasPrefix("the locale's character set is ANSI_X3.4-1968, and C.UTF-8 is not installed"), true)
        XCTAssertEqual(notice?.contains("LANG=en_US.UTF-8"), true)
    }
}
