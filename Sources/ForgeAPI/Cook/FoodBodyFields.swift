import ForgeCook
import ForgeCore
import ForgeHTTP

/// Body fields for food routes not yet typed (the cook-session meal log),
/// with the contract's errors (422 validation shape for types and limits,
/// docs/contract.md §1.4). Typed food routes decode ``MealLogBody`` and friends instead.
extension JSONBody {
    /// An optional finite number (or numeric string); nil when absent or null.
    /// - Throws: 422 `float_parsing` when present but not a number; 422
    ///   `greater_than_equal` when below `minimum`.
    func foodNumber(_ key: String, minimum: Double? = nil) throws -> Double? {
        guard let value = object[key], !value.isNull else { return nil }
        let number = try double(key)
        if let minimum, number < minimum {
            throw ValidationFailure.error(
                loc: ["body", key], type: "greater_than_equal",
                msg: "Input should be greater than or equal to \(NumberText.shortest(minimum))",
                input: value)
        }
        return number
    }

    /// The `slot` field: `default` when absent; 400 with the contract's message when not one of the four.
    func mealSlot(default fallback: MealSlot? = nil) throws -> MealSlot {
        let text: String
        if let fallback {
            text = try optionalString("slot") ?? fallback.rawValue
        } else {
            text = try string("slot")
        }
        guard let slot = MealSlot(rawValue: text) else {
            throw FoodField.badSlot
        }
        return slot
    }
}
