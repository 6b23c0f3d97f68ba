import ForgeCook
import Foundation

/// `forged food weigh [FILE]`: ingredient lines read and weighed as a recipe's macros read them
/// (``IngredientLineMatcher`` against the shipped ingredient reference and USDA SR28), one
/// tab-separated answer a line. Needs no state directory.
struct FoodCommands {
    let command: ParsedCommand

    /// Prints a header, then one line per input line: the line, grams, kcal, food, confidence, flags, and
    /// why a line would park a recipe.
    /// - Returns: 0; 1 when a line could be neither weighed against a food nor called negligible; 66
    ///   (EX_NOINPUT) when FILE cannot be read.
    func weigh() -> Int32 {
        let text: String
        if let path = command.positionals.first {
            guard let data = FileManager.default.contents(atPath: path) else {
                Forged.printError("forged food weigh: cannot read \(path)")
                return 66
            }
            text = String(decoding: data, as: UTF8.self)
        } else {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        let reference = IngredientReference.seed
        var unweighed = 0
        var out = ["line", "grams", "kcal", "food", "confidence", "flags", "why"].joined(separator: "\t") + "\n"
        for raw in text.split(whereSeparator: \.isNewline) where !raw.allSatisfy(\.isWhitespace) {
            let (line, accounted) = IngredientLineMatcher.line(String(raw), reference: reference)
            if !accounted { unweighed += 1 }
            let flags = [line.estimate ? "estimate" : "", line.negligible ? "negligible" : ""].filter { !$0.isEmpty }
            let why =
                accounted
                ? "" : line.grams == nil ? "cannot be weighed" : "matches no food (its weight counts as unknown food)"
            let fields = [
                line.raw ?? String(raw), line.grams.map { "\($0)" } ?? "", line.kcal.map { "\($0)" } ?? "",
                line.food ?? "", line.refConfidence.map { "\($0)" } ?? "", flags.joined(separator: ","), why,
            ]
            out += fields.joined(separator: "\t") + "\n"
        }
        FileHandle.standardOutput.write(Data(out.utf8))
        return unweighed == 0 ? 0 : 1
    }
}
