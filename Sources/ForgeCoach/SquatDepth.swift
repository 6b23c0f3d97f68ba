import ForgeTrain

/// Squats kept to parallel for a niggle whose words were about deep squats
/// (it avoids ``InjuryReading/deepSquat``): the squat stays in the plan and
/// its entry's note says how deep. Once no active niggle limits deep squats
/// the note comes off again.
enum SquatDepth {
    /// What ``apply(to:exercise:niggles:)`` did to an entry's note.
    enum Change: Equatable {
        /// The depth note was put on (or replaced one naming another body part).
        case added
        /// The depth note came off: no active niggle limits deep squats now.
        case removed
    }

    static let notePrefix = "To parallel, no deeper: "
    static let noteSuffix = " is sore on deep squats."

    /// The note for `exercise` under the active `niggles`, or nil when no depth limit applies.
    static func note(for exercise: Exercise, niggles: [NiggleInfo]) -> String? {
        guard exercise.patterns.contains("squat"),
            let niggle = niggles.first(where: { $0.isActive && $0.avoidPatterns.contains(InjuryReading.deepSquat) })
        else { return nil }
        return "\(notePrefix)your \(niggle.bodyPart.lowercased())\(noteSuffix)"
    }

    /// `note` without any depth note (and the space that joined it to the rest).
    static func stripped(_ note: String) -> String {
        var text = note
        while let start = text.range(of: notePrefix),
            let end = text.range(of: noteSuffix, range: start.upperBound..<text.endIndex)
        {
            var lower = start.lowerBound
            var upper = end.upperBound
            if upper < text.endIndex, text[upper] == " " {
                upper = text.index(after: upper)
            } else if lower > text.startIndex, text[text.index(before: lower)] == " " {
                lower = text.index(before: lower)
            }
            text.removeSubrange(lower..<upper)
        }
        return text
    }

    /// Brings `entry`'s depth note in line with the active `niggles`: puts it on
    /// when one applies and the entry does not carry it yet, takes it off when none applies.
    /// - Returns: what changed, or nil when the note was already right.
    static func apply(to entry: inout PlanExercise, exercise: Exercise, niggles: [NiggleInfo]) -> Change? {
        let wanted = note(for: exercise, niggles: niggles)
        if let wanted, entry.note.contains(wanted) { return nil }
        let rest = stripped(entry.note)
        guard let wanted else {
            guard rest != entry.note else { return nil }
            entry.note = rest
            return .removed
        }
        entry.note = rest.isEmpty ? wanted : rest + " " + wanted
        return .added
    }
}
