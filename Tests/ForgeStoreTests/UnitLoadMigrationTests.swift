import Foundation
import Testing

@testable import ForgeStore

/// Migration 0807 writes `prefs.unit_load` once for seats that never chose one, from their active
/// equipment profile's unit, and leaves a member's own choice and profile-less seats alone.
@Suite struct UnitLoadMigrationTests {
    @Test func seatsWithoutAUnitTakeTheirActiveProfilesUnit() throws {
        try withTestDatabase { db, _ in
            _ = try ForgeSchema.migrator().through("0806-recipe-park-reason").migrate(db, now: Date())
            try db.write { c in
                let now = "2026-07-20T09:00:00.000Z"
                for (id, prefs, active) in [
                    ("ada", #"{"notif_proposal":true}"#, "ada-travel"), ("ben", #"{"unit_load":"kg"}"#, "ben-gym"),
                    ("cy", "{}", ""), ("dee", "{}", ""),
                ] {
                    try c.execute(
                        """
                        INSERT INTO users (id, email, name, role, prefs, active_profile_id, created_at)
                        VALUES (?, ?, ?, 'member', ?, NULLIF(?, ''), ?)
                        """, [id, "\(id)@example.org", id, prefs, active, now])
                }
                // Ada's active profile is lb (her first is kg); Ben chose kg though his gym is lb; Cy has only
                // the shared profile (kg); Dee has none of her own, and there is one shared.
                for (id, user, shared, unit, at) in [
                    ("ada-gym", "ada", 0, "kg", "2026-07-20T09:00:00.000Z"),
                    ("ada-travel", "ada", 0, "lb", "2026-07-20T09:01:00.000Z"),
                    ("ben-gym", "ben", 0, "lb", "2026-07-20T09:00:00.000Z"),
                    ("home", "", 1, "kg", "2026-07-20T09:02:00.000Z"),
                ] {
                    try c.execute(
                        """
                        INSERT INTO equipment_profiles (id, user_id, name, shared, unit, created_at)
                        VALUES (?, NULLIF(?, ''), ?, ?, ?, ?)
                        """, [id, user, id, shared, unit, at])
                }
            }
            #expect(try ForgeSchema.migrator().migrate(db, now: Date()).contains("0807-unit-load"))
            let prefs: [String: String] = try db.read { c in
                Dictionary(
                    uniqueKeysWithValues: try c.query("SELECT id, prefs FROM users").map {
                        (try $0.get("id") as String, try $0.get("prefs") as String)
                    })
            }
            #expect(prefs["ada"] == #"{"notif_proposal":true,"unit_load":"lb"}"#)
            #expect(prefs["ben"] == #"{"unit_load":"kg"}"#)
            #expect(prefs["cy"] == #"{"unit_load":"kg"}"#)
        }
    }

    @Test func aHouseholdWithoutProfilesIsLeftAlone() throws {
        try withTestDatabase { db, _ in
            _ = try ForgeSchema.migrator().through("0806-recipe-park-reason").migrate(db, now: Date())
            try db.write { c in
                try c.execute(
                    "INSERT INTO users (id, email, name, role, created_at) VALUES ('ada', 'a@example.org', 'Ada', 'member', ?)",
                    ["2026-07-20T09:00:00.000Z"])
            }
            _ = try ForgeSchema.migrator().migrate(db, now: Date())
            let prefs: String? = try db.read { try $0.scalar("SELECT prefs FROM users WHERE id = 'ada'") }
            #expect(prefs == "{}")
        }
    }
}
