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

    /// The first of these that holds the dataset (`exercises.json`), or ``directory`` (then absent):
    /// `free-exercise-db` beside the binary (a build from the tree: `make run` links the
    /// repository's copy there, so its demo shows the photos), `../share/forged/free-exercise-db`
    /// from the binary's directory (an install under a prefix), then ``directory``.
    /// - Parameter executable: the running binary's path (symbolic links resolved).
    package static func located(executable: String) -> String {
        let bin = (executable as NSString).deletingLastPathComponent
        let candidates = [
            bin + "/free-exercise-db", ((bin + "/../share/forged/free-exercise-db") as NSString).standardizingPath,
            directory,
        ]
        return candidates.first {
            FileManager.default.fileExists(atPath: $0 + "/exercises.json")
        } ?? directory
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
