import ForgeCore
import ForgeHTTP
import Foundation

extension JSONBody {
    /// A required whole number (lax: `3`, `3.0`, `"3"`); 422 otherwise.
    func int(_ key: String) throws -> Int {
        guard let value = object[key], !value.isNull else {
            throw ValidationFailure.error(loc: ["body", key], type: "missing", msg: "Field required", input: nil)
        }
        if let i = value.intValue { return i }
        if case .string(let s) = value, let i = Int(s.trimmingCharacters(in: .whitespaces)) { return i }
        throw ValidationFailure.error(
            loc: ["body", key], type: "int_parsing",
            msg: "Input should be a valid integer", input: value)
    }

    /// An optional whole number; nil when absent or null.
    func optionalInt(_ key: String) throws -> Int? {
        guard let value = object[key], !value.isNull else { return nil }
        return try int(key)
    }

    /// An optional number; nil when absent or null.
    func optionalDouble(_ key: String) throws -> Double? {
        guard let value = object[key], !value.isNull else { return nil }
        return try double(key)
    }

    /// A required boolean.
    func bool(_ key: String) throws -> Bool {
        guard let b = try optionalBool(key) else {
            throw ValidationFailure.error(loc: ["body", key], type: "missing", msg: "Field required", input: nil)
        }
        return b
    }

    /// 422 `value_error` for `key` with `msg`.
    func invalid(_ key: String, _ msg: String) -> HTTPError {
        ValidationFailure.error(loc: ["body", key], type: "value_error", msg: msg, input: object[key])
    }
}

extension Request {
    /// The JSON body object, or an empty object when no body was sent.
    func optionalJSONObject() throws -> [String: JSONValue] {
        body.isEmpty ? [:] : try jsonObject()
    }
}
