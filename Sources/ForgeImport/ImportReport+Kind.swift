import ForgeCore

extension ImportReport {
    /// An empty report of an import of `kind` (its `kind` field is the kind's raw value, `strong`).
    package init(kind: ImportKind) { self.init(kind: kind.rawValue) }
}
