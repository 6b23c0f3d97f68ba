import Foundation

/// The language a recipe page is written in, and what it says about how
/// the page writes numbers.
///
/// Where the language is read: the Recipe's schema.org `inLanguage` (a
/// BCP 47 tag such as `"de-DE"`), else the page's `<html lang="…">`, else
/// its Open Graph `og:locale` (`"fr_FR"`). The decimal separator comes from
/// the locale data (CLDR through Foundation's `Locale`): `","` for German,
/// French, Dutch, Spanish (Spain), Polish, …; `"."` for English, Mexican
/// Spanish, Swiss German.
package enum PageLanguage {
    /// The page's language tag as written (`""` when it gives none).
    /// - Parameters:
    ///   - declared: the Recipe's `inLanguage`, when it is text.
    ///   - html: the page.
    package static func tag(declared: String?, html: String) -> String {
        if let declared, let tag = clean(declared) { return tag }
        for token in HTMLTokens.scan(String(html.prefix(65_536))) {
            guard case .open(let name, let attributes, _) = token else { continue }
            if name == "html", let lang = attributes["lang"] ?? attributes["xml:lang"], let tag = clean(lang) {
                return tag
            }
            if name == "meta", attributes["property"]?.lowercased() == "og:locale",
                let content = attributes["content"], let tag = clean(content)
            {
                return tag
            }
            if name == "body" { break }
        }
        return ""
    }

    /// True when `tag`'s locale writes decimals with a comma, false when
    /// with a point; nil for no tag or a tag that names no ISO 639 language.
    package static func decimalComma(_ tag: String) -> Bool? {
        guard !tag.isEmpty else { return nil }
        let locale = Locale(identifier: tag)
        guard locale.language.languageCode?.isISOLanguage == true, let separator = locale.decimalSeparator else {
            return nil
        }
        return separator == ","
    }

    /// A tag that looks like one (letters, digits, `-`, `_`; at most 35
    /// characters), trimmed; nil otherwise.
    static func clean(_ raw: String) -> String? {
        let tag = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !tag.isEmpty, tag.count <= 35,
            tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else { return nil }
        return tag
    }
}
