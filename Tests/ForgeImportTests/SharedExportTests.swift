import ForgeCore
import ForgeStore
import ForgeTrain
import Foundation
import Testing

@testable import ForgeImport

/// The real exports in ../shared/data/movein (README there): every file imports,
/// and the report's counts match an independent count of the file made here
/// (a line split, not the importer's reader): sessions = distinct workouts,
/// sets = rows with reps, a time or a distance, skipped rows by reason.
@Suite(.serialized, .enabled(if: ImportHarness.sharedPresent, ImportHarness.sharedAbsence))
struct SharedExportTests {
    /// An independent reading: lines (no field in these files spans lines), fields split at commas outside quotes.
    static func rows(_ url: URL) throws -> (header: [String], rows: [[String]]) {
        let text = try String(contentsOf: url, encoding: .utf8)
        var lines = text.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" }.map {
            String($0).trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
        }
        func split(_ line: String) -> [String] {
            var out: [String] = []
            var cur = ""
            var quoted = false
            for c in line {
                if c == "\"" {
                    quoted.toggle()
                } else if c == "," && !quoted {
                    out.append(cur)
                    cur = ""
                } else {
                    cur.append(c)
                }
            }
            out.append(cur)
            return out
        }
        let header = split(lines.removeFirst())
        return (header, lines.map(split))
    }

    static func value(_ s: String) -> Double { Double(s) ?? 0 }

    @Test(arguments: [
        "strong/DaKheera47__strong-statistics__sample_strong.csv",
        "strong/ys-math__strength-training__strong_workouts.csv",
    ])
    func strongExportImportsWithIndependentCounts(_ name: String) throws {
        let url = try ImportHarness.shared(name)
        let (header, rows) = try Self.rows(url)
        let col = { (n: String) in header.firstIndex(of: n)! }
        let workouts = Set(rows.map { $0[col("Date")] + "|" + $0[col("Workout Name")] })
        let rest = rows.filter { $0[col("Set Order")] == "Rest Timer" }.count
        let setRows = rows.filter {
            $0[col("Set Order")] != "Rest Timer"
                && (Self.value($0[col("Reps")]) > 0 || Self.value($0[col("Seconds")]) > 0
                    || Self.value($0[col("Distance")]) > 0)
        }
        let empty = rows.count - rest - setRows.count

        let h = try ImportHarness()
        let record = try h.run(.strong, url)
        let report = try #require(record.report)
        #expect(record.state == "done")
        #expect(report.rowsRead == rows.count)
        #expect(report.added["sessions"] == workouts.count)
        #expect(report.added["sets"] == setRows.count)
        #expect(report.skipped["rest_timer", default: 0] == rest)
        #expect(report.skipped["no_reps_time_or_distance", default: 0] == empty)
        #expect(h.sessions == workouts.count)
        #expect(h.sets == setRows.count)
        let warmups = setRows.filter { $0[col("Set Order")] == "W" }.count
        #expect(try h.count("SELECT COUNT(*) FROM sets WHERE set_kind = 'warmup'") == warmups)

        // A second import of the same file adds nothing and says so.
        let again = try #require(try h.run(.strong, url).report)
        #expect(again.totalAdded == 0)
        #expect(again.already["sessions"] == workouts.count)
        #expect(again.already["sets"] == setRows.count)
        #expect(h.sessions == workouts.count && h.sets == setRows.count)

        // Undo removes exactly what the import added.
        try h.pipeline.undo(id: record.id, userID: h.ada.id)
        #expect(h.sessions == 0 && h.sets == 0)
        #expect(try h.count("SELECT COUNT(*) FROM records") == 0)
        #expect(try h.count("SELECT COUNT(*) FROM lift_day_best") == 0)
        #expect(try h.count("SELECT COUNT(*) FROM exercises WHERE origin = 'import'") == 0)
        #expect(try h.pipeline.find(record.id, userID: nil)?.state == "undone")
    }

    /// The first lifter's bench press by hand: the best Epley e1RM and the
    /// heaviest load over the CSV's working sets (warm-ups left out) are the records.
    @Test func firstLifterRecordsMatchTheCSVByHand() throws {
        let url = try ImportHarness.shared("strong/ys-math__strength-training__strong_workouts.csv")
        let (header, rows) = try Self.rows(url)
        let col = { (n: String) in header.firstIndex(of: n)! }
        let h = try ImportHarness()
        try h.run(.strong, url)
        let records = try h.db.read { try RecordStore.all(userID: h.ada.id, in: $0) }
        for (name, slug) in [("Bench Press (Barbell)", "bench-press"), ("Squat (Barbell)", "back-squat")] {
            let working = rows.filter { $0[col("Exercise Name")] == name && $0[col("Set Order")] != "W" }
            guard !working.isEmpty else { continue }
            var bestE1RM = 0.0
            var heaviest = 0.0
            for r in working {
                let w = Self.value(r[col("Weight")])
                let reps = Self.value(r[col("Reps")])
                let e = reps == 1 ? w : w * (1 + reps / 30)
                bestE1RM = max(bestE1RM, (e * 10).rounded(.toNearestOrEven) / 10)
                heaviest = max(heaviest, w)
            }
            #expect(records.first { $0.slug == slug && $0.kind == .e1rm }?.value == bestE1RM, "\(slug)")
            #expect(records.first { $0.slug == slug && $0.kind == .bestSet }?.value == heaviest, "\(slug)")
            // The e1RM series' best point over all days is the record too.
            let best: Double? = try h.db.read {
                try $0.scalar("SELECT MAX(e1rm) FROM lift_day_best WHERE user_id = ? AND slug = ?", [h.ada.id, slug])
            }
            #expect(best.map { ($0 * 10).rounded(.toNearestOrEven) / 10 } == bestE1RM, "\(slug)")
        }
    }

    @Test func hevyExportImportsWithIndependentCounts() throws {
        let url = try ImportHarness.shared("hevy/DaKheera47__strong-statistics__sample_hevy.csv")
        let (header, rows) = try Self.rows(url)
        let col = { (n: String) in header.firstIndex(of: n)! }
        let workouts = Set(rows.map { $0[col("start_time")] })
        let setRows = rows.filter {
            Self.value($0[col("reps")]) > 0 || Self.value($0[col("duration_seconds")]) > 0
                || Self.value($0[col("distance_km")]) > 0
        }
        let h = try ImportHarness()
        let report = try #require(try h.run(.hevy, url).report)
        #expect(report.rowsRead == rows.count)
        #expect(report.added["sessions"] == workouts.count)
        #expect(report.added["sets"] == setRows.count)
        #expect(report.skipped["no_reps_time_or_distance", default: 0] == rows.count - setRows.count)
        #expect(h.sessions == workouts.count && h.sets == setRows.count)
        let kinds = ["warmup": "warmup", "dropset": "drop", "failure": "failure"]
        for (file, stored) in kinds {
            let n = setRows.filter { $0[col("set_type")] == file }.count
            #expect(try h.count("SELECT COUNT(*) FROM sets WHERE set_kind = ?", [stored]) == n, "\(file)")
        }
        // Decimal RPE: the file's value kept, the contract's integer rounded half-to-even.
        let halves = setRows.filter { $0[col("rpe")] == "7.5" }.count
        #expect(try h.count("SELECT COUNT(*) FROM sets WHERE rpe_source = 7.5 AND rpe = 8") == halves)
        #expect(try h.run(.hevy, url).report?.totalAdded == 0)
    }

    /// The apps' names table (``AppExerciseNames``) covers the real Hevy
    /// export's common lifts: at most 37 of its 86 names become new library
    /// exercises (55 before the table knew Hevy's equipment and grip variants),
    /// and the sets of a mapped name land on the library exercise.
    @Test func hevyExportCreatesFewNewExercises() throws {
        let url = try ImportHarness.shared("hevy/DaKheera47__strong-statistics__sample_hevy.csv")
        let h = try ImportHarness()
        let report = try #require(try h.run(.hevy, url).report)
        let created = try h.count("SELECT COUNT(*) FROM exercises WHERE origin = 'import'")
        #expect(created <= 37)
        #expect(report.lists["new_exercises", default: []].count == created)
        let listed = Set(report.lists["new_exercises", default: []])
        for name in ["Triceps Pressdown", "Lateral Raise (Cable)", "Seated Cable Row - Bar Wide Grip"] {
            #expect(!listed.contains { $0.hasPrefix(name + " →") }, "\(name)")
        }
        let matcher = try h.db.read { try ExerciseNameMatcher(in: $0) }
        let expected: [String: String?] = [
            "Triceps Pressdown": "triceps-pushdown",
            "Lateral Raise (Cable)": "lateral-raise",
            "Single Arm Lateral Raise (Cable)": "lateral-raise",
            "Lat Pulldown - Close Grip (Cable)": "lat-pulldown",
            "Rear Delt Reverse Fly (Machine)": "rear-delt-fly",
            "EZ Bar Biceps Curl": "barbell-curl",
            "Bicep Curl (Dumbbell)": "db-curl",
            "Bench Press (Dumbbell)": "db-bench-press",
            // Loads that mean something else, or a lift the library names by other equipment: stay new.
            "Pull Up (Assisted)": "pull-up-assisted",
            "Shoulder Press (Machine Plates)": "shoulder-press-machine-plates",
        ]
        for (name, slug) in expected {
            #expect(matcher.match(name) == slug, "\(name)")
        }
        // The cable lateral raise's sets are the library lateral raise's.
        #expect(try h.count("SELECT COUNT(*) FROM sets WHERE slug = 'lateral-raise'") > 0)
    }
}
