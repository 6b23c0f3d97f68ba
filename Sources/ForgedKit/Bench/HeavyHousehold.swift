import ForgeCook
import ForgeCore
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation

/// What three years of a two-member household look like, for benches only
/// (`forged bench-fill`, run by `bench/scale.sh`; never by the server).
///
/// Fills the household's first two member seats (they must exist, e.g. from
/// `--allowed-users` at a first start) with, counted back from `today`:
/// - `recipes` imported recipes (default 1,000): copies of the curated ones
///   with 1–3× their steps, a referenced image URL each, and new slugs;
/// - 3 years of strength sessions, 4 a week per member, ~20 sets each, the
///   sets fed through ``RecordStore/apply`` so records and PR events are real;
/// - 2 years of watch runs, 2 a week per member, with an HR sample and a
///   route point every 5 s (35–60 min);
/// - 3 years of meal logs, 3–5 a day per member, macros from the recipe;
/// - a year of daily weight, resting HR and sleep per member.
/// Deterministic (a fixed-seed ``SeededRandom``); one write transaction.
package struct HeavyHousehold {
    /// Row counts written, for the bench's report.
    package struct Summary: Sendable {
        package var recipes = 0, sessions = 0, sets = 0, runs = 0, mealLogs = 0, metrics = 0
    }

    /// Why the bench household could not be filled.
    package enum FillError: Error, CustomStringConvertible {
        case needsTwoMembers(found: Int)
        package var description: String {
            switch self {
            case .needsTwoMembers(let n):
                "the household has \(n) member(s); start forged once with --allowed-users naming two first"
            }
        }
    }

    let today: LocalDate
    let now: Date
    let calendar: HouseholdCalendar
    let recipeCount: Int
    private var random = SeededRandom(seed: 0x4865_6176_7948_6F75)  // "HeavyHou"

    /// - Parameter recipes: how many recipes to add to the library.
    package init(today: LocalDate, now: Date, calendar: HouseholdCalendar, recipes: Int = 1_000) {
        self.today = today
        self.now = now
        self.calendar = calendar
        self.recipeCount = recipes
    }

    /// Writes the whole household in the caller's transaction.
    /// - Throws: ``FillError/needsTwoMembers(found:)``; `DatabaseError` from the inserts.
    package mutating func fill(in c: Connection) throws -> Summary {
        let members = try HouseholdStore.allUsers(c).filter { !$0.isDemo }
        guard members.count >= 2 else { throw FillError.needsTwoMembers(found: members.count) }
        var summary = Summary()
        let library = try recipes(in: c, summary: &summary)
        for (index, member) in members.prefix(2).enumerated() {
            let scale = index == 0 ? StarterPlan.adminScale : StarterPlan.memberScale
            try strength(member.id, scale: scale, in: c, summary: &summary)
            try runs(member.id, in: c, summary: &summary)
            try meals(member.id, library: library, in: c, summary: &summary)
            try metrics(member.id, in: c, summary: &summary)
        }
        return summary
    }

    private func instant(_ day: LocalDate, _ seconds: Int) -> Date {
        calendar.startOfDay(day).addingTimeInterval(TimeInterval(seconds))
    }

    private mutating func recipes(in c: Connection, summary: inout Summary) throws -> [Recipe] {
        let curated = CuratedRecipes.seed(reference: try IngredientStore.reference(in: c))
        guard !curated.isEmpty else { return [] }
        var added: [Recipe] = []
        for i in 0..<recipeCount {
            var r = curated[i % curated.count]
            r.slug = "\(r.slug)-\(i + 1)"
            r.name = "\(r.name) (\(i + 1))"
            r.source = "import"
            r.sourceURL = "https://recipes.example.org/r/\(i + 1)"
            r.images = ["https://recipes.example.org/img/\(i + 1).jpg"]
            r.steps = Array(repeating: r.steps, count: 1 + random.next(3)).flatMap { $0 }
            r.rating = Double(30 + random.next(21)) / 10
            r.ratingCount = random.next(40)
            added.append(r)
        }
        summary.recipes = try RecipeStore.seedCurated(added, now: now, in: c)
        return curated + added
    }

    /// 4 strength sessions a week for 156 weeks, ~20 sets each.
    private mutating func strength(_ userID: String, scale: Double, in c: Connection, summary: inout Summary) throws {
        let days = StarterPlan.content(scale: scale).days.values.compactMap(\.strength).sorted { $0.name < $1.name }
        guard !days.isEmpty else { return }
        let start = today.monday.adding(days: -156 * 7)
        for week in 0..<156 {
            let progress = 0.85 + 0.25 * Double(week) / 156
            for (k, weekday) in [0, 1, 3, 4].enumerated() {
                let day = start.adding(days: week * 7 + weekday)
                guard day < today else { continue }
                let plan = days[(week * 4 + k) % days.count]
                let started = instant(day, 18 * 3600 + random.next(40) * 60)
                var tick = started
                var tonnage = 0.0
                var count = 0
                let perExercise = max(3, 20 / max(1, plan.exercises.count))
                var rows: [(slug: String, weight: Double, reps: Int, setNo: Int, ts: Date)] = []
                for exercise in plan.exercises {
                    let weight = (exercise.weight * progress * 2).rounded() / 2
                    for setNo in 1...perExercise {
                        let reps = max(1, exercise.reps - random.next(3))
                        tick = tick.addingTimeInterval(TimeInterval(exercise.rest + 40))
                        rows.append((exercise.slug, weight, reps, setNo, tick))
                        tonnage += weight * Double(reps)
                        count += 1
                    }
                }
                let duration = Int(tick.timeIntervalSince(started))
                let stats: JSONValue = [
                    "sets_done": .int(count), "tonnage": .double((tonnage * 10).rounded() / 10),
                    "duration_s": .int(duration),
                ]
                let id = try session(
                    userID, day, name: plan.name, kind: "strength", started: started, duration: duration,
                    fitted: ["name": .string(plan.name)], stats: stats, in: c)
                for row in rows {
                    let set = LoggedSet(
                        slug: row.slug, substitutedFor: nil, setNo: row.setNo, weight: row.weight, reps: row.reps,
                        rpe: 7 + random.next(3), ts: Instant.storage(row.ts))
                    _ = try SetStore.insert(sessionID: id, userID: userID, set: set, clientID: nil, in: c)
                    _ = try RecordStore.apply(
                        RecordCandidate.of(weight: row.weight, reps: row.reps), userID: userID,
                        slug: row.slug, day: day, sessionID: id, now: row.ts, in: c)
                }
                summary.sessions += 1
                summary.sets += rows.count
            }
        }
    }

    /// 2 watch runs a week for 104 weeks, HR and route every 5 s.
    private mutating func runs(_ userID: String, in c: Connection, summary: inout Summary) throws {
        let start = today.monday.adding(days: -104 * 7)
        for week in 0..<104 {
            for weekday in [2, 5] {
                let day = start.adding(days: week * 7 + weekday)
                guard day < today else { continue }
                let minutes = 35 + random.next(26)
                let samples = minutes * 12
                let started = instant(day, 7 * 3600 + random.next(60) * 60)
                var hr: [HRSample] = []
                var route: [RoutePoint] = []
                hr.reserveCapacity(samples)
                route.reserveCapacity(samples)
                var lat = 51.5 + Double(random.next(100)) / 10_000
                var lon = -0.12 + Double(random.next(100)) / 10_000
                for i in 0..<samples {
                    hr.append(HRSample(t: Double(i * 5), bpm: Double(min(175, 100 + i / 6 + random.next(8)))))
                    lat += Double(random.next(5) - 2) / 100_000
                    lon += Double(random.next(5)) / 100_000
                    route.append(RoutePoint(lat: (lat * 1e6).rounded() / 1e6, lon: (lon * 1e6).rounded() / 1e6))
                }
                let zone2 = minutes - 4 - random.next(6)
                let stats: JSONValue = [
                    "duration_s": .int(minutes * 60), "zone2_min": .int(zone2), "zone_min": .int(zone2),
                    "pct_in_zone": .int(Int((Double(zone2) / Double(minutes) * 100).rounded())),
                ]
                let id = try session(
                    userID, day, name: "Easy run", kind: "cardio", started: started, duration: minutes * 60,
                    fitted: ["name": "Easy run", "source": "watch"], stats: stats, in: c)
                try CardioStore.saveTrace(
                    CardioTrace(hr: hr, route: route), sessionID: id, userID: userID, now: started, in: c)
                summary.runs += 1
            }
        }
    }

    private func session(
        _ userID: String, _ day: LocalDate, name: String, kind: String, started: Date, duration: Int,
        fitted: JSONValue, stats: JSONValue, in c: Connection
    ) throws -> String {
        try TrainingSessionStore.createCompleted(
            userID: userID, day: day, name: name, kind: kind, startedAt: started,
            completedAt: started.addingTimeInterval(TimeInterval(duration)), fitted: fitted, stats: stats, in: c)
    }

    /// 3–5 logs a day for 3 years, from the library, macros scaled by servings.
    private mutating func meals(_ userID: String, library: [Recipe], in c: Connection, summary: inout Summary) throws {
        guard !library.isEmpty else { return }
        let slots: [MealSlot] = [.breakfast, .lunch, .dinner, .snack, .snack]
        for offset in stride(from: 3 * 365, to: 0, by: -1) {
            let day = today.adding(days: -offset)
            for slot in slots.prefix(3 + random.next(3)) {
                let recipe = library[random.next(library.count)]
                let servings = [1.0, 1.0, 1.5, 0.5][random.next(4)]
                try MealLogStore.insertPlanned(
                    userID: userID, day: day, slot: slot, recipe: recipe, servings: servings,
                    createdAt: instant(day, (8 + 4 * random.next(4)) * 3600), in: c)
                summary.mealLogs += 1
            }
        }
    }

    /// Weight (kg), resting HR (bpm) and sleep (h) every morning of the last year.
    private mutating func metrics(_ userID: String, in c: Connection, summary: inout Summary) throws {
        for offset in stride(from: 365, to: 0, by: -1) {
            let day = today.adding(days: -offset)
            let progress = Double(365 - offset) / 365
            let values: [(String, Double, String)] = [
                ("weight", 82.0 - 3 * progress + Double(random.next(9) - 4) / 10, "kg"),
                ("resting_hr", (60 - 5 * progress).rounded() + Double(random.next(3) - 1), "bpm"),
                ("sleep_hours", 6.5 + Double(random.next(14)) / 10, "h"),
            ]
            for (type, value, unit) in values {
                try MetricStore.record(
                    userID: userID, type: type, value: (value * 10).rounded() / 10, unit: unit,
                    at: instant(day, 7 * 3600), source: "bench", in: c)
                summary.metrics += 1
            }
        }
    }
}
