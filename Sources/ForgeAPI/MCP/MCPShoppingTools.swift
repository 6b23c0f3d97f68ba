import ForgeCook
import ForgeCore
import Foundation

/// `get_shopping_list` (issue 18): the week's shopping list of the caller's
/// food scope, as `GET /api/food/shopping` answers it
/// (``ShoppingWire/List``), for an assistant to read out or send on.
enum MCPShoppingTools {
    static var tools: [MCPTool] {
        [
            .typed(
                "get_shopping_list",
                "The household's shopping list for the week containing a date: items by aisle with quantities, packs and who ticked what, pantry staples to check, items added by hand.",
                ShoppingListArguments.self,
                hints: ["date": ["description": "YYYY-MM-DD, any day of the week; default today (household zone)"]],
                run: getShoppingList)
        ]
    }

    static func getShoppingList(_ ctx: MCPContext, _ date: LocalDate?) throws -> JSONValue {
        let date = date ?? ctx.app.today
        let scope = FoodWeekStore.scope(userID: ctx.user.id, isDemo: ctx.user.isDemo)
        let list = try Shopping.list(scope: scope, containing: date, in: ctx.app.db)
        return try WireEncoder.jsonValue(ShoppingWire.List(list))
    }
}

/// Arguments of `get_shopping_list`: `{ date? }` (bad date → tool error `bad date`).
struct ShoppingListArguments: ValidatingInput {
    var date: String?

    static let rules: [InputRule<Self>] = [.dateText("date")]

    /// The date asked for, nil for today.
    func validated() throws -> LocalDate? { try FoodField.date(date, loc: ["body", "date"]) }
}
