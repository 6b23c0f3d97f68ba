import Foundation
import Testing

@testable import ForgeImport

/// The multipart reader of `POST /api/import`: uploads far larger than one
/// read chunk (1 MiB) come out byte for byte, part headers that straddle a
/// chunk boundary are read whole, and a body with no delimiter in its first
/// 64 KiB is refused.
@Suite struct ImportUploadTests {
    let boundary = "----forgeTestBoundary7MA4YWxk"

    func part(name: String, filename: String? = nil, _ body: [UInt8]) -> [UInt8] {
        var head = "--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\""
        if let filename { head += "; filename=\"\(filename)\"\r\nContent-Type: application/octet-stream" }
        return Array((head + "\r\n\r\n").utf8) + body + Array("\r\n".utf8)
    }

    func extract(_ body: [UInt8]) throws -> (ImportUpload, [UInt8]?) {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("upload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("body")
        try Data(body).write(to: input)
        let upload = try ImportUpload.extract(
            body: input, boundary: boundary, output: dir.appendingPathComponent("file"))
        return (upload, upload.file.flatMap { FileManager.default.contents(atPath: $0.path) }.map { Array($0) })
    }

    /// Deterministic bytes that contain CR, LF and dashes (so a naive split would cut them).
    func bytes(_ count: Int) -> [UInt8] {
        var state: UInt32 = 2_463_534_242
        return (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            return UInt8(truncatingIfNeeded: state)
        }
    }

    @Test func aThreeMebibyteFilePartComesOutByteForByte() throws {
        let file = bytes(3 << 20 + 12_345)
        let body =
            part(name: "kind", Array("paprika".utf8)) + part(name: "file", filename: "r.zip", file)
            + Array("--\(boundary)--\r\n".utf8)
        let (upload, stored) = try extract(body)
        #expect(upload.fields["kind"] == "paprika")
        #expect(upload.filename == "r.zip")
        #expect(stored == file)
    }

    @Test func partHeadersAcrossTheOneMebibyteReadAreReadWhole() throws {
        // A first field long enough that the file part's headers start just before the
        // first read's end (1 MiB) and finish after it.
        let prefix = part(name: "note", [])
        let filler = (1 << 20) - prefix.count - 20
        let file = bytes(200_000)
        let body =
            part(name: "note", Array(repeating: UInt8(ascii: "x"), count: filler))
            + part(name: "file", filename: "export.csv", file) + part(name: "kind", Array("strong".utf8))
            + Array("--\(boundary)--\r\n".utf8)
        let (upload, stored) = try extract(body)
        #expect(stored == file)
        #expect(upload.fields["kind"] == "strong")
    }

    @Test func noDelimiterInTheFirst64KiBIsNotAForm() throws {
        let body = bytes(200_000) + part(name: "kind", Array("strong".utf8)) + Array("--\(boundary)--\r\n".utf8)
        #expect(throws: ImportError.unreadable("the upload is not a multipart form")) { try extract(body) }
        #expect(throws: ImportError.unreadable("the upload is not a multipart form")) { try extract(bytes(5000)) }
    }
}
