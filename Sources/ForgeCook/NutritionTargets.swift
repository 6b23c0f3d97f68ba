import ForgeCore
import Foundation

/// Daily nutrition targets (docs/contract.md §5.4). Sugar, sat fat and sodium are caps.
package enum NutritionTargets {
    /// Defaults: kcal 2300, protein 160 g, carbs 250 g, sugar 65 g, fibre 38 g,
    /// fat 80 g, sat fat 18 g, sodium 2300 mg.
    package static let defaults = Macros(
        kcal: 2300, proteinG: 160, carbsG: 250, sugarG: 65,
        fiberG: 38, fatG: 80, satfatG: 18, sodiumMg: 2300)

    /// A user's stored `prefs.nutrition_targets` merged over `defaults` key by
    /// key. A key counts when its value is a number or a numeric string (lax
    /// coercion, §1.1); anything else, and unknown keys, are ignored.
    package static func merged(stored: [String: JSONValue]?) -> Macros {
        var values = defaults.values
        for (i, key) in Macros.keys.enumerated() {
            guard let value = stored?[key] else { continue }
            if let number = value.doubleValue {
                values[i] = number
            } else if let text = value.stringValue, let number = Double(text.trimmingCharacters(in: .whitespaces)),
                number.isFinite
            {
                values[i] = number
            }
        }
        return Macros(values: values)
    }
}
