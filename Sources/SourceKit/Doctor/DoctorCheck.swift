import SlideModel

/// One line of `controlpad doctor`: what was checked, how it went (✔ true,
/// ✘ false, · nil: skipped), what was seen, and what to do about it.
package struct DoctorCheck: Equatable {
    /// A check's stable name (the JSON's `name`), whether the pad needs it to
    /// pass, and the step of the run that decides it. The steps every source
    /// has are here; a source adds its own (Impress's pairing, pdfpc's REST)
    /// in its own doctor.
    package struct Name: Hashable, Sendable, CustomStringConvertible {
        package var rawValue: String
        /// The pad cannot drive a show without it; the others explain.
        package var isNeeded: Bool
        /// Which step of the run decides it: the lines are printed as their step ends.
        package var step: Int

        package init(_ rawValue: String, isNeeded: Bool, step: Int) {
            self.rawValue = rawValue
            self.isNeeded = isNeeded
            self.step = step
        }

        package var description: String { rawValue }

        /// The host's name resolves (step 0).
        package static let name = Name("name", isNeeded: true, step: 0)
        /// The TCP port accepts connections (step 1).
        package static let port = Name("port", isNeeded: true, step: 1)
        /// Whether a show runs (step 2, the link).
        package static let show = Name("show", isNeeded: false, step: 2)
        /// Whether the show's pictures and notes arrive (step 2, the link).
        package static let previews = Name("previews", isNeeded: false, step: 2)
    }

    package var name: Name
    /// Whether the pad needs this check to pass: its name's rule, unless the
    /// finding itself makes it so (a show that is not running is fine, a
    /// remote that never says whether one runs is not: `blocking()`).
    package var isNeeded: Bool
    package var title: String
    package var ok: Bool?
    package var detail: String
    /// What to do, in a command line's words: the pad's "press r" is
    /// "run it again" here (`LinkProblem.outsideThePad`).
    package var fix: String? {
        get { padFix.map(LinkProblem.outsideThePad) }
        set { padFix = newValue }
    }
    private var padFix: String?

    package init(name: Name, title: String, ok: Bool?, detail: String, fix: String?) {
        self.name = name
        self.isNeeded = name.isNeeded
        self.title = title
        self.ok = ok
        self.detail = detail
        self.padFix = fix
    }

    /// The same finding, needed to pass whatever its name says: a failure
    /// that means the pad cannot drive the source at all.
    package func blocking() -> DoctorCheck {
        var check = self
        check.isNeeded = true
        return check
    }

    package var mark: String { ok == true ? "✔" : ok == false ? "✘" : "·" }
}
