import ForgeCore
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation
import Testing

@testable import ForgeAPI

/// Every seat has a load unit (issue 38 item 7): seats stored before get their active profile's, once.
@Suite(.serialized) struct MemberLoadUnitTests {
    @Test func seatsGetTheirProfilesUnitOnceAndAChoiceIsKept() async throws {
        try await withTestServer { server in
            let db = server.app.db
            let (ada, ben) = try db.read { c in
                (
                    try HouseholdStore.user(email: "ada@example.org", in: c)!,
                    try HouseholdStore.user(email: "ben@example.org", in: c)!
                )
            }
            // The boot wrote both (their Gym profiles are kg).
            #expect(ada.prefs["unit_load"] == "kg" && ben.prefs["unit_load"] == "kg")
            // As stored before the upgrade: Ada trains on an lb profile and has no unit; Ben chose lb himself.
            try db.write { c in
                try HouseholdStore.updatePrefs(merge: ["unit_load": .null], userID: ada.id, in: c)
                try HouseholdStore.updatePrefs(merge: ["unit_load": "lb"], userID: ben.id, in: c)
                try c.execute("UPDATE equipment_profiles SET unit = 'lb' WHERE user_id = ?", [ada.id])
                try c.execute("DELETE FROM seed_marks WHERE asset = 'unit_load'")
            }
            #expect(try db.write { try MemberLoadUnit.settleOnce(now: Date(), in: $0) } == 1)
            let after = try db.read { c in
                (try HouseholdStore.user(id: ada.id, in: c)!, try HouseholdStore.user(id: ben.id, in: c)!)
            }
            #expect(after.0.prefs["unit_load"] == "lb" && after.1.prefs["unit_load"] == "lb")
            // Once: Ada removing hers later is not undone at the next start.
            _ = try db.write { try HouseholdStore.updatePrefs(merge: ["unit_load": .null], userID: ada.id, in: $0) }
            #expect(try db.write { try MemberLoadUnit.settleOnce(now: Date(), in: $0) } == 0)
            #expect(try db.read { try HouseholdStore.user(id: ada.id, in: $0)?.prefs["unit_load"] } == nil)
        }
    }

    @Test func aNewSeatTakesTheUnitItIsGiven() async throws {
        try await withTestServer { server in
            // Ben's seat is freed for Cy (two member seats).
            try server.app.db.write { c in
                _ = try HouseholdStore.deleteUser(
                    id: try HouseholdStore.user(email: "ben@example.org", in: c)!.id, in: c)
            }
            let user = try Membership.add(
                email: "cy@example.org", name: "Cy", passwordHash: nil, unit: .lb, now: Date(), in: server.app.db)
            #expect(try server.app.db.read { try HouseholdStore.user(id: user.id, in: $0)?.prefs["unit_load"] } == "lb")
        }
    }
}
