/// Where "next section", "previous section" and a section's name go: one
/// rule for the keys, the agenda and `send section …`.
extension Array where Element == TalkSection {
    /// The first slide of the section after the one `slide` is in; for
    /// `delta < 0` the first slide of `slide`'s own section, or of the one
    /// before when `slide` is already its first (a music player's "back").
    /// Nil when there is no such section.
    public func target(from slide: Int, by delta: Int) -> Int? {
        if delta > 0 { return first { $0.firstSlide > slide }?.firstSlide }
        guard let here = lastIndex(where: { $0.firstSlide <= slide }) else { return nil }
        if self[here].firstSlide < slide { return self[here].firstSlide }
        return here > 0 ? self[here - 1].firstSlide : nil
    }

    /// The section called `name`: the same name whatever the case, else
    /// the only one whose name begins with it. The error lists the names.
    public func named(_ name: String) -> Result<TalkSection, SectionNameProblem> {
        let wanted = name.lowercased().trimmingCharacters(inSet: " \t")
        guard !isEmpty else { return .failure(SectionNameProblem(description: "the show has no sections (give it an agenda with --agenda FILE)")) }
        if let exact = first(where: { $0.name.lowercased() == wanted }) { return .success(exact) }
        let begins = filter { $0.name.lowercased().hasPrefix(wanted) }
        if begins.count == 1, !wanted.isEmpty { return .success(begins[0]) }
        let names = map { "\"\($0.name)\"" }.joined(separator: ", ")
        let why = begins.count > 1 ? "\"\(name)\" could be \(begins.count) sections" : "no section \"\(name)\""
        return .failure(SectionNameProblem(description: "\(why): the sections are \(names)"))
    }
}

public struct SectionNameProblem: Error, Equatable, CustomStringConvertible {
    public var description: String
}
