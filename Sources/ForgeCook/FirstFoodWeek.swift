import ForgeCore

/// The first household food week (docs/contract.md §5.5: revision 1, `active`,
/// `changes: []`), from the embedded `food_week.json`.
package enum FirstFoodWeek {
    private struct Document: Decodable {
        let rationale: String
        let content: FoodContent
    }

    private static let document: Document = {
        guard let data = EmbeddedAssets.bytes(named: "food_week.json"),
            let doc = try? JSONCoding.decode(Document.self, from: data)
        else { fatalError("embedded food_week.json is missing or invalid") }
        return doc
    }()

    /// The revision content: seven days, four slots each.
    package static var content: FoodContent { document.content }

    /// The revision's rationale (never starts with "next week").
    package static var rationale: String { document.rationale }
}
