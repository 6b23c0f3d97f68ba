import Foundation

/// Shared libraries made unreadable for one process, as on a host without
/// their package: a private mount namespace (unshare(1)) in which each file
/// is bind-mounted over by /dev/null, so `dlopen` fails with the loader's error.
struct HiddenLibraries {
    /// The real files behind `sonames`, found with `ldconfig -p` (symlinks resolved).
    let files: [String]

    init(sonames: [String]) {
        let cache = (try? runProcess("/sbin/ldconfig", ["-p"]).out) ?? ""
        files = sonames.compactMap { soname in
            cache.split(separator: "\n").lazy.compactMap { line -> String? in
                // "\tlibxml2.so.2 (libc6,x86-64) => /lib/x86_64-linux-gnu/libxml2.so.2"
                let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard fields.first.map(String.init) == soname, let arrow = line.range(of: "=> ") else { return nil }
                return (String(line[arrow.upperBound...]) as NSString).resolvingSymlinksInPath
            }.first
        }
    }

    /// unshare(1) with a private mount namespace, running a shell line.
    static let unshare = ["/usr/bin/unshare", "-m", "--propagation", "private", "/bin/sh", "-c"]
    /// The shell line hiding ``files``.
    var hideCommand: String { files.map { "mount --bind /dev/null \($0) && " }.joined() }
    /// A `ForgedProcess` launcher that runs the binary with ``files`` hidden.
    var launcher: [String] { Self.unshare + [hideCommand + #"exec "$0" "$@""#] }

    /// True when this host lets us hide the files (root, unshare(1), every soname found): tried once, the way tests do it.
    func canHide(expecting count: Int) -> Bool {
        guard getuid() == 0, FileManager.default.isExecutableFile(atPath: Self.unshare[0]), files.count == count else {
            return false
        }
        return (try? runProcess(Self.unshare[0], Array(Self.unshare.dropFirst()) + [hideCommand + "true"]).status) == 0
    }
}
