/// Whose data an import of a kind writes, and so how the one pipeline runs it (``ImportKind/scope``).
package enum ImportScope: Sendable, Equatable {
    /// One member's history, written in short batches while forged serves (``ImportJob/write(_:)``),
    /// one running import per member, undone row by row from the ledger.
    case member
    /// The whole household, every seat replaced: with forged stopped and its state directory
    /// locked (the command holds the lock and takes the backup before), refused while any
    /// member's import runs, written in one write transaction (``ImportJob/write(_:)`` runs in
    /// it), recorded under the admin seat the import wrote, and undone only by restoring that
    /// backup (``ImportError/wholeMove(id:)``).
    case household
}

extension ImportKind {
    /// How the pipeline runs an import of this kind: the move from the original Forge server is
    /// ``ImportScope/household``, every other kind ``ImportScope/member``.
    package var scope: ImportScope { self == .forgeServer ? .household : .member }
}

/// A household-scope import's source and how it runs (``ImportPipeline/start(_:household:)``).
package struct HouseholdSource: Sendable {
    /// The source, read whole and checked before forged's database was opened.
    package let snapshot: ForgeServerSnapshot
    /// Whether the household data forged holds gives way (`--replace`); without it the
    /// import is refused when there is any (``ImportError/notEmpty(_:)``).
    package var replace = false
    /// Check everything and report, then roll the transaction back (`--dry-run`).
    package var dryRun = false

    package init(_ snapshot: ForgeServerSnapshot) { self.snapshot = snapshot }
}
