import ForgeCore
import Foundation
import Testing

@testable import ForgeStore

@Suite struct RowDecodingTests {
    struct Targets: Codable, Equatable {
        var kcal: Int
        var proteinG: Double
    }
    enum Role: String, Codable { case admin, member }

    struct Member: Decodable, Equatable {
        var id: Int64
        var email: String
        var displayName: String  // from display_name
        var heightCm: Double?  // NULL → nil
        var isAdmin: Bool
        var role: Role  // plain text "admin"
        var targets: Targets  // JSON text
        var tags: [String]  // JSON text
        var nickname: String?  // column absent → nil
        var birthday: LocalDate?
        var createdAt: Date
    }

    @Test func decodesAStructWithOptionalAndJSONColumns() throws {
        try withTestDatabase { db, _ throws in
            let created = Date(timeIntervalSince1970: 1_784_538_927.104)
            try db.write { c throws in
                try c.execute(
                    """
                    CREATE TABLE members (id INTEGER PRIMARY KEY, email TEXT, display_name TEXT, height_cm REAL,
                        is_admin INTEGER, role TEXT, targets TEXT, tags TEXT, birthday TEXT, created_at TEXT)
                    """)
                try c.execute(
                    "INSERT INTO members VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    [
                        7, "ada@example.org", "Ada", Double?.none, true, "admin",
                        #"{"kcal":2400,"protein_g":160.5}"#, #"["lifter","cook"]"#,
                        LocalDate(year: 1990, month: 12, day: 10), created,
                    ])
            }
            var member = try #require(try db.read { try $0.queryOne("SELECT * FROM members") }?.decode(Member.self))
            #expect(abs(member.createdAt.timeIntervalSince(created)) < 0.0005)  // stored to the millisecond
            member.createdAt = created
            #expect(
                member
                    == Member(
                        id: 7, email: "ada@example.org", displayName: "Ada", heightCm: nil,
                        isAdmin: true, role: .admin, targets: Targets(kcal: 2400, proteinG: 160.5),
                        tags: ["lifter", "cook"], nickname: nil,
                        birthday: LocalDate(year: 1990, month: 12, day: 10), createdAt: created))
        }
    }

    @Test func missingRequiredColumnIsKeyNotFound() throws {
        struct Needs: Decodable {
            var email: String
            var age: Int
        }
        try withTestDatabase { db, _ throws in
            let row = try #require(try db.read { try $0.queryOne("SELECT 'ada@example.org' AS email") })
            #expect {
                try row.decode(Needs.self)
            } throws: { error in
                guard case DecodingError.keyNotFound(let key, _) = error else { return false }
                return key.stringValue == "age"
            }
        }
    }

    @Test func wrongTypeIsTypeMismatch() throws {
        struct Wants: Decodable { var kg: Double }
        try withTestDatabase { db, _ throws in
            let row = try #require(try db.read { try $0.queryOne("SELECT 'heavy' AS kg") })
            #expect {
                try row.decode(Wants.self)
            } throws: { error in
                if case DecodingError.typeMismatch = error { true } else { false }
            }
        }
    }

    @Test(arguments: [
        ("createdAt", "created_at"), ("userID", "user_id"), ("URLString", "url_string"),
        ("kcal", "kcal"), ("proteinG", "protein_g"), ("sets5x5", "sets5x5"),
    ])
    func snakeCaseFallback(key: String, column: String) {
        #expect(snakeCased(key) == column)
    }

    @Test func jsonValueAndLocalDateBindAsText() throws {
        try withTestDatabase { db, _ throws in
            let doc = JSONValue.object(["b": .int(1), "a": .array([.string("x"), .null])])
            let row = try db.read {
                try $0.queryOne("SELECT ? AS doc, ? AS day", [doc, LocalDate(year: 2026, month: 7, day: 20)])
            }
            #expect(row?["doc"] == .text(#"{"a":["x",null],"b":1}"#))
            #expect(row?["day"] == .text("2026-07-20"))
            #expect(try row?.get("doc") as JSONValue? == doc)
        }
    }
}
