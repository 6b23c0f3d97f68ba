import Foundation

/// A duration as people write it ("8–10 minutes", "1 hr 15 min", "eine halbe Stunde", "1h30"), read in
/// English, German, French, Spanish, Italian and Dutch: the one reader behind the time a method step
/// states (``StatedTime``), and an app's or a page's time fields (``minutes(inField:)``: Paprika's and
/// Mealie's times, a page's times in words).
///
/// A time is a number and a unit word (``WrittenDuration/units``):
/// - numbers in digits (`8`, `1.5`, `1,5`); in prose also fractions (`1/2`, `½`, `1½`, `1 1/2`) and a
///   small word table (`a`/`an`/`one` … `twelve`, `fifteen`, `twenty`, `thirty`, `half an hour`, and the
///   same few words in the other languages: `eine halbe Stunde`, `une demi-heure`, `media hora`,
///   `mezz'ora`, `een half uur`, `anderthalb`, `anderhalf`);
/// - units: hours, minutes and seconds (`h`, `hr(s)`, `Std.`, `heure(s)`, `hora(s)`, `ora`/`ore`, `uur`,
///   `min`, `Minuten`, `minuti`, `minutos`, `minuut`, `sec`, `Sekunden`, …); in a field also days and
///   single letters (``fieldUnits``);
/// - a time of two units adds up (`1 hour 15 minutes`, `1 Stunde und 15 Minuten`, `1 h 15`, `1h15`, `an
///   hour and a half`, `une heure et demie`);
/// - a range is one time, read as one of its ends (`8–10 minutes`, `8 to 10 minutes`, `8 bis 10
///   Minuten`, `8 à 10 minutes`, `45 minutes to 1 hour`);
/// - a time that repeats (`every 5 minutes`, `alle 5 Minuten`, `toutes les 5 minutes`) is no duration and
///   is left out.
///
/// What differs between prose and a field is in ``Reading``.
enum WrittenDuration {
    /// Where the text stands, which decides how it reads.
    enum Reading {
        /// A method step's prose: a range reads as its upper end (a timer is a done-by), numbers may be
        /// spoken (fractions, number words), and a number without a unit ("180 °C", "2 eggs") is no time.
        case prose
        /// A time field: a range reads as its lower end; numbers are digits only, a number being the
        /// digits a token starts with (`1½` is 1, and "1 1/2 hours" 60 minutes: a known limit, as the
        /// readers before this one had it); single-letter units and days are read ("22m", "2d",
        /// ``fieldUnits``); a field of numbers alone is minutes ("45"), and a number that counts
        /// something else ("2 eggs", "1e300") makes the field no time.
        case field
    }

    /// Every time `text` states in prose, seconds, in order: a range as its upper end, repeats
    /// (`every 5 minutes`) left out, two times joined by a range word ("45 minutes to 1 hour") as one.
    static func times(inProse text: String) -> [Double] {
        (times(tokenize(text), reading: .prose) ?? []).map(\.seconds)
    }

