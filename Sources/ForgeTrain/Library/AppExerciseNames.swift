/// The logging apps' exercise names that mean a library exercise (issue 24).
///
/// Strong and Hevy name an exercise `Name (Equipment)`; FitNotes writes plain
/// names with the equipment in front (`Flat Barbell Bench Press`). Names compare
/// by ``FreeExerciseDB/key(_:)`` (lower-case letters and digits only), so
/// `Bench Press (Barbell)`, `bench press (barbell)` and `Bench-Press (Barbell)`
/// are one entry. A name found neither here nor among the library's own names
/// becomes a new library exercise marked as imported (``ExerciseNameMatcher``).
///
/// What maps: the same movement under another name, grip or equipment when the
/// library does not tell those apart (`Lateral Raise (Cable)` → `lateral-raise`,
/// `Lat Pulldown - Close Grip (Cable)` → `lat-pulldown`); where the library does
/// (barbell vs dumbbell bench press, curl, Romanian deadlift, shoulder press)
/// each goes to its own slug. What stays new: a different movement or a variant
/// whose loads mean something else: assisted pull-ups and dips (the load is help),
/// machine or Smith-machine versions of a lift the library names by its equipment
/// (`Shoulder Press (Machine)`, `Squat (Smith Machine)`, `Shrug (Dumbbell)`,
/// `Hip Thrust (Machine)`), named variants (preacher, incline, Bayesian curls) and
/// Hevy's timed `Warm Up`.
package enum AppExerciseNames {
    /// App name → library slug.
    package static let table: [String: String] = {
        var out: [String: String] = [:]
        for (slug, names) in bySlug {
            for name in names { out[FreeExerciseDB.key(name)] = slug }
        }
        return out
    }()

    /// Library slug → the apps' names for it (Strong, Hevy, FitNotes).
    package static let bySlug: [String: [String]] = [
        "back-squat": [
            "Squat (Barbell)", "Back Squat (Barbell)", "Barbell Squat", "Full Squat (Barbell)", "High Bar Squat",
        ],
        "front-squat": ["Front Squat (Barbell)", "Front Squat", "Barbell Front Squat"],
        "deadlift": ["Deadlift (Barbell)", "Deadlift", "Conventional Deadlift", "Barbell Deadlift"],
        "romanian-deadlift": ["Romanian Deadlift (Barbell)", "Romanian Deadlift", "Barbell Romanian Deadlift"],
        "db-romanian-deadlift": ["Romanian Deadlift (Dumbbell)", "Dumbbell Romanian Deadlift"],
        "sumo-deadlift": ["Sumo Deadlift (Barbell)", "Sumo Deadlift"],
        "bench-press": ["Bench Press (Barbell)", "Flat Barbell Bench Press", "Barbell Bench Press"],
        "db-bench-press": ["Bench Press (Dumbbell)", "Flat Dumbbell Bench Press", "Dumbbell Bench Press"],
        "incline-bench-press": ["Incline Bench Press (Barbell)", "Incline Barbell Bench Press"],
        "incline-db-press": [
            "Incline Bench Press (Dumbbell)", "Incline Dumbbell Bench Press", "Incline Dumbbell Press",
        ],
        "close-grip-bench": [
            "Bench Press - Close Grip (Barbell)", "Close Grip Bench Press (Barbell)", "Close Grip Barbell Bench Press",
        ],
        "overhead-press": [
            "Overhead Press (Barbell)", "Strict Military Press (Barbell)", "Shoulder Press (Barbell)",
            "Standing Military Press (Barbell)", "Overhead Press", "Overhead Press (OHP)",
        ],
        "db-shoulder-press": [
            "Overhead Press (Dumbbell)", "Shoulder Press (Dumbbell)", "Seated Overhead Press (Dumbbell)",
            "Seated Dumbbell Press", "Dumbbell Shoulder Press",
        ],
        "landmine-press": ["Landmine Press", "Landmine Press (Barbell)"],
        "barbell-row": ["Bent Over Row (Barbell)", "Barbell Row", "Bent Over Barbell Row", "Pendlay Row (Barbell)"],
        "db-row": [
            "Bent Over One Arm Row (Dumbbell)", "Dumbbell Row", "One Arm Dumbbell Row", "Dumbbell Row (Dumbbell)",
        ],
        "seated-row": [
            "Seated Row (Cable)", "Seated Cable Row - V Grip (Cable)", "Seated Cable Row", "Seated Row (Machine)",
            "Seated Cable Row - Bar Grip", "Seated Cable Row - Bar Wide Grip",
        ],
        "lat-pulldown": [
            "Lat Pulldown (Cable)", "Lat Pulldown (Machine)", "Lat Pulldown", "Wide Grip Lat Pulldown",
            "Lat Pulldown - Close Grip (Cable)", "Lat Pulldown - Wide Grip (Cable)", "Lat Pulldown - Underhand (Cable)",
        ],
        "pull-up": [
            "Pull Up", "Pull Up (Weighted)", "Pull-Up", "Pull Up (Bodyweight)", "Wide Pull Up", "Wide Grip Pull Up",
        ],
        "chin-up": ["Chin Up", "Chin Up (Weighted)", "Chin-Up"],
        "barbell-curl": [
            "Bicep Curl (Barbell)", "Barbell Curl", "Biceps Curl (Barbell)", "EZ Bar Biceps Curl",
            "Bicep Curl (EZ Bar)", "EZ Bar Curl",
        ],
        "db-curl": ["Bicep Curl (Dumbbell)", "Dumbbell Curl", "Biceps Curl (Dumbbell)"],
        "hammer-curl": ["Hammer Curl (Dumbbell)", "Hammer Curl", "Dumbbell Hammer Curl", "Hammer Curl (Cable)"],
        "cable-curl": ["Bicep Curl (Cable)", "Cable Curl", "Biceps Curl (Cable)"],
        "triceps-pushdown": [
            "Triceps Pushdown (Cable - Straight Bar)", "Triceps Pushdown", "Triceps Rope Pushdown",
            "Rope Push Down", "Triceps Pushdown (Cable)", "Tricep Pushdown", "Triceps Pressdown",
            "Triceps Pushdown (Cable - Rope)",
        ],
        "skullcrusher": ["Skullcrusher (Barbell)", "Lying Triceps Extension (Barbell)", "Lying Triceps Extension"],
        "overhead-triceps-extension": [
            "Triceps Extension (Dumbbell)", "Overhead Triceps Extension (Cable)", "Overhead Triceps Extension",
            "Triceps Extension (Cable)",
        ],
        "lateral-raise": [
            "Lateral Raise (Dumbbell)", "Dumbbell Lateral Raise", "Lateral Raise", "Lateral Raise (Cable)",
            "Lateral Raise (Machine)", "Single Arm Lateral Raise (Cable)", "Cable Lateral Raise",
        ],
        "face-pull": ["Face Pull (Cable)", "Face Pull", "Rope Face Pull", "Cable 1-Arm Face Pull"],
        "leg-press": ["Leg Press", "Leg Press (Machine)", "Leg Press Horizontal (Machine)"],
        "leg-extension": ["Leg Extension (Machine)", "Leg Extension Machine", "Leg Extension"],
        "leg-curl": [
            "Seated Leg Curl (Machine)", "Lying Leg Curl (Machine)", "Seated Leg Curl Machine",
            "Lying Leg Curl Machine", "Leg Curl", "Leg Curl (Machine)",
        ],
        "standing-calf-raise": [
            "Standing Calf Raise (Machine)", "Calf Raise (Machine)", "Standing Calf Raise Machine",
            "Standing Calf Raise", "Standing Calf Raise (Dumbbell)", "Standing Calf Raise (Barbell)",
            "Standing Calf Raise (Bodyweight)", "Standing Calf Raise (Smith Machine)",
        ],
        "hip-thrust": ["Hip Thrust (Barbell)", "Hip Thrust", "Barbell Hip Thrust"],
        "glute-bridge": ["Glute Bridge", "Glute Bridge (Bodyweight)"],
        "walking-lunge": ["Lunge (Dumbbell)", "Walking Lunge (Dumbbell)", "Walking Lunge", "Dumbbell Lunge"],
        "reverse-lunge": ["Reverse Lunge (Dumbbell)", "Reverse Lunge"],
        "bulgarian-split-squat": ["Bulgarian Split Squat (Dumbbell)", "Bulgarian Split Squat"],
        "split-squat": ["Split Squat (Dumbbell)", "Split Squat"],
        "goblet-squat": ["Goblet Squat (Kettlebell)", "Goblet Squat (Dumbbell)", "Goblet Squat"],
        "good-morning": ["Good Morning (Barbell)", "Good Morning"],
        "kettlebell-swing": ["Kettlebell Swing", "Kettlebell Swing (Kettlebell)", "Russian Kettlebell Swing"],
        "step-up": ["Step-up (Dumbbell)", "Step Up", "Dumbbell Step Up"],
        "machine-chest-press": [
            "Chest Press (Machine)", "Machine Chest Press", "Chest Press", "Iso-Lateral Chest Press (Machine)",
        ],
        "pec-deck": ["Chest Fly (Machine)", "Butterfly (Pec Deck)", "Pec Deck (Machine)", "Pec Deck"],
        "cable-crossover": ["Cable Crossover", "Cable Fly Crossovers", "Cable Crossover (Cable)"],
        "dips": ["Chest Dip", "Triceps Dip", "Dips", "Parallel Bar Triceps Dip", "Chest Dip (Weighted)"],
        "push-up": ["Push Up", "Push-Up", "Push Up (Bodyweight)", "Push Up (Weighted)"],
        "straight-arm-pulldown": [
            "Straight Arm Pulldown (Cable)", "Straight Arm Pulldown", "Straight Arm Lat Pulldown (Cable)",
        ],
        "rear-delt-fly": [
            "Reverse Fly (Dumbbell)", "Rear Delt Reverse Fly (Dumbbell)", "Rear Delt Fly",
            "Rear Delt Reverse Fly (Cable)", "Rear Delt Reverse Fly (Machine)", "Reverse Fly (Cable)",
            "Reverse Fly (Machine)", "Reverse Fly Single Arm (Cable)",
        ],
        "shrug": ["Shrug (Barbell)", "Barbell Shrug", "Shrug"],
        "crunch": ["Crunch", "Crunch (Bodyweight)", "Crunch (Weighted)", "Crunch (Machine)"],
        "cable-crunch": ["Cable Crunch", "Cable Crunch (Cable)"],
        "russian-twist": ["Russian Twist", "Russian Twist (Bodyweight)", "Russian Twist (Weighted)"],
        "ab-wheel": ["Ab Wheel", "Ab-Wheel Rollout", "Ab Wheel Rollout"],
        "plank": ["Plank", "Plank (Bodyweight)"],
        "side-plank": ["Side Plank", "Side Plank (Bodyweight)"],
        "dead-bug": ["Dead Bug", "Dead Bug (Bodyweight)"],
        "hanging-leg-raise": ["Hanging Leg Raise", "Hanging Knee Raise"],
        "back-extension": [
            "Back Extension", "Back Extension (Hyperextension)", "Back Extension (Machine)",
            "Back Extension (Weighted Hyperextension)",
        ],
    ]
}
