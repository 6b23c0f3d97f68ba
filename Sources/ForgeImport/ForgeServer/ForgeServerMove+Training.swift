import ForgeCore
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation

extension ForgeServerMove {
    /// Body metrics, exercises, equipment, plans, planned items, sessions with
    /// their traces and sets, niggles and labs; records rebuilt from the sets.
    func carryTraining() throws {
        try carryMetrics()
        try each("exercises") { row in
            let slug = row.string("slug")
            guard !slug.isEmpty else {
                skip("exercises", row, "out_of_bounds", "no slug")
                return
            }
            var exercise = ExerciseRow(slug: slug, name: row.string("name", slug), kind: row.string("kind", "bw"))
            exercise.primaryMuscles = try row.json("primary_muscles", "[]")
            exercise.secondaryMuscles = try row.json("secondary_muscles", "[]")
            exercise.equipment = try row.json("equipment", "[]")
            exercise.patterns = try row.json("patterns", "[]")
            exercise.cues = try row.json("cues", "[]")
            exercise.dont = row.string("dont")
            exercise.benefit = row.string("benefit")
            exercise.mediaURL = row.string("media_url")
            let added = try ExerciseCatalog.insertMovedIn(exercise, in: conn)
            if added { report.carried("exercises") } else { report.kept("exercises") }
        }
        try carryEquipment()
        try carryPlans()
        try each("planned_items") { row in
            guard let user = member("planned_items", row) else { return }
            let kind = row.string("kind")
            guard kind == "workout" || kind == "meal", let date = try row.date("date") else {
                skip("planned_items", row, "out_of_bounds", "kind \(kind) or its date is not one forged keeps")
                return
            }
            try PlannedItemStore.insertKeepingID(
                id: row.string("id"), userID: user, date: date, kind: kind, title: row.string("title"),
                notes: row.string("notes"), planDay: row.text("plan_day"),
                createdAt: try row.instant("created_at") ?? now, in: conn)
            report.carried("planned_items")
        }
        try carrySessions()
        try each("records") { row in
            skip(
                "records", row, "rebuilt",
                "forged rebuilds records from the sets (its e1RM on the trained day, details in the member's unit)")
        }
        for (user, slugs) in lifts.sorted(by: { $0.key < $1.key }) {
            try RecordStore.rebuild(userID: user, slugs: slugs, now: now, dayBests: false, in: conn)
        }
        try each("niggles") { row in
            guard let user = member("niggles", row) else { return }
            try NiggleStore.insertKeepingID(
                id: row.string("id"), userID: user, bodyPart: row.string("body_part"),
                severity: row.string("severity", "mild"), status: row.string("status", "active"),
                note: row.string("note"), avoidPatterns: try row.json("avoid_patterns", "[]"),
                mobilitySlug: row.string("mobility_slug"), openedAt: try row.instant("opened_at"),
                clearedAt: try row.instant("cleared_at"), now: now, in: conn)
            report.carried("niggles")
        }
        try each("lab_panels") { row in
            guard let user = member("lab_panels", row) else { return }
            guard let drawn = try row.date("drawn_on") else {
                skip("lab_panels", row, "out_of_bounds", "no draw date")
                return
            }
            try LabStore.insertKeepingID(
                id: row.string("id"), userID: user, drawnOn: drawn, source: row.string("source", "manual"),
                createdAt: now, in: conn)
            panels.insert(row.string("id"))
            report.carried("lab_panels")
        }
        var seq: [String: Int] = [:]
        try each("lab_results") { row in
            let panel = row.string("panel_id")
            guard panels.contains(panel) else {
                skip("lab_results", row, "panel_not_carried", "its panel \(panel) is not carried")
                return
            }
            let n = seq[panel, default: 0]
            seq[panel] = n + 1
            let result = LabResult(
                marker: row.string("marker"), value: try row.double("value"), unit: row.string("unit", "mmol/L"),
                refLow: try row.optionalDouble("ref_low"), refHigh: try row.optionalDouble("ref_high"))
            try LabStore.insertMovedResult(panelID: panel, seq: n, result: result, in: conn)
            report.carried("lab_results")
        }
    }

    /// Body metrics, through the metric store's bulk load (its index built after the rows).
    func carryMetrics() throws {
        // Written a few hundred at a time (MetricStore's multi-row inserts); a duplicate is listed where
        // its row was met.
        var pending: [(metric: MetricRow, row: SourceRow, listedAt: Int)] = []
        func writePending() throws {
            let written = try MetricStore.insertRows(pending.map(\.metric), in: conn)
            var listed = 0
            for (p, ok) in zip(pending, written) {
                if ok {
                    report.carried("metrics")
                } else {
                    skip(
                        "metrics", p.row, "duplicate",
                        "the same \(p.metric.type) at the same time from the same source",
                        at: p.listedAt + listed)
                    listed += 1
                }
            }
            pending.removeAll(keepingCapacity: true)
        }
        try MetricStore.bulkLoad(in: conn) {
            try each("metrics", from: \.metric) { row, conversion in
                guard member("metrics", row) != nil, let metric = try take(conversion, "metrics", row) else { return }
                pending.append((metric, row, report.skippedRows.count))
                if pending.count == Self.rowsPerWrite { try writePending() }
            }
            try writePending()
        }
    }

