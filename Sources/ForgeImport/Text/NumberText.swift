/// Numbers and durations as the apps and spreadsheet re-saves write them.
package enum NumberText {
    /// A decimal: `5`, `5.0`, `6.80388555`, a decimal comma `62,5` (a
    /// spreadsheet's re-save), blank → nil. Non-finite values are nil.
    package static func decimal(_ raw: String) -> Double? {
        var text = raw.trimmedBlanks
        if text.isEmpty { return nil }
        // Byte checks: Foundation's `contains` on a String searches with a locale, once per field.
        let bytes = text.utf8
        if bytes.contains(UInt8(ascii: ",")) && !bytes.contains(UInt8(ascii: ".")) {
            text = text.replacingOccurrences(of: ",", with: ".")
        }
        guard let v = Double(text), v.isFinite else { return nil }
        return v
    }

    /// A duration in seconds: a plain number of seconds (`3600`), a clock
    /// (`1:05:00`, `05:30`), or Strong's words (`55s`, `38min`, `35m`,
    /// `1h 5m`, `8h 47m`, `1h 2m 3s`). Blank → nil; unreadable → nil.
    package static func duration(_ raw: String) -> Double? {
        let text = raw.trimmedBlanks.lowercased()
        if text.isEmpty { return nil }
        if let v = decimal(text) { return v }
        if text.utf8.contains(UInt8(ascii: ":")) {
            let parts = text.split(separator: ":").map { Double($0) }
            guard parts.allSatisfy({ $0 != nil }), (2...3).contains(parts.count) else { return nil }
            return parts.reduce(0.0) { $0 * 60 + $1! }
        }
        var total = 0.0
        var number = ""
        var unit = ""
        var matched = false
        func flush() -> Bool {
            guard !number.isEmpty, let v = Double(number) else { return number.isEmpty && unit.isEmpty }
            switch unit {
            case "h", "hr", "hrs", "hour", "hours": total += v * 3600
            case "m", "min", "mins", "minute", "minutes": total += v * 60
            case "s", "sec", "secs", "second", "seconds", "": total += v
            default: return false
            }
            matched = true
            number = ""
            unit = ""
            return true
        }
        for c in text {
            if c.isNumber || c == "." {
                if !unit.isEmpty { guard flush() else { return nil } }
                number.append(c)
            } else if c.isLetter {
                unit.append(c)
            } else if c == " " {
                if !unit.isEmpty { guard flush() else { return nil } }
            } else {
                return nil
            }
        }
        guard flush(), matched else { return nil }
        return total
    }
}
