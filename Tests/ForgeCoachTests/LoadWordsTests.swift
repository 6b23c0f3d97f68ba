import ForgeTrain
import Testing

@testable import ForgeCoach

/// Issue 28 item 5: loads in the coach's words read as a lifter reads them, never
/// with two stray decimals ("88.21 lb", "176.37 lb" before).
struct LoadWordsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let kg: Double
        let unit: LoadUnit
        let words: String
        var testDescription: String { "\(kg) kg → \(words)" }
    }

    @Test(arguments: [
        Case(kg: 40.01, unit: .lb, words: "88.2 lb"),  // 88.2077… lb
        Case(kg: 80.0, unit: .lb, words: "176.4 lb"),  // 176.3698… lb
        Case(kg: 61.23496995, unit: .lb, words: "135 lb"),  // 135 lb stored at full precision
        Case(kg: 73.70951, unit: .lb, words: "162.5 lb"),  // on the plate grid
        Case(kg: 0.56699046, unit: .lb, words: "1.25 lb"),  // the smallest lb plate: exact
        Case(kg: 105.68702221, unit: .kg, words: "105.7 kg"),  // 0.1 kg, half-to-even
        Case(kg: 61.25, unit: .kg, words: "61.25 kg"),  // a 1.25 kg plate step: exact
        Case(kg: 62.5, unit: .kg, words: "62.5 kg"),
        Case(kg: 60.0, unit: .kg, words: "60 kg"),
    ])
    func loadsReadOnThePlateGridOrToOneDecimal(_ c: Case) {
        #expect(CoachQueries.load(c.kg, c.unit) == c.words)
    }
}
