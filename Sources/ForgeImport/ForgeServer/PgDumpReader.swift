import Foundation

/// Reads a plain `pg_dump` file (`pg_dump --clean --if-exists > forge.sql`):
/// the data of every `COPY table (columns) FROM stdin;` block up to its `\.`
/// line; every other statement (DROP, CREATE, ALTER, SET, SELECT
/// pg_catalog.set_config...) is passed over. A file that does not end with
/// pg_dump's closing comment, or ends inside a COPY block, is truncated.
///
/// The file is read 4 MiB at a time. Each chunk's lines are classified in
/// file order on the calling thread (statements, and the table a row belongs
/// to), then its rows are split into values on two threads
/// (``parse(_:in:)``) and appended in file order: reading the bench's 12.6 MB
/// dump went from 87-110 ms to 72-90 ms (docs/performance.md, "The
/// forge-server move on two cores").
enum PgDumpReader {
    /// Bytes read at a time.
    static let chunkBytes = 4 << 20

    /// A row of a COPY block, in the chunk being read.
    struct RowLine {
        /// Its table's name, and how many columns its COPY line names.
        var table: String
        var columns: Int
        /// Byte offsets of its line in the chunk, `end` exclusive (the line break left out).
        var start: Int
        var end: Int
        /// 1-based line number in the file.
        var line: Int
    }

    /// The tables of `path`, read whole.
    /// - Parameter onTable: called after each table with its row count.
    /// - Throws: ``ImportError/unreadable(_:)`` naming the file: not a pg_dump,
    ///   truncated, a dump of INSERT statements, or a COPY row whose column count is wrong.
    static func read(_ path: String, onTable: ((String, Int) -> Void)? = nil) throws -> [String: SourceTable] {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ImportError.unreadable("\(path): cannot open the file")
        }
        defer { try? handle.close() }
        var tables: [String: SourceTable] = [:]
        var current: (name: String, columns: Int)?
        var sawHeader = false
        var sawEnd = false
        var sawInsert = false
        var lineNumber = 0
        var pending: [UInt8] = []
        var atEOF = false
        var failure: ImportError?
        var rows: [RowLine] = []
        var closed: [String] = []

        // A line outside the rows of a COPY block, or a row (kept in `rows` to be split later).
        func take(_ line: UnsafeBufferPointer<UInt8>, start: Int) {
            lineNumber += 1
            if let table = current {
                if line.count == 2 && line[0] == 0x5C && line[1] == 0x2E {
                    closed.append(table.name)
                    current = nil
                } else {
                    rows.append(
                        RowLine(
                            table: table.name, columns: table.columns, start: start, end: start + line.count,
                            line: lineNumber))
                }
                return
            }
            guard let first = line.first else { return }
            if first == UInt8(ascii: "-") {
                let text = String(decoding: line, as: UTF8.self)
                if text.hasPrefix("-- PostgreSQL database dump complete") { sawEnd = true }
                if text.hasPrefix("-- PostgreSQL database dump") { sawHeader = true }
            } else if first == UInt8(ascii: "C"), line.count > 5 {
                let text = String(decoding: line, as: UTF8.self)
                if text.hasPrefix("COPY "), text.hasSuffix(" FROM stdin;") {
                    guard let (name, columns) = copyHeader(text) else {
                        failure = ImportError.unreadable("\(path): line \(lineNumber): a COPY line forged cannot read")
                        return
                    }
                    tables[name] = SourceTable(name: name, columns: columns)
                    current = (name, columns.count)
                }
            } else if first == UInt8(ascii: "I") {
                if String(decoding: line.prefix(12), as: UTF8.self) == "INSERT INTO " { sawInsert = true }
            }
        }

