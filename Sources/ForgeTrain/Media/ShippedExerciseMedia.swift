import ForgeStore
import Foundation

/// The free-exercise-db photos forged ships (issue 28): the start and end
/// images of the library exercises the dataset has, with their dataset
/// entries, in the repository's `packaging/free-exercise-db` and installed by
/// the Debian package in ``directory``, and found beside a binary built from the tree
/// (``located(executable:)``: `make run` links it there). At start, while the database holds no
/// exercise image, they are imported exactly as `forged library
/// import-free-exercise-db DIR` imports a copy (``ExerciseImport``), so a new
/// install shows each exercise's photos; images are kept in the database
/// (docs/architecture.md §5), never served from the directory.
package enum ShippedExerciseMedia {
    /// Where the Debian package installs the images.
    package static let directory = "/usr/share/forged/free-exercise-db"

    /// Where the running binary's photos are: `free-exercise-db` beside it when that holds the
    /// dataset (`exercises.json`; a build from the tree, where `make run` links the repository's
    /// copy), else `../share/forged/free-exercise-db` from its directory (``directory`` for the
    /// package's `/usr/bin/forged`), which may not exist. Only the binary's own installation counts:
    /// a build in the tree never imports an installed package's photos.
    /// - Parameter executable: the running binary's absolute path (symbolic links resolved); an empty
    ///   or relative one (it could not be read) gives ``directory``.
    package static func located(executable: String) -> String {
        // Where the binary is cannot be told (no /proc): the package's place, as `/usr/bin/forged`'s.
        guard executable.hasPrefix("/") else { return directory }
        let bin = (executable as NSString).deletingLastPathComponent
        let beside = bin + "/free-exercise-db"
        if FileManager.default.fileExists(atPath: beside + "/exercises.json") { return beside }
        return ((bin + "/../share/forged/free-exercise-db") as NSString).standardizingPath
    }

    /// Imports `dir` when it holds a dataset (`exercises.json`) and the
    /// database has no exercise image yet; nil when nothing was done (no
    /// directory, or images already there: a later start, or a household
    /// that imported its own copy).
    /// - Throws: what reading a present but malformed dataset or the database throws.
    package static func importAtFirstStart(from dir: String, in db: Connection) throws -> ExerciseImportSummary? {
        let directory = URL(fileURLWithPath: dir)
        guard FileManager.default.fileExists(atPath: directory.appendingPathComponent("exercises.json").path) else {
            return nil
        }
        let stored: Int = try db.scalar("SELECT COUNT(*) FROM exercise_media") ?? 0
        guard stored == 0 else { return nil }
        return try ExerciseImport.run(directory: directory, in: db)
    }
}
