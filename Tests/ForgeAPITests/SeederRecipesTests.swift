import ForgeCook
import ForgeCore
import ForgeStore
import Foundation
import Testing

@testable import ForgeAPI

/// The Seeder's curated-recipe step (docs/contract.md §4.28): it decodes the
/// seed recipes only when one of their slugs is missing from `recipes`, so a
/// start with every seed recipe stored leaves the table untouched, while a
/// deleted seed recipe (or a new one in a changed seed) is inserted again.
@Suite struct SeederRecipesTests {
    @Test func aMissingSeedRecipeIsSeededAgainAndStoredOnesAreLeftAlone() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "forge-seeder-\(Identifier.make())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let db = try Database(path: directory.appendingPathComponent("forge.sqlite3").path)
        defer { db.close() }
        try ForgeSchema.migrator().migrate(db, now: Date())
        let config = AppConfiguration(
            devAuth: true, baseURL: "http://127.0.0.1", timeZone: TimeZone(identifier: "Europe/London")!,
            seedRecipes: true, allowedUsers: TestServer.household, passwordCost: .minimum, build: "test")
        let first = Date(timeIntervalSince1970: 1_780_000_000)
        try Seeder(config: config, now: first).run(db)

        let slugs = try CuratedRecipes.slugs()
        #expect(slugs.count == 25)
        #expect(slugs == CuratedRecipes.seed().map(\.slug))
        let seeded: Int? = try db.read { try $0.scalar("SELECT COUNT(*) FROM recipes WHERE source = 'seed'") }
        #expect(seeded == 25)

        // A member's edit of one seed recipe and the removal of another.
        try db.write { c in
            try c.execute("UPDATE recipes SET name = 'Our oats' WHERE slug = 'oats-no1'")
            try c.execute("DELETE FROM recipes WHERE slug = 'almonds-30'")
            #expect(try !RecipeStore.hasAll(slugs: slugs, in: c))
        }
        let second = first.addingTimeInterval(3600)
        try Seeder(config: config, now: second).run(db)
        try db.read { c in
            #expect(try RecipeStore.hasAll(slugs: slugs, in: c))
            let restored: String? = try c.scalar("SELECT created_at FROM recipes WHERE slug = 'almonds-30'")
            #expect(restored == Instant.storage(second))
            let edited: String? = try c.scalar("SELECT name FROM recipes WHERE slug = 'oats-no1'")
            #expect(edited == "Our oats")
        }

        // Every seed slug stored: a third start changes no recipe row.
        let before = try db.read { try $0.query("SELECT * FROM recipes ORDER BY slug").map(\.values) }
        try Seeder(config: config, now: second.addingTimeInterval(3600)).run(db)
        let after = try db.read { try $0.query("SELECT * FROM recipes ORDER BY slug").map(\.values) }
        #expect(after == before)
        #expect(before.count == 25)
    }
}
