import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `forged notify tail` as a child process, its stdout in a file, one JSON
/// envelope per line.
final class TailProcess {
    let process = Process()
    let outPath = shortTemporaryPath(".tail")

    init(runtimeDir: String) throws {
        _ = FileManager.default.createFile(atPath: outPath, contents: nil)
        let out = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
        defer { try? out.close() }
        process.executableURL = URL(fileURLWithPath: try #require(ReleaseBinary.path))
        process.arguments = ["notify", "tail", "--runtime-dir", runtimeDir, "--config", "/dev/null"]
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
    }

    deinit {
        if process.isRunning { process.terminate() }
        unlink(outPath)
    }

    /// Every line printed so far, parsed.
    var envelopes: [[String: Any]] {
        let text = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").compactMap {
            try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
        }
    }

    /// Waits up to `seconds` for a line whose `type` is `type` (and, when
    /// given, whose timer has `timerID`).
    func wait(for type: String, timerID: String? = nil, seconds: Double = 10) -> [String: Any]? {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if let hit = envelopes.first(where: { e in
                e["type"] as? String == type
                    && (timerID == nil || (e["timer"] as? [String: Any])?["id"] as? String == timerID)
            }) {
                return hit
            }
            usleep(20_000)
        }
        return nil
    }
}

/// The issue's done-when on the shipped binary: a timer started over HTTP
/// shows in `forged notify tail`, survives `kill -9` and a restart of the
/// daemon, and fires late with both renderings on the socket.
@Suite(.serialized, .enabled(if: ReleaseBinary.path != nil, "set FORGED_RELEASE_BINARY (make test does)"))
struct NotifyTailTests {
    @Test func aTimerSurvivesKillNineAndFiresLateOnTheSocket() async throws {
        let state = temporaryDirectory()
        let runtime = shortTemporaryPath("-run")
        defer {
            try? FileManager.default.removeItem(at: state)
            try? FileManager.default.removeItem(atPath: runtime)
        }
        let arguments = [
            "serve", "--listen", "127.0.0.1:0", "--state-dir", state.path, "--runtime-dir", runtime,
            "--dev-auth", "--config", "/dev/null", "--allowed-users", "ada@example.org:Ada,ben@example.org:Ben",
        ]
        let first = try ForgedProcess(arguments)
        #expect(first.port > 0, "forged did not start: \(first.log)")
        let socketPath = runtime + "/events.sock"
        var info = stat()
        #expect(stat(socketPath, &info) == 0 && info.st_mode & 0o777 == 0o660)

        let tail = try TailProcess(runtimeDir: runtime)
        let snapshot = try #require(tail.wait(for: "snapshot"))
        #expect((snapshot["events"] as? [Any])?.isEmpty == true)

        let (_, _, signIn) = try await first.fetch("/auth/dev", method: "POST", body: #"{"email":"ada@example.org"}"#)
        let cookie = try #require(
            signIn.value(forHTTPHeaderField: "Set-Cookie")?.split(separator: ";").first.map(String.init))
        let (status, body, _) = try await first.fetch(
            "/api/cook/timers", method: "POST",
            body: #"{"label":"Rice","seconds":2}"#, cookie: cookie)
        #expect(status == 201)
        let timer = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        let id = try #require(timer["id"] as? String)

        let started = try #require(tail.wait(for: "timer.started", timerID: id))
        #expect(started["v"] as? Int == 2 && started["kind"] as? String == "cook_timer")
        #expect(
            ((started["live_activity"] as? [String: Any])?["aps"] as? [String: Any])?["event"] as? String == "start")

        // kill -9 before the deadline; the tail sees the socket close and exits.
        kill(first.process.processIdentifier, SIGKILL)
        first.process.waitUntilExit()
        tail.process.waitUntilExit()
        #expect(tail.process.terminationStatus == 1)
        sleep(3)  // the deadline passes while the daemon is down

        let second = try ForgedProcess(arguments)
        #expect(second.port > 0, "forged did not restart: \(second.log)")
        let again = try TailProcess(runtimeDir: runtime)
        let resnapshot = try #require(again.wait(for: "snapshot"))
        let retained = (resnapshot["events"] as? [[String: Any]]) ?? []
        // It came due while the daemon was down: fired at start, still ringing in the snapshot.
        let ringing = try #require(retained.first { ($0["timer"] as? [String: Any])?["id"] as? String == id })
        let firedTimer = try #require(ringing["timer"] as? [String: Any])
        #expect(firedTimer["state"] as? String == "fired")
        #expect((firedTimer["late_by_ms"] as? Int ?? 0) >= 1000)
        let notification = try #require(ringing["notification"] as? [String: Any])
        #expect(notification["summary"] as? String == "Rice: time's up")
        #expect((ringing["notification_extras"] as? [String: Any])?["replaces_key"] as? String == "timer:\(id)")
        let aps = try #require((ringing["live_activity"] as? [String: Any])?["aps"] as? [String: Any])
        #expect((aps["alert"] as? [String: Any])?["body"] as? String == "Time's up")
        #expect(aps["content-state"] != nil)

        // And over HTTP after the restart.
        let (_, listed, _) = try await second.fetch("/api/cook/timers", cookie: cookie)
        let timers = try #require(
            (try JSONSerialization.jsonObject(with: listed) as? [String: Any])?["timers"] as? [[String: Any]])
        #expect(timers.first { $0["id"] as? String == id }?["state"] as? String == "fired")
        #expect(second.terminate() == 0)
    }
}