        while failure == nil {
            // Lines of the buffer; keep the last partial line for the next chunk.
            var start = 0
            var values: [[SourceValue]] = []
            pending.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                while start < buffer.count, failure == nil,
                    let newline = memchr(base + start, 0x0A, buffer.count - start)
                {
                    let end = base.distance(to: newline.assumingMemoryBound(to: UInt8.self))
                    take(UnsafeBufferPointer(rebasing: buffer[start..<end]), start: start)
                    start = end + 1
                }
                values = parse(rows, in: buffer)
            }
            // In file order: the first row whose column count is wrong comes before a later statement's failure.
            // A table's rows are consecutive lines: appended a run at a time.
            var run = 0
            for (i, (row, fields)) in zip(rows, values).enumerated() {
                guard fields.count == row.columns else {
                    failure = ImportError.unreadable(
                        "\(path): line \(row.line): \(fields.count) values for the \(row.columns) columns of "
                            + "\(row.table) (a damaged dump?)")
                    break
                }
                if i + 1 == rows.count || rows[i + 1].table != row.table {
                    tables[row.table]?.rows.append(contentsOf: values[run...i])
                    run = i + 1
                }
            }
            rows.removeAll(keepingCapacity: true)
            if failure != nil { break }
            for name in closed { onTable?(name, tables[name]?.rows.count ?? 0) }
            closed.removeAll()
            pending.removeFirst(start)
            if atEOF { break }
            let chunk = handle.readData(ofLength: chunkBytes)
            if chunk.isEmpty {
                atEOF = true
                if !pending.isEmpty {
                    pending.append(0x0A)  // a last line without its newline
                    continue
                }
                break
            }
            pending.append(contentsOf: chunk)
        }
        if let failure { throw failure }
        if let table = current {
            throw ImportError.unreadable(
                "\(path): the dump ends inside the rows of \(table.name) (truncated: make the dump again)")
        }
        guard sawHeader else {
            throw ImportError.unreadable("\(path): not a plain pg_dump file (no \"-- PostgreSQL database dump\" line)")
        }
        if tables.isEmpty && sawInsert {
            throw ImportError.unreadable(
                "\(path): this dump holds INSERT statements; make it with pg_dump's default COPY format")
        }
        guard sawEnd else {
            throw ImportError.unreadable(
                "\(path): the dump has no \"-- PostgreSQL database dump complete\" line (truncated: make the dump again)"
            )
        }
        return tables
    }

    /// The values of `rows` (lines of `buffer`), in their order: the two halves of the rows
    /// split at once by two threads (`concurrentPerform`), each into its own slots (a single
    /// row by one).
    static func parse(_ rows: [RowLine], in buffer: UnsafeBufferPointer<UInt8>) -> [[SourceValue]] {
        guard !rows.isEmpty, let bytes = buffer.baseAddress else { return [] }
        let half = rows.count / 2
        let parts = rows.count > 1 ? [0..<half, half..<rows.count] : [0..<rows.count]
        return [[SourceValue]](unsafeUninitializedCapacity: rows.count) { out, initialized in
            let memory = Halves(bytes: bytes, out: out.baseAddress!)
            DispatchQueue.concurrentPerform(iterations: parts.count) { part in
                for i in parts[part] {
                    let row = rows[i]
                    let line = UnsafeBufferPointer(start: memory.bytes + row.start, count: row.end - row.start)
                    (memory.out + i).initialize(to: CopyText.fields(line, expected: row.columns))
                }
            }
            initialized = rows.count
        }
    }

    /// The chunk read and the values' slots, shared by the two halves of ``parse(_:in:)``.
    ///
    /// Why `@unchecked Sendable`: two threads use these pointers at once, but
    /// only to read the chunk (which nobody writes meanwhile) and to
    /// initialize disjoint slots (rows `0..<half` and `half...`), and
    /// `concurrentPerform` returns only after both halves ended.
    private struct Halves: @unchecked Sendable {
        let bytes: UnsafePointer<UInt8>
        let out: UnsafeMutablePointer<[SourceValue]>
    }

    /// `COPY public.users (id, email, "desc") FROM stdin;` → (`users`, [`id`, `email`, `desc`]).
    static func copyHeader(_ line: String) -> (String, [String])? {
        var rest = Substring(line.dropFirst(5).dropLast(" FROM stdin;".count))
        guard let open = rest.firstIndex(of: "("), rest.hasSuffix(")") else {
            return nil
        }
        let qualified = rest[..<open].trimmingCharacters(in: .whitespaces)
        let parts = identifiers(Substring(qualified), separator: ".")
        guard let name = parts.last, !name.isEmpty else { return nil }
        if parts.count == 2 && parts[0] != "public" { return nil }
        rest = rest[rest.index(after: open)..<rest.index(before: rest.endIndex)]
        let columns = identifiers(rest, separator: ",")
        return columns.isEmpty ? nil : (name, columns)
    }

    /// Splits SQL identifiers on `separator`, unquoting `"a ""b"""`.
    static func identifiers(_ text: Substring, separator: Character) -> [String] {
        var out: [String] = []
        var current = ""
        var quoted = false
        var chars = Array(text)
        chars.append(separator)
        var i = 0
        while i < chars.count {
            let c = chars[i]
            if quoted {
                if c == "\"" {
                    if i + 1 < chars.count, chars[i + 1] == "\"" {
                        current.append("\"")
                        i += 1
                    } else {
                        quoted = false
                    }
                } else {
                    current.append(c)
                }
            } else if c == "\"" {
                quoted = true
            } else if c == separator {
                out.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(c)
            }
            i += 1
        }
        return out
    }
}
