import Foundation

/// Reads one intake message against every question still open (issue 41):
/// an opening "Hi! I want to get stronger and run a 10k." answers the goal,
/// "I can do Mondays and Thursdays, and my knee is dodgy" answers the
/// schedule and the injuries at once. Each answer is recognised by its own
/// words; the question last asked also takes a plain answer no rule
/// recognises ("Bit of everything").
package enum IntakeReading {
    static let greetings: Set<String> = ["hi", "hello", "hey", "hiya", "morning", "evening", "yo", "howdy", "thanks"]

    static let goalWords = [
        "stronger", "strength", "strong", "muscle", "bigger", "bulk", "size", "lose", "weight loss", "fat",
        "lean", "tone", "toned", "fitter", "fitness", "fit", "10k", "5k", "marathon", "race", "endurance",
        "cardio", "health", "healthy", "mobility", "flexib", "powerlifting", "compete", "hypertrophy",
        "physique", "conditioning", "stamina", "run faster", "shape", "goal", "aim",
    ]

    /// Experience words that stand alone ("beginner"); others need a lifting word beside them.
    static let experienceStrong = [
        "new to", "never lifted", "never trained", "never been", "beginner", "novice", "newbie", "first time",
        "just started", "just starting", "starting out", "intermediate", "advanced", "been lifting",
        "been training", "lifting for", "training for", "lifted for", "used to lift", "lifted before",
        "been going to the gym", "complete newbie",
    ]
    /// How long, in words: counts as experience beside a lifting word, or when experience was asked.
    static let experienceTime = [
        "year", "month", "week", "decade", "since", "a while", "ages", "on and off", "long time",
    ]
    /// Answers that count only when experience was asked ("not much", "a little").
    static let experienceLoose = ["never", "none", "new", "little", "bit", "some", "lot", "much"]
    static let liftingWords = ["lift", "train", "gym", "weights", "barbell", "experience"]

    /// `text` in sentences (split at `.`, `!`, `?`, `;` and line breaks, not inside "1.5"), trimmed.
    package static func sentences(_ text: String) -> [String] {
        var out: [String] = []
        var current = ""
        let chars = Array(text)
        for (i, ch) in chars.enumerated() {
            let decimal =
                ch == "." && i > 0 && i + 1 < chars.count && chars[i - 1].isNumber && chars[i + 1].isNumber
            if "!?;\n".contains(ch) || ch == "." && !decimal {
                out.append(current)
                current = ""
            } else {
                current.append(ch)
            }
        }
        out.append(current)
        return out.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
    }

    /// True for "Hi", "Hello coach", "Hey there": a greeting and nothing more.
    static func isGreeting(_ sentence: String) -> Bool {
        let words = sentence.lowercased().split { !$0.isLetter }
        return words.count <= 3 && words.first.map { greetings.contains(String($0)) } == true
    }

    /// `sentence` without a greeting at its start: "Hi, I want to get fitter" → "I want to get
    /// fitter"; so "Hello!", "Hey there, …", "Morning, …". A greeting word with no mark after it
    /// goes only when it is nothing else ("Hi I want…", not "Morning runs suit me").
    static func withoutGreeting(_ sentence: String) -> String {
        let words = sentence.split(separator: " ")
        guard let first = words.first else { return sentence }
        let bare = first.lowercased().trimmingCharacters(in: .punctuationCharacters)
        guard greetings.contains(bare) else { return sentence }
        var greeting = 1
        if first.last?.isLetter == true, words.count > 1,
            ["there", "coach", "all", "everyone", "folks", "team"].contains(
                words[1].lowercased().trimmingCharacters(in: .punctuationCharacters))
        {
            greeting = 2
        }
        let marked = words[greeting - 1].last.map { !$0.isLetter } ?? false
        guard marked || ["hi", "hello", "hey", "hiya", "howdy"].contains(bare) else { return sentence }
        let rest = words.dropFirst(greeting).joined(separator: " ")
            .trimmingCharacters(in: .punctuationCharacters.union(.whitespaces))
        guard let head = rest.first else { return sentence }
        return head.uppercased() + rest.dropFirst()
    }

    /// `sentence` up to its first clause about an injury in `hurt` (``InjuryReading/clauses(_:)``):
    /// "I want to get fit, but my knee is dodgy" → "I want to get fit"; empty when it starts with one.
    static func before(_ hurt: Set<String>, in sentence: String) -> String {
        let clauses = InjuryReading.clauses(sentence)
        guard let first = clauses.firstIndex(where: { hurt.contains($0) }) else { return sentence }
        guard first > 0, let end = sentence.range(of: clauses[first - 1])?.upperBound else { return "" }
        return String(sentence[..<end])
    }

    static func contains(_ sentence: String, _ words: [String]) -> Bool {
        let lower = " " + sentence.lowercased() + " "
        return words.contains { InjuryReading.has(lower, $0) || $0.count > 5 && lower.contains($0) }
    }

    /// The answers `text` gives, by key (`goal`, `schedule`, `experience`,
    /// `injuries`), for the keys in `open` only.
    /// - Parameter asked: the key of the question last asked, or nil before the first question.
    package static func read(_ text: String, open: [String], asked: String?) -> [String: String] {
        let all = sentences(text)
        let content = all.filter { !isGreeting($0) }.map(withoutGreeting)
        var found: [String: String] = [:]
        func join(_ list: [String]) -> String? { list.isEmpty ? nil : list.joined(separator: ". ") }
        let injury = InjuryReading.read(text, asked: asked == "injuries")
        let hurt = Set(injury.notes.map(\.words))
        if open.contains("injuries"), injury.none || !injury.notes.isEmpty {
            found["injuries"] = asked == "injuries" ? text : join(injury.notes.map(\.words))
        }
        if open.contains("schedule"), ScheduleReading.read(text, loose: asked == "schedule") != nil {
            let parts = content.filter { ScheduleReading.read($0, loose: asked == "schedule") != nil }
            found["schedule"] = join(parts) ?? text
        }
        if open.contains("goal") {
            let goal = content.map { before(hurt, in: $0) }.filter { contains($0, goalWords) }
            found["goal"] = join(goal)
        }
        if open.contains("experience") {
            let experience = content.filter { s in
                let lower = s.lowercased()
                guard !lower.contains("years old"), !lower.contains("year old") else { return false }
                if contains(s, experienceStrong) { return true }
                return contains(s, experienceTime) && (asked == "experience" || contains(s, liftingWords))
                    || asked == "experience" && contains(s, experienceLoose)
            }
            found["experience"] = join(experience)
        }
        if let asked, open.contains(asked), found[asked] == nil, found.isEmpty, !content.isEmpty {
            // A plain answer to the question asked: "Bit of everything".
            found[asked] = content.joined(separator: ". ")
        }
        return found.mapValues { String($0.prefix(500)) }
    }
}
