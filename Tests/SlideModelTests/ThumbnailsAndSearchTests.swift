import XCTest
@testable import SlideModel

/// The list's rows (tags 11…) and the overview's cells (tags 1001…) with
/// tall rows, the load-buffer binding while they scroll, and the search.
final class ThumbnailsAndSearchTests: XCTestCase {
    private func pad(slides: Int = 40, listRows: Int = 6, columns: Int = 4, gridRows: Int = 3) -> PadState {
        var state = PadState(animate: false)
        _ = state.reduce(.source(.showStarted(slideCount: slides, current: 0)), now: .zero)
        var viewport = Viewport(listRows: listRows, notesRows: 4)
        viewport.listRowLines = 3
        viewport.overviewColumns = columns
        viewport.overviewRows = gridRows
        _ = state.reduce(.viewport(viewport), now: .zero)
        return state
    }

    private func press(_ keys: [Key], _ state: inout PadState, now: Duration = .milliseconds(10)) -> [Effect] {
        keys.flatMap { state.reduce(.key($0), now: now) }
    }

    private func preview(_ n: Int) -> Preview { Preview(png: [UInt8(n & 0xFF), 1, 2]) }

    /// The slides the list's rows ask for, top down.
    private func rows(_ state: PadState) -> [Int?] {
        (0..<state.viewport.listRows).map { state.buffer.slide(for: .listRow($0)) }
    }

    // MARK: tags

    func testListRowsAndOverviewCellsHaveTheirOwnTagRanges() {
        XCTAssertEqual(ViewTag.listRow(0).rawValue, 11)
        XCTAssertTrue(ViewTag.listRow(ViewTag.maxListRows - 1).isListRow)
        XCTAssertFalse(ViewTag.listRow(ViewTag.maxListRows - 1).isOverviewCell)
        XCTAssertEqual(ViewTag.overviewCell(0).rawValue, 1001)
        XCTAssertTrue(ViewTag.overviewCell(0).isOverviewCell)
        XCTAssertFalse(ViewTag.overviewCell(0).isListRow, "an overview cell is not a list row")
        XCTAssertFalse(ViewTag.overview.isListRow)
        XCTAssertFalse(ViewTag.overview.isOverviewCell)
        XCTAssertTrue(ViewTag.overview.isContainer)
    }

    func testTallRowsAreCountedInRowsNotLines() {
        var state = pad()
        _ = press([.tab], &state)
        XCTAssertEqual(rows(state), [0, 1, 2, 3, 4, 5], "six rows of three lines: six slides, tags 11…16")
        XCTAssertNil(state.buffer.slide(for: .listRow(6)))
        _ = press([.pageDown], &state)
        XCTAssertEqual(state.viewState(.slideList).selection, 5, "a page is the rows in view less one")
        _ = state.reduce(.listClicked(row: 2), now: .milliseconds(20))
        XCTAssertEqual(state.heading?.target, state.listSlide(at: state.viewState(.slideList).scroll + 2))
    }

    func testAClickBelowTheLastRowDoesNothing() {
        var state = pad(slides: 3)
        _ = press([.tab], &state)
        XCTAssertEqual(state.reduce(.listClicked(row: 4), now: .milliseconds(20)), [], "no slide there")
        XCTAssertTrue(state.listOpen)
    }

    func testTheOverviewsCellsAskForTheirSlidesAndGoAwayWithIt() {
        var state = pad()
        _ = press([.char("o")], &state)
        XCTAssertEqual(state.topOverlay, .overview)
        let cells = (0..<12).map { state.buffer.slide(for: .overviewCell($0)) }
        XCTAssertEqual(cells, Array(0..<12).map(Optional.some))
        _ = press([.end], &state)
        XCTAssertEqual(state.viewState(.overview).selection, 39)
        XCTAssertEqual(state.viewState(.overview).scroll, 7, "rows 7–9 of 4 cells: slides 28…39")
        XCTAssertEqual(state.buffer.slide(for: .overviewCell(0)), 28)
        XCTAssertEqual(state.buffer.slide(for: .overviewCell(11)), 39)
        _ = press([.escape], &state)
        XCTAssertNil(state.topOverlay)
        XCTAssertNil(state.buffer.slide(for: .overviewCell(0)), "closed: its cells wait for nothing")
    }

