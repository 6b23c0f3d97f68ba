import ForgeCore
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation
import Testing

@testable import ForgeImport

/// A migrated database in a temporary directory with two members, and the
/// pipeline over it (household zone Europe/London, clock at 2026-12-01).
final class ImportHarness {
    let dir: String
    let db: Database
    let ada: User
    let ben: User
    let pipeline: ImportPipeline
    /// The pipeline's clock, standing at ``now`` until a test moves it.
    let clock = FixedClock(ImportHarness.now)
    static let zone = TimeZone(identifier: "Europe/London")!
    static let now = Date(timeIntervalSince1970: 1_796_083_200)  // 2026-12-01T00:00:00Z

    init(registry: ImportRegistry = .builtIn) throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("import-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        db = try Database(path: dir + "/forge.sqlite3", readers: 1)
        try ForgeSchema.migrator().migrate(db, now: Date())
        (ada, ben) = try db.write { conn in
            try ExerciseCatalog.insertMissing(in: conn)
            let a = try HouseholdStore.addUser(
                email: "ada@example.org", name: "Ada", prefs: [:], passwordHash: nil, now: Self.now, in: conn)
            let b = try HouseholdStore.addUser(
                email: "ben@example.org", name: "Ben", prefs: [:], passwordHash: nil, now: Self.now, in: conn)
            return (a, b)
        }
        pipeline = ImportPipeline(
            db: db, calendar: HouseholdCalendar(timeZone: Self.zone), clock: clock, registry: registry)
    }

    deinit {
        db.close()
        try? FileManager.default.removeItem(atPath: dir)
    }

    /// Tests/Fixtures/movein/`name`.
    static func fixture(_ name: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/movein/\(name)")
    }

    /// ../shared/data/movein beside the checkout (this workplace's shared data).
    static let sharedDirectory: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { url.deleteLastPathComponent() }
        return url.appendingPathComponent("shared/data/movein")
    }()

    /// Whether ../shared/data/movein is beside the checkout. Tests of the shared real exports are enabled only
    /// then (``sharedAbsence``, the one rule of docs/testing.md): a checkout outside the workplace skips them,
    /// saying why.
    static let sharedPresent = FileManager.default.fileExists(atPath: sharedDirectory.path)

    /// Why a test of the shared real exports is skipped.
    static let sharedAbsence: Comment =
        "needs ../shared/data/movein beside the checkout (absent outside this workplace)"

    /// ../shared/data/movein/`name`; with the directory present, a missing file fails the test, naming it.
    static func shared(_ name: String) throws -> URL {
        let file = sharedDirectory.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: file.path) else {
            throw ImportHarnessError(description: "\(file.path) is missing from ../shared/data/movein")
        }
        return file
    }

    /// Imports `file` for Ada.
    @discardableResult
    func run(_ kind: ImportKind, _ file: URL, user: User? = nil) throws -> ImportRecord {
        try pipeline.run(kind: kind, file: file, source: file.lastPathComponent, userID: (user ?? ada).id)
    }

    func count(_ sql: String, _ args: [any SQLBindable] = []) throws -> Int {
        try db.read { try $0.scalar(sql, args) } ?? 0
    }

    var sessions: Int { (try? count("SELECT COUNT(*) FROM sessions WHERE user_id = ?", [ada.id])) ?? -1 }
    var sets: Int { (try? count("SELECT COUNT(*) FROM sets WHERE user_id = ?", [ada.id])) ?? -1 }
}

/// A file the shared-export tests need is missing.
struct ImportHarnessError: Error, CustomStringConvertible {
    let description: String
}
