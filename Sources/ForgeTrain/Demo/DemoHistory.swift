import ForgeCore
import ForgeStore
import Foundation

/// The demo's generated year (docs/contract.md §4.26), reduced; the demo seat's
/// lifecycle is `DemoSeat` (ForgeCoach).
/// Deterministic: a fixed-seed generator and dates counted back from today.
package struct DemoHistory {
    package let userID: String
    package let today: LocalDate
    package let now: Date
    package let calendar: HouseholdCalendar
    package let c: Connection
    private var random = SeededRandom(seed: 0x466F_7267_6544_656D)  // "ForgeDem"

    /// The plan scale of week `w` (0-based): `min(1.3, 0.75 + 0.0105·w − 0.05·[w mod 8 = 7] − 0.12·[w ∈ {24,25}])`, 4 dp.
    package static func scale(week w: Int) -> Double {
        let raw = 0.75 + 0.0105 * Double(w) - (w % 8 == 7 ? 0.05 : 0) - ((w == 24 || w == 25) ? 0.12 : 0)
        return (min(1.3, raw) * 10_000).rounded() / 10_000
    }

    package init(userID: String, today: LocalDate, now: Date, calendar: HouseholdCalendar, c: Connection) {
        self.userID = userID
        self.today = today
        self.now = now
        self.calendar = calendar
        self.c = c
    }

    /// Monday of week 0: 52 weeks before this week's Monday.
    package var start: LocalDate { today.monday.adding(days: -52 * 7) }

    /// A stored instant at `hour`:`minute` household time on `day`.
    package func instant(_ day: LocalDate, _ hour: Int, _ minute: Int = 0) -> String {
        Instant.storage(calendar.startOfDay(day).addingTimeInterval(TimeInterval(hour * 3600 + minute * 60)))
    }

    /// 13 revisions (week 0, 4, …, 48; the last active) and a proposal at week 52's scale.
    package mutating func plan() throws {
        let planID = try PlanStore.create(
            userID: userID, goal: StarterPlan.goal, createdAt: instant(start, 9), in: c)
        for i in 0..<13 {
            let week = 4 * i
            try insertRevision(
                planID, num: i + 1, status: i == 12 ? "active" : "superseded", week: week,
                content: StarterPlan.content(scale: Self.scale(week: week)),
                rationale: i == 0 ? StarterPlan.rationale : "Block \(i + 1): loads follow the last four weeks.")
        }
        var proposal = StarterPlan.content(scale: Self.scale(week: 52))
        proposal.changes = [
            PlanChange(sign: "~", what: "Main lifts up about 2.5 kg", why: "Every set landed at RPE 8 or under."),
            PlanChange(sign: "+", what: "One more set of rows", why: "Back volume lags pressing."),
            PlanChange(sign: "-", what: "Sunday intervals become an easy ride", why: "Sleep dipped this week."),
        ]
        try insertRevision(
            planID, num: 14, status: "proposed", week: 52, content: proposal,
            rationale: "A steady week: small load bumps where the bar moved well.")
    }

    private func insertRevision(
        _ planID: String, num: Int, status: String, week: Int, content: PlanContent,
        rationale: String
    ) throws {
        // Each block's revision was in force from the Sunday evening it was made until the next one.
        let made = instant(start.adding(days: week * 7).adding(days: -1), 20)
        try PlanStore.addRevision(
            planID: planID, num: num, status: status, rationale: rationale, content: content, createdAt: made,
            activatedAt: status == "proposed" ? nil : made, in: c)
    }

    /// Completed sessions for every planned day of 52 weeks, except the holiday
    /// (weeks 24–25) and about one miss in twelve; squat swapped for leg press now and then.
    package mutating func sessions() throws {
        for week in 0..<52 where week != 24 && week != 25 {
            let scale = Self.scale(week: week)
            let content = StarterPlan.content(scale: scale)
            for weekday in content.weekdays {
                let day = start.adding(days: week * 7 + weekday)
                guard day < today, random.next(12) != 0, let planDay = content.day(weekday) else { continue }
                if let strength = planDay.strength {
                    try strengthSession(day, strength)
                } else if let cardio = planDay.cardio {
                    try cardioSession(day, cardio.name)
                }
            }
        }
    }

    private mutating func strengthSession(_ day: LocalDate, _ plan: StrengthDay) throws {
        let started = calendar.startOfDay(day).addingTimeInterval(18 * 3600 + Double(random.next(40)) * 60)
        var sets: [LoggedSet] = []
        var tonnage = 0.0
        var tick = started
        for exercise in plan.exercises {
            let swap = exercise.slug == "back-squat" && random.next(6) == 0
            for setNo in 1...max(1, exercise.sets) {
                let reps = max(1, exercise.reps - (setNo == exercise.sets ? random.next(2) : 0))
                tick = tick.addingTimeInterval(TimeInterval(exercise.rest + 40))
                sets.append(
                    LoggedSet(
                        slug: swap ? "leg-press" : exercise.slug, substitutedFor: swap ? exercise.slug : nil,
                        setNo: setNo, weight: exercise.weight, reps: reps, rpe: 7 + random.next(3),
                        ts: Instant.storage(tick)))
                tonnage += exercise.weight * Double(reps)
            }
        }
        let duration = Int(tick.timeIntervalSince(started))
        let stats: JSONValue = [
            "sets_done": .int(sets.count), "tonnage": .double((tonnage * 10).rounded() / 10),
            "duration_s": .int(duration),
        ]
        let id = try insertSession(
            day, name: plan.name, kind: "strength", started: started, duration: duration,
            fitted: ["name": .string(plan.name)], stats: stats)
        for set in sets {
            _ = try SetStore.insert(sessionID: id, userID: userID, set: set, clientID: nil, in: c)
        }
    }

    private mutating func cardioSession(_ day: LocalDate, _ name: String) throws {
        let minutes = 30 + random.next(25)
        let zone2 = minutes - 4 - random.next(6)
        let started = calendar.startOfDay(day).addingTimeInterval(7 * 3600 + Double(random.next(60)) * 60)
        let stats: JSONValue = [
            "duration_s": .int(minutes * 60), "zone2_min": .int(zone2), "zone_min": .int(zone2),
            "pct_in_zone": .int(Int((Double(zone2) / Double(minutes) * 100).rounded())),
        ]
        _ = try insertSession(
            day, name: name, kind: "cardio", started: started, duration: minutes * 60,
            fitted: ["name": .string(name), "source": "watch"], stats: stats)
    }

    private func insertSession(
        _ day: LocalDate, name: String, kind: String, started: Date, duration: Int, fitted: JSONValue,
        stats: JSONValue
    ) throws -> String {
        try TrainingSessionStore.createCompleted(
            userID: userID, day: day, name: name, kind: kind, startedAt: started,
            completedAt: started.addingTimeInterval(TimeInterval(duration)), fitted: fitted, stats: stats, in: c)
    }

    /// Weight (kg, drifting down), resting HR (bpm) and sleep (hours) on most
    /// mornings; VO2max (mL/kg/min) every other Sunday.
    package mutating func metrics() throws {
        for offset in 0..<(52 * 7) {
            let day = start.adding(days: offset)
            guard day < today else { break }
            let progress = Double(offset) / Double(52 * 7)
            if random.next(7) != 0 {
                try metric("weight", 84.0 - 4.5 * progress + Double(random.next(9) - 4) / 10, "kg", day, 7)
                try metric("resting_hr", (62 - 6 * progress).rounded() + Double(random.next(3) - 1), "bpm", day, 7)
                try metric("sleep_hours", 6.6 + Double(random.next(12)) / 10, "h", day, 7)
            }
            if day.weekday == 6, (offset / 7) % 2 == 0 {
                try metric("vo2max", (41 + 4 * progress) * 10 / 10, "mL/kg/min", day, 10)
            }
        }
    }

    private func metric(_ type: String, _ value: Double, _ unit: String, _ day: LocalDate, _ hour: Int) throws {
        try MetricStore.record(
            userID: userID, type: type, value: (value * 10).rounded() / 10, unit: unit,
            at: calendar.startOfDay(day).addingTimeInterval(TimeInterval(hour * 3600)), source: "demo", in: c)
    }

    /// A cleared knee niggle and an active shoulder one that avoids overhead pressing.
    package func niggles() throws {
        let rows: [(String, String, String, [String], String, LocalDate, LocalDate?)] = [
            (
                "Right knee", "mild", "Ached after the long run; eased with lighter squats.", ["deep_lunge"], "cleared",
                start.adding(days: 60), start.adding(days: 95)
            ),
            (
                "Left shoulder", "mild", "Front of the left shoulder pinches overhead.", ["overhead_press"], "active",
                today.adding(days: -20), nil
            ),
        ]
        for (part, severity, note, avoid, status, opened, cleared) in rows {
            try NiggleStore.insert(
                userID: userID, bodyPart: part, severity: severity, status: status, note: note,
                avoidPatterns: avoid, mobilitySlug: "", openedAt: opened.description,
                clearedAt: cleared.map { instant($0, 12) }, createdAt: instant(opened, 12), in: c)
        }
    }
}

/// A small deterministic generator (SplitMix64), so every reset tells the same story.
package struct SeededRandom {
    private var state: UInt64
    package init(seed: UInt64) { state = seed }

    /// A number in `0..<bound`.
    package mutating func next(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return Int(z % UInt64(bound))
    }
}
