import ForgeAPI
import ForgeCore
import Foundation
import Testing

/// An Apple Health export through the HTTP door (`POST /api/import`, `auto`), and a document with an
/// entity trick failing as a job that writes nothing.
@Suite(.serialized) struct AppleHealthImportRouteTests {
    @Test func anExportXMLUploadIsGuessedImportedAndTrickFilesFailWritingNothing() async throws {
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let xml = try ImportJobRouteTests.fixture("apple-health-ios17.xml")
            let (body, type) = ImportJobRouteTests.form(kind: "auto", file: xml, name: "export.xml")
            let reply = try await server.raw("POST", "/api/import", body: body, contentType: type, cookie: ada)
            #expect(reply.status == 202 && reply.json["kind"] == "apple-health")
            let id = try #require(reply.json["id"]?.stringValue)
            server.app.imports.drain()
            let done = try await server.get("/api/import/\(id)", cookie: ada)
            #expect(done.json["state"] == "done")
            #expect(done.json["report"]?["added"]?["sessions"] == 2)
            #expect(done.json["report"]?["skipped"]?["impossible_value"] == 4)
            let weights: Int? = try server.app.db.read {
                try $0.scalar("SELECT COUNT(*) FROM metrics WHERE type = 'weight' AND source = 'apple_health'")
            }
            #expect(weights == 2)
            #expect(try await server.raw("DELETE", "/api/import/\(id)", body: Data(), cookie: ada).status == 200)

            let trick = Data(
                """
                <?xml version="1.0"?>
                <!DOCTYPE HealthData [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
                <HealthData locale="en_US"><Record type="HKQuantityTypeIdentifierBodyMass" unit="kg" \
                sourceName="&xxe;" startDate="2024-03-02 07:00:00 +0000" endDate="2024-03-02 07:00:00 +0000" \
                value="70"/></HealthData>
                """.utf8)
            let (bad, badType) = ImportJobRouteTests.form(kind: "apple-health", file: trick, name: "export.xml")
            let refused = try await server.raw("POST", "/api/import", body: bad, contentType: badType, cookie: ada)
            let badID = try #require(refused.json["id"]?.stringValue)
            server.app.imports.drain()
            let failed = try await server.get("/api/import/\(badID)", cookie: ada)
            #expect(failed.json["state"] == "failed")
            #expect(failed.json["error"]?.stringValue?.contains("declares entities") == true)
            let metrics: Int? = try server.app.db.read { try $0.scalar("SELECT COUNT(*) FROM metrics") }
            #expect(metrics == 0)
        }
    }

    /// Issue 40 item 9: a refusal names the upload as the client sent it, never the server's spool path.
    @Test func aRefusedUploadIsNamedAsTheClientSentIt() async throws {
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("bomb-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: dir) }
            let zip = dir.appendingPathComponent("bomb.zip").path
            let python = Process()
            python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            python.arguments = [
                "-c",
                "import sys, zipfile\nwith zipfile.ZipFile(sys.argv[1], 'w', zipfile.ZIP_DEFLATED) as z:\n"
                    + "    z.writestr('apple_health_export/export.xml', b'<HealthData>' + b' ' * (40 << 20))",
                zip,
            ]
            try python.run()
            python.waitUntilExit()
            try #require(python.terminationStatus == 0, "python3 builds the zip (Debian package python3)")
            let (body, type) = ImportJobRouteTests.form(
                kind: "apple-health", file: try Data(contentsOf: URL(fileURLWithPath: zip)), name: "my-export.zip")
            let reply = try await server.raw(
                "POST", "/api/import", body: body, contentType: type, cookie: ada,
                headers: ["Sec-Fetch-Site": "same-origin"])
            let id = try #require(reply.json["id"]?.stringValue, "\(reply.status) \(reply.detail ?? "")")
            server.app.imports.drain()
            let failed = try await server.get("/api/import/\(id)", cookie: ada)
            let error = try #require(failed.json["error"]?.stringValue)
            #expect(error.contains("my-export.zip") && error.contains("100:1"), "\(error)")
            #expect(!error.contains("upload-") && !error.contains(server.app.imports.uploads.path), "\(error)")
        }
    }
}
