import ForgeCore
import ForgeEvents
import Foundation
import Testing

/// The `notification` rendering fed to a real client: `notify-send`
/// (libnotify-bin) runs with the rendered arguments against a private
/// session bus whose notification server records what arrived.
@Suite(.serialized) struct NotifySendRenderingTests {
    struct Run {
        let status: Int32
        let output: String
        let errors: String
    }

    func notifySend(_ arguments: [String], bus: String) throws -> Run {
        let path = "/usr/bin/notify-send"
        guard FileManager.default.isExecutableFile(atPath: path) else {
            throw TestFailure(
                "notify-send missing: apt-get install libnotify-bin (make deps installs packaging/debian-packages.txt)")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = ["DBUS_SESSION_BUS_ADDRESS": bus, "PATH": "/usr/bin:/bin"]
        let out = Pipe()
        process.standardOutput = out
        let err = Pipe()
        process.standardError = err
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            process.terminate()
            throw TestFailure("notify-send did not return")
        }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        return Run(status: process.terminationStatus, output: text, errors: errors)
    }

    @Test func notifySendDeliversEveryRenderingAsTheSpecTypesIt() throws {
        try withMigratedDatabase { db, dir in
            let clock = FixedClock(evening)
            let scheduler = TimerScheduler(db: db, clock: clock)
            let events = EventRecorder()
            scheduler.addSink(events.record)
            let rice = try scheduler.create(scope: "household", label: "Rice", seconds: 600)
            clock.advance(600)
            scheduler.fireDue()
            let ada = EventEnvelope.Recipient(id: "u1", name: "Ada")
            let envelopes =
                events.all.map(EventEnvelope.timer) + [
                    EventEnvelope.plannedDayReminder(
                        seq: 9, at: evening, day: LocalDate("2026-07-20")!,
                        title: "Planned today: Lower A", body: "-45 min", user: ada)
                ]
            let bus = try SessionBus(directory: dir)
            let server = try NotificationRecorder(address: bus.address, answersActions: true)
            defer { server.stop() }
            for (index, envelope) in envelopes.enumerated() {
                let notify = try #require(envelope["notification"])
                let extras = try #require(envelope["notification_extras"])
                // Only Notify's eight arguments in `notification`.
                #expect(
                    Set(notify.objectValue.map { Array($0.keys) } ?? []) == [
                        "app_name", "replaces_id", "app_icon", "summary",
                        "body", "actions", "hints", "expire_timeout",
                    ])
                let arguments = extras["notify_send"]?.arrayValue?.compactMap(\.stringValue) ?? []
                let run = try notifySend(arguments, bus: bus.address)
                #expect(run.status == 0, "notify-send: \(run.errors)")
                try waitUntil("Notify \(index + 1)") { server.notifyCalls.count > index }
                let call = server.notifyCalls[index]
                #expect(call.method == "Notify" && call.appName == notify["app_name"]?.stringValue)
                #expect(call.summary == notify["summary"]?.stringValue && call.body == notify["body"]?.stringValue)
                #expect(call.urgency.map { JSONValue.int(Int($0)) } == notify["hints"]?["urgency"]?["value"])
                #expect(notify["hints"]?["urgency"]?["type"] == "byte")
                #expect(DesktopNotification.urgencyNames[Int(call.urgency ?? 9) % 3] == extras["urgency"]?.stringValue)
                #expect(call.category == notify["hints"]?["category"]?["value"]?.stringValue)
                #expect(.int(Int(call.expireTimeout)) == notify["expire_timeout"])
                #expect(call.actions.map(JSONValue.string) == notify["actions"]?.arrayValue)
                // With actions, notify-send waits and prints the key clicked (the server clicks the first).
                #expect(run.output.trimmingCharacters(in: .whitespacesAndNewlines) == (call.actions.first ?? ""))
            }
            // (notify-send closes a bubble itself once an action is chosen: CloseNotification calls in between.)
            let calls = server.notifyCalls
            #expect(calls.map(\.urgency) == [0, 2, 1])  // running low, ringing critical, reminder normal
            #expect(calls[1].summary == "Rice: time's up" && calls[1].expireTimeout == 0)
            #expect(calls[1].actions == ["dismiss", "Dismiss", "extend-60", "+1 min"])
            #expect(calls[2].body == "-45 min")  // a body starting with '-' is not an option
            _ = rice
        }
    }
}
