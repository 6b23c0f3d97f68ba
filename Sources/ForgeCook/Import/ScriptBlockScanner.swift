import Foundation

/// Finds the contents of `<script type="application/ld+json">` elements in
/// an HTML page without building a DOM.
///
/// Why a scanner: Foundation's `XMLDocument` with `.documentTidyHTML` on
/// Linux runs libxml2's XML parser, not its HTML parser, and mangles script
/// text (it drops `<` and `&` inside JSON strings), so it cannot be used.
///
/// What it handles: tag and attribute names in any case; attribute values
/// double-quoted, single-quoted or bare; a `type` with parameters
/// (`application/ld+json; charset=utf-8`); `<!-- … -->` comments (scripts
/// inside them are skipped); script text running to the first `</script`
/// in any case, as HTML itself does.
///
/// Limits: no character-reference decoding of attribute values, no
/// `<template>`/`<noscript>` awareness (scripts inside them are returned),
/// no CDATA or `<!-- … -->` wrapper stripping inside the script text (JSON
/// parsing of such a block fails and the block is skipped). A script
/// element left unclosed at the end of the page is ignored.
package enum ScriptBlockScanner {
    /// The text of every JSON-LD script element, in document order.
    package static func jsonLDBlocks(in html: String) -> [String] {
        let bytes = Array(html.utf8)
        var blocks: [String] = []
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            if matches(bytes, at: i, "<!--") {
                i = find(bytes, "-->", from: i + 4).map { $0 + 3 } ?? bytes.count
                continue
            }
            guard matches(bytes, at: i, "<script"), i + 7 < bytes.count, isTagNameEnd(bytes[i + 7]) else {
                i += 1
                continue
            }
            guard let (attributes, tagEnd) = readAttributes(bytes, from: i + 7) else { break }
            guard let close = find(bytes, "</script", from: tagEnd) else { break }
            let type =
                (attributes["type"] ?? "").split(separator: ";").first
                .map { $0.trimmingSpaces().lowercased() } ?? ""
            if type == "application/ld+json" {
                blocks.append(String(decoding: bytes[tagEnd..<close], as: UTF8.self))
            }
            i = close + 8
        }
        return blocks
    }

    private static func isTagNameEnd(_ b: UInt8) -> Bool {
        b == UInt8(ascii: ">") || b == UInt8(ascii: "/") || isSpace(b)
    }

    private static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0C || b == 0x0D }

    /// Case-insensitive ASCII match of `literal` at `index`.
    private static func matches(_ bytes: [UInt8], at index: Int, _ literal: String) -> Bool {
        let lit = Array(literal.utf8)
        guard index + lit.count <= bytes.count else { return false }
        for k in 0..<lit.count where lower(bytes[index + k]) != lit[k] { return false }
        return true
    }

    private static func lower(_ b: UInt8) -> UInt8 { (b >= 65 && b <= 90) ? b + 32 : b }

    private static func find(_ bytes: [UInt8], _ literal: String, from start: Int) -> Int? {
        var k = start
        while k < bytes.count {
            if matches(bytes, at: k, literal) { return k }
            k += 1
        }
        return nil
    }

    /// Reads attributes up to the closing `>`; returns them (names
    /// lower-cased) and the index just past `>`, or nil when the tag never closes.
    private static func readAttributes(_ bytes: [UInt8], from start: Int) -> ([String: String], Int)? {
        var attributes: [String: String] = [:]
        var k = start
        while k < bytes.count {
            let b = bytes[k]
            if b == UInt8(ascii: ">") { return (attributes, k + 1) }
            if isSpace(b) || b == UInt8(ascii: "/") {
                k += 1
                continue
            }
            let nameStart = k
            while k < bytes.count, !isSpace(bytes[k]), bytes[k] != UInt8(ascii: "="), bytes[k] != UInt8(ascii: ">") {
                k += 1
            }
            let name = String(decoding: bytes[nameStart..<k].map(lower), as: UTF8.self)
            while k < bytes.count, isSpace(bytes[k]) { k += 1 }
            var value = ""
            if k < bytes.count, bytes[k] == UInt8(ascii: "=") {
                k += 1
                while k < bytes.count, isSpace(bytes[k]) { k += 1 }
                guard k < bytes.count else { return nil }
                if bytes[k] == UInt8(ascii: "\"") || bytes[k] == UInt8(ascii: "'") {
                    let quote = bytes[k]
                    let valueStart = k + 1
                    k = valueStart
                    while k < bytes.count, bytes[k] != quote { k += 1 }
                    guard k < bytes.count else { return nil }
                    value = String(decoding: bytes[valueStart..<k], as: UTF8.self)
                    k += 1
                } else {
                    let valueStart = k
                    while k < bytes.count, !isSpace(bytes[k]), bytes[k] != UInt8(ascii: ">") { k += 1 }
                    value = String(decoding: bytes[valueStart..<k], as: UTF8.self)
                }
            }
            if attributes[name] == nil { attributes[name] = value }
        }
        return nil
    }
}

extension Substring {
    func trimmingSpaces() -> String { String(self).trimmingCharacters(in: .whitespacesAndNewlines) }
}
