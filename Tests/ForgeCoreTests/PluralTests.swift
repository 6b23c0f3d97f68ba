import Testing

@testable import ForgeCore

/// Counts and articles as people read them (issue 23: "1 exercises", "a Apple Health export").
@Suite struct PluralTests {
    @Test func oneIsSingularEveryOtherCountPlural() {
        #expect(Plural.count(1, "exercises") == "1 exercise")
        #expect(Plural.count(1, "rows") == "1 row")
        #expect(Plural.count(1, "imports") == "1 import")
        #expect(Plural.count(1, "entries") == "1 entry")
        #expect(Plural.count(1, "metric") == "1 metric")
        #expect(Plural.count(0, "rows") == "0 rows")
        #expect(Plural.count(2, "exercises") == "2 exercises")
        #expect(Plural.count(7251, "rows") == "7251 rows")
    }

    @Test func aVowelTakesAn() {
        #expect(Plural.article("Apple Health") == "an")
        #expect(Plural.article("Strong") == "a")
        #expect(Plural.article("Hevy") == "a")
        #expect(Plural.article("") == "a")
    }
}
