import Foundation

/// The time a method step states in its own words ("Simmer for 8 minutes", "Bake 1½ hours", "8–10
/// Minuten köcheln"), in whole minutes: what an imported step's timer counts down when its source gave it
/// no time of its own (``RecipeStep/minutes``).
///
/// A time is a number and a unit word, read in English, German, French, Spanish, Italian and Dutch:
/// - numbers as digits (`8`, `1.5`, `1,5`), fractions (`1/2`, `½`, `1½`, `1 1/2`) and a small word table
///   (`a`/`an`/`one` … `twelve`, `fifteen`, `twenty`, `thirty`, `half an hour`, and the same few words in
///   the other languages: `eine halbe Stunde`, `une demi-heure`, `media hora`, `mezz'ora`, `een half uur`,
///   `anderthalb`, `anderhalf`);
/// - units: minutes (`min`, `mins`, `minute(s)`, `Minuten`, `minuti`, `minutos`, `minuut`, `mn`), hours
///   (`h`, `hr(s)`, `hour(s)`, `Std.`, `Stunde(n)`, `heure(s)`, `hora(s)`, `ora`/`ore`, `uur`) and seconds
///   (`sec`, `second(s)`, `Sekunden`, `secondes`, `segundos`, `secondi`, `seconden`);
/// - a time of two units adds up (`1 hour 15 minutes`, `1 Stunde und 15 Minuten`, `1 h 15`, `1h15`, `an
///   hour and a half`, `une heure et demie`);
/// - a range takes its upper end, as the timer is a done-by (`8–10 minutes`, `8 to 10 minutes`, `8 bis 10
///   Minuten`, `8 à 10 minutes`, `45 minutes to 1 hour`);
/// - a time that repeats (`every 5 minutes`, `alle 5 Minuten`, `toutes les 5 minutes`) is no duration of the
///   step and is left out.
///
/// The step's time is its one time: a step that states two different times ("rest 10 minutes, then bake
/// 25 minutes") has none, as the cook must choose; the same time twice counts once. A time under a minute
/// (`45 seconds`) is no timer and is left out; one past a day (a timer's limit, 86 400 s) is none.
package enum StatedTime {
    /// The most a cook timer counts, minutes (a day: the timers' `seconds` limit of 86 400).
    static let maxMinutes = 1440

    /// The one time `text` states, whole minutes (half a minute rounds up), or nil when it states none, more
    /// than one, or one under a minute or over a day.
    package static func minutes(in text: String) -> Int? {
        let times = Set(durations(in: text).filter { $0 >= 60 }.map { Int(($0 / 60).rounded()) })
        guard times.count == 1, let minutes = times.first, minutes <= maxMinutes else { return nil }
        return minutes
    }

    /// Every time `text` states, seconds (a range's upper end), in order; repeats (`every 5 minutes`) left out.
    static func durations(in text: String) -> [Double] {
        let tokens = tokenize(text)
        var out: [(end: Int, seconds: Double)] = []
        var i = 0
        while i < tokens.count {
            guard let time = time(tokens, at: i) else {
                i += 1
                continue
            }
            if repeatsBefore(tokens, at: i) {
                // "every 5 minutes": no duration, and no end of a range either.
            } else if let last = out.last, last.end + 2 == i, rangeWords.contains(tokens[last.end + 1]) {
                // "45 minutes to 1 hour": two times joined by a range word are one range.
                out[out.count - 1] = (time.end, max(last.seconds, time.seconds))
            } else {
                out.append((time.end, time.seconds))
            }
            i = time.end + 1
        }
        return out.map(\.seconds)
    }

    /// The time starting at `tokens[i]`: its seconds (a range's upper end) and the index of its last token.
    static func time(_ tokens: [String], at i: Int) -> (seconds: Double, end: Int)? {
        guard let first = number(tokens, at: i) else { return nil }
        var k = first.end + 1
        var value = first.value
        // "8-10", "8 to 10", "8 bis 10": the upper end.
        if k + 1 < tokens.count, rangeWords.contains(tokens[k]), let upper = number(tokens, at: k + 1) {
            value = max(value, upper.value)
            k = upper.end + 1
        }
        // "a 5-minute rest".
        if k + 1 < tokens.count, tokens[k] == "-", units[tokens[k + 1]] != nil { k += 1 }
        guard k < tokens.count, let unit = units[tokens[k]] else { return nil }
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
        if let more = number(tokens, at: next) {
            let after = more.end + 1
            if after < tokens.count, let small = units[tokens[after]], small < unit {
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

    /// A number at `tokens[i]` (digits, a fraction, a mixed number, a number word, "half an"), and its last token.
    static func number(_ tokens: [String], at i: Int) -> (value: Double, end: Int)? {
        guard i < tokens.count else { return nil }
        let token = tokens[i]
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

    /// Unit words: seconds per unit.
    static let units: [String: Double] = {
        var table: [String: Double] = [:]
        for word in ["min", "mins", "minute", "minutes", "minuten", "minuti", "minuto", "minutos", "minuut", "mn"] {
            table[word] = 60
        }
        for word in [
            "h", "hr", "hrs", "hour", "hours", "std", "stunde", "stunden", "heure", "heures", "hora", "horas", "ora",
            "ore", "uur",
        ] {
            table[word] = 3600
        }
        for word in [
            "sec", "secs", "second", "seconds", "sek", "sekunde", "sekunden", "seconde", "secondes", "segundo",
            "segundos", "secondo", "secondi", "seconden",
        ] {
            table[word] = 1
        }
        return table
    }()

    /// Unit words written shortened, whose dot ("Std.", "min.") is no full stop.
    static let abbreviations: Set<String> = ["min", "mins", "h", "hr", "hrs", "std", "sec", "secs", "sek"]

    /// Words between the two ends of a range: `-`, to, bis, à, a, tot, or, oder, ou, o, of.
    static let rangeWords: Set<String> = ["-", "to", "bis", "à", "a", "tot", "or", "oder", "ou", "o", "of"]
    /// Words that join a time's two units: and, und, et, y, e, en.
    static let joinWords: Set<String> = ["and", "und", "et", "y", "e", "en"]
    /// Words that make a time repeat rather than last.
    static let everyWords: Set<String> = ["every", "alle", "cada", "ogni", "elke", "chaque"]
    /// Half, as it stands before or after a unit: half, halbe, halben, demi, demie, media, medio, mezza,
    /// mezzo, mezz ("mezz'ora").
    static let halfWords: Set<String> = [
        "half", "halbe", "halben", "demi", "demie", "media", "medio", "mezza", "mezzo", "mezz",
    ]
    /// Number words in the six languages, the few a step's time is written with.
    static let numberWords: [String: Double] = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "fifteen": 15, "twenty": 20, "thirty": 30,
        "forty": 40, "ein": 1, "eine": 1, "einer": 1, "einen": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5,
        "zehn": 10, "fünfzehn": 15, "zwanzig": 20, "dreißig": 30, "eineinhalb": 1.5, "anderthalb": 1.5,
        "un": 1, "une": 1, "deux": 2, "trois": 3, "quatre": 4, "cinq": 5, "dix": 10, "quinze": 15, "vingt": 20,
        "trente": 30, "una": 1, "uno": 1, "dos": 2, "tres": 3, "cuatro": 4, "cinco": 5, "diez": 10, "quince": 15,
        "veinte": 20, "treinta": 30, "due": 2, "tre": 3, "quattro": 4, "cinque": 5, "dieci": 10, "quindici": 15,
        "venti": 20, "trenta": 30, "een": 1, "één": 1, "twee": 2, "drie": 3, "vijf": 5, "tien": 10,
        "vijftien": 15, "twintig": 20, "dertig": 30, "anderhalf": 1.5,
    ]
}
