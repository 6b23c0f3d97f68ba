import Foundation
import Testing

@testable import ForgeStore

/// One writer per table (docs/architecture.md §19.3, §20): every table of the
/// real schema has an owner module named in architecture.md §20, and every
/// `INSERT`, `UPDATE`, `DELETE` or `REPLACE` naming a table in Sources/ sits in
/// that module's files. ForgeAPI holds no SQL at all.
@Suite struct TableWritersTests {
    /// The package root, from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Statements that name their table at run time, listed by hand with the
    /// module that owns them (file, module, tables they may write).
    static let runTimeNamed: [(file: String, module: String, writes: String)] = [
        (
            "ForgeHousehold/HouseholdStore+OwnedRows.swift", "ForgeHousehold",
            "every table with a user_id or scope column (a seat's own rows, the demo reset)"
        )
    ]

    /// `table → owner module` from the table in docs/architecture.md §20
    /// (rows `` | `table` | `Module` | … ``).
    static func owners() throws -> [String: String] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        guard let start = text.range(of: "\n## 20. ") else { return [:] }
        var owners: [String: String] = [:]
        let row = try Regex(#"^\| `([a-z_0-9]+)` \| `(\w+)` \|"#)
        for line in text[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            if let m = try row.firstMatch(in: String(line)), let t = m[1].substring, let o = m[2].substring {
                owners[String(t)] = String(o)
            }
        }
        return owners
    }

