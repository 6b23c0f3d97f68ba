/// Progress of one import, the same for every kind: bytes of the source read and rows handled;
/// for a source read whole as tables (the move from the original Forge server), also how many
/// rows it has in all and which table is being written. `forged import` shows it on standard
/// error; the HTTP door's live events carry it to the member.
package struct ImportProgress: Sendable, Equatable {
    /// One table of a source read as tables, as it is written.
    package struct Table: Sendable, Equatable {
        /// The source's name for the table (`logged_sets`).
        package let name: String
        /// Rows of the table handled so far (added, found already there, or skipped).
        package let done: Int
        /// Rows of the table in the source.
        package let rows: Int

        /// True at the table's last row.
        package var finished: Bool { done == rows }
    }

    package let importID: String
    /// The member whose import it is: only they hear of it. Empty while a whole-household move
    /// writes the seats it will be recorded under.
    package let userID: String
    package let kind: String
    package let bytesDone: Int64
    package let bytesTotal: Int64
    /// Rows handled so far.
    package let rows: Int
    /// Rows of the source in all, when known before any is written (a source of tables); nil
    /// for a file read as it goes.
    package var rowsTotal: Int? = nil
    /// The table being written, for a source of tables; nil for a file.
    package var table: Table? = nil
}
