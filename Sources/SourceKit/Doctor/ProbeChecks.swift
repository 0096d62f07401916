/// The lines of the two probes (`DoctorProbes`), with what a failure means
/// and what to do about it left to the source's words.
extension DoctorCheck {
    /// Step 0's line: whether `host` resolved. `failed` gets the resolver's
    /// words and gives the line's detail and fix.
    package static func nameCheck(host: String, _ resolution: DoctorProbes.Resolution?,
                                  failed: (_ why: String) -> (detail: String, fix: String)) -> DoctorCheck {
        func check(_ ok: Bool?, _ detail: String, _ fix: String? = nil) -> DoctorCheck {
            DoctorCheck(name: .name, title: "Name", ok: ok, detail: detail, fix: fix)
        }
        switch resolution {
        case nil: return check(nil, "not checked")
        case .literal?: return check(true, "\(host) is an IP address")
        case .resolved(let addresses)?: return check(true, "\(host) is \(addresses.joined(separator: ", "))")
        case .failed(let why)?:
            let said = failed(why)
            return check(false, said.detail, said.fix)
        }
    }

    /// Step 1's line: whether `port` accepted. `skipped` is the detail when
    /// it was not tried; `failed` gives a failure's reason and fix, shown
    /// after the address tried and before the system's words.
    package static func portCheck(port: Int, _ connection: DoctorProbes.Connection?, skipped: String,
                                  failed: (DoctorProbes.ConnectFailure) -> (reason: String, fix: String)) -> DoctorCheck {
        let title = "TCP port \(port)"
        switch connection {
        case nil: return DoctorCheck(name: .port, title: title, ok: nil, detail: skipped, fix: nil)
        case .open(let at)?: return DoctorCheck(name: .port, title: title, ok: true, detail: "open: \(at) accepts connections", fix: nil)
        case .failed(let failure, let at, let detail)?:
            let said = failed(failure)
            return DoctorCheck(name: .port, title: title, ok: false,
                               detail: "\(at.map { "\($0): " } ?? "")\(said.reason) (\(detail))", fix: said.fix)
        }
    }
}