    /// `table → the stores that write it` from the same table: the backticked names in
    /// its "what" column (`SetStore`, `HouseholdStore+Tokens` read as `HouseholdStore`).
    static func writerStores() throws -> [String: Set<String>] {
        let text = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        guard let start = text.range(of: "\n## 20. ") else { return [:] }
        var stores: [String: Set<String>] = [:]
        let row = try Regex(#"^\| `([a-z_0-9]+)` \| `\w+` \| (.*)\|$"#)
        let name = try Regex(#"`([A-Z][A-Za-z]*)(\+[A-Za-z]+)?`"#)
        for line in text[start.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            guard let m = try row.firstMatch(in: String(line)), let t = m[1].substring, let what = m[2].substring
            else { continue }
            stores[String(t)] = Set(what.matches(of: name).compactMap { $0[1].substring.map(String.init) })
        }
        return stores
    }

    /// The store a source file belongs to: its name up to `+` (`SetStore+MoveIn.swift` → `SetStore`).
    static func store(ofFile path: String) -> String {
        let file = path.split(separator: "/").last.map(String.init) ?? path
        return String(file.dropLast(".swift".count).split(separator: "+").first ?? "")
    }

    /// The tables the real migrations create.
    static func schemaTables() throws -> Set<String> {
        try withTestDatabase { db, _ in
            _ = try ForgeSchema.migrator().migrate(db, now: Date())
            return Set(
                try db.read { c in
                    try c.query("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                        .map { try $0.get("name") as String }
                })
        }
    }

    /// Every Swift file under Sources/, as (path below Sources/, module, lines).
    static func sources() throws -> [(path: String, module: String, lines: [Substring])] {
        let base = root.appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(atPath: base.path) else { return [] }
        var files: [(String, String, [Substring])] = []
        while let path = walker.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
            let module = String(path.split(separator: "/")[0])
            files.append((path, module, text.split(separator: "\n", omittingEmptySubsequences: false)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The table each write statement on `line` names (`\(` for a run-time name).
    static func writtenTables(_ line: Substring) throws -> [String] {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("//") { return [] }
        let write = try Regex(
            #"\b(?:INSERT(?:\s+OR\s+\w+)?\s+INTO|REPLACE\s+INTO|DELETE\s+FROM|UPDATE(?:\s+OR\s+\w+)?)\s+"?([A-Za-z_]\w*|\\\()"#
        )
        return line.matches(of: write).compactMap { m in
            guard let name = m[1].substring.map(String.init), name != "SET", name != "OF" else { return nil }
            return name
        }
    }

    @Test func everyTableHasAnOwnerNamedInArchitectureMD() throws {
        let owners = try Self.owners()
        let tables = try Self.schemaTables()
        #expect(!tables.isEmpty)
        let unowned = tables.subtracting(owners.keys).sorted()
        #expect(unowned.isEmpty, "tables with no owner in docs/architecture.md §20: \(unowned)")
        let gone = Set(owners.keys).subtracting(tables).sorted()
        #expect(gone.isEmpty, "docs/architecture.md §20 names tables the schema does not have: \(gone)")
    }

    @Test func everyWriteSitsInItsOwnersModule() throws {
        let owners = try Self.owners()
        var strays: [String] = []
        var runTimeSeen = Set<String>()
        for file in try Self.sources() {
            for (n, line) in file.lines.enumerated() {
                for table in try Self.writtenTables(line) {
                    if table == "\\(" {
                        if Self.runTimeNamed.contains(where: { $0.file == file.path && $0.module == file.module }) {
                            runTimeSeen.insert(file.path)
                        } else {
                            strays.append(
                                "\(file.path):\(n + 1) writes a table named at run time; list it in runTimeNamed")
                        }
                        continue
                    }
                    // Migrations (ForgeStore/ForgeSchema*.swift) may move any table's data.
                    if file.module == "ForgeStore", file.path.hasPrefix("ForgeStore/ForgeSchema") { continue }
                    guard let owner = owners[table] else {
                        strays.append("\(file.path):\(n + 1) writes \(table), which has no owner in §20")
                        continue
                    }
                    if owner == file.module { continue }
                    strays.append("\(file.path):\(n + 1) writes \(table), owned by \(owner)")
                }
            }
        }
        #expect(strays.isEmpty, "writes outside the owner: \(strays)")
        let staleRunTime = Set(Self.runTimeNamed.map(\.file)).subtracting(runTimeSeen).sorted()
        #expect(staleRunTime.isEmpty, "runTimeNamed entries with no run-time statement: \(staleRunTime)")
    }

    /// Inside the owner module, only the stores §20 names for a table write it: an
    /// importer's id-keeping inserts live beside the store (`SetStore+Imported.swift`),
    /// never in a second writer of their own (issue 22).
    @Test func everyWriteSitsInAStoreNamedForItsTable() throws {
        let stores = try Self.writerStores()
        #expect(stores["sets"] == ["SetStore", "SetLog"])
        #expect(stores["ingest_tokens"] == ["HouseholdStore"])
        var strays: [String] = []
        for file in try Self.sources() {
            if file.path.hasPrefix("ForgeStore/ForgeSchema") { continue }
            for (n, line) in file.lines.enumerated() {
                for table in try Self.writtenTables(line) where table != "\\(" {
                    // A row naming no store (lift_day_best: its triggers) leaves it to the module test.
                    guard let named = stores[table], !named.isEmpty else { continue }
                    let store = Self.store(ofFile: file.path)
                    if !named.contains(store) {
                        strays.append("\(file.path):\(n + 1) writes \(table); its writers are \(named.sorted())")
                    }
                }
            }
        }
        #expect(strays.isEmpty, "writes outside the named stores: \(strays)")
        #expect(Self.store(ofFile: "ForgeTrain/Store/SetStore+MoveIn.swift") == "SetStore")
    }

    @Test func forgeAPIHoldsNoSQL() throws {
        let sql = try Regex(
            #"\b(SELECT\s+.+\s+FROM|INSERT\s+(OR\s+\w+\s+)?INTO|DELETE\s+FROM|REPLACE\s+INTO|UPDATE\s+\w+\s+SET)\b"#)
        var found: [String] = []
        for file in try Self.sources() where file.module == "ForgeAPI" {
            for (n, line) in file.lines.enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("//") { continue }
                if line.contains(sql) { found.append("\(file.path):\(n + 1)") }
            }
        }
        #expect(found.isEmpty, "SQL in ForgeAPI: \(found)")
    }

    @Test func theScannerSeesEachKindOfWrite() throws {
        #expect(try Self.writtenTables(#"try db.execute("INSERT INTO sets (id) VALUES (?)")"#) == ["sets"])
        #expect(try Self.writtenTables(#""INSERT OR IGNORE INTO notices (user_id) VALUES (?)""#) == ["notices"])
        #expect(try Self.writtenTables(#""UPDATE sets SET result = ? WHERE id = ?""#) == ["sets"])
        #expect(try Self.writtenTables(#""DELETE FROM \(quoted(table)) WHERE scope = ?""#) == ["\\("])
        #expect(try Self.writtenTables(#"ON CONFLICT (user_id) DO UPDATE SET p256dh = excluded.p256dh"#) == [])
        #expect(try Self.writtenTables(#"// DELETE FROM sets is a comment"#) == [])
    }
}
