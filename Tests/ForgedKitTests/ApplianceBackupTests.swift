import ForgeStore
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Backups and upgrades on the release binary as shipped (issue 17, item 4).
@Suite(.serialized, .enabled(if: ReleaseBinary.path != nil, "set FORGED_RELEASE_BINARY (make test does)"))
struct ApplianceBackupTests {
    /// A database made by the previous schema version is backed up before the
    /// upgrade; then ten backups asked for in one second each succeed or answer
    /// 409, and the ledger, `/healthz` and `forged backup list` agree with the
    /// files on disk.
    @Test func anUpgradeLeavesAPreUpgradeBackupAndTenBackupsInOneSecondAgreeWithTheDisk() async throws {
        let state = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let all = ForgeSchema.migrator()
        let previous = all.ids[all.ids.count - 2]
        do {
            let old = try Database(path: state.appendingPathComponent("forge.sqlite3").path)
            try all.through(previous).migrate(old, now: Date())
            old.close()
        }
        let binary = try #require(ReleaseBinary.path)
        let forged = try ForgedProcess([
            "serve", "--listen", "127.0.0.1:0", "--state-dir", state.path, "--dev-auth",
            "--config", "/dev/null", "--allowed-users", "ada@example.org:Ada",
        ])
        defer { _ = forged.terminate() }
        try #require(forged.port > 0, "forged did not start: \(forged.log)")
        let backups = state.appendingPathComponent("backups").path
        let preUpgrade = try FileManager.default.contentsOfDirectory(atPath: backups)
            .filter { $0.hasPrefix("pre-upgrade-\(previous)-") }
        try #require(preUpgrade.count == 1, "\(forged.log)")
        let inspection = try BackupFile.inspect(backups + "/" + preUpgrade[0])
        #expect(Set(inspection.migrations) == Set(all.ids.dropLast()))
        #expect(forged.log.contains("pre-upgrade backup of schema \(previous)"))

        let (_, _, signIn) = try await forged.fetch("/auth/dev", method: "POST", body: #"{"email":"ada@example.org"}"#)
        let cookie = try #require(
            signIn.value(forHTTPHeaderField: "Set-Cookie")?.split(separator: ";").first.map(String.init))
        // The start-up catch-up backup runs first (no backup existed); let it finish.
        let db = try Database(path: state.appendingPathComponent("forge.sqlite3").path, readers: 1)
        defer { db.close() }
        var runs: [BackupRecord] = []
        for _ in 0..<200 {
            runs = try BackupStatus.recent(50, in: db)
            if runs.contains(where: { $0.trigger == "catch-up" }) { break }
            usleep(50_000)
        }
        #expect(runs.map(\.trigger) == ["catch-up"])
        let port = forged.port
        let started = Date()
        let replies = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for _ in 0..<10 {
                group.addTask {
                    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/api/admin/backups")!)
                    request.httpMethod = "POST"
                    request.setValue(cookie, forHTTPHeaderField: "Cookie")
                    let (data, response) = try await ForgedProcess.session.data(for: request)
                    return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(Date().timeIntervalSince(started) < 10)
        let unexpected = replies.filter {
            !($0.0 == 200 || ($0.0 == 409 && $0.1.contains("a backup is already running")))
        }
        #expect(unexpected.isEmpty, "\(unexpected)")
        let taken = replies.filter { $0.0 == 200 }.count
        #expect(taken >= 1)

        runs = try BackupStatus.recent(50, in: db)
        #expect(runs.allSatisfy { $0.ok && $0.bytes > 0 && $0.error.isEmpty }, "\(runs)")
        #expect(runs.filter { $0.trigger == "admin" }.count == taken)
        #expect(Set(runs.map(\.file)).count == runs.count)  // every name unique
        // Rotation keeps the 3 newest whatever their day (BackupRetention.recent),
        // all of them files the ledger recorded, newest first.
        let newestFirst = { (names: [String]) in
            names.compactMap { BackupName(fileName: $0) }.sorted(by: >).map(\.fileName)
        }
        let onDisk = newestFirst(try FileManager.default.contentsOfDirectory(atPath: backups))
        let ledger = newestFirst(runs.map { ($0.file as NSString).lastPathComponent })
        #expect(onDisk == Array(ledger.prefix(3)), "on disk: \(onDisk), ledger: \(runs.map(\.file))")
        let (_, healthData, _) = try await forged.fetch("/healthz")
        let health = try JSONSerialization.jsonObject(with: healthData) as? [String: Any] ?? [:]
        let backup = health["backup"] as? [String: Any] ?? [:]
        #expect(backup["ok"] as? Bool == true && backup["file"] as? String == onDisk.first)

        let list = try runProcess(binary, ["backup", "list", "--state-dir", state.path, "--config", "/dev/null"])
        #expect(list.status == 0, "\(list.err)")
        let listed = list.out.split(separator: "\n").filter { $0.hasPrefix("forge-") }.map {
            String($0.split(separator: "\t")[0])
        }
        #expect(listed == onDisk)
        #expect(!list.out.contains("FAILED"))
        #expect(forged.terminate() == 0)
    }

    /// Start-up order (item 5): the port is bound before anything is created,
    /// so a busy port leaves no state directory behind.
    @Test func aBusyPortLeavesTheStateDirectoryEmpty() throws {
        let busy = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(busy) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer -> Bool in
                bind(busy, pointer, length) == 0 && listen(busy, 1) == 0 && getsockname(busy, pointer, &length) == 0
            }
        }
        let port = ok ? Int(UInt16(bigEndian: address.sin_port)) : 0
        try #require(port > 0)
        let state = temporaryDirectory().appendingPathComponent("state")
        defer { try? FileManager.default.removeItem(at: state.deletingLastPathComponent()) }
        let run = try runProcess(
            try #require(ReleaseBinary.path),
            ["serve", "--listen", "127.0.0.1:\(port)", "--state-dir", state.path, "--config", "/dev/null"])
        #expect(run.status == 1)
        #expect(run.err.contains("cannot listen on 127.0.0.1:\(port): bind failed"), "\(run.err)")
        #expect(run.err.components(separatedBy: "cannot listen on").count == 2, "said once: \(run.err)")
        #expect(!FileManager.default.fileExists(atPath: state.path))
    }
}
