import Foundation
import Testing

@testable import ForgeHousehold

/// ``HouseholdStore/isValidEmail(_:)`` agrees with the pattern the OpenAPI
/// document publishes for `email` (an ECMAScript regular expression over
/// Unicode scalars), so a value the schema allows is never refused as
/// `invalid email`, and the reverse.
@Suite struct EmailShapeTests {
    static let pattern = try! NSRegularExpression(
        pattern: "^[^@\\s\\u0085\\uFEFF]+@[^@\\s\\u0085\\uFEFF]+\\.[^@\\s\\u0085\\uFEFF]+$")

    static func schemaAllows(_ email: String) -> Bool {
        pattern.firstMatch(in: email, range: NSRange(email.startIndex..., in: email)) != nil
    }

    @Test(arguments: [
        ("ada@example.org", true),
        ("a@b.c", true),
        ("a@b.c.", true),  // `[^@\s]+` takes the last dot
        ("a@\u{1F3FB}b.c", true),  // an emoji modifier right after `@`: still an `@`
        ("a@b.\u{0301}c", true),  // a combining mark right after the dot
        ("3\u{8d}}@\u{1F3FB}\u{1F60D}x.\u{106}\u{16}_", true),  // the value schemathesis sent
        ("a@.com", false),
        ("a@b.", false),
        ("@b.c", false),
        ("a@b@c.d", false),
        ("a b@c.d", false),
        ("a@b\u{85}.c", false),
        ("a@b\u{FEFF}.c", false),
        ("a@b\u{3000}.c", false),
        ("a@bc", false),
    ])
    func theStoreAndThePublishedPatternAgree(email: String, valid: Bool) {
        #expect(
            HouseholdStore.isValidEmail(email) == valid, "\(email.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(Self.schemaAllows(email) == valid)
    }
}
