import Foundation

/// The words ``WrittenDuration`` reads, in English, German, French, Spanish, Italian and Dutch.
extension WrittenDuration {
    /// Seconds per unit of the unit word `word` as `reading` reads it: ``units``, and in a field also
    /// ``fieldUnits``.
    static func unit(_ word: String, _ reading: Reading) -> Double? {
        units[word] ?? (reading == .field ? fieldUnits[word] : nil)
    }

    /// Unit words read wherever they stand: seconds per unit.
    static let units: [String: Double] = {
        var table: [String: Double] = [:]
        for word in secondWords { table[word] = 1 }
        for word in minuteWords { table[word] = 60 }
        for word in hourWords { table[word] = 3600 }
        return table
    }()
    static let secondWords = [
        "sec", "secs", "second", "seconds", "sek", "sekunde", "sekunden", "seconde", "secondes", "segundo",
        "segundos", "secondo", "secondi", "seconden",
    ]
    static let minuteWords = [
        "min", "mins", "minute", "minutes", "minuten", "minuti", "minuto", "minutos", "minuut", "mn",
    ]
    static let hourWords = [
        "h", "hr", "hrs", "hour", "hours", "std", "stunde", "stunden", "heure", "heures", "hora", "horas", "ora",
        "ore", "uur",
    ]

    /// Unit words read only in a time field, where nothing else stands beside the time: single letters
    /// ("22m", "30s", "2d"), which in running text are as often metres, a plural's "'s" or a colour's
    /// digits; days, which no step's timer counts; and the units of Swedish, Danish and Norwegian pages'
    /// printed times ("30 minuter", "1 time"), beyond the six languages a step's timer reads.
    static let fieldUnits: [String: Double] = [
        "s": 1, "sekund": 1, "sekunder": 1, "m": 60, "minut": 60, "minuter": 60, "minutter": 60, "time": 3600,
        "timer": 3600, "timme": 3600, "timmar": 3600, "d": 86_400, "day": 86_400, "days": 86_400,
    ]

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
