import Foundation

/// The uploaded file of a `multipart/form-data` body (RFC 7578): the first
/// part named `file`, else the first part with a `filename`. Only what the
/// import route needs: boundary from the `Content-Type` parameter, part
/// headers up to the blank line, content up to the next delimiter.
enum MultipartFile {
    /// The boundary of a `multipart/form-data` content type, or nil for any other type.
    static func boundary(contentType: String) -> String? {
        let parts = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.first?.lowercased() == "multipart/form-data" else { return nil }
        for p in parts.dropFirst() {
            let kv = p.split(separator: "=", maxSplits: 1).map(String.init)
            guard kv.count == 2, kv[0].lowercased() == "boundary" else { continue }
            var b = kv[1]
            if b.hasPrefix("\""), b.hasSuffix("\""), b.count >= 2 { b = String(b.dropFirst().dropLast()) }
            return b.isEmpty || b.count > 70 ? nil : b
        }
        return nil
    }

    /// The file's bytes, or nil when the body has no such part.
    static func file(in body: Data, boundary: String) -> Data? {
        let delimiter = Data("--\(boundary)".utf8)
        let blank = Data("\r\n\r\n".utf8)
        var fallback: Data?
        var cursor = body.startIndex
        guard var start = body.range(of: delimiter, in: cursor..<body.endIndex)?.upperBound else { return nil }
        while true {
            // After a delimiter: "--" ends the body; otherwise CRLF, headers, blank line, content.
            if body[start...].starts(with: Data("--".utf8)) { break }
            guard let headerEnd = body.range(of: blank, in: start..<body.endIndex) else { break }
            let headers = String(decoding: body[start..<headerEnd.lowerBound], as: UTF8.self).lowercased()
            cursor = headerEnd.upperBound
            guard let next = body.range(of: Data("\r\n".utf8) + delimiter, in: cursor..<body.endIndex) else { break }
            let content = body[cursor..<next.lowerBound]
            let disposition = headers.split(separator: "\r\n").first { $0.hasPrefix("content-disposition:") } ?? ""
            if disposition.contains("name=\"file\"") { return Data(content) }
            if fallback == nil, disposition.contains("filename=") { fallback = Data(content) }
            start = next.upperBound
        }
        return fallback
    }
}