    func testTheOverviewMovesByCellsRowsAndPagesAndGoes() {
        var state = pad()
        _ = press([.char("o"), .right, .right, .down], &state)
        XCTAssertEqual(state.viewState(.overview).selection, 6)
        _ = press([.pageDown], &state)
        XCTAssertEqual(state.viewState(.overview).selection, 14, "a page is the rows in view less one")
        _ = press([.up, .left, .home], &state)
        XCTAssertEqual(state.viewState(.overview).selection, 0)
        _ = press([.down, .down], &state)
        XCTAssertEqual(press([.enter], &state), [.send(.goto(index: 8))])
        XCTAssertNil(state.topOverlay, "Enter goes and closes it")
    }

    func testAClickOnAnOverviewCellGoesThere() {
        var state = pad()
        _ = press([.char("o"), .pageDown, .pageDown], &state)
        let scroll = state.viewState(.overview).scroll
        XCTAssertEqual(state.reduce(.overviewClicked(cell: 5), now: .milliseconds(30)), [.send(.goto(index: scroll * 4 + 5))])
    }

    func testTheOverviewHidesAndComesBackUnderTheHelp() {
        var state = pad()
        _ = press([.char("o"), .right, .char("?")], &state)
        XCTAssertEqual(state.overlays, [.overview, .help])
        XCTAssertEqual(press([.right], &state), [], "the help keeps the keys")
        _ = press([.escape], &state)
        XCTAssertEqual(state.overlays, [.overview], "Esc pops the help: the overview is back as it was")
        XCTAssertEqual(state.viewState(.overview).selection, 1)
        XCTAssertEqual(press([.char("o")], &state), [], "its key closes it")
        XCTAssertEqual(state.overlays, [])
    }

    func testTheOverviewKeyIsRebindable() {
        var state = pad()
        state.bindings.bind(.char("o"), to: nil)
        state.bindings.bind(.char("g"), to: .overview)
        _ = press([.char("o")], &state)
        XCTAssertNil(state.topOverlay)
        _ = press([.char("g")], &state)
        XCTAssertEqual(state.topOverlay, .overview)
    }

    // MARK: the load buffer while scrolling

    func testRowsScrolledOnGetNothingStaleWhatEverTheArrivalOrder() {
        var state = pad()
        _ = press([.tab], &state)
        // Slide 3's preview arrives twice, slide 1's late, slide 30's for nobody.
        _ = state.reduce(.source(.preview(index: 3, preview(3))), now: .milliseconds(11))
        _ = state.reduce(.source(.preview(index: 3, preview(3))), now: .milliseconds(12))
        XCTAssertEqual(state.buffer.content(for: .listRow(3))?.preview, preview(3))
        XCTAssertNil(state.buffer.content(for: .listRow(1))?.preview, "a waiting row shows a placeholder")
        _ = state.reduce(.source(.preview(index: 30, preview(30))), now: .milliseconds(13))
        // Scroll down a page and more: row 3 now shows another slide.
        _ = press([.pageDown, .pageDown], &state, now: .milliseconds(20))
        let top = state.viewState(.slideList).scroll
        XCTAssertGreaterThan(top, 3)
        XCTAssertEqual(state.buffer.slide(for: .listRow(3)), top + 3)
        XCTAssertNotEqual(state.buffer.content(for: .listRow(3))?.preview, preview(3), "nothing stale")
        // The late arrival for slide 1 fills no row (it scrolled out) but is kept.
        _ = state.reduce(.source(.preview(index: 1, preview(1))), now: .milliseconds(21))
        for row in 0..<state.viewport.listRows {
            XCTAssertNotEqual(state.buffer.content(for: .listRow(row))?.preview, preview(1), "row \(row)")
        }
        // Back to the top: rows fill at once from what arrived.
        _ = press([.home], &state, now: .milliseconds(30))
        XCTAssertEqual(state.buffer.content(for: .listRow(1))?.preview, preview(1))
        XCTAssertEqual(state.buffer.content(for: .listRow(3))?.preview, preview(3))
        // An arrival fills exactly the views waiting for it: a list row and an overview cell.
        _ = press([.char("o")], &state, now: .milliseconds(31))
        XCTAssertEqual(state.buffer.tags(waitingFor: 2), [.listRow(2), .overviewCell(2)])
    }

    func testRowsAskForPicturesAtTheirOwnSize() {
        var state = pad()
        var viewport = state.viewport
        viewport.thumbnailPixels = PixelSize(width: 110, height: 60)
        viewport.currentPixels = PixelSize(width: 600, height: 400)
        _ = state.reduce(.viewport(viewport), now: .milliseconds(1))
        _ = press([.tab], &state)
        XCTAssertEqual(state.buffer.size(for: .listRow(2)), PixelSize(width: 110, height: 60))
        let wants = state.buffer.pictureWants()
        XCTAssertEqual(wants.first { $0.slide == 3 }?.size, PixelSize(width: 110, height: 60))
    }

