import CSystemd
import ForgeCore
import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// `forged notify desktop`: reads the event socket and shows each
/// envelope's `notification` with `org.freedesktop.Notifications.Notify`
/// over the session bus (sd-bus). One bubble per `replaces_key`: the id the
/// desktop returned is passed back as `replaces_id`, so a timer updates its
/// own bubble; `close: true` calls `CloseNotification`. When the daemon
/// (socket) or the bus goes away, it reconnects with a growing pause (up
/// to `maxBackoff` seconds) and keeps going; it exits only on ``stop()``.
public final class DesktopBridge: @unchecked Sendable {
    let socketPath: String
    /// A D-Bus address (`unix:path=...`); nil = the user's session bus.
    let busAddress: String?
    let maxBackoff: Double
    private var bus: OpaquePointer?
    private var ids: [String: UInt32] = [:]
    private let stopped = Atomic<Bool>(false)
    private let socketFD = Atomic<Int32>(-1)

    public init(socketPath: String, busAddress: String? = nil, maxBackoff: Double = 10) {
        self.socketPath = socketPath
        self.busAddress = busAddress
        self.maxBackoff = maxBackoff
    }

    /// Runs until ``stop()``; returns 0.
    @discardableResult
    public func run() -> Int32 {
        var pause = 0.1
        while !stopped.load(ordering: .acquiring) {
            guard let fd = try? UnixSocket.connect(path: socketPath) else {
                sleep(seconds: pause); pause = min(maxBackoff, pause * 2); continue
            }
            socketFD.store(fd, ordering: .releasing)
            Log.info("desktop bridge: reading \(socketPath)")
            pause = 0.1
            let reader = LineReader(fd: fd)
            while let line = reader.next() { handle(line) }
            socketFD.store(-1, ordering: .releasing)
            close(fd)
            if !stopped.load(ordering: .acquiring) { Log.notice("desktop bridge: event socket closed; reconnecting") }
        }
        closeBus()
        return 0
    }

    /// Makes ``run()`` return (from another thread).
    public func stop() {
        stopped.store(true, ordering: .releasing)
        let fd = socketFD.load(ordering: .acquiring)
        if fd >= 0 { shutdown(fd, Int32(Glibc.SHUT_RDWR)) }
    }

    /// One line of the socket: a snapshot (each event in it) or one event.
    func handle(_ line: String) {
        guard let value = try? JSONCoding.decode(JSONValue.self, from: Data(line.utf8)) else { return }
        if value["type"] == "snapshot" {
            for event in value["events"]?.arrayValue ?? [] { show(event) }
        } else {
            show(value)
        }
    }

    private func show(_ envelope: JSONValue) {
        guard let json = envelope["notification"], let n = DesktopNotification(json: json) else { return }
        for attempt in 0..<2 {
            guard let bus = openBus() else { return }
            let result: Int32
            if n.close {
                guard let id = ids[n.replacesKey] else { return }
                result = forge_close_notification(bus, id)
                if result >= 0 { ids[n.replacesKey] = nil }
            } else {
                var newID: UInt32 = 0
                let actions = n.actions.map { strdup($0) }
                defer { actions.forEach { free($0) } }
                result = actions.map { UnsafePointer($0) }.withUnsafeBufferPointer { list in
                    forge_notify(bus, DesktopNotification.appName, ids[n.replacesKey] ?? 0, "", n.summary, n.body,
                                 list.baseAddress, list.count, n.urgency, n.kind.category, n.expireTimeout, &newID)
                }
                if result >= 0 { ids[n.replacesKey] = newID }
            }
            if result >= 0 { return }
            Log.warning("desktop bridge: D-Bus call failed (\(String(cString: strerror(-result)))); reconnecting to the bus")
            closeBus()
            ids = [:]
            if attempt == 0 { sleep(seconds: 0.2) }
        }
    }

    private func openBus() -> OpaquePointer? {
        if let bus { return bus }
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
            Log.warning("desktop bridge: cannot open the session bus: \(String(cString: strerror(-r)))")
            return nil
        }
        bus = opened
        return opened
    }

    private func closeBus() {
        if let bus { sd_bus_flush_close_unref(bus) }
        bus = nil
    }

    private func sleep(seconds: Double) { usleep(useconds_t(seconds * 1_000_000)) }
}
