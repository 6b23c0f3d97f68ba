import Foundation
import Testing

/// The shipped binary loads libcurl only when an outbound request is made
/// (Sources/CCurl/shim.h): not linked, not mapped at idle, mapped after a
/// recipe import by URL, and the import really went through it.
@Suite(.serialized, .enabled(if: ReleaseBinary.path != nil, "set FORGED_RELEASE_BINARY (make test does)"))
struct OutboundLibraryTests {
    /// The files mapped into process `pid` (read to EOF: procfs files report size 0).
    static func mappedFiles(_ pid: Int32) throws -> Set<String> {
        let handle = try #require(FileHandle(forReadingAtPath: "/proc/\(pid)/maps"))
        defer { try? handle.close() }
        let maps = String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
        return Set(maps.split(separator: "\n").compactMap { line in
            line.split(separator: " ", omittingEmptySubsequences: true).dropFirst(5).first.map(String.init)
        })
    }

    /// The libcurl files mapped into `pid`; fails when the map cannot be read
    /// (the forged binary itself must be in it).
    static func mappedCurl(_ pid: Int32) throws -> [String] {
        let files = try mappedFiles(pid)
        #expect(files.contains { $0.hasSuffix("/forged") }, "\(files)")
        return files.filter { $0.split(separator: "/").last?.hasPrefix("libcurl") == true }.sorted()
    }

    @Test func libcurlIsMappedOnlyAfterTheFirstOutboundRequest() async throws {
        let state = temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: state) }
        let forged = try ForgedProcess(["serve", "--listen", "127.0.0.1:0", "--state-dir", state.path, "--dev-auth",
                                        "--config", "/dev/null", "--allowed-users", "ada@example.org:Ada",
                                        "--allow-private-fetch"])
        #expect(forged.port > 0, "forged did not start: \(forged.log)")
        let pid = forged.process.processIdentifier
        #expect(try Self.mappedCurl(pid).isEmpty)

        let (_, _, signIn) = try await forged.fetch("/auth/dev", method: "POST", body: #"{"email":"ada@example.org"}"#)
        let cookie = try #require(signIn.value(forHTTPHeaderField: "Set-Cookie")?.split(separator: ";").first.map(String.init))
        #expect(try Self.mappedCurl(pid).isEmpty)

        // forged fetches its own /healthz: a page, but no recipe on it.
        let body = #"{"url":"http://127.0.0.1:\#(forged.port)/healthz"}"#
        let (status, reply, _) = try await forged.fetch("/api/food/recipes/import", method: "POST", body: body, cookie: cookie)
        let detail = (try JSONSerialization.jsonObject(with: reply) as? [String: Any])?["detail"] as? String ?? ""
        #expect(status == 422 && detail.hasPrefix("no recipe found on the page"), "\(status) \(detail)")
        let mapped = try Self.mappedCurl(pid)
        // The GnuTLS flavour (Debian libcurl3-gnutls, the package's dependency), not the OpenSSL one.
        #expect(mapped.count == 1 && mapped.allSatisfy { $0.contains("/libcurl-gnutls.so.4") }, "\(mapped)")
        // A refused port is reported as a fetch failure, not a crash.
        let refused = #"{"url":"http://127.0.0.1:9/recipe"}"#
        let (failed, failure, _) = try await forged.fetch("/api/food/recipes/import", method: "POST", body: refused, cookie: cookie)
        let why = (try JSONSerialization.jsonObject(with: failure) as? [String: Any])?["detail"] as? String ?? ""
        #expect(failed == 502 && why.contains("fetch failed"), "\(failed) \(why)")
        #expect(forged.terminate() == 0)
    }
}
