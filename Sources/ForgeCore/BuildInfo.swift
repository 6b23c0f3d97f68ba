import CBuildInfo
import ForgeVersion

/// Version and build stamp, the same in `forged --version` and `/healthz`.
package enum BuildInfo {
    /// forged's version: the release in packaging/changelog, plus `+gitN`
    /// (commits since it) when built from a git checkout (tools/version.sh).
    package static let version = ForgeVersion.text

    /// The release alone (``version`` without its `+gitN`): what the man page names, so the
    /// committed page does not change with every commit.
    package static var release: String { String(version.prefix { $0 != "+" }) }

    /// The build stamp: the first 12 hex digits of the executable's GNU
    /// build-id (a hash the linker computes over the binary's contents), or
    /// `"dev"` when the binary has none.
    package static let stamp: String = {
        var buffer = [CChar](repeating: 0, count: 130)
        let length = forge_build_id(&buffer, buffer.count)
        guard length > 0 else { return "dev" }
        let bytes = buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }
        return String(decoding: bytes.prefix(12), as: UTF8.self)
    }()
}