    // MARK: search

    private func withNotes(_ state: inout PadState) {
        let notes = [0: "Welcome", 2: "The CHART of sales", 3: "", 5: "Café numbers", 7: "second chart\nmore",
                     9: "Nothing here"]
        for (slide, text) in notes { _ = state.reduce(.source(.notes(index: slide, .plain(text))), now: .milliseconds(5)) }
    }

    func testFoldingIgnoresCaseAndAccents() {
        XCTAssertEqual(SlideSearch.fold("Café ÉTÉ"), "cafe ete")
        XCTAssertEqual(SlideSearch.matchRange(of: "cafe", in: "Les Cafés"), 4..<8)
        XCTAssertEqual(SlideSearch.matchRange(of: "CHART", in: "a chart"), 2..<7)
        XCTAssertNil(SlideSearch.matchRange(of: "x", in: "a chart"))
        XCTAssertEqual(SlideSearch.lineToShow("intro\nthe chart", query: "chart"), "the chart")
        XCTAssertEqual(SlideSearch.lineToShow("intro\nthe chart", query: ""), "intro")
    }

    /// `/number 700` selected a row that ended "menti…": the match is shown
    /// (issue 52, item 16).
    func testTheRowShowsTheMatchWhereverItIsInTheLine() {
        let line = "Ask the room to open mentimeter and type the number 700 to vote"
        let shown = SlideSearch.excerpt(line, query: "number 700", columns: 30)
        XCTAssertEqual(DisplayWidth.of(shown), 30, shown)
        XCTAssertTrue(shown.hasPrefix("…") && shown.contains("number 700"), shown)
        XCTAssertEqual(SlideSearch.excerpt(line, query: "room", columns: 30), DisplayWidth.truncate(line, to: 30), "a match in the cut: cut as ever")
        XCTAssertEqual(SlideSearch.excerpt(line, query: "", columns: 30), DisplayWidth.truncate(line, to: 30))
        XCTAssertEqual(SlideSearch.excerpt("short", query: "short", columns: 30), "short")
        XCTAssertTrue(SlideSearch.excerpt(line, query: "vote", columns: 12).hasSuffix(" vote"), SlideSearch.excerpt(line, query: "vote", columns: 12))
    }

    func testSlashFiltersTheListLiveAndSaysWhatItHides() {
        var state = pad(slides: 10)
        withNotes(&state)
        _ = press([.tab, .char("/")], &state)
        XCTAssertEqual(state.search?.typing, true)
        XCTAssertEqual(state.listCount, 10, "an empty query hides nothing")
        _ = press([.char("c"), .char("h")], &state)
        XCTAssertEqual(state.search?.matches, [2, 7], "live, case-insensitive")
        XCTAssertEqual(state.search?.hiddenWithoutNotes, 5, "slides 1, 3, 4, 6, 8: no notes")
        XCTAssertEqual(rows(state).prefix(3), [2, 7, nil], "the rows show only the matches")
        XCTAssertEqual(state.viewState(.slideList).selection, 2, "the selection is on a match")
        _ = press([.backspace, .backspace, .char("c"), .char("a"), .char("f"), .char("e")], &state)
        XCTAssertEqual(state.search?.matches, [5], "accent-insensitive")
        _ = press([.char("q"), .char("s")], &state)
        XCTAssertTrue(state.listOpen, "letters bound to actions are typed, not done")
        XCTAssertEqual(state.search?.query, "cafeqs")
        XCTAssertEqual(state.listCount, 0)
    }

    func testTheSearchReadsRichNotesAsTheirTextNotTheirMarkup() {
        var state = pad(slides: 10)
        _ = state.reduce(.source(.notes(index: 3, .markdown("Intro\n- a **bold** point"))), now: .milliseconds(5))
        _ = state.reduce(.source(.notes(index: 6, .html("<p>the <b>bold</b>&nbsp;<i>move</i> &amp; more</p>"))), now: .milliseconds(5))
        XCTAssertEqual(state.buffer.notes(of: 3), "Intro\n• a bold point")
        _ = press([.tab, .char("/")] + "bold point".map { .char($0) }, &state)
        XCTAssertEqual(state.search?.matches, [3], "the words as the reader sees them, across the marks")
        XCTAssertEqual(SlideSearch.lineToShow(state.buffer.notes(of: 3)!, query: "bold point"), "• a bold point")
        _ = press(Array(repeating: .backspace, count: 10) + "& more".map { .char($0) }, &state)
        XCTAssertEqual(state.search?.matches, [6], "entities decoded")
        _ = press(Array(repeating: .backspace, count: 6) + "bold move".map { .char($0) }, &state)
        XCTAssertEqual(state.search?.matches, [6], "a no-break space is found by a space")
    }

