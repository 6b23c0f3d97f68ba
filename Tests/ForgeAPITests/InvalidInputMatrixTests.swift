import ForgeCore
import ForgeStore
import Foundation
import Testing

@testable import ForgeAPI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Issue 12's invalid-input matrix: every typed write route × invalid JSON,
/// a body that is not an object, a body of whitespace alone, and — one member at a time, from the
/// route's published example — a wrong type, a missing required member, a
/// huge or non-finite number, a negative number, an over-long string and a
/// control character in a declared string (issue 26).
/// Every answer is a 4xx with a JSON body (a 422 naming the member where the
/// contract fixes no message), and the database is byte-for-byte unchanged.
@Suite(.serialized) struct InvalidInputMatrixTests {
    /// Members where a negative number is meaningful (none yet).
    static let negativeAllowed: Set<String> = []

    struct Case {
        let label: String
        let body: Data
        /// The member a 422 must name, when the contract fixes no other message.
        let field: String?
    }

    static func cases(for op: APIOperation) -> [Case] {
        var cases = [
            Case(label: "invalid JSON", body: Data(#"{"slug": "#.utf8), field: nil),
            Case(label: "not an object", body: Data("[1, 2]".utf8), field: nil),
            // Whitespace alone holds no JSON value: refused even where the body is optional (an empty one is `{}`).
            Case(label: "whitespace only", body: Data("\r".utf8), field: nil),
        ]
        guard let example = op.body?.example?.objectValue else { return cases }
        var reader = WireSchema()
        let schema = OpenAPIDocument.resolve(op.body!.schema(&reader), reader)
        let required = Set((schema["required"]?.arrayValue ?? []).compactMap { $0.stringValue })
        // Members whose published schema carries the control-character rule (declared strings).
        let published = ControlCharacters.published(in: OpenAPIDocument.nullableOptionals(schema))
        func carriesRule(_ schema: JSONValue) -> Bool {
            switch schema {
            case .object(let o):
                return o["pattern"] == .string(ControlCharacters.pattern) || o.values.contains(where: carriesRule)
            case .array(let items): return items.contains(where: carriesRule)
            default: return false
            }
        }
        func controlFree(_ key: String) -> Bool {
            guard let property = published["properties"]?[key] else { return false }
            return carriesRule(property)
        }
        func body(_ key: String, _ value: JSONValue?) -> Data {
            var o = example
            o[key] = value
            return JSONWriter.data(.object(o))
        }
        for (key, value) in example.sorted(by: { $0.key < $1.key }) {
            switch value {
            case .string:
                cases.append(Case(label: "\(key): wrong type", body: body(key, .int(12345)), field: key))
                cases.append(
                    Case(
                        label: "\(key): over-long", body: body(key, .string(String(repeating: "x", count: 200_000))),
                        field: key))
                // Issue 26: control characters, escaped, in every declared string member (the
                // published `pattern`); tab and newline are text.
                if controlFree(key) {
                    cases.append(Case(label: "\(key): escaped NUL", body: body(key, .string("a\u{0}b")), field: key))
                    cases.append(Case(label: "\(key): escaped CR", body: body(key, .string("a\rb")), field: key))
                    cases.append(Case(label: "\(key): escaped ESC", body: body(key, .string("\u{1b}[2J")), field: key))
                }
            case .int, .double:
                cases.append(Case(label: "\(key): wrong type", body: body(key, .string("lots")), field: key))
                cases.append(Case(label: "\(key): huge", body: body(key, .double(1e308)), field: key))
                cases.append(Case(label: "\(key): non-finite", body: body(key, .string("1e999")), field: key))
                if !negativeAllowed.contains("\(op.pattern) \(key)") {
                    cases.append(Case(label: "\(key): negative", body: body(key, .int(-1)), field: key))
                }
            case .bool:
                cases.append(Case(label: "\(key): wrong type", body: body(key, .string("perhaps")), field: key))
            case .array, .object:
                cases.append(Case(label: "\(key): wrong type", body: body(key, .string("x")), field: key))
            case .null:
                break
            }
            if required.contains(key) {
                cases.append(Case(label: "\(key): missing", body: body(key, nil), field: key))
            }
        }
        return cases
    }

    /// Every row of every table, as text.
    static func snapshot(_ server: TestServer) throws -> [String] {
        try server.app.db.read { db in
            let tables = try db.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
                .map { row -> String in try row.get("name") }
            return try tables.flatMap { table in
                try db.query("SELECT * FROM \"\(table)\" ORDER BY rowid").map { row in
                    table + ": " + (0..<row.columnNames.count).map { "\(row[index: $0])" }.joined(separator: "|")
                }
            }
        }
    }

    @Test func everyTypedWriteRouteRefusesBadInputAndWritesNothing() async throws {
        try await withTestServer(transport: .socket) { server in
            let ada = try await server.signIn("ada@example.org")
            let operations = server.app.makeRoutes().operations.filter {
                // Form bodies (the OAuth token and consent forms) are not JSON; OAuthInputTests covers them.
                $0.body != nil && $0.access != .bearer && $0.bodyMedia == "application/json"
            }
            #expect(!operations.isEmpty)
            // Real objects for path parameters, so validation (not a 404) is what answers.
            let fixtures = try await ContractWalkTests.fixtures(server, ada)
            let before = try Self.snapshot(server)
            var checked = 0
            for op in operations {
                let resolved = ContractWalkTests.path(op.pattern, fixtures) != nil
                let path =
                    ContractWalkTests.path(op.pattern, fixtures)
                    ?? op.pattern.split(separator: "/", omittingEmptySubsequences: false)
                    .map { $0.hasPrefix(":") ? "0123456789abcdef0123456789abcdef" : String($0) }.joined(separator: "/")
                for c in Self.cases(for: op) {
                    var request = URLRequest(url: URL(string: server.baseURL + path)!)
                    request.httpMethod = op.method.rawValue
                    request.httpBody = c.body
                    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                    let reply = try await server.send(request, cookie: ada, headers: [:])
                    let what = "\(op.method.rawValue) \(op.pattern) \(c.label)"
                    #expect((400..<500).contains(reply.status), "\(what) → \(reply.status)")
                    if op.pattern.hasPrefix("/mcp/oauth/") {
                        // RFC 7591 §3.2.2: the OAuth error shape, not the validation shape.
                        #expect(
                            reply.status == 400 && reply.json["error"]?.stringValue != nil,
                            "\(what): not an OAuth error")
                        checked += 1
                        continue
                    }
                    #expect(reply.json["detail"] != nil, "\(what): no JSON detail")
                    if resolved, c.field != nil, [400, 422].contains(reply.status) == false {
                        Issue.record("\(what): expected a validation answer, got \(reply.status)")
                    }
                    if reply.status == 422, let field = c.field, let items = reply.json["detail"]?.arrayValue {
                        let loc = items.first?["loc"]?.arrayValue ?? []
                        #expect(loc.contains(.string(field)), "\(what): loc \(loc) does not name \(field)")
                    }
                    checked += 1
                }
            }
            #expect(checked > operations.count * 2)
            #expect(try Self.snapshot(server) == before, "an invalid request wrote to the database")
        }
    }
}
