import ForgeCore
import ForgeHTTP
import ForgeHousehold
import ForgeStore
import ForgeTrain
import Foundation

/// `POST /ingest` (docs/contract.md §3.14, §4.13, §4.14): Health Auto Export pushes
/// metrics and workouts with the member's ingest token.
enum IngestRoutes {
    static func register(_ app: ForgeApp, on router: inout APIRouter) {
        router.route(
            .POST, "/ingest", "Health Auto Export push: metrics and workouts (bearer ingest token)",
            access: .bearer, answers: IngestReceipt.self, errors: [400], upload: true
        ) { request, _ in
            try ingest(app, request: request)
        }
    }

    /// The token of a request: `Authorization: Bearer <token>`, a bare
    /// `Authorization: <token>`, or `?token=<token>`.
    static func token(of request: Request) -> String? {
        if let header = request.headers["Authorization"]?.trimmingCharacters(in: .whitespaces), !header.isEmpty {
            let parts = header.split(separator: " ", maxSplits: 1)
            if parts.count == 2, parts[0].lowercased() == "bearer" {
                return parts[1].trimmingCharacters(in: .whitespaces)
            }
            return header
        }
        if let q = request.query["token"], !q.isEmpty { return q }
        return nil
    }

    /// Authenticates, parses and applies the payload in one transaction:
    /// either every stored row lands, with the token's counters, or none.
    /// The body is read as open JSON (docs/contract.md §4.14: odd shapes never fail
    /// the push); impossible samples are skipped and counted, never stored.
    /// - Throws: 401 `unknown ingest token`; 400 `body must be JSON`.
    static func ingest(_ app: ForgeApp, request: Request) throws -> IngestReceipt {
        let token = token(of: request)
        guard let userID = try IngestPush.owner(of: token, in: app.db) else { throw IngestPushError.unknownToken }
        guard
            let payload = (try? JSONCoding.decode(JSONValue.self, from: request.body))
                ?? (try? JSONCoding.decode(JSONValue.self, from: quotingOverflowingNumbers(request.body)))
        else {
            throw HTTPError(400, "body must be JSON")
        }
        let result = try IngestPush.apply(
            payload, token: token, userID: userID, calendar: app.calendar, now: app.clock.now(), in: app.db)
        Log.info(
            "ingest", fields: ["user": userID, "stored": String(result.stored), "skipped": String(result.skipped)])
        return IngestReceipt(ok: true, stored: result.stored, skipped: result.skipped)
    }
}

extension IngestRoutes {
    /// `body` with every number literal too large for a double (`1e999`)
    /// turned into a string (`"1e999"`), so the JSON reader accepts the push
    /// and the sample readers skip that one value as non-finite (docs/contract.md
    /// §3.14: odd shapes never fail the push). Bytes inside strings are
    /// left alone.
    static func quotingOverflowingNumbers(_ body: Data) -> Data {
        let bytes = [UInt8](body)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 16)
        var i = 0
        var inString = false
        while i < bytes.count {
            let b = bytes[i]
            if inString {
                out.append(b)
                if b == UInt8(ascii: "\\"), i + 1 < bytes.count {
                    out.append(bytes[i + 1])
                    i += 2
                    continue
                }
                if b == UInt8(ascii: "\"") { inString = false }
                i += 1
                continue
            }
            if b == UInt8(ascii: "\"") {
                inString = true
                out.append(b)
                i += 1
                continue
            }
            if b == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) {
                var j = i
                while j < bytes.count, "+-.eE0123456789".utf8.contains(bytes[j]) { j += 1 }
                let token = Array(bytes[i..<j])
                if let value = Double(String(decoding: token, as: UTF8.self)), !value.isFinite {
                    out.append(UInt8(ascii: "\""))
                    out.append(contentsOf: token)
                    out.append(UInt8(ascii: "\""))
                } else {
                    out.append(contentsOf: token)
                }
                i = j
                continue
            }
            out.append(b)
            i += 1
        }
        return Data(out)
    }
}

/// The answer of `POST /ingest` (docs/contract.md §3.14): `{ ok: true; stored; skipped }`.
struct IngestReceipt: Codable, Sendable, Equatable {
    /// Always true: a push that authenticates and parses never fails.
    let ok: Bool
    /// New metric rows, new workouts and back-filled traces.
    let stored: Int
    /// Repeats, unusable and impossible samples or workouts (each HR trace
    /// point left out counts once).
    let skipped: Int
}
