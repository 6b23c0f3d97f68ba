/// A parser for systemd `EnvironmentFile=` syntax, so one file serves both
/// the unit and `forged`.
///
/// Rules (as systemd's `parse_env_file`): one `NAME=value` per line;
/// whitespace around the name and before the value is ignored; lines starting
/// with `#` or `;` are comments; blank lines are skipped. A value may be
/// wrapped in single quotes (taken literally) or double quotes (where `\"`,
/// `\\`, `` \` `` and `\$` are escapes and other backslashes stay). Outside
/// quotes a backslash escapes the next character and trailing whitespace is
/// dropped. A backslash at the end of a line continues the value (or comment)
/// on the next line; quoted values may span lines.
///
/// Stricter than systemd, which skips such lines silently: a line without
/// `=`, a malformed name and an unterminated quote are errors.
package enum EnvironmentFile {
    /// One assignment, with the 1-based line where its name starts.
    package struct Entry: Sendable, Equatable {
        package let name: String
        package let value: String
        package let line: Int
    }

    /// Parses `text`; `path` only labels error messages.
    /// - Returns: the assignments in file order (a later duplicate wins when
    ///   the caller builds a dictionary).
    /// - Throws: ``ConfigError`` with setting `config` and a
    ///   `PATH:LINE: reason` message.
    package static func parse(_ text: String, path: String) throws(ConfigError) -> [Entry] {
        enum State {
            case preKey, key, preValue, value, valueEscape
            case singleQuote, doubleQuote, doubleQuoteEscape, comment, commentEscape
        }
        func fail(_ line: Int, _ reason: String) -> ConfigError {
            ConfigError(setting: "config", message: "\(path):\(line): \(reason)")
        }
        var entries: [Entry] = []
        var state = State.preKey
        var line = 1
        var keyLine = 1
        var key = ""
        var value = ""
        var trailingSpace = 0  // unquoted trailing whitespace to trim
        let newline: Set<Unicode.Scalar> = ["\n", "\r"]
        let space: Set<Unicode.Scalar> = [" ", "\t"]

        func finishKey() throws(ConfigError) -> String {
            let name = key.trimmingTrailing(space)
            guard isValidName(name) else { throw fail(keyLine, "invalid variable name \"\(name)\"") }
            return name
        }

        for c in text.unicodeScalars {
            switch state {
            case .preKey:
                if c == "#" || c == ";" {
                    state = .comment
                } else if newline.contains(c) || space.contains(c) { /* skip */
                } else {
                    state = .key
                    key = String(c)
                    keyLine = line
                }
            case .key:
                if newline.contains(c) { throw fail(keyLine, "expected NAME=value") }
                if c == "=" {
                    state = .preValue
                    value = ""
                    trailingSpace = 0
                } else {
                    key.unicodeScalars.append(c)
                }
            case .preValue:
                if newline.contains(c) {
                    entries.append(Entry(name: try finishKey(), value: "", line: keyLine))
                    state = .preKey
                } else if space.contains(c) { /* skip */
                } else if c == "'" {
                    state = .singleQuote
                } else if c == "\"" {
                    state = .doubleQuote
                } else if c == "\\" {
                    state = .valueEscape
                } else {
                    state = .value
                    value.unicodeScalars.append(c)
                }
            case .value:
                if newline.contains(c) {
                    value.unicodeScalars.removeLast(trailingSpace)
                    entries.append(Entry(name: try finishKey(), value: value, line: keyLine))
                    state = .preKey
                } else if c == "\\" {
                    state = .valueEscape
                    trailingSpace = 0
                } else {
                    value.unicodeScalars.append(c)
                    trailingSpace = space.contains(c) ? trailingSpace + 1 : 0
                }
            case .valueEscape:
                state = .value
                if !newline.contains(c) {
                    value.unicodeScalars.append(c)
                    trailingSpace = 0
                }
            case .singleQuote:
                if c == "'" {
                    state = .value
                    trailingSpace = 0
                } else {
                    value.unicodeScalars.append(c)
                }
            case .doubleQuote:
                if c == "\"" {
                    state = .value
                    trailingSpace = 0
                } else if c == "\\" {
                    state = .doubleQuoteEscape
                } else {
                    value.unicodeScalars.append(c)
                }
            case .doubleQuoteEscape:
                state = .doubleQuote
                if newline.contains(c) { /* line continuation */
                } else if "\"\\`$".unicodeScalars.contains(c) {
                    value.unicodeScalars.append(c)
                } else {
                    value.unicodeScalars.append("\\")
                    value.unicodeScalars.append(c)
                }
            case .comment:
                if c == "\\" { state = .commentEscape } else if newline.contains(c) { state = .preKey }
            case .commentEscape:
                state = .comment
            }
            if c == "\n" { line += 1 }
        }
        switch state {
        case .preKey, .comment, .commentEscape: break
        case .key: throw fail(keyLine, "expected NAME=value")
        case .preValue: entries.append(Entry(name: try finishKey(), value: "", line: keyLine))
        case .value, .valueEscape:
            value.unicodeScalars.removeLast(trailingSpace)
            entries.append(Entry(name: try finishKey(), value: value, line: keyLine))
        case .singleQuote, .doubleQuote, .doubleQuoteEscape:
            throw fail(keyLine, "unterminated quote")
        }
        return entries
    }

    /// An environment variable name: a letter or `_`, then letters, digits, `_`.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || first.isASCIILetter else { return false }
        return name.unicodeScalars.allSatisfy { $0 == "_" || $0.isASCIILetter || ("0"..."9").contains($0) }
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}

extension String {
    fileprivate func trimmingTrailing(_ set: Set<Unicode.Scalar>) -> String {
        var scalars = unicodeScalars[...]
        while let last = scalars.last, set.contains(last) { scalars = scalars.dropLast() }
        return String(String.UnicodeScalarView(scalars))
    }
}
