import ForgeCore
import ForgeStore
import Foundation
import Testing

@testable import ForgeAPI

/// `GET /api/admin/export` (issue 17, item 9): complete against the schema's
/// tables, secrets left out and listed, admin only.
@Suite struct ExportTests {
    @Test func theExportHoldsEveryTableOfTheSchemaExceptTheListedSecrets() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let ben = try await server.signIn("ben@example.org")
            #expect(
                try await server.request("POST", "/api/body", json: ["type": "weight", "value": 71.5], cookie: ben)
                    .status == 200)
            #expect(try await server.get("/api/admin/export", cookie: ben).status == 403)
            let reply = try await server.get("/api/admin/export", cookie: ada)
            #expect(reply.status == 200)
            let doc = reply.json
            #expect(doc["format"]?.stringValue == "forged-household-export" && doc["version"]?.intValue == 1)
            #expect(doc["schema"]?.arrayValue?.compactMap(\.stringValue) == ForgeSchema.migrator().ids)
            let omitted = Set(doc["omitted"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? [])
            let exported = Dictionary(
                uniqueKeysWithValues: (doc["tables"]?.arrayValue ?? []).compactMap { t in
                    t["name"]?.stringValue.map { ($0, t) }
                })
            let db = server.app.db
            let schemaTables: [String] = try db.read { c in
                try c.query("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").map {
                    try $0.get("name")
                }
            }
            #expect(schemaTables.count > 30)
            for table in schemaTables where table != "schema_migrations" {
                if omitted.contains(table) {
                    #expect(exported[table] == nil, "\(table) is omitted yet exported")
                    continue
                }
                let entry = try #require(exported[table], "\(table) is neither exported nor listed as omitted")
                let columns: [String] = try db.read { c in
                    try c.query("SELECT name FROM pragma_table_info(?) ORDER BY cid", [table]).map {
                        try $0.get("name")
                    }
                }
                #expect(
                    entry["columns"]?.arrayValue?.compactMap(\.stringValue)
                        == columns.filter { !omitted.contains("\(table).\($0)") },
                    "\(table)")
                let count: Int = try db.read { try $0.scalar("SELECT count(*) FROM \"\(table)\"") } ?? -1
                #expect(entry["rows"]?.arrayValue?.count == count, "\(table)")
            }
            // Both members are there, their secrets are not.
            let users = try #require(exported["users"])
            let emailColumn = try #require(users["columns"]?.arrayValue?.firstIndex(of: "email"))
            let emails = Set(users["rows"]?.arrayValue?.compactMap { $0.arrayValue?[emailColumn].stringValue } ?? [])
            #expect(emails.isSuperset(of: ["ada@example.org", "ben@example.org"]))
            #expect(users["columns"]?.arrayValue?.contains(.string("password_hash")) == false)
            #expect(omitted.contains("users.password_hash") && omitted.contains("auth_sessions"))
            #expect(
                exported["metrics"]?["rows"]?.arrayValue?.contains { $0.arrayValue?.contains(.double(71.5)) == true }
                    == true)
        }
    }
}
