import ForgeCore
import Foundation

/// The free-exercise-db dataset (public domain, Unlicense,
/// github.com/yuhonas/free-exercise-db): `exercises.json` plus images at
/// `exercises/<id>/0.jpg` and `1.jpg`.
package enum FreeExerciseDB {
    /// One dataset entry (only the fields forged reads).
    package struct Entry: Decodable, Sendable {
        package let id: String
        package let name: String
        package let equipment: String?
        package let primaryMuscles: [String]
        package let secondaryMuscles: [String]
        package let instructions: [String]
        package let category: String
        package let images: [String]
    }

    /// Library slug → dataset name where the names differ (matched names
    /// compare lower-cased with only letters and digits kept).
    package static let nameMap: [String: String] = [
        "back-squat": "Barbell Squat", "deadlift": "Barbell Deadlift",
        "bench-press": "Barbell Bench Press - Medium Grip",
        "barbell-row": "Bent Over Barbell Row", "db-bench-press": "Dumbbell Bench Press",
        "overhead-press": "Standing Military Press", "pull-up": "Pullups", "front-squat": "Front Barbell Squat",
        "lat-pulldown": "Wide-Grip Lat Pulldown", "seated-row": "Seated Cable Rows", "push-up": "Pushups",
        "leg-extension": "Leg Extensions", "leg-curl": "Lying Leg Curls", "lateral-raise": "Side Lateral Raise",
        "hammer-curl": "Hammer Curls", "crunch": "Crunches", "db-curl": "Dumbbell Bicep Curl",
        "incline-bench-press": "Barbell Incline Bench Press - Medium Grip",
        "incline-db-press": "Incline Dumbbell Press",
        "db-shoulder-press": "Dumbbell Shoulder Press", "close-grip-bench": "Close-Grip Barbell Bench Press",
        "standing-calf-raise": "Standing Calf Raises", "ab-wheel": "Ab Roller", "split-squat": "Split Squats",
        "walking-lunge": "Dumbbell Lunges", "step-up": "Dumbbell Step Ups", "db-row": "One-Arm Dumbbell Row",
        "skullcrusher": "EZ-Bar Skullcrusher", "dips": "Dips - Chest Version", "side-plank": "Side Bridge",
        "back-extension": "Hyperextensions (Back Extensions)", "kettlebell-swing": "One-Arm Kettlebell Swings",
        "cable-curl": "Standing Biceps Cable Curl", "rear-delt-fly": "Reverse Flyes",
        "pec-deck": "Butterfly", "machine-chest-press": "Leverage Chest Press", "glute-bridge": "Butt Lift (Bridge)",
        // Issue 28: every library exercise the dataset has.
        "db-romanian-deadlift": "Stiff-Legged Dumbbell Deadlift", "reverse-lunge": "Dumbbell Rear Lunge",
        "overhead-triceps-extension": "Standing Dumbbell Triceps Extension",
        "quad-hip-flexor-stretch": "Intermediate Hip Flexor and Quad Stretch",
        // Issue 41 item 12, each checked against the dataset's photos and instructions: dips with the
        // chest leaning in (the library's are chest dips), the chest-supported reverse fly, the plate-loaded
        // chest press, the rear-foot-elevated split squat (Bulgarian), the landmine press one-armed (a
        // linear jammer), the treadmill walk, the chest-and-shoulder doorway stretch. Only the 90/90 hip
        // stretch has none.
        "bulgarian-split-squat": "Split Squat with Dumbbells", "landmine-press": "Single-Arm Linear Jammer",
        "walk-easy": "Walking, Treadmill", "chest-doorway-stretch": "Chest And Front Of Shoulder Stretch",
    ]

    /// Dataset muscle → the library's muscle vocabulary.
    static let muscles: [String: String] = [
        "abdominals": "Abs", "quadriceps": "Quads", "hamstrings": "Hamstrings", "glutes": "Glutes", "chest": "Chest",
        "lats": "Back", "middle back": "Upper back", "lower back": "Lower back", "shoulders": "Shoulders",
        "biceps": "Biceps", "triceps": "Triceps", "calves": "Calves", "forearms": "Forearms", "traps": "Traps",
        "adductors": "Adductors", "abductors": "Abductors", "neck": "Neck",
    ]

    /// Lower-cased letters and digits only: `"Pull-Up"` → `"pullup"`.
    package static func key(_ name: String) -> String {
        String(
            name.lowercased().unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) && $0.isASCII }.map(
                Character.init))
    }

    /// A slug from a dataset name: lower-case words joined by `-`.
    package static func slug(_ name: String) -> String {
        name.lowercased().split { !($0.isASCII && ($0.isLetter || $0.isNumber)) }.joined(separator: "-")
    }

    /// The dataset entry for each library exercise that has one (explicit map first, then equal names).
    package static func matches(library: [Exercise], entries: [Entry]) -> [String: Entry] {
        let byKey = Dictionary(entries.map { (key($0.name), $0) }, uniquingKeysWith: { a, _ in a })
        var out: [String: Entry] = [:]
        for e in library {
            if let entry = byKey[key(nameMap[e.slug] ?? e.name)] { out[e.slug] = entry }
        }
        return out
    }

    /// A library exercise for a dataset strength entry: kind from equipment
    /// (barbell/EZ bar → bb, dumbbell/kettlebells → db, machine/cable →
    /// machine, else bw), muscles in library words, cues = instructions.
    package static func exercise(_ entry: Entry) -> Exercise {
        let (kind, items): (ExerciseKind, [String]) =
            switch entry.equipment ?? "" {
            case "barbell": (.bb, ["Barbell + power rack"])
            case "e-z curl bar": (.bb, ["EZ bar"])
            case "dumbbell": (.db, ["Dumbbells"])
            case "kettlebells": (.db, ["Kettlebells"])
            case "cable": (.machine, ["Cable stack"])
            case "machine": (.machine, ["Machine"])
            case "bands": (.bw, ["Resistance bands"])
            default: (.bw, [])
            }
        func words(_ list: [String]) -> [String] { list.map { muscles[$0] ?? $0.capitalized } }
        return Exercise(
            slug: slug(entry.name), name: entry.name, kind: kind, primaryMuscles: words(entry.primaryMuscles),
            secondaryMuscles: words(entry.secondaryMuscles), equipment: items, patterns: [],
            cues: entry.instructions, dont: "", benefit: "", hasImages: !entry.images.isEmpty)
    }
}
