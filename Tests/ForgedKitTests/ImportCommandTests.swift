import ForgeStore
import Foundation
import Testing

@testable import ForgedKit

/// `forged import KIND FILE`, `import auto`, `import list`, `import undo` through
/// `Forged.main`, as a member moving in runs them.
@Suite(.serialized) struct ImportCommandTests {
    let env = ["FORGE_TEST_PASSWORD_COST": "minimum"]

    static func fixture(_ name: String) -> String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/movein/\(name)").path
    }

    func stateDir(_ dir: TempDir, members: [String]) throws -> String {
        let state = dir.file("state")
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let db = try Database(path: state + "/forge.sqlite3")
        defer { db.close() }
        try ForgeSchema.migrator().migrate(db, now: Date())
        try db.write { c in
            for (i, email) in members.enumerated() {
                try c.execute(
                    "INSERT INTO users (id, email, name, role, created_at) VALUES (?, ?, 'U', ?, 'x')",
                    ["u\(i)", email, i == 0 ? "admin" : "member"])
            }
        }
        return state
    }

    func count(_ state: String, _ sql: String) throws -> Int {
        let db = try Database(path: state + "/forge.sqlite3", readers: 1)
        defer { db.close() }
        return try db.read { try $0.scalar(sql) } ?? -1
    }

    func forged(_ args: [String], _ state: String) -> Int32 {
        Forged.main(args + ["--state-dir", state, "--config", "/dev/null"], environment: env)
    }

    @Test func importListUndoAndReimport() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let state = try stateDir(dir, members: ["ada@example.org", "ben@example.org"])
        let file = Self.fixture("strong-2025.csv")
        // Two members: whose history must be said.
        #expect(forged(["import", "strong", file], state) == 1)
        #expect(forged(["import", "strong", file, "--member", "nobody@example.org"], state) == 1)
        #expect(try count(state, "SELECT COUNT(*) FROM sets") == 0)
        #expect(forged(["import", "strong", file, "--member", "ada@example.org"], state) == 0)
        #expect(try count(state, "SELECT COUNT(*) FROM sets WHERE user_id = 'u0'") == 10)
        // Again: nothing added.
        #expect(forged(["import", "auto", file, "--member", "ada@example.org"], state) == 0)
        #expect(try count(state, "SELECT COUNT(*) FROM sets") == 10)
        #expect(forged(["import", "list"], state) == 0)
        let db = try Database(path: state + "/forge.sqlite3", readers: 1)
        let first: String? = try db.read {
            try $0.scalar("SELECT id FROM imports WHERE state = 'done' ORDER BY rowid LIMIT 1")
        }
        db.close()
        #expect(forged(["import", "undo", try #require(first)], state) == 0)
        #expect(try count(state, "SELECT COUNT(*) FROM sets") == 0)
        #expect(forged(["import", "undo", try #require(first)], state) == 1)  // already undone
        #expect(forged(["import", "undo", "nope"], state) == 1)
    }

    /// What a fresh user reads (issue 23): the undo hint reaches the same state directory and
    /// config, counts of one are singular, `import list` names its columns.
    @Test func theReportsFollowUpCommandsCarryTheStateDirectory() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let state = try stateDir(dir, members: ["ada@example.org"])
        let binary = try #require(ForgedBinary.path, "build forged first (swift build)")
        func run(_ args: [String]) throws -> (status: Int32, out: String, err: String) {
            try runProcess(
                binary, args + ["--state-dir", state, "--config", "/dev/null"],
                environment: cleanEnvironment(env.merging(["FORGE_TIMEZONE": "UTC"]) { $1 }))
        }
        let file = try dir.write(
            "one.csv",
            "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
                + "2025-03-01 08:00:00,Legs,1h,Squat (Barbell),1,100.0,5.0,0,0.0,,,\n")
        let imported = try run(["import", "strong", file])
        #expect(imported.status == 0, "\(imported.err)")
        #expect(imported.out.contains("read 1 row\n"), "\(imported.out)")
        #expect(imported.out.contains("1 session") && imported.out.contains("1 set"), "\(imported.out)")
        #expect(!imported.out.contains("1 sets") && !imported.out.contains("1 sessions"), "\(imported.out)")
        let id = try #require(
            imported.out.split(separator: "\n").first { $0.hasPrefix("import ") }?.split(separator: " ")[1]
                .dropLast())
        #expect(
            imported.out.contains("undo with: forged import undo \(id) --state-dir \(state) --config /dev/null"),
            "\(imported.out)")
        let listed = try run(["import", "list"])
        #expect(listed.status == 0)
        let lines = listed.out.split(separator: "\n")
        #expect(lines.first.map(String.init) == "ID\tSTARTED\tKIND\tSTATE\tMEMBER\tADDED\tSOURCE")
        #expect(lines.count == 2 && lines[1].hasPrefix("\(id)\t"), "\(listed.out)")
        // Undone twice: the second says it was already undone (not that the import never finished).
        #expect(try run(["import", "undo", String(id)]).status == 0)
        let again = try run(["import", "undo", String(id)])
        #expect(again.status == 1)
        #expect(again.err == "forged import: import \(id) was already undone\n", "\(again.err)")
    }

    @Test func badKindsAndFilesAreRefusedWithoutWriting() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let state = try stateDir(dir, members: ["ada@example.org"])
        #expect(forged(["import", "myfitnesspal", Self.fixture("strong-2016.csv")], state) == 2)
        #expect(forged(["import", "strong"], state) == 2)
        #expect(forged(["import", "strong", dir.file("missing.csv")], state) == 1)
        // A Hevy file given as Strong: refused, nothing written.
        #expect(forged(["import", "strong", Self.fixture("hevy-2026.csv")], state) == 1)
        #expect(try count(state, "SELECT COUNT(*) FROM sessions") == 0)
        #expect(try count(state, "SELECT COUNT(*) FROM imports") == 0)
        // One member: --member may be left out.
        #expect(forged(["import", "fitnotes", Self.fixture("fitnotes-new.csv")], state) == 0)
        #expect(try count(state, "SELECT COUNT(*) FROM sets") == 4)
    }

    /// The progress line's time left means something or is not shown: a tiny file's first line
    /// (3 ms in, nothing or 0.05% read) once promised `0:27 left` or `0:00 left` at 0%.
    @Test func theTimeLeftWaitsForASecondAndAPercent() {
        #expect(ProgressLine.left(fraction: 0, elapsed: 0.003) == "--:--")
        #expect(ProgressLine.left(fraction: 0, elapsed: 5) == "--:--")
        #expect(ProgressLine.left(fraction: 0.0005, elapsed: 0.003) == "--:--")
        #expect(ProgressLine.left(fraction: 0.5, elapsed: 0.05) == "--:--")
        #expect(ProgressLine.left(fraction: 0.005, elapsed: 30) == "--:--")
        #expect(ProgressLine.left(fraction: 0.25, elapsed: 1) == "0:03")
        #expect(ProgressLine.left(fraction: 0.1, elapsed: 20) == "3:00")
        // Done is done, however quick.
        #expect(ProgressLine.left(fraction: 1, elapsed: 0.05) == "0:00")
    }

    @Test func grammarParsesKindFileAndSubcommands() throws {
        #expect(try CLI.parse(["import", "strong", "a.csv", "--member", "x@y.z"]).path == ["import"])
        #expect(try CLI.parse(["import", "strong", "a.csv"]).positionals == ["strong", "a.csv"])
        #expect(try CLI.parse(["import", "list"]).path == ["import", "list"])
        #expect(try CLI.parse(["import", "undo", "abc"]).positionals == ["abc"])
        #expect(throws: ConfigError.self) { try CLI.parse(["import", "strong", "a", "b"]) }
    }

    @Test func exerciseMergeFoldsAnImportedExerciseAndRefusesBadSlugs() throws {
        let dir = TempDir()
        defer { dir.remove() }
        let state = try stateDir(dir, members: ["ada@example.org"])
        let file = try dir.write(
            "odd.csv",
            """
            Date,Workout Name,Exercise Name,Set Order,Weight,Reps
            2026-03-02 08:00:00,A,Squat (Barbell),1,100,5
            2026-03-02 08:00:00,A,Pin Squat Odd,1,110,3

            """)
        #expect(forged(["import", "strong", file], state) == 0)
        #expect(try count(state, "SELECT COUNT(*) FROM sets WHERE slug = 'pin-squat-odd'") == 1)
        #expect(forged(["exercise", "merge", "pin-squat-odd"], state) == 2)  // INTO missing
        #expect(forged(["exercise", "merge", "no-such", "back-squat"], state) == 1)
        #expect(forged(["exercise", "merge", "pin-squat-odd", "no-such"], state) == 1)
        #expect(forged(["exercise", "merge", "back-squat", "back-squat"], state) == 1)
        #expect(forged(["exercise", "merge", "back-squat", "deadlift"], state) == 1)  // seeded: not merged
        #expect(try count(state, "SELECT COUNT(*) FROM sets WHERE slug = 'back-squat'") == 1)
        #expect(forged(["exercise", "merge", "pin-squat-odd", "back-squat"], state) == 0)
        #expect(try count(state, "SELECT COUNT(*) FROM sets WHERE slug = 'back-squat'") == 2)
        #expect(try count(state, "SELECT COUNT(*) FROM exercises WHERE slug = 'pin-squat-odd'") == 0)
        #expect(try count(state, "SELECT value FROM records WHERE slug = 'back-squat' AND kind = 'best_set'") == 110)
    }
}
