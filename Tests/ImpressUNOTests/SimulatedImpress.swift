import ImpressUNO

/// LibreOffice's slide show engine as measured on 25.2 (docs/IMPRESS-UNO.md,
/// "Every press lands"), on virtual time: what its listener says after each
/// call, and the presses it spends or drops.
///
/// - A show just started takes no press until its first slide is up (`readyAt`).
/// - A press while an effect runs finishes that effect at once; it starts
///   the next click's effect only if the running one is not the slide's
///   last group, else the press is spent.
/// - ← shows the slide anew and runs its builds up to one fewer at once;
///   at the first step it shows the slide before with every build.
/// - ← on a blank screen only resumes; → resumes and steps.
struct SimulatedImpress {
    /// One group of a slide's main sequence: waits for a click or runs by
    /// itself after the one before, for `duration`.
    struct Group {
        var click: Bool
        var duration: Duration
    }

    /// The five patterns of tools/impress-uno-decks: none; three clicks;
    /// one click of two shapes; a click, then a shape by itself 0.5 s
    /// later; a shape by itself on entry, then a click.
    static let patterns: [[Group]] = [
        [],
        [Group(click: true, duration: .milliseconds(30)), Group(click: true, duration: .milliseconds(30)),
         Group(click: true, duration: .milliseconds(30))],
        [Group(click: true, duration: .milliseconds(30))],
        [Group(click: true, duration: .milliseconds(550))],
        [Group(click: false, duration: .milliseconds(50)), Group(click: true, duration: .milliseconds(30))],
    ]

    let slides: [[Group]]
    var slide = 0
    /// Groups of the slide that have run (or run now).
    var ran = 0
    /// The group running, until when.
    var running: (group: Int, until: Duration)?
    var paused = false
    var readyAt: Duration
    /// What the listener says, with when.
    var said: [(at: Duration, heard: UNOHeard)] = []

    init(slideCount: Int, readyAt: Duration = .zero) {
        slides = (0..<slideCount).map { Self.patterns[$0 % 5] }
        self.readyAt = readyAt
    }

    var steps: [Int] { slides.map { $0.filter(\.click).count } }

    /// Clicks shown on the slide on screen.
    var clicksShown: Int { slides[slide].prefix(ran).filter(\.click).count }

    private mutating func say(_ heard: UNOHeard, _ at: Duration) { said.append((at, heard)) }

    /// Lets effects that end by `now` end, and the groups that follow them by themselves run.
    mutating func advance(to now: Duration) {
        while let run = running, run.until <= now {
            finish(at: run.until)
        }
    }

    private mutating func finish(at t: Duration) {
        guard let run = running else { return }
        running = nil
        let groups = slides[slide]
        let last = run.group == groups.count - 1
        if last {
            say(.end(node: UNONode.timingRoot), t)
            say(.end(node: UNONode.mainSequence), t)
        }
        say(.end(node: groups[run.group].click ? UNONode.onClick : 3), t)
        say(.end(node: 0), t)
        if last {
            say(.buildsEnded, t + .milliseconds(5))
        } else if !groups[run.group + 1].click {
            start(group: run.group + 1, at: t)
        }
    }

    private mutating func start(group: Int, at t: Duration) {
        say(.begin(node: 0), t)
        say(.begin(node: slides[slide][group].click ? UNONode.onClick : 3), t)
        ran = group + 1
        running = (group, t + slides[slide][group].duration)
    }

    /// Shows slide `index`: at its start, or (`built`) with `clicks` builds run at once.
    private mutating func show(_ index: Int, at t: Duration, clicks: Int? = nil) {
        slide = index
        running = nil
        say(.transition, t)
        let groups = slides[index]
        guard !groups.isEmpty else {
            ran = 0
            say(.buildsEnded, t + .milliseconds(20))
            return
        }
        say(.begin(node: UNONode.timingRoot), t)
        say(.begin(node: UNONode.mainSequence), t)
        if let clicks {
            // Rewound: the builds up to `clicks` run at once.
            var shown = 0
            ran = 0
            for group in groups {
                if group.click {
                    if shown == clicks { break }
                    shown += 1
                }
                say(.begin(node: group.click ? UNONode.onClick : 3), t)
                say(.end(node: group.click ? UNONode.onClick : 3), t)
                ran += 1
            }
            if ran == groups.count {
                say(.end(node: UNONode.timingRoot), t)
                say(.end(node: UNONode.mainSequence), t)
                say(.buildsEnded, t + .milliseconds(5))
            }
        } else {
            ran = 0
            if !groups[0].click { start(group: 0, at: t) }
        }
    }

    /// The show starts: its first slide is up at `readyAt`.
    mutating func begin() {
        show(0, at: readyAt)
    }

    mutating func next(at t: Duration) {
        advance(to: t)
        guard t >= readyAt else { return }
        if paused {
            paused = false
            say(.resumed, t)
        }
        if let run = running {
            let last = run.group == slides[slide].count - 1
            finish(at: t)
            if !last, running == nil, ran < slides[slide].count { start(group: ran, at: t) }
            return
        }
        if ran < slides[slide].count {
            start(group: ran, at: t)
        } else if slide + 1 < slides.count {
            show(slide + 1, at: t)
        }
    }

    mutating func previous(at t: Duration) {
        advance(to: t)
        guard t >= readyAt else { return }
        if paused {
            paused = false
            say(.resumed, t)
            return
        }
        if clicksShown > 0 {
            show(slide, at: t, clicks: clicksShown - 1)
        } else if slide > 0 {
            show(slide - 1, at: t, clicks: Int.max)
        }
    }

    mutating func goto(_ index: Int, at t: Duration) {
        advance(to: t)
        show(index, at: t)
    }

    mutating func blank(at t: Duration) {
        paused = true
        say(.paused, t)
    }
}
