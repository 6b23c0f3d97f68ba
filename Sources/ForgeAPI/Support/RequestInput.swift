import ForgeCore
import ForgeHTTP
import Foundation

/// Reading query parameters and JSON bodies with the contract's errors.
extension Request {
    /// The `date` query parameter: absent or empty → `today`; not `YYYY-MM-DD` → 400 `bad date`.
    func dateParameter(_ name: String = "date", default today: LocalDate) throws -> LocalDate {
        guard let text = query[name], !text.isEmpty else { return today }
        guard let date = LocalDate(text) else { throw HTTPError.badDate }
        return date
    }

    /// An optional integer query parameter within `range`; otherwise 422 in
    /// the validation shape (`loc: ["query", name]`).
    func intParameter(_ name: String, in range: ClosedRange<Int>) throws -> Int? {
        guard let text = query[name], !text.isEmpty else { return nil }
        guard let value = Int(text) else {
            throw ValidationFailure.error(
                loc: ["query", name], type: "int_parsing",
                msg: "Input should be a valid integer, unable to parse string as an integer",
                input: .string(text))
        }
        guard range.contains(value) else {
            let (type, msg) =
                value < range.lowerBound
                ? ("greater_than_equal", "Input should be greater than or equal to \(range.lowerBound)")
                : ("less_than_equal", "Input should be less than or equal to \(range.upperBound)")
            throw ValidationFailure.error(loc: ["query", name], type: type, msg: msg, input: .string(text))
        }
        return value
    }

    /// The body as a JSON object; 422 when it is not one.
    func jsonObject() throws -> [String: JSONValue] {
        guard !body.isEmpty else {
            throw ValidationFailure.error(loc: ["body"], type: "missing", msg: "Field required", input: nil)
        }
        guard let value = try? JSONCoding.decode(JSONValue.self, from: body) else {
            throw ValidationFailure.error(loc: ["body"], type: "json_invalid", msg: "JSON decode error", input: nil)
        }
        guard case .object(let object) = value else {
            throw ValidationFailure.error(
                loc: ["body"], type: "model_attributes_type",
                msg: "Input should be a valid dictionary", input: value)
        }
        return object
    }
}

/// The 422 body of docs/contract.md §1.4: `{ "detail": [{ type, loc, msg, input? }] }`.
enum ValidationFailure {
    struct Item: Encodable {
        let type: String
        let loc: [JSONValue]
        let msg: String
        let input: JSONValue?
        func encode(to encoder: Encoder) throws {
            var c = encoder.container(keyedBy: CodingKeys.self)
            try c.encode(type, forKey: .type)
            try c.encode(loc, forKey: .loc)
            try c.encode(msg, forKey: .msg)
            if let input { try c.encode(input, forKey: .input) }
        }
        enum CodingKeys: String, CodingKey { case type, loc, msg, input }
    }

    /// An ``HTTPError`` with status 422 and one validation item.
    static func error(loc: [String], type: String, msg: String, input: JSONValue?) -> HTTPError {
        error(loc: loc.map(JSONValue.string), type: type, msg: msg, input: input)
    }

    /// The same with a `loc` that may hold array indices.
    static func error(loc: [JSONValue], type: String, msg: String, input: JSONValue?) -> HTTPError {
        let body = ["detail": [Item(type: type, loc: loc, msg: msg, input: input)]]
        let data = (try? JSONCoding.encode(body)) ?? Data("{\"detail\":[]}".utf8)
        return HTTPError(status: 422, jsonBody: data)
    }
}

/// Typed field access on a JSON body with lax coercion (docs/contract.md §1.1):
/// numeric strings pass as numbers, `"true"`/`"false"` as booleans.
struct JSONBody {
    let object: [String: JSONValue]

    /// A required string; 422 when missing or not a string.
    func string(_ key: String) throws -> String {
        guard let value = object[key], !value.isNull else { throw missing(key) }
        switch value {
        case .string(let s): return s
        case .int(let i): return String(i)
        case .double(let d): return String(d)
        default:
            throw ValidationFailure.error(
                loc: ["body", key], type: "string_type",
                msg: "Input should be a valid string", input: value)
        }
    }

    /// An optional string; nil when absent or null.
    func optionalString(_ key: String) throws -> String? {
        guard let value = object[key], !value.isNull else { return nil }
        return try string(key)
    }

    /// A required number (or numeric string).
    func double(_ key: String) throws -> Double {
        guard let value = object[key], !value.isNull else { throw missing(key) }
        if let d = value.doubleValue { return d }
        if case .string(let s) = value, let d = Double(s.trimmingCharacters(in: .whitespaces)), d.isFinite { return d }
        throw ValidationFailure.error(
            loc: ["body", key], type: "float_parsing",
            msg: "Input should be a valid number", input: value)
    }

    /// An optional boolean (or "true"/"false").
    func optionalBool(_ key: String) throws -> Bool? {
        guard let value = object[key], !value.isNull else { return nil }
        switch value {
        case .bool(let b): return b
        case .string("true"): return true
        case .string("false"): return false
        case .int(0): return false
        case .int(1): return true
        default:
            throw ValidationFailure.error(
                loc: ["body", key], type: "bool_parsing",
                msg: "Input should be a valid boolean", input: value)
        }
    }

    private func missing(_ key: String) -> HTTPError {
        ValidationFailure.error(loc: ["body", key], type: "missing", msg: "Field required", input: nil)
    }
}
