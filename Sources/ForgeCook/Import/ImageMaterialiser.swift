import Foundation

/// Turns image references into stored blobs (docs/contract.md §4.23) through an
/// ``ImageSink``.
///
/// - `data:image/<type>;base64,<data>` (case-insensitive): strictly
///   decoded; invalid or larger than `maxBytes` → dropped with a warning;
///   else stored.
/// - `http(s)://…`: fetched under the outbound policy; a non-`image/*`
///   type, a body over `maxBytes`, or any fetch/HTTP error keeps the
///   original URL, with a warning. Success → stored.
/// - anything else, or empty → dropped with a warning.
///
/// With no sink installed every reference that would be stored is kept
/// (remote URLs) or dropped (data URLs), with a warning. Warnings never fail
/// the import.
package struct ImageMaterialiser: Sendable {
    /// 3 MiB, the contract's blob cap.
    package static let maxBytes = 3 * 1024 * 1024

    /// Fetches remote images under the outbound policy.
    package let fetcher: OutboundFetcher
    /// Stores the images; nil when none is installed (see above).
    package let sink: (any ImageSink)?

    /// A materialiser fetching with `fetcher` and storing into `sink`.
    package init(fetcher: OutboundFetcher, sink: (any ImageSink)?) {
        self.fetcher = fetcher
        self.sink = sink
    }

    /// The outcome: kept references in input order, how many were stored
    /// now, and the warnings.
    package struct Result: Sendable, Equatable {
        package var references: [String] = []
        package var stored = 0
        package var warnings: [String] = []
    }

    /// Stores, keeps or drops each of `references` by the rules above, in input order;
    /// never throws (every problem becomes a warning).
    package func materialise(_ references: [String]) -> Result {
        var result = Result()
        for raw in references {
            let ref = raw.trimmingCharacters(in: .whitespacesAndNewlines)
            let lower = ref.lowercased()
            if lower.hasPrefix("data:") {
                guard let (bytes, type) = Self.decodeDataURL(ref) else {
                    result.warnings.append("image dropped: not a valid base64 image data URL")
                    continue
                }
                guard bytes.count <= Self.maxBytes else {
                    result.warnings.append("image dropped: larger than 3 MiB")
                    continue
                }
                store(bytes, type: type, source: "", keepOnFailure: nil, into: &result)
            } else if lower.hasPrefix("http://") || lower.hasPrefix("https://") {
                guard sink != nil else {
                    result.references.append(ref)
                    result.warnings.append("image kept as remote URL \(ref): no image store")
                    continue
                }
                do {
                    let fetched = try fetcher.get(ref, maxBytes: Self.maxBytes, accept: "image/*")
                    guard (200...299).contains(fetched.status) else {
                        throw FetchFailure("HTTP \(fetched.status)")
                    }
                    let type =
                        fetched.contentType.split(separator: ";").first
                        .map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
                    guard type.hasPrefix("image/") else {
                        throw FetchFailure("not an image (\(type.isEmpty ? "no type" : type))")
                    }
                    store(fetched.body, type: type, source: ref, keepOnFailure: ref, into: &result)
                } catch {
                    result.references.append(ref)
                    result.warnings.append("image kept as remote URL \(ref): \(error)")
                }
            } else {
                result.warnings.append(
                    ref.isEmpty
                        ? "image dropped: empty reference"
                        : "image dropped: not an http(s) or data URL")
            }
        }
        return result
    }

    private func store(_ bytes: Data, type: String, source: String, keepOnFailure: String?, into result: inout Result) {
        guard let sink else {
            if let keep = keepOnFailure { result.references.append(keep) }
            result.warnings.append("image dropped: no image store")
            return
        }
        do {
            result.references.append(try sink.store(bytes: bytes, contentType: type, sourceURL: source))
            result.stored += 1
        } catch {
            if let keep = keepOnFailure { result.references.append(keep) }
            result.warnings.append("image not stored: \(error)")
        }
    }

    /// Bytes and MIME type of `data:image/<type>;base64,<data>`, strictly
    /// decoded (no whitespace or invalid characters), or nil.
    static func decodeDataURL(_ text: String) -> (Data, String)? {
        guard let comma = text.firstIndex(of: ",") else { return nil }
        let header = text[text.index(text.startIndex, offsetBy: 5)..<comma].lowercased()
        guard header.hasPrefix("image/"), header.hasSuffix(";base64") else { return nil }
        let type = String(header.dropLast(7))
        guard !type.contains(";"), type.count > 6 else { return nil }
        guard let data = Data(base64Encoded: String(text[text.index(after: comma)...])), !data.isEmpty else {
            return nil
        }
        return (data, type)
    }
}
