import ForgeCoach
import ForgeCook
import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeImport
import ForgeStore
import ForgeTrain
import Foundation

/// The Forge HTTP application: the database, the household calendar and the
/// route table. `forged serve` builds one, calls ``prepare()`` (migrations and
/// the idempotent startup seeding of docs/contract.md §4.28) and hands
/// ``makeResponder()`` to the HTTP server.
package final class ForgeApp: Sendable {
    /// The household database, this configuration, the clock "now" is read from, and the
    /// household calendar (the configured zone).
    package let db: Database
    package let config: AppConfiguration
    package let clock: any Clock
    package let calendar: HouseholdCalendar
    let hasher: PasswordHasher
    let throttle = LoginThrottle()
    /// Decoded exercise library, refreshed when the table changes.
    let exercises = LibraryCache()
    /// Session token → caller, per database generation (``CallerCache``).
    let callers = CallerCache()
    /// Sign-in sessions and display pairings made while the disk is full, until they can be saved.
    let held = HeldCredentials()
    /// Signed-in GET answers per database generation (``ReadCache``).
    let reads = ReadCache()
    /// `/healthz`'s database reads per generation (``HealthCache``).
    let health = HealthCache()
    /// Where imported recipe images are stored (the media blob store).
    package let imageSink = ImageSinkSlot()
    /// The one recipe import path (ForgeCook), with this server's fetch policy
    /// and image store.
    var recipeImporter: RecipeImporter {
        RecipeImporter(
            db: db, clock: clock, allowPrivateFetch: config.allowPrivateFetch, sink: imageSink.current)
    }
    /// The coach: chat turns, proposals, weekly reviews (ForgeCoach).
    package let coach: CoachService
    /// Cook timers, the event socket and the live (SSE) stream.
    package let cook: CookServices
    /// Proposal-ready and planned-day-reminder notices on the event socket.
    package let notices: Notices
    /// Import jobs (ForgeImport): the HTTP door's background runner and the pipeline.
    package let imports: ImportService

    /// The application over `db`; nothing runs until ``prepare()``.
    /// - Parameter clock: forged's clock (`Settings.clock` in `forged serve`; a ``FixedClock`` in tests).
    package init(db: Database, config: AppConfiguration, clock: any Clock) {
        self.db = db
        self.config = config
        self.clock = clock
        self.calendar = HouseholdCalendar(timeZone: config.timeZone)
        self.hasher = PasswordHasher(cost: config.passwordCost)
        let clock = self.clock
        imageSink.install(MediaImageSink(db: db, now: { clock.now() }))
        coach = CoachService(
            db: db, clock: clock, calendar: calendar,
            setting: { key in HouseholdSettings.value(key, in: db) },
            onReviewProposal: { proposal, member, now, conn in
                try NoticeLedger.queueProposal(proposal, for: member, now: now, in: conn)
            })
        self.cook = CookServices(db: db, clock: clock, calendar: calendar)
        notices = Notices(db: db, clock: clock, calendar: calendar, hours: config.noticeHours, cook: cook)
        let uploads = URL(fileURLWithPath: db.path).deletingLastPathComponent().appendingPathComponent("imports")
        imports = ImportService(
            pipeline: ImportPipeline(db: db, calendar: calendar, clock: clock), uploads: uploads)
        let live = cook.live
        imports.listen { progress, done in ImportRoutes.announce(live, progress, done, at: clock.now()) }
    }

    /// Migrates the schema (an existing database is backed up first, see
    /// ``SchemaUpgrade``) and runs the startup seeding; safe on every boot.
    /// - Returns: ids of migrations applied now.
    @discardableResult
    package func prepare() throws -> [String] {
        let applied = try SchemaUpgrade.run(db, now: clock.now()).applied
        try Seeder(config: config, now: clock.now()).run(db)
        return applied
    }

    /// Now, floored to the whole minute: the instant cached routes with rolling
    /// windows (progress, dashboard) compute from, so a cached answer equals a
    /// fresh one within the minute (``ReadCache/Clock/minute``).
    package var minuteNow: Date {
        let now = clock.now().timeIntervalSince1970
        return Date(timeIntervalSince1970: (now / 60).rounded(.down) * 60)
    }

    /// Today in the household zone.
    package var today: LocalDate { calendar.today(clock) }

    /// The frozen route table.
    package func makeResponder() -> Responder {
        makeRoutes().router.freeze()
    }

    /// The route table with every typed ``APIOperation``.
    func makeRoutes() -> APIRouter {
        var api = APIRouter(app: self)
        RouteTable.register(self, on: &api)
        return api
    }
}
