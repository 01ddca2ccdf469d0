#if PostgreSQL
import NIOCore

/// PostgreSQL's binary `numeric` to and from decimal text, exactly: a `Decimal` binds its
/// canonical text as `numeric` and reads a `numeric` cell's digits, every one of them
/// (postgres-nio's own decoding goes through `Decimal(string:)`, which rounds past 38
/// digits in silence; the codec refuses such a value instead).
///
/// The binary form: `ndigits`, `weight` (the power of 10000 of the first digit group),
/// `sign` (0x0000, 0x4000 negative, 0xC000 NaN, 0xD000 / 0xF000 infinities) and `dscale`
/// (the digits after the point), each an Int16, then `ndigits` base-10000 groups.
enum PGNumeric {
    /// The decimal text of a binary `numeric` (`-12.50` keeps its scale), or `nil` for NaN,
    /// an infinity or a malformed cell.
    static func text(_ buffer: ByteBuffer) -> String? {
        var buffer = buffer
        guard let count = buffer.readInteger(endianness: .big, as: Int16.self),
            let weight = buffer.readInteger(endianness: .big, as: Int16.self),
            let sign = buffer.readInteger(endianness: .big, as: UInt16.self),
            let scale = buffer.readInteger(endianness: .big, as: Int16.self),
            count >= 0, scale >= 0, sign == 0 || sign == 0x4000
        else { return nil }
        var groups: [Int] = []
        groups.reserveCapacity(Int(count))
        for _ in 0..<count {
            guard let group = buffer.readInteger(endianness: .big, as: Int16.self), (0..<10_000).contains(group) else {
                return nil
            }
            groups.append(Int(group))
        }
        // Integer groups: weight + 1 of them (missing ones are zeros); then fraction groups.
        var integer = ""
        for index in 0..<max(Int(weight) + 1, 0) {
            let group = index < groups.count ? groups[index] : 0
            integer += integer.isEmpty ? String(group) : padded(group)
        }
        if integer.isEmpty || integer == "0" { integer = "0" }
        var fraction = ""
        if weight < -1 { fraction = String(repeating: "0", count: 4 * Int(-1 - weight)) }
        let firstFractionGroup = max(Int(weight) + 1, 0)
        if firstFractionGroup < groups.count {
            for index in firstFractionGroup..<groups.count { fraction += padded(groups[index]) }
        }
        if fraction.count > Int(scale) {
            fraction = String(fraction.prefix(Int(scale)))
        } else {
            fraction += String(repeating: "0", count: Int(scale) - fraction.count)
        }
        let magnitude = fraction.isEmpty ? integer : integer + "." + fraction
        return sign == 0x4000 ? "-" + magnitude : magnitude
    }

    private static func padded(_ group: Int) -> String {
        let digits = String(group)
        return String(repeating: "0", count: 4 - digits.count) + digits
    }

    /// A binary `numeric` as SQLite's storage classes hold numbers: a whole value that an
    /// `Int64` holds exactly is INTEGER (`sum` of `bigint`s is a `numeric`), any other is
    /// REAL, the nearest `Double` to its exact digits; NaN and the infinities are REAL too.
    /// `nil` for a malformed cell.
    enum Number: Equatable {
        case integer(Int64)
        case real(Double)
    }

    static func number(_ buffer: ByteBuffer) -> Number? {
        var cursor = buffer
        guard let count = cursor.readInteger(endianness: .big, as: Int16.self),
            let weight = cursor.readInteger(endianness: .big, as: Int16.self),
            let sign = cursor.readInteger(endianness: .big, as: UInt16.self),
            cursor.readInteger(endianness: .big, as: Int16.self) != nil, count >= 0
        else { return nil }
        switch sign {
        case 0xC000: return .real(.nan)
        case 0xD000: return .real(.infinity)
        case 0xF000: return .real(-.infinity)
        case 0, 0x4000: break
        default: return nil
        }
        // Whole when no group past the point is non-zero; the magnitude accumulated in
        // base 10000 with overflow checked (groups missing before the point are zeros).
        var magnitude: UInt64 = 0
        var fits = true
        var isWhole = true
        for index in 0..<Int(count) {
            guard let group = cursor.readInteger(endianness: .big, as: Int16.self), (0..<10_000).contains(group) else {
                return nil
            }
            if index > Int(weight) {
                if group != 0 { isWhole = false }
            } else if fits {
                let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10_000)
                let (sum, carry) = product.addingReportingOverflow(UInt64(group))
                if overflow || carry { fits = false } else { magnitude = sum }
            }
        }
        // Zero groups after the last one stored, up to the point.
        if isWhole && fits && Int(weight) >= Int(count) {
            for _ in Int(count)...Int(weight) {
                let (product, overflow) = magnitude.multipliedReportingOverflow(by: 10_000)
                if overflow { fits = false; break }
                magnitude = product
            }
        }
        if isWhole && fits {
            if sign == 0 && magnitude <= UInt64(Int64.max) { return .integer(Int64(magnitude)) }
            if sign == 0x4000 && magnitude <= UInt64(Int64.max) + 1 {
                return .integer(Int64(truncatingIfNeeded: 0 &- magnitude))
            }
        }
        // The exact digits, read as the nearest Double (Double(String) rounds correctly).
        guard let text = text(buffer), let double = Double(text) else { return nil }
        return .real(double)
    }

    /// Writes the decimal text `text` (`[-]digits[.digits]`, what the codec's canonical text
    /// is) as a binary `numeric`.
    static func write(_ text: String, into buffer: inout ByteBuffer) {
        var digits = Substring(text)
        let isNegative = digits.hasPrefix("-")
        if isNegative { digits = digits.dropFirst() }
        let parts = digits.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        var integer = parts.first.map(String.init) ?? "0"
        var fraction = parts.count > 1 ? String(parts[1]) : ""
        let scale = fraction.count
        // Align to groups of four on both sides of the point.
        integer = String(repeating: "0", count: (4 - integer.count % 4) % 4) + integer
        fraction += String(repeating: "0", count: (4 - fraction.count % 4) % 4)
        var groups = stride(from: 0, to: integer.count, by: 4).map { Int16(Self.group(integer, at: $0)) }
        var weight = groups.count - 1
        groups += stride(from: 0, to: fraction.count, by: 4).map { Int16(Self.group(fraction, at: $0)) }
        while let first = groups.first, first == 0 {
            groups.removeFirst()
            weight -= 1
        }
        while let last = groups.last, last == 0 { groups.removeLast() }
        if groups.isEmpty { weight = 0 }
        buffer.writeInteger(Int16(groups.count), endianness: .big)
        buffer.writeInteger(Int16(clamping: weight), endianness: .big)
        buffer.writeInteger(UInt16(isNegative && !groups.isEmpty ? 0x4000 : 0), endianness: .big)
        buffer.writeInteger(Int16(clamping: scale), endianness: .big)
        for group in groups { buffer.writeInteger(group, endianness: .big) }
    }

    private static func group(_ digits: String, at offset: Int) -> Int {
        let start = digits.utf8.index(digits.utf8.startIndex, offsetBy: offset)
        return digits.utf8[start..<digits.utf8.index(start, offsetBy: 4)].reduce(0) { $0 * 10 + Int($1 &- 0x30) }
    }
}
#endif
