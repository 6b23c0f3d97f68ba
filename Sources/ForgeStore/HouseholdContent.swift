import Foundation

/// What a forged database holds beyond its first start (the seats, their
/// starter plans, equipment and standing niggle, the library and the first
/// household food week): `forged import forge-server` refuses to move a
/// household into a database that has any of it unless `--replace` is given.
/// Read-only.
package enum HouseholdContent {
    /// Tables whose every row is household data (none is seeded).
    static let historyTables = [
        "sessions", "sets", "metrics", "meal_logs", "chat_messages", "coach_runs", "lab_panels", "planned_items",
        "oauth_grants", "media", "cook_sessions", "imports",
    ]

    /// Row counts of household data beyond the seed, by table (only tables with some):
    /// every row of ``historyTables``; `plan_revisions` and `food_revisions`: the
    /// revisions after each plan's or week's first, and any that is not active;
    /// `niggles`: every niggle but the first-start standing one, which is the
    /// table's first row (lowest rowid) while it is still active; once cleared or
    /// watched it counts too, and so does a member's second active niggle.
    package static func beyondSeed(in db: Connection) throws -> [String: Int] {
        var out: [String: Int] = [:]
        for table in historyTables {
            let n: Int = try db.scalar("SELECT COUNT(*) FROM \(table)") ?? 0
            if n > 0 { out[table] = n }
        }
        let revisions: Int =
            try db.scalar("SELECT COUNT(*) FROM plan_revisions WHERE num > 1 OR status <> 'active'") ?? 0
        if revisions > 0 { out["plan_revisions"] = revisions }
        let weeks: Int = try db.scalar("SELECT COUNT(*) FROM food_revisions WHERE num > 1 OR status <> 'active'") ?? 0
        if weeks > 0 { out["food_revisions"] = weeks }
        let niggles: Int =
            try db.scalar(
                """
                SELECT COUNT(*) FROM niggles
                WHERE NOT (status = 'active' AND rowid = (SELECT MIN(rowid) FROM niggles))
                """) ?? 0
        if niggles > 0 { out["niggles"] = niggles }
        return out
    }
}
