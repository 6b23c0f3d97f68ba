import Foundation

/// A streaming CSV reader (RFC 4180 plus what the logging apps and spreadsheet
/// re-saves write): quoted fields with `""` escapes and embedded newlines,
/// CRLF or LF, a UTF-8 byte-order mark, and `,`, `;` or tab as separator,
/// detected from the header line (the one most frequent outside quotes).
/// Reads the file in 256 KiB chunks: memory stays the size of one record.
package final class CSVReader {
    /// The separator byte in use.
    package private(set) var separator: UInt8 = UInt8(ascii: ",")
    /// 1-based number of the record last returned (blank lines count; the header is 1 when no
    /// blank line comes before it).
    package private(set) var recordNumber = 0
    /// 1-based line of the file the record last returned starts on: its record number plus the
    /// line breaks inside quoted fields before it (a note written on two lines). Reports cite it.
    package private(set) var line = 0
    /// Bytes consumed so far (progress).
    package var bytesRead: Int64 { consumed + Int64(position) }
    /// The line the file's last record starts on when the file ends inside it: no line break after it,
    /// and fewer fields than the header (the first record that is not blank) or a quote never closed. Such a record (an
    /// interrupted download or copy) is not returned by ``next()``, which ends before it; nil
    /// for a whole file (one whose last row merely lacks a line break included).
    package private(set) var cutOffLine: Int?
    /// The report's detail for that record (reason `cut_off`).
    package static let cutOffDetail = "the file ends in the middle of this row"

    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var position = 0
    private var consumed: Int64 = 0
    private var atEnd = false
    private var detected = false
    /// The record being read ended at the end of the file, with no line break.
    private var recordAtEOF = false
    /// The record being read ended at the end of the file inside a quoted field.
    private var endedInQuote = false
    /// Fields of the header (the first record that is not blank); 0 before it.
    private var headerFieldCount = 0
    /// Line breaks read inside quoted fields so far.
    private var quotedLineBreaks = 0

    /// Largest record accepted, bytes (a field with an unclosed quote would otherwise read the whole file).
    package static let maxRecordBytes = 1 << 20

    /// Opens `url` for reading.
    /// - Throws: ``ImportError/unreadable(_:)`` when it cannot be opened.
    package init(url: URL) throws {
        guard let handle = FileHandle(forReadingAtPath: url.path) else {
            throw ImportError.unreadable("cannot open \(url.path)")
        }
        self.handle = handle
    }

    deinit { try? handle.close() }

    private func fill() -> Bool {
        if atEnd { return false }
        let chunk = handle.readData(ofLength: 256 << 10)
        if chunk.isEmpty {
            atEnd = true
            return false
        }
        if position > 0 {
            consumed += Int64(position)
            buffer.removeFirst(position)
            position = 0
        }
        buffer.append(contentsOf: chunk)
        return true
    }

    /// Skips a BOM and picks the separator from the first line.
    private func detect() {
        detected = true
        while buffer.count < 4096 && fill() {}
        if buffer.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        var counts: [UInt8: Int] = [:]
        var quoted = false
        for b in buffer[position...] {
            if b == UInt8(ascii: "\"") { quoted.toggle() }
            if quoted { continue }
            if b == 0x0A || b == 0x0D { break }
            if b == UInt8(ascii: ",") || b == UInt8(ascii: ";") || b == 0x09 { counts[b, default: 0] += 1 }
        }
        if let best = counts.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }) { separator = best.key }
    }

    /// The next record's fields, or nil at the end of the file. Blank lines are skipped.
    /// Bytes that are not UTF-8 are read as Latin-1 (a spreadsheet's re-save on Windows).
    /// A last record the file ends inside is not returned (``cutOffLine``).
    /// - Throws: ``ImportError/unreadable(_:)`` for a record over ``maxRecordBytes``
    ///   or a header whose quote is never closed.
    package func next() throws -> [String]? {
        if !detected { detect() }
        while true {
            recordAtEOF = false
            endedInQuote = false
            let startsOn = recordNumber + 1 + quotedLineBreaks
            guard let fields = try record() else { return nil }
            recordNumber += 1
            line = startsOn
            if fields.count == 1 && fields[0].isEmpty && !endedInQuote { continue }
            if headerFieldCount == 0 {  // the header: the first record that is not blank
                if endedInQuote { throw ImportError.unreadable("record \(recordNumber): a quote is never closed") }
                headerFieldCount = fields.count
            } else if recordAtEOF && (endedInQuote || fields.count < headerFieldCount) {
                cutOffLine = startsOn
                return nil
            }
            return fields
        }
    }

    private func record() throws -> [String]? {
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var started = false
        var size = 0
        while true {
            if position >= buffer.count {
                guard fill() else {
                    if !started && fields.isEmpty && field.isEmpty { return nil }
                    endedInQuote = quoted
                    fields.append(try text(field))
                    recordAtEOF = true
                    return fields
                }
            }
            if !quoted && field.isEmpty, let value = try unquotedField(size: &size) {
                // The field was cut from the buffer: `position` is past its terminator.
                started = true
                switch buffer[position - 1] {
                case separator:
                    fields.append(value)
                    continue
                case 0x0D:
                    if position >= buffer.count { _ = fill() }
                    if position < buffer.count && buffer[position] == 0x0A { position += 1 }
                    fields.append(value)
                    return fields
                default:  // 0x0A
                    fields.append(value)
                    return fields
                }
            }
            let b = buffer[position]
            position += 1
            started = true
            size += 1
            if size > Self.maxRecordBytes {
                throw ImportError.unreadable("record \(recordNumber + 1) is longer than 1 MiB (an unclosed quote?)")
            }
            if quoted {
                if b == UInt8(ascii: "\"") {
                    if position >= buffer.count { _ = fill() }
                    if position < buffer.count && buffer[position] == UInt8(ascii: "\"") {
                        field.append(b)
                        position += 1
                    } else {
                        quoted = false
                    }
                } else {
                    if b == 0x0A { quotedLineBreaks += 1 }
                    field.append(b)
                }
                continue
            }
            switch b {
            case UInt8(ascii: "\"") where field.allSatisfy({ $0 == 0x20 }):
                field.removeAll()
                quoted = true
            case separator:
                fields.append(try text(field))
                field.removeAll(keepingCapacity: true)
            case 0x0A:
                fields.append(try text(field))
                return fields
            case 0x0D:
                if position >= buffer.count { _ = fill() }
                if position < buffer.count && buffer[position] == 0x0A { position += 1 }
                fields.append(try text(field))
                return fields
            default:
                field.append(b)
            }
        }
    }

    /// An unquoted, non-empty field that ends inside the buffer, read straight from the buffer
    /// (most fields; no byte-by-byte copy): its text, with `position` moved past the separator or
    /// line end that closes it and `size` grown by both. Nil, moving nothing, when the field is
    /// empty, contains a quote or runs past the buffer's end: the byte loop reads it then.
    /// - Throws: ``ImportError/unreadable(_:)`` when the record grows over ``maxRecordBytes``.
    private func unquotedField(size: inout Int) throws -> String? {
        let start = position
        let separator = separator
        let found: Int? = buffer.withUnsafeBufferPointer { bytes in
            var end = start
            while end < bytes.count {
                let c = bytes[end]
                if c == separator || c == 0x0A || c == 0x0D { return end > start ? end : nil }
                if c == UInt8(ascii: "\"") { return nil }
                end += 1
            }
            return nil
        }
        guard let end = found else { return nil }
        size += end - start + 1
        if size > Self.maxRecordBytes {
            throw ImportError.unreadable("record \(recordNumber + 1) is longer than 1 MiB (an unclosed quote?)")
        }
        position = end + 1
        return try buffer.withUnsafeBufferPointer { try text(UnsafeBufferPointer(rebasing: $0[start..<end])) }
    }

    private func text(_ bytes: [UInt8]) throws -> String {
        try bytes.withUnsafeBufferPointer { try text($0) }
    }

    private func text(_ bytes: UnsafeBufferPointer<UInt8>) throws -> String {
        // ASCII (nearly every field of an export) needs no validation: `String(validating:)`
        // runs unspecialized generic code per field (runtime metadata lookups, ~3 % of an import).
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        guard let s = String(validating: bytes, as: UTF8.self) else {
            // Spreadsheets on Windows re-save as Latin-1: read it as such rather than refuse.
            return String(bytes.map { Character(Unicode.Scalar($0)) })
        }
        return s
    }
}
