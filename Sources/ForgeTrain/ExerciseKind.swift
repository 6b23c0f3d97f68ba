/// Equipment class of a library exercise (docs/contract.md §5.1): `bb` barbell,
/// `db` dumbbell or kettlebell, `machine`, `bw` bodyweight, `mobility`
/// (cool-down only).
package enum ExerciseKind: String, Codable, Sendable, CaseIterable {
    case bb, db, machine, bw, mobility
}
