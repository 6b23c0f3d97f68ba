import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation
import Testing

/// Issue 26 item 2: a disk that is full when forged starts. A real full
/// filesystem (a small tmpfs as the state directory, filled to the last
/// byte after a clean stop removed the `-wal` and `-shm` files, so SQLite
/// cannot create them), the forged binary as a child process with a real
/// NOTIFY_SOCKET.
@Suite(.serialized, .enabled(if: runsAsRoot, needsRoot))
struct DiskFullStartTests {
    @Test func aFullDiskAtStartServesReadsRefusesWritesAndRecoversWithoutARestart() async throws {
        let binary = try #require(ForgedBinary.path, "build forged first (swift build)")
        try #require(Tmpfs.mountable, "root cannot mount a tmpfs here (needs CAP_SYS_ADMIN and /bin/mount)")
        let state = temporaryDirectory()
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try #require(
            try runProcess("/bin/mount", ["-t", "tmpfs", "-o", "size=16m,mode=0700", "tmpfs", state.path]).status == 0)
        defer {
            _ = try? runProcess("/bin/umount", ["-l", state.path])
            try? FileManager.default.removeItem(at: state)
        }
        let arguments = [
            "serve", "--listen", "127.0.0.1:0", "--state-dir", state.path, "--dev-auth",
            "--config", "/dev/null", "--allowed-users", "ada@example.org:Ada",
        ]
        // First run: a member signs in and logs a weight; a clean stop.
        let first = try ForgedProcess(arguments, binary: binary, environment: cleanEnvironment())
        try #require(first.port > 0, "forged did not start: \(first.log)")
        let (_, _, signIn) = try await first.fetch("/auth/dev", method: "POST", body: #"{"email":"ada@example.org"}"#)
        let cookie = try #require(
            signIn.value(forHTTPHeaderField: "Set-Cookie")?.split(separator: ";").first.map(String.init))
        let (logged, _, _) = try await first.fetch(
            "/api/body", method: "POST", body: #"{"type":"weight","value":71.5}"#, cookie: cookie)
        #expect(logged == 200)
        for _ in 0..<200 where !first.log.contains("backup done") { usleep(50_000) }
        #expect(first.terminate() == 0)
        let database = state.appendingPathComponent("forge.sqlite3").path
        #expect(!FileManager.default.fileExists(atPath: database + "-shm"), "a clean stop removes the -shm file")

        // A display pairing code made before the disk fills (as `forged display pair Kitchen` makes it).
        let stored = try Database(path: database)
        let pairing = try stored.write { try DisplayStore.create(name: "Kitchen", now: Date(), in: $0) }
        stored.close()

        // Fill the filesystem to the last byte.
        let filler = state.appendingPathComponent("filler").path
        let fd = open(filler, O_WRONLY | O_CREAT, 0o600)
        for size in [64 << 10, 4 << 10, 512, 1] {
            let chunk = [UInt8](repeating: 0x55, count: size)
            while chunk.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) > 0 {}
        }
        close(fd)

