import ForgeHousehold
import ForgeStore
import Foundation
import Testing

@testable import ForgedKit

/// `forged import forge-server --from SOURCE` (issue 23) run as the forged
/// binary, as a household moving in runs it: a pg_dump file, the live
/// PostgreSQL URL (Debian's postgresql in a temporary cluster) and its real
/// `pg_dump --clean --if-exists`; dry run, second run, a database that already
/// holds data; and every bad source of the issue's item 5, each with a
/// non-zero exit, one line naming the source, and forged's database byte for
/// byte unchanged.
@Suite(.serialized) struct ForgeServerImportCommandTests {
    static let ada = "a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0"
    static let ben = "b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0"

    /// Tests/Fixtures/forge-server/older-household.sql: a dump in pg_dump's plain
    /// format of an older original (no `workout_sessions.favorite`, no meal-log
    /// venue, cost, currency, note or photos, no `sugar_g`), written by hand for
    /// these tests, with rows forged's bounds refuse.
    static let dump = repositoryRoot.appendingPathComponent("Tests/Fixtures/forge-server/older-household.sql").path

    func forged(_ args: [String], state: String, input: String = "") throws -> (status: Int32, out: String, err: String)
    {
        let binary = try #require(ForgedBinary.path, "build forged first (swift build)")
        return try runProcess(
            binary, args + ["--state-dir", state, "--config", "/dev/null"],
            environment: cleanEnvironment(["FORGE_TEST_PASSWORD_COST": "minimum", "FORGE_TIMEZONE": "UTC"]),
            input: input)
    }

    func query<T: SQLDecodableValue>(_ state: String, _ sql: String) throws -> T? {
        let db = try Database(path: state + "/forge.sqlite3", readers: 1)
        defer { db.close() }
        return try db.read { try $0.scalar(sql) }
    }

    /// Runs a command that only reads (`import list`), so what every forged command's start
    /// settles in the file (forged's own upkeep) is done before a byte-for-byte comparison.
    func settle(_ state: String) throws {
        let listed = try forged(["import", "list"], state: state)
        #expect(listed.status == 0)
    }

    /// The skipped-rows file a report names (`every skipped row (N) is listed in FILE`).
    static func listedFile(_ out: String) -> String? {
        guard let line = out.split(separator: "\n").first(where: { $0.hasPrefix("every skipped row (") }),
            let range = line.range(of: " is listed in ")
        else { return nil }
        return String(line[range.upperBound...])
    }

    /// The fixture with what a real household's database holds more of: `notices` rows of the
    /// reminder ledger (forged keeps its own) and `badMetrics` weights forged's bounds refuse.
    static func biggerDump(notices: Int, badMetrics: Int) throws -> String {
        var text = try String(contentsOfFile: dump, encoding: .utf8)
        let metricRow = try #require(text.range(of: "\n30000000000000000000000000000003\t"))
        let metricEnd = try #require(text[metricRow.upperBound...].firstIndex(of: "\n"))
        var metrics = ""
        for i in 0..<badMetrics {
            metrics +=
                String(format: "\n3100000000000000000000000000%04d\t", i)
                + "a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0\tweight\t\(9000 + i)\tkg\t2025-03-\(String(format: "%02d", i % 28 + 1)) "
                + "08:00:00+00\tmanual"
        }
        text.insert(contentsOf: metrics, at: metricEnd)
        var ledger = "COPY public.notification_log (id, user_id, kind, day, sent_at) FROM stdin;\n"
        for i in 0..<notices {
            ledger +=
                String(format: "7e00000000000000000000000000%04d\t", i)
                + "a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0\tworkout\t2024-01-01\t2024-01-01 07:00:00+00\n"
        }
        ledger += "\\.\n\n"
        let end = try #require(text.range(of: "--\n-- PostgreSQL database dump complete"))
        text.insert(contentsOf: ledger, at: end.lowerBound)
        return text
    }

    func bytes(_ state: String) -> Data? { FileManager.default.contents(atPath: state + "/forge.sqlite3") }

