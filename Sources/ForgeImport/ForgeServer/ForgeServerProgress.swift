/// Where a forge-server move stands while it writes (`forged import
/// forge-server` shows it per table on a terminal, by tenths elsewhere): told
/// after every 1,000 rows of a table and at a table's last row.
package struct ForgeServerProgress: Sendable, Equatable {
    /// The original's table being written.
    package let table: String
    /// Rows of ``table`` handled so far (carried, kept or skipped).
    package let tableDone: Int
    /// Rows of ``table`` in the source.
    package let tableRows: Int
    /// Rows handled so far, all tables.
    package let rowsDone: Int
    /// Rows of the source, all tables.
    package let rowsTotal: Int

    /// True at the table's last row.
    package var tableFinished: Bool { tableDone == tableRows }
}
