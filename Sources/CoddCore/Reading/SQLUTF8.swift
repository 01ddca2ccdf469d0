#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Fast, strict UTF-8 decoding of a TEXT column's bytes.
@usableFromInline
package enum SQLUTF8 {
    /// The string the bytes encode, or `nil` when they are not valid UTF-8.
    ///
    /// `String(decoding:as:)` validates on its fast path and repairs invalid input with
    /// U+FFFD; a repaired string never equals its input, so one `memcmp` tells valid from
    /// repaired. `String(validating:as:)` is not used: it takes a generic, slower path.
    @inlinable
    package static func decodeUTF8(_ bytes: UnsafeRawBufferPointer) -> String? {
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return "" }
        var text = String(decoding: bytes, as: UTF8.self)
        let isExact = text.withUTF8 { decoded in
            guard let decodedBase = decoded.baseAddress, decoded.count == bytes.count else { return false }
            return memcmp(decodedBase, base, bytes.count) == 0
        }
        return isExact ? text : nil
    }

    /// Throws unless `bytes` are valid UTF-8: text bound from bytes must read back as a `String`.
    @inlinable
    package static func requireUTF8(_ bytes: UnsafeRawBufferPointer) throws {
        // ASCII, what codecs format, needs no more than this loop.
        for byte in bytes where byte >= 0x80 {
            guard decodeUTF8(bytes) != nil else { throw invalidUTF8Error(bytes) }
            return
        }
    }

    /// The error for text bytes that are not UTF-8.
    @usableFromInline
    package static func invalidUTF8Error(_ bytes: UnsafeRawBufferPointer) -> SQLEncodingError {
        SQLEncodingError(type: "TEXT", valuePreview: SQLValuePreview.blob(bytes), reason: "bytes are not valid UTF-8")
    }
}