    func testNAndShiftNMoveBetweenMatchesAndEnterGoes() {
        var state = pad(slides: 10)
        withNotes(&state)
        _ = press([.tab, .char("/"), .char("a")], &state)
        XCTAssertEqual(state.search?.matches, [2, 5, 7], "'a' is in chart, café, chart (not 'welcome', 'nothing here')")
        _ = press([.down], &state)
        XCTAssertEqual(state.search?.typing, false, "an arrow goes into the matches")
        XCTAssertEqual(state.viewState(.slideList).selection, 5)
        _ = press([.char("n")], &state)
        XCTAssertEqual(state.viewState(.slideList).selection, 7)
        _ = press([.char("N"), .char("N")], &state)
        XCTAssertEqual(state.viewState(.slideList).selection, 2)
        XCTAssertEqual(press([.enter], &state), [.send(.goto(index: 2))])
        XCTAssertFalse(state.listOpen)
        XCTAssertNil(state.search, "the search goes with the list")
    }

    func testEnterWhileTypingGoesToTheFirstMatch() {
        var state = pad(slides: 10)
        withNotes(&state)
        XCTAssertEqual(press([.tab, .char("/"), .char("c"), .char("h"), .char("a"), .char("r"), .char("t"), .enter], &state),
                       [.send(.goto(index: 2))])
    }

    func testEscClearsTheSearchThenClosesTheList() {
        var state = pad(slides: 10)
        withNotes(&state)
        _ = press([.tab, .char("/"), .char("c"), .char("h")], &state)
        _ = press([.escape], &state)
        XCTAssertNil(state.search)
        XCTAssertTrue(state.listOpen, "the first Esc clears the search")
        XCTAssertEqual(state.listCount, 10)
        XCTAssertEqual(rows(state), [0, 1, 2, 3, 4, 5])
        _ = press([.escape], &state)
        XCTAssertFalse(state.listOpen)
    }

    func testNotesArrivingDuringASearchJoinTheMatches() {
        var state = pad(slides: 10)
        withNotes(&state)
        _ = press([.tab, .char("/"), .char("c"), .char("h"), .char("a")], &state)
        XCTAssertEqual(state.search?.matches, [2, 7])
        _ = state.reduce(.source(.notes(index: 8, "Chapter two")), now: .milliseconds(40))
        XCTAssertEqual(state.search?.matches, [2, 7, 8])
        XCTAssertEqual(state.search?.hiddenWithoutNotes, 4)
        XCTAssertEqual(rows(state).prefix(4), [2, 7, 8, nil])
    }

    func testTheOverviewSearchesToo() {
        var state = pad(slides: 10)
        withNotes(&state)
        _ = press([.char("o"), .char("/"), .char("c"), .char("h")], &state)
        XCTAssertEqual(state.buffer.slide(for: .overviewCell(0)), 2)
        XCTAssertEqual(state.buffer.slide(for: .overviewCell(1)), 7)
        XCTAssertNil(state.buffer.slide(for: .overviewCell(2)))
        _ = press([.escape], &state)
        XCTAssertEqual(state.topOverlay, .overview, "Esc clears the search first")
        XCTAssertEqual(state.buffer.slide(for: .overviewCell(2)), 2)
    }

    /// `/caf` matches slide 6 and selects it; `/cafz` matches nothing, yet
    /// the selection was left on 6: Enter must not take the show there.
    func testEnterOnASearchWithNoMatchGoesNowhereAndSaysSo() {
        for opener: Key in [.tab, .char("o")] {
            var state = pad(slides: 10)
            withNotes(&state)
            _ = press([opener, .char("/"), .char("c"), .char("a"), .char("f")], &state)
            XCTAssertEqual(state.search?.matches, [5])
            _ = press([.char("z")], &state)
            XCTAssertEqual(state.listCount, 0, "\(opener.name): 0 matches")
            XCTAssertEqual(press([.enter], &state), [], "\(opener.name): Enter sends nothing")
            XCTAssertEqual(state.position, "1/10", "\(opener.name): the show did not move")
            XCTAssertEqual(state.flash?.text, "no match for “cafz”: the show did not move", opener.name)
            XCTAssertTrue(state.listOpen || state.overviewOpen, "\(opener.name): the search stays to be mended")
            _ = press([.down, .enter], &state)
            XCTAssertEqual(state.position, "1/10", "\(opener.name): not after leaving the query either")
        }
    }
}
