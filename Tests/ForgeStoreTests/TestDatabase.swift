import Foundation

@testable import ForgeStore

/// A fresh directory under the system temp dir, removed after `body`.
func withTemporaryDirectory<T>(_ body: (String) throws -> T) throws -> T {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("forgestore-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    return try body(dir)
}

/// A database `forge.sqlite3` in a fresh temporary directory, closed after `body`.
func withTestDatabase<T>(readers: Int = 2, _ body: (Database, String) throws -> T) throws -> T {
    try withTemporaryDirectory { dir throws in
        let db = try Database(path: dir + "/forge.sqlite3", readers: readers)
        defer { db.close() }
        return try body(db, dir)
    }
}

/// Permission bits of `path` (e.g. 0o600).
func fileMode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as! NSNumber).intValue & 0o777
}

struct Boom: Error {}
