/// The four meal slots of a food day, declared in display order
/// (breakfast, lunch, dinner, snack). Also the four recipe kinds.
package enum MealSlot: String, Codable, Sendable, CaseIterable, Comparable {
    case breakfast, lunch, dinner, snack

    package static func < (a: MealSlot, b: MealSlot) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
