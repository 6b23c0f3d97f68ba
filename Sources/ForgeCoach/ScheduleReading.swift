import ForgeCore

/// When a member said they can train, read from their own words by fixed
/// rules (no model): "4 days: Monday, Wednesday, Thursday and Saturday",
/// "3x a week", "weekends", "every other day", "Mon-Fri but not Wednesday",
/// "an hour, twice a week".
package struct ScheduleAnswer: Sendable, Equatable {
    /// Training days a week said as a number ("3x a week", "four days"),
    /// else nil; when days are named too, the named days win.
    package var count: Int?
    /// The weekdays the member can train, 0 = Monday, ascending; empty when
    /// none were named (the plan keeps its own days).
    package var weekdays: [Int]
    /// Minutes a session when said ("an hour" → 60, "45 min"), else nil.
    package var minutes: Int?

    /// Training days a week: the named days, else the number said, else 3.
    package var days: Int { weekdays.isEmpty ? (count ?? 3) : weekdays.count }

    /// "Monday, Wednesday and Friday", or "3 days a week" when no day was named.
    package var daysText: String {
        weekdays.isEmpty
            ? "\(Plural.count(days, "days")) a week"
            : ScheduleReading.list(weekdays.map { LocalDate.dayNames[$0] })
    }
}

/// Reads a schedule answer (``ScheduleAnswer``).
package enum ScheduleReading {
    static let dayWords: [String: Int] = [
        "monday": 0, "mondays": 0, "mon": 0, "tuesday": 1, "tuesdays": 1, "tue": 1, "tues": 1,
        "wednesday": 2, "wednesdays": 2, "wed": 2, "weds": 2, "thursday": 3, "thursdays": 3, "thu": 3,
        "thur": 3, "thurs": 3, "friday": 4, "fridays": 4, "fri": 4, "saturday": 5, "saturdays": 5,
        "sat": 5, "sunday": 6, "sundays": 6, "sun": 6, "tu": 1, "th": 3, "sa": 5, "su": 6, "fr": 4, "mo": 0,
    ]
    /// Short day forms that are also ordinary words or fragments ("I sat at a desk", "in the sun",
    /// "we wed in June"): outside an answer to the schedule question, a day only beside another
    /// day name ("Sat & Sun", "tu/th", "Mon-Sat", "Saturday or Sun").
    static let ambiguousDays: Set<String> = ["sat", "sun", "wed", "mo", "tu", "th", "fr", "sa", "su"]
    static let numberWords: [String: Int] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
        "once": 1, "twice": 2, "thrice": 3,
    ]
    /// Words after a number that make it a count of training days.
    static let countWords: Set<String> = [
        "x", "times", "time", "days", "day", "sessions", "session", "workouts", "workout", "a", "per", "each",
        "nights", "mornings", "evenings", "lifts", "runs", "or", "-", "to", "gym", "visits", "of",
    ]
    static let durationWords: Set<String> = [
        "h", "hr", "hrs", "hour", "hours", "min", "mins", "minute", "minutes", "m",
    ]
    /// Words after a number that make it something other than days ("2 years", "5 km").
    static let notDays: Set<String> = [
        "year", "years", "yr", "yrs", "month", "months", "week", "weeks", "kg", "kgs", "lb", "lbs", "k", "km",
        "miles", "mile", "pm", "am", "kids", "children", "old",
    ]
    static let negations: Set<String> = ["not", "except", "but", "apart", "excluding", "never", "no", "without"]
    static let rangeWords: Set<String> = ["-", "to", "through", "thru", "till", "until"]
    /// Words that keep a "not" running over the days after it ("not Saturday or Sunday").
    static let fillers: Set<String> = [
        "and", "or", "also", "plus", "the", "on", "at", "every", "usually", "maybe", "sometimes", "really", "s",
    ]

    /// Lower-cased words of `text`; a dash is a word of its own, "3x" splits into "3", "x".
    static func tokens(_ text: String) -> [String] {
        var out: [String] = []
        var word = ""
        func flush() {
            guard !word.isEmpty else { return }
            if word.count > 1, word.hasSuffix("x"), let n = Int(word.dropLast()) {
                out += [String(n), "x"]
            } else {
                out.append(word)
            }
            word = ""
        }
        for ch in text.lowercased() {
            if ch.isLetter || ch.isNumber || ch == "." && !word.isEmpty && word.allSatisfy(\.isNumber) {
                word.append(ch)
            } else {
                flush()
                if ch == "-" || ch == "–" || ch == "—" { out.append("-") }
            }
        }
        flush()
        return out.map { $0.hasSuffix(".") ? String($0.dropLast()) : $0 }
    }

    /// The schedule in `text`, or nil when it names neither days nor a number of them.
    /// - Parameter loose: `text` answers the schedule question: a bare number
    ///   ("Probably 3") counts as days, and so does a short day form that is
    ///   also a word (``ambiguousDays``) on its own; false when reading a
    ///   message that answered another question.
    package static func read(_ text: String, loose looseAllowed: Bool = true) -> ScheduleAnswer? {
        let words = tokens(text)
        /// The weekday word `i` names: an ambiguous short form only under `loose`, or beside
        /// another day word (list marks are not words; across "and", "or" or a range word).
        func day(at i: Int) -> Int? {
            guard words.indices.contains(i), let d = dayWords[words[i]] else { return nil }
            guard !looseAllowed, ambiguousDays.contains(words[i]) else { return d }
            func isDay(_ j: Int) -> Bool { words.indices.contains(j) && dayWords[words[j]] != nil }
            func joins(_ j: Int) -> Bool {
                words.indices.contains(j) && (rangeWords.contains(words[j]) || ["and", "or"].contains(words[j]))
            }
            let beside = isDay(i - 1) || isDay(i + 1) || joins(i - 1) && isDay(i - 2) || joins(i + 1) && isDay(i + 2)
            return beside ? d : nil
        }
        let lower = " " + words.joined(separator: " ") + " "
        var named = Set<Int>()
        var excluded = Set<Int>()
        var count: Int?
        var loose: Int?
        var negated = false
        var i = 0
        while i < words.count {
            let w = words[i]
            let next = i + 1 < words.count ? words[i + 1] : ""
            if negations.contains(w) || w == "cannot" || (w == "can" && next == "t") {
                negated = true
            } else if let d = day(at: i) {
                var span = [d]
                if i + 2 < words.count, rangeWords.contains(next), let end = day(at: i + 2) {
                    span = (0...((end - d + 7) % 7)).map { (d + $0) % 7 }
                    i += 2
                }
                if negated { excluded.formUnion(span) } else { named.formUnion(span) }
            } else if w == "weekend" || w == "weekends" {
                if negated { excluded.formUnion([5, 6]) } else { named.formUnion([5, 6]) }
            } else if w == "weekday" || w == "weekdays" {
                if negated { excluded.formUnion(0...4) } else { named.formUnion(0...4) }
            } else if let n = Int(w) ?? numberWords[w], (1...7).contains(n) {
                negated = false
                if durationWords.contains(next) || notDays.contains(next)
                    || (next == "and" && words.dropFirst(i + 2).first == "a")
                {
                    // "1 hour", "1 and a half hours": a duration, not days.
                } else if countWords.contains(next) || ["once", "twice", "thrice"].contains(w) {
                    count = count ?? n
                } else if w != "one" {
                    loose = loose ?? n
                }
            } else if !fillers.contains(w) {
                negated = false
            }
            i += 1
        }
        if lower.contains(" every other day ") || lower.contains(" alternate days ") {
            named.formUnion([0, 2, 4, 6])
        }
        if lower.contains(" every day ") || lower.contains(" daily ") { named = Set(0...6) }
        if looseAllowed, named.isEmpty { count = count ?? loose }
        var pool = named.subtracting(excluded).sorted()
        if named.isEmpty, !excluded.isEmpty || lower.contains(" any day "), let n = count {
            // "any day but Friday, 4 sessions": four spread over the days left.
            pool = spread(Set(0...6).subtracting(excluded).sorted(), n)
        } else if let n = count, n < pool.count {
            // "3 days, weekdays": three spread over the days named.
            pool = spread(pool, n)
        }
        guard !pool.isEmpty || count != nil else { return nil }
        return ScheduleAnswer(count: count, weekdays: pool, minutes: minutes(in: lower))
    }

    /// `n` of `days` (ascending) spread as evenly as the list allows: Mon–Fri, 3 → Mon, Wed, Fri.
    package static func spread(_ days: [Int], _ n: Int) -> [Int] {
        guard n < days.count else { return days }
        guard n > 1 else { return n == 1 ? [days[0]] : [] }
        return (0..<n).map { days[Int((Double($0) * Double(days.count - 1) / Double(n - 1)).rounded())] }
    }

    /// Minutes a session in the joined words: "an hour" 60, "hour and a half" 90, "45 min", "1.5 hours".
    static func minutes(in lower: String) -> Int? {
        if lower.contains(" hour and a half ") || lower.contains(" an hour and half ") { return 90 }
        if lower.contains(" half an hour ") || lower.contains(" half hour ") { return 30 }
        let words = lower.split(separator: " ").map(String.init)
        for (i, w) in words.enumerated() where i + 1 < words.count {
            let next = words[i + 1]
            guard let n = Double(w) ?? Double(numberWords[w].map(String.init) ?? "") else {
                if ["an", "a"].contains(w), ["hour", "hr"].contains(next) { return 60 }
                continue
            }
            if ["min", "mins", "minute", "minutes", "m"].contains(next)
                || (next == "-" && i + 3 < words.count
                    && ["min", "mins", "minutes"].contains(words[i + 3]))
            {
                return Int(n)
            }
            if ["h", "hr", "hrs", "hour", "hours"].contains(next) { return Int((n * 60).rounded()) }
        }
        return nil
    }

    /// "Monday", "Monday and Friday", "Monday, Wednesday and Friday".
    package static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }
}
