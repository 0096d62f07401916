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
        ink: !!(window.__controlpadMarks && window.__controlpadMarks.mode), \
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

extension RevealScripts {
    /// The marks' layer on the audience's page, made at its first use: a
    /// `div` over the whole viewport (no pointer events: clicks in the
    /// browser still reach the deck) with the laser's dot and an SVG of ink,
    /// one group per slide (h/v), only the shown slide's visible. It removes
    /// itself when the pad has not spoken for 4 s (the pad quit, or its link
    /// dropped): the deck is left as it was. The deck's file is never touched.
    static let marksLayer = """
        (() => { const w = window; if (w.__controlpadMarks) return w.__controlpadMarks; \
        const NS = 'http://www.w3.org/2000/svg'; \
        const root = document.createElement('div'); root.setAttribute('data-controlpad', 'marks'); \
        root.style.cssText = 'position:fixed;left:0;top:0;width:100vw;height:100vh;pointer-events:none;z-index:2147483647;'; \
        const svg = document.createElementNS(NS, 'svg'); svg.setAttribute('viewBox', '0 0 10000 10000'); \
        svg.setAttribute('preserveAspectRatio', 'none'); svg.style.cssText = 'position:absolute;left:0;top:0;width:100%;height:100%;'; \
        const dot = document.createElement('div'); dot.setAttribute('data-controlpad', 'pointer'); \
        dot.style.cssText = 'position:absolute;width:24px;height:24px;margin:-12px 0 0 -12px;border-radius:50%;\
        background:rgba(255,0,0,0.9);box-shadow:0 0 14px 5px rgba(255,0,0,0.55);display:none;'; \
        root.appendChild(svg); root.appendChild(dot); document.body.appendChild(root); \
        const key = i => (i.h || 0) + '/' + (i.v || 0); const groups = {}; \
        const group = k => { if (!groups[k]) { const g = document.createElementNS(NS, 'g'); g.setAttribute('data-slide', k); \
        svg.appendChild(g); groups[k] = g; } return groups[k]; }; \
        const show = () => { const k = key(Reveal.getIndices()); for (const g in groups) groups[g].style.display = g === k ? '' : 'none'; }; \
        const line = p => { const l = document.createElementNS(NS, 'polyline'); l.setAttribute('fill', 'none'); \
        l.setAttribute('stroke', '#e4002b'); l.setAttribute('stroke-width', '6'); l.setAttribute('stroke-linecap', 'round'); \
        l.setAttribute('stroke-linejoin', 'round'); l.setAttribute('vector-effect', 'non-scaling-stroke'); \
        const s = []; for (let i = 0; i + 1 < p.length; i += 2) s.push(p[i] + ',' + p[i + 1]); \
        l.setAttribute('points', s.join(' ')); return l; }; \
        let drawing = null, last = Date.now(); \
        const M = { alive() { last = Date.now(); }, \
        pointer(x, y) { dot.style.left = (x / 100) + '%'; dot.style.top = (y / 100) + '%'; dot.style.display = 'block'; }, \
        pointerOff() { dot.style.display = 'none'; }, \
        begin(x, y) { show(); drawing = line([x, y, x, y]); group(key(Reveal.getIndices())).appendChild(drawing); }, \
        to(p) { if (!drawing) return; const s = [drawing.getAttribute('points')]; \
        for (let i = 0; i + 1 < p.length; i += 2) s.push(p[i] + ',' + p[i + 1]); drawing.setAttribute('points', s.join(' ')); }, \
        end() { drawing = null; }, \
        clear() { const g = groups[key(Reveal.getIndices())]; if (g) g.replaceChildren(); drawing = null; }, \
        restore(h, v, strokes) { const g = group(h + '/' + v); g.replaceChildren(); \
        for (const p of strokes) g.appendChild(line(p.length > 2 ? p : p.concat(p))); show(); }, \
        mode: false, setMode(on) { M.mode = on; try { w.\(bindingName)(JSON.stringify({type: 'ink', ink: on, \
        indices: Reveal.getIndices()})); } catch (e) {} }, \
        remove() { clearInterval(timer); Reveal.off('slidechanged', show); root.remove(); delete w.__controlpadMarks; \
        if (M.mode) M.setMode(false); } }; \
        const timer = setInterval(() => { if (Date.now() - last > 4000) M.remove(); }, 1000); \
        Reveal.on('slidechanged', show); w.__controlpadMarks = M; return M; })()
        """

    /// The marks, in order, on the layer (made if the page has none): whole numbers only.
    public static func marks(_ marks: [RevealMark]) -> RevealScript {
        if marks == [.remove] {
            return RevealScript("(window.__controlpadMarks ? (window.__controlpadMarks.remove(), true) : false)")
        }
        let calls = marks.map { mark -> String in
            switch mark {
            case .pointer(let x, let y): return "M.pointer(\(x), \(y))"
            case .pointerOff: return "M.pointerOff()"
            case .begin(let x, let y): return "M.begin(\(x), \(y))"
            case .to(let points): return "M.to([\(points.map(String.init).joined(separator: ","))])"
            case .end: return "M.end()"
            case .clear: return "M.clear()"
            case .restore(let h, let v, let strokes):
                return "M.restore(\(h), \(v), [\(strokes.map { "[\($0.map(String.init).joined(separator: ","))]" }.joined(separator: ","))])"
            case .remove: return "M.remove()"
            case .mode(let on): return "M.setMode(\(on))"
            }
        }
        return RevealScript("(M => { M.alive(); \(calls.joined(separator: "; ")); return true; })(\(marksLayer))")
    }
}
