#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Logging
import SlideModel
import SourceKit
import Syscalls

/// Impress over UNO's doctor: LibreOffice installed, its Python bridge,
/// LibreOffice listening on the pipe, then one run of the source until it
/// has read the show and sent the current slide's picture and notes.
package struct ImpressUNODoctor: SourceDoctor {
    package var pipe: String
    package var makeSource: () throws -> any SlideSource

    package func run(_ context: DoctorContext) throws -> any DoctorReport {
        var findings = ImpressUNODoctorFindings(pipe: pipe)
        context.say("Checking LibreOffice on this computer, pipe \(pipe) …")
        findings.soffice = OfficeLauncher.find()
        findings.bridge = Self.pythonHasUNO()
        context.progress(findings.checks, 0)
        findings.listening = OfficeLauncher.isListening(pipe)
        if findings.listening, findings.bridge { findings.connection = .open(address: "pipe \(pipe)") }
        context.progress(findings.checks, 1)
        return try context.readLink(findings, source: makeSource)
    }

    /// Whether the bridge's Python imports `uno` (python3-uno installed).
    static func pythonHasUNO() -> Bool {
        guard let child = try? Syscalls.spawnWithPipes(UNOPython.program, arguments: ["-c", "import uno"]) else { return false }
        Syscalls.close(child.input)
        Syscalls.close(child.output)
        var status: Int32 = 0
        guard waitpid(child.pid, &status, 0) == child.pid else { return false }
        return status == 0
    }
}

extension ImpressUNOKind: SourceKindDoctor {
    package var doctorHelp: String {
        """
        For LibreOffice on this computer (doctor uno:NAME; `present` uses uno:\(Self.presentPipe)): \
        LibreOffice installed, its Python bridge (python3-uno), LibreOffice listening on the pipe \
        (soffice --accept="pipe,name=NAME;urp;"), UNO answering, the show, and whether pictures and \
        notes arrive. Check names: office, bridge, pipe, uno, show, previews.
        """
    }

    package func doctor(address: String, settings: SourceSettings, logger: Logger) throws -> any SourceDoctor {
        let pipe = try pipeName(address)
        return ImpressUNODoctor(pipe: pipe) {
            try self.makeSource(address: address, settings: SourceSettings(), use: .pad, logger: logger)
        }
    }
}
