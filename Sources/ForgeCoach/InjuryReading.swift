import Foundation

/// An injury or niggle as a member described it, read by fixed rules:
/// the body part (with its side), the member's own words, and the movement
/// patterns those words rule out.
package struct InjuryNote: Sendable, Equatable {
    /// "Left knee", "Lower back", "Shoulder".
    package var bodyPart: String
    /// The member's own sentence, as typed (at most 200 characters).
    package var words: String
    /// Movement patterns to avoid (`Exercise.patterns`), plus ``InjuryReading/deepSquat``
    /// when squats stay but only to parallel.
    package var avoid: [String]
}

/// Reads injuries in plain words ("My left knee gets sore on deep squats",
/// "dodgy lower back", "none").
///
/// A sentence names an injury when it names a body part and a word of pain
/// or injury ("sore", "hurts", "dodgy", "tweaked", "surgery"), or when it
/// answers the injuries question. The niggle keeps the clause naming the part
/// (``clauses(_:)``: "my lower back hurts when I deadlift" out of "I can do
/// Mondays, and my lower back hurts when I deadlift"). What it avoids follows
/// from the movement the member named in that clause, else in the sentence,
/// else from the body part:
///
/// | words | avoids |
/// |---|---|
/// | "deep squats", "below parallel" | squats stay, to parallel (``deepSquat``); deep lunges |
/// | "squats" | `squat` (the squat is swapped), `deep_lunge` |
/// | "lunges", "split squats" | `lunge`, `deep_lunge` |
/// | "deadlifts", "bending", "RDLs" | `hinge` |
/// | "overhead", "pressing up" | `overhead_press` |
/// | "bench", "push-ups", "dips" | `horizontal_push` |
/// | "pull-ups", "chin-ups", "hanging" | `vertical_pull` |
/// | "sit-ups", "crunches" | `trunk_flexion` |
/// | knee / ankle alone | `lunge`, `deep_lunge` |
/// | back alone | `hinge`, `trunk_flexion` |
/// | shoulder alone | `overhead_press`, `incline_push` |
/// | hip alone | `deep_lunge` |
/// | hamstring alone | `hinge` |
/// | wrist, elbow, neck alone | nothing (noted only) |
package enum InjuryReading {
    /// The pattern a niggle avoids to keep squats to parallel: no exercise has
    /// it, so nothing is swapped; planners note the depth on squat-pattern lifts.
    package static let deepSquat = "deep_squat"

    static let parts: [(words: [String], name: String, avoid: [String])] = [
        (["knee", "knees"], "knee", ["lunge", "deep_lunge"]),
        (["lower back", "back"], "lower back", ["hinge", "trunk_flexion"]),
        (["upper back"], "upper back", []),
        (["shoulder", "shoulders", "rotator cuff"], "shoulder", ["overhead_press", "incline_push"]),
        (["hip", "hips"], "hip", ["deep_lunge"]),
        (["ankle", "ankles"], "ankle", ["lunge", "deep_lunge"]),
        (["hamstring", "hamstrings", "hammy"], "hamstring", ["hinge"]),
        (["wrist", "wrists"], "wrist", []),
        (["elbow", "elbows"], "elbow", []),
        (["neck"], "neck", []),
    ]

    static let movements: [(words: [String], avoid: [String])] = [
        (
            [
                "deep squat", "squatting deep", "below parallel", "bottom of a squat", "bottom of the squat",
                "ass to grass", "deep in a squat",
            ], [deepSquat, "deep_lunge"]
        ),
        (["lunge", "split squat", "step up", "step-up"], ["lunge", "deep_lunge"]),
        (["squat"], ["squat", "deep_lunge"]),
        (["deadlift", "bending", "bend over", "rdl", "hinge", "picking things up", "good morning"], ["hinge"]),
        (["overhead", "pressing up", "reaching up", "military press", "shoulder press"], ["overhead_press"]),
        (["bench", "push-up", "push up", "pushup", "dips"], ["horizontal_push"]),
        (["pull-up", "pull up", "pullup", "chin-up", "chin up", "chinup", "hanging"], ["vertical_pull"]),
        (["sit-up", "sit up", "situp", "crunch"], ["trunk_flexion"]),
    ]

    static let painWords = [
        "sore", "pain", "hurt", "ache", "achy", "aching", "injur", "niggle", "tweak", "twing", "strain", "sprain",
        "tight", "stiff", "bad", "dodgy", "dicky", "gammy", "torn", "tear", "surgery", "operation", "issue",
        "problem", "tendin", "tendon", "arthritis", "bursitis", "acting up", "playing up", "flare", "click",
        "grumbl", "weak", "replace", "broke", "fracture", "slipped", "disc", "rehab", "physio",
    ]

    static let noneAnswers = [
        "none", "no", "nope", "nothing", "nah", "all good", "not really", "n/a", "na", "no injuries",
        "nothing to report", "none at all", "not that i know", "i'm fine", "im fine", "fine",
    ]

    /// Phrases that say "no injuries" wherever they appear.
    static let noneAnywhere = [
        "no injuries", "no injury", "no niggles", "injury free", "injury-free", "nothing hurts",
        "no aches", "no pain",
    ]

    /// The injuries in `text`: `none` when the member says there are none,
    /// `notes` for each body part named (one per part, first sentence that names it).
    /// - Parameter asked: the injuries question was the one asked, so a body part needs no pain word.
    package static func read(_ text: String, asked: Bool) -> (none: Bool, notes: [InjuryNote]) {
        var notes: [InjuryNote] = []
        func padded(_ words: String) -> String {
            " " + words.lowercased().replacingOccurrences(of: "\u{2019}", with: "'") + " "
        }
        for sentence in IntakeReading.sentences(text) {
            let whole = padded(sentence)
            let hurts = painWords.contains { whole.contains($0) }
            let clauses = Self.clauses(sentence)
            for part in parts {
                // The first clause naming the part (its most specific word first) is the niggle's:
                // "I can do Mondays, and my knee hurts".
                let named = part.words.lazy.compactMap { word -> (clause: String, lower: String, word: String)? in
                    clauses.first { has(padded($0), word) }.map { ($0, padded($0), word) }
                }.first
                guard let (clause, lower, word) = named else { continue }
                if part.name == "lower back" && word == "back" && !hurts
                    && !(has(lower, "my back") || has(lower, "bad back"))
                {
                    continue
                }
                guard hurts || asked else { continue }
                if part.name == "lower back", has(lower, "upper back") { continue }
                let side =
                    has(lower, "left") ? "Left " : has(lower, "right") ? "Right " : has(lower, "both") ? "Both " : ""
                let name = side + (side.isEmpty ? part.name.prefix(1).uppercased() + part.name.dropFirst() : part.name)
                let plural = side == "Both " && !name.hasSuffix("s") && !name.hasSuffix("back") ? name + "s" : name
                guard !notes.contains(where: { $0.bodyPart.lowercased() == plural.lowercased() }) else { continue }
                // The movements the clause names, else those the rest of the sentence names
                // ("My knee is dodgy, and squats make it worse").
                var avoid = Self.avoided(in: lower)
                if avoid.isEmpty { avoid = Self.avoided(in: whole) }
                notes.append(
                    InjuryNote(
                        bodyPart: plural, words: String(IntakeReading.withoutGreeting(clause).prefix(200)),
                        avoid: avoid.isEmpty ? part.avoid : avoid))
            }
        }
        let bare = text.lowercased().trimmingCharacters(in: .punctuationCharacters.union(.whitespacesAndNewlines))
        let none =
            notes.isEmpty
            && (noneAnywhere.contains { bare.contains($0) }
                || asked
                    && noneAnswers.contains { bare == $0 || bare.hasPrefix($0 + " ") || bare.hasPrefix($0 + ",") })
        return (none, notes)
    }

    /// The patterns the movements named in `lower` rule out (``movements``).
    static func avoided(in lower: String) -> [String] {
        var avoid: [String] = []
        for movement in movements where movement.words.contains(where: { lower.contains($0) }) {
            // "deep squats" already says what squats may do; "squat" must not swap them too.
            if movement.avoid.contains("squat"), avoid.contains(deepSquat) { continue }
            avoid += movement.avoid.filter { !avoid.contains($0) }
        }
        return avoid
    }

    /// `sentence` in clauses, split at ", and" and ", but" (the joining words dropped), trimmed:
    /// "I can do Mondays for an hour, and my lower back hurts" → "I can do Mondays for an hour",
    /// "my lower back hurts".
    package static func clauses(_ sentence: String) -> [String] {
        var out: [String] = []
        var rest = Substring(sentence)
        while let cut = [", and ", ", but "].compactMap({ rest.range(of: $0, options: .caseInsensitive) })
            .min(by: { $0.lowerBound < $1.lowerBound })
        {
            out.append(String(rest[..<cut.lowerBound]))
            rest = rest[cut.upperBound...]
        }
        out.append(String(rest))
        return out.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// `word` appears in `lower` (padded with spaces) as a whole word or phrase, plural `s` allowed.
    static func has(_ lower: String, _ word: String) -> Bool {
        var index = lower.startIndex
        while let range = lower.range(of: word, range: index..<lower.endIndex) {
            let before = lower[lower.index(before: range.lowerBound)]
            let after = lower[range.upperBound...].first ?? " "
            let plural = after == "s" && !(lower[range.upperBound...].dropFirst().first?.isLetter ?? false)
            if !before.isLetter && (!after.isLetter || plural) { return true }
            index = range.upperBound
        }
        return false
    }
}