    /// Minutes in a time field, rounded to the nearest (halves up): an ISO 8601 duration (`PT1H10M`,
    /// ``ISODuration``), hours and minutes (`1:30`), a bare number or range as minutes ("45", "10-15" is
    /// 10), or the times the field states added up ("1 hr 10 mins", "1 hr, 30 min", "3 hours 30 minutes",
    /// "22m", "1 Std. 20 Min.", "35 minuti", "1h30") with a range's lower end ("2-3 hours" is 120, "35
    /// minutes to 4 hours" is 35) and the words around them skipped ("Marinating time: 4 hours to
    /// overnight").
    /// - Returns: nil when the field states no time, a number counts something else ("2 eggs"), or the
    ///   time is under half a minute or longer than a year (``ISODuration/maxMinutes``).
    static func minutes(inField text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return nil }
        if let iso = ISODuration.minutes(trimmed) { return iso }
        if let clock = clock(trimmed) { return clock }
        let tokens = tokenize(trimmed)
        let minutes: Double
        if let bare = bareMinutes(tokens) {
            minutes = bare
        } else {
            guard let times = times(tokens, reading: .field) else { return nil }
            minutes = times.reduce(0) { $0 + $1.seconds } / 60
        }
        guard minutes.isFinite, minutes <= ISODuration.maxMinutes else { return nil }
        let whole = Int(minutes.rounded())
        return whole > 0 ? whole : nil
    }

    /// "1:30" or "1:15 h" → hours:minutes (90, 75), else nil.
    static func clock(_ text: String) -> Int? {
        let wordStart = text.firstIndex(where: \.isLetter) ?? text.endIndex
        let word = text[wordStart...].lowercased().filter(\.isLetter)
        guard word.isEmpty || unit(word, .field) == 3600 else { return nil }
        let parts = text[..<wordStart].trimmingCharacters(in: .whitespaces).split(separator: ":")
        guard parts.count == 2, let h = Int(parts[0]), let m = Int(parts[1]), (0..<60).contains(m), h >= 0, h < 1000
        else { return nil }
        let total = h * 60 + m
        return total > 0 ? total : nil
    }

    /// The times `tokens` state, in order, each with the index of its last token; nil when, in a field, a
    /// number counts something else.
    static func times(_ tokens: [String], reading: Reading) -> [(seconds: Double, end: Int)]? {
        var out: [(seconds: Double, end: Int)] = []
        var i = 0
        while i < tokens.count {
            guard let time = time(tokens, at: i, reading: reading) else {
                // In a field, a number that counts something else ("2 eggs") says the field is no time.
                if reading == .field, number(tokens, at: i, reading: .field) != nil, i + 1 < tokens.count,
                    tokens[i + 1].first?.isLetter == true
                {
                    return nil
                }
                i += 1
                continue
            }
            if repeatsBefore(tokens, at: i) {
                // "every 5 minutes": no duration, and no end of a range either.
            } else if let last = out.last, last.end + 2 == i, rangeWords.contains(tokens[last.end + 1]) {
                // "45 minutes to 1 hour": two times joined by a range word are one range.
                out[out.count - 1] = (rangeEnd(last.seconds, time.seconds, reading), time.end)
            } else {
                out.append((time.seconds, time.end))
            }
            i = time.end + 1
        }
        return out
    }

    /// The end of the range from `a` to `b` that `reading` reads.
    static func rangeEnd(_ a: Double, _ b: Double, _ reading: Reading) -> Double {
        reading == .prose ? max(a, b) : min(a, b)
    }

    /// The time starting at `tokens[i]`: its seconds (a range's end as `reading` reads it) and the index of
    /// its last token.
    static func time(_ tokens: [String], at i: Int, reading: Reading) -> (seconds: Double, end: Int)? {
        guard let first = number(tokens, at: i, reading: reading) else { return nil }
        var k = first.end + 1
        var value = first.value
        // "8-10", "8 to 10", "8 bis 10".
        if k + 1 < tokens.count, rangeWords.contains(tokens[k]), let other = number(tokens, at: k + 1, reading: reading)
        {
            value = rangeEnd(value, other.value, reading)
            k = other.end + 1
        }
        // "a 5-minute rest".
        if k + 1 < tokens.count, tokens[k] == "-", unit(tokens[k + 1], reading) != nil { k += 1 }
        guard k < tokens.count, let unit = Self.unit(tokens[k], reading) else { return nil }
        var seconds = value * unit
        var end = k
        // "an hour and a half", "une heure et demie", "un'ora e mezza".
        if end + 2 < tokens.count, joinWords.contains(tokens[end + 1]),
            let half = halfAfterJoin(tokens, at: end + 2)
        {
            return (seconds + unit * 0.5, half)
        }
        // "1 hour 15 minutes", "1 Stunde und 15 Minuten": a smaller unit adds up.
        var next = end + 1
        if next < tokens.count, joinWords.contains(tokens[next]) { next += 1 }
        if let more = number(tokens, at: next, reading: reading) {
            let after = more.end + 1
            if after < tokens.count, let small = Self.unit(tokens[after], reading), small < unit {
                seconds += more.value * small
                end = after
            } else if tokens[end] == "h", next == end + 1, more.value >= 1, more.value < 60,
                more.value.rounded() == more.value
            {
                // "1 h 15", "1h15": minutes after the hours, without their unit.
                seconds += more.value * 60
                end = more.end
            }
        }
        return (seconds, end)
    }

    /// Minutes of a field that holds only numbers: one ("45"), or a range of two read as its lower end
    /// ("10-15", "10 to 15"); nil when it holds anything else.
    static func bareMinutes(_ tokens: [String]) -> Double? {
        guard let first = tokens.first.flatMap(digits) else { return nil }
        if tokens.count == 1 { return first }
        guard tokens.count == 3, rangeWords.contains(tokens[1]), let other = digits(tokens[2]) else { return nil }
        return rangeEnd(first, other, .field)
    }

    /// A number at `tokens[i]` and its last token: in prose digits, a fraction, a mixed number, a number
    /// word or "half an"; in a field only the digits a token starts with.
    static func number(_ tokens: [String], at i: Int, reading: Reading) -> (value: Double, end: Int)? {
        guard i < tokens.count else { return nil }
        let token = tokens[i]
        guard reading == .prose else { return digits(token).map { ($0, i) } }
        if let value = numeral(token) {
            // "1 1/2", "1 ½": a whole number and a fraction.
            if i + 1 < tokens.count, let fraction = numeral(tokens[i + 1]), fraction < 1, value >= 1,
                value.rounded() == value
            {
                return (value + fraction, i + 1)
            }
            return (value, i)
        }
        if halfWords.contains(token) {
            // "half an hour", "een half uur" (after its article: below), "mezz'ora", "media hora", "demi-heure".
            if i + 1 < tokens.count, ["a", "an"].contains(tokens[i + 1]) { return (0.5, i + 1) }
            return (0.5, i)
        }
        guard let value = numberWords[token] else { return nil }
        // "eine halbe Stunde", "une demi-heure", "een half uur": the article and a half.
        if value == 1, i + 1 < tokens.count, halfWords.contains(tokens[i + 1]) { return (0.5, i + 1) }
        return (value, i)
    }

    /// The end of "a half" / "half" / "demie" / "mezza" / "media" at `tokens[i]` (after "and"), or nil.
    static func halfAfterJoin(_ tokens: [String], at i: Int) -> Int? {
        if halfWords.contains(tokens[i]) { return i }
        if ["a", "an"].contains(tokens[i]), i + 1 < tokens.count, halfWords.contains(tokens[i + 1]) { return i + 1 }
        return nil
    }

    /// The number the ASCII digits a token starts with write (`8`, `1.5`, `1,5`; `1½` and `1/2` are 1); nil
    /// when it starts with none.
    static func digits(_ token: String) -> Double? {
        let text = token.prefix { $0.isASCII && ($0.isNumber || $0 == "." || $0 == ",") }
        guard text.first?.isNumber == true, let value = Double(text.replacingOccurrences(of: ",", with: ".")),
            value.isFinite
        else { return nil }
        return value
    }

    /// A number written in digits: `8`, `1.5`, `1,5`, `1/2`, `½`, `1½`; nil otherwise.
    static func numeral(_ token: String) -> Double? {
        guard let first = token.first, first.isASCII && first.isNumber || IngredientLineParser.vulgar[first] != nil
        else { return nil }
        var text = token
        var extra = 0.0
        if let last = text.last, let fraction = IngredientLineParser.vulgar[last] {
            extra = fraction
            text.removeLast()
            if text.isEmpty { return extra }
        }
        if let slash = text.firstIndex(of: "/") {
            guard let top = Double(text[..<slash]), let bottom = Double(text[text.index(after: slash)...]), bottom > 0
            else { return nil }
            return top / bottom + extra
        }
        guard let value = Double(text.replacingOccurrences(of: ",", with: ".")), value.isFinite else { return nil }
        return value + extra
    }

    /// Whether the time at `tokens[i]` repeats rather than lasts: "every 5 minutes", "alle 5 Minuten",
    /// "toutes les 5 minutes", "cada 5 minutos", "ogni 5 minuti", "elke 5 minuten", "om de 5 minuten".
    static func repeatsBefore(_ tokens: [String], at i: Int) -> Bool {
        if i >= 1, everyWords.contains(tokens[i - 1]) { return true }
        if i >= 2, ["toutes", "tous", "om"].contains(tokens[i - 2]), ["les", "de"].contains(tokens[i - 1]) {
            return true
        }
        return false
    }

    /// `text` lower-cased as words, numbers (with `.`, `,`, `/` and a vulgar fraction inside: "1.5", "1/2",
    /// "1½") and single marks: `-` for every dash, and `.` for any other punctuation, which ends a time.
    static func tokenize(_ text: String) -> [String] {
        var tokens: [String] = []
        var current = ""
        var isNumber = false
        func flush() {
            if !current.isEmpty {
                // "8." at a sentence's end, "1,5," before a clause: the trailing mark is no decimal.
                while isNumber, let last = current.last, ".,/".contains(last) { current.removeLast() }
                tokens.append(current)
            }
            current = ""
        }
        for ch in text.lowercased() {
            let digit = ch.isASCII && ch.isNumber
            let vulgar = IngredientLineParser.vulgar[ch] != nil
            if digit || vulgar {
                if !isNumber || (vulgar && current.last.map { IngredientLineParser.vulgar[$0] != nil } == true) {
                    flush()
                }
                isNumber = true
                current.append(ch)
            } else if isNumber, ".,/".contains(ch), current.last.map({ $0.isASCII && $0.isNumber }) == true {
                current.append(ch)
            } else if ch.isLetter {
                if isNumber { flush() }
                isNumber = false
                current.append(ch)
            } else {
                flush()
                isNumber = false
                if "-–—‑".contains(ch) {
                    tokens.append("-")
                } else if ch == ".", let last = tokens.last, abbreviations.contains(last) {
                    // "1 Std. 15 Min.": the dot of an abbreviated unit ends nothing.
                } else if !ch.isWhitespace && ch != "'" && ch != "’" {
                    tokens.append(".")
                }
            }
        }
        flush()
        return tokens
    }
}
