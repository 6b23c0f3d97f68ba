/// What an exercise name says, whatever the app's word order, plurals and abbreviations (issue 38):
/// "Barbell Back Squat", "Back Squat (Barbell)" and "squat, back, BB" are one signature.
///
/// The name's words, lower-cased (letters and digits; any other character separates), each singular
/// (`Ups` → `up`, `Dips` → `dip`; never `press`), abbreviations spelt out (`BB` barbell, `DB` dumbbell,
/// `KB` kettlebell, `BW` bodyweight, `OHP` overhead press, `RDL` Romanian deadlift, the misspelt `Dumbell`),
/// run-together words split (`Pullups` → pull up, `Chinups` → chin up, `Pushups` → push up, `Situps` → sit
/// up), sorted and joined by one space. Only ASCII letters and digits make words: a name with none has the
/// signature `""`, which matches nothing.
package enum ExerciseNameSignature {
    /// The signature of `name` (see the type), `""` for a name with no words.
    package static func of(_ name: String) -> String {
        words(name).sorted().joined(separator: " ")
    }

    /// ``words(_:)`` as a set, for tests of what a name says.
    package static func wordSet(_ name: String) -> Set<String> { Set(words(name)) }

    /// The signature of `name` as a barbell lift when it names no equipment at all ("Squat", "Shoulder
    /// Press", "Bent Over Row": the main lifts a log names bare are done with a bar); nil when it names one.
    package static func asBarbell(_ name: String) -> String? {
        let w = words(name)
        guard w.contains(where: mainLiftWords.contains), w.allSatisfy({ !equipment.contains($0) }) else { return nil }
        return (w + ["barbell"]).sorted().joined(separator: " ")
    }

    /// Words of the main barbell lifts (squat, bench/overhead/shoulder press, deadlift, row): only these are
    /// read as the barbell lift when a name gives no equipment ("Curl" or "Shrug" stay as they are).
    package static let mainLiftWords: Set<String> = ["squat", "press", "deadlift", "row"]

    /// Words that name equipment or a loading that changes the lift.
    package static let equipment: Set<String> = [
        "barbell", "dumbbell", "kettlebell", "cable", "machine", "smith", "band", "ez", "bodyweight", "weighted",
        "assisted", "trap", "hex", "landmine", "plate", "sled", "ball", "ring", "trx", "lever",
    ]

    static let spelt: [String: [String]] = [
        "bb": ["barbell"], "db": ["dumbbell"], "kb": ["kettlebell"], "ohp": ["overhead", "press"],
        "rdl": ["romanian", "deadlift"], "bw": ["bodyweight"], "pullup": ["pull", "up"], "chinup": ["chin", "up"],
        "pushup": ["push", "up"], "situp": ["sit", "up"], "dumbell": ["dumbbell"],
    ]

    static func words(_ name: String) -> [String] {
        let raw = name.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.map(String.init)
        return raw.flatMap { word -> [String] in
            let one = word.count >= 3 && word.hasSuffix("s") && !word.hasSuffix("ss") ? String(word.dropLast()) : word
            return spelt[one] ?? spelt[word] ?? [one]
        }
    }
}
