import Foundation

/// The names of this machine's users and groups, for messages (`forge:forge`).
enum AccountNames {
    /// The name of user `uid` (getpwuid_r), else `uid N`.
    static func user(_ uid: uid_t) -> String {
        var entry = passwd()
        var result: UnsafeMutablePointer<passwd>?
        var buffer = [CChar](repeating: 0, count: 1024)
        guard getpwuid_r(uid, &entry, &buffer, buffer.count, &result) == 0, let name = result?.pointee.pw_name
        else { return "uid \(uid)" }
        return String(cString: name)
    }

    /// The name of group `gid` (getgrgid_r), else `gid N`.
    static func group(_ gid: gid_t) -> String {
        var entry = Glibc.group()
        var result: UnsafeMutablePointer<Glibc.group>?
        var buffer = [CChar](repeating: 0, count: 1024)
        guard getgrgid_r(gid, &entry, &buffer, buffer.count, &result) == 0, let name = result?.pointee.gr_name
        else { return "gid \(gid)" }
        return String(cString: name)
    }
}
