internal import CArchive

/// libarchive, opened with `dlopen("libarchive.so.13")` the first time an archive is read
/// (`Sources/CArchive/shim.h`), so an idle daemon never maps it or the compression libraries it depends on.
/// The binary does not link it; the Debian package lists ``debianPackage`` in `Depends:` by hand.
package enum ArchiveLibrary {
    /// The Debian package that holds `libarchive.so.13`.
    package static let debianPackage = "libarchive13"

    /// Loads libarchive if it is not loaded yet.
    /// - Throws: ``ArchiveError/libraryUnavailable(_:)`` with the loader's reason; every later call throws the same.
    package static func load() throws(ArchiveError) {
        if let reason = forge_archive_load() {
            throw .libraryUnavailable(String(cString: reason))
        }
    }
}
