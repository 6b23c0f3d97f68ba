import ForgeCore
import ForgeHTTP
import ForgeTrain
import Foundation

/// A `date` member or parameter (docs/contract.md §1.2): absent or empty means today;
/// anything but `YYYY-MM-DD` is 400 `bad date`; a year outside
/// ``Bounds/years`` is 422 naming the field.
enum DayInput {
    static func resolve(_ text: String?, today: LocalDate, field: String = "date", query: Bool = false) throws
        -> LocalDate
    {
        try optional(text, field: field, query: query) ?? today
    }

    /// The date given, nil when absent or empty (today).
    /// - Throws: 400 `bad date`; 422 naming `field` (`["query", field]` for a query parameter) outside ``Bounds/years``.
    static func optional(_ text: String?, field: String = "date", query: Bool = false) throws -> LocalDate? {
        guard let text, !text.isEmpty else { return nil }
        guard let date = LocalDate(text) else { throw HTTPError.badDate }
        if query {
            try Check.date(date, "query", .string(field))
        } else {
            try Check.date(date, .string(field))
        }
        return date
    }

    /// A required date member: not `YYYY-MM-DD` (empty too) is 400 `bad
    /// date`; a year outside ``Bounds/years`` is 422 naming `field`.
    static func required(_ text: String, field: String) throws -> LocalDate {
        guard let date = LocalDate(text) else { throw HTTPError.badDate }
        try Check.date(date, .string(field))
        return date
    }
}

/// `POST /api/sessions` body (docs/contract.md §3.3): `{date?, budget?, plan_day?}`.
/// `budget` in minutes, 0…600 (0 or null = no budget); `plan_day` `"0"`…`"6"`.
struct StartSessionInput: RequestInput {
    var date: String?
    var budget: Int?
    var planDay: String?

    static let rules: [InputRule<Self>] = [
        .dateText("date"),
        .range("budget", within: Bounds.budgetMinutes) { $0.budget },
        .oneOf("plan_day", allowed: (0...6).map(String.init)) { $0.planDay },
    ]

    static var example: JSONValue? { ["date": "2026-07-20", "budget": 45, "plan_day": "0"] }
}

/// `POST /api/sessions` answer: `{id, fitted, resumed}` (docs/contract.md §3.3).
struct SessionStarted: Codable, Sendable {
    var id: String
    var fitted: StrengthFitted
    var resumed: Bool
}

/// `POST /api/sessions/{sid}/complete` body: `{cooldown_status?, cooldown_min?, notes?}`.
/// `cooldown_min` 0…240 minutes; `cooldown_status` ≤ 40 characters (conventionally done|partial|skipped).
struct CompleteSessionInput: RequestInput {
    var cooldownStatus: String?
    var cooldownMin: Int?
    var notes: String?

    static let rules: [InputRule<Self>] = [
        .length("cooldown_status", max: 40) { $0.cooldownStatus },
        .range("cooldown_min", within: 0...240) { $0.cooldownMin },
        .length("notes", max: Bounds.note) { $0.notes },
    ]

    static var example: JSONValue? { ["cooldown_status": "done", "cooldown_min": 5, "notes": "Felt strong"] }
}

/// `POST /api/sessions/{sid}/complete` answer: `{ok, stats, cooldown_status}`.
struct SessionCompleted: Codable, Sendable {
    var ok = true
    var stats: StrengthStats
    var cooldownStatus: String
}

/// `PATCH /api/sessions/{sid}/notes` body: `{notes}` (≤ 4,000 characters, trimmed).
struct SessionNotesInput: RequestInput {
    var notes: String
    static let rules: [InputRule<Self>] = [.length("notes", max: Bounds.note) { $0.notes }]
    static var example: JSONValue? { ["notes": "Felt strong"] }
}

/// `PATCH /api/sessions/{sid}/favorite` body: `{favorite}`.
struct SessionFavoriteInput: RequestInput {
    var favorite: Bool
    static var example: JSONValue? { ["favorite": true] }
}

