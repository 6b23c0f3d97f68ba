import ForgeCore
import ForgeEvents
import ForgeStore
import Foundation

/// The long-lived parts behind cook mode: the timer scheduler, the event
/// hub on the Unix socket and the live (SSE) stream. `forged serve` calls
/// ``start(runtimeDir:socketFD:)`` after the HTTP server is listening and
/// ``stop()`` before stopping it.
///
/// Every timer change goes, in commit order, to the hub (socket) and the
/// live stream; both only buffer, so the scheduler never waits on them.
package final class CookServices: Sendable {
    package let scheduler: TimerScheduler
    package let hub: EventHub
    package let live: LiveEvents

    init(db: Database, clock: any Clock, calendar: HouseholdCalendar) {
        scheduler = TimerScheduler(db: db, clock: clock)
        hub = EventHub(clock: clock)
        live = LiveEvents(clock: clock, calendar: calendar)
        scheduler.addSink { [hub, live] event in
            hub.publish(event)
            live.publish(event)
        }
        hub.handleCommands { [scheduler] line in SocketCommand.answer(line, scheduler: scheduler) }
    }

    /// Starts the event socket and the scheduler (which reloads pending
    /// timers and fires what came due while the daemon was down).
    /// - Parameters:
    ///   - runtimeDir: where `events.sock` is bound (mode 0660); nil for no socket.
    ///   - socketFD: an already-listening socket to use instead (systemd's `events`).
    /// A socket that cannot be bound is logged, not fatal: timers and the
    /// live stream work without it.
    package func start(runtimeDir: String?, socketFD: Int32? = nil) throws {
        if let socketFD {
            hub.start(listeningOn: socketFD)
        } else if let runtimeDir {
            let path = (runtimeDir as NSString).appendingPathComponent("events.sock")
            do {
                try FileManager.default.createDirectory(atPath: runtimeDir, withIntermediateDirectories: true)
                try hub.start(path: path)
                Log.notice("event socket on \(path)")
            } catch {
                Log.warning("event socket unavailable: \(error)")
            }
        }
        live.start()
        try scheduler.start()
    }

    /// Publishes a non-timer notice on the event socket; `envelope` gets the
    /// next sequence number (shared with timer events, so order holds).
    package func announce(_ envelope: (UInt64) -> JSONValue) {
        scheduler.withNextSequence { seq in hub.publish(envelope(seq)) }
    }

    /// Stops the scheduler, the socket and every live stream.
    package func stop() {
        scheduler.stop()
        hub.stop()
        live.stop()
    }
}
