import ForgeCore
import Foundation

/// A display unit for loads (docs/contract.md §1.3). Storage is always kg at full
/// precision; conversion happens only when text is shown.
package enum LoadUnit: String, Sendable, CaseIterable {
    case kg, lb

    /// Kilograms per pound, exact by definition (International yard and
    /// pound agreement, 1959).
    package static let kgPerLb = 0.45359237

    /// The member's unit for `slug`: `prefs.load_units[slug]` when it is
    /// `"kg"`/`"lb"`, else `prefs.unit_load`, else `lb` (the contract's default).
    package static func preferred(prefs: [String: JSONValue], slug: String?) -> LoadUnit {
        if let slug, let u = prefs["load_units"]?[slug]?.stringValue, let unit = LoadUnit(rawValue: u) { return unit }
        if let u = prefs["unit_load"]?.stringValue, let unit = LoadUnit(rawValue: u) { return unit }
        return .lb
    }

    /// The unit a person or a file names: `kg`/`kgs`/`kilograms` or `lb`/`lbs`/`pounds`, any case, blanks
    /// around ignored; nil for anything else (`--unit`, an upload's `unit`).
    package static func named(_ text: String) -> LoadUnit? {
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "kg", "kgs", "kilogram", "kilograms": .kg
        case "lb", "lbs", "pound", "pounds": .lb
        default: nil
        }
    }

    /// `kg` expressed in this unit, unrounded.
    package func fromKg(_ kg: Double) -> Double { self == .kg ? kg : kg / Self.kgPerLb }

    /// `value` in this unit expressed in kg, unrounded.
    package func toKg(_ value: Double) -> Double { self == .kg ? value : value * Self.kgPerLb }

    /// Display text of a stored kg load in this unit: rounded half-to-even to
    /// 0.01 and printed in shortest form, so 73.70951... kg (162.5 lb stored
    /// at full precision) reads `"162.5"` in lb and `"73.71"` in kg.
    package func text(kg: Double) -> String {
        NumberText.shortest(Rounding.round2(fromKg(kg)))
    }

    /// A stored kg load in this unit as a lifter reads it in words (issue 28):
    /// a value on the plate grid (a multiple of 0.25 in this unit, within
    /// 0.005: `135`, `137.5`, `61.25`) prints exactly; any other value is
    /// rounded half-to-even to one decimal (the contract's 0.1 kg of
    /// docs/contract.md §4.4, and 0.1 lb), so 40.0 kg reads `"88.2"` lb and
    /// 105.68702221 kg reads `"105.7"` kg, never two stray decimals.
    package func wordsText(kg: Double) -> String {
        let value = fromKg(kg)
        let plate = (value * 4).rounded() / 4
        if abs(value - plate) < 0.005 { return NumberText.shortest(plate) }
        return NumberText.shortest(Rounding.round1(value))
    }
}

/// The record `detail` string of docs/contract.md §4.4 in a chosen unit (docs/contract.md §6.12): `"<weight>
/// <unit> × <reps>"`, e.g. `"162.5 lb × 5"`, `×` = U+00D7.
package enum RecordDetail {
    /// `"<weight> <unit> × <reps>"` for a set of `weightKg` kilograms shown in `unit`
    /// (``LoadUnit/text(kg:)``).
    package static func text(weightKg: Double, reps: Int, unit: LoadUnit) -> String {
        "\(unit.text(kg: weightKg)) \(unit.rawValue) × \(reps)"
    }
}
