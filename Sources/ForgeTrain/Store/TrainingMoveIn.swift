import ForgeCore
import ForgeStore
import Foundation

/// The write paths of `forged import forge-server` for training: rows of the
/// original Forge server carried with their own ids (32 hex characters, as
/// forged's), so a link on a phone still finds its row. Values arrive checked
/// (ForgeImport skips what forged's bounds refuse); JSON columns arrive as
/// JSON text. Each runs in the caller's transaction. Records are not carried:
/// they are rebuilt from the sets (``RecordStore/rebuild(userID:slugs:now:in:)``).
package enum TrainingMoveIn {
    /// A body metric (kept when the member already has the same type, instant and source).
    package static func metric(
        id: String, userID: String, type: String, value: Double, unit: String, ts: Date, source: String,
        in db: Connection
    ) throws -> Bool {
        try db.execute(
            """
            INSERT INTO metrics (id, user_id, type, value, unit, ts, source) VALUES (?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT DO NOTHING
            """, [id, userID, type, value, unit, Instant.storage(ts), source])
        return db.changes > 0
    }

    /// A household exercise the library lacks (the original's custom ones), origin `forge-server`.
    /// - Returns: false when the slug is already in the library (the library merges by slug).
    package static func exercise(
        slug: String, name: String, kind: String, primaryMuscles: String, secondaryMuscles: String,
        equipment: String, patterns: String, cues: String, dont: String, benefit: String, mediaURL: String,
        in db: Connection
    ) throws -> Bool {
        if try ExerciseCatalog.find(slug, in: db) != nil { return false }
        let seq: Int = try db.scalar("SELECT COALESCE(MAX(seq), 0) + 1 FROM exercises") ?? 1
        try db.execute(
            """
            INSERT INTO exercises (slug, seq, name, kind, primary_muscles, secondary_muscles, equipment, patterns,
                                   cues, dont, benefit, media_tier, media_url, origin)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'forge-server')
            """,
            [
                slug, seq, name, kind, primaryMuscles, secondaryMuscles, equipment, patterns, cues, dont, benefit,
                "wanted", mediaURL,
            ])
        return true
    }

    /// An equipment profile; `userID` nil is a household-shared one.
    package static func equipmentProfile(
        id: String, userID: String?, name: String, barKg: Double, platesKg: String, dbMaxKg: Double, items: String,
        createdAt: Date, in db: Connection
    ) throws {
        try db.execute(
            """
            INSERT INTO equipment_profiles (id, user_id, name, shared, bar_kg, plates_kg, db_max_kg, items, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [id, userID, name, userID == nil ? 1 : 0, barKg, platesKg, dbMaxKg, items, Instant.storage(createdAt)])
    }

    /// Removes the household-shared profiles (forged's first-start ones, replaced by the household's).
    /// - Returns: how many were removed.
    package static func deleteSharedProfiles(in db: Connection) throws -> Int {
        try db.execute("DELETE FROM equipment_profiles WHERE user_id IS NULL AND shared = 1")
        return db.changes
    }

    /// A member's plan (forged keeps one per member).
    package static func plan(
        id: String, userID: String, goal: String, status: String, createdAt: Date, in db: Connection
    )
        throws
    {
        try db.execute(
            "INSERT INTO plans (id, user_id, goal, status, created_at) VALUES (?, ?, ?, ?, ?)",
            [id, userID, goal, status, Instant.storage(createdAt)])
    }

    /// A plan revision (`proposed`, `active` or `superseded`).
    package static func planRevision(
        id: String, planID: String, num: Int, status: String, rationale: String, content: String, createdAt: Date,
        in db: Connection
    ) throws {
        try db.execute(
            """
            INSERT INTO plan_revisions (id, plan_id, num, status, rationale, content, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [id, planID, num, status, rationale, content, Instant.storage(createdAt)])
    }

    /// A workout or meal pencilled onto a date.
    package static func plannedItem(
        id: String, userID: String, date: String, kind: String, title: String, notes: String, planDay: String?,
        createdAt: Date, in db: Connection
    ) throws {
        try db.execute(
            """
            INSERT INTO planned_items (id, user_id, date, kind, title, notes, plan_day, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [id, userID, date, kind, title, notes, planDay, Instant.storage(createdAt)])
    }

    /// A training session with its stored snapshots (`fitted`, `stats`) as JSON text.
    package static func session(
        id: String, userID: String, day: String, name: String, kind: String, status: String, startedAt: Date,
        completedAt: Date?, timeBudgetMin: Int?, fitted: String, stats: String, notes: String,
        cooldownStatus: String, favorite: Bool, in db: Connection
    ) throws {
        try db.execute(
            """
            INSERT INTO sessions (id, user_id, day, name, kind, status, started_at, completed_at, time_budget_min,
                                  fitted, stats, notes, cooldown_status, favorite)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                id, userID, day, name, kind, status, Instant.storage(startedAt), completedAt.map(Instant.storage),
                timeBudgetMin, fitted, stats, notes, cooldownStatus, favorite ? 1 : 0,
            ])
    }

    /// A cardio session's traces (`hr` `[[t_s, bpm]…]`, `route` `[[lat, lon]…]` as JSON text).
    package static func cardioTrace(
        sessionID: String, userID: String, hr: String, route: String, createdAt: Date, in db: Connection
    ) throws {
        try db.execute(
            """
            INSERT INTO cardio_traces (session_id, user_id, hr, route, breaks, created_at) VALUES (?, ?, ?, ?, '[]', ?)
            """, [sessionID, userID, hr, route, Instant.storage(createdAt)])
    }

    /// A logged set (a normal set: the original marks none).
    package static func set(
        id: String, sessionID: String, userID: String, slug: String, substitutedFor: String?, setNo: Int,
        weight: Double, reps: Int, rpe: Int?, ts: Date, in db: Connection
    ) throws {
        try db.execute(
            """
            INSERT INTO sets (id, session_id, user_id, slug, substituted_for, set_no, weight, reps, rpe, ts)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [id, sessionID, userID, slug, substitutedFor, setNo, weight, reps, rpe, Instant.storage(ts)])
    }

    /// A niggle.
    package static func niggle(
        id: String, userID: String, bodyPart: String, severity: String, status: String, note: String,
        avoidPatterns: String, mobilitySlug: String, openedAt: Date?, clearedAt: Date?, in db: Connection
    ) throws {
        let opened = openedAt.map(Instant.storage)
        try db.execute(
            """
            INSERT INTO niggles (id, user_id, body_part, severity, status, note, avoid_patterns, mobility_slug,
                                 opened_at, cleared_at, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [
                id, userID, bodyPart, severity, status, note, avoidPatterns, mobilitySlug, opened,
                clearedAt.map(Instant.storage), opened ?? Instant.storage(Date()),
            ])
    }

    /// A lab panel.
    package static func labPanel(
        id: String, userID: String, drawnOn: String, source: String, createdAt: Date, in db: Connection
    ) throws {
        try db.execute(
            "INSERT INTO lab_panels (id, user_id, drawn_on, source, created_at) VALUES (?, ?, ?, ?, ?)",
            [id, userID, drawnOn, source, Instant.storage(createdAt)])
    }

    /// One result of a panel, `seq` its 0-based order.
    package static func labResult(
        panelID: String, seq: Int, marker: String, value: Double, unit: String, refLow: Double?, refHigh: Double?,
        in db: Connection
    ) throws {
        try db.execute(
            """
            INSERT INTO lab_results (panel_id, seq, marker, value, unit, ref_low, ref_high) VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [panelID, seq, marker, value, unit, refLow, refHigh])
    }
}
