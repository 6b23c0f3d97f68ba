import ForgeCore

/// Why an import could not run or was refused as a whole. Nothing is written
/// when one of these is thrown (the pipeline undoes what a failing job added).
/// The HTTP door maps them in one place (ForgeAPI); the CLI prints ``description``.
package enum ImportError: Error, Equatable, CustomStringConvertible {
    /// The file is not what the kind reads: `expected` names what was looked for
    /// (`a Strong CSV header with Date, Workout Name, Exercise Name, Set Order, Reps`).
    case notThisKind(kind: ImportKind, expected: String)
    /// The file given as `kind` is another kind's export (`found`, what `auto` would pick).
    case otherKind(kind: ImportKind, found: ImportKind)
    /// `auto` recognised nothing.
    case unrecognised
    /// The kind exists in the grammar but no importer is built in for it yet.
    case unsupported(ImportKind)
    /// The member email is not a household member.
    case unknownMember(String)
    /// Several members and no `--member`.
    case memberRequired
    /// The household has no member yet (a new state directory): whose history would it be?
    case noMembers
    /// Another import of this member is running.
    case busy(importID: String)
    /// Another upload of this member is still arriving.
    case uploading
    /// No import with this id (for this member).
    case notFound(String)
    /// The import is not done (running, failed or already undone).
    case notUndoable(id: String, state: String)
    /// The import moved a whole household in from the original Forge server: it is undone
    /// by restoring the verified backup it took first, not row by row.
    case wholeMove(id: String)
    /// Later imports (`by`, ids) added sets to workouts this import stored: they are undone first.
    case completedLater(id: String, by: [String])
    /// The file has no bytes at all.
    case empty
    /// The source cannot be read (`detail` names it).
    case unreadable(String)
    /// The upload is larger than `--max-import`.
    case tooLarge(limit: Int64)
    /// The file's loads do not read in the unit the import would take them in (`assumed`, the member's
    /// `unit_load`): `evidence` says what the loads look like (issue 38).
    case loadUnit(assumed: String, other: String, evidence: String)
    /// Every row of the file was unreadable: nothing was added. `first` is the first unreadable value.
    case nothingReadable(rows: Int, first: String)
    /// A household import from a source an earlier one (`importID`, finished `at`) moved in
    /// already: nothing to do, nothing changed.
    case alreadyImported(importID: String, at: String)
    /// A household import without `--replace` into a forged that already holds household data
    /// (table → rows beyond the first start's).
    case notEmpty([String: Int])

    package var description: String {
        switch self {
        case .notThisKind(let kind, let expected):
            "this is not \(Plural.article(kind.title)) \(kind.title) export: expected \(expected)"
        case .otherKind(let kind, let found):
            "this is not \(Plural.article(kind.title)) \(kind.title) export: it looks like \(Plural.article(found.title)) "
                + "\(found.title) export; import it as \(found.rawValue) (forged import \(found.rawValue) FILE, "
                + "or kind=\(found.rawValue) over HTTP)"
        case .unrecognised:
            "could not tell what this file is (expected a Strong, Hevy or FitNotes CSV, an Apple Health export, "
                + "or a Paprika, Mealie, Tandoor or Nextcloud Cookbook recipe export)"
        case .unsupported(.forgeServer):
            "moving in from the original Forge server runs on the command line, with forged stopped: "
                + "forged import forge-server --from SOURCE"
        case .unsupported(let kind): "importing from \(kind.title) is not built yet"
        case .unknownMember(let email): "\(email) is not a household member"
        case .memberRequired: "the household has several members: say whose history this is with --member EMAIL"
        case .noMembers:
            "the household has no member yet: add the member whose history this is first, with forged user add "
                + "EMAIL --name NAME [--unit kg|lb] (the same --state-dir), then import with --member EMAIL"
        case .busy(let id): "another import is running for this member (\(id))"
        case .uploading: "another upload of this member is still arriving: wait for it to finish"
        case .notFound(let id): "import \(id) not found"
        case .notUndoable(let id, "undone"): "import \(id) was already undone"
        case .notUndoable(let id, "running"): "import \(id) is still running: undo it once it is done"
        case .notUndoable(let id, "failed"): "import \(id) failed and left nothing behind: there is nothing to undo"
        case .notUndoable(let id, let state): "import \(id) is \(state): only a done import can be undone"
        case .wholeMove(let id):
            "import \(id) moved a whole household in from the original Forge server; to undo it, restore the "
                + "backup it took first: forged backup list (trigger import), then forged restore NAME"
        case .completedLater(let id, let by):
            "import \(id) stored workouts that \(by.count == 1 ? "import" : "imports") \(by.joined(separator: ", ")) "
                + "later added sets to; undo \(by.count == 1 ? "that one" : "those") first "
                + "(forged import undo \(by.last ?? "")), then this one"
        case .empty: "the file is empty (0 bytes): nothing to import"
        case .unreadable(let detail): detail
        case .tooLarge(let limit): "the file is larger than the import limit (\(limit) bytes, --max-import)"
        case .loadUnit(let assumed, let other, let evidence):
            "the loads look like \(other), not \(assumed) (the member's load unit, unit_load): \(evidence); nothing "
                + "was imported. If they are \(other), import again with --unit \(other) (\"unit\": \"\(other)\" over "
                + "HTTP); if they really are \(assumed), with --unit \(assumed)"
        case .alreadyImported(let id, let at):
            "already imported from this source (import \(id), \(at)); nothing changed"
        case .notEmpty(let counts):
            "forged's database already holds household data ("
                + counts.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: ", ")
                + "); run with --replace to replace it (a backup is taken first)"
        case .nothingReadable(let rows, let first):
            "none of the file's \(Plural.count(rows, "rows")) could be read (the first: \(first)): nothing was imported"
        }
    }
}
