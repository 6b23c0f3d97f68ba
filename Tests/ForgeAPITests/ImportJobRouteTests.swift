import ForgeCore
import ForgeHousehold
import ForgeImport
import Foundation
import Synchronization
import Testing

@testable import ForgeAPI

/// `POST/GET/DELETE /api/import`: the HTTP door of the import pipeline.
@Suite(.serialized) struct ImportJobRouteTests {
    static func fixture(_ name: String) throws -> Data {
        try Data(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/movein/\(name)"))
    }

    static func form(kind: String?, file: Data?, name: String = "strong.csv") -> (Data, String) {
        let boundary = "----forge-import-9a3"
        var body = Data()
        if let kind {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"kind\"\r\n\r\n\(kind)\r\n".utf8)
        }
        if let file {
            body += Data(
                "--\(boundary)\r\nContent-Disposition: form-data; name=\"file\"; filename=\"\(name)\"\r\n".utf8)
            body += Data("Content-Type: text/csv\r\n\r\n".utf8) + file + Data("\r\n".utf8)
        }
        body += Data("--\(boundary)--\r\n".utf8)
        return (body, "multipart/form-data; boundary=\(boundary)")
    }

    @Test func importRunsOffThreadReportsAndUndoes() async throws {
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let ben = try await server.signIn("ben@example.org")
            let (body, type) = Self.form(kind: "strong", file: try Self.fixture("strong-2025.csv"))
            let reply = try await server.raw("POST", "/api/import", body: body, contentType: type, cookie: ada)
            #expect(reply.status == 202)
            let id = try #require(reply.json["id"]?.stringValue)
            #expect(reply.json["kind"] == "strong" && reply.json["source"] == "strong.csv")
            server.app.imports.drain()
            let done = try await server.get("/api/import/\(id)", cookie: ada)
            #expect(done.json["state"] == "done")
            #expect(done.json["report"]?["added"]?["sets"] == 10)
            #expect(done.json["report"]?["skipped"]?["rest_timer"] == 1)
            #expect(done.json["bytes_done"] == done.json["bytes_total"] && done.json["rows_done"] == 12)
            #expect(try await server.get("/api/import/\(id)", cookie: ben).status == 404)
            #expect(try await server.get("/api/import", cookie: ada).json["imports"]?.arrayValue?.count == 1)
            // The upload waited in the uploads directory and is gone once the job ended.
            let left = (try? FileManager.default.contentsOfDirectory(atPath: server.app.imports.uploads.path)) ?? []
            #expect(left.isEmpty)
            // Ben cannot undo Ada's import; Ada can, once.
            #expect(try await server.raw("DELETE", "/api/import/\(id)", body: Data(), cookie: ben).status == 404)
            let undone = try await server.raw("DELETE", "/api/import/\(id)", body: Data(), cookie: ada)
            #expect(undone.status == 200 && undone.json["state"] == "undone")
            #expect(try await server.raw("DELETE", "/api/import/\(id)", body: Data(), cookie: ada).status == 409)
            let sets: Int? = try server.app.db.read { try $0.scalar("SELECT COUNT(*) FROM sets") }
            #expect(sets == 0)
        }
    }

    /// Undoing keeps when the import finished (`finished_at`), and a second DELETE is a 409
    /// saying it was already undone, not that the import never finished.
    @Test func undoKeepsFinishedAtAndASecondUndoSaysItWasAlreadyUndone() async throws {
        let finished = Date(timeIntervalSince1970: 1_796_083_200)  // 2026-12-01T00:00:00Z
        let clock = FixedClock(finished)
        try await withTestServer(clock: clock, transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let (body, type) = Self.form(kind: "strong", file: try Self.fixture("strong-2025.csv"))
            let reply = try await server.raw("POST", "/api/import", body: body, contentType: type, cookie: ada)
            let id = try #require(reply.json["id"]?.stringValue)
            server.app.imports.drain()
            let done = try await server.get("/api/import/\(id)", cookie: ada)
            #expect(done.json["state"] == "done" && done.json["finished_at"]?.stringValue == Instant.wire(finished))
            clock.advance(3600)
            let undone = try await server.raw("DELETE", "/api/import/\(id)", body: Data(), cookie: ada)
            #expect(undone.status == 200 && undone.json["state"] == "undone")
            #expect(undone.json["finished_at"]?.stringValue == Instant.wire(finished), "\(undone.json)")
            let again = try await server.raw("DELETE", "/api/import/\(id)", body: Data(), cookie: ada)
            #expect(again.status == 409 && again.detail == "import \(id) was already undone", "\(again.json)")
            #expect(try await server.get("/api/import/\(id)", cookie: ada).json["state"] == "undone")
        }
    }

    /// The file as the raw body is read only as the file types the README lists: no import kind
    /// reads JSON (the recipe libraries' JSON comes inside a zip or gzip), so `application/json` is
    /// 415 like any other type, the answer does not offer it, and nothing is kept.
    @Test func aRawBodyIsReadOnlyAsAFileTypeAndJSONIs415() async throws {
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let csv = try Self.fixture("strong-2025.csv")
            let path = "/api/import?kind=strong&name=strong.csv"
            for type in ["application/json", "application/json; charset=utf-8", "application/vnd.api+json"] {
                let json = try await server.raw("POST", path, body: csv, contentType: type, cookie: ada)
                #expect(json.status == 415, "\(type): \(json.status) \(json.json)")
                let detail = json.detail ?? ""
                #expect(detail.hasPrefix("unsupported content type application/"), "\(detail)")
                let offered = detail.components(separatedBy: "this route takes ").last ?? ""
                #expect(offered.contains("text/csv") && offered.contains("application/zip"), "\(detail)")
                #expect(!offered.contains("json"), "\(detail)")
            }
            let imports: Int? = try server.app.db.read { try $0.scalar("SELECT COUNT(*) FROM imports") }
            #expect(imports == 0)
            let left = (try? FileManager.default.contentsOfDirectory(atPath: server.app.imports.uploads.path)) ?? []
            #expect(left.isEmpty)
            // Every type the README lists is still read.
            for type in ImportRoutes.fileMediaTypes where type != "multipart/form-data" {
                #expect(!type.contains("json"))
                let reply = try await server.raw("POST", path, body: csv, contentType: type, cookie: ada)
                #expect(reply.status == 202, "\(type): \(reply.status) \(reply.json)")
                server.app.imports.drain()
            }
        }
    }

    /// The daemon logs each import job: one line when it starts (id, kind, source, size, member),
    /// one when it ends (done with the report's summary, or failed with the reason), one when it is
    /// undone over HTTP; nothing per row.
    @Test func eachImportLogsItsStartAndItsEndAndAnUndo() async throws {
        let records = Mutex<[LogRecord]>([])
        Log.setSink { record in
            if record.fields.contains(where: { $0.key == "FORGE_IMPORT_ID" }) {
                records.withLock { $0.append(record) }
            }
            return true
        }
        defer { Log.setSink(nil) }
        func lines(_ id: String) -> [LogRecord] {
            records.withLock { $0 }.filter { $0.fields.contains { $0.key == "FORGE_IMPORT_ID" && $0.value == id } }
        }
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let csv = try Self.fixture("strong-2025.csv")
            let (body, type) = Self.form(kind: "strong", file: csv)
            let reply = try await server.raw("POST", "/api/import", body: body, contentType: type, cookie: ada)
            let id = try #require(reply.json["id"]?.stringValue)
            server.app.imports.drain()
            #expect(try await server.get("/api/import/\(id)", cookie: ada).json["state"] == "done")
            let done = lines(id)
            try #require(done.count == 2, "\(done.map(\.message))")
            #expect(done[0].priority == .info)
            #expect(
                done[0].message == "import \(id) started: strong strong.csv (\(csv.count) bytes) for ada@example.org")
            #expect(done[0].fields.contains { $0.key == "FORGE_USER" && $0.value == "ada@example.org" })
            #expect(done[1].priority == .notice)
            #expect(done[1].message.hasPrefix("import \(id) done: read 12 rows; added "), "\(done[1].message)")
            #expect(done[1].message.contains("10 sets") && done[1].message.contains("1 rest_timer"))

            let undone = try await server.raw("DELETE", "/api/import/\(id)", body: Data(), cookie: ada)
            #expect(undone.status == 200)
            let afterUndo = lines(id)
            try #require(afterUndo.count == 3, "\(afterUndo.map(\.message))")
            #expect(afterUndo[2].priority == .notice)
            #expect(afterUndo[2].message.hasPrefix("import \(id) undone: strong strong.csv, removed "))
            #expect(afterUndo[2].message.contains("10 sets"))
            // A refused second undo logs nothing.
            #expect(try await server.raw("DELETE", "/api/import/\(id)", body: Data(), cookie: ada).status == 409)
            #expect(lines(id).count == 3)

            // Dates whose day/month order the file never tells: the job fails, and says why.
            let ambiguous = Self.form(kind: "strong", file: try Self.fixture("strong-excel-ambiguous.csv"))
            let bad = try await server.raw(
                "POST", "/api/import", body: ambiguous.0, contentType: ambiguous.1, cookie: ada)
            let badID = try #require(bad.json["id"]?.stringValue)
            server.app.imports.drain()
            let failedRecord = try await server.get("/api/import/\(badID)", cookie: ada)
            #expect(failedRecord.json["state"] == "failed")
            let failed = lines(badID)
            try #require(failed.count == 2, "\(failed.map(\.message))")
            #expect(failed[0].message.hasPrefix("import \(badID) started: strong strong.csv"))
            #expect(failed[1].priority == .warning)
            let reason = try #require(failedRecord.json["error"]?.stringValue)
            #expect(failed[1].message == "import \(badID) failed: \(reason)")
            #expect(reason.contains("the Date column"))
        }
    }

    @Test func aSecondImportOfTheMemberGets409AndBadFormsGet422() async throws {
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let csv = try Self.fixture("strong-2016.csv")
            // A running import of Ada's (this process, not finished).
            let temp = FileManager.default.temporaryDirectory.appendingPathComponent("run-\(UUID().uuidString).csv")
            try csv.write(to: temp)
            defer { try? FileManager.default.removeItem(at: temp) }
            let user: String? = try server.app.db.read {
                try $0.scalar("SELECT id FROM users WHERE email = 'ada@example.org'")
            }
            let running = try server.app.imports.pipeline.start(
                kind: .strong, file: temp, source: "x.csv", userID: try #require(user))
            let (body, type) = Self.form(kind: "strong", file: csv)
            let busy = try await server.raw("POST", "/api/import", body: body, contentType: type, cookie: ada)
            #expect(busy.status == 409 && busy.detail?.contains(running.id) == true)
            // The running one cannot be undone yet, and the answer says why.
            let early = try await server.raw("DELETE", "/api/import/\(running.id)", body: Data(), cookie: ada)
            #expect(
                early.status == 409 && early.detail == "import \(running.id) is still running: undo it once it is done")
            // Ben is not blocked.
            let ben = try await server.signIn("ben@example.org")
            #expect(
                try await server.raw("POST", "/api/import", body: body, contentType: type, cookie: ben).status == 202)
            server.app.imports.drain()

            let noKind = Self.form(kind: nil, file: csv)
            let r1 = try await server.raw("POST", "/api/import", body: noKind.0, contentType: noKind.1, cookie: ben)
            #expect(r1.status == 422 && r1.detail?.hasPrefix("kind is missing") == true)
            #expect(r1.detail?.contains("kind must be one of strong, hevy,") == true)
            // The whole-household move is not an upload: the list leaves it out, and naming it says where it runs.
            #expect(r1.detail?.contains("forge-server") == false)
            let move = Self.form(kind: "forge-server", file: csv)
            let r1b = try await server.raw("POST", "/api/import", body: move.0, contentType: move.1, cookie: ben)
            #expect(r1b.status == 422 && r1b.detail?.contains("forged import forge-server --from SOURCE") == true)
            // An upload is the signed-in member's: naming another member is refused, not ignored.
            let importsBefore: Int? = try server.app.db.read { try $0.scalar("SELECT COUNT(*) FROM imports") }
            for target in ["/api/import?member=ada@example.org", "/api/import?member=nobody@example.org"] {
                let other = try await server.raw("POST", target, body: body, contentType: type, cookie: ben)
                #expect(other.status == 403, "\(target)")
                #expect(other.detail?.contains("signed-in member's own history (ben@example.org)") == true)
            }
            #expect(try server.app.db.read { try $0.scalar("SELECT COUNT(*) FROM imports") } == importsBefore)
            let mine = try await server.raw(
                "POST", "/api/import?member=Ben@Example.org", body: body, contentType: type, cookie: ben)
            #expect(mine.status == 202)
            server.app.imports.drain()
            // An empty file: the same sentence as the command line's.
            let empty = Self.form(kind: "strong", file: Data())
            let r1c = try await server.raw("POST", "/api/import", body: empty.0, contentType: empty.1, cookie: ben)
            #expect(r1c.status == 422 && r1c.detail == ImportError.empty.description)
            let noFile = Self.form(kind: "strong", file: nil)
            let r2 = try await server.raw("POST", "/api/import", body: noFile.0, contentType: noFile.1, cookie: ben)
            #expect(r2.status == 422 && r2.detail == "no file part in the form")
            // A Hevy export sent as Strong: 422 naming the kind it looks like, nothing written.
            let wrong = Self.form(kind: "strong", file: try Self.fixture("hevy-2026.csv"))
            let r3 = try await server.raw("POST", "/api/import", body: wrong.0, contentType: wrong.1, cookie: ben)
            #expect(r3.status == 422 && r3.detail?.contains("it looks like a Hevy export") == true)
            let truncated = Data(Self.form(kind: "strong", file: csv).0.prefix(120))
            let r4 = try await server.raw("POST", "/api/import", body: truncated, contentType: type, cookie: ben)
            #expect(r4.status == 422 && r4.detail == "the form ends early (a truncated upload?)")
            // The whole form but its closing delimiter.
            let unclosed = Data(body.dropLast("------forge-import-9a3--\r\n".utf8.count))
            let r5 = try await server.raw("POST", "/api/import", body: unclosed, contentType: type, cookie: ben)
            #expect(r5.status == 422 && r5.detail == "the form ends early (a truncated upload?)")
            let longKind = Self.form(kind: String(repeating: "k", count: 1025), file: csv)
            let r6 = try await server.raw("POST", "/api/import", body: longKind.0, contentType: longKind.1, cookie: ben)
            #expect(r6.status == 422 && r6.detail == "the form field \"kind\" is longer than 1024 bytes")
            // A second file part: which one to import would be a guess.
            var twoFiles = Data(body.dropLast("------forge-import-9a3--\r\n".utf8.count))
            twoFiles += Data(
                "------forge-import-9a3\r\nContent-Disposition: form-data; name=\"more\"; filename=\"b.csv\"\r\n\r\n"
                    .utf8)
            twoFiles += csv + Data("\r\n------forge-import-9a3--\r\n".utf8)
            let r7 = try await server.raw("POST", "/api/import", body: twoFiles, contentType: type, cookie: ben)
            #expect(r7.status == 422 && r7.detail == "the form has more than one file part")
            // libmicrohttpd would read a parameter after the boundary as part of it.
            let r8 = try await server.raw(
                "POST", "/api/import", body: body, contentType: type + "; charset=utf-8", cookie: ben)
            #expect(r8.status == 422 && r8.detail == "the boundary must be the Content-Type's last parameter")
            // Refused uploads left nothing in the uploads directory.
            let left = (try? FileManager.default.contentsOfDirectory(atPath: server.app.imports.uploads.path)) ?? []
            #expect(left.isEmpty)
            #expect(try await server.raw("POST", "/api/import", body: body, contentType: type).status == 401)
            // The demo seat writes only its own rows: an import (which writes the shared library) is refused.
            try server.app.db.write { db in
                _ = try HouseholdStore.addUser(
                    email: "demo@example.org", name: "Demo", role: "demo", prefs: [:], passwordHash: nil,
                    now: Date(), in: db)
            }
            let demoReply = try await server.request("POST", "/auth/demo")
            let demo = String(try #require(demoReply.header("Set-Cookie")).split(separator: ";")[0])
            let byDemo = try await server.raw("POST", "/api/import", body: body, contentType: type, cookie: demo)
            #expect(byDemo.status == 403 && byDemo.detail == "the demo cannot import")
            let imports: Int? = try server.app.db.read { try $0.scalar("SELECT COUNT(*) FROM imports") }
            #expect(imports == 3)  // Ada's running one and Ben's two imports: the refusals wrote nothing
        }
    }

    /// curl's own multipart encoder (`curl -F`), as a member's script would send it: a UTF-8 file name
    /// with quotes (curl sends `"` as `%22`) comes through as the import's source, the file whole.
    /// Issue 40 item 10: while a member's import runs, their next upload is refused from its
    /// head, before any of its bytes are stored (`curl -F` of 32 MB, as a script would send it).
    @Test func aSecondUploadIsRefusedBeforeItIsStored() async throws {
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let ben = try await server.signIn("ben@example.org")
            let adaID = try #require(
                try server.app.db.read { try HouseholdStore.user(email: "ada@example.org", in: $0) }?.id)
            // Ada's import running in this process.
            let running = try server.app.db.write {
                try ImportLedger.open(
                    userID: adaID, kind: .strong, source: "first.csv", bytesTotal: 1, now: Date(), in: $0)
            }
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("second-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            let file = dir.appendingPathComponent("big.csv")
            try Data(repeating: 0x41, count: 32 << 20).write(to: file)
            func upload(_ cookie: String) throws -> (status: String, body: String) {
                let data = try Self.curl([
                    "-s", "-o", dir.appendingPathComponent("body").path, "-w", "%{http_code}", "-H",
                    "Cookie: \(cookie)",
                    "-H", "Sec-Fetch-Site: same-origin", "-F", "kind=strong", "-F", "file=@\(file.path)",
                    server.baseURL + "/api/import",
                ])
                let body = (try? String(contentsOf: dir.appendingPathComponent("body"), encoding: .utf8)) ?? ""
                return (String(decoding: data, as: UTF8.self), body)
            }
            let spooled = { () -> [String] in
                ((try? FileManager.default.contentsOfDirectory(atPath: server.app.imports.uploads.path)) ?? [])
            }
            let refused = try upload(ada)
            #expect(refused.status == "409", "\(refused)")
            #expect(refused.body.contains("another import is running for this member (\(running))"), "\(refused)")
            #expect(spooled().isEmpty, "nothing of the refused upload is kept: \(spooled())")
            // Another member's upload is not held up by Ada's import (it is read, then refused as not a Strong file).
            let other = try upload(ben)
            #expect(other.status == "422", "\(other)")
        }
    }

    /// Issue 40 item 10, uploads at once: while one upload of a member is still arriving (no import
    /// runs yet), their next is refused from its head; once the first is cut off, the slot is free.
    @Test func anUploadStillArrivingHoldsTheMembersSlot() async throws {
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let port = try #require(URL(string: server.baseURL)?.port)
            // The first upload: its head and 1 KiB of a 1 MiB body, then the connection stays open.
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            try #require(fd >= 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            try #require(connected == 0)
            let head =
                "POST /api/import?kind=strong HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nCookie: \(ada)\r\n"
                + "Origin: \(server.baseURL)\r\nContent-Type: text/csv\r\nContent-Length: \(1 << 20)\r\n\r\n"
            let first = Array(head.utf8) + [UInt8](repeating: 0x41, count: 1024)
            #expect(first.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) } == first.count)
            // Wait until the server has admitted it (its spool file appears).
            let spool = server.app.imports.uploads.path
            var waited = 0
            while waited < 100,
                ((try? FileManager.default.contentsOfDirectory(atPath: spool)) ?? []).isEmpty
            {
                try await Task.sleep(for: .milliseconds(20))
                waited += 1
            }
            let (body, type) = Self.form(kind: "strong", file: try Self.fixture("strong-2016.csv"))
            let second = try await server.raw("POST", "/api/import", body: body, contentType: type, cookie: ada)
            #expect(second.status == 409, "\(second.status) \(second.detail ?? "")")
            #expect(second.detail == ImportError.uploading.description, "\(second.detail ?? "")")
            // The first is cut off midway: its slot is released and its spool file removed.
            close(fd)
            var third = second
            for _ in 0..<100 where third.status == 409 {
                try await Task.sleep(for: .milliseconds(20))
                third = try await server.raw("POST", "/api/import", body: body, contentType: type, cookie: ada)
            }
            #expect(third.status == 202, "\(third.status) \(third.detail ?? "")")
            server.app.imports.drain()
        }
    }

    @Test func curlFormUploadIsReadAsARealClientSendsIt() async throws {
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("curl-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            let file = dir.appendingPathComponent("export.csv")
            try Self.fixture("strong-2025.csv").write(to: file)
            let data = try Self.curl([
                "-s", "-H", "Cookie: \(ada)", "-H", "Origin: \(server.baseURL)", "-F", "kind=strong", "-F",
                "file=@\(file.path);filename=Übung \"A\".csv",
                server.baseURL + "/api/import",
            ])
            let reply = try JSONValue.parse(data)
            #expect(reply["state"] == "running" || reply["state"] == "done", "\(String(decoding: data, as: UTF8.self))")
            #expect(reply["source"] == "Übung %22A%22.csv" && reply["kind"] == "strong")
            server.app.imports.drain()
            let id = try #require(reply["id"]?.stringValue)
            let done = try await server.get("/api/import/\(id)", cookie: ada)
            #expect(done.json["state"] == "done" && done.json["report"]?["added"]?["sets"] == 10)
        }
    }
}

extension ImportJobRouteTests {
    /// Runs Debian's curl with `arguments`, as a member's script would; its standard output.
    /// - Throws: ``CurlMissing`` when curl is not installed (the test fails naming the package).
    static func curl(_ arguments: [String]) throws -> Data {
        guard let curl = ["/usr/bin/curl", "/bin/curl"].first(where: FileManager.default.isExecutableFile) else {
            throw CurlMissing()
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: curl)
        process.arguments = arguments
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }
}

/// curl is not installed: the test fails naming the Debian package.
struct CurlMissing: Error, CustomStringConvertible {
    var description: String { "curl is not installed (Debian package: curl)" }
}
