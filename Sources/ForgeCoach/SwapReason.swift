import ForgeTrain

/// Why a lift was swapped, in plain words for the plan's change list: the niggle that rules it
/// out in the member's own words turned to "you" ("my lower back hurts when I deadlift" → "your
/// lower back hurts when you deadlift"), else the niggle by its body part, else the equipment.
enum SwapReason {
    /// The reason `exercise` cannot stay, given the member's active `niggles` and the equipment
    /// `available` (nil: anything goes).
    static func text(for exercise: Exercise, niggles: [NiggleRow], available: Set<String>?) -> String {
        if let niggle = niggles.first(where: { !Set($0.avoidPatterns).isDisjoint(with: exercise.patterns) }) {
            let part = niggle.bodyPart.lowercased()
            let bare = Intake.sided(niggle.bodyPart).part
            let note = niggle.note.trimmingCharacters(in: .whitespacesAndNewlines.union(.punctuationCharacters))
            if !note.isEmpty, note.lowercased().contains(bare) { return secondPerson(note) }
            return "your \(part) niggle rules it out"
        }
        let missing = exercise.equipment.filter { item in available.map { !$0.contains(item) } ?? false }
        if !missing.isEmpty { return "your equipment has no " + ScheduleReading.list(missing) }
        return "a current niggle or the equipment rules it out"
    }

    /// `words` said back to the member: "my" → "your", "I" → "you", "I'm" → "you're", "me" → "you";
    /// the first letter lower-cased (the reason follows a colon).
    static func secondPerson(_ words: String) -> String {
        let swaps = [
            "my": "your", "i": "you", "i'm": "you're", "im": "you're", "i've": "you've", "i'd": "you'd",
            "i'll": "you'll", "me": "you", "myself": "yourself", "mine": "yours",
        ]
        var out: [String] = []
        var afterI = false
        for word in words.replacingOccurrences(of: "\u{2019}", with: "'").split(separator: " ") {
            let lower = word.lowercased()
            if afterI, lower == "am" {
                out.append("are")
            } else if afterI, lower == "was" {
                out.append("were")
            } else {
                out.append(swaps[lower] ?? String(word))
            }
            afterI = lower == "i"
        }
        let text = out.joined(separator: " ")
        return text.prefix(1).lowercased() + text.dropFirst()
    }
}
