import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation

/// The member's day as the app opens on it (`GET /api/today`, docs/contract.md §3.2; issue 42):
/// the plan entry for a date fitted to a time budget, with warm-ups, plate math, the
/// niggle-aware cool-down and the member's own `last` context. One read transaction.
package enum TodayView {
    /// The Today document for `user` on `date` (``TodayResponse``): the common part, then a rest
    /// day's recovery panel and next planned day, a cardio day's prescription, or the fitted
    /// strength day. Loads in kilograms, times in minutes, `tonnage_est` in tonnes.
    /// - Parameters:
    ///   - budget: minutes available (25…120, checked by the caller), or nil for none.
    ///   - library: the exercise library (cached per database generation).
    /// - Throws: storage errors.
    package static func today(
        _ user: User, on date: LocalDate, budget: Int?, library: LibraryCache, in database: Database
    ) throws -> TodayResponse {
        try database.read { db in
            try today(user, date: date, budget: budget, library: library.library(in: db), in: db)
        }
    }

    /// ``today(_:on:budget:library:in:)`` in the caller's transaction.
    static func today(_ user: User, date: LocalDate, budget: Int?, library: ExerciseLibrary, in db: Connection) throws
        -> TodayResponse
    {
        let revision = try PlanStore.active(userID: user.id, in: db)
        let entry = revision?.content.day(date.weekday)
        let kind =
            switch entry {
            case nil: "rest"
            case .cardio?: "cardio"
            case .strength?: "strength"
            }
        var body = TodayResponse(
            date: date, rationale: revision?.rationale ?? "",
            session: try sessionStub(user: user, date: date, in: db), kind: kind)
        switch entry {
        case nil:
            body.recovery = Recovery(
                sleepH: try metricPoint(user, "sleep_h", in: db),
                weight: try metricPoint(user, "weight", in: db),
                restingHr: try metricPoint(user, "resting_hr", in: db))
            body.tomorrow = .some(tomorrow(after: date, in: revision?.content))
        case .cardio(let day)?:
            body.name = day.name
            body.focus = day.focus
            body.cardio = day.cardio
        case .strength(let day)?:
            try strength(day, user: user, budget: budget, library: library, into: &body, in: db)
        }
        return body
    }

    static func sessionStub(user: User, date: LocalDate, in db: Connection) throws -> SessionStub? {
        guard let s = try SessionQueries.latestStrength(userID: user.id, on: date, in: db) else { return nil }
        return SessionStub(
            id: s.id, status: s.status, stats: SessionStats(s.stats, kind: s.kind), cooldownStatus: s.cooldownStatus)
    }

    static func metricPoint(_ user: User, _ type: String, in db: Connection) throws -> MetricPointView? {
        guard let m = try MetricQueries.latest(userID: user.id, type: type, in: db) else { return nil }
        return MetricPointView(value: m.value, unit: m.unit, ts: Instant.wire(stored: m.ts))
    }

    /// The first planned day 1…7 days after `date` (7 = the same weekday next week).
    static func tomorrow(after date: LocalDate, in content: PlanContent?) -> Tomorrow? {
        guard let content else { return nil }
        for offset in 1...7 {
            let d = date.adding(days: offset)
            guard let day = content.day(d.weekday) else { continue }
            return Tomorrow(dayName: d.dayName, name: day.name, kind: day.kind.rawValue, cardio: day.cardio?.cardio)
        }
        return nil
    }

    static func strength(
        _ day: StrengthDay, user: User, budget: Int?, library: ExerciseLibrary,
        into body: inout TodayResponse, in db: Connection
    ) throws {
        let profile = try EquipmentStore.active(userID: user.id, activeID: user.activeProfileID, in: db)
        let niggles = try NiggleStore.all(userID: user.id, in: db)
        let fit = Fitting.fit(day.exercises, budget: budget)
        let hasPlates = !(profile?.platesKg.isEmpty ?? true)

        var exercises: [TodayExercise] = []
        var tonnage = 0.0
        for (entry, sets) in zip(day.exercises, fit.sets) {
            let kind = library.exercise(entry.slug)?.kind ?? .bb
            var item = TodayExercise(
                slug: entry.slug, name: library.name(for: entry.slug), kind: kind.rawValue, sets: sets,
                baseSets: entry.sets, reps: entry.reps, weight: entry.weight, rest: entry.rest,
                priority: entry.priority, dropped: sets == 0, note: entry.note,
                last: try SessionQueries.last(userID: user.id, slug: entry.slug, in: db))
            let reader = LoadUnit.preferred(prefs: user.prefs, slug: entry.slug)
            if kind == .bb, let profile, hasPlates {
                // The prescription is the nearest load the plates make (issue 14);
                // `loadable` keeps the planned weight's neighbours (issue 3).
                let plates = profile.plates
                item.loadable = FittedSnapshot.loadable(kind: kind, weight: entry.weight, plates: plates)
                if entry.weight > 0 { item.weight = plates.nearest(kg: entry.weight) }
                item.plate = PlateMath.text(weight: item.weight, inventory: plates, reader: reader)
                if entry.priority == 1 {
                    item.warmups = .some(WarmUp.ramp(work: item.weight, plates: plates))
                }
            } else if kind == .db, entry.weight != 0 {
                var unit = LoadUnit.kg
                if let profile, profile.dumbbells != nil {
                    item.weight = profile.kit.nearest(kg: entry.weight, kind: .db)
                    unit = profile.unit
                }
                item.plate = PlateMath.dumbbellText(weight: item.weight, unit: unit)
            }
            exercises.append(item)
            tonnage += Double(sets * entry.reps) * item.weight
        }
        let muscles = MuscleSummary.of(exercises: zip(day.exercises, fit.sets).map { ($0.slug, $1) }, library: library)

        body.name = day.name
        body.focus = day.focus
        body.muscles = MuscleGroups(primary: muscles.primary, secondary: muscles.secondary)
        body.budget = .some(budget)
        body.est = fit.est
        body.cd = fit.cooldown.rawValue
        body.trims = fit.trims
        body.fullEst = fit.fullEst
        body.exercises = exercises
        body.cooldown = Cooldown.build(plan: day.cooldown, niggles: niggles, library: library)
        body.profile = .some(profile.map(TodayProfile.init))
        body.tonnageEst = Rounding.round1(tonnage / 1000)
    }
}
