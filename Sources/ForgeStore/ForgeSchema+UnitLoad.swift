extension ForgeSchema {
    /// Migration 0807: `prefs.unit_load` written once for every seat that never chose one, from the
    /// unit of its active equipment profile (`active_profile_id` when it is the seat's own or shared,
    /// else its first visible profile, as the contract's active profile is chosen), so the API, the app
    /// and forged's own words read loads in the one unit the member trains in; the contract reads an
    /// absent `unit_load` as lb (issue 38). A seat with no profile at all is left as it is.
    static func registerUnitLoad(_ m: inout Migrator) {
        m.register("0807-unit-load") { db in
            try db.executeScript(
                """
                UPDATE users SET prefs = json_set(prefs, '$.unit_load', COALESCE(
                    (SELECT p.unit FROM equipment_profiles p
                     WHERE p.id = users.active_profile_id AND (p.user_id = users.id OR p.shared = 1)),
                    (SELECT p.unit FROM equipment_profiles p
                     WHERE p.user_id = users.id OR p.shared = 1
                     ORDER BY p.shared, p.created_at, p.rowid LIMIT 1)))
                WHERE json_valid(prefs) AND json_extract(prefs, '$.unit_load') IS NULL
                  AND EXISTS (SELECT 1 FROM equipment_profiles p WHERE p.user_id = users.id OR p.shared = 1);
                """)
        }
    }
}
