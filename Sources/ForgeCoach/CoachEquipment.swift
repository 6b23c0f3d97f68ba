import ForgeCore
import ForgeTrain

/// The coach tool `get_equipment`'s result: the active profile with the
/// contract's kg members first, then the profile's own unit, in this order:
/// `{name, items, bar_kg, plates_kg, db_max_kg, unit, bar, plates}`.
/// `items` lists the available items' names only; `bar_kg`, `plates_kg` and
/// `db_max_kg` are kg (exact conversions); `bar` and `plates` (per side,
/// largest first) are in `unit` (`"kg"` or `"lb"`), as `GET /api/equipment`
/// gives them.
struct CoachEquipment: Encodable, Equatable {
    let name: String
    let items: [String]
    let barKg: Double
    let platesKg: [Double]
    let dbMaxKg: Double
    let unit: String
    let bar: Double
    let plates: [Double]

    init(_ p: EquipmentProfile) {
        name = p.name
        items = p.items.filter(\.available).map(\.name)
        barKg = p.barKg
        platesKg = p.platesKg
        dbMaxKg = p.dbMaxKg
        unit = p.unit.rawValue
        bar = p.unit.value(steps: p.plates.bar)
        plates = p.plates.plates.map(p.unit.value(steps:))
    }
}
