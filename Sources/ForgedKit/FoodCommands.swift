import ForgeCook
import Foundation

/// `forged food weigh [FILE]`: ingredient lines read and weighed as a recipe's macros read them
/// (``IngredientLineMatcher`` against the shipped ingredient reference and USDA SR28), one
/// tab-separated answer a line. Needs no state directory.
struct FoodCommands {
    let command: ParsedCommand

    /// Prints one line per input line: the line, grams, kcal, food, confidence, flags.
    /// - Returns: 0, or 1 when a line could not be weighed; 1 also when FILE cannot be read.
    func weigh() -> Int32 {
        let text: String
        if let path = command.positionals.first {
            guard let data = FileManager.default.contents(atPath: path) else {
                Forged.printError("forged food weigh: cannot read \(path)")
                return 1
            }
            text = String(decoding: data, as: UTF8.self)
        } else {
            text = String(decoding: FileHandle.standardInput.readDataToEndOfFile(), as: UTF8.self)
        }
        let reference = IngredientReference.seed
        var unweighed = 0
        var out = ""
        for raw in text.split(whereSeparator: \.isNewline) where !raw.allSatisfy(\.isWhitespace) {
            let (line, accounted) = IngredientLineMatcher.line(String(raw), reference: reference)
            if !accounted { unweighed += 1 }
            let flags = [line.estimate ? "estimate" : "", line.negligible ? "negligible" : ""].filter { !$0.isEmpty }
            let fields = [
                line.raw ?? String(raw), line.grams.map { "\($0)" } ?? "", line.kcal.map { "\($0)" } ?? "",
                line.food ?? "", line.refConfidence.map { "\($0)" } ?? "", flags.joined(separator: ","),
            ]
            out += fields.joined(separator: "\t") + "\n"
        }
        FileHandle.standardOutput.write(Data(out.utf8))
        return unweighed == 0 ? 0 : 1
    }
}
