import ForgeCoach
import Testing

/// What one intake answer should be read as (issue 41).
enum Heard: Sendable, CustomStringConvertible {
    /// Training on exactly these weekdays (0 = Monday).
    case days([Int])
    /// This many days a week, no weekday named.
    case count(Int)
    /// A niggle of this body part avoiding exactly these patterns.
    case injury(String, [String])
    /// "No injuries".
    case noInjuries
    /// The goal, filed in these words.
    case goal(String)
    /// The experience answer, filed in these words.
    case experience(String)
    /// No schedule: an ordinary word ("sat", "sun") is not a training day.
    case noSchedule
    /// One niggle, kept in exactly these words (the clause about the body part).
    case niggleWords(String)

    var description: String {
        switch self {
        case .days(let d): "days \(d)"
        case .count(let n): "\(n) a week"
        case .injury(let p, let a): "\(p) avoiding \(a)"
        case .noInjuries: "no injuries"
        case .goal(let g): "goal \(g)"
        case .experience(let e): "experience \(e)"
        case .noSchedule: "no schedule"
        case .niggleWords(let w): "niggle \"\(w)\""
        }
    }
}

/// Real-sounding intake answers as members type them, and what the built-in
/// coach must hear in each (``IntakeReading``, ``ScheduleReading``, ``InjuryReading``).
struct IntakeAnswerTableTests {
    static let all = ["goal", "schedule", "experience", "injuries"]
    /// A trial member's opening message (issue 41 trial): goal, schedule and a niggle at once.
    static let allAtOnce =
        "Hi, I want to lose some fat and keep my strength. I can do mon/wed/fri for about an hour, "
        + "and my lower back hurts when I deadlift."

