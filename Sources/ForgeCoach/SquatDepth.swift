import ForgeTrain

/// Squats kept to parallel for a niggle whose words were about deep squats
/// (it avoids ``InjuryReading/deepSquat``): the squat stays in the plan and
/// its entry's note says how deep.
enum SquatDepth {
    /// The note for `exercise` under the active `niggles`, or nil when no depth limit applies.
    static func note(for exercise: Exercise, niggles: [NiggleInfo]) -> String? {
        guard exercise.patterns.contains("squat"),
            let niggle = niggles.first(where: { $0.isActive && $0.avoidPatterns.contains(InjuryReading.deepSquat) })
        else { return nil }
        return "To parallel, no deeper: your \(niggle.bodyPart.lowercased()) is sore on deep squats."
    }

    /// Puts the depth note on `entry` when one applies and the entry does not carry it yet.
    /// - Returns: true when the note was added.
    static func apply(to entry: inout PlanExercise, exercise: Exercise, niggles: [NiggleInfo]) -> Bool {
        guard let note = note(for: exercise, niggles: niggles), !entry.note.contains(note) else { return false }
        entry.note = entry.note.isEmpty ? note : entry.note + " " + note
        return true
    }
}
