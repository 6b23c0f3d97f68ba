import ForgeCore
import ForgeHTTP
import Foundation

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
