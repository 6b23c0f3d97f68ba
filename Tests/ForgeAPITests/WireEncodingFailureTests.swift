import ForgeCore
import ForgeHTTP
import Foundation
import Synchronization
import Testing

@testable import ForgeAPI

/// An answer that does not encode is a 500 `internal error`, and the failure
/// is logged at error priority naming the route and the type (issue 22,
/// item 3), not swallowed.
@Suite(.serialized) struct WireEncodingFailureTests {
    struct Unencodable: Encodable {
        struct Refused: Error {}
        func encode(to encoder: Encoder) throws { throw Refused() }
    }

    struct Partly: Encodable {
        let inner = Unencodable()
    }

    @Test func anEncodingFailureIsLoggedWithRouteAndType() throws {
        let records = Mutex<[LogRecord]>([])
        Log.setSink { record in
            if record.message == "answer did not encode" { records.withLock { $0.append(record) } }
            return true
        }
        defer { Log.setSink(nil) }

        let response = Response.wire(Unencodable(), route: "GET /api/example")
        #expect(response.status == 500)
        #expect(String(decoding: response.body, as: UTF8.self).contains("internal error"))
        let byRoute = Response.wire(Partly())
        #expect(byRoute.status == 500)

        let logged = records.withLock { $0 }
        try #require(logged.count == 2, "\(logged.map(\.message))")
        let first = Dictionary(uniqueKeysWithValues: logged[0].fields.map { ($0.key, $0.value) })
        #expect(logged[0].priority == .error)
        #expect(first["route"] == "GET /api/example")
        #expect(first["type"]?.hasSuffix("WireEncodingFailureTests.Unencodable") == true, "\(first)")
        #expect(first["error"]?.contains("Refused") == true, "\(first)")
        // Without a route, the calling file and line stand in for it.
        let second = Dictionary(uniqueKeysWithValues: logged[1].fields.map { ($0.key, $0.value) })
        #expect(second["route"]?.hasPrefix("ForgeAPITests/WireEncodingFailureTests.swift:") == true, "\(second)")
        #expect(second["type"]?.hasSuffix("Partly") == true, "\(second)")
    }
}
