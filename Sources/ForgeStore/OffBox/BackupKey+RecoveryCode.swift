import CSodium
import Foundation

/// The recovery code: the key as people copy it by hand, and read back (issue 41 item 13).
extension BackupKey {
    /// 64 lowercase hex digits of the key and a check group (``checkGroup``), in 17 dash-separated
    /// groups of 4. One mistyped digit, or two neighbouring digits swapped, is refused on import.
    package var recoveryCode: String {
        let hex = Sodium.hex(bytes) + checkGroup
        return stride(from: 0, to: hex.count, by: 4).map { offset -> String in
            let start = hex.index(hex.startIndex, offsetBy: offset)
            return String(hex[start..<hex.index(start, offsetBy: 4)])
        }.joined(separator: "-")
    }

    /// The code's 17th group: CRC-16/CCITT-FALSE (polynomial 0x1021, initial value 0xFFFF; ITU-T
    /// V.41) of the 32 key bytes as 4 lowercase hex digits. A CRC of 16 bits detects every error
    /// burst of up to 16 bits, so any single wrong digit (4 bits) and any swap of two neighbouring
    /// digits (8 bits) changes it.
    package var checkGroup: String { Self.checkGroup(of: bytes) }

    static func checkGroup(of bytes: [UInt8]) -> String {
        var crc: UInt16 = 0xFFFF
        for byte in bytes {
            crc ^= UInt16(byte) << 8
            for _ in 0..<8 { crc = crc & 0x8000 != 0 ? (crc << 1) ^ 0x1021 : crc << 1 }
        }
        let hex = String(crc, radix: 16)
        return String(repeating: "0", count: 4 - hex.count) + hex
    }

    /// Reads a recovery code typed back: hex digits in any case; spaces, dashes and line breaks
    /// ignored. 68 digits carry the check group, which must match; 64 digits (codes printed before
    /// forged 0.2.0, and the package's postinst) have none and are taken as they are.
    /// - Throws: ``BackupCopyError/recoveryCodeLength(characters:allHex:)`` when it is not 64 or 68
    ///   hex digits; ``BackupCopyError/recoveryCodeCheck(suspectGroup:)`` when the check group does
    ///   not match (naming the group that looks mistyped when only one fits).
    package init(recoveryCode text: String) throws {
        let digits = Array(text.lowercased().filter { !" -\n\t\r".contains($0) })
        let allHex = digits.allSatisfy { $0.isASCII && $0.isHexDigit }
        guard digits.count == Self.length * 2 || digits.count == Self.length * 2 + 4, allHex else {
            throw BackupCopyError.recoveryCodeLength(characters: digits.count, allHex: allHex)
        }
        let bytes = Self.bytes(digits.prefix(Self.length * 2))
        if digits.count > Self.length * 2 {
            let check = String(digits.suffix(4))
            guard Self.checkGroup(of: bytes) == check else {
                throw BackupCopyError.recoveryCodeCheck(suspectGroup: Self.suspect(digits))
            }
        }
        self.init(bytes: bytes)
    }

    /// Whether `text`, typed back, carries the check group (68 hex digits): a 64-digit code is one
    /// printed before it, or one with a group left out, which only the key id can tell apart.
    package static func carriesCheckGroup(_ text: String) -> Bool {
        text.filter { $0.isASCII && $0.isHexDigit }.count == length * 2 + 4
    }

    private static func bytes(_ digits: ArraySlice<Character>) -> [UInt8] {
        stride(from: digits.startIndex, to: digits.endIndex, by: 2).map {
            UInt8(String(digits[$0...$0 + 1]), radix: 16) ?? 0
        }
    }

    /// The one group (1…17) in which changing a single digit makes the code check out, or nil when
    /// none or several do.
    private static func suspect(_ digits: [Character]) -> Int? {
        var nibbles = digits.map { UInt8($0.hexDigitValue ?? 0) }
        let checkAt = length * 2
        var groups = Set<Int>()
        for index in nibbles.indices {
            let typed = nibbles[index]
            for replacement in UInt8(0)..<16 where replacement != typed {
                nibbles[index] = replacement
                let bytes = stride(from: 0, to: checkAt, by: 2).map { nibbles[$0] << 4 | nibbles[$0 + 1] }
                let check = nibbles[checkAt...].map { String($0, radix: 16) }.joined()
                if checkGroup(of: bytes) == check { groups.insert(index / 4 + 1) }
            }
            nibbles[index] = typed
        }
        return groups.count == 1 ? groups.first : nil
    }
}
