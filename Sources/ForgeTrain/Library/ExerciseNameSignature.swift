/// What an exercise name says, whatever the app's word order, plurals and abbreviations (issue 38):
/// "Barbell Back Squat", "Back Squat (Barbell)" and "squat, back, BB" are one signature.
///
/// The name's words, lower-cased (letters and digits; any other character separates), each singular
/// (`Ups` → `up`, `Dips` → `dip`; never `press`), abbreviations spelt out (`BB` barbell, `DB` dumbbell,
/// `KB` kettlebell, `EZ` ez, `OHP` overhead press, `RDL` Romanian deadlift), run-together words split
/// (`Pullups` → pull up, `Chinups` → chin up, `Pushups` → push up), sorted and joined by one space.
package enum ExerciseNameSignature {
    /// The signature of `name` (see the type), `""` for a name with no words.
    package static func of(_ name: String) -> String {
        words(name).sorted().joined(separator: " ")
    }

    /// The signature of `name` as a barbell lift when it names no equipment at all ("Squat", "Shoulder
    /// Press", "Bent Over Row": the main lifts a log names bare are done with a bar); nil when it names one.
    package static func asBarbell(_ name: String) -> String? {
        let w = words(name)
        guard !w.isEmpty, w.allSatisfy({ !equipment.contains($0) }) else { return nil }
        return (w + ["barbell"]).sorted().joined(separator: " ")
    }

    /// Words that name equipment or a loading that changes the lift.
    static let equipment: Set<String> = [
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