    static let table: [(asked: String, text: String, heard: Heard)] = [
        // Days in any order and form.
        ("schedule", "4 days: Monday, Wednesday, Thursday and Saturday", .days([0, 2, 3, 5])),
        ("schedule", "Saturday, Monday and Wednesday", .days([0, 2, 5])),
        ("schedule", "mon/wed/fri", .days([0, 2, 4])),
        ("schedule", "Tues and Thurs evenings, about 45 mins", .days([1, 3])),
        ("schedule", "Mondays & Thursdays", .days([0, 3])),
        ("schedule", "Sun, Tue, Thu", .days([1, 3, 6])),
        ("schedule", "Monday to Friday", .days([0, 1, 2, 3, 4])),
        ("schedule", "Mon-Fri but not Wednesday", .days([0, 1, 3, 4])),
        ("schedule", "every day except Sunday", .days([0, 1, 2, 3, 4, 5])),
        ("schedule", "weekends", .days([5, 6])),
        ("schedule", "Only weekends, about 90 minutes", .days([5, 6])),
        ("schedule", "Sat & Sun mornings", .days([5, 6])),
        ("schedule", "every other day", .days([0, 2, 4, 6])),
        ("schedule", "Weekdays, 3 of them, lunchtimes", .days([0, 2, 4])),
        ("schedule", "any day but Friday, 4 sessions", .days([0, 2, 3, 6])),
        ("schedule", "I can do Monday and Thursday evenings plus a long run on Sunday", .days([0, 3, 6])),
        ("schedule", "Tu/Th/Sa", .days([1, 3, 5])),
        ("schedule", "Wednesday. And Saturday morning.", .days([2, 5])),
        // Counts.
        ("schedule", "3x a week", .count(3)),
        ("schedule", "three times a week, an hour each", .count(3)),
        ("schedule", "twice a week", .count(2)),
        ("schedule", "Probably 3, maybe 4 if work is quiet", .count(3)),
        ("schedule", "1 hour, 3 days a week", .count(3)),
        ("schedule", "45 minutes, four days", .count(4)),
        ("schedule", "3-4 days", .count(3)),
        ("schedule", "5 days a week, an hour each", .count(5)),
        ("schedule", "once a week to be honest", .count(1)),
        // Injuries in plain words.
        ("injuries", "My left knee gets sore on deep squats", .injury("Left knee", ["deep_squat", "deep_lunge"])),
        ("injuries", "My lower back twinges on deadlifts", .injury("Lower back", ["hinge"])),
        ("injuries", "right shoulder clicks when I press overhead", .injury("Right shoulder", ["overhead_press"])),
        ("injuries", "dodgy knees", .injury("Knee", ["lunge", "deep_lunge"])),
        ("injuries", "Bad back", .injury("Lower back", ["hinge", "trunk_flexion"])),
        ("injuries", "My knee hurts when I squat", .injury("Knee", ["squat", "deep_lunge"])),
        ("injuries", "Lunges hurt my right knee", .injury("Right knee", ["lunge", "deep_lunge"])),
        ("injuries", "tennis elbow, flares up sometimes", .injury("Elbow", [])),
        ("injuries", "Pull-ups aggravate my left shoulder", .injury("Left shoulder", ["vertical_pull"])),
        ("injuries", "none", .noInjuries),
        ("injuries", "Nope, all good!", .noInjuries),
        ("injuries", "No injuries at the moment", .noInjuries),
        ("injuries", "Nothing really", .noInjuries),
        // Goals and experience, asked or answered ahead.
        ("goal", "Hi! I want to get stronger and run a 10k.", .goal("I want to get stronger and run a 10k")),
        ("goal", "Lose a bit of weight and feel fitter", .goal("Lose a bit of weight and feel fitter")),
        ("goal", "Bit of everything", .goal("Bit of everything")),
        ("experience", "A few months", .experience("A few months")),
        ("experience", "complete beginner", .experience("complete beginner")),
        ("experience", "on and off for about 5 years", .experience("on and off for about 5 years")),
        // Answers ahead: the later question is read from the earlier answer.
        ("goal", "Get stronger. I can train Mondays and Thursdays.", .days([0, 3])),
        ("goal", "Build muscle; I've been lifting for 2 years", .experience("I've been lifting for 2 years")),
        ("schedule", "Mon, Wed, Fri. My left knee is dodgy though", .injury("Left knee", ["lunge", "deep_lunge"])),
        // Ordinary words that are also short day forms, answering another question: not a schedule.
        ("goal", "Get stronger. I sat at a desk for ten years and it shows.", .noSchedule),
        ("goal", "I want to run in the sun more", .noSchedule),
        ("goal", "Be fit for the wedding, we wed in June", .noSchedule),
        ("goal", "Lose the belly I got from years of sun loungers and sat navs", .noSchedule),
        ("goal", "Tone up before the holiday; I want to feel good in the sun", .noSchedule),
        ("experience", "I sat on the bench at school, never really lifted", .noSchedule),
        // Beside another day name, a short form is a day whatever was asked.
        ("goal", "Get stronger. I can do Sat & Sun mornings.", .days([5, 6])),
        ("goal", "Build muscle, tu/th after work", .days([1, 3])),
        ("goal", "More stamina; Mon-Sat would suit me", .days([0, 1, 2, 3, 4, 5])),
        // Everything at once, greeting first: the greeting is not the goal, the niggle is only
        // the clause about the body part.
        ("goal", Self.allAtOnce, .goal("I want to lose some fat and keep my strength")),
        ("goal", Self.allAtOnce, .days([0, 2, 4])),
        ("goal", Self.allAtOnce, .injury("Lower back", ["hinge"])),
        ("goal", Self.allAtOnce, .niggleWords("my lower back hurts when I deadlift")),
        ("goal", "Hi I want to get stronger", .goal("I want to get stronger")),
        ("goal", "Hello! Build muscle, but my left shoulder clicks when I press overhead", .goal("Build muscle")),
        (
            "goal", "Hello! Build muscle, but my left shoulder clicks when I press overhead",
            .injury("Left shoulder", ["overhead_press"])
        ),
        ("goal", "Hey there, I'd like to get fitter. Tuesdays and Thursdays work.", .goal("I'd like to get fitter")),
        ("goal", "Hey there, I'd like to get fitter. Tuesdays and Thursdays work.", .days([1, 3])),
        (
            "goal", "Morning, I want to run a 5k. Weekends only, and my left ankle is stiff after runs.",
            .goal("I want to run a 5k")
        ),
        ("goal", "Morning, I want to run a 5k. Weekends only, and my left ankle is stiff after runs.", .days([5, 6])),
        (
            "goal", "Morning, I want to run a 5k. Weekends only, and my left ankle is stiff after runs.",
            .niggleWords("my left ankle is stiff after runs")
        ),
        ("goal", "Hi! Get stronger; 3x a week; dodgy knees", .goal("Get stronger")),
        ("goal", "Hi! Get stronger; 3x a week; dodgy knees", .count(3)),
        ("goal", "Hi! Get stronger; 3x a week; dodgy knees", .injury("Knee", ["lunge", "deep_lunge"])),
        (
            "goal", "Morning runs are my thing and I want a 10k PB",
            .goal("Morning runs are my thing and I want a 10k PB")
        ),
        // Answering the schedule question, a short form alone is a day.
        ("schedule", "sun", .days([6])),
        ("schedule", "Sat mornings", .days([5])),
    ]