    /// A state directory whose database holds forged's first start for one member (as `forged user add` leaves it).
    func freshState(_ dir: TempDir) throws -> String {
        let state = dir.file("state")
        let added = try forged(
            ["user", "add", "ada@example.org", "--name", "Ada", "--password-stdin"], state: state,
            input: "correct horse battery staple\n")
        #expect(added.status == 0, "\(added.err)")
        return state
    }

    /// What the fixture's household is in forged after a move, checked row by row.
    func expectMovedHousehold(_ state: String) throws {
        #expect(try query(state, "SELECT COUNT(*) FROM users WHERE role <> 'demo'") == 2)
        #expect(try query(state, "SELECT role FROM users WHERE id = '\(Self.ada)'") == "admin")
        #expect(try query(state, "SELECT email FROM users WHERE id = '\(Self.ben)'") == "ben@example.org")
        #expect(try query(state, "SELECT units FROM users WHERE id = '\(Self.ben)'") == "lb")
        #expect(try query(state, "SELECT COUNT(*) FROM users WHERE email = 'demo@forge.invalid'") == 0)
        // prefs kept as JSON (a \u escape decodes to é).
        let prefs: String = try #require(try query(state, "SELECT prefs FROM users WHERE id = '\(Self.ada)'"))
        let decoded = try JSONSerialization.jsonObject(with: Data(prefs.utf8)) as? [String: Any]
        #expect(decoded?["note"] as? String == "café")
        // The phone's token: the newest of Ada's two, as it is.
        #expect(
            try query(state, "SELECT token FROM ingest_tokens WHERE user_id = '\(Self.ada)'")
                == "fg_adaPhoneToken000000000000000000000")
        #expect(try query(state, "SELECT samples FROM ingest_tokens WHERE user_id = '\(Self.ada)'") == 1234)
        // The MCP grant, stored hashed: the old access token still finds Ada.
        let db = try Database(path: state + "/forge.sqlite3", readers: 1)
        let owner = try db.write { try OAuthStore.userForAccessToken("mcpAccessAda", now: Date(), in: $0) }
        let stored: String? = try db.read { try $0.scalar("SELECT access_hash FROM oauth_grants") }
        db.close()
        #expect(owner == Self.ada)
        #expect(stored != "mcpAccessAda")
        // Sessions keep their ids; the negative-duration one is skipped with its sets.
        #expect(try query(state, "SELECT COUNT(*) FROM sessions") == 2)
        #expect(try query(state, "SELECT favorite FROM sessions WHERE id = '5e551011000000000000000000000001'") == 0)
        #expect(
            try query(state, "SELECT notes FROM sessions WHERE id = '5e551011000000000000000000000001'")
                == "felt\tstrong\nand fast \\o/")
        #expect(try query(state, "SELECT COUNT(*) FROM sessions WHERE id = '5e551011000000000000000000000002'") == 0)
        #expect(try query(state, "SELECT COUNT(*) FROM sets") == 3)
        #expect(try query(state, "SELECT COUNT(*) FROM sets WHERE reps < 0") == 0)
        // Records rebuilt from the sets, not copied.
        #expect(
            try query(state, "SELECT COUNT(*) FROM records WHERE user_id = '\(Self.ada)' AND slug = 'back-squat'") == 2)
        // Metrics: the 7150 kg weight is refused.
        #expect(try query(state, "SELECT COUNT(*) FROM metrics") == 2)
        // Chat in time order, escapes decoded (tab, newline, backslash, octal and hex bytes).
        #expect(try query(state, "SELECT text FROM chat_messages ORDER BY id LIMIT 1") == "How was my week?")
        #expect(
            try query(state, "SELECT text FROM chat_messages ORDER BY id DESC LIMIT 1")
                == "Line one\nline\ttwo \\ done été")
        // bytea as bytes, with its id.
        #expect(
            try query(state, "SELECT hex(bytes) FROM media WHERE id = 'f0f0f0f0f0f0f0f0f0f0f0f0f0f0f0f1'")
                == "89504E470D0A1A0A")
        // Columns the older database lacks take their defaults.
        #expect(try query(state, "SELECT venue FROM meal_logs") == "")
        #expect(try query(state, "SELECT sugar_g FROM meal_logs") == 0.0)
        #expect(try query(state, "SELECT recipe FROM meal_logs") as String? == nil)
        // The household's equipment, and Ada's active profile.
        #expect(try query(state, "SELECT name FROM equipment_profiles WHERE user_id IS NULL") == "Garage")
        #expect(
            try query(state, "SELECT active_profile_id FROM users WHERE id = '\(Self.ada)'")
                == "e0e0e0e0e0e0e0e0e0e0e0e0e0e0e001")
    }

    @Test func aDumpFileMovesTheHouseholdInOnceAndSaysSoTheSecondTime() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let state = try freshState(dir)
        let run = try forged(["import", "forge-server", "--from", Self.dump], state: state)
        #expect(run.status == 0, "\(run.err)")
        try expectMovedHousehold(state)
        // The report: per table, the rows forged's bounds refuse listed, the rows it does not carry by
        // design counted, what was replaced, the password lines.
        #expect(run.out.contains("  logged_sets 40000000000000000000000000000003: out_of_bounds"))
        #expect(run.out.contains("  push_subs: 1 not_served: "))
        #expect(run.out.contains("  users: 1 demo_seat: "))
        #expect(!run.out.contains("90000000000000000000000000000001"))
        // Every skipped row, whatever its reason, is in the file the report names.
        let listed = try #require(Self.listedFile(run.out), "\(run.out)")
        let id: String = try #require(try query(state, "SELECT id FROM imports WHERE kind = 'forge-server'"))
        #expect(listed == state + "/imports/forge-server-\(id)-skipped.txt")
        let listing = try String(contentsOfFile: listed, encoding: .utf8)
        #expect(listing.contains("\nlogged_sets 40000000000000000000000000000003: out_of_bounds: "))
        #expect(listing.contains("\npush_subs 90000000000000000000000000000001: not_served: "))
        #expect(listing.contains("\nusers d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0: demo_seat: "))
        let mode = try FileManager.default.attributesOfItem(atPath: listed)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // Off systemd (a state directory that is not the unit's): start forged serve, not systemctl.
        #expect(run.out.contains("start forged again: forged serve --state-dir \(state) --config /dev/null"))
        #expect(!run.out.contains("systemctl"))
        #expect(run.out.contains("ada@example.org's first-start seat"))
        // Every follow-up command reaches the same state directory and config (issue 23).
        #expect(run.out.contains("  forged user passwd ben@example.org --state-dir \(state) --config /dev/null\n"))
        #expect(run.out.contains("--runtime-dir \(state)/run --listen 127.0.0.1:8081"))
        #expect(run.out.contains("backup before the import:"))
        // Ada had set a password in forged: it is kept, so only Ben needs the passwd line.
        #expect(!run.out.contains("forged user passwd ada@example.org"))
        #expect(try query(state, "SELECT COUNT(*) FROM backup_runs WHERE ok = 1 AND trigger = 'import'") == 1)
        try settle(state)
        let before = bytes(state)
        let again = try forged(["import", "forge-server", "--from", Self.dump], state: state)
        #expect(again.status == 0)
        #expect(again.out.contains("already imported from this source"))
        #expect(bytes(state) == before)
        // A whole move is undone by restoring its backup, never row by row: undo refuses and says how.
        let undo = try forged(["import", "undo", id], state: state)
        #expect(undo.status != 0)
        #expect(undo.err.contains("forged restore NAME"), "\(undo.err)")
        #expect(try query(state, "SELECT state FROM imports WHERE id = '\(id)'") == "done")
    }

    @Test func dryRunPrintsTheReportAndWritesNothing() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let state = try freshState(dir)
        try settle(state)
        let before = bytes(state)
        let run = try forged(["import", "forge-server", "--from", Self.dump, "--dry-run"], state: state)
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("dry run: nothing was written"))
        #expect(run.out.contains("workout_sessions"))
        #expect(bytes(state) == before)
        #expect(try query(state, "SELECT COUNT(*) FROM backup_runs") == 0)
    }

    @Test func aDatabaseWithHouseholdDataIsRefusedUnlessReplace() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let state = try freshState(dir)
        let strong = repositoryRoot.appendingPathComponent("Tests/Fixtures/movein/strong-2025.csv").path
        #expect(try forged(["import", "strong", strong], state: state).status == 0)
        let before = bytes(state)
        let refused = try forged(["import", "forge-server", "--from", Self.dump], state: state)
        #expect(refused.status == 1)
        #expect(refused.err.contains("already holds household data"))
        #expect(refused.err.contains(Self.dump))
        #expect(bytes(state) == before)
        let replaced = try forged(["import", "forge-server", "--from", Self.dump, "--replace"], state: state)
        #expect(replaced.status == 0, "\(replaced.err)")
        try expectMovedHousehold(state)
    }

    /// The first start's standing niggle is seed, not household data; a second active
    /// niggle the member added is, and is refused like any other row.
    @Test func aSecondActiveNiggleIsHouseholdData() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let state = try freshState(dir)
        try settle(state)  // the first start seeds Ada's standing niggle
        #expect(try query(state, "SELECT COUNT(*) FROM niggles WHERE status = 'active'") == 1)
        let db = try Database(path: state + "/forge.sqlite3", readers: 1)
        try db.write { conn in
            try conn.execute(
                """
                INSERT INTO niggles (id, user_id, body_part, status, created_at)
                SELECT 'n0n0n0n0n0n0n0n0n0n0n0n0n0n0n0n2', user_id, 'Right shoulder', 'active',
                       '2026-01-02T00:00:00.000Z'
                FROM niggles
                """)
        }
        db.close()
        try settle(state)
        let before = bytes(state)
        let refused = try forged(["import", "forge-server", "--from", Self.dump], state: state)
        #expect(refused.status == 1)
        #expect(refused.err.contains("already holds household data (1 niggles)"), "\(refused.err)")
        #expect(bytes(state) == before)
    }

    @Test func theLiveURLAndItsPgDumpMoveTheSameHousehold() throws {
        let pg = try TempPostgres()
        defer { pg.stop() }
        try pg.load(Self.dump)
        let dir = TempDir()
        defer { dir.remove() }
        let live = dir.file("live")
        let run = try forged(["import", "forge-server", "--from", pg.url(driver: "+psycopg")], state: live)
        #expect(run.status == 0, "\(run.err)")
        #expect(!run.out.contains(pg.password))
        try expectMovedHousehold(live)
        // The real pg_dump of the same database, as the original's move script makes it.
        let file = dir.file("forge.sql")
        try pg.dump(to: file)
        let fromDump = dir.file("dump")
        let second = try forged(["import", "forge-server", "--from", file], state: fromDump)
        #expect(second.status == 0, "\(second.err)")
        try expectMovedHousehold(fromDump)
    }

    /// Every bad source of item 5: non-zero exit, one line naming the source, the database byte for byte as it was.
    @Test func badSourcesGetOneLineAndWriteNothing() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let state = try freshState(dir)
        let before = try #require(bytes(state))
        let text = try String(contentsOfFile: Self.dump, encoding: .utf8)
        // Cut inside the rows of logged_sets.
        let cut = text.range(of: "40000000000000000000000000000004")!.lowerBound
        let truncated = try dir.write("truncated.sql", String(text[..<cut]))
        // Everything but the closing comment: a dump cut between two statements.
        let unfinished = try dir.write(
            "unfinished.sql", text.replacingOccurrences(of: "-- PostgreSQL database dump complete", with: ""))
        // Another program's dump: no users table.
        let other = try dir.write(
            "other.sql",
            "--\n-- PostgreSQL database dump\n--\n\nCOPY public.invoices (id, total) FROM stdin;\n1\t9.5\n\\.\n\n"
                + "--\n-- PostgreSQL database dump complete\n--\n")
        let notADump = try dir.write("notes.txt", "shopping: eggs, milk\n")
        var sources: [(source: String, shown: String)] = [
            (truncated, truncated), (unfinished, unfinished), (other, other), (notADump, notADump),
            (dir.file("missing.sql"), dir.file("missing.sql")),
            // forged's own database is some other program's as far as the original goes.
            (state + "/forge.sqlite3", state + "/forge.sqlite3"),
            (
                "postgresql+psycopg://forge:secret@127.0.0.1:\(TempPostgres.freePort())/forge",
                "postgresql://forge@127.0.0.1"
            ),
        ]
        let pg = try TempPostgres()
        defer { pg.stop() }
        sources.append((pg.url(password: "wrong-password"), "postgresql://forge@127.0.0.1:\(pg.port)/forge"))
        for (source, shown) in sources {
            let run = try forged(["import", "forge-server", "--from", source], state: state)
            #expect(run.status != 0, "\(source)")
            let lines = run.err.split(separator: "\n").filter { !$0.hasPrefix("<") }
            #expect(lines.count == 1, "\(source): \(run.err)")
            #expect(run.err.contains(shown), "\(source): \(run.err)")
            #expect(!run.err.contains("secret") && !run.err.contains("wrong-password"))
            #expect(bytes(state) == before, "\(source) changed the database")
        }
        // The state directory in use (forged serve holds its lock).
        let lockFD = open(state + "/forged.lock", O_RDWR | O_CREAT, 0o600)
        #expect(flock(lockFD, LOCK_EX | LOCK_NB) == 0)
        let busy = try forged(["import", "forge-server", "--from", Self.dump], state: state)
        close(lockFD)
        #expect(busy.status == 75)
        #expect(busy.err.split(separator: "\n").count == 1)
        #expect(busy.err.contains(Self.dump) && busy.err.contains("another forged is using"))
        #expect(bytes(state) == before)
    }

    /// A real household's 1,218 reminder-ledger rows and a dozen refused weights: the summary stays
    /// whole and first, the ledger is counted, the weights listed five at a time, and every skipped
    /// row is in the file the report names (or on the terminal with --verbose).
    @Test func aBigHouseholdsReportStaysReadableAndListsEveryRowSomewhere() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let state = try freshState(dir)
        let source = try dir.write("forge.sql", try Self.biggerDump(notices: 1218, badMetrics: 12))
        // The dry run: the same report, nothing written, and --verbose named as the way to the whole list.
        let dry = try forged(["import", "forge-server", "--from", source, "--dry-run"], state: state)
        #expect(dry.status == 0, "\(dry.err)")
        #expect(dry.out.contains("--verbose lists every skipped row (1239)"), "\(dry.out)")
        #expect(!FileManager.default.fileExists(atPath: state + "/imports"))
        let verbose = try forged(["import", "forge-server", "--from", source, "--dry-run", "--verbose"], state: state)
        #expect(verbose.status == 0, "\(verbose.err)")
        for i in [0, 617, 1217] {
            #expect(
                verbose.out.contains(
                    String(format: "  notification_log 7e00000000000000000000000000%04d: not_needed: ", i)))
        }
        #expect(!verbose.out.contains("… and"))

        let run = try forged(["import", "forge-server", "--from", source], state: state)
        #expect(run.status == 0, "\(run.err)")
        let lines = run.out.split(separator: "\n").map(String.init)
        #expect(lines.count < 75, "\(run.out)")
        // The summary first and whole: its table lines come before any list.
        let header = try #require(lines.firstIndex { $0.hasPrefix("table ") && $0.contains("read  carried") })
        let ledger = try #require(lines.firstIndex { $0.hasPrefix("notification_log ") })
        let metrics = try #require(lines.firstIndex { $0.hasPrefix("metrics ") })
        let firstList = try #require(lines.firstIndex { $0.hasPrefix("not carried by design") })
        #expect(header < ledger && ledger < firstList && metrics < firstList)
        #expect(lines[ledger].contains("1218        0     0     1218  (not_needed 1218)"))
        #expect(lines[metrics].contains("(out_of_bounds 13)"))
        // Counted, not listed.
        #expect(run.out.contains("  notification_log: 1218 not_needed: the reminder ledger"))
        #expect(!run.out.contains("7e000000000000000000000000000000"))
        // Refused by bounds: five weights, then how many more; the set and the session whole.
        #expect(run.out.contains("refused by forged's bounds (15 rows):"))
        #expect(lines.filter { $0.hasPrefix("  metrics ") && $0.contains(": out_of_bounds: ") }.count == 5)
        #expect(run.out.contains("  … and 8 more metrics out_of_bounds"))
        #expect(run.out.contains("  workout_sessions 5e551011000000000000000000000002: out_of_bounds: "))
        // Every skipped row is in the file: each of the 1,218, each of the 13 weights, the rest.
        let listed = try #require(Self.listedFile(run.out), "\(run.out)")
        #expect(run.out.contains("every skipped row (1239) is listed in \(listed)"))
        let rows = try String(contentsOfFile: listed, encoding: .utf8).split(separator: "\n").filter {
            !$0.hasPrefix("#")
        }
        #expect(rows.count == 1239)
        for i in 0..<1218 {
            #expect(
                rows.contains(
                    Substring(
                        String(format: "notification_log 7e00000000000000000000000000%04d: not_needed: ", i)
                            + "the reminder ledger of past days; forged keeps its own")))
        }
        #expect(rows.filter { $0.hasPrefix("metrics ") && $0.contains(": out_of_bounds: ") }.count == 13)
        #expect(rows.contains { $0.hasPrefix("metrics 30000000000000000000000000000002: out_of_bounds: ") })
        for i in 0..<12 {
            #expect(
                rows.contains {
                    $0.hasPrefix(String(format: "metrics 3100000000000000000000000000%04d: out_of_bounds", i))
                })
        }
        // The password lines stay last, before the done line and the advice.
        #expect(lines.suffix(4).first?.hasPrefix("  forged user passwd ben@example.org --state-dir ") == true)
        #expect(lines.suffix(2).first?.hasPrefix("start forged again: forged serve --state-dir") == true)
    }

    /// When the list of skipped rows cannot be written, the terminal gets every row instead.
    @Test func anUnwritableListGoesToTheTerminal() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let state = try freshState(dir)
        // `imports` taken by a file: the list cannot go in it.
        #expect(FileManager.default.createFile(atPath: state + "/imports", contents: Data("mine\n".utf8)))
        let run = try forged(["import", "forge-server", "--from", Self.dump], state: state)
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.contains("could not write \(state)/imports/forge-server-"), "\(run.err)")
        #expect(run.out.contains("every skipped row (9):"), "\(run.out)")
        #expect(run.out.contains("  push_subs 90000000000000000000000000000001: not_served: "))
        #expect(run.out.contains("  logged_sets 40000000000000000000000000000003: out_of_bounds: "))
        #expect(FileManager.default.contents(atPath: state + "/imports") == Data("mine\n".utf8))
    }

    /// A state directory that did not exist: every bad source, a source the move refuses midway
    /// (three members), and a dry run leave no directory behind; one without a database stays empty.
    @Test func aFailedImportIntoANewStateDirectoryLeavesNothingBehind() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let text = try String(contentsOfFile: Self.dump, encoding: .utf8)
        let cut = text.range(of: "40000000000000000000000000000004")!.lowerBound
        let member =
            "c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0c0\tcy@example.org\tCy\tmember\tkg\t{}\t\\N\t2025-01-06 10:00:00+00\n"
        let three = text.replacingOccurrences(
            of: "d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0\tdemo", with: member + "d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0d0\tdemo")
        #expect(three != text)
        let sources: [(source: String, why: String)] = [
            (try dir.write("truncated.sql", String(text[..<cut])), "ends inside the rows"),
            (
                try dir.write("notes.txt", "shopping: eggs, milk\n"),
                "neither a plain pg_dump file nor a SQLite database"
            ),
            (dir.file("missing.sql"), "no such file"),
            // A directory: said so, with what --from takes.
            (dir.path, "\(dir.path): is a directory, not a file; --from takes the original's DATABASE_URL"),
            (
                "postgresql+psycopg://forge:secret@127.0.0.1:\(TempPostgres.freePort())/forge",
                "postgresql://forge@127.0.0.1"
            ),
            (try dir.write("three.sql", three), "forged serves a household of two"),
        ]
        for (i, (source, why)) in sources.enumerated() {
            let root = dir.file("new-\(i)")
            let run = try forged(["import", "forge-server", "--from", source], state: root + "/var/forge")
            #expect(run.status == 1, "\(source): \(run.err)")
            #expect(run.err.contains(why), "\(source): \(run.err)")
            #expect(!FileManager.default.fileExists(atPath: root), "\(source) left \(root) behind")
        }
        // A directory that exists but holds no database yet (made by hand for forged): left as it was, empty.
        let empty = dir.file("empty")
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        for (source, why) in [sources[2], sources[3], sources[5]] {
            let run = try forged(["import", "forge-server", "--from", source], state: empty)
            #expect(run.status == 1, "\(source): \(run.err)")
            #expect(run.err.contains(why), "\(source): \(run.err)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: empty) == [], "\(source)")
        }
        let dry = try forged(
            ["import", "forge-server", "--from", Self.dump, "--dry-run"], state: dir.file("dry/forge"))
        #expect(dry.status == 0, "\(dry.err)")
        #expect(dry.out.contains("dry run: nothing was written"))
        #expect(!FileManager.default.fileExists(atPath: dir.file("dry")))
        // A good source into a new directory keeps it, with the household in it.
        let good = try forged(["import", "forge-server", "--from", Self.dump], state: dir.file("good/forge"))
        #expect(good.status == 0, "\(good.err)")
        try expectMovedHousehold(dir.file("good/forge"))
    }

    /// A text file that is neither a dump nor SQLite is refused naming the three forms SOURCE takes.
    @Test func aFileOfSomethingElseNamesTheThreeForms() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let state = try freshState(dir)
        let notes = try dir.write("notes.txt", "shopping: eggs, milk\n")
        let run = try forged(["import", "forge-server", "--from", notes], state: state)
        #expect(run.status == 1)
        let line = run.err.split(separator: "\n").filter { !$0.hasPrefix("<") }
        #expect(line.count == 1, "\(run.err)")
        for form in ["postgresql://", "a plain pg_dump file", "the original's SQLite file", notes] {
            #expect(run.err.contains(form), "\(form): \(run.err)")
        }
    }

    /// One import per member at a time, of any kind: a move started while another import runs
    /// is refused, naming it, and changes nothing.
    @Test func aMoveWaitsForAnImportThatIsRunning() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let state = try freshState(dir)
        try settle(state)
        let db = try Database(path: state + "/forge.sqlite3", readers: 1)
        try db.write { conn in
            // A Strong import of Ada's, running in a live process (this one).
            try conn.execute(
                """
                INSERT INTO imports (id, user_id, kind, source, state, bytes_total, pid, created_at)
                SELECT 'i0i0i0i0i0i0i0i0i0i0i0i0i0i0i0i0', id, 'strong', 'strong.csv', 'running', 10, \(getpid()),
                       '2026-01-02T00:00:00.000Z'
                FROM users WHERE email = 'ada@example.org'
                """)
        }
        db.close()
        let before = bytes(state)
        let run = try forged(["import", "forge-server", "--from", Self.dump, "--replace"], state: state)
        #expect(run.status == 1)
        #expect(
            run.err.contains("another import is running for this member (i0i0i0i0i0i0i0i0i0i0i0i0i0i0i0i0)"),
            "\(run.err)")
        #expect(run.err.contains(Self.dump))
        #expect(bytes(state) == before)
        #expect(try query(state, "SELECT COUNT(*) FROM backup_runs") == 0)
    }
}
