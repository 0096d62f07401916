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

    /// The last line: whether the pad can drive the source, and if not the first needed check that failed.
    package static func summary(_ findings: some DoctorReport) -> String {
        let server = findings.serverName
        guard !findings.isReady else {
            return "ControlPad can drive \(findings.appName) on \(server): controlpad connect \(server)"
        }
        let first = findings.checks.first { $0.isNeeded && $0.ok != true }
        return "ControlPad cannot drive \(findings.appName) on \(server) yet" + (first.map { ": \($0.title) ✘" } ?? "")
    }

    /// One JSON document: the server, `ready` (the exit status), and each
    /// check's name, ok (true, false or null when skipped), needed, detail
    /// and fix (null when none), one check per line.
    package static func json(_ findings: some DoctorReport) -> String {
        json(findings.checks, server: findings.serverName, ready: findings.isReady)
    }

    package static func json(_ checks: [DoctorCheck], server: String, ready: Bool) -> String {
        func string(_ s: String?) -> String { s.map { JSONString.quoted($0) } ?? "null" }
        let checks = checks.map { check in
            let ok = check.ok.map { $0 ? "true" : "false" } ?? "null"
            return "    {\"name\": \(string(check.name.rawValue)), \"ok\": \(ok), \"needed\": \(check.isNeeded), "
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
