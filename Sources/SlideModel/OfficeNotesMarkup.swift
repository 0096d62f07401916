/// Speaker notes in the markup LibreOffice's Impress Remote sends (and the
/// demo deck, made to look like it, stores), turned into plain text.
///
/// The markup is not HTML: the payload is `<html><body>` + text +
/// `</body></html>` with every paragraph break written as `<br/>` and
/// everything else raw, unescaped, so `R&D <beta> "quoted"` arrives as is. A
/// strict HTML parser would lose text, so this only removes the wrapper and
/// turns `<br/>` into line breaks. Notes come from someone else's document:
/// control characters never survive (`Notes.sanitized`).
public enum OfficeNotesMarkup {
    public static func plainText(from markup: String) -> String {
        var text = Substring(markup)
        for prefix in ["<html>", "<body>"] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
        }
        for suffix in ["</html>", "</body>"] where text.hasSuffix(suffix) {
            text = text.dropLast(suffix.count)
        }
        let lines = String(text)
            .replacing("<br/>", with: "\n")
            .replacing("<br>", with: "\n")
        return Notes.sanitized(lines).trimmingTrailingNewlines()
    }
}
