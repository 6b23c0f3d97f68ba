import ForgeCoach
import ForgeStore
import Foundation

/// The household's seed (``HouseholdSeed``, ForgeCoach) with the seats, photo directory, recipe choice and
/// time zone of forged's configuration.
struct Seeder {
    let config: AppConfiguration
    let now: Date

    /// Runs ``HouseholdSeed/run(in:)``: one write transaction.
    /// - Throws: what the seed throws.
    func run(_ db: Database) throws {
        try HouseholdSeed(
            seats: config.allowedUsers.map { ($0.email, $0.name) }, exerciseMediaDir: config.exerciseMediaDir,
            seedRecipes: config.seedRecipes, timeZone: config.timeZone, now: now
        ).run(in: db)
    }
}
