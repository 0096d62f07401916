import SlideModel

/// Choosing the PIN a client pairs with.
///
/// LibreOffice authorises a (client name, PIN) pair once a person has typed
/// the PIN into Impress; from then on that pair is accepted without a dialog.
/// So a PIN, once accepted, is stored and reused for that server, and a new
/// one is only made up when none is known.
public enum ImpressPin {
    /// `--pin` first, then the one stored for this server, else `fresh`
    /// (a random 4-digit PIN, as the Android remote makes: `random`).
    public static func choose(override: String?, stored: String?, fresh: String) -> String {
        if let override, isValid(override) { return override }
        if let stored, isValid(stored) { return stored }
        return fresh
    }

    /// Four decimal digits, leading zeros kept ("0042").
    public static func random<R: RandomNumberGenerator>(using rng: inout R) -> String {
        let n = Int.random(in: 0...9999, using: &rng)
        let digits = String(n)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// Digits only, 1 to 16 of them (the server compares strings; a line
    /// break or letter could never be typed into its PIN box).
    public static func isValid(_ pin: String) -> Bool {
        !pin.isEmpty && pin.count <= 16 && pin.allSatisfy { ("0"..."9").contains($0) }
    }
}
