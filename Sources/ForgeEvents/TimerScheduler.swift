import Dispatch
import ForgeCore
import ForgeStore
import Foundation
import Synchronization

/// Runs the household's cook timers. Every change is committed to SQLite
/// first (deadlines as absolute instants), then announced to the sinks in
/// commit order. One thread sleeps until the earliest deadline and fires
/// what came due; sinks must not block (the event hub only buffers), so
/// firing never waits on a subscriber.
///
/// After a restart, ``start()`` (or ``recover()``) reloads every pending
/// timer: those still in the future fire on time; those that came due while
/// the daemon was down fire at once with `late_by_ms` = now − deadline.
package final class TimerScheduler: Sendable {
    /// Longest timer, seconds (24 h).
    package static let maxSeconds = 86_400
    /// Longest label, characters.
    package static let maxLabel = 80

    /// Receives every ``TimerEvent`` after its change commits, in commit order, on the changing thread.
    package typealias Sink = @Sendable (TimerEvent) -> Void

    let db: Database
    let clock: any Clock
    /// Serialises changes so events leave in commit order; holds the sequence.
    private let changes = Mutex<UInt64>(0)
    /// Deadlines of running timers, id → instant; read by the firing thread.
    private let deadlines = Mutex<[String: Date]>([:])
    private let sinks = Mutex<[Sink]>([])
    private let running = Atomic<Bool>(false)
    private let wake = DispatchSemaphore(value: 0)
    private let exited = DispatchSemaphore(value: 0)

    /// A scheduler over `db`'s `timers`; nothing fires until it is started.
    /// - Parameter clock: forged's clock (deadlines and "now"; `Settings.clock` in `forged serve`).
    package init(db: Database, clock: any Clock) {
        self.db = db
        self.clock = clock
    }

    /// Adds a receiver of every event. Sinks run on the changing thread, in
    /// order, and must return at once.
    package func addSink(_ sink: @escaping Sink) {
        sinks.withLock { $0.append(sink) }
    }

    /// Runs `body` with the next event sequence number, in order with timer
    /// events (for the socket's non-timer notices, which share the sequence).
    /// `body` must return at once, like a sink.
    package func withNextSequence<T>(_ body: (UInt64) throws -> T) rethrows -> T {
        try changes.withLock { seq in
            seq += 1
            return try body(seq)
        }
    }

    // MARK: lifecycle

    /// Reloads pending timers (see ``recover()``) and starts the firing thread.
    package func start() throws {
        try recover()
        guard !running.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let thread = Thread { [self] in loop() }
        thread.name = "forge-timers"
        thread.start()
    }

    /// Stops the firing thread (pending timers stay in the database).
    package func stop() {
        guard running.exchange(false, ordering: .acquiringAndReleasing) else { return }
        wake.signal()
        exited.wait()
    }

    /// Reloads every active timer from the database, announces each as
    /// `restored`, then fires those already due. Safe to call again.
    package func recover() throws {
        try changes.withLock { seq in
            let timers = try db.read { try TimerStore.allActive(in: $0) }
            let now = clock.now()
            deadlines.withLock { map in
                map = [:]
                for t in timers where t.state == .running { map[t.id] = t.endsAt ?? now }
            }
            for t in timers { emit(&seq, .restored, t, now) }
        }
        fireDue()
        wake.signal()
    }

    /// Fires every running timer whose deadline has passed by the clock, in
    /// deadline order, in one transaction.
    /// - Returns: the timers fired now.
    @discardableResult
    package func fireDue() -> [CookTimer] {
        let now = clock.now()
        let dueIDs = deadlines.withLock { map in map.filter { $0.value <= now }.map(\.key) }
        guard !dueIDs.isEmpty else { return [] }
        do {
            return try changes.withLock { seq in
                let fired = try db.write { conn -> [CookTimer] in
                    var fired: [CookTimer] = []
                    for var t in try TimerStore.due(at: now, in: conn) {
                        t.state = .fired
                        t.firedAt = now
                        t.lateByMs = max(0, Millis.between(t.endsAt ?? now, now))
                        t.updatedAt = now
                        try TimerStore.update(t, in: conn)
                        fired.append(t)
                    }
                    return fired
                }
                deadlines.withLock { map in
                    for id in dueIDs { map[id] = nil }
                    for t in fired { map[t.id] = nil }
                }
                for t in fired {
                    Log.info(
                        "timer fired: \(t.label) (late by \(t.lateByMs ?? 0) ms)", id: .timerFired,
                        fields: ["FORGE_TIMER_ID": t.id])
                    emit(&seq, .fired, t, now)
                }
                return fired
            }
        } catch {
            Log.error("timer firing failed: \(error)")
            return []
        }
    }

    private func loop() {
        while running.load(ordering: .acquiring) {
            fireDue()
            let next = deadlines.withLock { $0.values.min() }
            if let next {
                let delay = max(0, next.timeIntervalSince(clock.now()))
                _ = wake.wait(timeout: .now() + .nanoseconds(Int(min(delay, 3600) * 1e9)))
            } else {
                wake.wait()
            }
        }
        exited.signal()
    }

    // MARK: changes

    /// Starts a new running timer.
    /// - Throws: `TimerError.invalidInput` for an empty or over-long label,
    ///   seconds outside 1...86 400, or a negative step.
    package func create(
        scope: String, label: String, seconds: Int, recipeSlug: String? = nil, step: Int? = nil,
        background: Bool = false, createdBy: String = ""
    ) throws -> CookTimer {
        let label = label.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !label.isEmpty, label.count <= Self.maxLabel else {
            throw TimerError.invalidInput("label must be 1–\(Self.maxLabel) characters")
        }
        guard (1...Self.maxSeconds).contains(seconds) else {
            throw TimerError.invalidInput("seconds must be 1–\(Self.maxSeconds)")
        }
        if let step, step < 0 { throw TimerError.invalidInput("step must be ≥ 0") }
        return try change(.started) { conn, now in
            let t = CookTimer(
                id: Identifier.make(), scope: scope, label: label, seconds: seconds,
                recipeSlug: recipeSlug, step: step, background: background, state: .running,
                endsAt: now + TimeInterval(seconds), createdBy: createdBy, createdAt: now, updatedAt: now)
            try TimerStore.insert(t, in: conn)
            return t
        }
    }

    /// Freezes a running timer with its remaining milliseconds.
    package func pause(id: String, scope: String) throws -> CookTimer {
        try transition(id, scope, .paused, allowed: [.running]) { t, now in
            t.remainingMs = t.remainingMilliseconds(at: now)
            t.endsAt = nil
            t.state = .paused
        }
    }

    /// Restarts a paused timer: the new deadline is now + the remainder.
    package func resume(id: String, scope: String) throws -> CookTimer {
        try transition(id, scope, .resumed, allowed: [.paused]) { t, now in
            t.endsAt = now + TimeInterval(t.remainingMs ?? 0) / 1000
            t.remainingMs = nil
            t.state = .running
        }
    }

    /// Stops a running or paused timer for good.
    package func cancel(id: String, scope: String) throws -> CookTimer {
        try transition(id, scope, .cancelled, allowed: [.running, .paused]) { t, _ in
            t.state = .cancelled
        }
    }

    /// Silences a fired timer.
    package func dismiss(id: String, scope: String) throws -> CookTimer {
        try transition(id, scope, .dismissed, allowed: [.fired]) { t, _ in
            t.state = .dismissed
        }
    }

    /// Adds `seconds` (1...86 400): to the deadline while running, to the
    /// remainder while paused; a fired timer runs again for `seconds` from now.
    package func extend(id: String, scope: String, seconds: Int) throws -> CookTimer {
        guard (1...Self.maxSeconds).contains(seconds) else {
            throw TimerError.invalidInput("seconds must be 1–\(Self.maxSeconds)")
        }
        return try transition(id, scope, .extended, allowed: [.running, .paused, .fired]) { t, now in
            switch t.state {
            case .running: t.endsAt = (t.endsAt ?? now) + TimeInterval(seconds)
            case .paused: t.remainingMs = (t.remainingMs ?? 0) + seconds * 1000
            default:
                t.state = .running
                t.endsAt = now + TimeInterval(seconds)
                t.firedAt = nil
                t.lateByMs = nil
            }
            t.seconds = min(Self.maxSeconds, t.seconds + seconds)
        }
    }

    /// The scope's running, paused and fired timers, oldest first.
    package func timers(scope: String) throws -> [CookTimer] {
        try db.read { try TimerStore.active(scope: scope, in: $0) }
    }

    /// The scheduler's clock reading (for rendering `remaining_s`).
    package func now() -> Date { clock.now() }

    private func transition(
        _ id: String, _ scope: String, _ kind: TimerEvent.Change, allowed: Set<TimerState>,
        _ apply: @escaping (inout CookTimer, Date) -> Void
    ) throws -> CookTimer {
        try change(kind) { conn, now in
            guard var t = try TimerStore.find(id: id, scope: scope, in: conn) else { throw TimerError.notFound }
            guard allowed.contains(t.state) else {
                throw TimerError.invalidTransition(action: Self.verb(kind), state: t.state)
            }
            apply(&t, now)
            if let ends = t.endsAt { t.endsAt = Millis.rounded(ends) }
            t.updatedAt = now
            try TimerStore.update(t, in: conn)
            return t
        }
    }

    private func change(
        _ kind: TimerEvent.Change,
        _ body: (Connection, Date) throws -> CookTimer
    ) throws -> CookTimer {
        try changes.withLock { seq in
            let now = Millis.rounded(clock.now())
            let t = try db.write { try body($0, now) }
            deadlines.withLock { map in map[t.id] = t.state == .running ? t.endsAt : nil }
            emit(&seq, kind, t, now)
            wake.signal()
            return t
        }
    }

    private func emit(_ seq: inout UInt64, _ change: TimerEvent.Change, _ timer: CookTimer, _ at: Date) {
        seq += 1
        let event = TimerEvent(seq: seq, change: change, timer: timer, at: at)
        for sink in sinks.withLock({ $0 }) { sink(event) }
    }

    static func verb(_ kind: TimerEvent.Change) -> String {
        switch kind {
        case .paused: "pause"
        case .resumed: "resume"
        case .cancelled: "cancel"
        case .dismissed: "dismiss"
        case .extended: "extend"
        default: kind.rawValue
        }
    }
}
