import ForgeStore
import ForgeTrain
import Foundation

/// Hevy's CSV export (Profile → Settings → Export & Import Data → Export Workouts):
/// `title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,`
/// `weight_kg|weight_lbs,reps,distance_km|distance_miles,duration_seconds,rpe`.
///
/// Dates are `15 Sep 2025, 07:48` (older exports) or `Jun 11, 2026, 1:01 PM`
/// (newer), read in the household zone. `set_type` `warmup`/`dropset`/`failure`
/// become set markers. An empty weight is a body-weight set (0 kg). The
/// workout's `description` becomes the session's notes, `exercise_notes` the
/// note of the exercise's first set; a decimal `rpe` rounds half-to-even.
package struct HevyImporter: Importer {
    package var kind: ImportKind { .hevy }

    package var expected: String { Self.expected }

    static let expected = "a Hevy CSV header with title, start_time, exercise_title, set_type and reps columns"

    package init() {}

    package func sniff(_ probe: ImportProbe) -> Bool {
        CSVHeader.sniff(probe.firstLine).has("start_time", "exercise_title", "reps")
    }

    package func run(_ job: ImportJob) throws {
        let csv = try CSVReader(url: job.file)
        guard let first = try csv.next() else { throw ImportError.notThisKind(kind: .hevy, expected: Self.expected) }
        let h = CSVHeader(first)
        guard h.has("start_time", "exercise_title", "reps") else {
            throw ImportError.notThisKind(kind: .hevy, expected: Self.expected)
        }
        let title = h.column("title")
        let startCol = h.column("start_time")
        let endCol = h.column("end_time")
        let description = h.column("description")
        let exerciseCol = h.column("exercise_title")
        let exerciseNotes = h.column("exercise_notes")
        let setType = h.column("set_type")
        let (weightCol, weightUnit): (Int?, String) =
            if let i = h.column("weight_kg") { (i, "kg") } else if let i = h.column("weight_lbs") { (i, "lbs") } else {
                (nil, "kg")
            }
        let (distanceCol, distanceUnit): (Int?, String) =
            if let i = h.column("distance_km") {
                (i, "km")
            } else if let i = h.column("distance_miles") {
                (i, "mi")
            } else if let i = h.column("distance_meters") {
                (i, "m")
            } else {
                (nil, "km")
            }
        let reps = h.column("reps")
        let duration = h.column("duration_seconds")
        let rpe = h.column("rpe")
        var times = LocalDateTime(calendar: job.calendar)
        times.slashOrder = try SlashDateOrder.of(csv: job.file, column: startCol, named: "start_time")
        // The rows are read on a second core (LiftHistoryWriter.write(reading:)) from here on.
        try LiftHistoryWriter(job: job).write { [times] feed in
            let csv = feed.csv
            var times = times
            var lastExercise = ("", "")
            while let f = try csv.next() {
                let line = csv.line
                let exercise = f[field: exerciseCol].trimmedBlanks
                guard let start = times.parse(f[field: startCol]), !exercise.isEmpty else {
                    try feed.skip(
                        line: line, reason: "unreadable_row",
                        detail: exercise.isEmpty
                            ? "no exercise_title" : "start_time \"\(f[field: startCol])\" not understood")
                    continue
                }
                var row = LiftRow(line: line, start: start, workoutName: f[field: title], exercise: exercise)
                row.end = times.parse(f[field: endCol])
                row.workoutNotes = f[field: description]
                switch f[field: setType].lowercased() {
                case "warmup", "warm_up", "warm-up": row.marker = .warmup
                case "dropset", "drop_set", "drop": row.marker = .drop
                case "failure": row.marker = .failure
                default: row.marker = .normal
                }
                if let w = NumberText.decimal(f[field: weightCol]) {
                    row.weightKg = UnitConversion.kilograms(w, unit: weightUnit) ?? w
                }
                row.reps = NumberText.decimal(f[field: reps]) ?? 0
                if let s = NumberText.decimal(f[field: duration]), s != 0 { row.seconds = s }
                if let d = NumberText.decimal(f[field: distanceCol]), d != 0 {
                    row.distanceM = UnitConversion.metres(d, unit: distanceUnit)
                }
                row.rpe = NumberText.decimal(f[field: rpe])
                let exerciseKey = (f[field: startCol], exercise)
                if exerciseKey != lastExercise { row.note = f[field: exerciseNotes] }
                lastExercise = exerciseKey
                try feed.add(row)
            }
        }
    }

    package func undo(_ rows: [String: [String]], userID: String, now: Date, in db: Connection) throws {
        try LiftHistoryWriter.undo(rows, userID: userID, now: now, in: db)
    }
}
