import SlideModel
import SourceKit

extension DoctorCheck.Name {
    /// LibreOffice is installed (step 0).
    package static let office = Self("office", isNeeded: true, step: 0)
    /// Python with LibreOffice's `uno` module (step 0).
    package static let bridge = Self("bridge", isNeeded: true, step: 0)
    /// A LibreOffice answers on the pipe (step 1).
    package static let pipe = Self("pipe", isNeeded: true, step: 1)
    /// UNO answered: LibreOffice named itself and a deck (step 2).
    package static let uno = Self("uno", isNeeded: true, step: 2)
}

/// What `controlpad doctor uno:NAME` saw. No processes, no clocks: the doctor fills it in.
package struct ImpressUNODoctorFindings: LinkDoctorFindings {
    package var pipe: String
    package var soffice: String?
    package var bridge = false
    package var listening = false
    package var resolution: DoctorProbes.Resolution?
    package var connection: DoctorProbes.Connection?
    package var link = LinkHeard()

    package init(pipe: String) { self.pipe = pipe }

    package var serverName: String { "uno:\(pipe)" }
    package var appName: String { "LibreOffice" }

    package var checks: [DoctorCheck] {
        [officeCheck, bridgeCheck, pipeCheck, unoCheck, showCheck,
         link.previewsCheck(noPicture: "LibreOffice exports no picture of the slide: check that the deck opens in LibreOffice")]
    }

    private var officeCheck: DoctorCheck {
        if let soffice { return DoctorCheck(name: .office, title: "LibreOffice", ok: true, detail: soffice, fix: nil) }
        return DoctorCheck(name: .office, title: "LibreOffice", ok: false, detail: "no soffice or libreoffice on PATH",
                           fix: "install it: sudo apt install libreoffice-impress python3-uno")
    }

    private var bridgeCheck: DoctorCheck {
        if bridge { return DoctorCheck(name: .bridge, title: "Python bridge", ok: true, detail: "\(UNOPython.program) imports uno", fix: nil) }
        return DoctorCheck(name: .bridge, title: "Python bridge", ok: false,
                           detail: "\(UNOPython.program) cannot import uno (python3-uno is missing)",
                           fix: "install it: sudo apt install python3-uno (or set CONTROLPAD_PYTHON to a Python that has it)")
    }

    private var pipeCheck: DoctorCheck {
        if listening { return DoctorCheck(name: .pipe, title: "Pipe", ok: true, detail: "LibreOffice listens on \(pipe)", fix: nil) }
        return DoctorCheck(name: .pipe, title: "Pipe", ok: false, detail: "no LibreOffice listens on the pipe \(pipe)",
                           fix: "controlpad present talk.odp starts one; or soffice --accept=\"pipe,name=\(pipe);urp;\" talk.odp")
    }

    private var unoCheck: DoctorCheck {
        guard case .open? = connection else { return DoctorCheck(name: .uno, title: "UNO", ok: nil, detail: "skipped", fix: nil) }
        if let server = link.server { return DoctorCheck(name: .uno, title: "UNO", ok: true, detail: server, fix: nil) }
        let problem = link.problem
        return DoctorCheck(name: .uno, title: "UNO", ok: false, detail: problem?.reason ?? "LibreOffice did not answer", fix: problem?.fix)
    }

    private var showCheck: DoctorCheck {
        guard link.server != nil else { return DoctorCheck(name: .show, title: "Show", ok: nil, detail: "skipped: no deck", fix: nil) }
        guard let show = link.show else {
            return DoctorCheck(name: .show, title: "Show", ok: false, detail: "no show runs", fix: "start it in LibreOffice (F5), or with F5 in the pad")
        }
        return DoctorCheck(name: .show, title: "Show", ok: true, detail: "slide \(show.current + 1) of \(show.count)", fix: nil)
    }
}
