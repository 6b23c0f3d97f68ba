import CSystemd
import ForgeCore
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
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon") else {
            throw TestFailure(
                "dbus-daemon missing: apt-get install dbus-daemon (make deps installs packaging/debian-packages.txt)")
        }
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        process.arguments = ["--session", "--nofork", "--print-address=1", "--address=unix:path=\(directory)/bus"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice  // never hold the test runner's stderr open
        try process.run()
        let line = String(decoding: pipe.fileHandleForReading.availableData, as: UTF8.self)
        address = line.trimmingCharacters(in: .whitespacesAndNewlines)
        guard address.hasPrefix("unix:") else { throw TestFailure("dbus-daemon printed \(line)") }
    }

    /// Stops the bus at once (SIGKILL: a session dbus-daemon here ignores SIGTERM).
    func kill() { Glibc.kill(process.processIdentifier, SIGKILL) }

    deinit { kill() }
}

/// Owns org.freedesktop.Notifications on the bus and records each Notify
/// and CloseNotification call with its arguments, answering like a
/// notification server (a new id when `replaces_id` is 0, else the same
/// id). ``invoke(_:action:)`` and ``closeByUser(_:)`` play the user
/// clicking a button or closing a bubble (the signals a real server emits).
final class NotificationRecorder: @unchecked Sendable {
    struct Call: Equatable {
        let method: String
        let replacesID: UInt32
        let summary: String
        let returned: UInt32
        var appName = "", body = ""
        var actions: [String] = []
        /// nil when the `urgency` hint is missing or not a byte.
        var urgency: UInt8? = nil
        var category: String? = nil
        var expireTimeout: Int32 = -1
    }

    let calls = Mutex<[Call]>([])
    /// With true, every Notify carrying actions is answered at once by
    /// `ActionInvoked(id, first action)` then `NotificationClosed(id, 2)`.
    let answersActions: Bool
    private let stopped = Atomic<Bool>(false)
    /// Signals to emit: an action clicked, or a close with its reason (2 by the user, 1 expired).
    private let signals = Mutex<[(id: UInt32, action: String?, reason: UInt32)]>([])
    private var nextID: UInt32 = 0
    private let done = DispatchSemaphore(value: 0)

    init(address: String, answersActions: Bool = false) throws {
        self.answersActions = answersActions
        var bus: OpaquePointer?
        guard sd_bus_new(&bus) >= 0, sd_bus_set_address(bus, address) >= 0, sd_bus_set_bus_client(bus, 1) >= 0,
            sd_bus_start(bus) >= 0, let bus
        else { throw TestFailure("recorder cannot connect") }
        guard sd_bus_request_name(bus, "org.freedesktop.Notifications", 0) >= 0 else { throw TestFailure("name taken") }
        let me = Unmanaged.passUnretained(self).toOpaque()
        sd_bus_add_filter(
            bus, nil,
            { message, userdata, _ in
                guard let message, let userdata else { return 0 }
                return Unmanaged<NotificationRecorder>.fromOpaque(userdata).takeUnretainedValue().receive(message)
            }, me)
        let box = BusBox(bus: bus)
        Thread { [self] in
            while !stopped.load(ordering: .acquiring) {
                while sd_bus_process(box.bus, nil) > 0 {}
                for signal in signals.withLock({ s in
                    defer { s = [] }
                    return s
                }) {
                    if let action = signal.action {
                        _ = forge_emit_action_invoked(box.bus, signal.id, action)
                    } else {
                        _ = forge_emit_notification_closed(box.bus, signal.id, signal.reason)
                    }
                }
                _ = sd_bus_flush(box.bus)
                _ = sd_bus_wait(box.bus, 20_000)
            }
            sd_bus_flush_close_unref(box.bus)
            done.signal()
        }.start()
    }

    struct BusBox: @unchecked Sendable { let bus: OpaquePointer }

    func stop() {
        stopped.store(true, ordering: .releasing)
        done.wait()
    }

    /// The user clicks `action` on bubble `id` (`ActionInvoked`).
    func invoke(_ id: UInt32, action: String) { signals.withLock { $0.append((id, action, 0)) } }

    /// The user closes bubble `id` (`NotificationClosed`, reason 2).
    func closeByUser(_ id: UInt32) { signals.withLock { $0.append((id, nil, 2)) } }

    /// Bubble `id` expires (`NotificationClosed`, reason 1).
    func expire(_ id: UInt32) { signals.withLock { $0.append((id, nil, 1)) } }

    private func receive(_ m: OpaquePointer) -> Int32 {
        let interface = "org.freedesktop.Notifications"
        if sd_bus_message_is_method_call(m, interface, "Notify") > 0 {
            var app: UnsafePointer<CChar>?
            var icon: UnsafePointer<CChar>?
            var summary: UnsafePointer<CChar>?
            var body: UnsafePointer<CChar>?
            var replaces: UInt32 = 0
            guard forge_notify_read_head(m, &app, &replaces, &icon, &summary, &body) >= 0 else { return 0 }
            var actionText = [CChar](repeating: 0, count: 4096)
            var urgency: UInt8 = 0
            var hasUrgency: Int32 = 0
            var expire: Int32 = 0
            var category: UnsafePointer<CChar>?
            guard
                forge_notify_read_tail(m, &actionText, actionText.count, &urgency, &hasUrgency, &category, &expire) >= 0
            else { return 0 }
            let id: UInt32
            if replaces == 0 {
                nextID += 1
                id = nextID
            } else {
                id = replaces
            }
            let actions = String(decoding: actionText.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                .split(separator: "\n", omittingEmptySubsequences: false)
                .dropLast().map(String.init)
            let call = Call(
                method: "Notify", replacesID: replaces, summary: summary.map { String(cString: $0) } ?? "",
                returned: id, appName: app.map { String(cString: $0) } ?? "",
                body: body.map { String(cString: $0) } ?? "", actions: actions,
                urgency: hasUrgency == 1 ? urgency : nil, category: category.map { String(cString: $0) },
                expireTimeout: expire)
            calls.withLock { $0.append(call) }
            _ = forge_reply_u32(m, id)
            if answersActions, let first = actions.first {
                signals.withLock { $0 += [(id, first, 0), (id, nil, 2)] }
            }
            return 1
        }
        if sd_bus_message_is_method_call(m, interface, "GetCapabilities") > 0 {
            _ = forge_reply_capabilities(m)
            return 1
        }
        if sd_bus_message_is_method_call(m, interface, "GetServerInformation") > 0 {
            _ = forge_reply_server_information(m, "forge-test-recorder")
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

    /// The Notify calls so far.
    var notifyCalls: [Call] { calls.withLock { $0.filter { $0.method == "Notify" } } }

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
