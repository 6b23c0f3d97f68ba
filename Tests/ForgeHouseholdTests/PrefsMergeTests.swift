import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation
import Testing

/// The one prefs rule: keys given replace, `null` removes, others are kept,
/// nested objects are replaced whole.
struct PrefsMergeTests {
    let stored: [String: JSONValue] = [
        "unit_load": "kg",
        "hr_max": 185,
        "nutrition_targets": ["kcal": 2400, "protein_g": 150],
        "notif_proposal": true,
    ]

    @Test func aGivenKeyReplacesTheStoredValue() {
        let merged = HouseholdStore.mergedPrefs(stored, patch: ["unit_load": "lb"])
        #expect(merged["unit_load"] == "lb")
    }

    @Test func nullRemovesTheKey() {
        let merged = HouseholdStore.mergedPrefs(stored, patch: ["hr_max": .null])
        #expect(merged["hr_max"] == nil)
        #expect(merged.keys.contains("hr_max") == false)
    }

    @Test func keysNotGivenAreKept() {
        let merged = HouseholdStore.mergedPrefs(stored, patch: ["coach_style": "terse"])
        #expect(merged["coach_style"] == "terse")
        for (key, value) in stored { #expect(merged[key] == value) }
        #expect(HouseholdStore.mergedPrefs(stored, patch: [:]) == stored)
    }

    @Test func aNestedObjectIsReplacedWholeNotMerged() {
        let merged = HouseholdStore.mergedPrefs(stored, patch: ["nutrition_targets": ["kcal": 2000]])
        #expect(merged["nutrition_targets"] == ["kcal": 2000])
        #expect(merged["nutrition_targets"]?["protein_g"] == nil)
    }

    @Test func nullForAnAbsentKeyChangesNothing() {
        #expect(HouseholdStore.mergedPrefs(stored, patch: ["birth_year": .null]) == stored)
    }

    @Test func updatePrefsStoresTheMergeAndReturnsIt() throws {
        try withHouseholdDatabase { db throws in
            let user = try db.write { c in
                try HouseholdStore.addUser(
                    email: "ada@example.org", name: "Ada", prefs: stored,
                    passwordHash: nil, now: testNow, in: c)
            }
            let returned = try db.write { c in
                try HouseholdStore.updatePrefs(
                    merge: [
                        "unit_load": "lb", "hr_max": .null,
                        "nutrition_targets": ["fat_g": 70],
                    ], userID: user.id, in: c)
            }
            let expected: [String: JSONValue] = [
                "unit_load": "lb", "nutrition_targets": ["fat_g": 70], "notif_proposal": true,
            ]
            #expect(returned == expected)
            let reread = try db.read { try HouseholdStore.user(id: user.id, in: $0) }
            #expect(reread?.prefs == expected)
        }
    }

    @Test func updatePrefsOfAnUnknownUserThrows() throws {
        try withHouseholdDatabase { db throws in
            #expect(throws: UserError.unknownUser) {
                try db.write { try HouseholdStore.updatePrefs(merge: ["a": 1], userID: "nobody", in: $0) }
            }
        }
    }
}
