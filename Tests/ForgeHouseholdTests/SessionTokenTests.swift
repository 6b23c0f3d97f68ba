import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation
import Testing

/// Sign-in sessions and ingest tokens: creation, lookup, revocation, expiry.
struct SessionTokenTests {
    func seat(_ email: String, in db: Database) throws -> User {
        try db.write {
            try HouseholdStore.addUser(email: email, name: "Seat", prefs: [:], passwordHash: nil, now: testNow, in: $0)
        }
    }

    @Test func aSessionResolvesUntilRevoked() throws {
        try withHouseholdDatabase { db throws in
            let ada = try seat("ada@example.org", in: db)
            let token = try db.write { try HouseholdStore.createSession(userID: ada.id, now: testNow, in: $0) }
            #expect(try db.read { try HouseholdStore.sessionUserID(token: token, now: testNow, in: $0) } == ada.id)
            try db.write { try HouseholdStore.revokeSession(token: token, in: $0) }
            #expect(try db.read { try HouseholdStore.sessionUserID(token: token, now: testNow, in: $0) } == nil)
        }
    }

    @Test func revokingAUsersSessionsLeavesOtherUsersSignedIn() throws {
        try withHouseholdDatabase { db throws in
            let ada = try seat("ada@example.org", in: db)
            let ben = try seat("ben@example.org", in: db)
            let (a1, a2, b1) = try db.write { c in
                (
                    try HouseholdStore.createSession(userID: ada.id, now: testNow, in: c),
                    try HouseholdStore.createSession(userID: ada.id, now: testNow, in: c),
                    try HouseholdStore.createSession(userID: ben.id, now: testNow, in: c)
                )
            }
            try db.write { try HouseholdStore.revokeSessions(userID: ada.id, in: $0) }
            try db.read { c throws in
                #expect(try HouseholdStore.sessionUserID(token: a1, now: testNow, in: c) == nil)
                #expect(try HouseholdStore.sessionUserID(token: a2, now: testNow, in: c) == nil)
                #expect(try HouseholdStore.sessionUserID(token: b1, now: testNow, in: c) == ben.id)
            }
        }
    }

    @Test func aSessionExpiresAfterNinetyDaysAndOddTokensNeverResolve() throws {
        try withHouseholdDatabase { db throws in
            let ada = try seat("ada@example.org", in: db)
            let token = try db.write { try HouseholdStore.createSession(userID: ada.id, now: testNow, in: $0) }
            let later = testNow + HouseholdStore.sessionLifetime + 1
            try db.read { c throws in
                #expect(try HouseholdStore.sessionUserID(token: token, now: later, in: c) == nil)
                #expect(try HouseholdStore.sessionUserID(token: "", now: testNow, in: c) == nil)
                #expect(
                    try HouseholdStore.sessionUserID(token: String(repeating: "x", count: 129), now: testNow, in: c)
                        == nil)
            }
        }
    }

    @Test func rotatingTheIngestTokenKillsTheOldOneAndResetsCounters() throws {
        try withHouseholdDatabase { db throws in
            let ada = try seat("ada@example.org", in: db)
            let first = try db.write { try HouseholdStore.rotateIngestToken(userID: ada.id, now: testNow, in: $0) }
            #expect(first.hasPrefix("fg_") && first.count == 35)
            try db.write { try HouseholdStore.recordIngestPush(userID: ada.id, samples: 3, now: testNow, in: $0) }
            let pushed = try db.read { try HouseholdStore.ingestTokenStatus(userID: ada.id, in: $0) }
            #expect(pushed?.samples == 3)
            #expect(pushed?.lastPush != nil)
            let second = try db.write { try HouseholdStore.rotateIngestToken(userID: ada.id, now: testNow, in: $0) }
            try db.read { c throws in
                #expect(try HouseholdStore.ingestTokenOwner(first, in: c) == nil)
                #expect(try HouseholdStore.ingestTokenOwner(second, in: c) == ada.id)
                #expect(try HouseholdStore.ingestTokenOwner("", in: c) == nil)
                #expect(try HouseholdStore.ingestToken(userID: ada.id, in: c) == second)
                let status = try HouseholdStore.ingestTokenStatus(userID: ada.id, in: c)
                #expect(status?.samples == 0)
                #expect(status?.lastPush == nil)
            }
        }
    }
}
