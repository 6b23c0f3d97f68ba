import ForgeCore
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation
import Testing

@testable import ForgeImport

/// What a Strong history means (issue 38): the unit of a bare `Weight` column, warm-up and failure
/// markers in every form, 12-hour times, and a file none of whose rows reads.
struct StrongUnitsAndMarkersTests {
    /// A current-form Strong export (bare `Weight`) of `weeks` weeks of squat, bench and deadlift, three
    /// sets each, at `loads` (squat, bench, deadlift).
    static func export(_ dir: String, loads: (Double, Double, Double), weeks: Int = 4) throws -> URL {
        var text = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE\n"
        for week in 0..<weeks {
            let date = String(format: "2025-01-%02d 07:30:00", 1 + 7 * week)
            for (name, load) in [
                ("Squat (Barbell)", loads.0), ("Bench Press (Barbell)", loads.1), ("Deadlift (Barbell)", loads.2),
            ] {
                for set in 1...3 {
                    text += "\(date),Strength,1h,\(name),\(set),\(NumberFormat.plain(load)),5,,,\n"
                }
            }
        }
        let url = URL(fileURLWithPath: dir + "/strong-\(UUID().uuidString).csv")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test func anLbHistoryInAKgMembersNameIsRefusedBeforeAnythingIsWritten() throws {
        let h = try ImportHarness()
        let file = try Self.export(h.dir, loads: (225, 135, 315))
        #expect {
            try h.run(.strong, file)
        } throws: { error in
            guard case .loadUnit(let assumed, let other, let evidence) = error as? ImportError else { return false }
            return assumed == "kg" && other == "lb" && evidence.hasPrefix("36 of the first 36 main-lift barbell sets")
        }
        #expect(h.sessions == 0 && h.sets == 0)
        let failed = try #require(try h.pipeline.list(userID: h.ada.id).first)
        #expect(failed.state == "failed" && failed.error?.contains("--unit lb") == true)
    }

    @Test func statedLbIsNeverSecondGuessedAndReadsAsTheLifterWroteIt() throws {
        let h = try ImportHarness()
        let file = try Self.export(h.dir, loads: (225, 135, 315))
        try h.pipeline.run(kind: .strong, file: file, source: "strong.csv", userID: h.ada.id, unit: .lb)
        let heaviest: Double? = try h.db.read {
            try $0.scalar("SELECT MAX(weight) FROM sets WHERE user_id = ? AND slug = 'deadlift'", [h.ada.id])
        }
        #expect(heaviest == 315 * 0.45359237)
        #expect(LoadUnit.lb.wordsText(kg: heaviest ?? 0) == "315")
    }

    @Test func aKgHistoryInAnLbMembersNameIsRefusedTheSameWay() throws {
        let h = try ImportHarness()
        _ = try h.db.write { try HouseholdStore.updatePrefs(merge: ["unit_load": "lb"], userID: h.ada.id, in: $0) }
        let file = try Self.export(h.dir, loads: (100, 60, 140))
        #expect {
            try h.run(.strong, file)
        } throws: { error in
            guard case .loadUnit(let assumed, let other, _) = error as? ImportError else { return false }
            return assumed == "lb" && other == "kg"
        }
        #expect(h.sets == 0)
        // The member's own unit reads such loads in lb when the file is not clearly kg.
        let mixed = try Self.export(h.dir, loads: (185, 155, 245))
        try h.run(.strong, mixed)
        let squat: Double? = try h.db.read {
            try $0.scalar("SELECT MAX(weight) FROM sets WHERE user_id = ? AND slug = 'back-squat'", [h.ada.id])
        }
        #expect(squat == 185 * 0.45359237)
    }

    @Test func loadsThatArePoundsConvertedToKilogramsAreNoLbEvidence() throws {
        // 61.23496995 kg is 135 lb: the app converted it; a kg member's import reads it as it is.
        let h = try ImportHarness()
        let file = try Self.export(h.dir, loads: (102.05828325, 61.23496995, 142.88159655))
        let report = try #require(try h.run(.strong, file).report)
        #expect(report.added["sets"] == 36)
    }

    @Test func everyStrongFormMarksWarmUpsAndFailuresAndWarmUpsMakeNoRecords() throws {
        let h = try ImportHarness()
        let text = """
            "Workout #";"Date";"Workout Name";"Duration (sec)";"Exercise Name";"Set Order";"Weight (kg)";"Reps";"RPE";"Distance (meters)";"Seconds";"Notes";"Workout Notes"
            "1";"2025-02-01 08:00:00";"Legs";"3600";"Squat (Barbell)";"WARM_UP";"90";"160";"";"";"";"";""
            "1";"2025-02-01 08:00:00";"Legs";"3600";"Squat (Barbell)";"1";"100";"5";"";"";"";"";""
            "1";"2025-02-01 08:00:00";"Legs";"3600";"Squat (Barbell)";"FAILURE";"105";"2";"";"";"";"";""
            "1";"2025-02-01 08:00:00";"Legs";"3600";"Squat (Barbell)";"DROP_SET";"80";"8";"";"";"";"";""

            """
        let file = URL(fileURLWithPath: h.dir + "/strong-quoted.csv")
        try Data(text.utf8).write(to: file)
        try h.run(.strong, file)
        let kinds: [String] = try h.db.read {
            try $0.query("SELECT set_kind FROM sets WHERE user_id = ? ORDER BY ts, rowid", [h.ada.id]).map {
                try $0.get("set_kind")
            }
        }
        #expect(kinds == ["warmup", "normal", "failure", "drop"])
        // 90 × 160 would be an e1RM of 570 kg: a warm-up makes no record of any kind.
        let records: [Double] = try h.db.read {
            try $0.query("SELECT weight FROM records WHERE user_id = ? AND slug = 'back-squat'", [h.ada.id]).map {
                try $0.get("weight")
            }
        }
        #expect(!records.isEmpty && !records.contains(90))
    }

    @Test(arguments: ["2025-01-30 12:34:56\u{202F}pm", "2025-01-30 12:34:56 PM", "2025-01-30 00:34:56"])
    func twelveHourTimesReadAfterAnyUnicodeSpace(_ text: String) throws {
        var times = LocalDateTime(calendar: HouseholdCalendar(timeZone: ImportHarness.zone))
        let date = times.parse(text)
        let expected = text.contains("00:34") ? "2025-01-30T00:34:56.000Z" : "2025-01-30T12:34:56.000Z"
        #expect(date.map(Instant.storage) == expected)
        #expect(times.parse("2025-01-30 5:30:00 pm").map(Instant.storage) == "2025-01-30T17:30:00.000Z")
        #expect(times.parse("2025-01-30 13:30:00 pm") == nil)
    }

    @Test func aFileNoneOfWhoseRowsReadsFailsNamingTheFirst() throws {
        let h = try ImportHarness()
        let text = """
            Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,RPE
            30.01.2025 half past five,Legs,1h,Squat (Barbell),1,100,5,,,
            someday,Legs,1h,Squat (Barbell),2,100,5,,,

            """
        let file = URL(fileURLWithPath: h.dir + "/strong-bad.csv")
        try Data(text.utf8).write(to: file)
        #expect {
            try h.run(.strong, file)
        } throws: { error in
            guard case .nothingReadable(2, let first) = error as? ImportError else { return false }
            return first.contains("line 2") && first.contains("30.01.2025 half past five")
        }
        #expect(try h.pipeline.list(userID: h.ada.id).first?.state == "failed")
    }
}
