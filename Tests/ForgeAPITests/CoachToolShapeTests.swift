import ForgeCore
import ForgeTrain
import Foundation
import Testing

@testable import ForgeCoach

/// Coach tool results are typed and written through JSONCoding in their
/// documented member order (review finding: no JSONValue literals).
@Suite struct CoachToolShapeTests {
    @Test func getEquipmentListsTheKgMembersThenTheProfilesUnit() async throws {
        try await withTestServer { server in
            let adaID = try server.userID("ada@example.org")
            let member = try #require(try server.app.db.read { try Member.find(adaID, in: $0) })
            let turn = CoachTurn(
                member: member, db: server.app.db, today: server.app.today, now: Date(), calendar: server.app.calendar,
                text: "",
                context: nil, history: [])
            let out = try CoachTools.run("get_equipment", input: [:], turn: turn)
            #expect(out.hasPrefix(#"{"name":"Gym","items":["#), "\(out)")
            #expect(
                out.hasSuffix(
                    #"],"bar_kg":20.0,"plates_kg":[25.0,20.0,15.0,10.0,5.0,2.5,1.25],"db_max_kg":30.0,"#
                        + #""unit":"kg","bar":20.0,"plates":[25.0,20.0,15.0,10.0,5.0,2.5,1.25]}"#), "\(out)")

            // An lb profile: bar and plates in pounds, kg members as exact conversions.
            let active = try server.app.db.read {
                try EquipmentStore.active(userID: adaID, activeID: member.activeProfileID, in: $0)
            }
            let profile = try #require(active?.id)
            try server.app.db.write {
                try EquipmentStore.setLoading(
                    unit: .lb, plates: PlateInventory(unit: .lb, bar: 4500, plates: [4500, 250]),
                    dumbbells: nil, profileID: profile, in: $0)
            }
            let lb = try CoachTools.run("get_equipment", input: [:], turn: turn)
            #expect(
                lb.hasSuffix(
                    #""bar_kg":20.41165665,"plates_kg":[20.41165665,1.133980925],"db_max_kg":30.0,"unit":"lb","bar":45.0,"plates":[45.0,2.5]}"#
                ), "\(lb)")
        }
    }
}
