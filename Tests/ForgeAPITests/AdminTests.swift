import ForgeAPI
import ForgeCoach
import ForgeCore
import ForgeHousehold
import ForgeStore
import Foundation
import Testing

@Suite(.serialized) struct AdminTests {
    static let adminRoutes: [(String, String)] = [
        ("GET", "/api/admin/settings"), ("PUT", "/api/admin/settings"), ("GET", "/api/admin/users"),
        ("POST", "/api/admin/users"), ("PATCH", "/api/admin/users/x"), ("GET", "/api/admin/demo"),
        ("POST", "/api/admin/demo"), ("DELETE", "/api/admin/demo"), ("POST", "/api/admin/demo/enrich"),
        ("GET", "/api/admin/backups"), ("POST", "/api/admin/backups"),
        ("GET", "/api/admin/backups/forge-20260720-023000.sqlite3"),
    ]

    @Test func aMemberGets403OnEveryAdminRouteAndNothingChanges() async throws {
        try await withTestServer { server in
            let ben = try await server.signIn("ben@example.org")
            for (method, path) in Self.adminRoutes {
                let reply = try await server.request(
                    method, path, json: method == "GET" ? nil : ["values": ["coach_model": "x"]],
                    cookie: ben)
                #expect(reply.status == 403 && reply.detail == "admin only", "\(method) \(path): \(reply.status)")
            }
            let stored: Int? = try server.app.db.read { try $0.scalar("SELECT count(*) FROM app_settings") }
            #expect(stored == 0)
            #expect(!FileManager.default.fileExists(atPath: server.directory.path + "/backups"))
        }
    }

    @Test func settingsAreMaskedAndUnknownKeysWriteNothing() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let put = try await server.request(
                "PUT", "/api/admin/settings",
                json: [
                    "values": [
                        "anthropic_api_key": "  sk-ant-0123456789abcd  ", "withings_client_secret": "short",
                        "coach_model": "claude-x",
                    ]
                ], cookie: ada)
            #expect(put.status == 200)
            #expect(put.json["anthropic_api_key"] == ["set": true, "value": "…abcd", "source": "app"])
            #expect(put.json["withings_client_secret"] == ["set": true, "value": "…", "source": "app"])
            #expect(put.json["coach_model"] == ["set": true, "value": "claude-x", "source": "app"])
            #expect(put.json["maptiler_key"] == ["set": false, "value": "", "source": .null])
            #expect(put.json.objectValue?.count == 7)
            let stored: String? = try server.app.db.read {
                try $0.scalar("SELECT value FROM app_settings WHERE key = 'anthropic_api_key'")
            }
            #expect(stored == "sk-ant-0123456789abcd")  // trimmed, kept in full

            let bad = try await server.request(
                "PUT", "/api/admin/settings",
                json: [
                    "values": [
                        "coach_model": "changed", "google_client_secret": "x",
                    ]
                ], cookie: ada)
            #expect(bad.status == 422 && bad.detail == "unknown setting google_client_secret")
            let get = try await server.get("/api/admin/settings", cookie: ada)
            #expect(get.json["coach_model"]?["value"] == "claude-x")

