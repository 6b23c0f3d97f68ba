import CSystemd
import ForgeCore
import ForgeEvents
import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A private `dbus-daemon --session` for one test, stopped afterwards.
final class SessionBus {
    let process = Process()
    let address: String

    init(directory: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = ["--session", "--nofork", "--print-address=1", "--address=unix:path=\(directory)/bus"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice     // never hold the test runner's stderr open
        try process.run()
        let line = String(decoding: pipe.fileHandleForReading.availableData, as: UTF8.self)
        address = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard address.hasPrefix("unix:") else { throw TestFailure("dbus-daemon printed \(line)") }
    }

    /// SIGKILL (a session dbus-daemon here ignores SIGTERM); Foundation reaps it.
    deinit { kill(process.processIdentifier, SIGKILL) }
}

/// Owns org.freedesktop.Notifications on the bus and records each Notify
/// and CloseNotification call, answering like a notification server
/// (a new id when `replaces_id` is 0, else the same id).
final class NotificationRecorder: @unchecked Sendable {
    struct Call: Equatable { let method: String; let replacesID: UInt32; let summary: String; let returned: UInt32 }
    let calls = Mutex<[Call]>([])
    private let stopped = Atomic<Bool>(false)
    private var nextID: UInt32 = 0
    private let done = DispatchSemaphore(value: 0)

    init(address: String) throws {
        var bus: OpaquePointer?
        guard sd_bus_new(&bus) >= 0, sd_bus_set_address(bus, address) >= 0, sd_bus_set_bus_client(bus, 1) >= 0,
              sd_bus_start(bus) >= 0, let bus else { throw TestFailure("recorder cannot connect") }
        guard sd_bus_request_name(bus, "org.freedesktop.Notifications", 0) >= 0 else { throw TestFailure("name taken") }
        let me = Unmanaged.passUnretained(self).toOpaque()
        sd_bus_add_filter(bus, nil, { message, userdata, _ in
            guard let message, let userdata else { return 0 }
            return Unmanaged<NotificationRecorder>.fromOpaque(userdata).takeUnretainedValue().receive(message)
        }, me)
        let box = BusBox(bus: bus)
        Thread { [self] in
            while !stopped.load(ordering: .acquiring) {
                while sd_bus_process(box.bus, nil) > 0 {}
                _ = sd_bus_wait(box.bus, 100_000)
            }
            sd_bus_flush_close_unref(box.bus)
            done.signal()
        }.start()
    }

    struct BusBox: @unchecked Sendable { let bus: OpaquePointer }

    func stop() { stopped.store(true, ordering: .releasing); done.wait() }

    private func receive(_ m: OpaquePointer) -> Int32 {
        let interface = "org.freedesktop.Notifications"
        if sd_bus_message_is_method_call(m, interface, "Notify") > 0 {
            var app: UnsafePointer<CChar>?, icon: UnsafePointer<CChar>?, summary: UnsafePointer<CChar>?, body: UnsafePointer<CChar>?
            var replaces: UInt32 = 0
            guard forge_notify_read_head(m, &app, &replaces, &icon, &summary, &body) >= 0 else { return 0 }
            let id: UInt32
            if replaces == 0 { nextID += 1; id = nextID } else { id = replaces }
            calls.withLock { $0.append(Call(method: "Notify", replacesID: replaces,
                                            summary: summary.map { String(cString: $0) } ?? "", returned: id)) }
            _ = forge_reply_u32(m, id)
            return 1
        }
        if sd_bus_message_is_method_call(m, interface, "CloseNotification") > 0 {
            var id: UInt32 = 0
            _ = sd_bus_message_read_basic(m, CChar(UInt8(ascii: "u")), &id)
            calls.withLock { $0.append(Call(method: "CloseNotification", replacesID: id, summary: "", returned: 0)) }
            _ = forge_reply_empty(m)
            return 1
        }
        return 0
    }

    /// Waits up to 5 s for at least `count` calls.
    func waitFor(_ count: Int) -> [Call] {
        for _ in 0..<500 {
            let now = calls.withLock { $0 }
            if now.count >= count { return now }
            usleep(10_000)
        }
        return calls.withLock { $0 }
    }
}

@Suite(.serialized) struct DesktopBridgeTests {
    @Test func eachTimerUpdatesOneBubbleAndTheBridgeSurvivesADaemonRestart() throws {
        try withMigratedDatabase { db, dir in
            let bus = try SessionBus(directory: dir)
            let recorder = try NotificationRecorder(address: bus.address)
            defer { recorder.stop() }
            let hub = EventHub()
            let path = dir + "/events.sock"
            try hub.start(path: path)
            let clock = FixedClock(evening)
            let scheduler = TimerScheduler(db: db, clock: clock)
            scheduler.addSink(hub.publish)

            let bridge = DesktopBridge(socketPath: path, busAddress: bus.address, maxBackoff: 0.2)
            let finished = DispatchSemaphore(value: 0)
            Thread { bridge.run(); finished.signal() }.start()
            defer { bridge.stop(); _ = finished.wait(timeout: .now() + 5) }
            try waitUntil("bridge connects") { hub.subscriberCount > 0 }

            let rice = try scheduler.create(scope: "household", label: "Rice", seconds: 600)
            _ = try scheduler.pause(id: rice.id, scope: "household")
            _ = try scheduler.resume(id: rice.id, scope: "household")
            clock.advance(600)
            scheduler.fireDue()
            let calls = recorder.waitFor(4)
            #expect(calls.map(\.method) == ["Notify", "Notify", "Notify", "Notify"])
            #expect(calls.map(\.replacesID) == [0, 1, 1, 1])          // one bubble for the timer
            #expect(calls.last?.summary == "Rice: time's up")

            // The daemon restarts: a new hub on the same path; the bridge
            // reconnects, gets the snapshot (the ringing timer) and carries on.
            hub.stop()
            let again = EventHub()
            try again.start(path: path)
            defer { again.stop() }
            let restarted = TimerScheduler(db: db, clock: clock)
            restarted.addSink(again.publish)
            try restarted.recover()
            try waitUntil("bridge reconnects") { again.subscriberCount > 0 }
            let eggs = try restarted.create(scope: "household", label: "Eggs", seconds: 420)
            _ = try restarted.dismiss(id: rice.id, scope: "household")
            let after = recorder.waitFor(7)
            #expect(after.count == 7)
            #expect(after[4].method == "Notify" && after[4].summary == "Rice: time's up")   // from the snapshot
            #expect(after[5].summary == "Eggs" && after[5].replacesID == 0)
            #expect(after[6].method == "CloseNotification" && after[6].replacesID == after[4].returned)
            _ = eggs
        }
    }
}

/// Polls `condition` every 5 ms for up to 5 s.
func waitUntil(_ what: String, _ condition: () -> Bool) throws {
    for _ in 0..<1000 {
        if condition() { return }
        usleep(5_000)
    }
    throw TestFailure("timed out: \(what)")
}
