import Foundation

/// A `multipart/form-data` upload read from a file in chunks (the HTTP door
/// spools the body to disk): the text fields, and the file part copied to its
/// own file. Memory stays a few chunks whatever the upload's size.
package struct ImportUpload: Sendable {
    /// Text fields by name (`kind`), each at most 1 KiB.
    package var fields: [String: String] = [:]
    /// The file part's own file, or nil when the form had none.
    package var file: URL?
    /// The file part's file name as sent.
    package var filename: String?

    /// The boundary of a `multipart/form-data` Content-Type, or nil.
    package static func boundary(contentType: String) -> String? {
        guard contentType.lowercased().hasPrefix("multipart/form-data") else { return nil }
        for param in contentType.split(separator: ";").dropFirst() {
            let kv = param.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if kv.count == 2, kv[0].lowercased() == "boundary" {
                return kv[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }

    /// Reads the form in `body` and writes its file part (the first part with a
    /// `filename`, or the part named `file`) to `output`.
    /// - Throws: ``ImportError/unreadable(_:)`` for a form that is not well-formed.
    package static func extract(body: URL, boundary: String, output: URL) throws -> ImportUpload {
        guard let input = FileHandle(forReadingAtPath: body.path) else {
            throw ImportError.unreadable("cannot read the upload")
        }
        defer { try? input.close() }
        let delimiter = Array("\r\n--\(boundary)".utf8)
        var buffer: [UInt8] = Array("\r\n".utf8)  // the first delimiter has no CRLF before it
        var atEnd = false
        var result = ImportUpload()
        func fill() -> Bool {
            if atEnd { return false }
            let chunk = input.readData(ofLength: 1 << 20)
            if chunk.isEmpty {
                atEnd = true
                return false
            }
            buffer.append(contentsOf: chunk)
            return true
        }
        func find(_ needle: [UInt8], from start: Int = 0) -> Int? {
            guard buffer.count >= needle.count + start else { return nil }
            var i = start
            let last = buffer.count - needle.count
            while i <= last {
                if buffer[i] == needle[0] && Array(buffer[i..<(i + needle.count)]) == needle { return i }
                i += 1
            }
            return nil
        }
        // Preamble: up to the first delimiter, which must come within 64 KiB (a chunk read
        // may bring far more than that: the limit is on where the delimiter is, not the buffer).
        var first = find(delimiter)
        while first == nil {
            guard buffer.count <= 64 << 10, fill() else {
                throw ImportError.unreadable("the upload is not a multipart form")
            }
            first = find(delimiter)
        }
        guard let first, first <= 64 << 10 else { throw ImportError.unreadable("the upload is not a multipart form") }
        buffer.removeFirst(first + delimiter.count)
        while true {
            while buffer.count < 2 { guard fill() else { throw ImportError.unreadable("the form ends early") } }
            if buffer[0] == UInt8(ascii: "-") && buffer[1] == UInt8(ascii: "-") { return result }
            // Part headers.
            // Part headers: their end must come within 16 KiB (checked before reading more, so
            // headers that straddle a chunk boundary are read whole).
            var headerEnd = find(Array("\r\n\r\n".utf8))
            while headerEnd == nil {
                guard buffer.count < 16 << 10, fill() else {
                    throw ImportError.unreadable("a form part has no end")
                }
                headerEnd = find(Array("\r\n\r\n".utf8))
            }
            guard let headerEnd, headerEnd < 16 << 10 else { throw ImportError.unreadable("a form part has no end") }
            let headers = String(decoding: buffer[..<headerEnd], as: UTF8.self)
            buffer.removeFirst(headerEnd + 4)
            let disposition =
                headers.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-disposition") }
                .map(String.init) ?? ""
            let name = parameter("name", in: disposition)
            let filename = parameter("filename", in: disposition)
            let isFile = result.file == nil && (filename != nil || name == "file")
            var sink: FileHandle?
            if isFile {
                FileManager.default.createFile(atPath: output.path, contents: nil)
                sink = FileHandle(forWritingAtPath: output.path)
                guard sink != nil else { throw ImportError.unreadable("cannot store the upload") }
                result.file = output
                result.filename = filename
            }
            var text: [UInt8] = []
            // Part body: everything up to the next delimiter.
            while true {
                if let at = find(delimiter) {
                    if let sink { sink.write(Data(buffer[..<at])) } else { text += buffer[..<at].prefix(1024) }
                    buffer.removeFirst(at + delimiter.count)
                    break
                }
                let keep = delimiter.count - 1
                if buffer.count > keep {
                    let flush = buffer.count - keep
                    if let sink {
                        sink.write(Data(buffer[..<flush]))
                    } else if text.count < 1024 {
                        text += buffer[..<flush].prefix(1024 - text.count)
                    }
                    buffer.removeFirst(flush)
                }
                guard fill() else {
                    try? sink?.close()
                    throw ImportError.unreadable("the form ends inside a part (a truncated upload?)")
                }
            }
            try? sink?.close()
            if !isFile, let name { result.fields[name] = String(decoding: text, as: UTF8.self) }
        }
    }

    /// `name="value"` of a Content-Disposition line.
    static func parameter(_ key: String, in line: String) -> String? {
        for piece in line.split(separator: ";").dropFirst() {
            let kv = piece.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            if kv.count == 2, kv[0].lowercased() == key {
                return kv[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        return nil
    }
}
