import ForgeCore
import ForgeStore
import Foundation

@testable import ForgeCook

/// Shared fixtures: the seed library and JSON helpers.
enum Fixture {
    static let reference = IngredientReference.seed
    static let recipes = CuratedRecipes.seed(reference: reference)
    static let bySlug = Dictionary(uniqueKeysWithValues: recipes.map { ($0.slug, $0) })
    static func recipe(_ slug: String) -> Recipe? { bySlug[slug] }

    /// Encodes `value` and reads it back as a JSON object.
    static func object<T: Encodable>(_ value: T) throws -> [String: JSONValue] {
        let json = try JSONCoding.decode(JSONValue.self, from: try JSONCoding.encode(value))
        return json.objectValue ?? [:]
    }
}

/// A migrated database in a fresh temporary directory with users `ada` and `ben`, removed after `body`.
func withCookDatabase<T>(_ body: (Database) throws -> T) throws -> T {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forgecook-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let db = try Database(path: dir + "/forge.sqlite3", readers: 1)
    defer { db.close() }
    try ForgeSchema.migrator().migrate(db, now: Date())
    try db.write { conn in
        for (id, role) in [("ada", "admin"), ("ben", "member")] {
            try conn.execute(
                "INSERT INTO users (id, email, name, role, created_at) VALUES (?, ?, ?, ?, ?)",
                [id, "\(id)@example.org", id.capitalized, role, "2026-07-20T09:00:00.000Z"])
        }
    }
    return try body(db)
}

/// Minimal images with real signatures.
enum TinyImage {
    /// A 1×1 PNG (67 bytes).
    static let png = Data(
        base64Encoded:
            "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!
    /// JPEG start-of-image and an APP0 header, enough for sniffing.
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10]) + Data("JFIF".utf8) + Data(count: 20)
}
