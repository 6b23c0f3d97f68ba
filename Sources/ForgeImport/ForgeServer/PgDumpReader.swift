import Foundation

/// Reads a plain `pg_dump` file (`pg_dump --clean --if-exists > forge.sql`):
/// the data of every `COPY table (columns) FROM stdin;` block up to its `\.`
/// line; every other statement (DROP, CREATE, ALTER, SET, SELECT
/// pg_catalog.set_config...) is passed over. A file that does not end with
/// pg_dump's closing comment, or ends inside a COPY block, is truncated.
enum PgDumpReader {
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
        var current: SourceTable?
        var sawHeader = false
        var sawEnd = false
        var sawInsert = false
        var lineNumber = 0
        var pending: [UInt8] = []
        var atEOF = false
        var failure: ImportError?

        func take(line: UnsafeBufferPointer<UInt8>) {
            lineNumber += 1
            if var table = current {
                if line.count == 2 && line[0] == 0x5C && line[1] == 0x2E {
                    tables[table.name] = table
                    onTable?(table.name, table.rows.count)
                    current = nil
                    return
                }
                let values = CopyText.fields(line, expected: table.columns.count)
                guard values.count == table.columns.count else {
                    failure = ImportError.unreadable(
                        "\(path): line \(lineNumber): \(values.count) values for the \(table.columns.count) columns of "
                            + "\(table.name) (a damaged dump?)")
                    return
                }
                current = nil  // keep the row array uniquely referenced while appending
                table.rows.append(values)
                current = table
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
                    current = SourceTable(name: name, columns: columns)
                }
            } else if first == UInt8(ascii: "I") {
                if String(decoding: line.prefix(12), as: UTF8.self) == "INSERT INTO " { sawInsert = true }
            }
        }

        while failure == nil {
            // Lines of the buffer; keep the last partial line for the next chunk.
            var start = 0
            pending.withUnsafeBufferPointer { buffer in
                var i = 0
                while i < buffer.count, failure == nil {
                    if buffer[i] == 0x0A {
                        take(line: UnsafeBufferPointer(rebasing: buffer[start..<i]))
                        start = i + 1
                    }
                    i += 1
                }
            }
            pending.removeFirst(start)
            if atEOF { break }
            let chunk = handle.readData(ofLength: 4 << 20)
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
