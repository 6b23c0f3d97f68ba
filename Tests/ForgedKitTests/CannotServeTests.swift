import ForgeStore
import Foundation
import Testing

@testable import ForgedKit

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 39, items 1 and 2: under socket activation (the real
/// `systemd-socket-activate`) a config typo or a damaged database is answered,
/// not exited on: every request gets 503 with the reason and the fix at once,
/// `/healthz` says `ok: false` with the same reason, the event socket closes
/// each connection, the fix runs as printed beside it, and SIGTERM exits 0.
@Suite(.serialized) struct CannotServeTests {
    struct Activated {
        let process: ServeProcess
        let port: Int
        let events: String
    }

    /// Starts `forged serve ARGUMENTS` under systemd-socket-activate with an http and an events socket.
    func activate(_ arguments: [String]) throws -> Activated {
        let binary = try #require(ForgedBinary.path, "no forged binary built (swift build)")
        let activate = try #require(
            executable("systemd-socket-activate"), "systemd-socket-activate missing (apt install systemd)")
        let port = try freePort()
        let events = shortTemporaryPath(".events")
        let process = try ServeProcess(
            executable: activate,
            arguments: ["-l", "127.0.0.1:\(port)", "-l", events, "--fdname=http:events", binary, "serve"]
                + arguments,
            environment: cleanEnvironment(["FORGE_TEST_PASSWORD_COST": "minimum"]))
        try #require(process.waitForLog("Listening on \(events) as 4") != nil, "\(process.log)")
        return Activated(process: process, port: port, events: events)
    }

    /// Connects to the Unix socket `path` and reads until the end of the stream: the bytes read, or nil on a timeout.
    func readToEnd(_ path: String, seconds: Int = 5) -> Int? {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.enumerated() where i < raw.count - 1 { raw[i] = byte }
        }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard connected == 0 else { return nil }
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var total = 0
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fd, &buffer, buffer.count)
            if n == 0 { return total }
            if n < 0 { return nil }
            total += n
        }
    }

    @Test func aConfigTypoIsAnsweredWithTheReasonAndTheFix() async throws {
        let dir = TempDir()
        defer { dir.remove() }
        let conf = try dir.write("forged.conf", "FORGE_THREADS=2\nFORGE_BACKUP_TIEM=04:00\n")
        let forged = try activate(["--config", conf, "--state-dir", dir.file("state")])
        defer {
            _ = forged.process.stop()
            unlink(forged.events)
        }
        let (code, body) = try await httpGet(port: forged.port, "/api/today", timeout: 5)
        #expect(code == 503, "\(body) \(forged.process.log)")
        let answer = try #require(JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
        let detail = try #require(answer["detail"] as? String)
        #expect(detail.hasPrefix("cannot serve: "))
        #expect(
            detail.contains("(from \(conf):2): unknown setting FORGE_BACKUP_TIEM (did you mean FORGE_BACKUP_TIME?)"))
        #expect(
            detail.hasSuffix(
                "; fix: edit line 2 of \(conf), check it with `forged check`, then `systemctl restart forged`"))
        // /healthz names the same reason.
        let (healthCode, healthBody) = try await httpGet(port: forged.port, "/healthz", timeout: 5)
        let health = try #require(JSONSerialization.jsonObject(with: Data(healthBody.utf8)) as? [String: Any])
        #expect(healthCode == 503 && health["ok"] as? Bool == false && health["reason"] as? String == detail)
        // The event socket answers at once: an empty stream, never a hang.
        #expect(readToEnd(forged.events) == 0)
        // Logged once at error priority; nothing created in the state directory.
        #expect(forged.process.log.components(separatedBy: "<3>").count == 2, "\(forged.process.log)")
        #expect(!FileManager.default.fileExists(atPath: dir.file("state")))
        // `forged check` stops at the same line (run in-process: a child process here would wait on this async test).
        #expect(Forged.main(["check", "--config", conf, "--state-dir", dir.file("state")]) == ExitStatus.configuration)
        #expect(forged.process.stop() == 0)
    }

    @Test func aDamagedDatabaseIsAnsweredAndRestoredBesideIt() async throws {
        let dir = TempDir()
        defer { dir.remove() }
        let state = dir.file("state")
        let env = ["FORGE_TEST_PASSWORD_COST": "minimum"]
        // A household with one member, backed up, then its database overwritten.
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let db = try Database(path: state + "/forge.sqlite3")
        try ForgeSchema.migrator().migrate(db, now: Date())
        try db.write {
            try $0.execute(
                "INSERT INTO users (id, email, name, role, created_at) VALUES ('u1', 'ada@example.org', 'Ada', 'admin', 'x')"
            )
        }
        db.close()
        let copy = dir.file("copy.sqlite3")
        #expect(
            Forged.main(["backup", "--output", copy, "--state-dir", state, "--config", "/dev/null"], environment: env)
                == 0)
        try Data(repeating: 0x5A, count: 16384).write(to: URL(fileURLWithPath: state + "/forge.sqlite3"))
        for suffix in ["-wal", "-shm"] { unlink(state + "/forge.sqlite3" + suffix) }

        let forged = try activate(["--config", "/dev/null", "--state-dir", state])
        defer {
            _ = forged.process.stop()
            unlink(forged.events)
        }
        let (code, body) = try await httpGet(port: forged.port, "/api/today", timeout: 5)
        #expect(code == 503, "\(body) \(forged.process.log)")
        #expect(body.contains("cannot serve: the database \(state)/forge.sqlite3 is damaged"), "\(body)")
        #expect(body.contains("then `systemctl restart forged`"), "\(body)")
        // The printed fix runs beside it: the state directory is not held.
        #expect(Forged.main(["restore", copy, "--state-dir", state, "--config", "/dev/null"], environment: env) == 0)
        #expect(forged.process.stop() == 0)
        // Started again (what `systemctl restart forged` does), it serves the restored household.
        let again = try activate(["--config", "/dev/null", "--state-dir", state])
        defer {
            _ = again.process.stop()
            unlink(again.events)
        }
        let (health, _) = try await httpGet(port: again.port, "/healthz", timeout: 30)
        #expect(health == 200, "\(again.process.log)")
        #expect(again.process.stop() == 0)
    }

    @Test func onlyWhatARestartCannotFixIsAnsweredAndOnlyUnderSocketActivation() {
        let typo = FatalError(status: ExitStatus.configuration, message: "m", fix: "f", id: .configInvalid)
        let damaged = FatalError(status: ExitStatus.databaseUnusable, message: "m", fix: "f", id: .databaseUnusable)
        let busy = FatalError(status: ExitStatus.stateDirectoryInUse, message: "m", fix: "f", id: .stateDirectoryInUse)
        #expect(CannotServe.applies(to: typo, socketActivated: true))
        #expect(CannotServe.applies(to: damaged, socketActivated: true))
        #expect(!CannotServe.applies(to: busy, socketActivated: true))
        #expect(!CannotServe.applies(to: typo, socketActivated: false))
        #expect(CannotServe(fatal: damaged).detail == "cannot serve: m; fix: f")
    }
}
