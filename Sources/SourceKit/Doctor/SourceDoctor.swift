import Logging
import SlideModel

/// One source kind's doctor: its own steps and words, on the generic
/// probes (`DoctorProbes`), checks (`DoctorCheck`) and output
/// (`DoctorOutput`). `controlpad doctor` picks one for the address and runs
/// it; the command knows no source. Impress's is in
/// `ImpressRemoteTransport/Doctor`, pdfpc's in `PdfpcTransport/Doctor`.
package protocol SourceDoctor {
    /// Runs every step, handing the checks to `context.progress` as their
    /// steps end, and returns what was found.
    func run(_ context: DoctorContext) throws -> any DoctorReport
}

/// What a doctor was found out: the checks in order, whether the pad can
/// drive the source (the exit status), and the last line.
package protocol DoctorReport {
    var checks: [DoctorCheck] { get }
    /// The address as the user gives it to `connect`, e.g. "127.0.0.1:1599".
    var serverName: String { get }
    /// The presenting app, for the summary: "Impress", "pdfpc".
    var appName: String { get }
}

extension DoctorReport {
    /// Exit status 0: every needed check passed (a check a finding made
    /// needed too, `DoctorCheck.blocking()`).
    package var isReady: Bool { checks.filter(\.isNeeded).allSatisfy { $0.ok == true } }
}

/// What the command gives a doctor: the wait per step, where the lines go,
/// and a way to run the source's link without a screen.
package struct DoctorContext {
    /// How long to wait at each step, in seconds.
    package var timeout: Double
    /// A line for people ("Checking … at …"); nothing with --json.
    package var say: (String) -> Void
    /// The checks as they stand once `step` has ended: the command prints
    /// those of steps up to `step` not printed yet (nothing with --json).
    package var progress: (_ checks: [DoctorCheck], _ step: Int) -> Void
    package var link: any DoctorLinkRunner

    package init(timeout: Double, say: @escaping (String) -> Void,
                 progress: @escaping (_ checks: [DoctorCheck], _ step: Int) -> Void, link: any DoctorLinkRunner) {
        self.timeout = timeout
        self.say = say
        self.progress = progress
        self.link = link
    }
}

/// What a doctor makes of one run of its source, on virtual time: the
/// source's events with the seconds since the link started, Ctrl-C, and
/// when it wants to look at the clock again.
package protocol DoctorLinkWatcher {
    var isDone: Bool { get }
    mutating func note(_ event: SourceEvent, at seconds: Double)
    mutating func interrupt()
    /// Looks at the clock: ends the reading once a wait has run out.
    mutating func settle(at seconds: Double)
    /// When `settle` has something to decide next (nil: only an event can).
    func wakeUp() -> Double?
}

/// Runs a source without a screen until its watcher is done, then leaves
/// the link as every command does (never in the middle of a stream).
package protocol DoctorLinkRunner {
    func read<Watcher: DoctorLinkWatcher>(_ source: any SlideSource, into watcher: inout Watcher) throws
}

/// A source kind that has a doctor (every kind but the demo): `controlpad
/// doctor ADDRESS` asks the kind the address names for it.
package protocol SourceKindDoctor: SourceKind {
    /// What its doctor checks, a paragraph of `controlpad doctor`'s help
    /// (plain ASCII: the man page drops the rest): the address it takes, its
    /// checks and their `--json` names, and which of them must pass.
    var doctorHelp: String { get }
    /// The doctor for `address` (already checked by `parse`), with the
    /// command's `settings` (a given PIN, a password…).
    func doctor(address: String, settings: SourceSettings, logger: Logger) throws -> any SourceDoctor
}
