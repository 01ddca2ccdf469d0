import Foundation

/// The hand-written codecs of the "raw C + hand codecs" contender (and of the benchmark's
/// JSON-array representation): what a careful engineer writes without a library.
enum HandCodecs {
    static let hex: [UInt8] = {
        var table = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in "0123456789abcdef".utf8.enumerated() { table[Int(byte)] = UInt8(index) }
        for (index, byte) in "ABCDEF".utf8.enumerated() { table[Int(byte)] = UInt8(index + 10) }
        return table
    }()

    /// A 36-character UUID.
    static func uuid(_ bytes: UnsafeRawBufferPointer) -> UUID? {
        guard bytes.count == 36 else { return nil }
        var out = [UInt8](repeating: 0, count: 16)
        var index = 0
        var byteIndex = 0
        while byteIndex < 16 {
            if index == 8 || index == 13 || index == 18 || index == 23 { index += 1 }
            let high = hex[Int(bytes[index])], low = hex[Int(bytes[index + 1])]
            guard high != 0xFF, low != 0xFF else { return nil }
            out[byteIndex] = high << 4 | low
            index += 2
            byteIndex += 1
        }
        return UUID(
            uuid: (
                out[0], out[1], out[2], out[3], out[4], out[5], out[6], out[7],
                out[8], out[9], out[10], out[11], out[12], out[13], out[14], out[15]
            ))
    }

    /// `YYYY-MM-DD HH:MM:SS.SSS`, UTC.
    static func date(_ bytes: UnsafeRawBufferPointer) -> Date? {
        guard bytes.count == 23 else { return nil }
        func number(_ start: Int, _ count: Int) -> Int {
            var value = 0
            for index in start..<(start + count) { value = value * 10 + Int(bytes[index]) - 48 }
            return value
        }
        let year = number(0, 4), month = number(5, 2), day = number(8, 2)
        // Days from civil (Hinnant).
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        let days = Int64(era * 146_097 + doe - 719_468)
        let milliseconds =
            days * 86_400_000 + Int64(number(11, 2)) * 3_600_000 + Int64(number(14, 2)) * 60_000
            + Int64(number(17, 2)) * 1000 + Int64(number(20, 3))
        return Date(timeIntervalSinceReferenceDate: Double(milliseconds - 978_307_200_000) / 1000)
    }

    /// `["a","b"]`: strings without escapes.
    static func stringArray(_ bytes: UnsafeRawBufferPointer) -> [String]? {
        guard bytes.count >= 2, bytes[0] == UInt8(ascii: "["), bytes[bytes.count - 1] == UInt8(ascii: "]") else {
            return nil
        }
        var result: [String] = []
        var index = 1
        while index < bytes.count - 1 {
            guard bytes[index] == UInt8(ascii: "\"") else { return nil }
            let start = index + 1
            var end = start
            while end < bytes.count - 1, bytes[end] != UInt8(ascii: "\"") {
                if bytes[end] == UInt8(ascii: "\\") { return nil }
                end += 1
            }
            result.append(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
            index = end + 1
            if index < bytes.count - 1 {
                guard bytes[index] == UInt8(ascii: ",") else { return nil }
                index += 1
            }
        }
        return result
    }
}
