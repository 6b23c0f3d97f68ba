import ForgeStore
import ForgeTrain
import Foundation

/// FitNotes' CSV export (Android: Settings → Spreadsheet Export → Export workouts):
/// `Date,Exercise,Category,Weight (lbs)|Weight (kgs),Reps,Distance,Distance Unit,Time`
/// in older versions, `Weight,Weight Unit` (`kgs`/`lbs`) in newer ones,
/// sometimes a trailing `Comment`.
///
/// FitNotes logs days, not timed workouts: one session per date, started at
/// noon in the household zone. `Time` is `H:MM:SS` or seconds. Some versions
/// write an exercise name that contains a comma without quotes
/// (`Bench Press, Incline`), so the row has a field too many: the name is
/// rejoined, never dropped.
///
/// The body-tracker export (`Date,Time,Measurement,Value,Unit`) is the same
/// kind: its rows become metrics (``FitNotesBodyTracker``).
package struct FitNotesImporter: Importer {
    package var kind: ImportKind { .fitnotes }

    package var expected: String { Self.expected }

    static let expected =
        "a FitNotes CSV header with Date, Exercise, Category and Reps columns (workouts) "
        + "or Date, Time, Measurement, Value and Unit (body tracker)"

    package init() {}

    package func sniff(_ probe: ImportProbe) -> Bool {
        let h = CSVHeader.sniff(probe.firstLine)
        return h.has("date", "exercise", "category", "reps") || FitNotesBodyTracker.isBodyTracker(h)
    }

    package func run(_ job: ImportJob) throws {
        let csv = try CSVReader(url: job.file)
        guard let first = try csv.next() else {
            throw ImportError.notThisKind(kind: .fitnotes, expected: Self.expected)
        }
        let h = CSVHeader(first)
        if FitNotesBodyTracker.isBodyTracker(h) {
            try FitNotesBodyTracker.run(job, csv: csv, header: h)
            return
        }
        guard h.has("date", "exercise", "category", "reps") else {
            throw ImportError.notThisKind(kind: .fitnotes, expected: Self.expected)
        }
        let columns = h.names.count
        let date = h.column("date")
        guard let exerciseCol = h.column("exercise") else {
            throw ImportError.notThisKind(kind: .fitnotes, expected: Self.expected)
        }
        let (weightCol, fileWeightUnit): (Int?, String) =
            if let i = h.column("weight (lbs)", "weight (lb)") {
                (i, "lbs")
            } else if let i = h.column("weight (kgs)", "weight (kg)") {
                (i, "kg")
            } else {
                (h.column("weight"), "kg")
            }
        let weightUnit = h.column("weight unit")
        let reps = h.column("reps")
        let distance = h.column("distance")
        let distanceUnit = h.column("distance unit")
        let time = h.column("time")
        let comment = h.column("comment")
        var times = LocalDateTime(calendar: job.calendar)
        times.slashOrder = try SlashDateOrder.of(csv: job.file, column: date, named: "Date")
        // The rows are read on a second core (LiftHistoryWriter.write(reading:)) from here on.
        try LiftHistoryWriter(job: job).write { [times] feed in
            let csv = feed.csv
            var times = times
            while var f = try csv.next() {
                let line = csv.line
                if f.count > columns {
                    // An unquoted comma in the exercise name: rejoin the extra fields into it.
                    let extra = f.count - columns
                    let joined = f[exerciseCol...(exerciseCol + extra)].joined(separator: ",")
                    f.replaceSubrange(exerciseCol...(exerciseCol + extra), with: [joined])
                }
                let exercise = f[field: exerciseCol].trimmedBlanks
                guard let start = times.parse(f[field: date]), !exercise.isEmpty else {
                    try feed.skip(
                        line: line, reason: "unreadable_row",
                        detail: exercise.isEmpty ? "no exercise" : "date \"\(f[field: date])\" not understood")
                    continue
                }
                var row = LiftRow(line: line, start: start, workoutName: "FitNotes workout", exercise: exercise)
                let unit = weightUnit.map { f[field: $0] } ?? fileWeightUnit
                if let w = NumberText.decimal(f[field: weightCol]) {
                    row.weightKg = UnitConversion.kilograms(w, unit: unit) ?? w
                }
                row.reps = NumberText.decimal(f[field: reps]) ?? 0
                if let d = NumberText.decimal(f[field: distance]), d != 0 {
                    row.distanceM = UnitConversion.metres(d, unit: f[field: distanceUnit])
                }
                if let s = NumberText.duration(f[field: time]), s != 0 { row.seconds = s }
                row.note = f[field: comment]
                try feed.add(row)
            }
        }
    }

    package func undo(_ rows: [String: [String]], userID: String, now: Date, in db: Connection) throws {
        try LiftHistoryWriter.undo(rows, userID: userID, now: now, in: db)
        try MetricStore.delete(ids: rows["metrics"] ?? [], userID: userID, in: db)
    }
}
