import ForgeCore
import ForgeEvents
import Foundation
import Testing

/// The two-way event socket: commands written by one subscriber, answered
/// to it alone, with the change announced to everyone.
@Suite(.serialized) struct SocketCommandTests {
    @Test func aCommandIsAnsweredOnItsConnectionAndAnnouncedToEverySubscriber() throws {
        try withMigratedDatabase { db, _ in
            try withHub { hub, path in
                let clock = FixedClock(evening)
                let scheduler = TimerScheduler(db: db, clock: clock)
                scheduler.addSink(hub.publish)
                hub.handleCommands { SocketCommand.answer($0, scheduler: scheduler) }
                let rice = try scheduler.create(scope: "household", label: "Rice", seconds: 600)
                clock.advance(600)
                scheduler.fireDue()
                let desktop = try EventSubscriber(path, readTimeout: 5)
                let other = try EventSubscriber(path, readTimeout: 5)
                _ = try desktop.next()
                _ = try other.next()  // snapshots

                try desktop.send(#"{"op": "extend", "timer": "\#(rice.id)", "seconds": 60, "id": 7}"#)
                let announced = try desktop.next()
                let reply = try desktop.next()
                #expect(announced["type"] == "timer.extended" && announced["timer"]?["state"] == "running")
                #expect(reply["type"] == "reply" && reply["ok"] == true && reply["id"] == 7)
                #expect(reply["timer"]?["ends_at"] == .string(Instant.wire(clock.now() + 60)))
                #expect(try other.next()["type"] == "timer.extended")  // everyone hears the change
                clock.advance(60)
                scheduler.fireDue()
                _ = try desktop.next()
                _ = try other.next()
                try desktop.send(SocketCommand(op: .dismiss, timer: rice.id).line)
                #expect(try desktop.next()["type"] == "timer.dismissed")
                #expect(try desktop.next()["ok"] == true)
                #expect(try other.next()["type"] == "timer.dismissed")
                #expect(try scheduler.timers(scope: "household").isEmpty)
            }
        }
    }

    @Test func badCommandsAreRefusedWithACodeAndChangeNothing() throws {
        try withMigratedDatabase { db, _ in
            try withHub { hub, path in
                let scheduler = TimerScheduler(db: db, clock: FixedClock(evening))
                scheduler.addSink(hub.publish)
                hub.handleCommands { SocketCommand.answer($0, scheduler: scheduler) }
                let rice = try scheduler.create(scope: "household", label: "Rice", seconds: 600)
                let s = try EventSubscriber(path, readTimeout: 5)
                _ = try s.next()
                let cases: [(String, String)] = [
                    ("not json", "bad_request"),
                    (#"{"op": "explode", "timer": "\#(rice.id)"}"#, "bad_request"),
                    (#"{"op": "pause"}"#, "bad_request"),
                    (#"{"op": "extend", "timer": "\#(rice.id)"}"#, "bad_request"),
                    (#"{"op": "extend", "timer": "\#(rice.id)", "seconds": 0}"#, "invalid_input"),
                    (#"{"op": "dismiss", "timer": "\#(rice.id)"}"#, "conflict"),  // still running
                    (#"{"op": "pause", "timer": "nope"}"#, "not_found"),
                    (String(repeating: "x", count: SocketCommand.maxLineBytes + 10), "bad_request"),
                ]
                for (line, code) in cases {
                    try s.send(line)
                    let reply = try s.next()
                    #expect(
                        reply["type"] == "reply" && reply["ok"] == false
                            && reply["error"]?["code"]?.stringValue == code,
                        "\(line.prefix(40)) → \(reply)")
                }
                let unchanged = try #require(try scheduler.timers(scope: "household").first)
                #expect(unchanged.state == .running && unchanged.seconds == 600)
            }
        }
    }

    @Test func aHubWithoutAHandlerSaysSo() throws {
        try withHub { _, path in
            let s = try EventSubscriber(path, readTimeout: 5)
            _ = try s.next()
            try s.send(#"{"op": "pause", "timer": "x"}"#)
            #expect(
                s.nextLine()
                    == #"{"v":\#(EventEnvelope.version),"type":"reply","ok":false,"error":{"code":"unavailable","message":"this socket takes no commands"}}"#
            )
        }
    }

    /// Replies are written in docs/notifications.md's member order: `v`,
    /// `type`, `id`, `ok`, then `timer` or `error`.
    @Test func repliesKeepTheDocumentedMemberOrder() throws {
        try withMigratedDatabase { db, _ in
            try withHub { hub, path in
                let scheduler = TimerScheduler(db: db, clock: FixedClock(evening))
                hub.handleCommands { SocketCommand.answer($0, scheduler: scheduler) }
                let rice = try scheduler.create(scope: "household", label: "Rice", seconds: 600)
                let s = try EventSubscriber(path, readTimeout: 5)
                _ = try s.next()
                let v = EventEnvelope.version
                try s.send(#"{"op": "pause", "timer": "nope", "id": "a"}"#)
                #expect(
                    s.nextLine()
                        == #"{"v":\#(v),"type":"reply","id":"a","ok":false,"error":{"code":"not_found","message":"timer not found"}}"#
                )
                try s.send("not json")
                #expect(
                    s.nextLine()?.hasPrefix(
                        #"{"v":\#(v),"type":"reply","id":null,"ok":false,"error":{"code":"bad_request","message":"#)
                        == true)
                try s.send(#"{"op": "pause", "timer": "\#(rice.id)", "id": 3}"#)
                let paused = try #require(s.nextLine())
                #expect(paused.hasPrefix(#"{"v":\#(v),"type":"reply","id":3,"ok":true,"timer":{"#), "\(paused)")
                #expect(!paused.contains(#""error""#))
            }
        }
    }
}
