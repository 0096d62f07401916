extension PdfpcConnection {
    /// What pdfpc can do of what the pad's keys offer: no laser pointer (its
    /// pointer is local to pdfpc), no start or stop (it presents until it
    /// quits), and a step is a page (a Beamer overlay is one). The help says so.
    public static let capabilities = SourceCapabilities(
        displayName: "pdfpc", pointer: false, startStop: false, pairing: false,
        notes: [
            .init(keysLabel: "click", summary: "no laser pointer: pdfpc's pointer is local to pdfpc"),
            .init(action: .stopShow, summary: "no show to stop: pdfpc presents until it quits"),
            .init(action: .startShow, summary: "nothing to start: pdfpc always presents"),
            .init(action: .next, summary: "next page (a Beamer overlay is one)"),
        ])
}
