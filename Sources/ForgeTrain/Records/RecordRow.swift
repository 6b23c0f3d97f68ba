import ForgeCore
import ForgeHousehold

/// One row of `GET /api/records` (docs/contract.md §3.6 `RecordRow`).
package struct RecordRow: Codable, Sendable {
    package let slug: String
    /// The library name, or the slug when unknown.
    package let name: String
    /// `e1rm` or `best_set`.
    package let kind: String
    /// e1RM in kg (`e1rm`) or the best set's load in kg (`best_set`).
    package let value: Double
    /// `"162.5 lb × 5"` in the member's load unit for the slug.
    package let detail: String
    /// The trained day the record was set, `YYYY-MM-DD`.
    package let achievedOn: String
}

extension RecordRow {
    /// The records list (§3.6), by slug: `detail` as `"162.5 lb × 5"` in the
    /// member's unit for the slug (docs/contract.md §6.12); `achieved_on` = trained day.
    package static func rows(_ stored: [StoredRecord], of user: User, library: ExerciseLibrary) -> [RecordRow] {
        stored.map { r in
            RecordRow(
                slug: r.slug, name: library.name(for: r.slug), kind: r.kind.rawValue, value: r.value,
                detail: r.detail(for: user), achievedOn: r.achievedOn.description)
        }
    }
}

extension StoredRecord {
    /// The record's `detail`, `"162.5 lb × 5"`, in `user`'s load unit for its lift (docs/contract.md §6.12):
    /// the one wording of the records list and the member's export.
    package func detail(for user: User) -> String {
        RecordDetail.text(weightKg: weight, reps: reps, unit: LoadUnit.preferred(prefs: user.prefs, slug: slug))
    }
}
