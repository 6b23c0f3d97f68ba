import ForgeCore
import ForgeHTTP
import ForgeStore
import ForgeTrain
import Foundation

/// One row of `GET /api/exercises` (docs/contract.md §3.5).
struct ExerciseSummary: Codable, Sendable {
    let slug: String
    let name: String
    /// `bb`, `db`, `machine`, `bw` or `mobility`.
    let kind: String
    let mediaTier: String
    let primaryMuscles: [String]
}

/// `GET /api/exercises/{slug}` (docs/contract.md §3.5).
struct ExerciseDetail: Codable, Sendable {
    let slug: String
    let name: String
    let kind: String
    let primaryMuscles: [String]
    let secondaryMuscles: [String]
    let equipment: [String]
    let cues: [String]
    let dont: String
    let patterns: [String]
    let benefit: String
    /// `images`, `linked`, `owned` or `wanted`.
    let mediaTier: String
    /// Comma-separated media paths, or `""`.
    let mediaURL: String

    enum CodingKeys: String, CodingKey {
        case slug, name, kind, primaryMuscles, secondaryMuscles, equipment, cues, dont, patterns, benefit, mediaTier
        case mediaURL = "media_url"
    }
}

/// `?q=`: a case-insensitive substring of the name (at most ``Bounds/label`` characters).
struct ExerciseQuery: RequestInput {
    var q: String?

    static let rules: [InputRule<Self>] = [.length("query", "q", max: Bounds.label) { $0.q }]
}

/// `GET /api/exercises` and `GET /api/exercises/{slug}` (docs/contract.md §3.5).
enum ExerciseRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .GET, "/api/exercises", "The exercise library, by name; q filters by name",
            access: .member, cache: .day, query: ExerciseQuery.self, answers: [ExerciseSummary].self, errors: [422]
        ) { request, _ in
            let q = try request.decodeQuery(ExerciseQuery.self).q ?? ""
            return try TrainingRecords.exercises(matching: q, library: app.exercises, in: app.db)
                .map { e in
                    ExerciseSummary(
                        slug: e.exercise.slug, name: e.exercise.name, kind: e.exercise.kind.rawValue,
                        mediaTier: e.mediaTier, primaryMuscles: e.exercise.primaryMuscles)
                }
        }
        router.route(
            .GET, "/api/exercises/:slug", "One exercise with cues, muscles and equipment",
            access: .member, cache: .day, answers: ExerciseDetail.self, errors: [404]
        ) { request, _ in
            let slug = request.parameter("slug") ?? ""
            let e = try TrainingRecords.exercise(slug, in: app.db)
            let x = e.exercise
            return ExerciseDetail(
                slug: x.slug, name: x.name, kind: x.kind.rawValue, primaryMuscles: x.primaryMuscles,
                secondaryMuscles: x.secondaryMuscles, equipment: x.equipment, cues: x.cues, dont: x.dont,
                patterns: x.patterns, benefit: x.benefit, mediaTier: e.mediaTier, mediaURL: e.mediaURL)
        }
    }
}
