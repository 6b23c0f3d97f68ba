import Foundation
import Testing

@testable import ForgeHTTP

/// A spooled route's `multipart/form-data` body read as it arrives by libmicrohttpd's post
/// processor (``MultipartSpool``): the file part lands in the spool file byte for byte (a
/// 64 MiB part, far beyond the processor's buffer, with CR, LF and delimiter look-alikes in
/// it), the text fields come in ``Request/form``, and a bad form (truncated, a field over
/// 1 KiB, too many fields, two files) comes with a problem, its spool file removed.
@Suite(.serialized) struct MultipartSpoolTests {
    let boundary = "----forgeSpoolBoundary7MA4YWxk"

    /// What the handler saw, sent back as JSON.
    struct Seen: Codable {
        var fields: [String: String]
        var filename: String?
        var hasFile: Bool
        var problem: String?
        var isForm: Bool
        var fileBytes: Int?
    }

    /// A server whose `/up` route spools; the handler keeps the file at `?keep=` (renaming it).
    func withSpoolServer(limit: Int = 1 << 30, _ body: (RawHTTPClient, String) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spool-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var router = Router()
        router.post("/up", tags: ["spool": "yes"]) { request in
            var size: Int?
            if let file = request.bodyFile {
                size = (try FileManager.default.attributesOfItem(atPath: file)[.size] as? NSNumber)?.intValue
                if let keep = request.query["keep"] { try FileManager.default.moveItem(atPath: file, toPath: keep) }
            }
            let form = request.form
            return try .json(
                Seen(
                    fields: form?.fields ?? [:], filename: form?.filename, hasFile: form?.hasFile ?? false,
                    problem: form?.problem, isForm: form != nil, fileBytes: size))
        }
        try withTestServer(
            router.freeze(),
            configure: {
                $0.spoolLimit = limit
                $0.spoolDirectory = directory.path
            }
        ) { _, client in
            try body(client, directory.path)
        }
        // Every spool file is gone once its request was answered (kept files were moved out).
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == [])
    }

    func part(_ name: String, filename: String? = nil, _ content: Data) -> Data {
        var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\""
        if let filename { head += "; filename=\"\(filename)\"\r\nContent-Type: application/octet-stream" }
        return Data((head + "\r\n\r\n").utf8) + content + Data("\r\n".utf8)
    }

    var end: Data { Data("--\(boundary)--\r\n".utf8) }
    var type: String { "multipart/form-data; boundary=\(boundary)" }

    func post(_ client: RawHTTPClient, _ body: Data, keep: String? = nil) throws -> (Int, Seen) {
        let target = keep.map { "/up?keep=\($0)" } ?? "/up"
        let reply = try client.send("POST", target, headers: [("Content-Type", type)], body: body)
        return (reply.status, try JSONDecoder().decode(Seen.self, from: reply.body))
    }

    /// `count` bytes: a pseudo-random 1 MiB block (CR, LF and dashes included) repeated with
    /// its index stamped in, and delimiter look-alikes (`\r\n--` + most of the boundary).
    func content(_ count: Int) -> Data {
        var state: UInt32 = 2_463_534_242
        var block = [UInt8](repeating: 0, count: 1 << 20)
        for i in block.indices {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            block[i] = UInt8(truncatingIfNeeded: state)
        }
        let lookalike = Array("\r\n--\(boundary.dropLast())".utf8)
        block.replaceSubrange(1000..<(1000 + lookalike.count), with: lookalike)
        var data = Data(capacity: count)
        var index: UInt64 = 0
        while data.count < count {
            withUnsafeBytes(of: index) { block.replaceSubrange(0..<8, with: $0) }
            data.append(contentsOf: block.prefix(count - data.count))
            index += 1
        }
        return data
    }

    @Test func a64MiBFilePartLandsInTheSpoolFileByteForByte() throws {
        let file = content(64 << 20 + 12_345)
        try withSpoolServer { client, directory in
            let keep = directory + "-kept"
            defer { try? FileManager.default.removeItem(atPath: keep) }
            let body = part("kind", Data("strong".utf8)) + part("file", filename: "export.csv", file) + end
            let (status, seen) = try post(client, body, keep: keep)
            #expect(status == 200)
            #expect(seen.isForm && seen.hasFile && seen.problem == nil)
            #expect(seen.fields == ["kind": "strong"] && seen.filename == "export.csv")
            #expect(seen.fileBytes == file.count)
            #expect(FileManager.default.contents(atPath: keep) == file)
        }
    }

    @Test func fieldsAfterTheFileAndAFilePartNamedFileWithoutAFilename() throws {
        try withSpoolServer { client, directory in
            let keep = directory + "-kept"
            defer { try? FileManager.default.removeItem(atPath: keep) }
            let file = content(300_000)
            let body = part("file", file) + part("kind", Data("hevy".utf8)) + end
            let (status, seen) = try post(client, body, keep: keep)
            #expect(status == 200 && seen.hasFile && seen.filename == nil && seen.problem == nil)
            #expect(seen.fields == ["kind": "hevy"])
            #expect(FileManager.default.contents(atPath: keep) == file)
        }
    }

    @Test func aFormWithoutAFilePartHasNoBodyFile() throws {
        try withSpoolServer { client, _ in
            let (status, seen) = try post(client, part("kind", Data("strong".utf8)) + end)
            #expect(status == 200 && seen.isForm && !seen.hasFile && seen.fileBytes == nil)
            #expect(seen.fields == ["kind": "strong"] && seen.problem == nil)
        }
    }

    @Test func aFieldOver1KiBIsAProblem() throws {
        try withSpoolServer { client, _ in
            let exact = part("kind", Data(repeating: 0x61, count: 1024)) + part("file", filename: "a", Data("x".utf8))
            let (_, fine) = try post(client, exact + end)
            #expect(fine.problem == nil && fine.fields["kind"]?.utf8.count == 1024)
            let long = part("kind", Data(repeating: 0x61, count: 1025)) + part("file", filename: "a", Data("x".utf8))
            let (_, seen) = try post(client, long + end)
            #expect(seen.problem == "the form field \"kind\" is longer than 1024 bytes")
        }
    }

    @Test func tooManyFieldsAndASecondFileAreProblems() throws {
        try withSpoolServer { client, _ in
            let many = (0...MultipartSpool.maxFields).map { part("f\($0)", Data("v".utf8)) }.reduce(Data(), +)
            let (_, seen) = try post(client, many + end)
            #expect(seen.problem == "the form has more than \(MultipartSpool.maxFields) fields")
            let two = part("file", filename: "a.csv", Data("a".utf8)) + part("more", filename: "b.csv", Data("b".utf8))
            let (_, second) = try post(client, two + end)
            #expect(second.problem == "the form has more than one file part")
        }
    }

    @Test func aTruncatedFormIsAProblem() throws {
        try withSpoolServer { client, _ in
            let whole = part("kind", Data("strong".utf8)) + part("file", filename: "e.csv", content(200_000)) + end
            // No closing delimiter, then cut inside the file part, then cut inside the part headers.
            for cut in [whole.count - end.count, whole.count / 2, 60] {
                let (status, seen) = try post(client, Data(whole.prefix(cut)))
                #expect(status == 200)
                #expect(seen.problem == "the form ends early (a truncated upload?)", "cut at \(cut)")
            }
            let garbage = Data("this is not a form at all\r\n".utf8)
            let (_, notForm) = try post(client, garbage)
            #expect(notForm.problem == "the upload is not a multipart form (no part found)" && !notForm.hasFile)
        }
    }

    @Test func aBoundarylessContentTypeIsAProblem() throws {
        try withSpoolServer { client, _ in
            let reply = try client.send(
                "POST", "/up", headers: [("Content-Type", "multipart/form-data")], body: Data("--x--\r\n".utf8))
            let seen = try JSONDecoder().decode(Seen.self, from: reply.body)
            #expect(seen.problem == "the upload is not a multipart form (no usable boundary)")
        }
    }

    /// .NET's client quotes the boundary (RFC 2046 allows it); libmicrohttpd reads the rest of the
    /// `Content-Type` as the boundary, so a parameter after it is refused, saying so (a 422, not a guess).
    @Test func aQuotedBoundaryIsReadAndAParameterAfterItIsAProblem() throws {
        try withSpoolServer { client, _ in
            let body = part("kind", Data("strong".utf8)) + part("file", filename: "q.csv", Data("1".utf8)) + end
            let quoted = try client.send(
                "POST", "/up", headers: [("Content-Type", "multipart/form-data; boundary=\"\(boundary)\"")], body: body)
            let seen = try JSONDecoder().decode(Seen.self, from: quoted.body)
            #expect(seen.problem == nil && seen.hasFile && seen.fields == ["kind": "strong"])
            let trailing = try client.send(
                "POST", "/up", headers: [("Content-Type", "\(type); charset=utf-8")], body: body)
            let refused = try JSONDecoder().decode(Seen.self, from: trailing.body)
            #expect(refused.problem == "the boundary must be the Content-Type's last parameter" && !refused.hasFile)
            let quotedThenMore = try client.send(
                "POST", "/up", headers: [("Content-Type", "multipart/form-data; boundary=\"\(boundary)\"; a=b")],
                body: body)
            let refusedToo = try JSONDecoder().decode(Seen.self, from: quotedThenMore.body)
            #expect(refusedToo.problem == "the boundary must be the Content-Type's last parameter")
        }
    }

    @Test func fileNamesWithQuotesAndUTF8ComeAsSent() throws {
        try withSpoolServer { client, _ in
            // Browsers and curl send a `"` in a file name as %22 (HTML's multipart encoding).
            for name in ["Übung %22Bank%22 ✓.csv", "ab'c;d=e.csv"] {
                let (_, seen) = try post(client, part("file", filename: name, Data("1".utf8)) + end)
                #expect(seen.filename == name && seen.problem == nil)
            }
        }
    }

    @Test func aRawBodyStillSpoolsWholeAndTheCapStill413s() throws {
        try withSpoolServer(limit: 100_000) { client, directory in
            let keep = directory + "-kept"
            defer { try? FileManager.default.removeItem(atPath: keep) }
            let raw = content(50_000)
            let reply = try client.send(
                "POST", "/up?keep=\(keep)", headers: [("Content-Type", "text/csv")], body: raw)
            let seen = try JSONDecoder().decode(Seen.self, from: reply.body)
            #expect(!seen.isForm && seen.fileBytes == raw.count)
            #expect(FileManager.default.contents(atPath: keep) == raw)
            let big = part("file", filename: "big.csv", content(150_000)) + end
            let over = try client.send("POST", "/up", headers: [("Content-Type", type)], body: big)
            #expect(over.status == 413 && over.text.contains("request body too large"))
        }
    }
}
