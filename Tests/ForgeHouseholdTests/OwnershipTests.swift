import Foundation
import Testing

/// docs/architecture.md §19.3, "Each table has one owner": only ForgeHousehold writes `users`,
/// `auth_sessions` and `ingest_tokens`, and no route file holds SQL.
struct OwnershipTests {
    /// Every `.swift` file under `Sources`, with its path relative to it.
    func swiftSources() throws -> [(path: String, text: String)] {
        let root = sourcesDirectory.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        var files: [(String, String)] = []
        for case let path as String in walker where path.hasSuffix(".swift") {
            files.append((path, try String(contentsOfFile: root + "/" + path, encoding: .utf8)))
        }
        return files
    }

    /// The lines of `text` that are not `//` comments.
    func code(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }
    }

    @Test func onlyTheHouseholdModuleWritesItsTables() throws {
        let files = try swiftSources()
        #expect(files.count > 100, "found the Sources tree")
        let writes = [
            "UPDATE users", "INSERT INTO users", "DELETE FROM users", "REPLACE INTO users",
            "INSERT INTO auth_sessions", "DELETE FROM auth_sessions", "UPDATE auth_sessions",
            "INSERT INTO ingest_tokens", "DELETE FROM ingest_tokens", "UPDATE ingest_tokens",
        ]
        var offenders: [String] = []
        for (path, text) in files where !path.hasPrefix("ForgeHousehold/") {
            for line in code(text) {
                for write in writes where line.range(of: write, options: .caseInsensitive) != nil {
                    offenders.append("\(path): \(write)")
                }
            }
        }
        #expect(offenders.isEmpty, "writers outside ForgeHousehold: \(offenders)")
    }

    @Test func theHouseholdModuleHasTheWriters() throws {
        let store = try swiftSources().filter { $0.path.hasPrefix("ForgeHousehold/") }.map(\.text).joined()
        #expect(store.contains("UPDATE users SET prefs"))
        #expect(store.contains("INSERT INTO users"))
        #expect(store.contains("DELETE FROM auth_sessions"))
    }

    @Test func noRouteFileHoldsSQL() throws {
        let sql = try Regex(
            #"\bSELECT\s|\bINSERT\s+INTO\b|\bDELETE\s+FROM\b|\bUPDATE\s+\w+\s+SET\b|\bREPLACE\s+INTO\b"#)
        let routes = try swiftSources().filter { $0.path.hasPrefix("ForgeAPI/") && $0.path.hasSuffix("Routes.swift") }
        #expect(routes.count > 20, "found the route files")
        var offenders: [String] = []
        for (path, text) in routes {
            for line in code(text) where line.contains(sql) {
                offenders.append("\(path): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(offenders.isEmpty, "SQL in route files (move it to the owning store): \(offenders)")
    }
}