            let cleared = try await server.request(
                "PUT", "/api/admin/settings", json: ["values": ["coach_model": "  "]], cookie: ada)
            // Cleared, coach_model falls back to its contract default (docs/contract.md §1.10, §4.25).
            #expect(cleared.json["coach_model"] == ["set": true, "value": "claude-sonnet-5", "source": "env"])
            #expect(cleared.json["anthropic_api_key"]?["source"] == "app")
        }
    }

    @Test func maskingFollowsTheContract() {
        #expect(AppSettings.mask("") == "")
        #expect(AppSettings.mask("12345678") == "…")
        #expect(AppSettings.mask("123456789") == "…6789")
    }

    @Test func addingAMemberFollowsTheContractsChecksInOrder() async throws {
        try await withTestServer(allowed: [AllowedUser(email: "ada@example.org", name: "Ada")]) { server in
            let ada = try await server.signIn("ada@example.org")
            let invalid = try await server.request(
                "POST", "/api/admin/users", json: ["email": "no-at-sign", "name": "Ben"], cookie: ada)
            #expect(invalid.status == 422 && invalid.detail == "invalid email")
            let taken = try await server.request(
                "POST", "/api/admin/users", json: ["email": " ADA@example.org", "name": "Ben"], cookie: ada)
            #expect(taken.status == 409 && taken.detail == "email already in use")
            let blank = try await server.request(
                "POST", "/api/admin/users", json: ["email": "ben@example.org", "name": "  "], cookie: ada)
            #expect(blank.status == 422 && blank.detail == "name required")

            let added = try await server.request(
                "POST", "/api/admin/users", json: ["email": " Ben@Example.org ", "name": "Ben"], cookie: ada)
            #expect(added.status == 200)
            #expect(added.json["email"] == "ben@example.org" && added.json["role"] == "member")
            let id = try #require(added.json["id"]?.stringValue)
            let (profiles, token, scale): (Int?, Int?, String?) = try server.app.db.read { c in
                (
                    try c.scalar("SELECT count(*) FROM equipment_profiles WHERE user_id = ?", [id]),
                    try c.scalar("SELECT count(*) FROM ingest_tokens WHERE user_id = ?", [id]),
                    try c.scalar(
                        "SELECT r.content FROM plan_revisions r JOIN plans p ON p.id = r.plan_id WHERE p.user_id = ?",
                        [id])
                )
            }
            #expect(profiles == 2 && token == 1 && scale != nil)
            let me = try await server.get("/auth/me", cookie: try await server.signIn("ben@example.org"))
            #expect(me.json["prefs"]?["notif_proposal"] == true && me.json["prefs"]?["notif_film"] == nil)

            let third = try await server.request(
                "POST", "/api/admin/users", json: ["email": "bad", "name": ""], cookie: ada)
            #expect(third.status == 409 && third.detail == "both seats are taken")
            let list = try await server.get("/api/admin/users", cookie: ada)
            #expect(
                list.json.arrayValue?.compactMap { $0["email"]?.stringValue } == ["ada@example.org", "ben@example.org"])
        }
    }

    @Test func patchingAUserChecksAndChangesTheSignIn() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let users = try await server.get("/api/admin/users", cookie: ada)
            let benID = try #require(users.json.arrayValue?.last?["id"]?.stringValue)
            #expect(
                try await server.request("PATCH", "/api/admin/users/nope", json: ["name": "X"], cookie: ada).status
                    == 404)
            let clash = try await server.request(
                "PATCH", "/api/admin/users/\(benID)", json: ["email": "ada@example.org"], cookie: ada)
            #expect(clash.status == 409 && clash.detail == "email already in use")
            let badEmail = try await server.request(
                "PATCH", "/api/admin/users/\(benID)", json: ["email": "ben@x"], cookie: ada)
            #expect(badEmail.status == 422 && badEmail.detail == "invalid email")
            let ok = try await server.request(
                "PATCH", "/api/admin/users/\(benID)", json: ["email": "Benjamin@example.org", "name": " Benjamin "],
                cookie: ada)
            #expect(ok.status == 200 && ok.json["email"] == "benjamin@example.org" && ok.json["name"] == "Benjamin")
            #expect(try await server.request("POST", "/auth/dev", json: ["email": "ben@example.org"]).status != 200)
            _ = try await server.signIn("benjamin@example.org")
        }
    }

    @Test func backupsAreCreatedListedAndDownloadedByNameOnly() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            let health0 = try await server.get("/healthz")
            #expect(health0.json["backup"] == .null)
            let created = try await server.request("POST", "/api/admin/backups", cookie: ada)
            #expect(created.status == 200)
            let name = try #require(created.json["name"]?.stringValue)
            #expect(BackupName(fileName: name) != nil)
            let list = try await server.get("/api/admin/backups", cookie: ada)
            #expect(list.json.arrayValue?.count == 1 && list.json.arrayValue?.first?["name"]?.stringValue == name)

            let download = try await server.get("/api/admin/backups/\(name)", cookie: ada)
            #expect(download.status == 200)
            #expect(download.header("Content-Type") == "application/vnd.sqlite3")
            #expect(download.header("Content-Disposition") == "attachment; filename=\"\(name)\"")
            let onDisk = try Data(contentsOf: server.directory.appendingPathComponent("backups/\(name)"))
            #expect(download.data == onDisk && created.json["bytes"]?.intValue == onDisk.count)
            #expect(download.data.prefix(15) == Data("SQLite format 3".utf8))

            for bad in [
                "..%2Fforge.sqlite3", "forge.sqlite3", "forge-20200101-000000.sqlite3", "..%2F..%2Fetc%2Fpasswd",
            ] {
                let reply = try await server.get("/api/admin/backups/\(bad)", cookie: ada)
                #expect(reply.status == 404, "\(bad)")
            }
            let health = try await server.get("/healthz")
            #expect(health.json["backup"]?["ok"] == true && health.json["backup"]?["file"]?.stringValue == name)
            #expect(BackupStatus.summary(server.app.db).contains(name))
        }
    }

    /// Ten backups asked for at once over HTTP: each is taken (200) or refused
    /// with 409 saying one is running; the ledger, `/healthz` and the listing
    /// agree with the files on disk.
    ///
    /// How many are taken depends on timing (a backup of this small database
    /// can finish before the next request arrives, so two may be taken within
    /// one second, named `…-HHMMSS` and `…-HHMMSS-2`); the rotation keeps one
    /// generation here, so the disk holds exactly the newest whatever the count.
    @Test func tenBackupsAtOnceEachSucceedOrAnswer409AndTheLedgerMatchesTheDisk() async throws {
        let keepOne = BackupRetention(daily: 1, weekly: 0, recent: 1)
        try await withTestServer(backupRetention: keepOne) { server in
            let ada = try await server.signIn("ada@example.org")
            let replies = try await withThrowingTaskGroup(of: (Int, String?, String?).self) { group in
                for _ in 0..<10 {
                    group.addTask {
                        let r = try await server.request("POST", "/api/admin/backups", cookie: ada)
                        return (r.status, r.json["name"]?.stringValue, r.detail)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let taken = replies.filter { $0.0 == 200 }.compactMap(\.1)
            let busy = "a backup is already running; try again when it finishes"
            let unexpected = replies.filter { reply in !(reply.0 == 200 || (reply.0 == 409 && reply.2 == busy)) }
            #expect(unexpected.isEmpty, "\(unexpected)")
            #expect(!taken.isEmpty && Set(taken).count == taken.count)
            let runs = try BackupStatus.recent(20, in: server.app.db)
            #expect(runs.count == taken.count && runs.allSatisfy { $0.ok && $0.bytes > 0 })
            let onDisk = try FileManager.default.contentsOfDirectory(
                atPath: server.directory.appendingPathComponent("backups").path
            )
            .filter { BackupName(fileName: $0) != nil }
            let newest = try #require(runs.first)
            #expect(onDisk == [(newest.file as NSString).lastPathComponent])
            // The newest run is the newest name taken; every older one was rotated away.
            #expect(onDisk == [try #require(taken.compactMap { BackupName(fileName: $0) }.max()?.fileName)])
            let health = try await server.get("/healthz")
            #expect(health.json["backup"]?["ok"] == true && health.json["backup"]?["file"]?.stringValue == onDisk.first)
            let list = try await server.get("/api/admin/backups", cookie: ada)
            #expect(list.json.arrayValue?.compactMap { $0["name"]?.stringValue } == onDisk)

            // A file removed behind forged's back (a restore, an operator) is never named.
            try FileManager.default.removeItem(atPath: newest.file)
            let after = try await server.get("/healthz")
            #expect(after.json["backup"]?["ok"] == true && after.json["backup"]?["file"]?.stringValue == "")
            #expect(BackupStatus.summary(server.app.db).hasSuffix("(file no longer on disk)"))
        }
    }

    @Test func theDemoSeatIsCreatedWithHistoryAndDeletedWithEverythingItOwns() async throws {
        try await withTestServer { server in
            let ada = try await server.signIn("ada@example.org")
            #expect(try await server.get("/api/admin/demo", cookie: ada).json == ["exists": false])
            let counts0 = try rowCounts(server.app.db)
            let made = try await server.request("POST", "/api/admin/demo", cookie: ada)
            #expect(made.json == ["exists": true], "\(made.status) \(String(decoding: made.data, as: UTF8.self))")
            let demo = try #require(try server.app.db.read { try DemoSeat.find(in: $0) })
            #expect(demo.role == "demo" && demo.email == DemoSeat.email)
            let (sessions, sets, revisions, metrics, food): (Int?, Int?, Int?, Int?, Int?) = try server.app.db.read {
                c in
                (
                    try c.scalar("SELECT count(*) FROM sessions WHERE user_id = ?", [demo.id]),
                    try c.scalar("SELECT count(*) FROM sets WHERE user_id = ?", [demo.id]),
                    try c.scalar(
                        "SELECT count(*) FROM plan_revisions r JOIN plans p ON p.id = r.plan_id WHERE p.user_id = ?",
                        [demo.id]),
                    try c.scalar("SELECT count(*) FROM metrics WHERE user_id = ?", [demo.id]),
                    try c.scalar("SELECT count(*) FROM food_revisions WHERE scope = ?", ["user:\(demo.id)"])
                )
            }
            #expect((sessions ?? 0) > 150 && (sets ?? 0) > 1000 && revisions == 14 && (metrics ?? 0) > 300 && food == 1)
            // Hidden from the seat list and not counted towards the cap.
            let list = try await server.get("/api/admin/users", cookie: ada)
            #expect(list.json.arrayValue?.count == 2)
            #expect(
                try await server.request("POST", "/api/admin/demo/enrich", cookie: ada).json == [
                    "exists": true, "added": [],
                ])
            // Reset tells the same story.
            _ = try await server.request("POST", "/api/admin/demo", cookie: ada)
            let demo2 = try #require(try server.app.db.read { try DemoSeat.find(in: $0) })
            let sessions2: Int? = try server.app.db.read {
                try $0.scalar("SELECT count(*) FROM sessions WHERE user_id = ?", [demo2.id])
            }
            #expect(demo2.id != demo.id && sessions2 == sessions)

            #expect(try await server.request("DELETE", "/api/admin/demo", cookie: ada).json == ["exists": false])
            #expect(try rowCounts(server.app.db) == counts0)
        }
    }

    func rowCounts(_ db: Database) throws -> [String: Int] {
        try db.read { c in
            var result: [String: Int] = [:]
            for row in try c.query("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") {
                let name: String = try row.get("name")
                if name == "auth_sessions" { continue }
                result[name] = try c.scalar("SELECT count(*) FROM \"\(name)\"") ?? 0
            }
            return result
        }
    }
}
