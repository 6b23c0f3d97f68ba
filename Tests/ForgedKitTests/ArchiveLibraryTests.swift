import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The shipped binary loads libarchive only when an archive is read
/// (Sources/CArchive, dlopen'ed on first use like libcurl): not mapped in an
/// idle daemon, mapped after a recipe library import, and the import really
/// went through it (the recipe is in the library).
@Suite(.serialized, .enabled(if: ReleaseBinary.path != nil, "set FORGED_RELEASE_BINARY (make test does)"))
struct ArchiveLibraryTests {
    /// The libarchive files mapped into `pid`; fails when the map cannot be
    /// read (the forged binary itself must be in it).
    static func mappedArchive(_ pid: Int32) throws -> [String] {
        let files = try mappedFiles(pid)
        #expect(files.contains { $0.hasSuffix("/forged") }, "\(files)")
        return files.filter { $0.split(separator: "/").last?.hasPrefix("libarchive") == true }.sorted()
    }

    /// A one-recipe Paprika export (a zip of gzipped JSON), written by python3's zipfile and gzip.
    static func paprikaExport(at path: String) throws {
        let script = """
            import gzip, json, sys, zipfile
            recipe = {"name": "Lazy Lentil Soup", "ingredients": "200 g red lentils\\n1 onion",
                      "directions": "Soften the onion.\\nAdd the lentils and simmer.", "servings": "4",
                      "source_url": "https://example.org/lentils", "categories": ["Dinner"]}
            with zipfile.ZipFile(sys.argv[1], "w", zipfile.ZIP_DEFLATED) as z:
                z.writestr("Lazy Lentil Soup.paprikarecipe", gzip.compress(json.dumps(recipe).encode()))
            """
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        python.arguments = ["-c", script, path]
        do { try python.run() } catch { Issue.record("python3 is needed (Debian package python3): \(error)") }
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
    }

    @Test func libarchiveIsMappedOnlyAfterTheFirstArchiveImport() async throws {
        let state = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let forged = try ForgedProcess([
            "serve", "--listen", "127.0.0.1:0", "--state-dir", state.path, "--dev-auth",
            "--config", "/dev/null", "--allowed-users", "ada@example.org:Ada",
        ])
        #expect(forged.port > 0, "forged did not start: \(forged.log)")
        let pid = forged.process.processIdentifier
        #expect(try Self.mappedArchive(pid).isEmpty)

        let (_, _, signIn) = try await forged.fetch("/auth/dev", method: "POST", body: #"{"email":"ada@example.org"}"#)
        let cookie = try #require(
            signIn.value(forHTTPHeaderField: "Set-Cookie")?.split(separator: ";").first.map(String.init))
        // Signing in reads no archive: still not mapped.
        #expect(try Self.mappedArchive(pid).isEmpty)

        let export = state.appendingPathComponent("lentils.paprikarecipes").path
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        try Self.paprikaExport(at: export)
        var request = URLRequest(
            url: URL(string: "http://127.0.0.1:\(forged.port)/api/import?kind=paprika&name=lentils.paprikarecipes")!)
        request.httpMethod = "POST"
        request.httpBody = try Data(contentsOf: URL(fileURLWithPath: export))
        request.setValue("application/zip", forHTTPHeaderField: "Content-Type")
        request.setValue(cookie, forHTTPHeaderField: "Cookie")
        // An upload names where it comes from (README, "Quick start").
        request.setValue("http://127.0.0.1:\(forged.port)", forHTTPHeaderField: "Origin")
        let (data, response) = try await ForgedProcess.session.data(for: request)
        let started = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((response as? HTTPURLResponse)?.statusCode == 202, "\(started)")
        let id = try #require(started["id"] as? String)
        var jobState = started["state"] as? String ?? ""
        let deadline = Date().addingTimeInterval(30)
        while jobState == "running", Date() < deadline {
            try await Task.sleep(nanoseconds: 50_000_000)
            let (_, body, _) = try await forged.fetch("/api/import/\(id)", cookie: cookie)
            jobState = (try JSONSerialization.jsonObject(with: body) as? [String: Any])?["state"] as? String ?? ""
        }
        #expect(jobState == "done")
        let (_, recipes, _) = try await forged.fetch("/api/food/recipes", cookie: cookie)
        #expect(String(decoding: recipes, as: UTF8.self).contains("Lazy Lentil Soup"))
        let mapped = try Self.mappedArchive(pid)
        #expect(mapped.count == 1 && mapped.allSatisfy { $0.contains("/libarchive.so.13") }, "\(mapped)")
        #expect(forged.terminate() == 0)
    }
}
