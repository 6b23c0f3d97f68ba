import Foundation
import Testing

/// Issue 42: use cases own their transactions. A domain module's service call
/// opens its own `Database.read`/`write` (as GRDB's `AppDatabase` methods do);
/// ForgeAPI decodes, calls and encodes. This test counts the transactions
/// opened in ForgeAPI files. The slices that moved the use cases out ratcheted
/// the ceiling down to 0, the goal: any transaction a ForgeAPI file opens now fails.
@Suite struct APITransactionsTests {
    /// Transactions ForgeAPI may open: none (the goal of issue 42, reached).
    static let ceiling = 0

    /// `(file below Sources/, line number)` of each `db.read` / `db.write` in ForgeAPI, comments left out.
    static func transactions() throws -> [(file: String, line: Int)] {
        // Simple word boundaries: with Unicode's (the default) `app.db` is one word.
        let opens = try Regex(#"\b(db|database)\.(read|write)\b"#).wordBoundaryKind(.simple)
        var found: [(String, Int)] = []
        for file in try TableWritersTests.sources() where file.module == "ForgeAPI" {
            for (index, line) in file.lines.enumerated() {
                let code = line.trimmingCharacters(in: .whitespaces)
                guard !code.hasPrefix("//") else { continue }
                found += line.matches(of: opens).map { _ in (file.path, index + 1) }
            }
        }
        return found
    }

    @Test func forgeAPIOpensNoTransaction() throws {
        let found = try Self.transactions()
        #expect(
            found.count <= Self.ceiling,
            "ForgeAPI opens \(found.count) transactions, though none is the rule since issue 42 reached 0: give each its domain module's use case, a service call that opens its own transaction, and call that from the route. At: \(found.prefix(5).map { "\($0.file):\($0.line)" })"
        )
    }
}