/// `PATCH /api/sessions/{sid}/favorite` answer: `{ok, favorite}`.
struct FavoriteSet: Codable, Sendable {
    var ok = true
    var favorite: Bool
}

/// One set in a session detail: `{set_no, weight (kg), reps, rpe, kind}`. `kind` (an addition, issue 38)
/// is `warmup`, `working`, `drop` or `failure`; in an exercise with warm-ups they are numbered 1…n apart
/// from the other sets (1…m), as the logging apps show them.
struct SessionSetView: Codable, Sendable {
    var setNo: Int
    var weight: Double
    var reps: Int
    @Nullable var rpe: Int?
    var kind: String

    /// The view of each of `sets` (one exercise's, in logging order), numbered as the type says.
    static func numbered(_ sets: [LoggedSet]) -> [SessionSetView] {
        let hasWarmUps = sets.contains { $0.marker == .warmup }
        var warmUps = 0
        var others = 0
        return sets.map { set in
            var number = set.setNo
            if hasWarmUps {
                if set.marker == .warmup {
                    warmUps += 1
                    number = warmUps
                } else {
                    others += 1
                    number = others
                }
            }
            return SessionSetView(
                setNo: number, weight: set.weight, reps: set.reps, rpe: set.rpe,
                kind: set.marker == .normal ? "working" : set.marker.rawValue)
        }
    }
}

/// One performed exercise in a session detail, its sets in logging order.
struct SessionExerciseView: Codable, Sendable {
    var slug: String
    var name: String
    @Nullable var substitutedFor: String?
    var sets: [SessionSetView]
}

/// `GET /api/sessions/{sid}` (docs/contract.md §3.3): the session with its sets
/// grouped by performed slug; for cardio with stored traces `series` and,
/// with an HR trace, `zones` (§4.12).
struct SessionDetail: Codable, Sendable {
    var id: String
    var day: LocalDate
    var name: String
    var kind: String
    var status: String
    var stats: SessionStats
    var notes: String
    var cooldownStatus: String
    var fitted: FittedDocument
    var favorite: Bool
    var exercises: [SessionExerciseView]
    var series: JSONValue?
    var zones: JSONValue?
}

/// Set body of `POST` and `PATCH /api/sessions/{sid}/sets` (docs/contract.md §3.3):
/// load in kg (0…1,000), reps 0…1,000, RPE 0…10, set number 0…1,000.
struct SetInput: RequestInput {
    var slug: String
    var substitutedFor: String?
    var setNo: Int
    var weight: Double?
    var reps: Int
    var rpe: Int?
    /// Idempotency key (docs/contract.md §6.2), ≤ 100 characters.
    var clientId: String?

    var trimmedSlug: String { slug.trimmingCharacters(in: .whitespacesAndNewlines) }

    /// The set as logged at `now`: slug trimmed, a blank `substituted_for`
    /// dropped, no weight as 0 kg.
    func set(at now: Date) -> LoggedSet {
        LoggedSet(
            slug: trimmedSlug, substitutedFor: substitutedFor.flatMap { $0.isEmpty ? nil : $0 }, setNo: setNo,
            weight: weight ?? 0, reps: reps, rpe: rpe, ts: Instant.storage(now))
    }

    static let rules: [InputRule<Self>] = [
        // Read trimmed: a blank slug (" ", a no-break space) is refused, so the document asks for a non-blank one.
        .length("slug", max: 100, min: 1) { $0.trimmedSlug }.publishing(["pattern": .string("\\S")]),
        .length("substituted_for", max: 100) { $0.substitutedFor },
        .range("set_no", within: Bounds.setNo) { $0.setNo },
        .range("weight", within: Bounds.loadKg) { $0.weight },
        .range("reps", within: Bounds.reps) { $0.reps },
        .range("rpe", within: Bounds.rpe) { $0.rpe },
        .length("client_id", max: SetLog.maxKeyLength) { $0.clientId },
    ]

    static var example: JSONValue? {
        ["slug": "back-squat", "set_no": 1, "weight": 60.0, "reps": 5, "rpe": 8, "client_id": "set-1"]
    }
}
