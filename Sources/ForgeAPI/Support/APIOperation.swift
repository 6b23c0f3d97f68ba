import ForgeCore
import ForgeHTTP
import Foundation

/// The typed description of one route: what it reads and what it answers.
/// The OpenAPI document and the contract tests walk these.
struct APIOperation: Sendable {
    let method: HTTPMethod
    let pattern: String
    let summary: String
    let access: Access
    /// Query parameters, as a type's members (all strings on the wire).
    let query: WireType?
    /// The JSON request body.
    let body: WireType?
    /// Whether a body may be omitted (every member optional).
    let bodyOptional: Bool
    /// The body's media type: JSON, or `application/x-www-form-urlencoded`
    /// for the OAuth token and consent forms.
    var bodyMedia = "application/json"
    /// Other request media types the route reads besides ``bodyMedia``
    /// (the cardio import's `multipart/form-data` and raw GPX/TCX); a write
    /// with any other `Content-Type` is refused 415 (``BodyMedia``). An
    /// ``upload`` route without a ``body`` reads only these (its body is a
    /// file, never JSON).
    var accepts: [String] = []
    /// The shape of this route's own 4xx bodies when it is not `{detail}`
    /// (the OAuth endpoints' `{error, error_description?}`).
    var errorBody: WireType?
    /// Statuses whose body has its own shape on this route (the MCP
    /// endpoint's 401 is OAuth's `{error}`), overriding ``errorBody``.
    var errorBodies: [Int: WireType] = [:]
    /// Statuses this route answers with an HTML page (the OAuth consent
    /// screen's errors), not JSON.
    var pageErrors: Set<Int> = []
    /// Other media types the success may take on request (`Accept`), as text:
    /// the shopping list's `text/plain`.
    var alsoProduces: [String] = []
    /// The 2xx JSON body; nil when the route answers something else (`produces`).
    let response: WireType?
    /// The success status (200 unless a route creates with 201).
    let success: Int
    /// Content type of a non-JSON success (`text/html`, `text/event-stream`, …).
    let produces: String
    /// Error statuses the handler itself can answer, besides the access ones.
    let errors: [Int]
    /// Takes bodies up to `--max-upload`.
    let upload: Bool
}

/// A `Codable` type seen through closures, so an ``APIOperation`` can hold it
/// and still be `Sendable`.
struct WireType: Sendable {
    let name: String
    /// Its schema, added to `reader`'s components.
    let schema: @Sendable (inout WireSchema) -> JSONValue
    /// Decodes `data` as the type; throws ``WireDecodingError``.
    let check: @Sendable (Data) throws -> Void
    /// A valid value (request types that give one).
    let example: JSONValue?
    /// JSON Schema keywords by member, from the type's ``RequestInput/rules``.
    let constraints: @Sendable () -> [String: JSONValue]

    init<T: Decodable & SendableMetatype>(_ type: T.Type) {
        name = String(describing: type)
        schema = { reader in reader.schema(for: T.self) }
        check = { data in _ = try WireDecoder.decode(T.self, from: data) }
        example = (type as? any RequestInput.Type)?.example
        constraints = { (type as? any RequestInput.Type)?.publishedKeywords ?? [:] }
    }
}
