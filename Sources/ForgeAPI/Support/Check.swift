import ForgeCore
import ForgeHTTP
import ForgeTrain

/// The input ranges forged accepts: what a lifter, runner or cook could
/// really mean, so an absurd number (`1e308` kg, `99999999999` reps) is a
/// 422 naming the field instead of a stored value that breaks a later read.
/// Loads are kilograms (docs/contract.md §1.3).
enum Bounds {
    /// A load on a bar, dumbbell or machine, kg.
    static let loadKg = 0.0...1000.0
    /// Repetitions in one set.
    static let reps = 0...1000
    /// Set number within a session.
    static let setNo = 0...1000
    /// Rating of perceived exertion (Borg CR10 as lifters use it); 0 is kept
    /// for clients that send "no rating" as 0.
    static let rpe = 0...10
    /// Energy per serving or per logged meal, kcal.
    static let kcal = 0.0...10_000.0
    /// Grams or milligrams of one macro in one serving or meal.
    static let macro = 0.0...10_000.0
    /// Heart rate, beats per minute (``IngestPlausibility/heartRate``).
    static let heartRate = Int(IngestPlausibility.heartRate.lowerBound)...Int(IngestPlausibility.heartRate.upperBound)
    /// A logged duration, minutes (a day).
    static let loggedMinutes = 0...1440
    /// A recipe's time, minutes (7 days, for ferments and brines).
    static let recipeMinutes = 0...10_080
    /// Session time budget, minutes.
    static let budgetMinutes = 0...600
    /// Years a date may fall in.
    static let years = 1900...2100
    /// Short labels (timer labels, names), characters (docs/contract.md's 120).
    static let label = 120
    /// Notes and free text, characters.
    static let note = 4000
    /// One imported ingredient line or step title, characters.
    static let line = 1000
    /// A step's prose, characters.
    static let paragraph = 10_000
}

/// Field checks for ``RequestInput/rules`` and ``RequestInput/validate()``,
/// each a 422 in the §1.4 shape with `loc` `["body", field…]` (or the given
/// `["query", name]`) and pydantic's type names.
enum Check {
    static func range<T: Comparable & Numeric>(_ value: T?, _ bounds: ClosedRange<T>, _ loc: JSONValue...) throws {
        try range(value, bounds, at: loc)
    }

    static func range<T: Comparable & Numeric>(_ value: T?, _ bounds: ClosedRange<T>, at loc: [JSONValue]) throws {
        guard let value else { return }
        if value < bounds.lowerBound {
            throw fail(
                loc, "greater_than_equal", "Input should be greater than or equal to \(bounds.lowerBound)",
                number(value))
        }
        if value > bounds.upperBound {
            throw fail(
                loc, "less_than_equal", "Input should be less than or equal to \(bounds.upperBound)", number(value))
        }
    }

    /// `value` above 0 and at most `max` (pydantic's `gt=0, le=max`): 422
    /// `greater_than` for 0, a negative or NaN, `less_than_equal` above `max`.
    static func positive(_ value: Double?, max: Double, at loc: [JSONValue]) throws {
        guard let value else { return }
        if !(value > 0) { throw fail(loc, "greater_than", "Input should be greater than 0", .double(value)) }
        if value > max {
            let bound = max.rounded() == max && abs(max) < 1e15 ? "\(Int(max))" : "\(max)"
            throw fail(loc, "less_than_equal", "Input should be less than or equal to \(bound)", .double(value))
        }
    }

    static func length(_ value: String?, max: Int, min: Int = 0, _ loc: JSONValue...) throws {
        try length(value, max: max, min: min, at: loc)
    }

    static func length(_ value: String?, max: Int, min: Int = 0, at loc: [JSONValue]) throws {
        guard let value else { return }
        // Code points, as JSON Schema's `maxLength` counts them (and pydantic).
        let n = value.unicodeScalars.count
        if n > max { throw fail(loc, "string_too_long", "String should have at most \(max) characters", nil) }
        if n < min {
            throw fail(
                loc, "string_too_short", "String should have at least \(min) character\(min == 1 ? "" : "s")",
                .string(value))
        }
    }

    static func count<C: Collection>(_ value: C?, max: Int, _ loc: JSONValue...) throws {
        try count(value, max: max, at: loc)
    }

    static func count<C: Collection>(_ value: C?, max: Int, at loc: [JSONValue]) throws {
        guard let value, value.count > max else { return }
        throw fail(loc, "too_long", "List should have at most \(max) items after validation, not \(value.count)", nil)
    }

    static func date(_ value: LocalDate?, _ loc: JSONValue...) throws {
        guard let value, !Bounds.years.contains(value.year) else { return }
        throw fail(
            loc, "date_out_of_range",
            "Date should be in the years \(Bounds.years.lowerBound)–\(Bounds.years.upperBound)",
            .string(value.description))
    }

    static func oneOf(_ value: String?, _ allowed: [String], _ loc: JSONValue...) throws {
        try oneOf(value, allowed, at: loc)
    }

    static func oneOf(_ value: String?, _ allowed: [String], at loc: [JSONValue]) throws {
        guard let value, !allowed.contains(value) else { return }
        throw fail(loc, "enum", "Input should be \(WireEnumerationText.list(allowed))", .string(value))
    }

    /// `value`, a part of a client's body, decoded as `T` by ``WireDecoder``
    /// (lax coercion) as a request member is: its strings and free keys refuse
    /// control characters (``ControlCharacters``), as every declared string of
    /// a body does. A 422 at `loc` otherwise.
    static func decode<T: Decodable>(_ type: T.Type, _ value: JSONValue, at loc: [JSONValue]) throws -> T {
        do { return try WireDecoder.decodeInput(type, from: value) } catch let e as WireDecodingError {
            throw fail(loc + e.loc, e.type, e.message, e.input)
        }
    }

    /// Non-blank text: a character other than whitespace as Swift trims it
    /// (ECMA `\s` plus U+0085).
    static let nonBlank: JSONValue = "[^\\s\\u0085]"

    /// `YYYY-MM-DD` within ``Bounds/years`` (days to 28, so every match is a date).
    static let yearsPattern = "^(19[0-9][0-9]|20[0-9][0-9]|2100)-(0[1-9]|1[0-2])-(0[1-9]|1[0-9]|2[0-8])$"

    private static func fail(_ loc: [JSONValue], _ type: String, _ msg: String, _ input: JSONValue?) -> HTTPError {
        ValidationFailure.error(loc: loc.first == "query" ? loc : ["body"] + loc, type: type, msg: msg, input: input)
    }

    /// `value` as a JSON number (an integer stays one).
    static func number<T>(_ value: T) -> JSONValue {
        if let d = value as? Double { return .double(d) }
        if let i = value as? Int { return .int(i) }
        return .string("\(value)")
    }
}
