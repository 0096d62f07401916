/// A JavaScript expression the pad evaluates in the deck's page. Only this
/// file makes them: each is a constant, or a constant with whole numbers
/// the pad chose put in. Nothing that came from the deck (notes, titles,
/// URLs) is ever part of one: the page's text is data, never code.
public struct RevealScript: Sendable, Equatable {
    public let source: String
    fileprivate init(_ source: String) { self.source = source }
}

public enum RevealScripts {
    /// The binding the page calls with each event (`Runtime.addBinding`).
    public static let bindingName = "controlpadReveal"

    /// "ready", "loading" or "absent" (no reveal.js once the document has loaded).
    public static let probe = RevealScript("""
        (typeof Reveal === 'undefined' || typeof Reveal.isReady !== 'function') \
        ? (document.readyState === 'complete' ? 'absent' : 'loading') \
        : (Reveal.isReady() ? 'ready' : 'loading')
        """)

    /// Registers one listener per event, calling the binding with the event
    /// and the indices. The handlers live on `window`, and an earlier set is
    /// removed first: a pad that reconnects, or a second pad, never makes
    /// the page report an event twice (every connection that added the
    /// binding gets each call).
    public static let install = RevealScript("""
        (() => { const w = window; \
        if (Array.isArray(w.__controlpadReveal)) for (const [t, f] of w.__controlpadReveal) Reveal.off(t, f); \
        const send = t => { try { w.\(bindingName)(JSON.stringify({type: t, indices: Reveal.getIndices(), \
        paused: Reveal.isPaused()})); } catch (e) {} }; \
        w.__controlpadReveal = ['slidechanged', 'fragmentshown', 'fragmenthidden', 'paused', 'resumed', \
        'slidetransitionend'].map(t => { const f = () => send(t); Reveal.on(t, f); return [t, f]; }); \
        return true; })()
        """)

    /// The whole show at once: where it is, every slide's (h, v, steps,
    /// title, data-timing), the title, reveal.js's version, the viewport,
    /// the slide size, the config's `width` and `height` (the deck's own
    /// size, which pictures are taken at), and its `totalTime` and `defaultTiming`.
    /// A slide's title is its first heading's text (or `data-menu-title`):
    /// data, never code.
    public static let sync = RevealScript("""
        (() => { const z = typeof Reveal.getComputedSlideSize === 'function' ? Reveal.getComputedSlideSize() : {}; \
        return {indices: Reveal.getIndices(), paused: Reveal.isPaused(), title: document.title, \
        version: String(Reveal.VERSION || ''), url: location.href, \
        viewport: [innerWidth, innerHeight], size: [z.width || 0, z.height || 0], \
        configured: (() => { const c = Reveal.getConfig(); return [c.width, c.height]; })(), \
        slides: Reveal.getSlides().map(s => { const i = Reveal.getIndices(s); \
        const f = Array.from(s.querySelectorAll('.fragment')); \
        const ix = new Set(f.map(e => e.getAttribute('data-fragment-index')).filter(x => x !== null)); \
        const hd = s.querySelector('h1, h2, h3, h4'); \
        const title = (s.getAttribute('data-menu-title') || (hd ? hd.textContent : '') || '').trim().slice(0, 200); \
        const t = parseFloat(s.getAttribute('data-timing')); \
        return [i.h || 0, i.v || 0, ix.size || f.length, title, isFinite(t) && t >= 0 ? t : null]; }), \
        timing: (() => { const c = Reveal.getConfig(); return [Number(c.totalTime) || 0, \
        typeof c.defaultTiming === 'number' ? c.defaultTiming : null]; })()}; })()
        """)

    /// A move ends a pause first: reveal.js moves behind its black cover and
    /// leaves the audience on black ("Resume presentation"), where the pad,
    /// as LibreOffice does, ends the blank with a move.
    public static let next = RevealScript(resumingFirst("Reveal.next()"))
    public static let previous = RevealScript(resumingFirst("Reveal.prev()"))
    public static let blank = RevealScript("Reveal.togglePause(true)")
    public static let resume = RevealScript("Reveal.togglePause(false)")

    /// Go to (h, v) with fragment step `f` (-1: none shown): the render
    /// window's way (it is never paused).
    public static func slide(h: Int, v: Int, f: Int) -> RevealScript {
        RevealScript("Reveal.slide(\(h), \(v), \(f))")
    }

    /// The show goes to (h, v) with fragment step `f`, ending a pause first (see `next`).
    public static func move(h: Int, v: Int, f: Int) -> RevealScript {
        RevealScript(resumingFirst("Reveal.slide(\(h), \(v), \(f))"))
    }

    /// `call`, after ending a pause if there is one.
    private static func resumingFirst(_ call: String) -> String {
        "(Reveal.isPaused() && Reveal.togglePause(false), \(call))"
    }

    /// The notes of the `n`th slide in `Reveal.getSlides()` order, as HTML ("" when none).
    public static func notes(slide n: Int) -> RevealScript {
        RevealScript("(() => { const s = Reveal.getSlides()[\(n)]; return s ? Reveal.getSlideNotes(s) || '' : null; })()")
    }

    /// For the render window: no transitions, so a slide is final at once.
    public static let stillPictures = RevealScript("""
        (() => { Reveal.configure({transition: 'none', backgroundTransition: 'none'}); \
        const st = document.createElement('style'); \
        st.textContent = '.reveal .slides section, .reveal .slides section .fragment, .reveal .backgrounds * \
        { transition: none !important; }'; document.head.appendChild(st); return true; })()
        """)
}
