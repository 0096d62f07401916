extension ImpressConnection {
    /// What Impress can do of what the pad's keys offer: everything, after
    /// pairing with a PIN typed into Impress.
    public static let capabilities = SourceCapabilities(displayName: "Impress", pairing: true)
}
