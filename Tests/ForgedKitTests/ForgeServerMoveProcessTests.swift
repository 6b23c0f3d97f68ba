import ForgeStore
import Foundation
import Testing

/// The forge-server move as a process (issue 23): a kill -9 halfway through
/// the write leaves forged's database as it was (the pre-import backup and its
/// ledger row aside), and libpq is mapped only by a live-URL import, never by
/// an idle `forged serve` (Sources/CLibPQ dlopens it on first use).
@Suite(.serialized) struct ForgeServerMoveProcessTests {
    static let environment = cleanEnvironment(["FORGE_TEST_PASSWORD_COST": "minimum", "FORGE_TIMEZONE": "UTC"])

    /// A large household (bench/forge-server-household.py at `scale`) in the original's
    /// schema, loaded into `pg` and dumped with the real `pg_dump --clean --if-exists`.
    static func householdDump(scale: Double, in pg: TempPostgres, dir: TempDir) throws -> String {
        let generated = dir.file("household.sql")
        try FileManager.default.createDirectory(atPath: dir.path, withIntermediateDirectories: true)
        let python = try requiredTool("python3", package: "python3")
        let made = try runProcess(
            python,
            [repositoryRoot.appendingPathComponent("bench/forge-server-household.py").path, generated, "\(scale)"])
        #expect(made.status == 0, "\(made.err)")
        try pg.load(generated)
        let dump = dir.file("forge.sql")
        try pg.dump(to: dump)
        return dump
    }

    /// Starts `forged ARGS` with stdout and stderr in files of `dir`.
    static func start(_ args: [String], state: String, dir: TempDir) throws -> (Process, err: String) {
        let binary = try #require(ForgedBinary.path, "build forged first (swift build)")
        let out = dir.file("import.out")
        let err = dir.file("import.err")
        for p in [out, err] { _ = FileManager.default.createFile(atPath: p, contents: nil) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = args + ["--state-dir", state, "--config", "/dev/null"]
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        try process.run()
        return (process, err)
    }

    /// Every table's schema and rows, in rowid order, read through forged's own SQLite.
    static func contents(_ state: String) throws -> [String: [[SQLValue]]] {
        let db = try Database(path: state + "/forge.sqlite3", readers: 1)
        defer { db.close() }
        return try db.read { c in
            var tables: [String: [[SQLValue]]] = [:]
            let schema = try c.query("SELECT type, name, sql FROM sqlite_schema ORDER BY type, name")
            tables["sqlite_schema"] = schema.map(\.values)
            for row in schema where try row.get("type") as String == "table" {
                let name: String = try row.get("name")
                tables[name] = try c.query("SELECT * FROM \(SQLIdentifier.quoted(name)) ORDER BY rowid").map(\.values)
            }
            return tables
        }
    }

    @Test func aKillNineHalfwayThroughLeavesForgedsDatabaseAsItWas() throws {
        let pg = try TempPostgres()
        defer { pg.stop() }
        let dir = TempDir()
        defer { dir.remove() }
        let dump = try Self.householdDump(scale: 0.2, in: pg, dir: dir)
        let state = dir.file("state")
        let binary = try #require(ForgedBinary.path, "build forged first (swift build)")
        let added = try runProcess(
            binary,
            [
                "user", "add", "ada@example.org", "--name", "Ada", "--password-stdin", "--state-dir", state,
                "--config", "/dev/null",
            ], environment: Self.environment, input: "correct horse battery staple\n")
        #expect(added.status == 0, "\(added.err)")
        // Settle what every command's start does (forged's upkeep), so only the import differs.
        #expect(try runProcess(binary, ["import", "list", "--state-dir", state, "--config", "/dev/null"]).status == 0)
        let before = try Self.contents(state)

        let (process, errPath) = try Self.start(["import", "forge-server", "--from", dump], state: state, dir: dir)
        // Off a terminal the import says each tenth it has written: kill -9 at the 50 % line.
        var said = ""
        let deadline = Date().addingTimeInterval(300)
        while process.isRunning, Date() < deadline {
            said = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
            if said.contains("wrote 50%") {
                kill(process.processIdentifier, SIGKILL)
                break
            }
            usleep(2_000)
        }
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "the import ended on its own: \(said)")
        #expect(process.terminationStatus == SIGKILL)
        #expect(said.contains("wrote 50%"), "\(said)")
        #expect(!said.contains("wrote 100%"), "\(said)")

        // Every table as it was, apart from the pre-import backup's ledger row.
        var after = try Self.contents(state)
        let runs = after["backup_runs"] ?? []
        #expect(runs.count == (before["backup_runs"]?.count ?? 0) + 1)
        #expect(runs.last?.contains(.text("import")) == true, "\(runs)")
        after["backup_runs"] = Array(runs.dropLast())
        #expect(after.keys.sorted() == before.keys.sorted())
        for name in before.keys.sorted() {
            #expect(after[name] == before[name], "\(name) changed")
        }
        // The pre-import backup is there (its lock file aside, the one backup in the directory).
        let backups = try FileManager.default.contentsOfDirectory(atPath: state + "/backups")
        #expect(backups.filter { !$0.hasPrefix(".") }.count == 1, "\(backups)")
        let backupFile = runs.last?.compactMap { value -> String? in
            if case .text(let t) = value, t.hasPrefix(state) { return t }
            return nil
        }.first
        #expect(backupFile.map { FileManager.default.fileExists(atPath: $0) } == true, "\(runs)")
        let db = try Database(path: state + "/forge.sqlite3", readers: 1)
        let check: String? = try db.read { try $0.scalar("PRAGMA integrity_check") }
        db.close()
        #expect(check == "ok")

        // The same import run again goes through: nothing of the killed one stands in its way.
        let again = try runProcess(
            binary, ["import", "forge-server", "--from", dump, "--state-dir", state, "--config", "/dev/null"],
            environment: Self.environment)
        #expect(again.status == 0, "\(again.err)")
        let db2 = try Database(path: state + "/forge.sqlite3", readers: 1)
        defer { db2.close() }
        let sets: Int? = try db2.read { try $0.scalar("SELECT COUNT(*) FROM sets") }
        let source = try pg.run(
            "psql",
            [
                "-At", "-h", "127.0.0.1", "-p", "\(pg.port)", "-U", pg.user, "-d", "forge", "-c",
                "SELECT COUNT(*) FROM logged_sets",
            ])
        #expect(sets != nil && sets == Int(source.trimmingCharacters(in: .whitespacesAndNewlines)), "\(source)")
    }

