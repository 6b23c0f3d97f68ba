import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation
import Testing

@testable import ForgeImport

/// The pipeline's promises: a failure midway leaves nothing, one running import
/// per member, a crashed import is rolled back, undo is scoped to its member,
/// a file that is not the kind writes nothing.
struct PipelineTests {
    /// Writes a real batch through the Strong importer's writer, then fails.
    struct FailingImporter: Importer {
        var kind: ImportKind { .strong }
        var expected: String { "anything" }
        func sniff(_ probe: ImportProbe) -> Bool { true }
        func run(_ job: ImportJob) throws {
            let writer = LiftHistoryWriter(job: job)
            for i in 0..<3 {
                var row = LiftRow(
                    line: i + 2, start: Date(timeIntervalSince1970: 1_700_000_000 + Double(i) * 86_400),
                    workoutName: "W", exercise: "Squat (Barbell)")
                row.weightKg = 100
                row.reps = 5
                try writer.add(row)
                try writer.flush()  // committed: the pipeline must remove it
            }
            throw ImportError.unreadable("disk went away")
        }
        func undo(_ rows: [String: [String]], userID: String, now: Date, in db: Connection) throws {
            try LiftHistoryWriter.undo(rows, userID: userID, now: now, in: db)
        }
    }

    @Test func aFailureMidwayLeavesNothingBehind() throws {
        let h = try ImportHarness(registry: ImportRegistry([FailingImporter()]))
        #expect(throws: ImportError.unreadable("disk went away")) {
            try h.run(.strong, ImportHarness.fixture("strong-2016.csv"))
        }
        #expect(h.sessions == 0 && h.sets == 0)
        #expect(try h.count("SELECT COUNT(*) FROM records") == 0)
        #expect(try h.count("SELECT COUNT(*) FROM lift_day_best") == 0)
        #expect(try h.count("SELECT COUNT(*) FROM import_rows") == 0)
        #expect(try h.count("SELECT COUNT(*) FROM import_keys") == 0)
        let record = try #require(try h.pipeline.list(userID: h.ada.id).first)
        #expect(record.state == "failed" && record.error == "disk went away")
    }

    @Test func aFileOfAnotherAppIsRefusedAndWritesNothing() throws {
        let h = try ImportHarness()
        // Another app's export that `auto` recognises: the refusal names the kind to use.
        #expect(throws: ImportError.otherKind(kind: .strong, found: .fitnotes)) {
            try h.run(.strong, ImportHarness.fixture("fitnotes-old.csv"))
        }
        #expect(throws: ImportError.otherKind(kind: .hevy, found: .strong)) {
            try h.run(.hevy, ImportHarness.fixture("strong-2016.csv"))
        }
        #expect(
            ImportError.otherKind(kind: .hevy, found: .strong).description
                == "this is not a Hevy export: it looks like a Strong export; import it as strong "
                + "(forged import strong FILE, or kind=strong over HTTP)")
        #expect(h.sessions == 0 && h.sets == 0)
        let text = FileManager.default.temporaryDirectory.appendingPathComponent("notes-\(UUID().uuidString).txt")
        try Data("just some notes\nnothing else\n".utf8).write(to: text)
        defer { try? FileManager.default.removeItem(at: text) }
        #expect(throws: ImportError.unrecognised) { try h.run(.auto, text) }
        #expect(throws: ImportError.notThisKind(kind: .appleHealth, expected: AppleHealthImporter().expected)) {
            try h.run(.appleHealth, text)
        }
    }

    @Test func oneRunningImportPerMemberAndCrashedOnesAreRolledBack() throws {
        let h = try ImportHarness()
        let file = ImportHarness.fixture("strong-2016.csv")
        let started = try h.pipeline.start(kind: .strong, file: file, source: "a.csv", userID: h.ada.id)
        #expect(throws: ImportError.busy(importID: started.id)) {
            try h.pipeline.start(kind: .strong, file: file, source: "b.csv", userID: h.ada.id)
        }
        // Whatever the kind: a Hevy file of the same member waits for the Strong one too.
        #expect(throws: ImportError.busy(importID: started.id)) {
            try h.pipeline.start(
                kind: .hevy, file: ImportHarness.fixture("hevy-2026.csv"), source: "h.csv", userID: h.ada.id)
        }
        // The other member is not blocked.
        try h.run(.strong, file, user: h.ben)
        try h.pipeline.execute(started)
        #expect(h.sessions == 2)
        // A crash midway: a running row whose process is gone, with rows committed.
        let crashed = try h.pipeline.start(
            kind: .strong, file: ImportHarness.fixture("strong-2018.csv"),
            source: "c.csv", userID: h.ada.id)
        try h.db.write { conn in
            var ids = IdentifierRun()
            let id = try TrainingSessionStore.createImported(
                ImportedWorkout(
                    day: LocalDate(year: 2020, month: 1, day: 1), name: "half", startedAt: Date(),
                    completedAt: Date(), notes: "", sets: []),
                userID: h.ada.id, ids: &ids, in: conn)
            try ImportLedger.added(crashed.id, table: "sessions", rowID: id, in: conn)
            try conn.execute("UPDATE imports SET pid = 999999999 WHERE id = ?", [crashed.id])
        }
        #expect(h.sessions == 3)
        #expect(try h.pipeline.recover() == [crashed.id])
        #expect(h.sessions == 2)
        #expect(try h.pipeline.find(crashed.id, userID: nil)?.state == "failed")
    }

    @Test func undoIsScopedToTheMemberAndRecomputesRecords() throws {
        let h = try ImportHarness()
        let first = try h.run(.strong, ImportHarness.fixture("strong-2025.csv"))
        // A later, heavier deadlift from another file raises the record...
        let heavier = FileManager.default.temporaryDirectory.appendingPathComponent("h-\(UUID().uuidString).csv")
        try Data(
            """
            Date,Workout Name,Exercise Name,Set Order,Weight,Reps
            2025-04-01 07:00:00,PR,Deadlift (Barbell),1,180,1

            """.utf8
        ).write(to: heavier)
        defer { try? FileManager.default.removeItem(at: heavier) }
        let second = try h.run(.strong, heavier)
        func deadlift() throws -> Double? {
            try h.db.read { try RecordStore.all(userID: h.ada.id, in: $0) }
                .first { $0.slug == "deadlift" && $0.kind == .bestSet }?.value
        }
        #expect(try deadlift() == 180)
        #expect(throws: ImportError.notFound(second.id)) { try h.pipeline.undo(id: second.id, userID: h.ben.id) }
        // ...and undoing it (an hour later) brings the record back to what the rest of the history
        // says; the ledger still says when the import finished.
        h.clock.advance(3600)
        let undone = try h.pipeline.undo(id: second.id, userID: h.ada.id)
        #expect(try deadlift() == 140)
        #expect(undone.state == "undone")
        #expect(undone.finishedAt != nil && undone.finishedAt == second.finishedAt)
        #expect(undone.createdAt == second.createdAt)
        let again = #expect(throws: ImportError.notUndoable(id: second.id, state: "undone")) {
            try h.pipeline.undo(id: second.id, userID: h.ada.id)
        }
        #expect(again?.description == "import \(second.id) was already undone")
        #expect(try h.pipeline.find(first.id, userID: nil)?.state == "done")
        // Undone, the same file imports again.
        #expect(try h.run(.strong, heavier).report?.added["sets"] == 1)
    }

    /// A workout of 85 sets goes in through the multi-row statements (64 + 16
    /// + 4 + 1 rows): every set stored once, in order, with the ids returned;
    /// the sets go in with the triggers off, so the day's e1RM appears when the
    /// importer rebuilds the lift (`RecordStore.rebuild` with `dayBests`), from
    /// the working sets.
    @Test func aLongWorkoutIsWrittenWholeAndInOrder() throws {
        let h = try ImportHarness()
        let start = Date(timeIntervalSince1970: 1_767_254_400)  // 2026-01-01T08:00:00Z
        let sets = (1...85).map { n in
            ImportedSet(
                logged: LoggedSet(
                    slug: "deadlift", substitutedFor: nil, setNo: n, weight: 100 + Double(n) / 4, reps: 1 + n % 5,
                    rpe: nil, ts: Instant.storage(start.addingTimeInterval(Double(n)))),
                marker: n == 85 ? .warmup : .normal, seconds: nil, distanceM: nil, note: "n\(n)", rpeSource: nil)
        }
        let (sessionID, rows) = try h.db.write { conn in
            var run = IdentifierRun()
            let id = try TrainingSessionStore.createImported(
                ImportedWorkout(
                    day: LocalDate(year: 2026, month: 1, day: 1), name: "long", startedAt: start,
                    completedAt: start.addingTimeInterval(3600), notes: "", sets: sets),
                userID: h.ada.id, ids: &run, in: conn)
            let before: Int? = try conn.scalar("SELECT COUNT(*) FROM lift_day_best WHERE user_id = ?", [h.ada.id])
            #expect(before == 0)
            try RecordStore.rebuild(userID: h.ada.id, slugs: ["deadlift"], now: start, dayBests: true, in: conn)
            return (id, try conn.query("SELECT id, set_no, note FROM sets WHERE session_id = ? ORDER BY rowid", [id]))
        }
        #expect(rows.count == 85)
        #expect(try rows.map { try $0.get("set_no") as Int } == Array(1...85))
        #expect(try rows.map { try $0.get("note") as String } == (1...85).map { "n\($0)" })
        let stored = try rows.map { try $0.get("id") as String }
        #expect(Set(stored).count == 85 && stored == stored.sorted())
        // The warm-up (set 85, the heaviest) is left out of the day's best.
        let best = (1...84).map { n in OneRepMax.epley(weight: 100 + Double(n) / 4, reps: 1 + n % 5) }.max()
        let e1rm: Double? = try h.db.read {
            try $0.scalar("SELECT e1rm FROM lift_day_best WHERE user_id = ? AND slug = 'deadlift'", [h.ada.id])
        }
        #expect(e1rm.map(Rounding.round1) == best)
        #expect(try h.db.read { try TrainingSessionStore.sets(sessionID, in: $0) }.count == 85)
    }
}
