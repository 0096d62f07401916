import FoundationEssentials
import ImpressRemoteTransport
import ControlPadScripting
import SlideModel

/// How the findings are printed: lines for people, or one JSON document.
package enum DoctorOutput {
    package static let titleWidth = 21

    /// "✔ Name                 127.0.0.1 is an IP address", and under a ✘
    /// its fix, indented.
    package static func lines(_ check: DoctorCheck) -> [String] {
        let title = check.title + String(repeating: " ", count: max(titleWidth - check.title.count, 1))
        var lines = ["\(check.mark) \(title)\(TerminalText.escaped(check.detail))"]
        if let fix = check.fix, check.ok == false {
            lines.append(String(repeating: " ", count: 2 + titleWidth) + "→ " + TerminalText.escaped(fix))
        }
        return lines
    }

    package static func summary(_ findings: DoctorFindings) -> String {
        let server = findings.server.description
        guard !findings.isReady else {
            return "ControlPad can drive Impress on \(server): controlpad connect \(server)"
        }
        let first = findings.checks.first { $0.name.isNeeded && $0.ok != true }
        return "ControlPad cannot drive Impress on \(server) yet" + (first.map { ": \($0.title) ✘" } ?? "")
    }

    /// One JSON document: the server, `ready` (the exit status), and each
    /// check's name, ok (true, false or null when skipped), needed, detail
    /// and fix (null when none), one check per line.
    package static func json(_ findings: DoctorFindings) -> String {
        json(findings.checks, server: findings.server.description, ready: findings.isReady)
    }

    package static func json(_ checks: [DoctorCheck], server: String, ready: Bool) -> String {
        func string(_ s: String?) -> String { s.map { JSONLine.quoted($0) } ?? "null" }
        let checks = checks.map { check in
            let ok = check.ok.map { $0 ? "true" : "false" } ?? "null"
            return "    {\"name\": \(string(check.name.rawValue)), \"ok\": \(ok), \"needed\": \(check.name.isNeeded), "
                + "\"title\": \(string(check.title)), \"detail\": \(string(check.detail)), "
                + "\"fix\": \(string(check.ok == false ? check.fix : nil))}"
        }
        return """
            {
              "server": \(string(server)),
              "ready": \(ready),
              "checks": [
            \(checks.joined(separator: ",\n"))
              ]
            }
            """
    }
}