    /// The libpq files among `files` (a process's mapped files).
    static func libPQ(in files: Set<String>) -> [String] {
        files.filter { $0.split(separator: "/").last?.hasPrefix("libpq") == true }.sorted()
    }

    @Test func anIdleServeNeverMapsLibPQAndALiveURLImportDoes() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let served = try ForgedProcess(
            [
                "serve", "--listen", "127.0.0.1:0", "--state-dir", dir.file("served"), "--dev-auth", "--config",
                "/dev/null", "--allowed-users", "ada@example.org:Ada",
            ], binary: ForgedBinary.path)
        #expect(served.port > 0, "forged did not start: \(served.log)")
        let idle = try mappedFiles(served.process.processIdentifier)
        #expect(idle.contains { $0.hasSuffix("/forged") }, "\(idle)")
        #expect(Self.libPQ(in: idle).isEmpty, "\(idle)")
        #expect(served.terminate() == 0)

        // A live URL whose logged_sets another session holds locked: the import connects
        // (libpq loaded) and waits on that table until the lock goes.
        let pg = try TempPostgres()
        defer { pg.stop() }
        try pg.load(ForgeServerImportCommandTests.dump)
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: pg.bin + "/psql")
        holder.arguments = ["-q", "-X", "-h", "127.0.0.1", "-p", "\(pg.port)", "-U", pg.user, "-d", "forge"]
        holder.environment = cleanEnvironment(["PGPASSWORD": pg.password])
        let input = Pipe()
        holder.standardInput = input
        holder.standardOutput = FileHandle.nullDevice
        try holder.run()
        input.fileHandleForWriting.write(Data("BEGIN;\nLOCK TABLE public.logged_sets IN ACCESS EXCLUSIVE MODE;\n".utf8))
        var locked = false
        for _ in 0..<200 where !locked {
            let n = try pg.run(
                "psql",
                [
                    "-At", "-h", "127.0.0.1", "-p", "\(pg.port)", "-U", pg.user, "-d", "forge", "-c",
                    "SELECT COUNT(*) FROM pg_locks WHERE mode = 'AccessExclusiveLock' "
                        + "AND relation = 'public.logged_sets'::regclass",
                ])
            locked = n.trimmingCharacters(in: .whitespacesAndNewlines) == "1"
            if !locked { usleep(50_000) }
        }
        #expect(locked)

        let state = dir.file("state")
        let (importer, errPath) = try Self.start(
            ["import", "forge-server", "--from", pg.url()], state: state, dir: dir)
        // Polled: a map read while the process is still starting shows no files yet.
        var files: Set<String> = []
        let deadline = Date().addingTimeInterval(60)
        while importer.isRunning, Self.libPQ(in: files).isEmpty, Date() < deadline {
            files = (try? mappedFiles(importer.processIdentifier)) ?? []
            if Self.libPQ(in: files).isEmpty { usleep(20_000) }
        }
        #expect(importer.isRunning, "the import ended before the lock went")
        #expect(files.contains { $0.hasSuffix("/forged") }, "\(files)")
        let mapped = Self.libPQ(in: files)
        #expect(mapped.count == 1 && mapped.allSatisfy { $0.contains("/libpq.so.5") }, "\(mapped)")
        // The lock goes (psql's session ends, its transaction rolled back): the import finishes.
        try input.fileHandleForWriting.close()
        holder.waitUntilExit()
        importer.waitUntilExit()
        #expect(
            importer.terminationStatus == 0, "\((try? String(contentsOfFile: errPath, encoding: .utf8)) ?? "")")
        let db = try Database(path: state + "/forge.sqlite3", readers: 1)
        defer { db.close() }
        let sets: Int? = try db.read { try $0.scalar("SELECT COUNT(*) FROM sets") }
        #expect(sets == 3)
    }
}