    func carryEquipment() throws {
        let rows = snapshot.rows("equipment_profiles")
        if rows.contains(where: { $0.text("user_id") == nil }) {
            let removed = try EquipmentStore.deleteShared(in: conn)
            if removed > 0 {
                report.list(ImportReport.replacedList, "forged's \(removed) household-shared equipment profiles")
            }
        }
        var carried: Set<String> = []
        try each("equipment_profiles") { row in
            var user: String?
            if row.text("user_id") != nil {
                guard let u = member("equipment_profiles", row) else { return }
                user = u
            }
            let bar = try row.double("bar_kg", 20)
            let dbMax = try row.double("db_max_kg", 30)
            guard (0...100).contains(bar), (0...200).contains(dbMax) else {
                skip("equipment_profiles", row, "out_of_bounds", "bar \(bar) kg or dumbbells to \(dbMax) kg")
                return
            }
            try EquipmentStore.insertKeepingID(
                id: row.string("id"), userID: user, name: row.string("name", "Gym"), barKg: bar,
                platesKg: try row.json("plates_kg", "[]"), dbMaxKg: dbMax, items: try row.json("items", "[]"),
                createdAt: now, in: conn)
            carried.insert(row.string("id"))
            report.carried("equipment_profiles")
        }
        for row in snapshot.rows("users") where members.contains(row.string("id")) {
            if let active = row.text("active_profile_id"), carried.contains(active) {
                try HouseholdStore.setMovedActiveProfile(active, userID: row.string("id"), in: conn)
            }
        }
    }

    func carryPlans() throws {
        // forged keeps one training plan per member: the active one, else the newest.
        let revisions = snapshot.rows("plan_revisions")
        var firstRevision: [String: String] = [:]
        for r in revisions {
            let plan = r.string("plan_id")
            let at = r.string("created_at")
            if firstRevision[plan].map({ at < $0 }) ?? true { firstRevision[plan] = at }
        }
        // The active plan; among plans of one status, the one begun last.
        var planChoice = OnePerMember { row, kept in
            (row.string("status") == "active" && kept.string("status") != "active")
                || (row.string("status") == kept.string("status")
                    && (firstRevision[row.string("id")] ?? "") > (firstRevision[kept.string("id")] ?? ""))
        }
        try each("plans") { row in
            guard let user = member("plans", row) else { return }
            guard row.string("domain", "training") == "training" else {
                skip("plans", row, "not_training", "forged's plans are training plans (the food week is its own)")
                return
            }
            planChoice.offer(row, for: user)
        }
        for row in planChoice.others {
            skip("plans", row, "one_plan_per_member", "forged keeps one training plan per member (the active one)")
        }
        for (user, row) in planChoice.chosen.sorted(by: { $0.key < $1.key }) {
            let created = firstRevision[row.string("id")].flatMap(SourceTime.instant) ?? now
            try PlanStore.insertKeepingID(
                id: row.string("id"), userID: user, goal: row.string("goal"), status: row.string("status", "active"),
                createdAt: created, in: conn)
            plans.insert(row.string("id"))
            report.carried("plans")
        }
        try each("plan_revisions") { row in
            let plan = row.string("plan_id")
            guard plans.contains(plan) else {
                skip("plan_revisions", row, "plan_not_carried", "its plan \(plan) is not carried")
                return
            }
            let status = row.string("status", "active")
            guard ["proposed", "active", "superseded"].contains(status) else {
                skip("plan_revisions", row, "out_of_bounds", "status \(status)")
                return
            }
            try PlanStore.insertRevisionKeepingID(
                id: row.string("id"), planID: plan, num: try row.int("num"), status: status,
                rationale: row.string("rationale"), content: try row.json("content", "{}"),
                createdAt: try row.instant("created_at") ?? now, in: conn)
            report.carried("plan_revisions")
        }
    }

    /// Sessions, their cardio traces and their sets, written through the training store's bulk load
    /// (its indexes built after the rows, `lift_day_best` computed once at the end).
    func carrySessions() throws {
        try TrainingSessionStore.bulkLoad(in: conn) { try carrySessionRows() }
    }

    private func carrySessionRows() throws {
        var completeAfterSets: [String] = []
        try each("workout_sessions", from: \.session) { row, conversion in
            guard member("workout_sessions", row) != nil,
                let session = try take(conversion, "workout_sessions", row)
            else { return }
            if try TrainingSessionStore.insertKeepingID(session, in: conn) { completeAfterSets.append(session.id) }
            sessions.insert(row.string("id"))
            report.carried("workout_sessions")
        }
        try each("workout_series", from: \.trace) { row, conversion in
            let session = row.string("session_id")
            guard sessions.contains(session), let user = member("workout_series", row) else {
                if sessions.contains(session) == false {
                    skip("workout_series", row, "session_not_carried", "its session \(session) is not carried")
                }
                return
            }
            guard let trace = try take(conversion, "workout_series", row) else { return }
            try CardioStore.saveTrace(trace, sessionID: session, userID: user, now: now, in: conn)
            report.carried("workout_series")
        }
        // Sets are written in order, a few hundred at a time (SetStore's multi-row inserts).
        var pending: [SetRow] = []
        pending.reserveCapacity(Self.rowsPerWrite)
        try each("logged_sets", from: \.set) { row, conversion in
            let session = row.string("session_id")
            guard sessions.contains(session) else {
                skip("logged_sets", row, "session_not_carried", "its session \(session) is not carried")
                return
            }
            guard let user = member("logged_sets", row), let set = try take(conversion, "logged_sets", row) else {
                return
            }
            pending.append(set)
            if pending.count == Self.rowsPerWrite {
                try SetStore.insertRows(pending, in: conn)
                pending.removeAll(keepingCapacity: true)
            }
            lifts[user, default: []].insert(set.set.logged.slug)
            report.carried("logged_sets")
        }
        try SetStore.insertRows(pending, in: conn)
        try TrainingSessionStore.completeMovedIn(completeAfterSets, in: conn)
    }

    /// Rows handed to a store's multi-row insert at a time (sets, metrics, meal logs).
    static let rowsPerWrite = 256
}
