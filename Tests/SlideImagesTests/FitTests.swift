import XCTest
@testable import SlideImages

final class FitTests: XCTestCase {
    func testSixteenByNinePreviewIn80x24UsesFullWidthAndCentres() throws {
        let picture = try PNGDecoder.decode(Fixtures.preview(0))
        let rect = fitPicture(aspect: picture.aspect, paneCols: 80, paneRows: 24)
        XCTAssertEqual(rect.cols, 80)
        XCTAssertTrue((22...23).contains(rect.rows), "\(rect)")  // 80 / (16/9) / 2 = 22.5
        XCTAssertEqual(rect.x, 0)
        XCTAssertEqual(rect.y, (24 - rect.rows) / 2)
    }

    func testPixelAspectWouldBeWrong() throws {
        // Without pHYs the 320×240 preview would be 4:3 and far taller.
        let rect = fitPicture(aspect: 320.0 / 240.0, paneCols: 80, paneRows: 24)
        XCTAssertEqual(rect, CellRect(x: 8, y: 0, cols: 64, rows: 24))  // 24 × 2 × 4/3 = 64
    }

    func testSixteenByNineInExactlySixteenByNineBoxFillsIt() {
        // 64 cols × 18 rows with 2:1 cells is 64 × 36 square units: 16:9.
        XCTAssertEqual(fitPicture(aspect: 16.0 / 9.0, paneCols: 64, paneRows: 18), CellRect(x: 0, y: 0, cols: 64, rows: 18))
        XCTAssertEqual(fitPicture(aspect: 16.0 / 9.0, paneCols: 160, paneRows: 45), CellRect(x: 0, y: 0, cols: 160, rows: 45))
    }

    func testVeryWidePaneIsLimitedByHeightAndCentredHorizontally() {
        let rect = fitPicture(aspect: 16.0 / 9.0, paneCols: 300, paneRows: 20)
        XCTAssertEqual(rect.rows, 20)
        XCTAssertEqual(rect.cols, 71)  // 20 × 2 × 16/9 = 71.1
        XCTAssertEqual(rect.x, (300 - 71) / 2)
        XCTAssertEqual(rect.y, 0)
    }

    func testVeryTallPaneIsLimitedByWidthAndCentredVertically() {
        let rect = fitPicture(aspect: 16.0 / 9.0, paneCols: 32, paneRows: 100)
        XCTAssertEqual(rect.cols, 32)
        XCTAssertEqual(rect.rows, 9)
        XCTAssertEqual(rect.y, (100 - 9) / 2)
    }

    func testCellAspectIsAParameter() {
        // Square cells: a 2:1 picture in 40×40 is 40 × 20.
        XCTAssertEqual(fitPicture(aspect: 2, paneCols: 40, paneRows: 40, cellAspect: 1), CellRect(x: 0, y: 10, cols: 40, rows: 20))
        XCTAssertEqual(fitPicture(aspect: 2, paneCols: 40, paneRows: 40, cellAspect: 2), CellRect(x: 0, y: 15, cols: 40, rows: 10))
    }

    func testTinyAndEmptyPanes() {
        XCTAssertEqual(fitPicture(aspect: 16.0 / 9.0, paneCols: 1, paneRows: 1), CellRect(x: 0, y: 0, cols: 1, rows: 1))
        XCTAssertEqual(fitPicture(aspect: 100, paneCols: 3, paneRows: 3), CellRect(x: 0, y: 1, cols: 3, rows: 1))
        XCTAssertEqual(fitPicture(aspect: 0.01, paneCols: 3, paneRows: 3), CellRect(x: 1, y: 0, cols: 1, rows: 3))
        XCTAssertTrue(fitPicture(aspect: 1, paneCols: 0, paneRows: 10).isEmpty)
        XCTAssertTrue(fitPicture(aspect: 1, paneCols: 10, paneRows: -1).isEmpty)
    }

    func testNonsenseAspectFillsThePane() {
        for aspect in [0, -1, .nan, .infinity] {
            XCTAssertEqual(fitPicture(aspect: aspect, paneCols: 30, paneRows: 10), CellRect(x: 0, y: 0, cols: 30, rows: 10))
        }
        XCTAssertEqual(fitPicture(aspect: 2, paneCols: 40, paneRows: 40, cellAspect: .nan), CellRect(x: 0, y: 15, cols: 40, rows: 10))
    }

    func testFitNeverExceedsThePane() {
        for cols in 1...40 {
            for rows in 1...20 {
                for aspect in [0.25, 0.75, 1, 4.0 / 3, 16.0 / 9, 3] {
                    let r = fitPicture(aspect: aspect, paneCols: cols, paneRows: rows)
                    XCTAssertTrue(r.cols >= 1 && r.rows >= 1 && r.x >= 0 && r.y >= 0)
                    XCTAssertTrue(r.x + r.cols <= cols && r.y + r.rows <= rows)
                    XCTAssertTrue(r.cols == cols || r.rows == rows, "touches two sides: \(r) in \(cols)x\(rows)")
                }
            }
        }
    }
}
