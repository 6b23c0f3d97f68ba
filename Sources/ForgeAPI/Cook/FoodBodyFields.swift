import ForgeCook
import ForgeCore
import ForgeHTTP

/// Body fields of the food write routes, with the contract's errors
/// (422 validation shape for types and limits, API.md §1.4).
extension JSONBody {
    /// An optional finite number (or numeric string); nil when absent or null.
    /// - Throws: 422 `float_parsing` when present but not a number; 422
    ///   `greater_than_equal` when below `minimum`.
    func foodNumber(_ key: String, minimum: Double? = nil) throws -> Double? {
        guard let value = object[key], !value.isNull else { return nil }
        let number = try double(key)
        if let minimum, number < minimum {
            throw ValidationFailure.error(loc: ["body", key], type: "greater_than_equal",
                                          msg: "Input should be greater than or equal to \(NumberText.shortest(minimum))",
                                          input: value)
        }
        return number
    }

    /// An optional string of at most `maxLength` characters; nil when absent or null.
    /// - Throws: 422 `string_type`, or 422 `string_too_long`.
    func foodText(_ key: String, maxLength: Int? = nil) throws -> String? {
        guard let text = try optionalString(key) else { return nil }
        if let maxLength, text.count > maxLength {
            throw ValidationFailure.error(loc: ["body", key], type: "string_too_long",
                                          msg: "String should have at most \(maxLength) characters",
                                          input: .string(text))
        }
        return text
    }

    /// An optional list of strings; `[]` when absent or null.
    /// - Throws: 422 `list_type` when not a list, `string_type` for a non-string item.
    func foodStrings(_ key: String) throws -> [String] {
        guard let value = object[key], !value.isNull else { return [] }
        guard case .array(let items) = value else {
            throw ValidationFailure.error(loc: ["body", key], type: "list_type", msg: "Input should be a valid list",
                                          input: value)
        }
        return try items.enumerated().map { index, item in
            guard case .string(let s) = item else {
                throw ValidationFailure.error(loc: ["body", key, String(index)], type: "string_type",
                                              msg: "Input should be a valid string", input: item)
            }
            return s
        }
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
            throw HTTPError(400, "slot must be one of ['breakfast', 'lunch', 'dinner', 'snack']")
        }
        return slot
    }

    /// The `date` field: absent or "" → `today`; not `YYYY-MM-DD` → 400 `bad date`.
    func foodDate(today: LocalDate) throws -> LocalDate {
        guard let text = try optionalString("date"), !text.isEmpty else { return today }
        guard let date = LocalDate(text) else { throw HTTPError(400, "bad date") }
        return date
    }
}