    /// A row whose `asked` is not a question key would be read as if nothing had been asked.
    @Test func everyRowAnswersOneOfTheIntakeQuestions() {
        #expect(Self.all == Intake.questions.map(\.key))
        let unknown = Self.table.filter { !Self.all.contains($0.asked) }.map(\.text)
        #expect(unknown.isEmpty, "\(unknown)")
    }

    @Test(arguments: table)
    func eachAnswerIsHeardAsMeant(asked: String, text: String, heard: Heard) {
        let read = IntakeReading.read(text, open: Self.all, asked: asked)
        switch heard {
        case .days(let days):
            let schedule = ScheduleReading.read(read["schedule"] ?? "")
            #expect(schedule?.weekdays == days, "\(text) → \(String(describing: schedule))")
        case .count(let n):
            let schedule = ScheduleReading.read(read["schedule"] ?? "")
            #expect(schedule?.weekdays == [] && schedule?.days == n, "\(text) → \(String(describing: schedule))")
        case .injury(let part, let avoid):
            let notes = InjuryReading.read(read["injuries"] ?? "", asked: true).notes
            #expect(notes.map(\.bodyPart) == [part], "\(text) → \(notes)")
            #expect(notes.first.map { Set($0.avoid) } == Set(avoid), "\(text) → \(notes)")
            // The niggle keeps the member's own words.
            #expect(notes.first.map { text.contains($0.words) } == true, "\(text) → \(notes)")
        case .noInjuries:
            let injuries = InjuryReading.read(read["injuries"] ?? "", asked: true)
            #expect(injuries.none && injuries.notes.isEmpty, "\(text)")
        case .goal(let goal):
            #expect(read["goal"] == goal, "\(text) → \(read)")
        case .experience(let experience):
            #expect(read["experience"] == experience, "\(text) → \(read)")
        case .noSchedule:
            #expect(read["schedule"] == nil, "\(text) → \(read)")
        case .niggleWords(let words):
            let notes = InjuryReading.read(read["injuries"] ?? "", asked: true).notes
            #expect(notes.map(\.words) == [words], "\(text) → \(notes)")
        }
    }

    @Test func aDurationIsNotADayCount() {
        #expect(ScheduleReading.read("an hour, twice a week")?.minutes == 60)
        #expect(ScheduleReading.read("1.5 hours, 3x a week")?.minutes == 90)
        #expect(ScheduleReading.read("an hour, twice a week")?.days == 2)
    }

    @Test func aGreetingAloneAnswersNothing() {
        #expect(IntakeReading.read("Hi, what should I lift?", open: Self.all, asked: nil).isEmpty)
        #expect(IntakeReading.read("Hello!", open: Self.all, asked: "goal").isEmpty)
    }
}
