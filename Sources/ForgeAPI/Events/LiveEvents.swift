import Dispatch
import ForgeCore
import ForgeEvents
import ForgeHTTP
import Foundation
import Synchronization

/// The Server-Sent Events feed behind `GET /api/events`: timer,
/// cook-session and food-week events for one scope (the household, or the
/// demo's own), heartbeats every 15 s, and resume with `Last-Event-ID`
/// from a ring of the last 512 events.
///
/// The household day: `hello` carries `day: {date, day_name}` (the
/// household calendar's today) and `zone` (its IANA name, so a display shows
/// household clock times whatever zone the tablet is set to), and an `event: day` with the same shape
/// goes to every client when the household day changes (checked every
/// second against the household zone, so midnight, DST changes and clock
/// jumps all announce exactly the new day). Displays never use their own clock.
///
/// Event ids start at the boot time in microseconds and count up, so an id
/// from an earlier run is older than the ring: such a client (or one that
/// fell further behind than the ring) gets an `event: reset` and refetches
/// `GET /api/cook/state`. Sending only appends to each stream's buffer.
package final class LiveEvents: Sendable {
    /// Events kept for `Last-Event-ID` resume.
    package static let ringCapacity = 512
    /// Seconds between heartbeats (also how soon a vanished client is noticed).
    package static let heartbeatSeconds = 15

    struct Entry {
        let id: Int
        let scope: String
        let frame: Data
    }

    private struct State {
        var ring: [Entry] = []
        var nextID: Int
        /// Each client's stream and the scopes it hears: its kitchen scope, and ``member(_:)`` for a member.
        var clients: [ObjectIdentifier: (stream: ResponseStream, scopes: Set<String>)] = [:]
        var heartbeat: DispatchSourceTimer?
        var dayWatch: DispatchSourceTimer?
    }

    private struct Box: @unchecked Sendable { var state: State }
    private let box: Mutex<Box>
    private let clock: any Clock
    private let calendar: HouseholdCalendar
    private let announcedDay: Mutex<LocalDate?> = Mutex(nil)

    init(clock: any Clock, calendar: HouseholdCalendar) {
        self.clock = clock
        self.calendar = calendar
        // The id seed is not a household time: it only has to exceed every id an earlier run
        // handed out, so it reads the system clock, not `clock` (a test clock offset, or one set
        // back, must not make a later run reuse ids a client still holds).
        box = Mutex(Box(state: State(nextID: Int(Date().timeIntervalSince1970 * 1_000_000))))
    }

    /// Starts the heartbeat (idempotent; also started by the first subscriber).
    func start() {
        box.withLock { b in
            guard b.state.heartbeat == nil else { return }
            let timer = DispatchSource.makeTimerSource(queue: .global())
            timer.schedule(
                deadline: .now() + .seconds(Self.heartbeatSeconds), repeating: .seconds(Self.heartbeatSeconds))
            timer.setEventHandler { [weak self] in self?.heartbeat() }
            timer.resume()
            b.state.heartbeat = timer
            let days = DispatchSource.makeTimerSource(queue: .global())
            days.schedule(deadline: .now() + .seconds(1), repeating: .seconds(1))
            days.setEventHandler { [weak self] in self?.announceDayIfChanged() }
            days.resume()
            b.state.dayWatch = days
        }
    }

    /// Ends every stream and the heartbeat.
    func stop() {
        let streams = box.withLock { b -> [ResponseStream] in
            b.state.heartbeat?.cancel()
            b.state.heartbeat = nil
            b.state.dayWatch?.cancel()
            b.state.dayWatch = nil
            defer { b.state.clients = [:] }
            return b.state.clients.values.map(\.stream)
        }
        streams.forEach { $0.finish() }
    }

    /// Connected clients now.
    package var clientCount: Int { box.withLock { $0.state.clients.count } }

    // MARK: publishing

    /// A timer change as `event: timer`, data `{type, at, timer}`.
    func publish(_ event: TimerEvent) {
        publish(
            scope: event.timer.scope, name: "timer",
            data: [
                "type": .string(event.type), "at": .string(Instant.wire(event.at)),
                "timer": event.timer.json(now: event.at),
            ])
    }

    /// Appends an event whose data is a ``JSONValue`` (keys in byte order).
    func publish(scope: String, name: String, data: JSONValue) {
        publish(scope: scope, name: name, payload: data)
    }

    /// Appends an event to the ring and sends it to the scope's clients;
    /// `payload` is written through ``JSONCoding`` in its type's member order.
    func publish<Payload: Encodable>(scope: String, name: String, payload: Payload) {
        box.withLock { b in
            let id = b.state.nextID
            b.state.nextID += 1
            let frame = Self.frame(id: id, name: name, data: payload)
            b.state.ring.append(Entry(id: id, scope: scope, frame: frame))
            if b.state.ring.count > Self.ringCapacity {
                b.state.ring.removeFirst(b.state.ring.count - Self.ringCapacity)
            }
            for client in b.state.clients.values where client.scopes.contains(scope) || scope == Self.everyone {
                client.stream.send(frame)
            }
        }
    }

    // MARK: subscribing

    /// A new stream for `scope` (and, for a signed-in member, `member`'s own
    /// events, ``member(_:)``): `retry`, then either the missed events
    /// after `lastEventID`, a `reset` when they are no longer held, or a
    /// `hello` for a fresh connection; then live events.
    func subscribe(scope: String, member: String? = nil, lastEventID: String?) -> ResponseStream {
        start()
        let scopes: Set<String> = member.map { [scope, Self.member($0)] } ?? [scope]
        let stream = ResponseStream(maxBufferedBytes: 512 * 1024)
        let key = ObjectIdentifier(stream)
        box.withLock { b in
            var opening = Data("retry: 2000\n\n".utf8)
            let latest = b.state.nextID - 1
            if let text = lastEventID, let last = Int(text.trimmingCharacters(in: .whitespaces)) {
                let oldest = b.state.ring.first?.id ?? b.state.nextID
                if last >= oldest - 1 && last <= latest {
                    for entry in b.state.ring
                    where entry.id > last && (scopes.contains(entry.scope) || entry.scope == Self.everyone) {
                        opening += entry.frame
                    }
                } else {
                    opening += Self.frame(
                        id: latest, name: "reset", data: ["reason": "missed events; refetch state"] as JSONValue)
                }
            } else {
                let now = clock.now()
                opening += Self.frame(
                    id: latest, name: "hello",
                    data: Hello(
                        at: Instant.wire(now), day: Day(calendar.date(of: now)),
                        zone: calendar.timeZone.identifier))
            }
            stream.send(opening)
            b.state.clients[key] = (stream, scopes)
        }
        stream.onClose { [weak self] in
            self?.box.withLock { _ = $0.state.clients.removeValue(forKey: key) }
        }
        return stream
    }

    /// The scope of events for every client (the household day).
    static let everyone = "*"

    /// The scope of events for one member's own streams (their import's progress): `member:<id>`.
    static func member(_ userID: String) -> String { "member:" + userID }

    /// `event: hello` data: `{at, day: {date, day_name}, zone}` (docs/kitchen-display.md).
    struct Hello: Encodable, Equatable {
        /// The server's clock (docs/contract.md instant).
        let at: String
        let day: Day
        /// The household zone's IANA name (`Europe/London`): a display shows
        /// household clock times in it, whatever zone the tablet is set to.
        let zone: String
    }

    /// `event: day` data, and `hello`'s `day`: `{date, day_name}` of a household day.
    struct Day: Encodable, Equatable {
        /// `YYYY-MM-DD`.
        let date: String
        /// `"Monday"` … `"Sunday"`.
        let dayName: String

        init(_ date: LocalDate) {
            self.date = date.description
            dayName = date.dayName
        }
    }

    /// Publishes `event: day` when the household day differs from the last one seen.
    func announceDayIfChanged() {
        let today = calendar.date(of: clock.now())
        let changed = announcedDay.withLock { last in
            defer { last = today }
            return last != nil && last != today
        }
        if changed { publish(scope: Self.everyone, name: "day", payload: Day(today)) }
    }

    private func heartbeat() {
        let frame = Data("event: heartbeat\ndata: {\"at\":\"\(Instant.wire(clock.now()))\"}\n\n".utf8)
        box.withLock { b in
            for (key, client) in b.state.clients where !client.stream.send(frame) {
                b.state.clients[key] = nil
            }
        }
    }

    /// One SSE frame: `id`, `event`, one `data` line of compact JSON
    /// (``JSONCoding``: members in the payload type's order).
    static func frame<Payload: Encodable>(id: Int, name: String, data: Payload) -> Data {
        // forged's own payload types encode without throwing (WireEncoder).
        let json = (try? JSONCoding.string(data)) ?? "null"
        return Data("id: \(id)\nevent: \(name)\ndata: \(json)\n\n".utf8)
    }
}
