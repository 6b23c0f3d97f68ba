import CSystemd
import ForgeCore
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// `forged notify desktop`: reads the event socket and shows each
/// envelope's `notification` with `org.freedesktop.Notifications.Notify`
/// over the session bus (sd-bus), and closes the loop back to the daemon:
///
/// - One bubble per `replaces_key`: the id the desktop returned is passed
///   back as `replaces_id`, so a timer updates its own bubble;
///   `close: true` calls `CloseNotification`.
/// - `ActionInvoked` on a timer's bubble becomes a ``SocketCommand`` written
///   on the same socket: `dismiss` → dismiss, `extend-60` → extend by 60 s,
///   `pause` / `resume` likewise. The daemon announces the change to every
///   subscriber and the bubble updates from that announcement.
/// - A running timer's bubble is rendered from its deadline (`timer.ends_at`)
///   when it is shown, so a snapshot's replay says what is left now, and shown
///   again each ``refreshEvery`` seconds (a minute) while it runs, replacing
///   itself, so "9:20 left" does not stay on screen for minutes (issue 41 item 11).
/// - `NotificationClosed` forgets the bubble's id, so the next change of
///   that key opens a new bubble instead of replacing a closed one.
/// - When the daemon's socket or the bus goes away, ``run()`` returns 1 so
///   systemd (`Restart=on-failure`) starts it again; it returns 0 only
///   after ``stop()``. It also returns 1 when either cannot be opened at start.
package final class DesktopBridge: @unchecked Sendable {
    let socketPath: String
    /// A D-Bus address (`unix:path=...`); nil = the user's session bus.
    let busAddress: String?
    /// "Now" for rendering a running timer's bubble from its deadline.
    let clock: any Clock
    /// Seconds between refreshes of running timers' bubbles; nil: only on changes.
    let refreshEvery: TimeInterval?
    /// The last envelope of each running timer's bubble (by `replaces_key`), shown again on refresh.
    private var running: [String: JSONValue] = [:]
    /// When each running timer's bubble was last shown (by `replaces_key`): each is refreshed on its own minute.
    private var shownAt: [String: Date] = [:]
    private var bus: OpaquePointer?
    private var slots: [OpaquePointer?] = [nil, nil]
    /// Bubble id per `replaces_key`, and the reverse for signals.
    private var ids: [String: UInt32] = [:]
    private var socket: Int32 = -1
    private var input: [UInt8] = []
    private let stopped = Atomic<Bool>(false)
    private let wake: (read: Int32, write: Int32)

    /// A bridge from forged's event socket at `socketPath` to the desktop's
    /// notification service; nothing connects until ``run()``.
    /// - Parameters:
    ///   - busAddress: a D-Bus address to use instead of the user's session bus (tests).
    ///   - clock: forged's clock (`Settings.clock` in `forged notify desktop`).
    ///   - refreshEvery: seconds between refreshes of running timers' bubbles (60; nil: never).
    package init(socketPath: String, busAddress: String? = nil, clock: any Clock, refreshEvery: TimeInterval? = 60) {
        self.socketPath = socketPath
        self.busAddress = busAddress
        self.clock = clock
        self.refreshEvery = refreshEvery
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        wake = (fds[0], fds[1])
    }

    deinit {
        close(wake.read)
        close(wake.write)
    }

    /// Runs until the socket or the bus goes away (returns 1) or ``stop()`` (returns 0).
    @discardableResult
    package func run() -> Int32 {
        defer {
            for slot in slots { if let slot { sd_bus_slot_unref(slot) } }
            if let bus { sd_bus_flush_close_unref(bus) }
            bus = nil
            if socket >= 0 { close(socket) }
            socket = -1
        }
        guard let fd = try? UnixSocket.connect(path: socketPath) else {
            Log.error("desktop bridge: cannot connect to \(socketPath) (is forged serve running? in group forge?)")
            return 1
        }
        socket = fd
        guard openBus() else { return 1 }
        Log.info("desktop bridge: reading \(socketPath)")
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while !stopped.load(ordering: .acquiring) {
            guard let bus else { return 1 }
            var events = Int16(sd_bus_get_events(bus))
            if events < 0 { events = Int16(POLLIN) }
            var fds = [
                pollfd(fd: socket, events: Int16(POLLIN), revents: 0),
                pollfd(fd: sd_bus_get_fd(bus), events: events, revents: 0),
                pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 3, 1000)
            if ready < 0 && errno != EINTR { return 1 }
            if stopped.load(ordering: .acquiring) { break }
            if fds[0].revents != 0 {
                let n = read(socket, &chunk, chunk.count)
                if n == 0 || (n < 0 && errno != EINTR && errno != EAGAIN) {
                    Log.warning("desktop bridge: the daemon closed the event socket; exiting for a restart")
                    return 1
                }
                if n > 0 { take(chunk[..<n]) }
            }
            var r: Int32 = 1
            while r > 0 { r = sd_bus_process(bus, nil) }
            if r < 0 || sd_bus_is_open(bus) <= 0 {
                Log.warning("desktop bridge: lost the session bus; exiting for a restart")
                return 1
            }
            refreshIfDue()
        }
        return 0
    }

    /// Shows each running timer's bubble again once ``refreshEvery`` has passed since it was last
    /// shown, while its deadline is ahead (a timer past it rings by its own event).
    private func refreshIfDue() {
        guard let refreshEvery else { return }
        let now = clock.now()
        for (key, envelope) in running {
            guard let text = envelope["timer"]?["ends_at"]?.stringValue, let ends = Instant.parse(text), ends > now
            else {
                running[key] = nil
                shownAt[key] = nil
                continue
            }
            if let shown = shownAt[key], now.timeIntervalSince(shown) < refreshEvery { continue }
            show(envelope)
        }
    }

    /// Makes ``run()`` return 0 (from another thread).
    package func stop() {
        stopped.store(true, ordering: .releasing)
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    private func take(_ bytes: ArraySlice<UInt8>) {
        input += bytes
        while let newline = input.firstIndex(of: 10) {
            let line = String(decoding: input[..<newline], as: UTF8.self)
            input.removeSubrange(...newline)
            handle(line)
        }
    }

    /// One line of the socket: a snapshot (each event in it), a reply to
    /// one of our commands (logged when refused) or one event.
    func handle(_ line: String) {
        guard let value = try? JSONCoding.decode(JSONValue.self, from: Data(line.utf8)) else { return }
        switch value["type"]?.stringValue {
        case "snapshot": for event in value["events"]?.arrayValue ?? [] { show(event) }
        case "reply":
            if value["ok"] == false {
                Log.warning("desktop bridge: the daemon refused: \(value["error"]?["message"]?.stringValue ?? "?")")
            }
        default: show(value)
        }
    }

    private func show(_ envelope: JSONValue) {
        guard let bus, let notify = envelope["notification"], let extras = envelope["notification_extras"],
            var n = DesktopNotification(notify: notify, extras: extras)
        else { return }
        // A running timer's bubble says what is left now, from its deadline, not what was left
        // when the event was written (a snapshot replays events minutes old; issue 28).
        if !n.close, let body = EventEnvelope.liveBody(timer: envelope["timer"], now: clock.now()) { n.body = body }
        running[n.replacesKey] = !n.close && envelope["timer"]?["state"] == "running" ? envelope : nil
        shownAt[n.replacesKey] = running[n.replacesKey] == nil ? nil : clock.now()
        let result: Int32
        if n.close {
            guard let id = ids[n.replacesKey] else { return }
            result = forge_close_notification(bus, id)
            ids[n.replacesKey] = nil
        } else {
            var newID: UInt32 = 0
            let actions = n.actions.map { strdup($0) }
            defer { actions.forEach { free($0) } }
            result = actions.map { UnsafePointer($0) }.withUnsafeBufferPointer { list in
                forge_notify(
                    bus, DesktopNotification.appName, ids[n.replacesKey] ?? 0, "", n.summary, n.body,
                    list.baseAddress, list.count, n.urgency, n.kind.category, n.expireTimeout, &newID)
            }
            if result >= 0 { ids[n.replacesKey] = newID }
        }
        if result < 0 { Log.warning("desktop bridge: D-Bus call failed: \(String(cString: strerror(-result)))") }
    }

    /// The user clicked `action` on bubble `id`: the matching command, written to the daemon.
    func actionInvoked(id: UInt32, action: String) {
        guard let key = ids.first(where: { $0.value == id })?.key, key.hasPrefix("timer:") else { return }
        let timer = String(key.dropFirst("timer:".count))
        let command: SocketCommand? =
            switch action {
            case "dismiss": SocketCommand(op: .dismiss, timer: timer)
            case "extend-60": SocketCommand(op: .extend, timer: timer, seconds: 60)
            case "pause": SocketCommand(op: .pause, timer: timer)
            case "resume": SocketCommand(op: .resume, timer: timer)
            default: nil
            }
        guard let command else { return }
        let bytes = Array(command.line.utf8)
        let sent = bytes.withUnsafeBytes { send(socket, $0.baseAddress, $0.count, UnixSocket.noSignal) }
        if sent != bytes.count { Log.warning("desktop bridge: could not send \(action) to the daemon") }
    }

    /// `NotificationClosed` reason 2: the user dismissed the bubble (Desktop Notifications
    /// Specification 1.2; 1 is expired, 3 closed by `CloseNotification`).
    static let dismissedByUser: UInt32 = 2

    /// Bubble `id` was closed for `reason`: its id is forgotten (the next change opens a new
    /// bubble). One the user dismissed is not refreshed again; one that expired is, on its minute.
    func notificationClosed(id: UInt32, reason: UInt32) {
        for (key, value) in ids where value == id {
            ids[key] = nil
            if reason == Self.dismissedByUser {
                running[key] = nil
                shownAt[key] = nil
            }
        }
    }

    private func openBus() -> Bool {
        var opened: OpaquePointer?
        var r: Int32
        if let busAddress {
            r = sd_bus_new(&opened)
            if r >= 0 { r = sd_bus_set_address(opened, busAddress) }
            if r >= 0 { r = sd_bus_set_bus_client(opened, 1) }
            if r >= 0 { r = sd_bus_start(opened) }
        } else {
            r = sd_bus_open_user(&opened)
        }
        guard r >= 0, let opened else {
            if let opened { sd_bus_unref(opened) }
            Log.error("desktop bridge: cannot open the session bus: \(String(cString: strerror(-r)))")
            return false
        }
        bus = opened
        let me = Unmanaged.passUnretained(self).toOpaque()
        let interface = "org.freedesktop.Notifications"
        let path = "/org/freedesktop/Notifications"
        r = sd_bus_match_signal(
            opened, &slots[0], nil, path, interface, "ActionInvoked",
            { m, userdata, _ in
                guard let m, let userdata else { return 0 }
                var id: UInt32 = 0
                var key: UnsafePointer<CChar>?
                if forge_read_action_invoked(m, &id, &key) >= 0, let key {
                    Unmanaged<DesktopBridge>.fromOpaque(userdata).takeUnretainedValue().actionInvoked(
                        id: id, action: String(cString: key))
                }
                return 0
            }, me)
        if r >= 0 {
            r = sd_bus_match_signal(
                opened, &slots[1], nil, path, interface, "NotificationClosed",
                { m, userdata, _ in
                    guard let m, let userdata else { return 0 }
                    var id: UInt32 = 0
                    var reason: UInt32 = 0
                    if forge_read_notification_closed(m, &id, &reason) >= 0 {
                        Unmanaged<DesktopBridge>.fromOpaque(userdata).takeUnretainedValue().notificationClosed(
                            id: id, reason: reason)
                    }
                    return 0
                }, me)
        }
        if r < 0 {
            Log.error("desktop bridge: cannot subscribe to notification signals: \(String(cString: strerror(-r)))")
        }
        return r >= 0
    }
}
