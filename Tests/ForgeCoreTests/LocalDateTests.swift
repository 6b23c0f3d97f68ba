import Testing

@testable import ForgeCore

@Suite struct LocalDateTests {
    @Test(arguments: [
        ("2026-07-20", 0, "2026-07-20"),  // a Monday
        ("2026-07-26", 6, "2026-07-20"),  // Sunday snaps back six days
        ("2026-03-01", 6, "2026-02-23"),  // across a month boundary
        ("2028-03-01", 2, "2028-02-28"),  // leap year
        ("2027-01-01", 4, "2026-12-28"),  // across a year boundary
    ])
    func weekdayAndMonday(text: String, weekday: Int, monday: String) throws {
        let date = try #require(LocalDate(text))
        #expect(date.weekday == weekday)
        #expect(date.monday.description == monday)
    }

    @Test(arguments: ["2026-02-30", "2026-13-01", "26-07-20", "2026-7-20", "", "2026-07-20T00:00", "２０２６-07-20"])
    func rejectsNonISODates(text: String) {
        #expect(LocalDate(text) == nil)
    }

    @Test func dayNumberRoundTrips() throws {
        for n in stride(from: -800_000, through: 800_000, by: 7919) {
            #expect(LocalDate(dayNumber: n).dayNumber == n)
        }
        #expect(try #require(LocalDate("1970-01-01")).dayNumber == 0)
        #expect(try #require(LocalDate("2026-07-20")).dayName == "Monday")
    }
}