        // Second run on the full disk: it starts, read-only.
        let listener = try NotifyListener()
        let forged = try ForgedProcess(
            arguments, binary: binary, environment: cleanEnvironment(["NOTIFY_SOCKET": listener.path]))
        defer { _ = forged.terminate() }
        try #require(forged.port > 0, "forged did not start on a full disk: \(forged.log)")
        let ready = listener.receive(for: 10) { $0.contains("READY=1") }
        let readyLine = try #require(ready.first { $0.contains("READY=1") }, "no READY=1: \(ready)")
        #expect(readyLine.contains("STATUS=DISK FULL since "), "\(readyLine)")
        // One error-priority line with the disk-full MESSAGE_ID.
        let line = try #require(
            forged.log.split(separator: "\n").first { $0.contains("disk full at start") }, "\(forged.log)")
        #expect(line.hasPrefix("<3>disk full at start: \(database) is open read-only"), "\(line)")
        #expect(line.contains("writes are answered 507") && line.contains("fix: free space"), "\(line)")
        // (The journal gets MESSAGE_ID=\(LogMessageID.diskFull.hex); packaging/boot-test.sh asserts it.)
        #expect(line.contains("FORGE_DATABASE=\(database)"), "\(line)")

        let (sick, sickBody, _) = try await forged.fetch("/healthz")
        let health = try JSONSerialization.jsonObject(with: sickBody) as? [String: Any] ?? [:]
        #expect(sick == 503 && health["ok"] as? Bool == false, "\(health)")
        #expect((health["reason"] as? String)?.hasPrefix("disk full since ") == true, "\(health)")
        // Reads are served: the weight history with the weight logged before.
        let (read, readBody, _) = try await forged.fetch("/api/metrics/weight/history", cookie: cookie)
        #expect(read == 200 && String(decoding: readBody, as: UTF8.self).contains("71.5"), "\(read)")
        // Writes are refused with 507 and a JSON body; nothing is saved.
        let (refused, refusedBody, refusedHead) = try await forged.fetch(
            "/api/body", method: "POST", body: #"{"type":"weight","value":72}"#, cookie: cookie)
        let detail = try JSONSerialization.jsonObject(with: refusedBody) as? [String: Any] ?? [:]
        #expect(refused == 507, "\(String(decoding: refusedBody, as: UTF8.self))")
        #expect(refusedHead.value(forHTTPHeaderField: "Content-Type")?.hasPrefix("application/json") == true)
        #expect((detail["detail"] as? String)?.hasPrefix("disk full") == true, "\(detail)")

        // Signing in needs no room (issue 39 item 6): the new session is held in memory and reads work.
        let (fresh, _, freshHead) = try await forged.fetch(
            "/auth/dev", method: "POST", body: #"{"email":"ada@example.org"}"#)
        let freshCookie = try #require(
            freshHead.value(forHTTPHeaderField: "Set-Cookie")?.split(separator: ";").first.map(String.init),
            "sign-in on a full disk: \(fresh)")
        #expect(fresh == 200)
        let (freshRead, freshBody, _) = try await forged.fetch("/api/metrics/weight/history", cookie: freshCookie)
        #expect(freshRead == 200 && String(decoding: freshBody, as: UTF8.self).contains("71.5"), "\(freshRead)")
        // So does pairing the kitchen display with its code.
        let (paired, pairedBody, pairedHead) = try await forged.fetch(
            "/kitchen/pair", method: "POST", body: #"{"code":"\#(pairing.code)"}"#)
        #expect(paired == 200, "\(String(decoding: pairedBody, as: UTF8.self))")
        let displayCookie = try #require(
            pairedHead.value(forHTTPHeaderField: "Set-Cookie")?.split(separator: ";").first.map(String.init))
        #expect(try await forged.fetch("/api/kitchen/week", cookie: displayCookie).0 == 200)

        // Space returns: without a restart, writes succeed and /healthz is ok.
        unlink(filler)
        var healthy = 0
        for _ in 0..<100 {
            healthy = try await forged.fetch("/healthz").0
            if healthy == 200 { break }
            usleep(100_000)
        }
        #expect(healthy == 200, "\(forged.log)")
        let (again, _, _) = try await forged.fetch(
            "/api/body", method: "POST", body: #"{"type":"weight","value":72}"#, cookie: cookie)
        #expect(again == 200)
        let (_, after, _) = try await forged.fetch("/api/metrics/weight/history", cookie: cookie)
        let afterText = String(decoding: after, as: UTF8.self)
        #expect(afterText.contains("72") && afterText.contains("71.5"), "\(afterText)")
        #expect(forged.log.contains("space is free again on \(state.path): the database is open read-write"))
        // The session and the pairing made on the full disk were saved: they outlive a restart.
        #expect(forged.log.contains("saved 1 sign-in session(s) and 1 display pairing(s)"), "\(forged.log)")
        let saved = try Database(path: database, readers: 1)
        let rows = try saved.read { c -> (Int?, Int?) in
            (
                try c.scalar("SELECT count(*) FROM auth_sessions"),
                try c.scalar("SELECT count(*) FROM kitchen_displays WHERE token_hash IS NOT NULL")
            )
        }
        saved.close()
        #expect(rows.0 == 2 && rows.1 == 1, "\(rows)")
        #expect(try await forged.fetch("/api/metrics/weight/history", cookie: freshCookie).0 == 200)
        let status = listener.receive(for: 5) { $0.contains("STATUS=") && !$0.contains("DISK FULL") }
        #expect(status.last.map { $0.contains("STATUS=") && !$0.contains("DISK FULL") } == true, "\(status)")
        #expect(forged.process.isRunning, "recovered without a restart")
        #expect(forged.terminate() == 0)
    }
}
