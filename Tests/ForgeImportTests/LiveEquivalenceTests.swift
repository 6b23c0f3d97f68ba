import ForgeCore
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation
import Testing

@testable import ForgeImport

/// Issue 24 item 2, "records, e1RM series and trends are recomputed from the
/// imported history exactly as if it had been logged live": the same sets,
/// imported for Ada from a Strong CSV and logged one by one for Ben through
/// ``SetLog/log(_:clientID:sessionID:user:now:in:)`` in live sessions, leave
/// the same records, the same beaten-record events and the same e1RM series.
@Suite struct LiveEquivalenceTests {
    struct Workout {
        let start: Date
        let name: String
        /// (app name, warm-up?, kg, reps) in logging order.
        let sets: [(exercise: String, warmup: Bool, kg: Double, reps: Int)]
    }

    /// 24 workouts over 40 days (two on one day), four lifts, loads that rise
    /// and fall, a warm-up per lift (heavier than some working sets, so a
    /// warm-up counted by mistake would show), loads in lb-as-kg floats.
    static func workouts() -> [Workout] {
        var generator = SplitMix(seed: 24)
        let lifts = ["Squat (Barbell)", "Bench Press (Barbell)", "Deadlift (Barbell)", "Overhead Press (Barbell)"]
        let first = Date(timeIntervalSince1970: 1_772_438_400)  // 2026-03-02T08:00:00Z
        var out: [Workout] = []
        for i in 0..<24 {
            let dayOffset = i == 5 ? 8 : (i < 5 ? i * 2 : i * 2 - 1)
            let start = first.addingTimeInterval(Double(dayOffset) * 86_400 + (i == 5 ? 9 * 3600 : 0))
            var sets: [(String, Bool, Double, Int)] = []
            for (k, lift) in lifts.enumerated() where k == 0 || generator.next() % 4 != 0 {
                let base = 40 + Double(generator.next() % 80) + (lift.hasPrefix("Bench") ? 0.45359237 * 5 : 0)
                sets.append((lift, true, base + 20, 3))
                for _ in 0..<(2 + Int(generator.next() % 3)) {
                    sets.append(
                        (lift, false, base + Double(generator.next() % 6) * 2.5, 1 + Int(generator.next() % 10)))
                }
            }
            out.append(Workout(start: start, name: "W\(i)", sets: sets))
        }
        return out
    }

    static func csv(_ workouts: [Workout]) -> String {
        var f = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!)
        f = f.dateSeparator(.dash).timeSeparator(.colon).dateTimeSeparator(.space)
        var text =
            "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"
        for w in workouts {
            let when = String(w.start.formatted(f).prefix(19))
            var order: [String: Int] = [:]
            for s in w.sets {
                let mark: String
                if s.warmup {
                    mark = "W"
                } else {
                    order[s.exercise, default: 0] += 1
                    mark = String(order[s.exercise]!)
                }
                text += "\(when)Z,\(w.name),45m,\"\(s.exercise)\",\(mark),\(s.kg),\(s.reps),0,0,,,\n"
            }
        }
        return text
    }

    @Test func importedRecordsEventsAndE1RMSeriesEqualTheSameSetsLoggedOneByOne() throws {
        let h = try ImportHarness()
        let workouts = Self.workouts()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("live-\(UUID().uuidString).csv")
        try Data(Self.csv(workouts).utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let record = try h.run(.strong, file)
        #expect(record.report?.added["sessions"] == workouts.count)

        // Ben logs the same working sets live: a session started, sets logged one by one, completed.
        let matcher = try h.db.read { try ExerciseNameMatcher(in: $0) }
        for w in workouts {
            let day = h.pipeline.calendar.date(of: w.start)
            let id = try h.db.write {
                try TrainingSessionStore.create(
                    userID: h.ben.id, day: day, name: w.name, budget: nil, fitted: .object([:]), now: w.start, in: $0)
            }
            var setNo: [String: Int] = [:]
            for (i, s) in w.sets.enumerated() where !s.warmup {
                let slug = try #require(matcher.match(s.exercise))
                setNo[slug, default: 0] += 1
                let logged = LoggedSet(
                    slug: slug, substitutedFor: nil, setNo: setNo[slug]!, weight: s.kg, reps: s.reps, rpe: nil,
                    ts: Instant.storage(w.start.addingTimeInterval(Double(i))))
                _ = try SetLog.log(logged, clientID: nil, sessionID: id, user: h.ben, now: ImportHarness.now, in: h.db)
            }
            try h.db.write {
                try TrainingSessionStore.complete(
                    id, stats: .object([:]), fitted: .object([:]), cooldownStatus: "", notes: nil,
                    now: w.start.addingTimeInterval(2700), in: $0)
            }
        }

        func records(_ user: User) throws -> [String] {
            try h.db.read { try RecordStore.all(userID: user.id, in: $0) }.map {
                "\($0.slug) \($0.kind.rawValue) \($0.value) \($0.weight)×\($0.reps) on \($0.achievedOn)"
            }
        }
        func events(_ user: User) throws -> [String] {
            try h.db.read {
                try $0.query(
                    """
                    SELECT slug, kind, value, achieved_on FROM record_events WHERE user_id = ?
                    ORDER BY achieved_on, slug, kind, value
                    """, [user.id]
                ).map {
                    "\(try $0.get("slug") as String) \(try $0.get("kind") as String) "
                        + "\(try $0.get("value") as Double) \(try $0.get("achieved_on") as String)"
                }
            }
        }
        let adaRecords = try records(h.ada)
        #expect(adaRecords.count == 8)  // four lifts, two kinds each
        #expect(adaRecords == (try records(h.ben)))
        let adaEvents = try events(h.ada)
        #expect(adaEvents.count > 10)
        #expect(adaEvents == (try events(h.ben)))
        let adaSeries = try h.db.read { try ProgressQueries.e1rmSeries(userID: h.ada.id, in: $0) }
        #expect(adaSeries.values.map(\.count).reduce(0, +) > 40)
        #expect(adaSeries == (try h.db.read { try ProgressQueries.e1rmSeries(userID: h.ben.id, in: $0) }))
        // The warm-ups were imported (and marked), yet set no record.
        #expect(try h.count("SELECT COUNT(*) FROM sets WHERE user_id = ? AND set_kind = 'warmup'", [h.ada.id]) > 50)
    }
}

/// A small deterministic generator (SplitMix64), so the history is the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
