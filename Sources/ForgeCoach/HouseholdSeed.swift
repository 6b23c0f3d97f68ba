import ForgeCook
import ForgeCore
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation

/// The household's seed (issue 42: its one home; every start of `forged serve` and of a command runs it
/// through ForgeAPI's `Seeder`): the
/// idempotent startup procedure of docs/contract.md §4.28, run in one write
/// transaction on every boot: bootstrap seats, exercise library, equipment,
/// starter plans, the standing niggle, ingredients, curated recipes, the
/// first household food week and nutrition pref defaults. Every step inserts
/// only what is missing, so a second boot changes nothing; the one rewrite is
/// the recompute of imported recipes (their macros, sections and step timers) once per food table and
/// reader version (``RecipeRecompute``). The exercise,
/// ingredient and recipe steps decode their compiled-in asset only when its
/// bytes differ from those of the last full seeding or something seeded then
/// is missing (`SeedMarks`): every CLI command starts, and decoding costs more
/// than the rest of a short one.
package struct HouseholdSeed: Sendable {
    /// The seats `--allowed-users` bootstraps while the household has none: email and display name.
    package var seats: [(email: String, name: String)]
    /// The directory of exercise photos imported at first start (nil: none).
    package var exerciseMediaDir: String?
    /// Whether the curated recipes and the first household food week are seeded.
    package var seedRecipes: Bool
    /// The household's time zone (the standing niggle's date).
    package var timeZone: TimeZone
    /// When the seed runs.
    package var now: Date

    /// A seed of `seats` at `now`.
    package init(
        seats: [(email: String, name: String)], exerciseMediaDir: String?, seedRecipes: Bool, timeZone: TimeZone,
        now: Date
    ) {
        self.seats = seats
        self.exerciseMediaDir = exerciseMediaDir
        self.seedRecipes = seedRecipes
        self.timeZone = timeZone
        self.now = now
    }

    /// Prefs of seats bootstrapped from `--allowed-users` (docs/contract.md §5.4).
    package static let bootstrapPrefs: [String: JSONValue] = [
        "notif_proposal": true, "notif_reminder": true, "notif_film": true,
    ]
    /// Prefs of seats created later (CLI or admin).
    package static let memberPrefs: [String: JSONValue] = ["notif_proposal": true, "notif_reminder": true]

    /// Runs every step in one write transaction on `database`.
    /// - Throws: `DatabaseError`; a compiled-in asset that does not decode (`SeedDataError`, `DecodingError`).
    package func run(in database: Database) throws {
        let today = HouseholdCalendar(timeZone: timeZone).date(of: now)
        try database.write { c in
            // 1. Seats from --allowed-users while the table is empty.
            if try HouseholdStore.allUsers(c).isEmpty {
                for seat in seats {
                    let user = try HouseholdStore.addUser(
                        email: seat.email, name: seat.name, prefs: Self.bootstrapPrefs,
                        passwordHash: nil, now: now, in: c)
                    try HouseholdStore.rotateIngestToken(userID: user.id, now: now, in: c)
                }
            }
            // 2. Exercise library, and the shipped exercise photos at first start.
            try ExerciseCatalog.seedShipped(now: now, in: c)
            if let dir = exerciseMediaDir,
                let summary = try ShippedExerciseMedia.importAtFirstStart(from: dir, in: c)
            {
                Log.notice("imported \(summary.images) exercise images for \(summary.matched) exercises from \(dir)")
            }
            // 3. Equipment and starter plans, oldest user first.
            try EquipmentStore.seedHousehold(now: now, in: c)
            let users = try HouseholdStore.allUsers(c).filter { !$0.isDemo }
            for (index, user) in users.enumerated() {
                try Self.seedMember(
                    user.id, scale: index == 0 ? StarterPlan.adminScale : StarterPlan.memberScale,
                    now: now, in: c)
            }
            // Every seat's load unit from its active profile, once (issue 38; seats created since get one).
            let settled = try MemberLoadUnit.settleOnce(now: now, in: c)
            if settled > 0 {
                Log.notice("wrote the load unit (prefs.unit_load) of \(settled) member(s) from their equipment profile")
            }
            // 4. The oldest user's standing niggle.
            if let oldest = users.first {
                try NiggleStore.seedStanding(userID: oldest.id, today: today, now: now, in: c)
            }
            // 5. Food: ingredients, curated recipes, the first household week, nutrition prefs.
            // Every CLI command starts: the library, ingredient and recipe steps decode their
            // compiled-in asset only when it changed or something it seeded is missing (SeedMarks).
            try IngredientStore.seedShipped(now: now, in: c)
            if seedRecipes {
                try RecipeStore.seedShipped(now: now, in: c)
                try FoodWeekStore.seedFirstWeek(now: now, in: c)
            }
            // Imported recipes weighed by an older reader, once per RecipeRecompute.version.
            if let summary = try RecipeRecompute.afterUpgrade(now: now, in: c) {
                if summary.examined > 0 {
                    Log.notice(
                        "recomputed the macros of \(summary.examined) imported recipes with the food reference: "
                            + "\(summary.changed) changed, \(summary.complete) of them now complete")
                }
                if summary.restructured > 0 {
                    Log.notice(
                        "gave \(summary.restructured) imported recipes the ingredient sections and step timers "
                            + "their printed headings and steps state")
                }
            }
            for user in try HouseholdStore.allUsers(c) {
                let missing = Self.nutritionDefaults.filter { user.prefs[$0.key] == nil }
                if !missing.isEmpty { try HouseholdStore.updatePrefs(merge: missing, userID: user.id, in: c) }
            }
            // 6. §4.16 rule 1 persisted for revisions stored by anything but forged's validators.
            let repaired = try RevisionRepair.sweep(in: c)
            if repaired > 0 { Log.notice("repaired \(repaired) plan/food revision(s) with literal \\u escapes") }
        }
    }

    /// Nutrition keys every user gains at boot when missing (docs/contract.md §5.4).
    package static var nutritionDefaults: [String: JSONValue] {
        let targets = (try? JSONValue.encoded(NutritionTargets.defaults)) ?? .object([:])
        return [
            "nutrition_targets": targets, "cook_nights": 4, "budget_grocery": 110, "budget_lunch": 15,
            "household_dinners": true,
        ]
    }

    /// A member's own rows: Gym and Travel profiles (active = Gym) and the
    /// starter plan at `scale` when they have none.
    package static func seedMember(_ userID: String, scale: Double, now: Date, in c: Connection) throws {
        try EquipmentStore.seedUser(userID, now: now, in: c)
        try PlanStore.seedStarter(userID: userID, scale: scale, now: now, in: c)
    }
}
