import ForgeCore

/// A JSON Schema (2020-12 subset that forged's OpenAPI document uses:
/// `type`, `properties`, `required`, `additionalProperties`, `items`,
/// `anyOf`, `enum`, `$ref` into `components.schemas`) checker for tests.
///
/// Stricter than JSON Schema on purpose: a `number` must have been written
/// as a float (`60.0`, parsed by ``JSONValue/parse(_:)`` as `.double`) and
/// an `integer` without a decimal point, since forged writes each field's
/// form by its type (docs/contract.md §1.1); `additionalProperties: false` is enforced.
struct SchemaValidator {
    let components: [String: JSONValue]

    init(document: JSONValue) {
        components = document["components"]?["schemas"]?.objectValue ?? [:]
    }

    /// The ways `value` breaks `schema`, each with its path; empty when it fits.
    func errors(_ value: JSONValue, _ schema: JSONValue, at path: String = "$") -> [String] {
        if let ref = schema["$ref"]?.stringValue {
            guard let target = components[String(ref.split(separator: "/").last ?? "")] else {
                return ["\(path): unresolved \(ref)"]
            }
            return errors(value, target, at: path)
        }
        if let options = schema["anyOf"]?.arrayValue {
            return options.contains(where: { errors(value, $0, at: path).isEmpty })
                ? [] : ["\(path): matches no anyOf option"]
        }
        if let allowed = schema["enum"]?.arrayValue, !allowed.contains(value) {
            return ["\(path): \(value) not in enum"]
        }
        var found: [String] = []
        switch schema["type"]?.stringValue {
        case "object"?:
            guard case .object(let members) = value else { return ["\(path): expected an object"] }
            for key in schema["required"]?.arrayValue?.compactMap({ $0.stringValue }) ?? [] where members[key] == nil {
                found.append("\(path).\(key): required member missing")
            }
            let properties = schema["properties"]?.objectValue ?? [:]
            for (key, member) in members {
                if let property = properties[key] {
                    found += errors(member, property, at: "\(path).\(key)")
                } else if let extra = schema["additionalProperties"], extra.objectValue != nil {
                    found += errors(member, extra, at: "\(path).\(key)")
                } else if schema["additionalProperties"] == false {
                    found.append("\(path).\(key): member not allowed")
                }
            }
        case "array"?:
            guard case .array(let items) = value else { return ["\(path): expected an array"] }
            if let itemSchema = schema["items"] {
                for (i, item) in items.enumerated() { found += errors(item, itemSchema, at: "\(path)[\(i)]") }
            }
        case "string"?: if value.stringValue == nil { found.append("\(path): expected a string, got \(value)") }
        case "number"?:
            if case .double = value {} else { found.append("\(path): expected a float number, got \(value)") }
        case "integer"?: if case .int = value {} else { found.append("\(path): expected an integer, got \(value)") }
        case "boolean"?: if value.boolValue == nil { found.append("\(path): expected a boolean, got \(value)") }
        case "null"?: if !value.isNull { found.append("\(path): expected null") }
        default: break
        }
        return found
    }
}
